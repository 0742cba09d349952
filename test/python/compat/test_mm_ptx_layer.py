"""The mm_ptx layer (python/compat): mm-ptx's Python API on ptxinject. The
expected stubs are mm-ptx 1.0.1's text for the same programs, byte for byte
(test_mm_ptx_vs_reference.py checks many more against mm-ptx itself)."""

import os
import sys
from enum import auto

import pytest

import ptxinject

mm_ptx = pytest.importorskip("mm_ptx", reason="the mm_ptx layer is not installed: pip install python/compat")
from mm_ptx import get_include_dir, get_ptx_inject_header  # noqa: E402
from mm_ptx.ptx_inject import MutType, PTXInject, PtxInjectError  # noqa: E402
from mm_ptx.stack_ptx import (ArgTypeEnum, RegisterRegistry, RoutineEnum, StackPtx, StackPtxError,  # noqa: E402
                              StackTypeEnum, create_instruction_enum, create_special_register_enum)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mm_ptx_programs import Vocabulary  # noqa: E402

PTX = ("// pre\n// PTX_INJECT_START func\n// _x0 i f32 F32 x\n// _x1 m f32 F32 y\n"
       "// _x2 o f32 F32 z\n// PTX_INJECT_END\n// post\n")


def test_is_the_layer_not_mm_ptx():
    assert mm_ptx.__ptxinject_compat__ is True
    assert get_include_dir() == ptxinject.include_dir()
    assert os.path.isfile(get_ptx_inject_header())
    with open(get_ptx_inject_header()) as f:
        assert "PTX_INJECT" in f.read()


def test_injects_and_args():
    with PTXInject(PTX) as inject:
        assert [(i.name, i.num_args, i.num_sites) for i in inject.injects] == [("func", 3, 1)]
        func = inject["func"]
        assert [(a.name, a.mut_type, a.data_type, a.register_type, a.reg) for a in inject.injects[0].args] == [
            ("x", MutType.IN, "F32", "f32", "_x0"), ("y", MutType.MOD, "F32", "f32", "_x1"),
            ("z", MutType.OUT, "F32", "f32", "_x2")]
        assert func["y"].mut_type == MutType.MOD and func["y"].reg == "_x1"
        assert [m.value for m in MutType] == [0, 1, 2]  # mm-ptx's C enum: OUT, MOD, IN
    # An object as mm-ptx's is: true, and equal and hashed by identity.
    empty = PTXInject("// no sites\n")
    assert empty and empty != PTXInject("// no sites\n") and len({empty, empty}) == 1


def test_render_strips_the_nul_and_keeps_the_line_end():
    with PTXInject(PTX) as inject:
        assert inject.render_ptx({"func": "\t{\n\t}\x00"}) == "// pre\n\t{\n\t}\n// post\n"
        assert inject.render_ptx({"func": ""}) == "// pre\n\n// post\n"
        assert inject.render_ptx({"func": "a;\n"}) == "// pre\na;\n\n// post\n"
        with pytest.raises(KeyError):
            inject.render_ptx({})


def test_close_and_errors():
    inject = PTXInject(PTX)
    inject.close()
    with pytest.raises(PtxInjectError, match="PTX_INJECT_ERROR_INVALID_INPUT"):
        inject.render_ptx({"func": ""})
    with pytest.raises(PtxInjectError, match="^PTX_INJECT_ERROR_FORMATTING") as info:
        PTXInject("// PTX_INJECT_START f\n// _x0 q f32 F32 x\n// PTX_INJECT_END\n")
    assert isinstance(info.value, RuntimeError) and info.value.code and info.value.line == 2


def test_print_injects(capsys):
    PTXInject(PTX).print_injects()
    out = capsys.readouterr().out
    assert out.startswith("Inject #1:\n  Name:            'func'\n  Number of Args:  3\n  Number of Sites: 1\n")
    assert "      Mutation Type: MOD\n      Type Token:    F32\n      Register Type: f32\n" \
           "      Register Name: '_x1'\n" in out
    PTXInject("// nothing\n").print_injects()
    assert capsys.readouterr().out == "No inject sites found.\n"


@pytest.fixture(scope="module")
def v():
    return Vocabulary(mm_ptx.stack_ptx)


def stub(v, program, requests, **limits):
    limits.setdefault("execution_limit", 100)
    return v.compiler.compile(registry=v.registry, instructions=program, requests=requests, **limits)


def test_operand_order_and_text(v):
    r, P, S = v.registry, v.Ptx, v.Stack
    # x y sub is y - x: the top of the stack is the first operand.
    assert stub(v, [r.x, r.y, P.sub_ftz_f32, S.f32.dup, r.x, P.add_ftz_f32], [r.z, r.w]) == (
        "\t{\n\t.reg .f32 %_a<2>;\n\tsub.ftz.f32 %_a0, %_y, %_x;\n\tadd.ftz.f32 %_a1, %_x, %_a0;\n"
        "\tmov.f32 %_z, %_a1;\n\tmov.f32 %_w, %_a0;\n\t}\x00")


