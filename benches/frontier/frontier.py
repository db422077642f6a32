#!/usr/bin/env python3
"""The frontier benchmark: bitsudoku beside CaDiCaL, one puzzle after the other.

For each puzzle of FILE (one puzzle a line, `.` blank, symbols 1-9 then A-Z;
`#` lines are comments), this runs

  * CaDiCaL through python-sat (`pip install python-sat`): the plain
    encoding (one variable per cell and digit; per cell and per house and
    digit, at least one and pairwise at most one), then uniqueness by
    blocking the first solution; the givens as assumptions (the protocol
    of the figures in ../shared/PERFORMANCE.md), as unit clauses (which lets
    CaDiCaL simplify them away: much faster), or both, one after the other;
  * `bitsudoku count --stats` (limit 2: a solution and the proof that it is
    the only one) on the same puzzle,

and prints a Markdown table with both times, so the two are measured on the
same machine in the same minutes.

  python3 benches/frontier/frontier.py --givens both ../shared/data/25x25/gecode_25x25.txt
  python3 benches/frontier/frontier.py --sat none --variants 3 FILE   # isomorphs only

`--variants K` also runs K random isomorphs of each puzzle (digits relabelled,
bands, rows, stacks and columns permuted, maybe transposed): the same puzzle,
which must take about the same effort.
"""

import argparse
import random
import re
import statistics
import subprocess
import sys
import time

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def read_puzzles(path):
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            text = line.split()[0]
            side = round(len(text) ** 0.5)
            if side * side != len(text):
                raise SystemExit(f"{path}: a line of {len(text)} symbols is not a square grid")
            out.append([0 if ch == "." else SYMBOLS.index(ch.upper()) + 1 for ch in text])
    return out


def text(cells):
    return "".join("." if d == 0 else SYMBOLS[d - 1] for d in cells)


def isomorph(cells, rng):
    """The same puzzle, relabelled and permuted at random."""
    n = round(len(cells) ** 0.5)
    b = round(n**0.5)

    def line_order():
        bands = rng.sample(range(b), b)
        return [band * b + r for band in bands for r in rng.sample(range(b), b)]

    rows, cols = line_order(), line_order()
    label = [0] + rng.sample(range(1, n + 1), n)
    flip = rng.random() < 0.5
    out = [0] * (n * n)
    for r in range(n):
        for c in range(n):
            rr, cc = (c, r) if flip else (r, c)
            out[r * n + c] = label[cells[rows[rr] * n + cols[cc]]]
    return out


