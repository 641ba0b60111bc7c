#!/usr/bin/env python3
"""List the validation rows whose published value was committed before or with the model's prediction.

Blind evidence (docs/device-model.md, "Blind evidence"): a new row of `bench model validate` is committed
first as `pending`, with the model's prediction (`central`) and no published value (`published: null`),
and its published value in a later commit. This script reads the history of
results/device-model/validation.json (every commit that touched it, oldest first) and, for every row of
its newest version that has a published value, finds:

- the commit that first held the row with a prediction (a `central`), and
- the commit that first held its published value.

A row whose published value came in the same commit as its prediction, or earlier, was not predicted
blind: it is listed. Rows are matched by their `figure` text. A version of the file that does not parse
is skipped and named on stderr.

Exit status: 0 when no row first committed after --since is listed (every row, without --since: the
list is a report), 1 when one is, 64 for bad usage, 66 when the repository or file has no history.

Usage: python3 scripts/evidence_order.py [--repo DIR] [--file PATH] [--since REV] [--format text|json]
"""
import argparse
import json
import subprocess
import sys

FILE = "results/device-model/validation.json"


def git(repo, *args):
    return subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True, text=True).stdout


def rows_of(text):
    """The rows of one version of the file: a bare list (format 1) or an object with `rows`."""
    data = json.loads(text)
    rows = data["rows"] if isinstance(data, dict) else data
    return {r["figure"]: r for r in rows if isinstance(r, dict) and "figure" in r}


def history(repo, path):
    """(commit, rows) for every commit that touched `path`, oldest first."""
    commits = git(repo, "log", "--format=%H", "--reverse", "--", path).split()
    for commit in commits:
        try:
            text = git(repo, "show", f"{commit}:{path}")
        except subprocess.CalledProcessError:
            continue  # the commit removed or moved the file
        try:
            yield commit, rows_of(text)
        except (ValueError, KeyError, TypeError) as e:
            print(f"{path} at {commit[:12]}: skipped, not a validation file ({type(e).__name__})", file=sys.stderr)


def order(repo, path):
    """Per figure of the newest version with a published value: the index and commit of its first
    prediction and of its first published value, in the file's history."""
    first_prediction, first_value, newest = {}, {}, {}
    for index, (commit, rows) in enumerate(history(repo, path)):
        newest = rows
        for figure, row in rows.items():
            if row.get("central") is not None:
                first_prediction.setdefault(figure, (index, commit))
            if row.get("published") is not None:
                first_value.setdefault(figure, (index, commit))
    result = []
    for figure, row in newest.items():
        if row.get("published") is None or figure not in first_prediction:
            continue
        (p, pc), (v, vc) = first_prediction[figure], first_value[figure]
        result.append({"figure": figure, "role": row.get("role"), "prediction_commit": pc, "value_commit": vc,
                       "blind": v > p, "first_seen": min(p, v)})
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repo", default=".", help="the repository (default: here)")
    parser.add_argument("--file", default=FILE, help=f"the validation file in it (default: {FILE})")
    parser.add_argument("--since", help="fail (exit 1) for a row not predicted blind that was first committed after this revision")
    parser.add_argument("--format", choices=["text", "json"], default="text")
    args = parser.parse_args()
    try:
        git(args.repo, "rev-parse", "--git-dir")
    except (subprocess.CalledProcessError, FileNotFoundError):
        print(f"{args.repo}: not a git repository", file=sys.stderr)
        return 66
    rows = order(args.repo, args.file)
    if not rows:
        print(f"{args.file}: no committed version with published rows in {args.repo}", file=sys.stderr)
        return 66
    after = set()
    if args.since:
        try:
            since = git(args.repo, "rev-parse", "--verify", args.since + "^{commit}").strip()
        except subprocess.CalledProcessError:
            print(f"--since: '{args.since}' is not a revision of {args.repo}", file=sys.stderr)
            return 64
        after = set(git(args.repo, "rev-list", f"{since}..HEAD").split())
    listed = [r for r in rows if not r["blind"]]
    enforced = [r for r in listed if args.since and (r["prediction_commit"] in after or r["value_commit"] in after)]
    if args.format == "json":
        print(json.dumps({"rows": rows, "not_blind": [r["figure"] for r in listed],
                          "not_blind_since": [r["figure"] for r in enforced]}, indent=2, sort_keys=True))
    else:
        for r in listed:
            same = r["prediction_commit"] == r["value_commit"]
            print(f"not blind: {r['figure']}: published value in {r['value_commit'][:12]}, "
                  + ("the same commit as its prediction" if same else f"before its prediction ({r['prediction_commit'][:12]})"))
        print(f"{len(listed)} of {len(rows)} published rows were not predicted blind"
              + (f"; {len(enforced)} of them first committed after {args.since}" if args.since else ""))
    return 1 if enforced else 0


if __name__ == "__main__":
    sys.exit(main())
