"""Property tests: arbitrary PTX text, stubs and instruction words raise
ptxinject.Error (or succeed), never crash the interpreter."""

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ptxinject import Error, Module, ast, stack

REGS = [("x", "F32"), ("y", "F32"), ("z", "F32"), ("n", "U32"), ("p", "PRED")]

# Lines that are mostly marker-shaped, so the parser's deeper paths are reached.
marker_lines = st.one_of(
    st.just("// PTX_INJECT_START f"),
    st.just("// PTX_INJECT_START g"),
    st.just("// PTX_INJECT_END"),
    st.builds(lambda r, k, t, l: f"// {r} {k} {t} {t.upper()} {l}",
              st.sampled_from(["_x0", "_x1", "%f1", "_x9"]),
              st.sampled_from(["i", "m", "o", "mod", "in", "q"]),
              st.sampled_from(["f32", "u32", "b16", "nope"]),
              st.sampled_from(["a", "b", "a[0]", ""])),
    st.text(max_size=40),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(marker_lines, max_size=30))
def test_parse_and_render_never_crash(lines):
    try:
        m = Module.parse("\n".join(lines))
    except Error as e:
        assert e.code and isinstance(e.line, int) and isinstance(e.column, int)
        return
    stubs = {i.name: "mov.f32 %_x0, %_x0;" for i in m.injects}
    out = m.render(stubs)
    assert "PTX_INJECT_START" not in out or not m.injects


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_parse_arbitrary_bytes(data):
    try:
        Module.parse(data)
    except Error:
        pass


words = st.integers(min_value=0, max_value=2**64 - 1)


@settings(max_examples=400, deadline=None)
@given(st.lists(words, max_size=64), st.lists(st.lists(words, max_size=16), max_size=3))
def test_stack_any_words_compile(program, routines):
    stub = stack.compile(np.array(program, dtype=np.uint64), REGS, ["z", "n", "p"], routines=routines)
    assert stub.startswith("{") or stub == ""
    try:
        stack.interpret(program, REGS, [1.0, 2.0, 0.0, 3, True], ["z", "n"], routines=routines)
    except Error as e:
        assert e.code == "not-interpretable"


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(words, max_size=24), min_size=1, max_size=8))
def test_stack_batch_equals_singles(programs):
    singles = [stack.compile(p, REGS, ["z"]) for p in programs]
    assert stack.compile_batch(programs, REGS, ["z"]) == singles


@settings(max_examples=300, deadline=None)
@given(st.lists(words, max_size=40), st.lists(st.lists(words, max_size=8), max_size=2))
def test_ast_any_words(program, routines):
    for call in (lambda: ast.compile(program, "z", ["x", "y"], routines=routines),
                 lambda: ast.interpret(program, [1.0, 2.0], routines=routines)):
        try:
            call()
        except Error as e:
            assert e.code == "ast-ptx"


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_stack_text_never_crashes(text):
    try:
        stack.compile(text, REGS, ["z"])
    except Error as e:
        assert e.code == "invalid-program" and e.line >= 1
