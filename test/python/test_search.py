"""ptxinject.search: the archive's rules, the loop's determinism and files,
the CPU evaluator against the interpreter, and the CLI end to end."""

import json
import os
import subprocess
import sys

import numpy as np
import pytest

from ptxinject import stack
from ptxinject.search import Archive, CpuEvaluator, Descriptor, Elite, Search, stub_descriptors
from ptxinject.search.__main__ import main

X = np.linspace(-2, 2, 40, dtype=np.float32)
Y = np.linspace(1, 3, 40, dtype=np.float32)


# Computed in float64 and rounded once, as the CLI computes a --target.
XYX = (X.astype(np.float64) * Y + X).astype(np.float32)


def evaluator(target=None, metric="max_abs"):
    return CpuEvaluator(["x", "y"], [X, Y], XYX if target is None else target, metric=metric,
                        scaling=False, fit=0)


def test_archive_keeps_one_elite_per_cell_the_better_one():
    a = Archive([Descriptor("d", 0, 10, 5)], max_error=2.0)
    first = Elite(np.zeros(1, np.uint64), 1.0, (3.0,))
    assert a.add(first) and a.cell((3.0,)) == (1,) and len(a.cells) == 1
    assert not a.add(Elite(np.zeros(1, np.uint64), 1.0, (2.5,)))  # a tie keeps the first
    assert not a.add(Elite(np.zeros(1, np.uint64), 1.5, (2.0,)))  # worse
    assert not a.add(Elite(np.zeros(1, np.uint64), float("nan"), (9.0,)))
    better = Elite(np.zeros(1, np.uint64), 0.5, (3.9,))
    assert a.add(better) and a.cells[(1,)] is better
    assert a.add(Elite(np.zeros(1, np.uint64), 3.0, (99.0,)))  # past the end: the last bin
    assert a.cell((99.0,)) == (4,) and a.cell((-5.0,)) == (0,)
    assert a.coverage() == 2 / 5 and a.qd_score() == pytest.approx(1.5)
    assert a.best() is better
    # A generation's cells at once (a flat axis: bin 0; NaN: the first bin).
    grid = Archive([Descriptor("d", 0, 10, 5), Descriptor("e", 1, 1, 3)])
    values = np.array([[3.0, 7.0], [-5.0, 0.0], [99.0, 2.0], [9.999, 1.0], [2.0, 5.0],
                       [float("nan"), 1.0]])
    assert grid.cells_of(values) == [(1, 0), (0, 0), (4, 0), (4, 0), (1, 0), (0, 0)]


def test_cpu_evaluator_agrees_with_the_interpreter():
    e = evaluator()
    words = stack.InstructionSet.builtin().parse("x y x fma.rn.ftz.f32", e.registers)
    result = e.evaluate([words])
    assert result.error[0] == 0.0  # fma rounds once, as the float64 target
    assert tuple(result.descriptors[0]) == (1.0, 0.0)
    for i in (0, 17, 39):
        out = stack.interpret(words, e.registers, [float(X[i]), float(Y[i]), 0.0], ["out"])
        assert np.float32(out[0]) == XYX[i]
    assert stub_descriptors("{\n.reg .f32 %a;\nsin.approx.ftz.f32 %a, %x;\nmov.f32 %out, %a;\n}") == (1, 1)


@pytest.mark.parametrize("strategy", ["map-elites", "mu-lambda", "random"])
def test_same_seed_same_search(strategy):
    runs = []
    for _ in range(2):
        s = Search(evaluator().registers, strategy=strategy, seed=4, batch=64)
        s.run(evaluator(), budget=640)
        runs.append([(g.evaluations, g.best_error, g.coverage) for g in s.history])
    assert runs[0] == runs[1] and len(runs[0]) == 10


def test_map_elites_beats_nothing_and_stops_when_solved():
    s = Search(evaluator().registers, seed=2, batch=128)
    best = s.run(evaluator(), budget=20000, tolerance=1e-6)
    assert best.error <= 1e-6 and s.evaluations < 20000
    assert s.history[-1].best_error <= 1e-6
    assert all(a.best_error >= b.best_error for a, b in zip(s.history, s.history[1:]))


def test_ask_tell_from_outside():
    s = Search(evaluator().registers, seed=1, batch=32)
    e = evaluator()
    for _ in range(3):
        programs = s.ask(32)
        assert programs.dtype == np.uint64 and programs.shape[0] == 32
        r = e.evaluate(programs)
        s.tell(programs, r.error, r.descriptors)
    assert s.evaluations == 96 and s.generation == 3


def test_save_and_resume(tmp_path):
    path = str(tmp_path / "archive.json")
    s = Search(evaluator().registers, seed=5, batch=64)
    s.run(evaluator(), budget=320)
    s.save(path)
    data = json.load(open(path))
    assert data["format"] == "ptxinject-search" and data["version"] == 1
    back = Search.load(path)
    assert back.evaluations == 320 and back.generation == s.generation
    assert {k: (e.error, e.words.tolist()) for k, e in back.archive.cells.items()} == \
        {k: (e.error, e.words.tolist()) for k, e in s.archive.cells.items()}
    # Going on from the file is going on from the search.
    s.run(evaluator(), budget=640)
    back.run(evaluator(), budget=640)
    assert [g.best_error for g in back.history] == [g.best_error for g in s.history]
    data["version"] = 99
    json.dump(data, open(path, "w"))
    with pytest.raises(ValueError, match="version 99"):
        Search.load(path)


