"""ptxinject.stack.Variation: the search's variation operators from Python.
Every child compiles and names nothing the arch lacks, the same seed gives
the same children, and operator weights choose the operators."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ptxinject import Error, stack

REGS = [("x", "F32"), ("y", "F32"), ("z", "F32")]
SET = stack.InstructionSet.builtin()


def parents(count, length, seed=0):
    grid = np.zeros((count, length + 1), dtype=np.uint64)
    for i in range(count):
        words = SET.random_program(length, REGS, seed + i)
        grid[i, :len(words)] = words
    return grid


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**63), st.integers(1, 8), st.integers(0, 40))
def test_every_child_compiles(seed, count, length):
    v = stack.Variation(SET, len(REGS), max_length=48, arch="sm_80")
    children, ops = v.offspring(parents(count, length, seed % 1000), 64, seed)
    assert children.shape == (64, 49) and children.dtype == np.uint64 and len(ops) == 64
    stubs = stack.compile_batch(children, REGS, ["z"])
    assert len(stubs) == 64 and all(isinstance(s, str) for s in stubs)


def test_same_seed_same_children():
    v = stack.Variation(SET, len(REGS))
    p = parents(4, 32)
    a, ops_a = v.offspring(p, 100, seed=7)
    b, ops_b = v.offspring(p, 100, seed=7)
    c, _ = v.offspring(p, 100, seed=8)
    assert np.array_equal(a, b) and ops_a == ops_b
    assert not np.array_equal(a, c)


def test_weights_choose_the_operators():
    only_delete = stack.Variation(SET, len(REGS), op_weights={
        "point": 0, "insert": 0, "swap": 0, "duplicate": 0, "crossover1": 0,
        "crossover2": 0, "constant": 0, "delete": 1})
    p = parents(1, 10)
    children, ops = only_delete.offspring(p, 20, seed=1)
    assert set(ops) == {"delete"}
    # One word fewer: the return moved one place left.
    assert all(np.count_nonzero(row) <= np.count_nonzero(p[0]) for row in children)
    with pytest.raises(Error, match="unknown variation operator 'grow'"):
        stack.Variation(SET, len(REGS), op_weights={"grow": 1})
    with pytest.raises(Error, match="arch 'sm_x'"):
        stack.Variation(SET, len(REGS), arch="sm_x")


def test_list_parents_and_no_parents():
    v = stack.Variation(SET, len(REGS))
    words = SET.random_program(12, REGS, 3)
    children, _ = v.offspring([words, words], 5, seed=2)
    assert children.shape[0] == 5
    with pytest.raises(ValueError):
        v.offspring(np.zeros((0, 4), dtype=np.uint64), 3)


def test_evaluate_matches_interpret_and_scores():
    rng = np.random.default_rng(5)
    xs = rng.uniform(-2, 2, 50).astype(np.float32)
    ys = rng.uniform(-2, 2, 50).astype(np.float32)
    zs = np.zeros(50, dtype=np.float32)
    exact = "x y mul.ftz.f32 x add.ftz.f32"
    target = xs * ys + xs
    programs = [SET.parse(exact, REGS), SET.parse("x y add.ftz.f32", REGS), SET.parse("x", REGS)]
    scores = stack.evaluate(programs, REGS, {"x": xs, "y": ys, "z": zs}, target, request="z")
    assert scores["max_abs"][0] == 0 and scores["max_ulp"][0] == 0
    assert scores["steps"][0] == 2 and scores["errors"] == [None, None, None]
    want = np.abs((xs + ys).astype(np.float64) - target.astype(np.float64))
    assert scores["max_abs"][1] == pytest.approx(want.max())
    assert scores["mean_abs"][1] == pytest.approx(want.mean())
    # Sample by sample, the interpreter gives the same bits.
    one = stack.interpret(programs[1], REGS, [float(xs[3]), float(ys[3]), 0.0], ["z"])
    assert np.float32(one[0]) == xs[3] + ys[3]
    # 'x' alone leaves z's stack... holding x: scored, not unassigned.
    assert np.isfinite(scores["max_abs"][2])
    empty = stack.evaluate([SET.parse("", REGS)], REGS, [xs, ys, zs], target)
    assert np.isinf(empty["max_abs"][0]) and empty["max_ulp"][0] == 2.0 ** 32
    with pytest.raises(Error, match="one input column per register"):
        stack.evaluate(programs, REGS, [xs, ys], target)
    with pytest.raises(Error, match="as many samples as the target"):
        stack.evaluate(programs, REGS, [xs[:3], ys, zs], target)


def test_cross_check_agrees_and_word_weights_choose_kinds():
    xs = np.linspace(-1, 1, 8, dtype=np.float32)
    v = stack.Variation(SET, 2, interpreted_only=True, stack_types=[0], special_registers=False)
    programs = v.random(50, 24, seed=4)
    found = stack.cross_check(programs, REGS, [xs, xs * 2, np.zeros(8, np.float32)], request="z")
    assert found == [""] * 50
    only_inputs = stack.Variation(SET, 2, word_weights={
        "input": 1, "constant": 0, "instruction": 0, "special_register": 0, "meta": 0,
        "store_load": 0, "routine": 0})
    words = only_inputs.random(3, 10, seed=1)
    kinds = {int(w) & 0xFF for row in words for w in row if w}
    assert kinds == {1}  # KIND_INPUT
    with pytest.raises(Error, match="unknown word kind 'op'"):
        stack.Variation(SET, 2, word_weights={"op": 1})
