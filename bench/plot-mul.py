#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Plots the carry/GMP time ratio of the "mul" suite from a carry-bench CSV.

    build/default/bench/carry-bench --suite mul --csv mul.csv
    bench/plot-mul.py mul.csv docs/mul.png

One curve per operation (mul_n, sqr), log scale in n, with the issue's targets as steps."""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    times = {}
    cpu = ""
    with open(sys.argv[1]) as f:
        for line in f:
            if line.startswith("# cpu="):
                cpu = line[2:].strip()
        f.seek(0)
        rows = csv.reader(l for l in f if not l.startswith("#"))
        next(rows)
        for group, op, n, impl, ticks, _, _ in rows:
            if group == "mul" and op in ("mul_n", "sqr"):
                times[(op, int(n), impl)] = float(ticks)
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for op in ("mul_n", "sqr"):
        ns = sorted(n for (o, n, i) in times if o == op and i == "carry" and (o, n, "gmp") in times)
        ax.plot(ns, [times[(op, n, "carry")] / times[(op, n, "gmp")] for n in ns], "o-", label=op)
    steps = [(1, 8, 0.6), (8, 100, 0.75), (100, 1000, 0.9), (1000, 10000, 1.1)]
    for lo, hi, t in steps:
        ax.plot([lo, hi], [t, t], "k--", lw=1, label="target" if lo == 1 else None)
    ax.axhline(1.0, color="grey", lw=0.5)
    ax.set_xscale("log")
    ax.set_xlabel("n (64-bit limbs)")
    ax.set_ylabel("time carry / time GMP")
    ax.set_title("carry mul_n and sqr vs GMP (%s)" % cpu)
    ax.legend()
    ax.grid(True, which="both", lw=0.3)
    fig.tight_layout()
    fig.savefig(sys.argv[2], dpi=100)
    return 0


if __name__ == "__main__":
    sys.exit(main())
