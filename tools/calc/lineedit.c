/* The line editor of carry-calc (lineedit.h). Terminal control: the ECMA-48 sequences every
 * terminal emulator understands (CSI K erases to the end of the line, CSI n C moves right) and the
 * key sequences of the VT100/xterm family (CSI A..D arrows, CSI H/F and CSI 1~/4~/7~/8~ home and
 * end, CSI 3~ delete; SS3 forms too). SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include "lineedit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#ifdef CALC_HAVE_SYS_IOCTL
#  include <sys/ioctl.h>
#endif

typedef struct {
    char *buf;
    size_t len, cap, pos; /* the text, its length, the room, the cursor */
    size_t off;           /* the first character shown (horizontal scrolling) */
    const char *prompt;
} line;

static void out(const char *s, size_t n)
{
    while (n > 0) {
        ssize_t k = write(STDOUT_FILENO, s, n);
        if (k <= 0)
            return;
        s += k;
        n -= (size_t)k;
    }
}

/* The terminal's width: TIOCGWINSZ where the target's headers have it (not, for example, -m32
 * without the 32-bit kernel headers), else $COLUMNS, else 80. */
static size_t columns(void)
{
#ifdef CALC_HAVE_SYS_IOCTL
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col;
#endif
    const char *env = getenv("COLUMNS");
    long c = env ? strtol(env, NULL, 10) : 0;
    return c > 0 && c < 100000 ? (size_t)c : 80;
}

/* Redraws the prompt and the visible part of the line, and puts the cursor in place. */
static void refresh(line *l)
{
    size_t plen = strlen(l->prompt), cols = columns();
    size_t width = cols > plen + 2 ? cols - plen - 1 : 1; /* characters of text shown */
    if (l->pos < l->off)
        l->off = l->pos;
    if (l->pos - l->off >= width)
        l->off = l->pos - width + 1;
    size_t shown = l->len - l->off < width ? l->len - l->off : width;
    char seq[32];
    out("\r", 1);
    out(l->prompt, plen);
    out(l->buf + l->off, shown);
    out("\x1b[K\r", 4);
    size_t col = plen + l->pos - l->off;
    if (col > 0)
        out(seq, (size_t)snprintf(seq, sizeof seq, "\x1b[%zuC", col));
}

static int insert(line *l, char c)
{
    if (l->len + 1 >= l->cap) {
        char *b = realloc(l->buf, 2 * l->cap);
        if (!b)
            return -1;
        l->buf = b;
        l->cap *= 2;
    }
    memmove(l->buf + l->pos + 1, l->buf + l->pos, l->len - l->pos);
    l->buf[l->pos++] = c;
    l->buf[++l->len] = 0;
    return 0;
}

/* Deletes the characters [from, to). */
static void erase(line *l, size_t from, size_t to)
{
    memmove(l->buf + from, l->buf + to, l->len - to + 1);
    l->len -= to - from;
    l->pos = from;
}

/* Replaces the text by s (a history entry). */
static int set_text(line *l, const char *s)
{
    size_t n = strlen(s);
    if (n + 1 > l->cap) {
        char *b = realloc(l->buf, n + 1);
        if (!b)
            return -1;
        l->buf = b;
        l->cap = n + 1;
    }
    memcpy(l->buf, s, n + 1);
    l->len = l->pos = n;
    l->off = 0;
    return 0;
}

/* Room for one more history entry: 0, or -1 when out of memory. */
static int grow(le_history *h)
{
    if (h->n < h->cap)
        return 0;
    char **p = realloc(h->lines, (2 * h->cap + 8) * sizeof *p);
    if (!p)
        return -1;
    h->lines = p;
    h->cap = 2 * h->cap + 8;
    return 0;
}

/* One byte, or -1 at the end of input or on an error. */
static int key(void)
{
    unsigned char c;
    return read(STDIN_FILENO, &c, 1) == 1 ? c : -1;
}

/* The editing loop in raw mode. Returns 1 for a line entered, 0 for the end of input, -1 when
 * out of memory. h->lines[h->n - 1] is the line being edited, a slot added for it. */