def test_literals_and_special_registers(v):
    r, P, S, Sp = v.registry, v.Ptx, v.Stack, v.Special
    assert stub(v, [S.u32.constant(7), Sp.tid_x, P.add_u32, r.u, P.add_u32], [r.v]) == (
        "\t{\n\t.reg .u32 %_c<3>;\n\tmov.u32 %_c0, %tid.x;\n\tadd.u32 %_c1, %_c0, 0x00000007U;\n"
        "\tadd.u32 %_c2, %_u, %_c1;\n\tmov.u32 %_v, %_c2;\n\t}\x00")
    assert stub(v, [S.s32.constant(-3), r.s, P.add_s32, S.u32.constant(9), S.f32.constant(1.5)],
                [r.t, r.v, r.z]) == (
        "\t{\n\t.reg .s32 %_b<1>;\n\tadd.s32 %_b0, %_s, 0xFFFFFFFD;\n\tmov.s32 %_t, %_b0;\n"
        "\tmov.u32 %_v, 0x00000009U;\n\tmov.f32 %_z, 0f3FC00000;\n\t}\x00")


def test_lines_in_mm_ptx_order(v):
    r, P = v.registry, v.Ptx
    # mm-ptx writes an instruction's operands in the order they are printed.
    assert stub(v, [r.y, P.sin_approx_ftz_f32, r.x, P.sin_approx_ftz_f32, P.sub_ftz_f32], [r.z]) == (
        "\t{\n\t.reg .f32 %_a<3>;\n\tsin.approx.ftz.f32 %_a0, %_x;\n\tsin.approx.ftz.f32 %_a1, %_y;\n"
        "\tsub.ftz.f32 %_a2, %_a0, %_a1;\n\tmov.f32 %_z, %_a2;\n\t}\x00")
    # The last request's value first.
    assert stub(v, [r.x, P.sin_approx_ftz_f32, r.y, P.sin_approx_ftz_f32], [r.z, r.w]) == (
        "\t{\n\t.reg .f32 %_a<2>;\n\tsin.approx.ftz.f32 %_a0, %_x;\n\tsin.approx.ftz.f32 %_a1, %_y;\n"
        "\tmov.f32 %_z, %_a1;\n\tmov.f32 %_w, %_a0;\n\t}\x00")


def test_predicates_vectors_store_load(v):
    r, P, S = v.registry, v.Ptx, v.Stack
    assert stub(v, [r.x, r.y, P.setp_gt_ftz_f32, r.x, r.y, P.selp_f32], [r.z]) == (
        "\t{\n\t.reg .f32 %_a<1>;\n\t.reg .pred %_d<1>;\n\tsetp.gt.ftz.f32 %_d0, %_y, %_x;\n"
        "\tselp.f32 %_a0, %_y, %_x, %_d0;\n\tmov.f32 %_z, %_a0;\n\t}\x00")
    assert stub(v, [r.x, r.y, P.pack_f32x2, P.sum_f32x2], [r.z]) == (
        "\t{\n\t.reg .f32 %_a<3>;\n\tmov.b64 \n\t\t{%_a0, %_a1}, %_y, %_x;\n"
        "\tadd.f32x2.sum %_a2, \n\t\t{%_a0, %_a1};\n\tmov.f32 %_z, %_a2;\n\t}\x00")
    assert stub(v, [r.x, P.sin_approx_ftz_f32, S.f32.store(0), S.load(0), S.load(0), P.sub_ftz_f32], [r.z]) == (
        "\t{\n\t.reg .f32 %_a<2>;\n\tsin.approx.ftz.f32 %_a0, %_x;\n\tsub.ftz.f32 %_a1, %_a0, %_a0;\n"
        "\tmov.f32 %_z, %_a1;\n\t}\x00")
    assert stub(v, [r.x, r.y, r.x, S.meta_constant(2), S.f32.yank_dup, P.add_ftz_f32, S.f32.swap,
                    P.sub_ftz_f32], [r.z]) == (
        "\t{\n\t.reg .f32 %_a<2>;\n\tadd.ftz.f32 %_a0, %_x, %_x;\n\tsub.ftz.f32 %_a1, %_y, %_a0;\n"
        "\tmov.f32 %_z, %_a1;\n\t}\x00")


