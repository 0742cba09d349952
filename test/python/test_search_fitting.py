"""ptxinject.search: linear scaling (a*f + b appended as an fma), constant
fitting written back into the words, evaluations counted and split, and
--jobs giving the same search as one thread."""

import json

import numpy as np
import pytest

from ptxinject import stack
from ptxinject.search import CpuEvaluator, Search
from ptxinject.search import fitting
from ptxinject.search.__main__ import main

X = np.linspace(-2, 2, 48, dtype=np.float32)
SET = stack.InstructionSet.builtin()
REGS = [("x", "F32"), ("out", "F32")]


def f64(x):
    return x.astype(np.float64)


def constants_of(words):
    """The f32 constants of a program, in order."""
    return [float(np.array([int(w) >> 32], dtype=np.uint32).view(np.float32)[0])
            for w in words if int(w) & 0xFF == 2 and (int(w) >> 8) & 0xFF == SET.stack_type_index("f32")]


def test_linear_scale_solves_a_and_b_exactly():
    f = np.stack([X, X * X]).astype(np.float32)
    target = (3 * f64(X) + 0.5).astype(np.float32)
    a, b = fitting.linear_scale(f, target, "mean_abs")
    # Least squares on the f32 target: a and b as f32 words are exactly 3, 0.5.
    assert np.float32(a[0]) == 3 and np.float32(b[0]) == 0.5
    # A constant output cannot be scaled: the offset alone.
    a, b = fitting.linear_scale(np.ones((1, len(X)), np.float32), target, "max_abs")
    assert a[0] == 0 and b[0] == pytest.approx(0.5 * (target.max() + target.min()))


@pytest.mark.parametrize("metric", ["max_abs", "mean_abs"])
def test_scaling_appends_the_exact_fma_and_scores_what_the_interpreter_computes(metric):
    target = (3 * f64(X) + 0.5).astype(np.float32)
    e = CpuEvaluator(["x"], [X], target, metric=metric, scaling=None)
    program = SET.parse("x", e.registers)
    result = e.evaluate([program])
    words = result.programs[0]
    assert result.tails[0] == fitting.TAIL_WORDS and result.error[0] == 0.0
    assert SET.format(words, e.registers) == "x 0f40400000:f32 0f3F000000:f32 fma.rn.ftz.f32"
    assert constants_of(words) == [3.0, 0.5]
    # The scaled program, interpreted, gives the target bit for bit.
    for i in (0, 7, 47):
        out = stack.interpret(words, REGS, [float(X[i]), 0.0], ["out"])
        assert np.float32(out[0]) == target[i]
    # And the stub says fma.
    assert "fma.rn.ftz.f32" in result.stubs[0]


def test_scaling_is_kept_only_where_it_lowers_the_error_and_off_for_max_ulp():
    target = (3 * f64(X) + 0.5).astype(np.float32)
    exact = SET.parse("x 3.0 0.5 fma.rn.ftz.f32", REGS)
    e = CpuEvaluator(["x"], [X], target, scaling=True)
    r = e.evaluate([exact])
    assert r.error[0] == 0 and r.tails[0] == 0  # nothing to gain: left as it was
    assert not CpuEvaluator(["x"], [X], target, metric="max_ulp", scaling=None).scaling
    assert CpuEvaluator(["x"], [X], target, metric="mean_abs", scaling=None).scaling
    assert CpuEvaluator(["x"], [X], target, metric="max_ulp", scaling=True).scaling
    # The Python API's defaults are the CLI's; off, programs score as they are.
    default = CpuEvaluator(["x"], [X], target)
    assert default.scaling and default.fit == CpuEvaluator.RECOMMENDED_FIT
    plain = CpuEvaluator(["x"], [X], target, scaling=False, fit=0)
    assert plain.evaluate([SET.parse("x", REGS)]).programs is None


def test_a_fitted_constant_lands_in_the_words():
    # sin(c * x) against sin(2.5 x): scaling cannot help, the constant must move.
    target = np.sin(2.5 * f64(X)).astype(np.float32)
    e = CpuEvaluator(["x"], [X], target, scaling=False, fit=1.0, fit_iterations=20,
                     input_weights=False)
    start = SET.parse("x 2.0 mul.ftz.f32 sin.approx.ftz.f32", REGS)
    before = e._score([start])["max_abs"][0]
    r = e.evaluate([start])
    assert r.fit_evaluations > 0
    fitted = constants_of(r.programs[0])
    assert fitted != [2.0] and fitted[0] == pytest.approx(2.5, abs=1e-3)
    assert r.error[0] < before / 100
    # The error reported is the fitted program's, as the batch evaluator and
    # the interpreter measure it.
    again = stack.evaluate([r.programs[0]], REGS, [X, np.zeros_like(X)], target)["max_abs"][0]
    assert again == r.error[0]
    out = stack.interpret(r.programs[0], REGS, [float(X[5]), 0.0], ["out"])
    assert abs(np.float32(out[0]) - target[5]) <= r.error[0]


