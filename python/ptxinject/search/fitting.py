"""Linear scaling and constant fitting of Stack PTX programs.

Linear scaling: a program's output ``f`` is scored as ``a*f + b``, with
``a`` and ``b`` solved in closed form from its outputs on the samples and
appended to the program as three words, ``a b fma.rn.ftz.f32`` (the tail):
the scaled program is still Stack PTX, compiled and interpreted as any
other, and its error is what the batch evaluator measures on it.

Constant fitting: a program's f32 constant words are fitted to the samples
by Levenberg-Marquardt on ``a*f(x; c) + b``, derivatives by finite
differences, each a program evaluated by the batch evaluator; the fitted
constants are written back into the words.

Everything here works a batch of programs at a time (one call of the batch
evaluator per step), with NumPy for the algebra.
"""

from __future__ import annotations

from typing import Callable, List, Sequence, Tuple

import numpy as np

from .. import stack

TAIL_WORDS = 3  # constant a, constant b, fma
FMA = "fma.rn.ftz.f32"
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
    """Makes and reads the scaling tail and the f32 constants of programs of
    one instruction set."""

    def __init__(self, instruction_set=None):
        self.builder = stack.Builder(instruction_set if isinstance(instruction_set, stack.InstructionSet)
                                     else stack.InstructionSet.builtin() if instruction_set is None
                                     else stack.InstructionSet.from_file(instruction_set))
        self.f32 = self.builder.set.stack_type_index("f32")
        self.constant_base = np.uint64(int(self.builder.constant("F32", 0.0)))
        self.fma = np.uint64(int(self.builder.ptx(FMA)))

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

    def constant_positions(self, words: np.ndarray) -> np.ndarray:
        """Indices of the f32 constant words of one program (up to its first
        return)."""
        words = words[: program_lengths(words[None, :])[0]]
        kind = words & RETURN_KIND_MASK
        stack_idx = (words >> np.uint64(8)) & RETURN_KIND_MASK
        return np.nonzero((kind == 2) & (stack_idx == self.f32))[0]


def constant_values(words: np.ndarray, positions: np.ndarray) -> np.ndarray:
    return (words[positions] >> np.uint64(32)).astype(np.uint32).view(np.float32)


def set_constants(words: np.ndarray, positions: np.ndarray, values) -> None:
    low = words[positions] & np.uint64(0xFFFFFFFF)
    words[positions] = low | (f32_words(values) << np.uint64(32))


def linear_scale(outputs: np.ndarray, target: np.ndarray, metric: str) -> Tuple[np.ndarray, np.ndarray]:
    """Per row of outputs (programs x samples), ``a`` and ``b`` (float64)
    with ``a*f + b`` closest to target: least squares; for ``max_abs`` the
    offset then moved to the middle of the residuals' range (the best
    offset for that slope). A row that is not finite everywhere, or is
    constant, gets ``a = 0`` and the offset alone."""
    # Overflowing and NaN outputs are programs' business, not warnings.
    with np.errstate(all="ignore"):
        return _linear_scale(outputs, target, metric)


def _linear_scale(outputs: np.ndarray, target: np.ndarray, metric: str) -> Tuple[np.ndarray, np.ndarray]:
    f = outputs.astype(np.float64)
    t = np.asarray(target, dtype=np.float64)[None, :]
    ok = np.isfinite(f).all(axis=1)
    f = np.where(ok[:, None], f, 0.0)
    fm = f.mean(axis=1, keepdims=True)
    tm = t.mean()
    df = f - fm
    var = (df * df).sum(axis=1)
    cov = (df * (t - tm)).sum(axis=1)
    a = np.where(var > 1e-30 * np.maximum(1.0, (fm[:, 0] ** 2)) * f.shape[1], cov / var, 0.0)
    a = np.where(np.isfinite(a) & (np.abs(a) < 1e30), a, 0.0)
    b = tm - a * fm[:, 0]
    if metric == "max_abs":
        r = t - (a[:, None] * f + b[:, None])
        b = b + 0.5 * (r.max(axis=1) + r.min(axis=1))
    return a, b


