"""Evaluators: programs in; error, descriptors and fitness out.

Any object with ``evaluate(programs) -> Evaluation`` plugs into the search
loop (the GPU evaluator of ``ptxinject.gpu`` and a user's own included).
``CpuEvaluator`` scores on the CPU with the Stack PTX batch evaluator
(``ptxinject.stack.evaluate``): no PTX is compiled, only each program's stub
(microseconds) to count what it would run.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import List, Optional, Sequence

import numpy as np

from .. import _core, stack
from . import fitting

METRICS = ("max_abs", "mean_abs", "max_ulp")


class InstructionCosts:
    """What each statement of a stub costs, by its opcode, from an
    instruction set's description: its ``"latency"`` (estimated cycles in a
    dependent chain, 4 when the description gives none) and
    ``"approximate"`` (special function unit or approximate result). The
    shipped description's figures come from NVIDIA's throughput tables and
    microbenchmarks of Volta to Hopper: a model for ranking programs, not a
    timing. Entries that share an opcode (``mov.b32`` under several display
    names) cost the largest of theirs; opcodes the description lacks cost 4.
    """

    def __init__(self, instruction_set=None):
        s = instruction_set if instruction_set is not None else stack.InstructionSet.builtin()
        self._costs = _core.StubCosts(s)

    def measure(self, stub: str) -> tuple:
        """(live statements, approximate ones, summed latency) of a stub.
        The compiler has removed dead code, so every statement runs; the
        moves into and out of registers are not counted (ptxas removes
        them), and the sum bounds a dependent chain."""
        return self._costs.measure([stub])[0]

    def measure_all(self, stubs: Sequence[str]) -> list:
        """measure() of each stub, in one call."""
        return self._costs.measure(list(stubs))


_BUILTIN_COSTS = None


def _builtin_costs() -> InstructionCosts:
    global _BUILTIN_COSTS
    if _BUILTIN_COSTS is None:
        _BUILTIN_COSTS = InstructionCosts()
    return _BUILTIN_COSTS


def stub_descriptors(stub: str, costs: InstructionCosts = None) -> tuple:
    """(live instructions, approximate/transcendental instructions) of a
    stub, by the shipped description's costs unless ``costs`` is given."""
    return (costs or _builtin_costs()).measure(stub)[:2]


def stub_latency(stub: str, costs: InstructionCosts = None) -> float:
    """The estimated cycles of a stub's instructions (summed: a bound for a
    dependent chain), by the description's per-instruction latencies."""
    return (costs or _builtin_costs()).measure(stub)[2]


# Built-in descriptors by name: their column of InstructionCosts.measure.
BUILTIN_DESCRIPTORS = {"live_instructions": 0, "approximate_instructions": 1, "latency": 2}


class Descriptors:
    """The descriptors an evaluator gives each program: built-in ones by
    name (BUILTIN_DESCRIPTORS), measured for every stub in one call, and
    functions ``f(stub, words) -> float`` of a user's."""

    def __init__(self, descriptors: Sequence, costs: InstructionCosts):
        for d in descriptors:
            if not callable(d) and d not in BUILTIN_DESCRIPTORS:
                raise ValueError(f"unknown descriptor {d!r}: a function or one of "
                                 f"{', '.join(BUILTIN_DESCRIPTORS)}")
        self.descriptors = list(descriptors)
        self.costs = costs

    def __call__(self, stubs: Sequence[str], programs) -> np.ndarray:
        """(programs, descriptors) float64."""
        out = np.zeros((len(stubs), len(self.descriptors)), dtype=np.float64)
        if not len(stubs):
            return out
        if any(not callable(d) for d in self.descriptors):
            measured = np.array(self.costs.measure_all(stubs), dtype=np.float64)
        for k, d in enumerate(self.descriptors):
            out[:, k] = ([d(s, w) for s, w in zip(stubs, programs)] if callable(d)
                         else measured[:, BUILTIN_DESCRIPTORS[d]])
        return out


@dataclass
class Evaluation:
    error: np.ndarray  # per program, lower is better; inf when it cannot run
    descriptors: np.ndarray  # (programs, descriptors)
    stubs: List[str]
    # The programs scored, when the evaluator rewrote them (a scaling tail
    # appended, constants fitted): row i replaces the i-th program asked
    # for, and error, descriptors and stubs are of these.
    programs: Optional[np.ndarray] = None
    # Per program, the words of its scaling tail (0: none; see fitting.py).
    tails: Optional[np.ndarray] = None
    # Programs run to fit constants, besides one scored per program asked.
    fit_evaluations: int = 0