def test_cli_end_to_end(tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["--inputs", "x,y", "--target", "x * y + x", "--budget", "2000", "--seed", "3",
                 "--tolerance", "0", "--out-dir", str(out), "--no-progress"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("best error ")
    summary = json.load(open(out / "summary.json"))
    assert set(summary) >= {"best_error", "solved", "evaluations", "seconds", "program",
                            "strategy", "seed"}
    assert summary["program"] in last
    stub = (out / "best.ptx").read_text()
    assert "%out" in stub
    program = (out / "best.stack").read_text().splitlines()[-1]
    assert program == summary["program"]
    # The program from best.stack compiles to the stub of best.ptx.
    regs = [("x", "F32"), ("y", "F32"), ("out", "F32")]
    assert stack.compile(program, regs, ["out"]).strip() == stub.strip()
    # --data: a CSV with a header, the target the last column.
    csv = tmp_path / "d.csv"
    csv.write_text("a,b\n" + "".join(f"{v},{2 * v}\n" for v in range(10)))
    assert main(["--data", str(csv), "--budget", "500", "--out-dir", str(tmp_path / "o2"),
                 "--no-progress"]) == 0


@pytest.mark.parametrize("args, says", [
    (["--inputs", "x", "--target", "x +", "--out-dir", "o"], "'x +': column 4: syntax error"),
    (["--inputs", "x", "--target", "z", "--out-dir", "o"], "name 'z' is not an input"),
    (["--target", "x", "--out-dir", "o"], "give --inputs and --target, or --data"),
    (["--inputs", "x", "--target", "x", "--out-dir", "o", "--strategy", "best"], "invalid choice"),
    (["--inputs", "x", "--target", "x", "--out-dir", "o", "--range", "y=0:1"], "not an input"),
    (["--inputs", "x", "--target", "x", "--out-dir", "o", "--budget", "0"], "--budget"),
    (["--inputs", "x", "--target", "x"], "--out-dir"),
])
def test_cli_usage_errors(args, says, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("ptxinject-search: error: ") and says in err[0]


def test_cli_script_is_installed(tmp_path):
    run = subprocess.run([os.path.join(os.path.dirname(sys.executable), "ptxinject-search"),
                          "--inputs", "x", "--target", "x + 1", "--budget", "256",
                          "--out-dir", str(tmp_path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().startswith("best error")


def test_cli_winners_into_a_kernel(tmp_path, ptx_cache, capsys):
    # four_slots: injects of operands z (out), x and y (in).
    kernel = tmp_path / "four.ptx"
    kernel.write_text(ptx_cache("four_slots.cu"))
    out = tmp_path / "out"
    assert main(["--inputs", "x,y", "--result", "z", "--target", "x * y", "--budget", "1000",
                 "--winners", "4", "--kernel", str(kernel), "--slot", "slot_2",
                 "--out-dir", str(out), "--no-progress"]) == 0
    winners = (out / "winners.stack").read_text().splitlines()
    assert winners[0].startswith("#") and len(winners) == 5
    from ptxinject import read_manifest
    manifest = read_manifest(out / "winners")
    assert [r.program for r in manifest.rows] == [0, 1, 2, 3] and not manifest.truncated
    for row in manifest.rows:
        assert row.ok and row.inject == "slot_2" and row.origin == "compiled"
        assert row.text == winners[1 + row.program]
        assert row.source == f"winners.stack:{row.program + 2}:1"
        assert (out / "winners" / row.module).read_bytes()[:4] == b"\x7fELF"



def test_descriptors_builtin_and_a_users():
    from ptxinject.search import stub_latency
    stub = "{\n.reg .f32 %a;\nsin.approx.ftz.f32 %a, %x;\nadd.ftz.f32 %a, %a, %x;\nmov.f32 %out, %a;\n}"
    assert stub_latency(stub) == 28.0  # the shipped description: sin 24, add 4
    e = CpuEvaluator(["x", "y"], [X, Y], XYX,
                     descriptors=("latency", lambda stub, words: len(stub)))
    words = stack.InstructionSet.builtin().parse("x y x fma.rn.ftz.f32", e.registers)
    r = e.evaluate([words])
    assert r.descriptors[0][0] == 4.0 and r.descriptors[0][1] == len(r.stubs[0])
    with pytest.raises(ValueError, match="unknown descriptor 'speed'"):
        CpuEvaluator(["x"], [X], X, descriptors=("speed",))


def test_examples_run(tmp_path):
    here = os.path.dirname(os.path.abspath(__file__))
    script = os.path.join(here, "..", "..", "examples", "search", "recover_formula.py")
    run = subprocess.run([sys.executable, script, "--budget", "3000"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("max abs error ")


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_load_refuses_damaged_files_with_value_error(tmp_path, data):
    """A saved search edited or cut anywhere loads or raises ValueError."""
    path = str(tmp_path / "a.json")
    if not os.path.exists(path + ".good"):
        s = Search(evaluator().registers, seed=1, batch=32)
        s.run(evaluator(), budget=64)
        s.save(path + ".good")
    good = open(path + ".good").read()
    kind = data.draw(st.sampled_from(["cut", "byte", "field"]))
    if kind == "cut":
        text = good[: data.draw(st.integers(0, len(good)))]
    elif kind == "byte":
        i = data.draw(st.integers(0, len(good) - 1))
        text = good[:i] + data.draw(st.sampled_from(list('{}[]",:0a-'))) + good[i + 1:]
    else:
        doc = json.loads(good)
        key = data.draw(st.sampled_from(sorted(doc)))
        doc[key] = data.draw(st.one_of(st.none(), st.integers(), st.text(max_size=3),
                                       st.lists(st.integers(), max_size=2)))
        text = json.dumps(doc)
    with open(path, "w") as f:
        f.write(text)
    try:
        Search.load(path)
    except ValueError as e:
        assert str(e).startswith(path)


def test_overlapped_generations():
    runs = []
    for _ in range(2):
        s = Search(evaluator().registers, seed=6, batch=64)
        best = s.run(evaluator(), budget=640, overlap=True)
        runs.append([g.best_error for g in s.history])
        assert s.evaluations == 640 and best is not None
    assert runs[0] == runs[1]
    solved = Search(evaluator().registers, seed=2, batch=128)
    assert solved.run(evaluator(), budget=20000, tolerance=1e-6, overlap=True).error <= 1e-6


def test_overlap_never_asks_the_same_batch_twice():
    s = Search(evaluator().registers, seed=3, batch=32)
    s.run(evaluator(), budget=64)
    a, b = s.ask(32), s.ask(32)  # no tell between them, as with overlap
    assert not np.array_equal(a, b)


def test_costs_come_from_the_instruction_sets_description():
    import json
    import os

    import ptxinject
    from ptxinject.search import InstructionCosts, stub_latency
    with open(os.path.join(ptxinject.data_dir(), "stack_ptx_descriptions.json")) as f:
        description = json.load(f)
    for entry in description["instructions"]:
        if entry["ptx"] == "sin.approx.ftz.f32":
            entry["latency"], entry["approximate"] = 100, False
    custom = stack.InstructionSet.from_json(json.dumps(description))
    assert ("sin.approx.ftz.f32", 100.0, False) in custom.instruction_costs
    stub = "{\n.reg .f32 %a;\nsin.approx.ftz.f32 %a, %x;\nadd.ftz.f32 %a, %a, %x;\nmov.f32 %out, %a;\n}"
    assert InstructionCosts(custom).measure(stub) == (2, 0, 104.0)
    assert stub_latency(stub, InstructionCosts(custom)) == 104.0
    e = CpuEvaluator(["x", "y"], [X, Y], XYX, instruction_set=custom, scaling=False, fit=0,
                     descriptors=("latency", "approximate_instructions"))
    words = custom.parse("x sin.approx.ftz.f32", e.registers)
    assert tuple(e.evaluate([words]).descriptors[0]) == (100.0, 0.0)
    description["instructions"][0]["latency"] = "fast"
    with pytest.raises(Exception, match="latency must be a number"):
        stack.InstructionSet.from_json(json.dumps(description))


class RecordingEvaluator:
    """An evaluator that keeps the stubs of every program it scores."""

    def __init__(self):
        self.inner = evaluator()
        self.stubs = []

    def evaluate(self, programs):
        result = self.inner.evaluate(programs)
        self.stubs += result.stubs
        return result


@pytest.mark.parametrize("strategy", ["map-elites", "mu-lambda"])
def test_variation_strategies_never_evaluate_a_stub_twice(strategy):
    seen = {}
    for fresh_only in (False, True):
        e = RecordingEvaluator()
        s = Search(e.inner.registers, strategy=strategy, seed=7, batch=64, fresh_only=fresh_only)
        s.run(e, budget=1280)
        assert s.evaluations == 1280 and len(e.stubs) == 1280
        seen[fresh_only] = len(set(e.stubs))
    # Without it a good share of the budget goes to stubs already scored.
    assert seen[False] < 0.9 * 1280 and seen[True] > 0.99 * 1280


def test_random_search_asks_as_before():
    """The baseline draws fresh programs, repeats and all."""
    a = Search(evaluator().registers, strategy="random", seed=3, batch=64)
    b = Search(evaluator().registers, strategy="random", seed=3, batch=64, fresh_only=False)
    for _ in range(3):
        assert np.array_equal(a.ask(64), b.ask(64))
    assert not a.asked_stubs


def test_resumed_search_remembers_the_stubs_it_asked_for(tmp_path):
    path = str(tmp_path / "archive.json")
    s = Search(evaluator().registers, seed=5, batch=64)
    s.run(evaluator(), budget=320)
    s.save(path)
    back = Search.load(path)
    assert back.asked_stubs == s.asked_stubs and len(s.asked_stubs) > 300
