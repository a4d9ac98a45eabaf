#!/usr/bin/env python3
"""carry-calc against Python's integers: random expressions (numbers of 0 to 3000 bits in decimal,
hex and binary, every operator and function, random parenthesisation so that precedence and
associativity are exercised) are evaluated by carry-calc in one batch on standard input and by
Python's own parser after translating the syntax (^ -> **, / -> //: the same precedence and
associativity, and the same floor semantics), in decimal and in hex. Then error cases: each must
exit with status 1, print a message naming the problem to stderr with the input and a caret under
the column, and one "error:" line to stdout. Then variables and ans, the size limit probed at
exactly 2^26 bits and one bit over (powers of every base 2..9, or 2 and 3 in a reduced run;
products, sums, literals), the options (-q, -t, --timeout, usage errors), and the interactive mode
through a pseudo-terminal.

usage: test_calc.py CARRY_CALC. Environment: CARRY_TEST_SEED, CARRY_TEST_REPS (as the C tests);
CARRY_TEST_EMULATOR, the command that runs a program of the target (a cross build under qemu-user:
ctest puts its emulator in front of test commands that are targets, not of a program this script
starts), words split as by a shell.
SPDX-License-Identifier: MIT"""
import decimal
import math
import re
import os
import pty
import random
import select
import shlex
import signal
import subprocess
import sys
import time

calc = sys.argv[1]
calc_cmd = shlex.split(os.environ.get("CARRY_TEST_EMULATOR", "")) + [calc]
if hasattr(sys, "set_int_max_str_digits"):  # Python 3.11+ limits decimal conversions by default
    sys.set_int_max_str_digits(0)
seed_env = os.environ.get("CARRY_TEST_SEED")
seed = int(seed_env, 0) if seed_env else time.time_ns() & ((1 << 64) - 1)
reps = float(os.environ.get("CARRY_TEST_REPS", "1") or 1)
rng = random.Random(seed)
print(f"test_calc: CARRY_TEST_SEED={seed} CARRY_TEST_REPS={reps:g}")
passed = failed = 0


def check(ok, msg):
    global passed, failed
    if ok:
        passed += 1
        return
    failed += 1
    print(f"test_calc: FAIL (CARRY_TEST_SEED={seed}): {msg}", file=sys.stderr)
    if failed >= 20:
        sys.exit(1)


def number():
    """A literal: small, near a power of two, or random of up to 3000 bits; decimal, hex or binary."""
    k = rng.randrange(10)
    if k < 4:
        v = rng.randrange(20)
    elif k < 6:
        v = (1 << rng.randrange(1, 200)) + rng.randrange(-1, 2)
    elif k < 9:
        v = rng.getrandbits(rng.randrange(1, 300))
    else:
        v = rng.getrandbits(rng.randrange(1, 3000))
    f = rng.randrange(6)
    if f == 0:
        s = hex(v)
        return s.upper().replace("0X", rng.choice(["0x", "0X"])) if rng.randrange(2) else s
    if f == 1 and v < 1 << 64:
        return bin(v)
    return str(v)


