#!/usr/bin/env python3
"""A trend chart from a `bench history` file.

    python3 scripts/plot_history.py HISTORY.sqlite --output TREND.png [--metric M] [--config ID] [--bench PATH]

Runs `bench history show --format csv` and `bench history changes --format csv` on the file (bench
reads it; this script never opens the SQLite file itself) and draws one panel per metric: each
configuration's value at every commit in order, exact series as steps and measured ones as points,
with every change point bench found marked at its commit and labelled with its size (and p-value for
a measured series). Each panel says whether its figures are exact (counters, modelled or zero-cost
figures) or measured, and on which machines. Needs matplotlib (scripts/requirements.txt).
"""
import argparse
import csv
import io
import os
import subprocess
import sys
from collections import OrderedDict, defaultdict

import matplotlib

matplotlib.use("Agg")  # no display on a build machine; PNG only
import matplotlib.pyplot as plt  # noqa: E402

PALETTE = ["#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"]
DPI = 120
MAX_PANELS = 6


def bench_csv(bench, args):
    """The rows of a `bench history ... --format csv` command; its one-line error and exit status on failure."""
    done = subprocess.run([bench, "history"] + args + ["--format", "csv"], capture_output=True, text=True)
    if done.returncode != 0:
        sys.stderr.write(done.stderr.strip().splitlines()[-1] + "\n" if done.stderr.strip() else f"bench exited {done.returncode}\n")
        sys.exit(done.returncode)
    return list(csv.DictReader(io.StringIO(done.stdout)))


def default_bench():
    here = os.path.dirname(os.path.abspath(__file__))
    for build in ("release", "debug"):
        path = os.path.join(here, "..", ".build", build, "bench")
        if os.path.exists(path):
            return path
    return "bench"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("history")
    parser.add_argument("--output", required=True)
    parser.add_argument("--metric", action="append", help="a metric to draw (repeatable); default: the first six that changed, else the first six")
    parser.add_argument("--config")
    parser.add_argument("--bench", default=default_bench())
    args = parser.parse_args()

    select = ["--history", args.history] + (["--config", args.config] if args.config else [])
    points = bench_csv(args.bench, ["show"] + select)
    changes = bench_csv(args.bench, ["changes"] + select)
    if not points:
        sys.stderr.write(f"{args.history}: no points to draw\n")
        sys.exit(65)

    commits = list(OrderedDict.fromkeys((p["date"], int(p["run"]), p["commit"]) for p in points))
    commits.sort()
    order = {c[2]: i for i, c in enumerate(commits)}
    labels = [c[2][:10] for c in commits]
    series = defaultdict(list)
    for p in points:
        series[(p["metric"], p["configuration"])].append((order[p["commit"]], float(p["value"]), p["exact"] == "true", p["machine"]))
    metrics = list(OrderedDict.fromkeys(p["metric"] for p in points))
    if args.metric:
        metrics = [m for m in args.metric if m in metrics]
    else:
        changed = list(OrderedDict.fromkeys(c["metric"] for c in changes))
        metrics = (changed + [m for m in metrics if m not in changed])[:MAX_PANELS]
    configs = list(OrderedDict.fromkeys(p["configuration"] for p in points))

    fig, axes = plt.subplots(len(metrics), 1, figsize=(9, 2.6 * len(metrics)), squeeze=False, sharex=True)
    for ax, metric in zip(axes[:, 0], metrics):
        unit = next((p["unit"] for p in points if p["metric"] == metric), "")
        kinds, machines = set(), set()
        for k, config in enumerate(configs):
            s = series.get((metric, config))
            if not s:
                continue
            xs, ys = [x for x, *_ in s], [y for _, y, *_ in s]
            exact = all(e for _, _, e, _ in s)
            kinds.add("exact" if exact else "measured")
            machines.update(m for *_, m in s)
            colour = PALETTE[k % len(PALETTE)]
            if exact:
                ax.step(xs, ys, where="post", color=colour, label=config)
                ax.plot(xs, ys, "o", color=colour, markersize=3)
            else:
                ax.plot(xs, ys, "o", color=colour, markersize=3, alpha=0.7, label=config)
            for c in changes:
                if c["metric"] == metric and c["configuration"] == config:
                    x = order[c["commit"]] - 0.5
                    ax.axvline(x, color="#e53935", linestyle="--", linewidth=1)
                    size = f"{float(c['change']) * 100:+.1f}%" if c["change"] else "change"
                    p = f", p = {float(c['p_value']):.3f}" if c["p_value"] else ""
                    ax.annotate(f"{c['commit'][:10]}: {size}{p}", (x, max(ys)), fontsize=7, color="#e53935",
                                xytext=(3, -10), textcoords="offset points")
        ax.set_ylabel(f"{metric}\n({unit})" if unit else metric, fontsize=8)
        ax.set_title(f"{metric}: {' and '.join(sorted(kinds))}, on {', '.join(sorted(machines))}", fontsize=9, loc="left")
        ax.grid(True, alpha=0.3)
    axes[-1, 0].set_xticks(range(len(labels)))
    axes[-1, 0].set_xticklabels(labels, rotation=45, ha="right", fontsize=7)
    axes[-1, 0].set_xlabel("commit, in the history's order")
    if len(configs) <= 6:
        axes[0, 0].legend(fontsize=7, loc="best")
    fig.suptitle(f"bench history: {os.path.basename(args.history)} (dashed: change points bench found)", fontsize=10)
    fig.tight_layout()
    fig.savefig(args.output, dpi=DPI)
    print(f"wrote {args.output}: {len(metrics)} metrics, {len(configs)} configurations, {len(commits)} commits")


if __name__ == "__main__":
    main()
