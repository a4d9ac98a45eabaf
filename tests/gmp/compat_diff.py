#!/usr/bin/env python3
"""Runs the same program built against GMP and against carry-gmp; their outputs must be equal.

usage: compat_diff.py GMP_BUILD CARRY_GMP_BUILD
Prints the first line that differs (with the "rep" or "length" line before it) and exits 1, else exits 0."""
import subprocess
import sys

outs = []
for exe in sys.argv[1:3]:
    r = subprocess.run([exe], capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        sys.exit(f"{exe}: exit status {r.returncode}\n{r.stderr[-2000:]}")
    outs.append(r.stdout.split("\n"))
a, b = outs
ctx = ""
for i, (x, y) in enumerate(zip(a, b)):
    if x.startswith(("rep ", "length ")):  # compat_diff.c's rounds, compat_mpn.c's lengths
        ctx = x
    if x != y:
        sys.exit(f"outputs differ at line {i} ({ctx}):\n  GMP:       {x[:300]}\n  carry-gmp: {y[:300]}")
if len(a) != len(b):
    sys.exit(f"outputs differ in length: {len(a)} and {len(b)} lines")
print(f"compat_diff: the same {len(a)} lines from GMP and carry-gmp")
