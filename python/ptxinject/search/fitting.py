"""Linear scaling and constant fitting of Stack PTX programs.

Linear scaling: a program's output ``f`` is scored as ``a*f + b``, with
``a`` and ``b`` solved in closed form from its outputs on the samples and
appended to the program as three words, ``a b fma.rn.ftz.f32`` (the tail):
the scaled program is still Stack PTX, compiled and interpreted as any
other, and its error is what the batch evaluator measures on it.

Constant fitting: a program's f32 constant words are fitted to the samples
by Levenberg-Marquardt on ``a*f(x; c) + b``, the Jacobian by one
forward-mode pass over the program; the fitted constants are written back
into the words.

The scaling tail is made here; the choice of constants, the algebra and
the fits run in C++ (lib/stackptx/ConstantFit.h), a batch of programs at a
time.
"""

from __future__ import annotations

from typing import Sequence, Tuple

import numpy as np

from .. import _core, stack

TAIL_WORDS = 3  # constant a, constant b, fma
FMA = "fma.rn.ftz.f32"
WEIGHT = "mul.ftz.f32"  # an input's weight: ``x 1.0 mul``
RETURN_KIND_MASK = np.uint64(0xFF)


def program_lengths(programs: np.ndarray) -> np.ndarray:
    """Per row, the index of its first return word (the row's width when it
    has none)."""
    ends = (programs & RETURN_KIND_MASK) == 0
    return np.where(ends.any(axis=1), np.argmax(ends, axis=1), programs.shape[1])


def as_rows(programs) -> np.ndarray:
    """programs (a 2-D uint64 array or a list of word arrays) as a 2-D uint64
    array whose rows end with at least one return word."""
    if isinstance(programs, np.ndarray) and programs.ndim == 2 and programs.dtype == np.uint64:
        rows = programs
    else:
        lists = [np.asarray(p, dtype=np.uint64).ravel() for p in programs]
        width = max((len(p) for p in lists), default=0)
        rows = np.zeros((len(lists), width), dtype=np.uint64)
        for i, p in enumerate(lists):
            rows[i, : len(p)] = p
    if rows.shape[1] == 0 or (rows[:, -1] & RETURN_KIND_MASK).any():
        rows = np.concatenate([rows, np.zeros((len(rows), 1), dtype=np.uint64)], axis=1)
    return rows


def f32_words(values) -> np.ndarray:
    """f32 values as their bit patterns (uint64)."""
    return np.asarray(values, dtype=np.float32).view(np.uint32).astype(np.uint64)


class Tails:
    """Makes the scaling tail and the input weight of programs of one
    instruction set."""

    def __init__(self, instruction_set=None):
        self.builder = stack.Builder(instruction_set if isinstance(instruction_set, stack.InstructionSet)
                                     else stack.InstructionSet.builtin() if instruction_set is None
                                     else stack.InstructionSet.from_file(instruction_set))
        self.constant_base = np.uint64(int(self.builder.constant("F32", 0.0)))
        self.fma = np.uint64(int(self.builder.ptx(FMA)))
        self.weight = np.array([self.constant_words([1.0])[0], int(self.builder.ptx(WEIGHT))],
                               dtype=np.uint64)

    def constant_words(self, values) -> np.ndarray:
        return self.constant_base | (f32_words(values) << np.uint64(32))

    def append(self, programs: np.ndarray, a, b) -> np.ndarray:
        """Each row with ``a[i] b[i] fma`` inserted before its first return
        (a new array, TAIL_WORDS columns wider)."""
        n, width = programs.shape
        out = np.zeros((n, width + TAIL_WORDS), dtype=np.uint64)
        out[:, :width] = programs
        ends = program_lengths(programs)
        rows = np.arange(n)
        out[rows, ends] = self.constant_words(a)
        out[rows, ends + 1] = self.constant_words(b)
        out[rows, ends + 2] = self.fma
        out[rows, ends + 3] = 0
        return out


def linear_scale(outputs: np.ndarray, target: np.ndarray, metric: str) -> Tuple[np.ndarray, np.ndarray]:
    """Per row of outputs (programs x samples), ``a`` and ``b`` (float64)
    with ``a*f + b`` closest to target: least squares; for ``max_abs`` the
    offset then moved to the middle of the residuals' range (the best
    offset for that slope). A row that is not finite everywhere, or is
    constant, gets ``a = 0`` and the offset alone (ConstantFit.h)."""
    outputs = np.ascontiguousarray(outputs, dtype=np.float32).reshape(len(outputs), -1)
    return _core._linear_scale(outputs, np.ascontiguousarray(target, dtype=np.float32),
                               metric == "max_abs")


def levenberg_marquardt(rows: np.ndarray, positions: Sequence[np.ndarray], evaluator,
                        iterations: int, max_constants: int = 8, scale: bool = True,
                        outputs: np.ndarray = None, jobs: int = 1) -> Tuple[np.ndarray, int, np.ndarray]:
    """Fits the f32 constants at ``positions[j]`` of program ``rows[j]`` (a
    2-D uint64 array) so that ``a*f + b`` (a, b fitted with them) comes
    close to the evaluator's target in least squares (``f`` itself when not
    ``scale``), on its inputs and instruction set: Levenberg-Marquardt, each
    step a Jacobian pass per program and one batch-evaluator call for every
    trial point (ConstantFit.h); a Jacobian and a trial count one
    evaluation each. outputs, when given, are the
    programs' outputs as they are (not run again). jobs: threads (0:
    every core); the fits do not depend on them.
    Returns the programs with their fitted constants (a new array), how
    many programs were run, and the fitted programs' outputs."""
    return _core._fit_constants(
        np.ascontiguousarray(rows, dtype=np.uint64), [list(map(int, p)) for p in positions],
        evaluator.registers, evaluator.columns, len(evaluator.registers) - 1, evaluator.target,
        evaluator.instruction_set, iterations, max_constants, scale,
        None if outputs is None else np.ascontiguousarray(outputs, dtype=np.float32), jobs)
