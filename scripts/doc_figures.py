"""The figures the README and docs/*.md quote, generated from the CLI (run by scripts/readme-figures.sh).

Three kinds of generated text, each between markers that a rendered page does not show:

  <!-- bench ARGS -->          a block: what `bench ARGS` prints, run from the project root
  ...
  <!-- /bench -->

  <!-- include PATH -->        a block: the file PATH, one scripts/reproduce.sh makes from bench's
  ...                          output (a table of results/)
  <!-- /include -->

  <!--fig NAME-->12.3<!--/fig-->   one figure in a sentence: the figure NAME, defined once in the
                                   same file, in a comment the page does not show either:

  <!-- fig definitions
  modelled = file results/modelled/summary.csv
  spiral = bench run --trace spiral --input display-link --clock virtual --costs model --format json
  naive_hitch: modelled[strategy=naive, device=ipad-pro-11, hz=120].hitch_ratio_ms_per_s | .0f
  stale_s: spiral.longest_stale_ms / 1000 | .0f
  ratio: pa_px / dr_px | ,.0f
  -->

A source (`NAME = ...`) is `bench ARGS` (its standard output, JSON; `bench A && bench B` gives B's, with
`{tmp}` a scratch folder for a file A writes and B reads) or `file PATH` (a JSON or CSV file bench wrote
under results/). A figure (`NAME: EXPRESSION | FORMAT`) is an arithmetic expression
(+ - * /, round, min, max, abs) over paths into sources and other figures, formatted with a Python
format spec (`.1f`, `,.0f`; none prints the value as it is). A path is a source then steps: `.key`,
`[3]`, `[key=value, ...]`, the one row of a list (a CSV's rows) that has those values, or
`[key in A B C, ...]`, every row with one of them, whose `.key` is then a list for min or max.

With --check nothing is written: every block and figure that differs from what the CLI gives now is
named, with its file and line, and the exit status is 1. A figure the CLI no longer gives (a missing
key, no row or two rows) stops the script with exit 1, naming the figure. --check also fails when a
document names a path the repository lacks (a relative link, or a `path` in backticks under one of
the repository's top folders), or (in README.md) `../shared`, which is not in a clone.
"""

from __future__ import annotations

import ast
import csv
import json
import operator
import os
import re
import shlex
import subprocess
import sys
import tempfile

BLOCK = re.compile(r"(<!-- bench (?P<args>[^>]*?) -->\n)(?P<body>.*?)(<!-- /bench -->)", re.S)
INCLUDE = re.compile(r"(<!-- include (?P<path>[^>]*?) -->\n)(?P<body>.*?)(<!-- /include -->)", re.S)
FIGURE = re.compile(r"(<!--fig (?P<name>[A-Za-z_][A-Za-z0-9_]*)-->)(?P<body>.*?)(<!--/fig-->)", re.S)
DEFINITIONS = re.compile(r"<!-- fig definitions\n(?P<body>.*?)-->", re.S)
SOURCE_LINE = re.compile(r"(?P<name>[A-Za-z_][A-Za-z0-9_]*)\s*=\s*(?P<kind>bench|file)\s+(?P<arg>.+)")
FIGURE_LINE = re.compile(r"(?P<name>[A-Za-z_][A-Za-z0-9_]*)\s*:\s*(?P<expr>.+?)(?:\s*\|\s*(?P<format>[^|]*))?")
# A path into a source: NAME, then .key, [index] or [key=value, ...] steps. Written before the
# expression is parsed as Python, since `[strategy=naive]` is not Python.
PATH = re.compile(r"(?<![\w.\]])(?P<root>[A-Za-z_][A-Za-z0-9_]*)(?P<steps>(?:\.[A-Za-z_][\w-]*|\[[^\]]*\])+)")
TOP_FOLDERS = ("Sources/", "Tests/", "scripts/", "docs/", "results/", "Examples/", "Benchmarks/", "Fuzz/",
               ".github/", ".ci/")


class FigureError(Exception):
    """A figure the CLI does not give: the message names the file, line and figure."""


def line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


class Bench:
    """Runs bench, each distinct command once, from the project root."""

    def __init__(self, executable: str):
        self.executable, self.outputs = executable, {}

    def output(self, args: str, where: str) -> str:
        """What `bench ARGS` prints; `bench A && bench B` runs both and gives B's output, with `{tmp}` a
        folder of their own (for a file one command writes and the next reads, as a trace)."""
        if args not in self.outputs:
            with tempfile.TemporaryDirectory() as tmp:
                for command in args.split(" && bench "):
                    argv = [a.replace("{tmp}", tmp) for a in shlex.split(command)]
                    run = subprocess.run([self.executable] + argv, capture_output=True, text=True)
                    if run.returncode != 0:
                        last = (run.stderr.strip().splitlines() or [""])[-1]
                        raise FigureError(f"{where}: `bench {command}` exits {run.returncode}: {last}")
            self.outputs[args] = run.stdout
        return self.outputs[args]


