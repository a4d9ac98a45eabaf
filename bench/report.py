#!/usr/bin/env python3
"""Turns the CSV of one carry-bench run into BENCHMARKS.md and one PNG plot per group.

usage: bench/report.py RUN.csv [-o BENCHMARKS.md] [--plots bench/plots] [--command CMD] [--no-plots]
                        [--append SECTION.md]...

The CSV is what `carry-bench --csv FILE` writes:
    # cpu=<model> tsc_ghz=<f> quick=<0|1>        first line
    # features=<text>                             the CPU features that choose the back end
    # backend=<name>                              the back end carry chose
    # peers=<text>                                the peers' versions
    #unit,<group>,<text>                          what n counts in the group
    #note,<group>,<text>                          free Markdown text for a group's section
    group,op,n,impl,ticks_per_call,ticks_per_unit,ns_per_call
    ...                                           one row per measurement
Implementations whose name starts with "carry" are ours, the others peers. For every group the
report has a table: op, n, ticks/unit of each implementation, then the ratio ours/peer for every
pair present (below 1: carry is faster); a group of many implementations (more than WIDE_COLUMNS
columns that way) gets one line per implementation instead, with one ratio column per peer. The plots (ticks/unit against n, log-log, one line per
op x impl) need matplotlib (`pip install matplotlib`); nothing in the tests needs this script.
--append adds a Markdown section written by another benchmark after the groups, as it is
(`bench/gmpcompat --markdown` writes one: whole programs written for GMP, GMP against carry-gmp).
bench/run-report runs the benchmarks and this script: that is how BENCHMARKS.md is regenerated.
"""
import argparse
import csv
import datetime
import os
import re
import sys


def parse(path):
    """Returns (header dict, rows as dicts in file order, notes as (group, text) pairs)."""
    header, rows, notes, fields = {}, [], [], None
    with open(path, newline="") as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if lineno == 1:
                m = re.match(r"# cpu=(.*) tsc_ghz=([0-9.]+)(?: quick=([01]))?$", line)
                if not m:
                    sys.exit(f"{path}:1: expected '# cpu=... tsc_ghz=...', got {line!r}")
                header = {"cpu": m.group(1), "tsc_ghz": float(m.group(2)),
                          "quick": m.group(3) == "1"}
            elif re.match(r"# (features|backend|peers)=", line):
                key, _, value = line[2:].partition("=")
                header[key] = value
            elif line.startswith("#unit,"):
                group, _, text = line[len("#unit,"):].partition(",")
                header.setdefault("units", {})[group] = text
            elif line.startswith("#note,"):
                group, _, text = line[len("#note,"):].partition(",")
                notes.append((group, text))
            elif line.startswith("#") or not line.strip():
                continue
            elif fields is None:
                fields = next(csv.reader([line]))
                want = ["group", "op", "n", "impl", "ticks_per_call", "ticks_per_unit", "ns_per_call"]
                if fields != want:
                    sys.exit(f"{path}:{lineno}: expected the column line {','.join(want)}")
            else:
                values = next(csv.reader([line]))
                if len(values) != len(fields):
                    sys.exit(f"{path}:{lineno}: {len(values)} fields, expected {len(fields)}")
                r = dict(zip(fields, values))
                r["n"] = int(r["n"])
                for k in ("ticks_per_call", "ticks_per_unit", "ns_per_call"):
                    r[k] = float(r[k])
                rows.append(r)
    if not header:
        sys.exit(f"{path}: empty")
    return header, rows, notes


def ordered(items):
    """Distinct items in order of first appearance."""
    return list(dict.fromkeys(items))


def is_ours(impl):
    return impl.startswith("carry")


def fmt_ticks(v):
    if v is None:
        return ""
    if v >= 100:
        return f"{v:.0f}"
    if v >= 10:
        return f"{v:.1f}"
    return f"{v:.2f}"


WIDE_COLUMNS = 12


