"""ptxinject.search.target: what a --target may hold computes as NumPy
computes it; the known ways out of an eval() sandbox are refused before
anything runs, with the column; huge powers cannot hang."""

import os
import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from conftest import ROOT
from ptxinject.search.target import FUNCTIONS, MAX_LENGTH, TargetError, parse_target

X = np.linspace(-0.9, 0.9, 37)
Y = np.linspace(0.5, 3.0, 37)


def value(text, x=X, y=Y):
    return parse_target(text, ["x", "y"]).evaluate({"x": x, "y": y})


@pytest.mark.parametrize("text, numpy", [
    ("np.sin(x) * y + 1", lambda x, y: np.sin(x) * y + 1),
    ("numpy.cos(x) - -y / 3", lambda x, y: np.cos(x) - -y / 3),
    ("x**2 + 3*x*y - y**-1.5 % 0.7", lambda x, y: x**2 + 3 * x * y - y**-1.5 % 0.7),
    ("+x ** y", lambda x, y: +x ** y),  # nan for x < 0, as NumPy
    ("np.pi * x + np.e", lambda x, y: np.pi * x + np.e),
    ("np.where(x < 0, -x, np.sqrt(y))", lambda x, y: np.where(x < 0, -x, np.sqrt(y))),
    ("(x > 0) * x + (x <= 0) * y", lambda x, y: (x > 0) * x + (x <= 0) * y),
    ("-0.5 < x < 0.5", lambda x, y: ((-0.5 < x) & (x < 0.5)).astype(float)),
    ("(x == x) + (x != y)", lambda x, y: (x == x) + (x != y).astype(float)),
    ("np.arctan2(x, y) + np.hypot(x, y)", lambda x, y: np.arctan2(x, y) + np.hypot(x, y)),
    ("  x / 0", lambda x, y: x / np.float64(0)),  # leading blanks as eval(); inf, nan
])
def test_valid_forms_compute_as_numpy(text, numpy):
    with np.errstate(all="ignore"):
        want = numpy(X, Y)
    got = value(text)
    assert got.dtype == np.float64
    np.testing.assert_array_equal(got, want)


def test_numbers_are_float64_before_any_operator():
    # Python ints would give 3, -1 and an exact 2**64 integer.
    assert value("7 / 2") == 3.5
    assert value("-7 % 3") == 2.0
    assert value("2 ** 64 + 1") == 2.0**64  # rounded in float64
    assert value("1 / 3").dtype == np.float64


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_every_listed_function_is_numpys(name):
    arity, _ = FUNCTIONS[name]
    args = ["x", "y", "x - y"][:arity]
    got = value(f"np.{name}({', '.join(args)})")
    with np.errstate(all="ignore"):
        if name == "where":
            want = np.where(X != 0, Y, X - Y)
        else:
            want = getattr(np, name)(*[X, Y, X - Y][:arity])
    np.testing.assert_array_equal(got, want)


def test_the_docs_list_the_functions():
    with open(os.path.join(ROOT, "docs", "search.md")) as f:
        docs = f.read()
    section = docs[docs.index("### The target expression"):]
    lines = [l for l in section.splitlines() if re.match(r"- (one argument|two|three):", l)]
    listed = {w for l in lines for w in re.findall(r"`([a-z0-9]+)`", l.partition(":")[2])}
    assert listed - {"c", "a", "b"} == set(FUNCTIONS)


# The way out the issue ran a shell command with, under eval() with empty
# builtins; it would create `pwned` in the working directory.
ESCAPE = ("[c for c in ().__class__.__base__.__subclasses__() if c.__name__=='catch_warnings']"
          "[0]()._module.__builtins__['__import__']('os').system('touch pwned') + x")


