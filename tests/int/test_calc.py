#!/usr/bin/env python3
"""carry-calc against Python's integers: random expressions (numbers of 0 to 3000 bits in decimal,
hex and binary, every operator and function, random parenthesisation so that precedence and
associativity are exercised) are evaluated by carry-calc in one batch on standard input and by
Python's own parser after translating the syntax (^ -> **, / -> //: the same precedence and
associativity, and the same floor semantics), in decimal and in hex. Then error cases: each must
exit with status 1, print a message naming the problem to stderr and nothing to stdout.

usage: test_calc.py CARRY_CALC. Environment: CARRY_TEST_SEED, CARRY_TEST_REPS (as the C tests).
SPDX-License-Identifier: MIT"""
import math
import os
import random
import subprocess
import sys
import time

calc = sys.argv[1]
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
        return f"fact({rng.randrange(0, 200)})"
    if k == 14:
        return f"abs({expr(depth - 1)})"
    return f"({expr(depth - 1)})"


def powm(b, e, m):
    return pow(b, e, abs(m)) if abs(m) != 1 else 0


def invert(a, m):
    if m == 0:
        raise ZeroDivisionError
    return pow(a, -1, abs(m)) if abs(m) != 1 else 0


env = {"__builtins__": {}, "gcd": math.gcd, "sqrt": math.isqrt, "powm": powm, "invert": invert,
       "fact": math.factorial, "abs": abs}


def python_value(text):
    """The value by Python, or None when Python raises (division by zero, no inverse, ...)."""
    py = text.replace("^", "**").replace("/", "//")
    try:
        return eval(py, env)  # the text is our own, from expr()
    except (ZeroDivisionError, ValueError):
        return None


def run(args, stdin=""):
    return subprocess.run([calc] + args, input=stdin, capture_output=True, text=True, timeout=600)


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
             ("powm(2, -1, 7)", 4), ("powm(5, 3, -7)", 6), ("invert(3, -7)", 5), ("invert(5, 1)", 0),
             ("gcd(0, 0)", 0), ("gcd(-4, 6)", 2), ("sqrt(0)", 0), ("fact(0)", 1), ("(" * 900 + "1" + ")" * 900, 1)]:
    r = run([t])
    check(r.returncode == 0 and r.stdout == f"{v}\n", f"{t[:60]!r}: got {r.stdout!r} {r.stderr!r}, want {v}")
r = run(["-x", "-255", "0"])
check(r.stdout == "-0xff\n0x0\n", f"-x: {r.stdout!r}")
r = run(["--", "-x"])
check(r.returncode == 1 and "unknown function 'x'" in r.stderr, f"'-- -x' is an expression: {r.stderr!r}")

# ---- errors: status 1, a message, no output; the stack survives deep nesting ----
errors = [
    ("1/0", "division by zero"), ("5%0", "division by zero"), ("1/(2-2)", "division by zero"),
    ("powm(2,3,0)", "division by zero"), ("invert(3,0)", "division by zero"),
    ("invert(2,4)", "no inverse"), ("powm(2,-1,4)", "no inverse"), ("sqrt(-1)", "negative"),
    ("2^-1", "negative exponent"), ("2^(2^40)", "too large"), ("10^(10^30)", "too large"),
    ("fact(10^7)", "too large"), ("fact(-1)", "negative"), ("(2^(2^25))*(2^(2^25))", "too large"),
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
    check(r.returncode == 1 and r.stdout == "" and msg in r.stderr and "carry-calc:" in r.stderr,
          f"{t[:60]!r}: exit {r.returncode}, stdout {r.stdout[:80]!r}, stderr {r.stderr[:200]!r} (want {msg!r})")

# standard input: errors are reported with their line, later lines still run, blank lines skipped
r = run([], "1+1\n\n1/0\n   \n2*3\n(\n")
check(r.returncode == 1 and r.stdout == "2\n6\n" and "line 3" in r.stderr and "line 6" in r.stderr,
      f"stdin with errors: exit {r.returncode}, {r.stdout!r}, {r.stderr!r}")
r = run([], "")
check(r.returncode == 0 and r.stdout == "", "empty input")
r = run(["-q"])
check(r.returncode == 1 and "unknown function 'q'" in r.stderr, f"'-q' is an expression: {r.returncode} {r.stderr!r}")

print(f"test_calc: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