def levenberg_marquardt(rows: Sequence[np.ndarray], positions: Sequence[np.ndarray],
                        run: Callable[[List[np.ndarray]], np.ndarray], target: np.ndarray,
                        iterations: int, max_constants: int = 8,
                        scale: bool = True, outputs: np.ndarray = None
                        ) -> Tuple[List[np.ndarray], int, np.ndarray]:
    """Fits the f32 constants at ``positions[j]`` of program ``rows[j]`` so
    that ``a*f + b`` (a, b fitted with them) comes close to target in least
    squares (``f`` itself when not ``scale``). ``run(programs)`` returns
    their outputs (programs x samples), one batch-evaluator call per step
    for every program at once; outputs, when given, are the programs'
    outputs as they are (not run again).
    Returns the programs with their fitted constants (new arrays), how many
    programs were run, and the fitted programs' outputs."""
    with np.errstate(all="ignore"):
        return _levenberg_marquardt(rows, positions, run, target, iterations, max_constants,
                                    scale, outputs)


def _levenberg_marquardt(rows, positions, run, target, iterations, max_constants, scale, outputs):
    t = np.asarray(target, dtype=np.float64)
    m = len(rows)
    words = [r.copy() for r in rows]
    pos = [p[:max_constants] for p in positions]
    c = [constant_values(w, p).astype(np.float64) for w, p in zip(words, pos)]
    evaluated = 0
    if outputs is None:
        base = run(words).astype(np.float64)
        evaluated += m
    else:
        base = np.array(outputs, dtype=np.float64)
    a = np.ones(m)
    b = np.zeros(m)
    if scale:
        a[:], b[:] = linear_scale(base, t, "least_squares")

    def sse(f, aa, bb):
        r = t - (aa * f + bb)
        v = float((r * r).sum())
        return v if np.isfinite(v) else np.inf

    cost = np.array([sse(base[j], a[j], b[j]) for j in range(m)])
    lam = np.full(m, 1e-3)
    active = [j for j in range(m) if len(pos[j]) and np.isfinite(cost[j])]
    jac = {}
    for _ in range(iterations):
        if not active:
            break
        # The Jacobian of f in the constants, by forward differences.
        need = [j for j in active if j not in jac]
        batch, owners = [], []
        for j in need:
            for i in range(len(pos[j])):
                h = 1e-3 * max(abs(c[j][i]), 1e-2)
                w = words[j].copy()
                stepped = np.float32(c[j][i] + h)
                set_constants(w, pos[j][i:i + 1], [stepped])
                batch.append(w)
                owners.append((j, i, float(stepped) - c[j][i]))
        if batch:
            out = run(batch).astype(np.float64)
            evaluated += len(batch)
            grads = {j: np.zeros((len(t), len(pos[j]))) for j in need}
            for row, (j, i, h) in zip(out, owners):
                if h != 0 and np.isfinite(row).all():
                    grads[j][:, i] = (row - base[j]) / h
            jac.update(grads)
        trial_words, trial = [], []
        for j in active:
            f = base[j]
            full = a[j] * jac[j]
            if scale:
                full = np.concatenate([full, f[:, None], np.ones((len(t), 1))], axis=1)
            r = t - (a[j] * f + b[j])
            g = full.T @ r
            hess = full.T @ full
            damp = lam[j] * (np.diag(hess) + 1e-12)
            try:
                step = np.linalg.solve(hess + np.diag(damp), g)
            except np.linalg.LinAlgError:
                continue
            if not np.isfinite(step).all():
                continue
            k = len(pos[j])
            cj = (c[j] + step[:k]).astype(np.float32)
            if not np.isfinite(cj).all():
                continue
            w = words[j].copy()
            set_constants(w, pos[j], cj)
            trial_words.append(w)
            trial.append((j, cj.astype(np.float64)))
        if not trial_words:
            break
        out = run(trial_words).astype(np.float64)
        evaluated += len(trial_words)
        # The best a, b for the new constants, in closed form.
        if scale:
            scales, offsets = linear_scale(out, t, "least_squares")
        else:
            scales, offsets = np.ones(len(out)), np.zeros(len(out))
        for row, (j, cj), sa, sb in zip(out, trial, scales, offsets):
            new = sse(row, sa, sb)
            if new < cost[j]:
                c[j], a[j], b[j], cost[j], base[j] = cj, sa, sb, new, row
                set_constants(words[j], pos[j], cj.astype(np.float32))
                lam[j] = max(lam[j] / 10, 1e-9)
                jac.pop(j, None)
            else:
                lam[j] *= 10
        active = [j for j in active if lam[j] < 1e8 and cost[j] > 0]
    return words, evaluated, base