def test_routines(v):
    r, P, S = v.registry, v.Ptx, v.Stack

    class Routine(RoutineEnum):
        double = (auto(), [S.f32.dup, P.add_ftz_f32])

    assert stub(v, [r.x, Routine.double, Routine.double], [r.z], routine_enum=Routine) == (
        "\t{\n\t.reg .f32 %_a<2>;\n\tadd.ftz.f32 %_a0, %_x, %_x;\n\tadd.ftz.f32 %_a1, %_a0, %_a0;\n"
        "\tmov.f32 %_z, %_a1;\n\t}\x00")
    # max_frame_depth counts the program's own frame: 1 runs no routine.
    assert stub(v, [r.x, Routine.double], [r.z], routine_enum=Routine, max_frame_depth=1) == \
        "\t{\n\tmov.f32 %_z, %_x;\n\t}\x00"
    # With no frame at all mm-ptx writes nothing, not even the braces.
    assert stub(v, [r.x], [r.z], max_frame_depth=0) == "\x00"
    assert stub(v, [r.x], [r.z], execution_limit=0) == stub(v, [r.x], [r.z], stack_size=0) == "\t{\n\t}\x00"
    with pytest.raises(StackPtxError, match="ROUTINES_IDX_OUT_OF_BOUNDS"):
        stub(v, [r.x, Routine.double], [r.z])


def test_registry():
    class Stack(StackTypeEnum):
        f32 = (auto(), "f32")

    registry = RegisterRegistry()
    record = registry.add("_x0", Stack.f32, name="x")
    registry.add("in_1", Stack.f32)
    assert (record.idx, record.register_name, record.stack_type, record.name) == (0, "_x0", 0, "x")
    assert registry.x is registry.x() and registry.x.req() == 0 and str(registry.in_1) == "in_1"
    assert registry.get_register_names() == ["_x0", "in_1"] and registry.get_stack_types() == [0, 0]
    assert len(registry) == 2 and [r.name for r in registry] == ["x", "in_1"]
    assert registry.by_idx(1).name == "in_1" and registry.get("x") is record
    with pytest.raises(AttributeError):
        registry.nothing
    registry.freeze()
    with pytest.raises(RuntimeError, match="frozen"):
        registry.add("y", Stack.f32)


def test_enum_checks_and_constants():
    class Stack(StackTypeEnum):
        f32 = (auto(), "f32")
        pred = (auto(), "pred")

    class ArgType(ArgTypeEnum):
        f32 = (auto(), Stack.f32)

    with pytest.raises(ValueError, match="Invalid args"):
        class Bad(create_instruction_enum(ArgType)):
            op = (auto(), "op", [Stack.f32], [ArgType.f32])
    with pytest.raises(ValueError):
        class BadSpecial(create_special_register_enum(ArgType)):
            r = (auto(), "clock", 3)
    with pytest.raises(ValueError, match="f32, s32, or u32"):
        Stack.pred.constant(1)
    assert str(Stack.f32.constant(2.0)) == "f32_constant(2.0)" and str(Stack.f32.dup) == "f32_dup"


def test_requests_and_bad_indices(v):
    r, S = v.registry, v.Stack
    assert stub(v, [r.x], [4]) == stub(v, [r.x], [r.z]) == stub(v, [r.x], [v.registry.get("z")])
    with pytest.raises(StackPtxError, match="REGISTER_IDX_OUT_OF_BOUNDS"):
        stub(v, [r.x], [99])
    with pytest.raises(StackPtxError, match="STORE_IDX_OUT_OF_BOUNDS"):
        stub(v, [r.x, S.f32.store(16)], [r.z])
    # mm-ptx checks an instruction when it runs it: past the limit, no error.
    assert stub(v, [r.x, S.load(16)], [r.z], execution_limit=1) == "\t{\n\tmov.f32 %_z, %_x;\n\t}\x00"
    with pytest.raises(TypeError):
        stub(v, [r.x], ["z"])


def test_kermac_shaped_program_renders_and_assembles_as_text(v):
    """An mm-kermac-style epilogue: store, load, constants, setp and selp."""
    r, P, S = v.registry, v.Ptx, v.Stack
    program = [r.x, S.f32.store(0), S.load(0), S.f32.constant(1e-6), P.setp_gt_ftz_f32, S.load(0),
               S.f32.constant(0.0), P.selp_f32]
    text = stub(v, program, [r.z])
    assert text == ("\t{\n\t.reg .f32 %_a<1>;\n\t.reg .pred %_d<1>;\n"
                    "\tsetp.gt.ftz.f32 %_d0, 0f358637BD, %_x;\n\tselp.f32 %_a0, 0f00000000, %_x, %_d0;\n"
                    "\tmov.f32 %_z, %_a0;\n\t}\x00")
    ptx = ("// PTX_INJECT_START e\n// _z o f32 F32 z\n// _x i f32 F32 x\n// PTX_INJECT_END\n")
    assert PTXInject(ptx).render_ptx({"e": text}) == text[:-1] + "\n"