def expr(depth):
    """Text in carry-calc's syntax; operands of binary operators get parentheses at random."""
    if depth <= 0 or rng.randrange(4) == 0:
        return number()

    def sub():
        e = expr(depth - 1)
        return f"({e})" if rng.randrange(3) == 0 or depth == 1 else e

    k = rng.randrange(16)
    if k < 7:
        op = rng.choice(["+", "-", "*", "/", "%", "+", "-", "*"])
        sp = rng.choice(["", " ", "  "])
        return f"{sub()}{sp}{op}{sp}{sub()}"
    if k == 7:
        return f"-{sub()}" if rng.randrange(2) else f"- {sub()}"
    if k == 8:  # powers: a small exponent, the base kept small
        base = rng.choice([number(), f"({expr(1)})", str(rng.randrange(-3, 4)).replace("-", "-")])
        base = f"({base})" if base.startswith("-") else base
        return f"{base}^{rng.randrange(0, 12)}"
    if k == 9:
        return f"gcd({expr(depth - 1)}, {expr(depth - 1)})"
    if k == 10:
        return f"sqrt(abs({expr(depth - 1)}))"
    if k == 11:
        return f"powm({expr(depth - 1)},{expr(depth - 1)},{expr(depth - 1)})"
    if k == 12:
        return f"invert({expr(depth - 1)}, {expr(depth - 1)})"
    if k == 13:
        return f"fact({rng.randrange(0, 200)})" if rng.randrange(2) else f"{rng.choice(['digits', 'bits'])}({expr(depth - 1)})"
    if k == 14:
        j = rng.randrange(8)
        if j == 0:
            return f"abs({expr(depth - 1)})"
        if j == 1:
            return f"{rng.choice(['and', 'or', 'xor', 'lcm'])}({expr(depth - 1)}, {expr(depth - 1)})"
        if j == 2:
            return f"root(abs({expr(depth - 1)}), {rng.randrange(1, 9)})"
        if j == 3:
            return f"fib({rng.randrange(0, 400)})"
        if j == 4:
            return f"binomial({rng.randrange(-60, 300)}, {rng.randrange(0, 80)})"
        if j == 5:  # primality costs a few powers: operands of at most 160 bits
            return f"isprime({rng.randrange(1 << rng.randrange(1, 160))})"
        if j == 6:
            return f"nextprime({rng.randrange(1 << rng.randrange(1, 160))})"
        return f"jacobi({expr(depth - 1)}, 2*abs({expr(depth - 1)})+1)"
    return f"({expr(depth - 1)})"


def invert(a, m):
    return pow(a, -1, m)


def digits(a):
    return len(str(abs(a)))


def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def binomial(n, k):
    return math.comb(n, k) if n >= 0 else (-1) ** k * math.comb(-n + k - 1, k)


def root(a, n):
    """trunc(a^(1/n)) for a >= 0 by bisection"""
    lo, hi = 0, 1 << (a.bit_length() // n + 1)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if mid ** n <= a else (lo, mid - 1)
    return lo


def isprime(n):
    """deterministic Miller-Rabin below 3.3 10^24 (bases up to 41), then 20 more bases"""
    if n < 2:
        return 0
    small = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97]
    for p in small:
        if n % p == 0:
            return int(n == p)
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in small:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return 0
    return 1


def nextprime(n):
    n = max(n + 1, 2)
    while not isprime(n):
        n += 1
    return n


def jacobi(a, b):
    a, r = a % b, 1
    while a:
        while a % 2 == 0:
            a //= 2
            if b % 8 in (3, 5):
                r = -r
        a, b = b, a
        if a % 4 == 3 and b % 4 == 3:
            r = -r
        a %= b
    return r if b == 1 else 0


# Python's pow(b, e, m) is the reference of powm, with the sign of m for the result
env = {"__builtins__": {}, "gcd": math.gcd, "sqrt": math.isqrt, "powm": pow, "invert": invert,
       "fact": math.factorial, "abs": abs, "digits": digits, "bits": int.bit_length, "fib": fib,
       "binomial": binomial, "root": root, "lcm": math.lcm, "isprime": isprime, "nextprime": nextprime,
       "jacobi": jacobi, "and_": lambda a, b: a & b, "or_": lambda a, b: a | b, "xor_": lambda a, b: a ^ b}


def python_value(text):
    """The value by Python, or None when Python raises (division by zero, no inverse, ...)."""
    py = re.sub(r"\b(and|or|xor)\(", r"\1_(", text.replace("^", "**").replace("/", "//"))  # keywords
    try:
        return eval(py, env)  # the text is our own, from expr()
    except (ZeroDivisionError, ValueError):
        return None


def run(args, stdin=""):
    return subprocess.run(calc_cmd + args, input=stdin, capture_output=True, text=True, timeout=600)