def group_table(rows):
    """Markdown table of one group's rows: one line per (op, n) when that takes at most
    WIDE_COLUMNS columns, else one line per (op, n, implementation)."""
    impls = ordered(r["impl"] for r in rows)
    ours = [i for i in impls if is_ours(i)]
    peers = [i for i in impls if not is_ours(i)]
    impls = ours + peers
    # Ratio columns only for pairs measured together at least once.
    keys = ordered((r["op"], r["n"]) for r in rows)
    cell = {(r["op"], r["n"], r["impl"]): r["ticks_per_unit"] for r in rows}
    pairs = [(o, p) for o in ours for p in peers
             if any((op, n, o) in cell and (op, n, p) in cell for op, n in keys)]
    ops = ordered(r["op"] for r in rows)
    keys.sort(key=lambda k: (ops.index(k[0]), k[1]))

    head = ["op", "n"] + impls + [f"{o}/{p}" for o, p in pairs]
    if len(head) > WIDE_COLUMNS:
        return long_table(keys, cell, impls, peers)
    out = ["| " + " | ".join(head) + " |",
           "|" + "|".join(["---"] + ["---:"] * (len(head) - 1)) + "|"]
    for op, n in keys:
        line = [f"`{op}`", str(n)] + [fmt_ticks(cell.get((op, n, i))) for i in impls]
        for o, p in pairs:
            a, b = cell.get((op, n, o)), cell.get((op, n, p))
            line.append(f"{a / b:.2f}" if a is not None and b else "")
        out.append("| " + " | ".join(line) + " |")
    return "\n".join(out)


def long_table(keys, cell, impls, peers):
    """One line per (op, n, implementation): its ticks/unit and, on lines of ours, the ratio to
    every peer measured on the same op and n."""
    head = ["op", "n", "impl", "ticks/unit"] + [f"/{p}" for p in peers]
    out = ["| " + " | ".join(head) + " |",
           "|" + "|".join(["---", "---:", "---"] + ["---:"] * (len(head) - 3)) + "|"]
    for op, n in keys:
        for i in impls:
            t = cell.get((op, n, i))
            if t is None:
                continue
            line = [f"`{op}`", str(n), i, fmt_ticks(t)]
            for p in peers:
                b = cell.get((op, n, p))
                line.append(f"{t / b:.2f}" if is_ours(i) and b else "")
            out.append("| " + " | ".join(line) + " |")
    return "\n".join(out)


DEPENDS = (
    "What these numbers depend on: the ratios compare code on one machine, and they move with "
    "the CPU. carry picks its back end from the CPU features above (`ifma` needs AVX-512 IFMA, "
    "`adx` BMI2, ADX and AVX2; see the README's Dispatch section): on a CPU without AVX-512 IFMA "
    "the mul, mont, powm and rsa rows run the `adx` code, carry's advantage there shrinks "
    "severalfold, and ratios near 1 (such as rsa) can turn. GMP's and OpenSSL's own assembly "
    "also differ by CPU and version (named above). Times are TSC ticks, which count at the "
    "nominal frequency whatever the core's actual clock; a busy or throttled machine reads high. "
    "Compare ratios from one run, and rerun `bench/run-report` (or `carry-bench --summary` for a "
    "first look) on the machine that matters.")


