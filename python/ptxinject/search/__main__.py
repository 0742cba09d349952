"""ptxinject-search (also ``ptxinject search``): evolve Stack PTX programs
against a target on the CPU; the best program out as text and PTX stub.

    ptxinject-search --inputs x,y --target 'np.sin(x) * y + 1' --out-dir out
    ptxinject-search --data samples.csv --output z --budget 100000 --out-dir out

Writes OUT/archive.json (the search, resumable with --resume), best.stack
(the best program, a --programs line), best.ptx (its stub) and summary.json
(and with --plot archive.png and progress.png);
prints last a line with the best error, the evaluations spent and the
program. Exit 0 when it ran, whatever it found; 2 with one line on stderr
for bad arguments or a bad target expression.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
import time

import numpy as np

from .._files import write_atomically
from .evaluator import METRICS, CpuEvaluator
from .loop import STRATEGIES, Search
from .target import TargetError, parse_target


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2
        raise UsageError(message)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="ptxinject-search", description=__doc__.split("\n\n")[0])
    p.add_argument("--inputs", help="names of the f32 inputs, comma separated (with --target)")
    p.add_argument("--target", help="formula over the inputs: numbers, + - * / ** %%, "
                                    "comparisons, np.pi, np.e and listed np functions "
                                    "(docs/search.md); computed in float64, compared in f32")
    p.add_argument("--data", help=".csv with a header, or .npz: the inputs and the target")
    p.add_argument("--output", default=None, help="the target column of --data (default: the last)")
    p.add_argument("--samples", type=int, default=64, help="generated samples (default 64)")
    p.add_argument("--range", action="append", default=[], metavar="NAME=LO:HI",
                   help="the interval an input is sampled from (default -1:1)")
    p.add_argument("--strategy", choices=STRATEGIES, default="map-elites")
    p.add_argument("--budget", type=int, default=20000, help="programs evaluated (default 20000)")
    p.add_argument("--length", type=int, default=16, help="instructions of random programs")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--desc", help="Stack PTX instruction description JSON (default: built in)")
    p.add_argument("--arch", default=None, help="never draw what this arch lacks (sm_80, ...)")
    p.add_argument("--metric", choices=METRICS, default="max_abs")
    p.add_argument("--tolerance", type=float, default=None,
                   help="stop when the best error is at most this (solved)")
    p.add_argument("--jobs", type=int, default=0,
                   help="evaluator threads (0, the default: every core); the same seed gives "
                        "the same search whatever the number")
    p.add_argument("--scaling", choices=("auto", "on", "off"), default="auto",
                   help="score a*f+b, a and b solved and appended as an fma (auto, the default: "
                        "on for max_abs and mean_abs, off for max_ulp)")
    p.add_argument("--fit", type=float, default=CpuEvaluator.RECOMMENDED_FIT, metavar="SHARE",
                   help="the share of each generation, its best programs with constants, whose "
                        f"f32 constants are fitted (default {CpuEvaluator.RECOMMENDED_FIT}; 0: none)")
    p.add_argument("--fit-iterations", type=int, default=CpuEvaluator.DEFAULT_FIT_ITERATIONS,
                   help="Levenberg-Marquardt steps per fitted program "
                        f"(default {CpuEvaluator.DEFAULT_FIT_ITERATIONS})")
    p.add_argument("--input-weights", choices=("on", "off"), default="on",
                   help="give each input of a fitted program a weight (1.0 mul) fitted with its "
                        "constants, kept where it lowers the error (default on)")
    p.add_argument("--out-dir", required=True)
    p.add_argument("--resume", action="store_true", help="go on from OUT/archive.json")
    p.add_argument("--winners", type=int, default=16,
                   help="the best programs written to OUT/winners.stack (default 16)")
    p.add_argument("--kernel", help="annotated PTX to render the winners into: OUT/winners/ gets "
                                    "a cubin per winner and manifest.tsv, as ptxinject variants "
                                    "writes them (needs --slot when the kernel has several injects)")
    p.add_argument("--slot", help="the inject of --kernel the winners fill; its operand labels "
                                  "must be the inputs and --result")
    p.add_argument("--result", default="out",
                   help="the name of the output register (default out): the label of the "
                        "inject's out operand with --kernel")
    p.add_argument("--plot", action="store_true",
                   help="also write OUT/archive.png and OUT/progress.png (needs matplotlib: "
                        "pip install 'ptxinject[plot]')")
    p.add_argument("--no-progress", action="store_true")
    return p


def _samples(args):
    """(input names, columns, target) from --data or --inputs/--target."""
    if args.data:
        if args.target or args.inputs:
            raise UsageError("give --data or --inputs with --target, not both")
        if args.data.endswith(".npz"):
            with np.load(args.data) as z:
                table = {k: np.asarray(z[k], dtype=np.float64) for k in z.files}
        else:
            import csv
            with open(args.data, newline="") as f:
                rows = list(csv.reader(f))
            if len(rows) < 2:
                raise UsageError(f"{args.data}: needs a header line and samples")
            try:
                table = {name.strip(): np.array([float(r[i]) for r in rows[1:]])
                         for i, name in enumerate(rows[0])}
            except (ValueError, IndexError) as e:
                raise UsageError(f"{args.data}: not a table of numbers ({e})")
        names = list(table)
        output = args.output or names[-1]
        if output not in table:
            raise UsageError(f"--output {output!r} is not a column of {args.data}")
        inputs = [n for n in names if n != output]
        return inputs, [table[n] for n in inputs], table[output]
    if not args.inputs or not args.target:
        raise UsageError("give --inputs and --target, or --data")
    inputs = [n.strip() for n in args.inputs.split(",") if n.strip()]
    for n in inputs:
        if not n.isidentifier() or n == "np":
            raise UsageError(f"--inputs: {n!r} is not a usable name")
    ranges = {n: (-1.0, 1.0) for n in inputs}
    for r in args.range:
        name, _, span = r.partition("=")
        lo, _, hi = span.partition(":")
        try:
            ranges[name] = (float(lo), float(hi))
        except ValueError:
            raise UsageError(f"--range {r!r}: expected NAME=LO:HI")
        if name not in inputs:
            raise UsageError(f"--range {r!r}: {name!r} is not an input")
    if args.samples < 1:
        raise UsageError("--samples must be at least 1")
    rng = np.random.default_rng(args.seed)
    columns = [rng.uniform(*ranges[n], args.samples).astype(np.float32) for n in inputs]
    env = {n: c.astype(np.float64) for n, c in zip(inputs, columns)}
    try:  # parsed and walked, never run as Python (see target.py)
        target = parse_target(args.target, inputs).evaluate(env)
    except TargetError as e:
        raise UsageError(f"--target {args.target!r}: {e}")
    target = np.broadcast_to(target, (args.samples,))
    return inputs, columns, target


def _compile_winners(args, search, winners) -> int:
    """The winners rendered into --kernel and compiled, one cubin each (pack
    1), in OUT/winners/ as ``ptxinject variants`` leaves an output folder:
    module_NNNNNN.cubin and manifest.tsv, whose program k is winners.stack's
    k-th program (its source column names the line)."""
    from .. import Error, Module, compile_variants
    from ..variants import write_variants_output

    texts = [search.text(e) for e in winners]
    try:
        with open(args.kernel) as f:
            module = Module.parse(f.read())
        result = compile_variants(module, texts, inject=args.slot, arch=args.arch or "sm_80",
                                  dedup=False)
        # The inject the programs filled: --slot, else the kernel's only one.
        slot = args.slot or module.injects[0].name
        write_variants_output(os.path.join(args.out_dir, "winners"), module, result,
                              sources=[f"winners.stack:{k + 2}:1" for k in range(len(texts))],
                              texts=texts, pack=1, slots=[slot])
    except (OSError, Error) as e:
        print(f"{args.kernel}: error: {e}", file=sys.stderr)
        return 1
    for f in result.failures:
        print(f"{args.kernel}: error: winner {f.program}: {f.message}", file=sys.stderr)
    return 0


def main(argv=None) -> int:
    try:
        args = _parser().parse_args(argv)
        if args.budget < 1:
            raise UsageError("--budget must be at least 1")
        if args.jobs < 0:
            raise UsageError("--jobs must be 0 (every core) or more")
        if not 0 <= args.fit <= 1:
            raise UsageError("--fit is a share of the programs, 0 to 1")
        if args.fit_iterations < 1:
            raise UsageError("--fit-iterations must be at least 1")
        if args.plot:
            try:
                import matplotlib  # noqa: F401
            except ImportError:
                raise UsageError("--plot needs matplotlib: pip install 'ptxinject[plot]'")
        inputs, columns, target = _samples(args)
        if args.result in inputs or not args.result.isidentifier():
            raise UsageError(f"--result {args.result!r}: not a name apart from the inputs")
        evaluator = CpuEvaluator(inputs, columns, np.asarray(target, dtype=np.float32),
                                 output=args.result, metric=args.metric,
                                 instruction_set=args.desc, jobs=args.jobs,
                                 scaling=None if args.scaling == "auto" else args.scaling == "on",
                                 fit=args.fit, fit_iterations=args.fit_iterations,
                                 input_weights=args.input_weights == "on")
    except UsageError as e:
        print(f"ptxinject-search: error: {e}", file=sys.stderr)
        return 2
    os.makedirs(args.out_dir, exist_ok=True)
    archive_path = os.path.join(args.out_dir, "archive.json")
    if args.resume and os.path.exists(archive_path):
        search = Search.load(archive_path, instruction_set=args.desc)
    else:
        scale = float(np.max(np.abs(target))) if len(target) else 1.0
        search = Search(evaluator.registers, strategy=args.strategy, length=args.length,
                        seed=args.seed, arch=args.arch, instruction_set=args.desc,
                        max_error=max(scale, 1e-6))
    show = not args.no_progress and sys.stderr.isatty()
    start = time.perf_counter()

    def progress(g):
        if show:
            print(f"\rgeneration {g.generation}: {g.evaluations} evaluated, best error "
                  f"{g.best_error:.3g}, coverage {100 * g.coverage:.1f}%   ",
                  end="", file=sys.stderr, flush=True)

    best = search.run(evaluator, search.evaluations + args.budget if args.resume else args.budget,
                      tolerance=args.tolerance, progress=progress)
    if show:
        print(file=sys.stderr)
    seconds = time.perf_counter() - start
    search.save(archive_path)
    text = search.text(best) if best else ""
    stub = best.stub if best else ""
    out = functools.partial(os.path.join, args.out_dir)
    write_atomically(out("best.stack"),
                     f"# ptxinject-search: best error {best.error if best else 'none'}\n{text}\n")
    write_atomically(out("best.ptx"), stub + "\n")
    winners = sorted(search.archive.elites(), key=lambda e: (e.error, len(e.words), e.id))
    winners = winners[: max(0, args.winners)]
    write_atomically(out("winners.stack"),
                     "# ptxinject-search: the best programs, best first; a --programs file of "
                     "'ptxinject variants'\n" + "".join(search.text(e) + "\n" for e in winners))
    if args.plot:
        from .plot import save_archive_plot, save_progress_plot
        save_archive_plot(search, out("archive.png"))
        save_progress_plot(search, out("progress.png"))
    if args.kernel:
        status = _compile_winners(args, search, winners)
        if status:
            return status
    error = best.error if best else float("inf")
    summary = {"best_error": error, "solved": args.tolerance is not None and error <= args.tolerance,
               "evaluations": search.evaluations, "search_evaluations": search.search_evaluations,
               "fit_evaluations": search.fit_evaluations, "seconds": seconds, "program": text,
               "strategy": search.strategy, "seed": search.seed, "metric": args.metric,
               "generations": search.generation, "coverage": search.archive.coverage()}
    write_atomically(out("summary.json"), json.dumps(summary, indent=1))
    print(f"best error {error:.6g} after {search.evaluations} evaluations "
          f"({search.search_evaluations} search, {search.fit_evaluations} fitting): {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