def number(value):
    """A CSV's or JSON's value as a number where it is one."""
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return value
    return value


def same(a, b) -> bool:
    a, b = number(a), number(b)
    return a == b if not (isinstance(a, float) or isinstance(b, float)) else (
        isinstance(a, (int, float)) and isinstance(b, (int, float)) and abs(a - b) < 1e-9)


def step(value, token: str, where: str):
    """One step of a path: `.key` (of each row, after a step that selected several), `[3]`,
    `[key=value, ...]` (the one row with those values) or `[key in A B C, ...]` (every row with one of
    them, at least one each)."""
    if token.startswith("."):
        if isinstance(value, list):
            return [step(row, token, where) for row in value]
        key = token[1:]
        if not isinstance(value, dict) or key not in value:
            raise FigureError(f"{where}: no key `{key}` (the CLI no longer prints it)")
        return value[key]
    inside = token[1:-1].strip()
    if re.fullmatch(r"-?\d+", inside):
        if not isinstance(value, list) or not -len(value) <= int(inside) < len(value):
            raise FigureError(f"{where}: no item {inside}")
        return value[int(inside)]
    # Split at a comma only where the next condition starts, so a value may hold commas.
    conditions = []
    for part in re.split(r",\s*(?=[\w-]+\s*(?:=|in\s))", inside):
        if m := re.fullmatch(r"\s*([\w-]+)\s+in\s+(.+)", part):
            conditions.append((m[1], m[2].split()))
        elif "=" in part:
            key, wanted = part.split("=", 1)
            conditions.append((key.strip(), [wanted.strip()]))
        else:
            raise FigureError(f"{where}: `{part}` is not KEY=VALUE or KEY in VALUE...")
    if not isinstance(value, list):
        raise FigureError(f"{where}: `[{inside}]` selects rows of a list of rows")
    rows = [row for row in value if isinstance(row, dict)
            and all(k in row and any(same(row[k], v) for v in vs) for k, vs in conditions)]
    several = any(len(vs) > 1 for _, vs in conditions)
    for k, vs in conditions:
        for v in vs:
            if several and not any(same(row[k], v) for row in rows):
                raise FigureError(f"{where}: no row has {k}={v} in [{inside}]")
    if not several and len(rows) != 1:
        raise FigureError(f"{where}: {len(rows)} rows have [{inside}], not one")
    return rows if several else rows[0]


OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
             ast.USub: operator.neg}
FUNCTIONS = {"round": round, "min": min, "max": max, "abs": abs}


class Document:
    """One Markdown file's definitions, evaluated on demand."""

    def __init__(self, path: str, text: str, bench: Bench):
        self.path, self.text, self.bench = path, text, bench
        self.sources, self.figures, self.loaded, self.values = {}, {}, {}, {}
        for m in DEFINITIONS.finditer(text):
            first = line_of(text, m.start("body"))
            for number_, line in enumerate(m.group("body").splitlines(), first):
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                where = f"{path}:{number_}"
                if s := SOURCE_LINE.fullmatch(line):
                    self.sources[s["name"]] = (s["kind"], s["arg"].strip(), where)
                elif f := FIGURE_LINE.fullmatch(line):
                    self.figures[f["name"]] = (f["expr"], (f["format"] or "").strip(), where)
                else:
                    raise FigureError(f"{where}: not `NAME = bench|file ...` or `NAME: EXPRESSION | FORMAT`")

    def source(self, name: str, where: str):
        if name not in self.loaded:
            kind, arg, defined = self.sources[name]
            if kind == "bench":
                text = self.bench.output(arg, defined)
                try:
                    self.loaded[name] = json.loads(text)
                except json.JSONDecodeError:
                    raise FigureError(f"{defined}: `bench {arg}` does not print JSON (add --format json)")
            elif arg.endswith(".csv"):
                with open(arg, encoding="utf-8", newline="") as f:
                    self.loaded[name] = list(csv.DictReader(f))
            else:
                with open(arg, encoding="utf-8") as f:
                    self.loaded[name] = json.load(f)
        return self.loaded[name]

    def value(self, name: str, where: str, seen=()):
        if name in self.values:
            return self.values[name]
        if name not in self.figures:
            raise FigureError(f"{where}: no figure `{name}` is defined in a `<!-- fig definitions` comment of {self.path}")
        if name in seen:
            raise FigureError(f"{where}: figure `{name}` is defined by itself")
        expr, _, defined = self.figures[name]
        paths = {}

        def lookup(m):
            if m["root"] not in self.sources:
                return m.group(0)
            key = f"_path{len(paths)}"
            value = self.source(m["root"], defined)
            for token in re.findall(r"\.[A-Za-z_][\w-]*|\[[^\]]*\]", m["steps"]):
                value = step(value, token, f"{defined}: {name}")
            paths[key] = [number(v) for v in value] if isinstance(value, list) else number(value)
            return key

        python = PATH.sub(lookup, expr)
        self.values[name] = self.evaluate(ast.parse(python, mode="eval").body, paths, f"{defined}: {name}",
                                          seen + (name,))
        return self.values[name]

    def evaluate(self, node, paths, where, seen):
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            if node.id in paths:
                return paths[node.id]
            if node.id in self.sources:
                return number(self.source(node.id, where))
            return self.value(node.id, where, seen)
        if isinstance(node, ast.BinOp) and type(node.op) in OPERATORS:
            return OPERATORS[type(node.op)](self.evaluate(node.left, paths, where, seen),
                                            self.evaluate(node.right, paths, where, seen))
        if isinstance(node, ast.UnaryOp) and type(node.op) in OPERATORS:
            return OPERATORS[type(node.op)](self.evaluate(node.operand, paths, where, seen))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FUNCTIONS:
            return FUNCTIONS[node.func.id](*(self.evaluate(a, paths, where, seen) for a in node.args))
        raise FigureError(f"{where}: only numbers, paths, figures, + - * / and round/min/max/abs")

    def formatted(self, name: str, where: str) -> str:
        value = self.value(name, where)
        spec = self.figures[name][1]
        if not spec:
            return str(value)
        if isinstance(value, str):
            raise FigureError(f"{where}: figure `{name}` is `{value}`, not a number to format as {spec}")
        return format(value, spec)