def test_max_ast_size_is_mm_ptx_s(v):
    """mm-ptx refuses a program that makes more values than max_ast_size
    (a register read takes one entry, an instruction one per operand and
    result); ptxinject's compiler has no such limit."""
    r, P = v.registry, v.Ptx
    program = [r.x, r.y, P.add_ftz_f32]  # 1 + 1 + 3 entries
    assert stub(v, program, [r.z], max_ast_size=5).startswith("\t{\n\t.reg")
    with pytest.raises(StackPtxError, match="INSUFFICIENT_AST_SIZE"):
        stub(v, program, [r.z], max_ast_size=4)
    # An instruction without its operands runs as nothing and takes none.
    assert stub(v, [P.add_ftz_f32] * 40 + [r.x], [r.z], max_ast_size=1) == "\t{\n\tmov.f32 %_z, %_x;\n\t}\x00"


def test_instruction_without_results_pops_its_operands():
    """mm-ptx takes an instruction with no results: it pops its operands
    and is never written (nothing can use it)."""
    class Stack(StackTypeEnum):
        f32 = (auto(), "f32")

    class ArgType(ArgTypeEnum):
        f32 = (auto(), Stack.f32)

    class Ptx(create_instruction_enum(ArgType)):
        sink = (auto(), "st.f32", [ArgType.f32], [])
        add = (auto(), "add.f32", [ArgType.f32, ArgType.f32], [ArgType.f32])

    class Special(create_special_register_enum(ArgType)):
        pass

    compiler = StackPtx(Stack, ArgType, Ptx, Special)
    registry = RegisterRegistry()
    registry.add("x", Stack.f32)
    registry.add("y", Stack.f32)
    compile_ = lambda program: compiler.compile(registry=registry, instructions=program,  # noqa: E731
                                                requests=[registry.x], execution_limit=10)
    assert compile_([registry.x, Ptx.sink]) == "\t{\n\t}\x00"
    assert compile_([registry.y, registry.x, Ptx.sink]) == "\t{\n\tmov.f32 %x, %y;\n\t}\x00"


def test_cuda_source_through_the_layer_assembles(tmp_path, v):
    """A kernel written for mm-ptx's header (PTX_INJECT with PTX_IN, PTX_MOD,
    PTX_OUT), compiled by nvcc with get_include_dir(), parsed, given a Stack
    PTX stub and rendered through the layer: ptxas takes the result."""
    import shutil
    import subprocess

    from conftest import cuda_tool

    nvcc, ptxas = cuda_tool("nvcc"), cuda_tool("ptxas")
    if nvcc is None or ptxas is None:
        pytest.skip("nvcc and ptxas not found (install the CUDA toolkit)")
    source = tmp_path / "kernel.cu"
    source.write_text(
        '#include "ptx_inject.h"\n'
        'extern "C" __global__ void kernel(float* out) {\n'
        "  float x = 5.0f, y = 3.0f, z = 0.0f;\n"
        "  for (int i = 0; i < 2; i++) {\n"
        '    PTX_INJECT("func", PTX_IN(F32, x, x), PTX_MOD(F32, y, y), PTX_OUT(F32, z, z));\n'
        "  }\n"
        "  out[0] = z;\n"
        "}\n")
    ptx_path = tmp_path / "kernel.ptx"
    subprocess.run([nvcc, "-ptx", "-arch=sm_80", "-I", get_include_dir(), str(source), "-o", str(ptx_path)],
                   check=True)
    with PTXInject(ptx_path.read_text()) as inject:
        func = inject["func"]
        # Modified, then written, then read operands, as mm-ptx's header orders them.
        assert [(a.name, a.mut_type) for a in inject.injects[0].args] == [
            ("y", MutType.MOD), ("z", MutType.OUT), ("x", MutType.IN)]
        registry = RegisterRegistry()
        for label in ("x", "y", "z"):
            registry.add(func[label].reg, v.Stack.f32, name=label)
        registry.freeze()
        stub_text = v.compiler.compile(
            registry=registry, instructions=[registry.x, registry.y, v.Ptx.add_ftz_f32, v.Stack.f32.dup,
                                             registry.x, v.Ptx.add_ftz_f32],
            requests=[registry.z, registry.y], execution_limit=100)
        rendered = inject.render_ptx({"func": stub_text})
    assert "PTX_INJECT" not in rendered and "\x00" not in rendered
    final = tmp_path / "final.ptx"
    final.write_text(rendered)
    subprocess.run([ptxas, "-arch=sm_80", str(final), "-o", str(tmp_path / "final.cubin")], check=True)
    assert shutil.os.path.getsize(tmp_path / "final.cubin") > 0