@pytest.mark.parametrize("text, says, column", [
    (ESCAPE, "column 1: a call of [c for c in ().__class__.__base__.__s... is not", 1),
    ("().__class__.__base__.__subclasses__()", "a call of ().__class__.__base__.__subclasses__", 1),
    ("x.__class__", "the attribute x.__class__ is not allowed", 1),
    ("x + np.__dict__", "the attribute np.__dict__", 5),
    ("np.sin.__self__", "the attribute np.sin.__self__", 1),
    ("np.linalg.inv(x)", "a call of np.linalg.inv is not allowed", 1),
    ("np.os.system(1)", "a call of np.os.system", 1),
    ("np.load(x)", "a call of np.load", 1),
    ("__import__('os')", "a call of __import__ is not allowed", 1),
    ("x * __builtins__", "name '__builtins__' is not an input", 5),
    ("(lambda: x)()", "a call of lambda: x is not allowed", 1),
    ("x + (lambda: 1)", "a lambda is not allowed", 6),
    ("sum(v for v in x)", "a call of sum", 1),
    ("np.sin(*[x for x in y])", "a starred argument", 8),
    ("[x for x in y]", "a comprehension is not allowed", 1),
    ("{x: 1 for x in y}", "a comprehension is not allowed", 1),
    ("x[0]", "a subscript is not allowed", 1),
    ("'a' + x", "a string is not allowed", 1),
    ("f'{x}'", "a string is not allowed", 1),
    ("x if y else 1", "a conditional expression is not allowed", 1),
    ("(z := x)", "an assignment expression is not allowed", 2),
    ("z + x", "name 'z' is not an input (inputs: x, y)", 1),
    ("np", "np on its own", 1),
    ("np.sin", "np.sin without a call", 1),
    ("np.sin(x, out=y)", "the keyword argument out=", 11),
    ("np.arctan2(x)", "np.arctan2 takes 2 arguments, not 1", 1),
    ("x // y", "the operator '//'", 1),
    ("x and y", "the operator 'and'", 1),
    ("~x", "the operator '~'", 1),
    ("x in y", "the operator 'in'", 1),
    ("True * x", "the constant True", 1),
    ("1j * x", "the constant 1j", 1),
    ("x + 1e999", "the number 1e999 is beyond float64", 5),
    ("x * 1" + "0" * 400, "is beyond float64", 5),
    ("x +", "syntax error", 4),
    ("  x +", "syntax error", 6),
    ("é + $", "syntax error", 5),
])
def test_refused_with_the_column(text, says, column, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(TargetError) as e:
        parse_target(text, ["x", "y"])
    assert isinstance(e.value, ValueError)
    assert says in str(e.value) and e.value.column == column, str(e.value)
    assert str(e.value).startswith(f"column {column}: ") and "\n" not in str(e.value)
    assert not os.path.exists("pwned")


def test_a_later_line_is_named():
    with pytest.raises(TargetError, match=r"^line 2, column 3: the attribute y.real"):
        parse_target("(x\n+ y.real)", ["x", "y"])


def test_size_and_depth_are_bounded():
    assert value("+".join(["x"] * 100)).shape == X.shape  # 100 levels: the most
    with pytest.raises(TargetError, match="nested deeper than 100 levels"):
        parse_target("+".join(["x"] * 101), ["x"])
    with pytest.raises(TargetError, match="nested deeper"):
        parse_target("-" * 1000 + "x", ["x"])
    with pytest.raises(TargetError, match="nested|parentheses"):
        parse_target("(" * 300 + "x" + ")" * 300, ["x"])
    with pytest.raises(TargetError, match="more than 500 terms"):
        parse_target(" + ".join(["np.sin(x)*(x-1)"] * 90), ["x"])
    with pytest.raises(TargetError, match=f"longer than {MAX_LENGTH} characters"):
        parse_target("x" + " " * MAX_LENGTH, ["x"])


def test_huge_powers_are_inf_at_once():
    # In a process of its own, so that a regression times out, not hangs.
    code = textwrap.dedent("""
        import numpy as np
        from ptxinject.search.target import parse_target
        x = np.array([2.0, -3.0])
        for t in ["9**9**9**9", "2**99999999", "10**10**10", "x**9**9**9", "(-9)**9**9**9"]:
            print(t, *parse_target(t, ["x"]).evaluate({"x": x}).ravel())
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True).stdout.splitlines()
    assert out == ["9**9**9**9 inf", "2**99999999 inf", "10**10**10 inf", "x**9**9**9 inf inf",
                   "(-9)**9**9**9 inf"]


def test_inputs_must_be_names():
    for bad in ["np", "numpy", "1x", "a b"]:
        with pytest.raises(ValueError, match="not a usable name"):
            parse_target("1", [bad])
    with pytest.raises(KeyError):
        parse_target("x + y", ["x", "y"]).evaluate({"x": X})


def test_cli_refuses_a_target_in_one_line_and_runs_nothing(tmp_path, monkeypatch, capsys):
    from ptxinject.search.__main__ import main

    monkeypatch.chdir(tmp_path)
    assert main(["--inputs", "x", "--target", ESCAPE, "--out-dir", "o"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1, err
    assert err[0].startswith("ptxinject-search: error: --target ")
    assert "column 1: a call of [c for c in ().__class__" in err[0]
    assert not os.path.exists("pwned") and not os.path.exists("o")


def test_cli_computes_the_readme_target(tmp_path):
    from ptxinject.search.__main__ import _parser, _samples

    args = _parser().parse_args(["--inputs", "x,y", "--target", "np.sin(x) * y + 1",
                                 "--range", "x=-2:2", "--out-dir", str(tmp_path)])
    inputs, columns, target = _samples(args)
    x, y = (c.astype(np.float64) for c in columns)
    assert inputs == ["x", "y"]
    np.testing.assert_array_equal(target, np.sin(x) * y + 1)