def regenerate(path: str, bench: Bench, stale: list) -> str:
    """The file's text with every generated block and figure as the CLI gives it now."""
    text = open(path, encoding="utf-8").read()

    def block(m):
        out = bench.output(m["args"], f"{path}:{line_of(text, m.start())}")
        if out != m["body"]:
            stale.append(f"{path}:{line_of(text, m.start())}: the block of `bench {m['args']}` is not what it prints")
        return m.group(1) + out + m.group(4)

    def include(m):
        body = open(m["path"], encoding="utf-8").read()
        if body != m["body"]:
            stale.append(f"{path}:{line_of(text, m.start())}: the block of `{m['path']}` is not that file")
        return m.group(1) + body + m.group(4)

    document = Document(path, text, bench)

    def figure(m):
        where = f"{path}:{line_of(text, m.start())}"
        value = document.formatted(m["name"], where)
        if value != m["body"]:
            stale.append(f"{where}: figure `{m['name']}` reads {m['body']!r}, the CLI gives {value!r}")
        return m.group(1) + value + m.group(4)

    for name in document.figures:  # a figure defined and never quoted must still be one the CLI gives
        document.value(name, f"{path}: figure `{name}`")
    return FIGURE.sub(figure, INCLUDE.sub(include, BLOCK.sub(block, text)))


def tracked() -> set | None:
    """The files a clone has (git's index), or None outside a git checkout."""
    run = subprocess.run(["git", "ls-files", "-z"], capture_output=True, text=True)
    return set(run.stdout.split("\0")) - {""} if run.returncode == 0 else None


def in_clone(path: str, files: set | None) -> bool:
    path = os.path.normpath(path)
    if files is None:
        return os.path.exists(path)
    return path in files or any(f.startswith(path.rstrip("/") + "/") for f in files)


def missing_paths(path: str, text: str, files: set | None) -> list:
    """Paths the document names that a clone lacks: relative links, and backticked repository paths."""
    folder, problems = os.path.dirname(path), []
    # Fenced blocks are commands a reader runs in a folder of their own; blanked, lines kept.
    prose = re.sub(r"```.*?```", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    for m in re.finditer(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", prose):
        target = m.group(1)
        if not re.match(r"[a-z]+:", target) and not in_clone(os.path.join(folder, target), files):
            problems.append(f"{path}:{line_of(prose, m.start())}: links to {target}, which a clone does not have")
    for m in re.finditer(r"`([^`\s]+)`", prose):
        name = m.group(1).rstrip(".,:;")
        if name.startswith(TOP_FOLDERS) and not re.search(r"[<>*{}$]", name) and not in_clone(name, files):
            problems.append(f"{path}:{line_of(prose, m.start())}: names `{name}`, which a clone does not have")
    # The project's working folder beside the repository; the README must not send a reader there.
    for m in re.finditer(r"\.\./shared", prose if os.path.basename(path) == "README.md" else ""):
        problems.append(f"{path}:{line_of(prose, m.start())}: names ../shared, which is not in a clone")
    return problems


def main(argv: list) -> int:
    check = bool(argv) and argv[0] == "--check"
    files = argv[1:] if check else argv
    bench = Bench(os.environ.get("BENCH", "bench"))
    stale, clone = [], tracked()
    try:
        for path in files:
            new = regenerate(path, bench, stale)
            if check:
                stale += missing_paths(path, new, clone)
            elif new != open(path, encoding="utf-8").read():
                open(path, "w", encoding="utf-8").write(new)
    except FigureError as error:
        print(error, file=sys.stderr)
        return 1
    if check and stale:
        print("\n".join(stale) + "\n(run scripts/readme-figures.sh to regenerate the figures)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