static int edit(line *l, le_history *h)
{
    size_t at = h->n - 1; /* the history entry shown */
    for (;;) {
        refresh(l);
        int c = key();
        switch (c) {
        case -1:
            return 0;
        case '\r':
        case '\n':
            l->pos = l->len;
            refresh(l);
            out("\r\n", 2);
            return 1;
        case 3: /* Ctrl-C: the line is abandoned */
            out("^C\r\n", 4);
            l->len = l->pos = 0;
            l->buf[0] = 0;
            return 1;
        case 4: /* Ctrl-D */
            if (l->len == 0) {
                out("\r\n", 2);
                return 0;
            }
            if (l->pos < l->len)
                erase(l, l->pos, l->pos + 1);
            break;
        case 127:
        case 8: /* backspace */
            if (l->pos > 0)
                erase(l, l->pos - 1, l->pos);
            break;
        case 1: l->pos = 0; break;      /* Ctrl-A */
        case 5: l->pos = l->len; break; /* Ctrl-E */
        case 2: if (l->pos > 0) l->pos--; break;      /* Ctrl-B */
        case 6: if (l->pos < l->len) l->pos++; break; /* Ctrl-F */
        case 11: erase(l, l->pos, l->len); l->pos = l->len; break; /* Ctrl-K */
        case 21: erase(l, 0, l->pos); break;                       /* Ctrl-U */
        case 27: { /* ESC [ or ESC O, then a final byte, or digits and '~' */
            int c1 = key(), c2 = key(), num = 0;
            if (c1 != '[' && c1 != 'O')
                break;
            while (c2 >= '0' && c2 <= '9') {
                num = num * 10 + (c2 - '0');
                c2 = key();
            }
            if (c2 == 'A' || c2 == 'B') { /* up, down: the previous or next history entry */
                size_t to = c2 == 'A' ? (at > 0 ? at - 1 : at) : (at + 1 < h->n ? at + 1 : at);
                if (to != at) {
                    if (at == h->n - 1) { /* leaving the new line: keep it to come back to */
                        char *keep = strdup(l->buf);
                        if (!keep)
                            return -1;
                        free(h->lines[at]);
                        h->lines[at] = keep;
                    } /* edits of an older entry are dropped when it is left */
                    at = to;
                    if (set_text(l, h->lines[at]))
                        return -1;
                }
            } else if (c2 == 'C' && l->pos < l->len)
                l->pos++;
            else if (c2 == 'D' && l->pos > 0)
                l->pos--;
            else if (c2 == 'H' || (c2 == '~' && (num == 1 || num == 7)))
                l->pos = 0;
            else if (c2 == 'F' || (c2 == '~' && (num == 4 || num == 8)))
                l->pos = l->len;
            else if (c2 == '~' && num == 3 && l->pos < l->len)
                erase(l, l->pos, l->pos + 1);
            break;
        }
        default:
            if (c >= 32 && insert(l, (char)c))
                return -1;
        }
    }
}

char *le_read(const char *prompt, le_history *h)
{
    struct termios saved, raw;
    if (tcgetattr(STDIN_FILENO, &saved))
        return NULL;
    raw = saved;
    raw.c_iflag &= ~(tcflag_t)(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
    raw.c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN | ISIG); /* Ctrl-C arrives as a byte */
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    line l = {malloc(64), 0, 64, 0, 0, prompt};
    /* a slot at the end of the history for the line being edited */
    if (!l.buf || grow(h)) {
        free(l.buf);
        return NULL;
    }
    l.buf[0] = 0;
    h->lines[h->n++] = strdup("");
    int got = -1;
    if (h->lines[h->n - 1] && tcsetattr(STDIN_FILENO, TCSADRAIN, &raw) == 0) {
        got = edit(&l, h);
        tcsetattr(STDIN_FILENO, TCSADRAIN, &saved);
    }
    free(h->lines[--h->n]); /* the slot */
    if (got != 1) {
        free(l.buf);
        return NULL;
    }
    return l.buf;
}

void le_add(le_history *h, const char *s)
{
    if (!s[strspn(s, " \t")] || (h->n > 0 && !strcmp(h->lines[h->n - 1], s)))
        return;
    if (!grow(h) && (h->lines[h->n] = strdup(s)) != NULL)
        h->n++;
}

void le_free(le_history *h)
{
    for (size_t i = 0; i < h->n; i++)
        free(h->lines[i]);
    free(h->lines);
    h->lines = NULL;
    h->n = h->cap = 0;
}