def test_input_weights_let_a_program_without_constants_be_fitted():
    # sin(x) against sin(2.5 x): no constant to move, but x gets a weight.
    target = np.sin(2.5 * f64(X)).astype(np.float32)
    start = SET.parse("x sin.approx.ftz.f32", REGS)
    plain = CpuEvaluator(["x"], [X], target, scaling=False, fit=1.0, input_weights=False)
    assert plain.evaluate([start]).fit_evaluations == 0
    e = CpuEvaluator(["x"], [X], target, scaling=False, fit=1.0, fit_iterations=20)
    r = e.evaluate([start])
    # The weight, a constant and a mul after the input, fitted and kept.
    assert [int(w) & 0xFF for w in r.programs[0] if int(w)] == [1, 2, 3, 3]
    assert constants_of(r.programs[0]) == [pytest.approx(2.5, abs=1e-3)]
    assert r.error[0] < 1e-3
    again = stack.evaluate([r.programs[0]], REGS, [X, np.zeros_like(X)], target)["max_abs"][0]
    assert again == r.error[0]
    # A fitted program fitted again keeps one weight per input.
    refit = e.evaluate([r.programs[0]])
    assert [int(w) & 0xFF for w in refit.programs[0] if int(w)] == [1, 2, 3, 3]
    # Where a weight does not lower the error, the program stays as it was.
    exact = CpuEvaluator(["x"], [X], np.sin(f64(X)).astype(np.float32), scaling=False, fit=1.0)
    kept = exact.evaluate([start]).programs[0]
    assert [int(w) for w in kept if int(w)] == [int(w) for w in start if int(w)]


def test_search_counts_fitting_evaluations_within_the_budget(tmp_path):
    target = (np.sin(1.7 * f64(X)) * 2 + 0.25).astype(np.float32)
    e = CpuEvaluator(["x"], [X], target, scaling=None, fit=0.25)
    s = Search(e.registers, seed=2, batch=64)
    s.run(e, budget=1500)
    assert s.evaluations == 1500
    assert 0 < s.fit_evaluations < s.evaluations
    assert s.search_evaluations + s.fit_evaluations == s.evaluations
    path = str(tmp_path / "a.json")
    s.save(path)
    back = Search.load(path)
    assert back.fit_evaluations == s.fit_evaluations
    assert [e.tail for e in back.archive.elites()] == [e.tail for e in s.archive.elites()]
    # Every elite's genome is its words less the tail it was given.
    for elite in s.archive.elites():
        assert len(elite.genome) == len(elite.words) - elite.tail


def test_cli_reports_evaluations_split_and_jobs_give_the_same_search(tmp_path, capsys):
    runs = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"j{jobs}"
        assert main(["--inputs", "x,y", "--target", "np.sin(x) * y + 1", "--budget", "3000",
                     "--seed", "4", "--jobs", jobs, "--out-dir", str(out), "--no-progress"]) == 0
        last = capsys.readouterr().out.strip().splitlines()[-1]
        summary = json.load(open(out / "summary.json"))
        assert summary["search_evaluations"] + summary["fit_evaluations"] == summary["evaluations"]
        assert f"({summary['search_evaluations']} search, {summary['fit_evaluations']} fitting)" \
            in last
        archive = json.load(open(out / "archive.json"))
        runs[jobs] = ([(e["words"], e["error"]) for e in archive["elites"]],
                      summary["best_error"], (out / "best.stack").read_text())
    assert runs["1"] == runs["2"]


def test_readme_example_solves_at_its_budget(tmp_path, capsys):
    out = tmp_path / "readme"
    assert main(["--inputs", "x,y", "--target", "np.sin(x) * y + 1", "--budget", "100000",
                 "--tolerance", "1e-4", "--out-dir", str(out), "--no-progress"]) == 0
    summary = json.load(open(out / "summary.json"))
    assert summary["solved"], summary


def test_cli_plot_writes_the_archive_and_the_progress(tmp_path, capsys):
    out = tmp_path / "plots"
    args = ["--inputs", "x", "--target", "2 * x + 1", "--budget", "600", "--out-dir", str(out),
            "--no-progress", "--plot"]
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        assert main(args) == 2
        assert "--plot needs matplotlib" in capsys.readouterr().err
        pytest.skip("matplotlib is not installed: only the refusal was checked")
    assert main(args) == 0
    for name in ("archive.png", "progress.png"):
        assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