# ---- valid expressions in one batch, decimal and hex ----
count = max(1, int(2000 * reps))
cases = []
while len(cases) < count:
    t = expr(rng.randrange(1, 6))
    v = python_value(t)
    if v is not None and v.bit_length() < 200000:
        cases.append((t, v))
for hexout in (False, True):
    r = run(["-x"] if hexout else [], "\n".join(t for t, _ in cases) + "\n")
    check(r.returncode == 0 and r.stderr == "", f"batch exit {r.returncode}, stderr {r.stderr[:500]!r}")
    got = r.stdout.split("\n")[:-1]
    check(len(got) == len(cases), f"{len(got)} results for {len(cases)} expressions")
    for (t, v), g in zip(cases, got):
        want = hex(v) if hexout else str(v)
        check(g == want, f"{t[:300]!r}: got {g[:100]}, want {want[:100]}")

# precedence and associativity spelled out
for t, v in [("2^3^2", 512), ("-2^2", -4), ("2*3^2", 18), ("-7/2", -4), ("-7%2", 1), ("7%-2", -1),
             ("7/-2", -4), ("1-2-3", -4), ("2^0", 1), ("0^0", 1), ("(-1)^(2^70+1)", -1), ("1^(10^30)", 1),
             ("0^(10^30)", 0), ("- -3", 3), ("+3", 3), ("100/7*7+100%7", 100), ("0X1F+0b11", 34),
             ("powm(2, -1, 7)", 4), ("powm(5, 3, -7)", -1), ("powm(3, 10, -7)", -3), ("invert(3, -7)", -2),
             ("powm(2, -1, -7)", -3), ("powm(7, 2, -7)", 0), ("invert(5, 1)", 0), ("invert(5, -1)", 0),
             ("digits(0)", 1), ("digits(-10^50)", 51), ("digits(10^50-1)", 50), ("bits(0)", 0), ("bits(-2^64)", 65),
             ("gcd(0, 0)", 0), ("gcd(-4, 6)", 2), ("sqrt(0)", 0), ("fact(0)", 1), ("fact(20)", 2432902008176640000),
             ("fib(0)", 0), ("fib(100)", 354224848179261915075), ("binomial(-3, 2)", 6), ("binomial(5, 7)", 0),
             ("root(-27, 3)", -3), ("root(2^200, 7)", 398893554), ("lcm(-4, 6)", 12), ("lcm(0, 5)", 0), ("isprime(2^127-1)", 1),
             ("isprime(3215031751)", 0), ("nextprime(2^64)", 18446744073709551629), ("nextprime(-5)", 2),
             ("jacobi(-1, 7)", -1), ("jacobi(6, 15)", 0), ("and(-6, 13)", 8), ("or(-6, 13)", -1), ("xor(-6, 13)", -9), ("(" * 900 + "1" + ")" * 900, 1)]:
    r = run([t])
    check(r.returncode == 0 and r.stdout == f"{v}\n", f"{t[:60]!r}: got {r.stdout!r} {r.stderr!r}, want {v}")
r = run(["-x", "-255", "0"])
check(r.stdout == "-0xff\n0x0\n", f"-x: {r.stdout!r}")
r = run(["--", "-x"])
check(r.returncode == 1 and "unknown variable 'x'" in r.stderr, f"'-- -x' is an expression: {r.stderr!r}")

