#!/usr/bin/env python3
"""Draw a `bench ramp --format json` study: frame cost against retained points, one line per strategy,
one panel per device, with the frame deadline and each capacity with its range; and, with --table, the
capacity table as Markdown (docs/capacity.md).

    bench ramp --strategies all --devices all --costs model --format json > ramp.json
    python3 scripts/plot_ramp.py ramp.json --output ramp.png --table capacity.md
"""
import argparse
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

FORMAT_VERSION = 1


def fail(message):
    print(f"plot_ramp.py: {message}", file=sys.stderr)
    sys.exit(65)


def read(path):
    try:
        with open(path) as f:
            study = json.load(f)
    except OSError as e:
        print(f"plot_ramp.py: {path}: cannot read ({e.strerror})", file=sys.stderr)
        sys.exit(74)
    except json.JSONDecodeError as e:
        fail(f"{path}:{e.lineno}: not JSON ({e.msg})")
    if not isinstance(study, dict) or study.get("format_version") != FORMAT_VERSION:
        fail(f"{path}: format_version {study.get('format_version') if isinstance(study, dict) else None} is not one this script reads ({FORMAT_VERSION})")
    if not study.get("ramps"):
        fail(f"{path}: no ramps")
    return study


def grouped(n):
    return f"{n:,}"


def capacity_text(r):
    if r["fails_at_first_stroke"]:
        return "fails at the first stroke"
    if r["capacity_points"] is None:
        return f"held to {grouped(r['held_to_points'])}"
    return grouped(r["capacity_points"])


def figures_label(study):
    kinds = sorted({r["figures"] for r in study["ramps"]})
    return " and ".join(kinds)


def plot(study, out, caption):
    devices = []
    for r in study["ramps"]:
        key = (r["device"], r["hz"])
        if key not in devices:
            devices.append(key)
    fig, axes = plt.subplots(1, len(devices), figsize=(4.6 * len(devices), 5.2), squeeze=False, sharey=True)
    colours = {}
    cycle = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for ax, (device, hz) in zip(axes[0], devices):
        deadline = 1000 / hz
        ax.axhline(deadline, color="black", linewidth=0.8, linestyle="--")
        ax.text(600, deadline * 1.08, f"frame deadline {deadline:.1f} ms", fontsize=7)
        for r in study["ramps"]:
            if (r["device"], r["hz"]) != (device, hz) or r["strategy"] == "null":
                continue
            colour = colours.setdefault(r["strategy"], cycle[len(colours) % len(cycle)])
            steps = [s for s in r["steps"] if s["points"] > 0 and s["frame_cost_ms"] > 0]
            if not steps:
                continue
            xs, ys = [s["points"] for s in steps], [s["frame_cost_ms"] for s in steps]
            ax.plot(xs, ys, marker=".", markersize=3, linewidth=1.2, color=colour, label=r["strategy"])
            if r["capacity_points"]:
                c = r["capacity_points"]
                lo, hi = r["capacity_points_low"], r["capacity_points_high"]
                y = min(max(ys), deadline)
                if lo is not None and hi is not None and hi > lo > 0:
                    ax.plot([lo, hi], [y, y], color=colour, linewidth=4, alpha=0.3, solid_capstyle="butt")
                ax.plot([c], [y], marker="|", markersize=14, markeredgewidth=2, color=colour)
            elif r["held_to_points"]:
                ax.annotate("held", (xs[-1], ys[-1]), fontsize=7, color=colour, xytext=(3, 3), textcoords="offset points")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlim(400, max(r["limit_points"] for r in study["ramps"]) * 1.3)
        ax.set_title(f"{device}, {hz:g} Hz", fontsize=10)
        ax.set_xlabel("retained points (history)")
        ax.grid(True, which="both", linewidth=0.3, alpha=0.5)
    axes[0][0].set_ylabel("frame cost, ms (main-thread turn or background render)")
    handles, labels = [], []
    for ax in axes[0]:
        for h, l in zip(*ax.get_legend_handles_labels()):
            if l not in labels:
                handles.append(h)
                labels.append(l)
    fig.legend(handles, labels, loc="upper center", ncol=len(labels), fontsize=8, frameon=False)
    ranges = {"modelled": "5-95% of the device model's draws", "measured": "5-95% bootstrap over repeated ramps"}
    fig.text(0.01, 0.01, f"{figures_label(study)} figures. A bar marks each capacity; the band is its range "
             f"({'; '.join(ranges[k] for k in sorted({r['figures'] for r in study['ramps']}))}). Not drawn: a strategy "
             f"whose modelled main thread does nothing (sublayer: its cost is the render server's). "
             f"Drawing: {', '.join(sorted({r['drawing'] for r in study['ramps']}))}. {caption}", fontsize=7)
    fig.tight_layout(rect=(0, 0.04, 1, 0.93))
    fig.savefig(out, dpi=110)


def table(study):
    devices = []
    for r in study["ramps"]:
        if (r["device"], r["hz"]) not in devices:
            devices.append((r["device"], r["hz"]))
    strategies = []
    for r in study["ramps"]:
        if r["strategy"] not in strategies:
            strategies.append(r["strategy"])
    cell = {(r["strategy"], r["device"], r["hz"]): r for r in study["ramps"]}
    lines = [f"Capacity in retained points, **{figures_label(study)}** (`bench ramp`, docs/capacity.md); "
             "in brackets the range, then minutes of handwriting.", "",
             "| strategy | " + " | ".join(f"{d}, {hz:g} Hz" for d, hz in devices) + " |",
             "|---|" + "---:|" * len(devices)]
    for s in strategies:
        cells = []
        for d, hz in devices:
            r = cell.get((s, d, hz))
            if r is None:
                cells.append("")
                continue
            text = capacity_text(r)
            if r["capacity_points"] and r["capacity_points_low"] is not None:
                text += f" ({grouped(r['capacity_points_low'])}-{grouped(r['capacity_points_high'])}), {r['capacity_minutes']:g} min"
            cells.append(text)
        lines.append(f"| `{s}` | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("study", help="the JSON of `bench ramp --format json`")
    parser.add_argument("--output", required=True, help="the chart, a PNG file")
    parser.add_argument("--table", help="also write the capacity table as Markdown to this file")
    parser.add_argument("--caption", default="", help="added to the chart's caption")
    args = parser.parse_args()
    study = read(args.study)
    plot(study, args.output, args.caption)
    if args.table:
        with open(args.table, "w") as f:
            f.write(table(study))


if __name__ == "__main__":
    main()
