#!/usr/bin/env python3
"""Write the validation's tables into docs/device-model.md from results/device-model/validation.json.

The rows, the per-metric accuracy and the reference predictor's go between the markers
`<!-- validation:begin -->` and `<!-- validation:end -->`, so the page's figures are the command's,
never typed in. Regenerate after any change to the model:

    bench model validate --format json > results/device-model/validation.json
    cp results/device-model/validation.json Sources/StrokeBenchDevice/Resources/model-validation.json
    python3 scripts/validation_docs.py

With --check it changes nothing and exits 1 when the page differs from what it would write.

Usage: python3 scripts/validation_docs.py [--validation FILE] [--docs FILE] [--check]
"""
import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEGIN, END = "<!-- validation:begin -->", "<!-- validation:end -->"


def fmt(v, digits=2):
    return "-" if v is None else f"{v:.{digits}f}"


def render(report):
    s = report["summary"]
    lines = ["| figure | role | model: low, central, high | draws alone | published | holds | reference |",
             "|---|---|---|---|---|---|---|"]
    for r in report["rows"]:
        published = "not yet" if r["published"] is None else f"{fmt(r['published'])} {r['unit']}"
        holds = "-" if r["published"] is None else ("yes" if r["within"] else "**no**")
        lines.append(f"| {r['figure']} | {r['role']} | {fmt(r['low'])}, {fmt(r['central'])}, {fmt(r['high'])} "
                     f"| {fmt(r['draws_low'])}-{fmt(r['draws_high'])} | {published} | {holds} | {fmt(r.get('reference'))} |")
    lines += ["", f"Over the {s['predicted_rows']} predicted rows: **coverage {fmt(s['coverage_leave_one_row_out'])} "
              f"leave one row out** ({fmt(s['coverage_draws_only'])} with the draws' ranges alone).", "",
              "| kind of cost | figures | rows | structural error factor (every figure: what a run draws) | coverage |",
              "|---|---:|---:|---:|---:|"]
    for kind, t in sorted(s["structural_error"].items()):
        drawn = "" if kind == "drawing" else " (drawn into no run)"
        lines.append(f"| {kind} | {t['figures']} | {t['rows']} | {fmt(t['factor'])}{drawn} "
                     f"| {fmt(t['coverage_leave_one_row_out'])} |")
    lines += ["",
              "| metric | rows | Spearman | error factor | mean abs log ratio | median APE | coverage | reference: Spearman | reference: error factor |",
              "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for metric, m in sorted(s["per_metric"].items()):
        ref = s["reference"]["per_metric"].get(metric, {})
        lines.append(f"| `{metric}` | {m['n']} | {fmt(m.get('spearman'))} | {fmt(m['geometric_mean_error_factor'])}x "
                     f"| {fmt(m['mean_absolute_log_ratio'])} | {fmt(m['median_ape_pct'], 0)}% | {fmt(m.get('coverage'))} | {fmt(ref.get('spearman'))} "
                     f"| {fmt(ref.get('geometric_mean_error_factor'))}x |")
    lines += ["", f"Reference predictor: {s['reference']['predictor']}."]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--validation", default=os.path.join(ROOT, "results/device-model/validation.json"))
    parser.add_argument("--docs", default=os.path.join(ROOT, "docs/device-model.md"))
    parser.add_argument("--check", action="store_true", help="exit 1 when the page is not current; change nothing")
    args = parser.parse_args()
    try:
        with open(args.validation) as f:
            report = json.load(f)
        with open(args.docs) as f:
            page = f.read()
    except OSError as e:
        print(f"{e.filename}: {e.strerror}", file=sys.stderr)
        return 66
    except ValueError as e:
        print(f"{args.validation}: not JSON ({e})", file=sys.stderr)
        return 65
    if BEGIN not in page or END not in page:
        print(f"{args.docs}: no {BEGIN} ... {END} section", file=sys.stderr)
        return 65
    head, rest = page.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    updated = f"{head}{BEGIN}\n{render(report)}\n{END}{tail}"
    if args.check:
        if updated != page:
            print(f"{args.docs}: the validation tables differ from {args.validation}; run python3 scripts/validation_docs.py",
                  file=sys.stderr)
            return 1
        return 0
    if updated != page:
        with open(args.docs + ".tmp", "w") as f:
            f.write(updated)
        os.replace(args.docs + ".tmp", args.docs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