# ---- errors: status 1, a message with the input and a caret, one error line; the stack survives
# deep nesting ----
errors = [
    ("1/0", "division by zero"), ("5%0", "division by zero"), ("1/(2-2)", "division by zero"),
    ("powm(2,3,0)", "division by zero"), ("invert(3,0)", "division by zero"),
    ("invert(2,4)", "no inverse"), ("powm(2,-1,4)", "no inverse"), ("sqrt(-1)", "negative"),
    ("2^-1", "negative exponent"), ("2^(2^40)", "too large"), ("10^(10^30)", "too large"),
    ("y", "unknown variable 'y'"), ("gcd", "expected '(' after gcd"), ("sqrt = 2", "is a function"),
    ("x" * 40 + " = 1", "at most 32 characters"), ("x = ", "unexpected end"), ("= 3", "unexpected '='"),
    ("x == 3", "unknown variable"), ("1 \x01", "byte 0x01"),
    ("fact(10^7)", "too large"), ("fact(-1)", "negative"), ("fib(10^9)", "too large"), ("fib(-1)", "negative"),
    ("binomial(2^40, 2^30)", "too large"), ("binomial(5, -1)", "negative"), ("root(8, 0)", "degree"),
    ("root(-8, 2)", "even root of a negative"), ("jacobi(3, 8)", "odd positive"), ("jacobi(3, -7)", "odd positive"), ("(2^(2^25))*(2^(2^25))", "too large"),
    ("1+", "unexpected end"), ("(1", "expected ')'"), ("1)", "unbalanced"), ("()", "unexpected ')'"),
    ("1 2", "unexpected '2'"), ("1 + * 2", "unexpected '*'"), ("12abc", "invalid digit"), ("0x", "digits"),
    ("0xg", "invalid digit"), ("foo(1)", "unknown function"), ("gcd(1)", "expected ','"),
    ("gcd(1,2,3)", "too many arguments"), ("sqrt 4", "expected '('"), ("1.5", "unexpected '.'"),
    ("2**3", "unexpected '*'"), ("(" * 5000 + "1" + ")" * 5000, "nested too deeply"),
    ("-" * 100000 + "1", "nested too deeply"), ("2^" * 5000 + "2", "nested too deeply"),
    ("gcd(" * 3000 + "1" + ",1)" * 3000, "nested too deeply"), ("", "empty"),
]
for t, msg in errors:
    r = run([t])
    lines = r.stderr.split("\n")
    col = int(lines[0].split("column ")[1].split(":")[0]) if "column " in lines[0] else 0
    # the echo: the input (clipped to a window when long) and a caret under the column
    caret_ok = len(lines) >= 3 and lines[2].strip() == "^" and (
        len(t) > 72 or (lines[1] == "  " + t.replace("\x01", " ") and lines[2] == " " * (col + 1) + "^"))
    check(r.returncode == 1 and r.stdout == f"error: column {col}: " + lines[0].split(": ", 2)[2] + "\n" and
          msg in r.stderr and lines[0].startswith("carry-calc: argument 1, column ") and caret_ok,
          f"{t[:60]!r}: exit {r.returncode}, stdout {r.stdout[:80]!r}, stderr {r.stderr[:300]!r} (want {msg!r})")

# standard input: errors are reported with their line, later lines still run, one output line per
# input line (a blank line for a blank line); -q leaves an empty line for an error
r = run([], "1+1\n\n1/0\n   \n2*3\n(\n")
check(r.returncode == 1 and r.stdout == "2\n\nerror: column 2: division by zero\n\n6\nerror: column 2: unexpected end of the expression\n"
      and "line 3, column 2" in r.stderr and "line 6" in r.stderr and "  1/0\n   ^\n" in r.stderr,
      f"stdin with errors: exit {r.returncode}, {r.stdout!r}, {r.stderr!r}")
r = run(["-q"], "1/0\n5\n")
check(r.returncode == 1 and r.stdout == "\n5\n" and "division by zero" in r.stderr, f"-q: {r.returncode} {r.stdout!r}")
r = run([], "")
check(r.returncode == 0 and r.stdout == "", "empty input")

# variables and ans, kept across lines and arguments; a failed line changes nothing
r = run([], "x = 2^127 - 1\nx % 1000\nans + 1\ny = x + ans\nx = 1/0\nx - 2^127 + 1\nans\n_a1 = -5\n_a1 * ans\n")
check(r.stdout.split("\n")[:-1] == [str(2**127 - 1), str((2**127 - 1) % 1000), str((2**127 - 1) % 1000 + 1),
                                    str(2**127 - 1 + (2**127 - 1) % 1000 + 1), "error: column 6: division by zero",
                                    "0", "0", "-5", "25"], f"variables: {r.stdout!r}")