class CpuEvaluator:
    """Scores programs over registers ``inputs + [output]`` against a target.

    inputs: names of the f32 input registers; columns: their samples (one f32
    array per input); target: the wanted output per sample. metric: one of
    ``max_abs``, ``mean_abs``, ``max_ulp``. descriptors: names of built-in
    ones (``live_instructions``, ``approximate_instructions``, ``latency``)
    or functions ``f(stub, words) -> float`` of a user's. cross_check:
    programs per call also run as compiled stubs by the PTX evaluator and
    compared bit for bit (a disagreement raises RuntimeError).

    scaling: score each program ``f`` as ``a*f + b`` too, ``a`` and ``b``
    solved in closed form and appended as ``a b fma.rn.ftz.f32``; the
    scaled program replaces the program when its error is lower. None (the
    default, as ``ptxinject search``) chooses by the metric: on for max_abs
    and mean_abs, off for max_ulp; False scores the programs as they are.
    fit: the share of each call's programs, the best by error among those
    whose output depends on an f32 constant (or an input, with
    input_weights), whose constants are fitted (``fit_iterations``
    Levenberg-Marquardt steps, docs/search.md; default ``RECOMMENDED_FIT``,
    as ``ptxinject search``; 0: none); every Jacobian and program run for
    it counts in ``fit_evaluations``. input_weights: before
    a fit, each input of a candidate gets a weight (``1.0 mul``) fitted with
    its constants, as Operon gives every leaf a weight; the weights stay
    only where the fit lowers the error (default on, as ``ptxinject
    search``). fit_budget: when set, at most about this many evaluations
    are spent fitting per call (the search sets it to what its budget has
    left)."""

    RECOMMENDED_FIT = 0.35
    DEFAULT_FIT_ITERATIONS = 10

    def __init__(self, inputs: Sequence[str], columns: Sequence[np.ndarray], target: np.ndarray,
                 *, output: str = "out", metric: str = "max_abs", instruction_set=None,
                 jobs: int = 0,
                 descriptors: Sequence = ("live_instructions", "approximate_instructions"),
                 cross_check: int = 2, seed: int = 0, scaling: Optional[bool] = None,
                 fit: float = RECOMMENDED_FIT, fit_iterations: int = DEFAULT_FIT_ITERATIONS,
                 input_weights: bool = True):
        if metric not in METRICS:
            raise ValueError(f"metric must be one of {', '.join(METRICS)}, not {metric!r}")
        if not 0 <= fit <= 1:
            raise ValueError(f"fit is a share of the programs, 0 to 1, not {fit!r}")
        self.scaling = metric in ("max_abs", "mean_abs") if scaling is None else bool(scaling)
        self.fit = float(fit)
        self.fit_iterations = int(fit_iterations)
        self.input_weights = bool(input_weights)
        self.fit_budget: Optional[int] = None
        self._tails = fitting.Tails(instruction_set) if self.scaling or self.fit else None
        self.registers = [(name, "F32") for name in inputs] + [(output, "F32")]
        self.columns = [np.ascontiguousarray(c, dtype=np.float32) for c in columns]
        self.target = np.ascontiguousarray(target, dtype=np.float32)
        self.columns.append(np.zeros_like(self.target))
        self.output = output
        self.metric = metric
        self.instruction_set = instruction_set
        self.jobs = jobs
        self.cross_check = cross_check
        self._rng = np.random.default_rng(seed)
        self.costs = InstructionCosts(instruction_set)
        self.descriptors = Descriptors(descriptors, self.costs)
        self._compiler = stack.StackCompiler(instruction_set) if instruction_set is not None \
            else stack.StackCompiler()

    def _score(self, programs, outputs: bool = False) -> dict:
        # A thread is worth starting for 64 programs or more (the fits run
        # a handful at a time); the scores do not depend on the threads.
        jobs = self.jobs or os.cpu_count() or 1
        jobs = max(1, min(jobs, len(programs) // 64))
        return stack.evaluate(programs, self.registers, self.columns, self.target,
                              request=self.output, instruction_set=self.instruction_set,
                              jobs=jobs, outputs=outputs)

    def _rewrite(self, programs):
        """The programs scaled and fitted where that lowers the error: (the
        programs, their scores, their tails, programs run to fit)."""
        programs = fitting.as_rows(programs)
        scores = self._score(programs, outputs=True)
        error = np.asarray(scores[self.metric], dtype=np.float64)
        tails = np.zeros(len(programs), dtype=np.int64)
        fit_runs = 0
        if self.scaling and len(programs):
            a, b = fitting.linear_scale(scores["outputs"], self.target, self.metric)
            scaled = self._tails.append(programs, a, b)
            scaled_error = np.asarray(self._score(scaled)[self.metric], dtype=np.float64)
            better = scaled_error < error
            programs = np.concatenate([programs, np.zeros((len(programs), fitting.TAIL_WORDS),
                                                          dtype=np.uint64)], axis=1)
            programs[better] = scaled[better]
            error = np.where(better, scaled_error, error)
            tails[better] = fitting.TAIL_WORDS
        if self.fit and len(programs):
            programs, fit_runs = self._fit(programs, error, tails, scores["outputs"])
        return programs, error, tails, fit_runs

    def _fit(self, programs: np.ndarray, error: np.ndarray, tails: np.ndarray,
             outputs: np.ndarray) -> tuple:
        """Fits the constants of the best share of the programs (error and
        tails in place); outputs: each program's unscaled outputs. Returns
        the programs (wider where a fitted one with weights needs it) and
        the programs run."""
        count = int(np.ceil(self.fit * len(programs)))
        order = np.argsort(error, kind="stable")
        order = order[np.isfinite(error[order])]
        budget = self.fit_budget
        if budget is not None:
            # Each candidate costs two evaluations a step at most: its
            # Jacobian and a trial.
            count = min(count, budget // (2 * self.fit_iterations + 2))
        # The best programs with a constant their output depends on (the
        # scaling tail taken off, the inputs weighted), in C++.
        picked, genomes, positions = _core._fit_candidates(
            programs, order.tolist(), tails.tolist(), count,
            self._tails.weight.tolist() if self.input_weights else None, self.registers,
            len(self.registers) - 1, self.instruction_set)
        if not picked:
            return programs, 0
        fitted, runs, out = fitting.levenberg_marquardt(
            genomes, positions, self, self.fit_iterations, scale=self.scaling,
            outputs=outputs[picked], jobs=self.jobs or os.cpu_count() or 1)
        # Only programs whose constants moved are scored again.
        moved = [k for k in range(len(picked)) if not np.array_equal(fitted[k], genomes[k])]
        if not moved:
            return programs, runs
        picked = [picked[k] for k in moved]
        rows = fitting.as_rows([fitted[k] for k in moved])
        out = out[moved]
        if self.scaling:
            a, b = fitting.linear_scale(out, self.target, self.metric)
            rows = self._tails.append(rows, a, b)
        runs += len(rows)
        new_error = np.asarray(self._score(rows)[self.metric], dtype=np.float64)
        if rows.shape[1] > programs.shape[1]:
            wider = np.zeros((len(programs), rows.shape[1]), dtype=np.uint64)
            wider[:, : programs.shape[1]] = programs
            programs = wider
        ends = fitting.program_lengths(rows) + 1
        for i, row, end, e in zip(picked, rows, ends, new_error):
            if e < error[i]:
                programs[i] = 0
                programs[i, :end] = row[:end]
                error[i] = e
                tails[i] = fitting.TAIL_WORDS if self.scaling else 0
        return programs, runs

    def evaluate(self, programs) -> Evaluation:
        rewritten = None
        tails = None
        fit_runs = 0
        if self.scaling or self.fit:
            programs, error, tails, fit_runs = self._rewrite(programs)
            rewritten = programs
        else:
            error = np.asarray(self._score(programs)[self.metric], dtype=np.float64)
        stubs = self._compiler.compile_batch(programs, self.registers, [self.output])
        descriptors = self.descriptors(stubs, programs)
        if self.cross_check and len(programs):
            # A few programs a generation, run as compiled stubs by the PTX
            # evaluator: what the search scores is what the stub computes.
            picks = self._rng.choice(len(programs), min(self.cross_check, len(programs)),
                                     replace=False)
            found = stack.cross_check([programs[i] for i in picks], self.registers, self.columns,
                                      request=self.output, instruction_set=self.instruction_set)
            for i, message in zip(picks, found):
                if message:
                    raise RuntimeError(f"CPU evaluator and PTX evaluator disagree on program "
                                       f"{i}: {message} (a bug: please report it)")
        return Evaluation(error, descriptors, stubs, rewritten, tails, fit_runs)
