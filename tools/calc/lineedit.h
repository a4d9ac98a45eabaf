/* A small line editor for carry-calc on a terminal (termios; no library): left/right, home/end
 * (also Ctrl-A/Ctrl-E), backspace/delete, Ctrl-K/Ctrl-U (delete to the end/start), up/down
 * through the history, Ctrl-C (abandon the line), Ctrl-D (end of input on an empty line, else
 * delete). A line longer than the terminal scrolls horizontally. SPDX-License-Identifier: MIT */
#ifndef CARRY_TOOLS_LINEEDIT_H
#define CARRY_TOOLS_LINEEDIT_H

#include <stddef.h>

typedef struct {
    char **lines;
    size_t n, cap;
} le_history;

/* Reads one line from the terminal on standard input, editing it on standard output after
 * `prompt`. Returns the line (malloc'd, without a newline; "" when Ctrl-C abandoned it), or NULL
 * at the end of input (Ctrl-D on an empty line, a read error) or when out of memory. The terminal
 * is in raw mode only while this runs. */
char *le_read(const char *prompt, le_history *h);
/* Appends a copy of line to the history (not a blank line, nor a repeat of the last one). */
void le_add(le_history *h, const char *line);
void le_free(le_history *h);

#endif