r = run(["a = 6", "b = 7", "a * b", "ans - 2"])
check(r.returncode == 0 and r.stdout == "6\n7\n42\n40\n", f"variables in arguments: {r.stdout!r}")

# options: -t times each line on stderr; --timeout stops a line that runs too long (status 3);
# unknown options and bad values are usage errors (status 2)
r = run(["-t", "3^1000", "2"])
check(r.returncode == 0 and r.stdout == f"{3**1000}\n2\n" and r.stderr.count("time: ") == 2, f"-t: {r.stderr!r}")
t0 = time.time()
r = run(["--timeout", "1", "1", "powm(3, 2^67108863, 2^67108863-1)", "2"])
check(r.returncode == 3 and r.stdout == "1\n" and "time limit" in r.stderr and time.time() - t0 < 30,
      f"--timeout: {r.returncode} {r.stdout!r} {r.stderr!r}")
for args in (["--timeout"], ["--timeout", "0", "1"], ["--timeout=x", "1"], ["--timeout", "-1", "1"], ["--bogus", "1"]):
    r = run(args)
    check(r.returncode == 2 and "usage:" in r.stderr and r.stdout == "", f"{args}: {r.returncode} {r.stderr!r}")
r = run(["--timeout=5", "-x", "255"])
check(r.returncode == 0 and r.stdout == "0xff\n", f"--timeout=5: {r.stdout!r}")
r = run(["--help"])
check(r.returncode == 0 and "--timeout" in r.stdout and "2^26 bits" in r.stdout, "--help")

# ---- the size limit: every value at most 2^26 bits, exactly ----
M = 1 << 26
decimal.getcontext().prec = 60
limit_cases = []  # (expression, bits of the value, or None for "too large")
# Bases 2 to 9 (powers of two, and bases without an integer logarithm); a reduced run (CARRY_TEST_REPS
# below 1: the sanitizer and valgrind configurations, where each probe costs seconds) takes 2 and 3.
for b in range(2, 10 if reps >= 1 else 4):
    if b & (b - 1) == 0:  # b = 2^j: b^k has jk + 1 bits
        j = b.bit_length() - 1
        kmax = (M - 1) // j
    else:  # b^k has floor(k log2 b) + 1 bits, never an integer logarithm
        log2b = decimal.Decimal(b).ln() / decimal.Decimal(2).ln()
        kmax = int((decimal.Decimal(M) / log2b).to_integral_value(decimal.ROUND_FLOOR))
        while int((kmax * log2b).to_integral_value(decimal.ROUND_FLOOR)) + 1 > M:
            kmax -= 1
    bits = (b.bit_length() - 1) * kmax + 1 if b & (b - 1) == 0 else int((kmax * log2b).to_integral_value(decimal.ROUND_FLOOR)) + 1
    over = (b.bit_length() - 1) * (kmax + 1) + 1 if b & (b - 1) == 0 else int(((kmax + 1) * log2b).to_integral_value(decimal.ROUND_FLOOR)) + 1
    assert bits <= M < over
    limit_cases += [(f"bits({b}^{kmax})", bits), (f"{b}^{kmax + 1}", None)]
    if b in (2, 3):  # a negative base: the same sizes
        limit_cases += [(f"bits((-{b})^{kmax})", bits), (f"(-{b})^{kmax + 1}", None)]
