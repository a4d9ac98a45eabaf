#!/usr/bin/env python3
"""Runs the same program built against GMP and against carry-gmp; their outputs must be equal.

usage: compat_diff.py GMP_BUILD CARRY_GMP_BUILD [--stdin FILE] [-- ARG...]
Both builds run with the same arguments ARG... and, with --stdin, the file FILE as standard input.
Prints the first line that differs (with the last "rep" or "length" line before it, for
compat_diff.c and compat_mpn.c) and exits 1, else exits 0. A build that exits non-zero fails the
comparison too. Environment: CARRY_TEST_EMULATOR, the command that runs a program of the target
(a cross build under qemu-user), words split as by a shell."""
import os
import shlex
import subprocess
import sys

exes, rest = sys.argv[1:3], sys.argv[3:]
if len(exes) != 2:
    sys.exit(__doc__)
stdin_path, args = None, []
while rest:
    if rest[0] == "--stdin" and len(rest) > 1:
        stdin_path, rest = rest[1], rest[2:]
    elif rest[0] == "--":
        args, rest = rest[1:], []
    else:
        sys.exit(f"compat_diff.py: unexpected argument {rest[0]!r}\n{__doc__}")

emulator = shlex.split(os.environ.get("CARRY_TEST_EMULATOR", ""))
outs = []
for exe in exes:
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    try:
        r = subprocess.run(emulator + [exe] + args, stdin=stdin, capture_output=True, timeout=600)
    finally:
        if stdin_path:
            stdin.close()
    if r.returncode != 0:
        err = r.stderr.decode(errors="replace")[-2000:]
        sys.exit(f"{exe}: exit status {r.returncode}\n{err}")
    outs.append(r.stdout.decode(errors="replace").split("\n"))
a, b = outs
ctx = ""
for i, (x, y) in enumerate(zip(a, b)):
    if x.startswith(("rep ", "length ")):  # compat_diff.c's rounds, compat_mpn.c's lengths
        ctx = x
    if x != y:
        where = f"line {i + 1}" + (f" ({ctx})" if ctx else "")
        sys.exit(f"outputs differ at {where}:\n  GMP:       {x[:300]}\n  carry-gmp: {y[:300]}")
if len(a) != len(b):
    sys.exit(f"outputs differ in length: {len(a)} and {len(b)} lines")
print(f"compat_diff: the same {len(a)} lines from GMP and carry-gmp")