def plot_group(group, rows, path):
    """ticks/unit against n, log-log, one line per op x impl: one panel per op (so that a group
    of many kernels stays legible), one colour per impl across panels, dashed lines for peers."""
    import math

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter

    # Tick labels as plain numbers (0.4, 2, 10), minor ticks labelled at 2, 4 and 6 only.
    def plain(v, _):
        return f"{v:g}"

    def plain_246(v, _):
        lead = v / 10 ** math.floor(math.log10(v)) if v > 0 else 0
        return f"{v:g}" if any(abs(lead - d) < 1e-6 for d in (2, 4, 6)) else ""

    ops = ordered(r["op"] for r in rows)
    impls = ordered(r["impl"] for r in rows)
    impls = [i for i in impls if is_ours(i)] + [i for i in impls if not is_ours(i)]
    colours = plt.get_cmap("tab10").colors
    ncols = min(4, len(ops))
    nrows = math.ceil(len(ops) / ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(3.6 * ncols + 1.5, 2.9 * nrows + 0.8),
                             squeeze=False)
    for k, op in enumerate(ops):
        ax = axes[k // ncols][k % ncols]
        for ii, impl in enumerate(impls):
            pts = sorted((r["n"], r["ticks_per_unit"]) for r in rows
                         if r["op"] == op and r["impl"] == impl and r["n"] > 0
                         and r["ticks_per_unit"] > 0)
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], label=impl,
                        color=colours[ii % len(colours)], marker="o", markersize=3,
                        linewidth=1.2, linestyle="-" if is_ours(impl) else "--")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.yaxis.set_major_formatter(FuncFormatter(plain))
        ax.yaxis.set_minor_formatter(FuncFormatter(plain_246))
        ax.set_title(op, fontsize=9)
        ax.tick_params(labelsize=7)
        ax.grid(True, which="both", linewidth=0.3)
    for k in range(len(ops), nrows * ncols):
        axes[k // ncols][k % ncols].axis("off")
    for k in range(max(0, len(ops) - ncols), len(ops)):  # the lowest panel of each column
        axes[k // ncols][k % ncols].set_xlabel("n", fontsize=8)
    for row in axes:
        row[0].set_ylabel("ticks per unit", fontsize=8)
    handles = [plt.Line2D([], [], color=colours[ii % len(colours)], marker="o", markersize=3,
                          linestyle="-" if is_ours(impl) else "--", label=impl)
               for ii, impl in enumerate(impls)]
    height = fig.get_figheight()
    fig.suptitle(f"carry-bench {group}: TSC ticks per unit against n (solid: carry, dashed: peers)",
                 fontsize=10, y=1 - 0.08 / height, va="top")
    fig.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 1 - 0.35 / height),
               ncol=min(len(impls), 6), fontsize=8, frameon=False)
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.45 / height))
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("csv", help="file written by carry-bench --csv")
    ap.add_argument("-o", "--output", default="BENCHMARKS.md")
    ap.add_argument("--plots", default="bench/plots", help="folder for <group>.png")
    ap.add_argument("--command", help="the command that produced the run, for the report")
    ap.add_argument("--no-plots", action="store_true", help="tables only (no matplotlib needed)")
    ap.add_argument("--append", action="append", default=[], metavar="SECTION.md",
                    help="a Markdown section to add after the groups (bench/gmpcompat --markdown)")
    args = ap.parse_args()

    header, rows, notes = parse(args.csv)
    if not args.no_plots:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            sys.exit("report.py: the plots need matplotlib: pip install matplotlib "
                     "(or --no-plots for the tables alone)")

    groups = ordered([r["group"] for r in rows] + [g for g, _ in notes])
    units = header.get("units", {})
    when = datetime.datetime.fromtimestamp(os.path.getmtime(args.csv), datetime.timezone.utc)
    command = args.command or ("carry-bench" + (" --quick" if header["quick"] else "")
                               + f" --csv {args.csv}")
    md_dir = os.path.dirname(os.path.abspath(args.output))

    out = ["# carry benchmarks", "",
           "Generated by `bench/report.py` from one run of `carry-bench`"
           + (" and the sections of other benchmarks at the end (named there)" if args.append else "")
           + "; do not edit by hand.",
           f"Regenerate with `bench/run-report` (needs `pip install matplotlib`).", "",
           f"- command: `{command}`",
           f"- CPU: {header['cpu']}, TSC {header['tsc_ghz']:.3f} GHz",
           f"- CPU features that choose the back end: {header.get('features', 'not recorded')}",
           f"- carry's back end: {header.get('backend', 'not recorded')} (the mpn group times "
           "every back end the CPU runs; ifma has the mpn kernels of adx)",
           f"- peers: {header.get('peers', 'not recorded')}",
           f"- date: {when:%Y-%m-%d %H:%M} UTC"]
    if header["quick"]:
        out.append("- **quick run** (`--quick`): fewer sizes and repetitions than a full run")
    out += ["",
            "Times are the minimum over many batches, in TSC ticks per unit (per call unless the "
            "group's n says otherwise, e.g. per limb for the mpn kernels). A ratio "
            "carry-X/peer below 1 means carry is faster. The n of each group is stated under its "
            "heading.", "", DEPENDS, ""]
    for g in groups:
        grows = [r for r in rows if r["group"] == g]
        out += [f"## {g}", ""]
        if g in units:
            out += [f"n: {units[g]}", ""]
        if grows:
            out += [group_table(grows), ""]
            if not args.no_plots:
                png = os.path.join(args.plots, f"{g}.png")
                plot_group(g, grows, png)
                rel = os.path.relpath(os.path.abspath(png), md_dir)
                out += [f"![{g}: ticks per unit against n]({rel})", ""]
        for ng, text in notes:
            if ng == g:
                out.append(f"- {text}")
        if any(ng == g for ng, _ in notes):
            out.append("")
    for path in args.append:
        with open(path) as f:
            out += [f.read().strip("\n"), ""]
    with open(args.output, "w") as f:
        f.write("\n".join(out).rstrip("\n") + "\n")
    print(f"report.py: wrote {args.output} ({len(rows)} rows, {len(groups)} groups)")


if __name__ == "__main__":
    main()