h = M // 2
limit_cases += [
    (f"bits((2^{h}-1)*(2^{h}-1))", M), (f"(2^{h}+1)*(2^{h})", None),  # products: 2h and 2h + 1 bits
    (f"(2^{h + 1}-1)*(2^{h}-1)", None), (f"bits((2^{h}+1)*(2^{h - 1}))", M),
    (f"bits(2^{M - 1} + (2^{M - 1} - 1))", M), (f"2^{M - 1} + 2^{M - 1}", None),  # sums
    (f"bits(-2^{M - 1} - (2^{M - 1} - 1))", M), (f"-2^{M - 1} - 2^{M - 1}", None),
    ("bits(0x" + "f" * (M // 4) + ")", M), ("0x1" + "f" * (M // 4), None),  # literals
    ("bits(0x" + "0" * 1000 + "f" * (M // 4) + ")", M), ("0b1" + "0" * M, None), (f"bits(0b1{'0' * (M - 1)})", M),
    ("1" + "0" * 21000000, None),  # 21 million digits: rejected before it is parsed
]
t0 = time.time()
r = run([], "\n".join(e for e, _ in limit_cases) + "\n")
got = r.stdout.split("\n")[:-1]
check(len(got) == len(limit_cases), f"limits: {len(got)} results for {len(limit_cases)} lines; {r.stderr[:300]!r}")
for (e, want), g in zip(limit_cases, got):
    if want is None:
        ok = g.startswith("error:") and "too large" in g
    else:
        ok = g == str(want)
    check(ok, f"limit {e[:60]!r}: got {g[:100]!r}, want {want}")
print(f"test_calc: {len(limit_cases)} limit probes in {time.time() - t0:.1f} s")


# ---- interactive: a pseudo-terminal, keys as a terminal sends them ----
def interactive():
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(calc_cmd[0], calc_cmd)
    out = b""

    def until(want, since=0, timeout=20):
        """Reads the terminal until want appears after offset since (returns 1) or timeout seconds
        pass (0)."""
        nonlocal out
        end = time.time() + timeout
        while want not in out[since:]:
            left = end - time.time()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return 0
            try:
                out += os.read(fd, 65536)
            except OSError:  # the child is gone
                return want in out[since:]
        return 1

    def send(keys, want):
        """Sends keys, expects want, then waits for the next prompt: the line editor prints it once
        the terminal is in raw mode again (a Ctrl-D that arrives before would be a cooked EOF)."""
        start = len(out)
        os.write(fd, keys)
        ok = until(want, start)
        check(ok, f"interactive: sent {keys!r}, no {want!r} in {out[start:][-300:]!r}")
        check(until(b"> ", out.index(want, start) + len(want)) if ok else 0,
              f"interactive: no prompt after {keys!r}: {out[start:][-300:]!r}")

    UP, LEFT, RIGHT, HOME, END, DEL = b"\x1b[A", b"\x1b[D", b"\x1b[C", b"\x1b[H", b"\x1b[F", b"\x1b[3~"
    check(until(b"> "), f"interactive: no prompt in {out!r}")
    send(b"x = 2^10\r", b"\r\n1024\r\n")
    send(b"x + 1\r", b"\r\n1025\r\n")
    send(UP + b"\x7f2\r", b"\r\n1026\r\n")  # history, backspace
    send(UP + UP + b"\r", b"\r\n1025\r\n")  # two entries back
    send(b"23" + HOME + b"1" + END + b"4" + LEFT + LEFT + b"9" + RIGHT + DEL + b"\r", b"\r\n1293\r\n")
    send(UP + b"\x01-\x05+1\r", b"\r\n-1292\r\n")  # the last line again, Ctrl-A, Ctrl-E
    send(b"777\x03", b"^C")  # Ctrl-C abandons the line: ans stays
    send(b"ans\r", b"\r\n-1292\r\n")
    send(b"1 + 1/0\r", b"\r\n       ^\r\nerror: division by zero\r\n")  # the caret under the "/"
    os.write(fd, b"\x04")  # Ctrl-D on an empty line: the end
    status = None
    for _ in range(200):
        p, st = os.waitpid(pid, os.WNOHANG)
        if p:
            status = os.waitstatus_to_exitcode(st)
            break
        time.sleep(0.05)
    if status is None:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    check(status == 1, f"interactive: exit status {status} after Ctrl-D (1: a line failed)")
    os.close(fd)


interactive()

print(f"test_calc: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
