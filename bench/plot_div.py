#!/usr/bin/env python3
"""Plot decimal conversion time against digit count from a carry-bench CSV (suite div).

usage: carry-bench --suite div --csv div.csv && python3 bench/plot_div.py div.csv div.png
Log-log axes; dotted lines of slope 1 and 2 through carry's smallest point show what linear and
quadratic growth would look like, so the curve's subquadratic (or not) shape can be read off.
"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main(src, dst):
    rows = [r for r in csv.reader(line for line in open(src) if not line.startswith("#"))]
    head, data = rows[0], rows[1:]
    col = {name: i for i, name in enumerate(head)}
    series = {}
    for r in data:
        if r[col["group"]] != "div" or not r[col["op"]].endswith("_str_10"):
            continue
        key = (r[col["op"]], r[col["impl"]])
        series.setdefault(key, []).append((int(r[col["n"]]), float(r[col["ns_per_call"]])))
    fig, ax = plt.subplots(figsize=(7, 5))
    for (op, impl), pts in sorted(series.items()):
        pts.sort()
        xs, ys = zip(*pts)
        ax.plot(xs, ys, marker="o", linestyle="-" if impl.startswith("carry") else "--", label=f"{op} {impl}")
    for (op, impl), pts in series.items():
        if op == "get_str_10" and impl.startswith("carry"):
            x0, y0 = min(pts)
            xs = [x0, max(pts)[0]]
            ax.plot(xs, [y0 * (x / x0) for x in xs], ":", color="gray", label="slope 1")
            ax.plot(xs, [y0 * (x / x0) ** 2 for x in xs], ":", color="black", label="slope 2")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("decimal digits")
    ax.set_ylabel("ns per call")
    ax.set_title("carry vs GMP: decimal conversion (carry-bench --suite div)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(dst, dpi=110)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