def cnf(n):
    """The plain encoding: variable (r, c, d) is r·n² + c·n + d + 1."""
    b = round(n**0.5)
    var = lambda r, c, d: r * n * n + c * n + d + 1  # noqa: E731
    groups = [[var(r, c, d) for d in range(n)] for r in range(n) for c in range(n)]
    for d in range(n):
        groups += [[var(r, c, d) for c in range(n)] for r in range(n)]
        groups += [[var(r, c, d) for r in range(n)] for c in range(n)]
        groups += [
            [var(br * b + i // b, bc * b + i % b, d) for i in range(n)]
            for br in range(b)
            for bc in range(b)
        ]
    clauses = []
    for g in groups:
        clauses.append(g)
        clauses += [[-g[i], -g[j]] for i in range(len(g)) for j in range(i + 1, len(g))]
    return clauses, var


def cadical_run(cells, name, units, report):
    """In a child process: solve, block, solve again; report the times."""
    import pysat.solvers

    n = round(len(cells) ** 0.5)
    clauses, var = cnf(n)
    givens = [var(i // n, i % n, d - 1) for i, d in enumerate(cells) if d]
    if units:
        clauses += [[g] for g in givens]
    assumptions = [] if units else givens
    solver = pysat.solvers.Solver(name=name, bootstrap_with=clauses)
    start = time.perf_counter()
    first = solver.solve(assumptions=assumptions)
    solved = time.perf_counter() - start
    report.send(("solved", solved))
    if not first:
        report.send(("done", solved, 0.0, "none"))
        return
    chosen = [lit for lit in solver.get_model() if lit > 0]
    solver.add_clause([-lit for lit in chosen])
    start = time.perf_counter()
    second = solver.solve(assumptions=assumptions)
    unique = time.perf_counter() - start
    report.send(("done", solved, unique, "several" if second else "unique"))


def cadical(cells, name, timeout, units):
    """(solve seconds, uniqueness seconds, outcome) for one puzzle, the
    givens as unit clauses or as assumptions; in a child process that is
    stopped after `timeout` seconds (python-sat cannot interrupt CaDiCaL)."""
    import multiprocessing

    ours, theirs = multiprocessing.Pipe(duplex=False)
    child = multiprocessing.Process(target=cadical_run, args=(cells, name, units, theirs))
    child.start()
    deadline = time.perf_counter() + timeout
    solved = None
    try:
        while True:
            left = deadline - time.perf_counter()
            if left <= 0 or not ours.poll(left):
                return solved, None, "timeout"
            msg = ours.recv()
            if msg[0] == "solved":
                solved = msg[1]
            else:
                return msg[1], msg[2], msg[3]
    finally:
        child.kill()
        child.join()


STATS = re.compile(r"puzzle 1 \(line 1\): (\w+), (\d+) guesses, (\d+) nodes(?:, (\d+) conflicts)?, (\d+) µs")


def bitsudoku(cells, binary, engine, timeout):
    """(seconds, outcome, nodes, conflicts) from `bitsudoku count --stats`."""
    args = [binary, "count", "--stats", "-q", "--timeout", str(timeout)]
    if engine:
        args += ["--engine", engine]
    run = subprocess.run(args, input=text(cells) + "\n", capture_output=True, text=True)
    m = STATS.search(run.stderr)
    if not m:
        raise SystemExit(f"unexpected output from {' '.join(args)}:\n{run.stdout}{run.stderr}")
    outcome, _guesses, nodes, conflicts, micros = m.groups()
    return int(micros) / 1e6, outcome, int(nodes), int(conflicts or 0)


def fmt(seconds):
    return "—" if seconds is None else f"{seconds:.2f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file")
    ap.add_argument("--bitsudoku", default="target/release/bitsudoku")
    ap.add_argument("--engine", help="bitsudoku's --engine (default: its default)")
    ap.add_argument("--sat", default="cadical195", help="python-sat solver name, or 'none'")
    ap.add_argument(
        "--givens",
        choices=["assumptions", "units", "both"],
        default="both",
        help="how CaDiCaL gets the givens",
    )
    ap.add_argument("--timeout", type=float, default=600, help="seconds per puzzle and solver")
    ap.add_argument("--puzzles", help="1-based puzzle numbers, comma-separated (default: all)")
    ap.add_argument("--variants", type=int, default=0, help="random isomorphs per puzzle")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    puzzles = read_puzzles(args.file)
    chosen = [int(x) for x in args.puzzles.split(",")] if args.puzzles else range(1, len(puzzles) + 1)
    rng = random.Random(args.seed)
    sat = args.sat != "none"

    modes = {"assumptions": [False], "units": [True], "both": [False, True]}[args.givens] if sat else []
    mode_name = {False: "givens as assumptions", True: "givens as units"}

    head = "| puzzle |"
    rule = "|---:|"
    for units in modes:
        head += f" {args.sat}, {mode_name[units]}: solve s | + unique s | total s |"
        rule += "---:|---:|---:|"
    head += " bitsudoku s | outcome | decisions | conflicts |"
    rule += "---:|---|---:|---:|"
    for units in modes:
        head += f" ratio ({mode_name[units]}) |"
        rule += "---:|"
    print(head)
    print(rule, flush=True)
    ours_all = []
    theirs_all = {units: [] for units in modes}
    for number in chosen:
        base = puzzles[number - 1]
        for variant in range(args.variants + 1):
            cells = base if variant == 0 else isomorph(base, rng)
            label = str(number) if variant == 0 else f"{number}′{variant}"
            row = f"| {label} |"
            totals = {}
            for units in modes:
                solved, unique, verdict = cadical(cells, args.sat, args.timeout, units)
                total = solved + unique if unique is not None and verdict == "unique" else None
                totals[units] = total
                theirs_all[units].append(total)
                row += f" {fmt(solved)} | {fmt(unique)} | {fmt(total) if total else verdict} |"
            secs, outcome, nodes, conflicts = bitsudoku(cells, args.bitsudoku, args.engine, args.timeout)
            ours = secs if outcome == "unique" else None
            row += f" {fmt(secs)} | {outcome} | {nodes - 1:,} | {conflicts:,} |"
            for units in modes:
                total = totals[units]
                row += f" {total / secs:.1f}× |" if total and ours else " — |"
            ours_all.append(ours)
            print(row, flush=True)
    answered = [x for x in ours_all if x is not None]
    summary = f"\nbitsudoku: {len(answered)} of {len(ours_all)} proven unique"
    if answered:
        summary += f", median {statistics.median(answered):.2f} s, worst {max(answered):.2f} s, total {sum(answered):.1f} s"
    print(summary)
    for units in modes:
        done = [x for x in theirs_all[units] if x is not None]
        line = f"{args.sat}, {mode_name[units]}: {len(done)} of {len(theirs_all[units])} proven unique"
        if done:
            line += f", median {statistics.median(done):.2f} s, worst {max(done):.2f} s, total {sum(done):.1f} s"
        print(line)

if __name__ == "__main__":
    sys.exit(main())
