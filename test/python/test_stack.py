"""Stack PTX and AST PTX from Python: sets, the three program forms, compile,
batch, interpreters and errors."""

import json
import os

import numpy as np
import pytest

import ptxinject
from ptxinject import Error, ast, stack

REGS = [("x", "F32"), ("y", "F32"), ("z", "F32")]


def test_instruction_set_builtin_and_json(tmp_path):
    s = stack.InstructionSet.builtin()
    assert "F32" in s.stack_types and "add.ftz.f32" in s.instructions
    assert "tid.x" in s.special_registers and "V4_F32" in s.arg_types
    path = os.path.join(ptxinject.data_dir(), "stack_ptx_descriptions.json")
    from_file = stack.InstructionSet.from_file(path)
    assert from_file.instructions == s.instructions
    # a smaller description: its own indices
    small = {"abi_version": 1,
             "stack_types": [{"name": "F32", "literal_prefix": "f32", "constant_type": "f32", "encoder_type": "f32"}],
             "arg_types": [{"name": "F32", "stack_type": "F32"}],
             "instructions": [{"ptx": "sub.f32", "args": ["F32", "F32"], "rets": ["F32"]}],
             "special_registers": []}
    s2 = stack.InstructionSet.from_json(json.dumps(small))
    assert s2.instructions == ["sub.f32"]
    c = stack.StackCompiler(s2)
    assert "sub.f32 %_s0_0, %x, %y;" in c.compile("x y sub.f32", REGS, ["z"])
    with pytest.raises(Error) as e:
        stack.InstructionSet.from_json('{"abi_version": 1, "stack_types": [')
    assert e.value.code == "invalid-description"
    with pytest.raises(Error):
        stack.InstructionSet.from_file(str(tmp_path / "none.json"))


def test_three_program_forms_agree():
    b = stack.builtin()
    objects = [b.input(0), b.input(1), b.ptx("add.ftz.f32"), b.constant("F32", 2.0), b.ptx("mul.ftz.f32")]
    text = "x y add.ftz.f32 2.0 mul.ftz.f32"
    words = np.array(objects, dtype=np.uint64)
    stubs = {stack.compile(p, REGS, ["z"]) for p in (objects, text, words, b.parse(text, REGS))}
    assert len(stubs) == 1
    stub = stubs.pop()
    assert "add.ftz.f32 %_s0_0, %x, %y;" in stub and "mov.f32 %z," in stub
    assert b.set.format(objects, REGS) == "x y add.ftz.f32 0f40000000:f32 mul.ftz.f32"
    assert stack.interpret(objects, REGS, [1.0, 2.0, 0.0], ["z"]) == [6.0]


def test_instruction_is_an_int_with_fields():
    b = stack.builtin()
    i = b.constant("U32", 7)
    assert isinstance(i, int)
    assert (i.kind, i.stack_idx, i.payload) == (2, b.set.stack_type_index("U32"), 7)
    assert "constant" in repr(i)


def test_constant_is_encoded_by_its_stack_type_not_by_the_python_type():
    # An int (or a NumPy scalar) on an f32 stack is that number, as "1:f32" is in
    # the text form: not its bits read as a float (1 was a denormal, 1.4e-45).
    b = stack.builtin()
    regs = [("x", "F32"), ("y", "F32")]
    one = b.constant("F32", 1.0)
    for value in (1, np.float32(1.0), np.int64(1), True):
        assert b.constant("F32", value) == one
    assert stack.compile([b.constant("F32", 1)], regs, ["y"]) == stack.compile("1:f32", regs, ["y"])
    assert "mov.f32 %y, 0f3F800000;" in stack.compile([b.constant("F32", 1)], regs, ["y"])
    assert stack.interpret([b.input(0), b.constant("F32", 2), b.ptx("mul.ftz.f32")], regs,
                           [1.5, 0.0], ["y"]) == [3.0]
    assert b.constant("F32", 2**40).payload == 0x53800000
    assert b.constant("F32", 1e-3) == b.parse("0.001", regs)[0]


def test_constant_outside_its_stack_type_is_refused():
    b = stack.builtin()
    assert b.constant("U32", np.uint32(7)).payload == 7
    assert b.constant("U32", 2**32 - 1).payload == 0xFFFFFFFF
    assert b.constant("S32", -5) == b.parse("-5:s32", [])[0]
    with pytest.raises(TypeError, match="U32 is an integer, not float 1.5"):
        b.constant("U32", 1.5)
    with pytest.raises(TypeError, match="F32 is a real number"):
        b.constant("F32", "1.0")
    for stack_type, value in (("U32", -1), ("U32", 2**32), ("S32", 2**31)):
        with pytest.raises(Error, match="out of the range") as e:
            b.constant(stack_type, value)
        assert e.value.code == "invalid-argument"
    with pytest.raises(Error, match="out of the range of a F32"):
        b.constant("F32", 1e40)
    with pytest.raises(Error, match="PRED has no constants"):
        b.constant("PRED", 1)
    assert [b.set.constant_kind(b.set.stack_type_index(t)) for t in ("F32", "U32", "S32", "PRED")] == \
        ["f32", "u32", "s32", None]


def test_indices_that_do_not_fit_their_field_are_refused():
    # The word has 16 bits for a register, slot or routine index, 32 for a meta
    # constant: a value past them used to wrap to another (input(65536) was
    # input(0), input(-1) an input that pushes nothing).
    b = stack.builtin()
    assert b.input(65535).idx == 65535 and b.meta_constant(2**32 - 1).payload == 2**32 - 1
    for make, value in ((b.input, 65536), (b.input, -1), (b.load, 1 << 16), (b.routine, -2),
                        (b.meta_constant, 2**32), (lambda v: b.store("F32", v), -1),
                        (lambda v: b.meta("dup", v), len(b.set.stack_types))):
        with pytest.raises(Error, match="out of range") as e:
            make(value)
        assert e.value.code == "invalid-argument"
    with pytest.raises(TypeError, match="register index is an integer"):
        b.input(1.0)
    with pytest.raises(Error, match="unknown meta instruction 'dupe': one of dup, yank_dup"):
        b.meta("dupe", "F32")
    assert ast.input(65535) >> 16 == 65535
    for make in (ast.input, ast.routine, ast.routine_arg):
        with pytest.raises(Error, match="out of range"):
            make(1 << 16)
        with pytest.raises(Error, match="out of range"):
            make(-1)


def test_meta_store_load_and_special_registers():
    b = stack.builtin()
    regs = [("x", "F32"), ("z", "F32"), ("t", "U32")]
    prog = [b.input(0), b.meta("dup", "F32"), b.ptx("mul.ftz.f32"), b.store("F32", 0), b.load(0),
            b.special_register("tid.x")]
    assert stack.interpret(prog[:-1], regs, [3.0, 0.0, 0], ["z"]) == [9.0]
    stub = stack.compile(prog, regs, ["z", "t"])
    assert "%tid.x" in stub and "mul.ftz.f32" in stub


def test_routines():
    b = stack.builtin()
    square = [b.meta("dup", "F32"), b.ptx("mul.ftz.f32")]
    prog = [b.input(0), b.routine(0), b.routine(0)]
    assert stack.interpret(prog, REGS, [3.0, 0.0, 0.0], ["z"], routines=[square]) == [81.0]
    assert stack.compile(prog, REGS, ["z"], routines=[square]).count("mul.ftz.f32") == 2


def test_empty_stack_request_is_none():
    assert stack.interpret("", REGS, [1.0, 2.0, 0.0], ["z"]) == [None]


def test_batch_matches_single():
    b = stack.builtin()
    programs = [b.set.random_program(32, REGS, seed) for seed in range(50)]
    singles = [stack.compile(p, REGS, ["z"]) for p in programs]
    assert stack.compile_batch(programs, REGS, ["z"]) == singles
    width = max(len(p) for p in programs)
    grid = np.zeros((len(programs), width), dtype=np.uint64)
    for i, p in enumerate(programs):
        grid[i, : len(p)] = p
    assert stack.compile_batch(grid, REGS, ["z"]) == singles
    # A search's digests are the low half of FNV-1a/128 of the same stubs.
    def fnv1a128(text):
        h = 0x6C62272E07BB014262B821756295C58D
        for byte in text.encode():
            h = ((h ^ byte) * ((1 << 88) + (1 << 8) + 0x3B)) % (1 << 128)
        return h & 0xFFFFFFFFFFFFFFFF
    digests = stack.StackCompiler().digest_batch(grid, REGS, ["z"])
    assert digests == [fnv1a128(s) for s in singles]


def test_errors():
    with pytest.raises(Error) as e:
        stack.compile("x y nosuch.f32", REGS, ["z"])
    assert e.value.code == "invalid-program" and (e.value.line, e.value.column) == (1, 5)
    with pytest.raises(Error) as e:
        stack.compile("x", REGS, ["w"])
    assert e.value.code == "invalid-register"
    with pytest.raises(Error):
        stack.compile("x", [("x", "NOPE")], [0])
    with pytest.raises(Error):
        stack.compile("x", REGS, [7])
    with pytest.raises(TypeError):
        stack.compile(np.zeros(3, dtype=np.float32), REGS, ["z"])
    with pytest.raises(TypeError):
        stack.compile([1.5], REGS, ["z"])


def test_register_names_are_bare():
    # "x" is written %x; "%x" would be %%x in the stub, which only ptxas
    # refuses: the name is refused where it is given, naming the bare one.
    for call in (lambda regs: stack.compile("x y add.ftz.f32", regs, ["z"]),
                 lambda regs: stack.compile_batch(["x y add.ftz.f32"], regs, ["z"]),
                 lambda regs: stack.InstructionSet.builtin().parse("x y add.ftz.f32", regs)):
        with pytest.raises(Error, match=r"register 0: register name '%x' is not a bare PTX name: "
                                        r"give 'x' \(the stub writes %x\)") as e:
            call([("%x", "F32"), ("y", "F32"), ("z", "F32")])
        assert e.value.code == "invalid-register"
    for bad in ("", "a.b", "x y"):
        with pytest.raises(Error, match="give the bare name") as e:
            stack.compile("y", [("y", "F32"), (bad, "F32")], [1])
        assert e.value.code == "invalid-register"
    assert "%_x$1" in stack.compile("_x$1", [("_x$1", "F32"), ("z", "F32")], ["z"])
    with pytest.raises(Error, match="input 1 register name '%y' is not a bare PTX name: give 'y'"):
        ast.compile([ast.input(0), ast.input(1), ast.ptx("add.ftz.f32")], "z", ["x", "%y"])
    with pytest.raises(Error, match="output register name '%z'.*give 'z'"):
        ast.compile([ast.input(0)], "%z", ["x"])


def test_limits():
    c = stack.StackCompiler(stack_size=4, max_frame_depth=0)
    assert c.limits["stack_size"] == 4 and c.limits["max_frame_depth"] == 0


def test_ast_compile_and_interpret():
    prog = [ast.input(0), ast.input(1), ast.ptx("add.ftz.f32"), ast.constant(2.0), ast.ptx("mul.ftz.f32")]
    stub = ast.compile(prog, "z", ["x", "y"])
    assert "mov.f32 %z," in stub and "0f40000000" in stub
    assert ast.interpret(prog, [1.0, 2.0]) == 6.0
    words = np.array(prog + [ast.ret()], dtype=np.uint64)
    assert ast.compile(words, "z", ["x", "y"]) == stub
    double = [ast.routine_arg(0), ast.routine_arg(0), ast.ptx("add.ftz.f32")]
    assert ast.interpret([ast.input(0), ast.routine(0)], [4.0], routines=[double]) == 8.0
    assert ("add.ftz.f32", 2) in ast.instructions()
    with pytest.raises(Error) as e:
        ast.compile([ast.ptx("add.ftz.f32")], "z", [])
    assert e.value.code == "ast-ptx" and "underflow" in e.value.message.lower()
    with pytest.raises(KeyError):
        ast.ptx("nosuch")


def test_compiler_from_description_path():
    path = os.path.join(ptxinject.data_dir(), "stack_ptx_descriptions.json")
    c = stack.StackCompiler(path)
    assert c.instruction_set.instructions == stack.InstructionSet.builtin().instructions
    assert c.compile("x y add.ftz.f32", REGS, ["z"]) == stack.compile("x y add.ftz.f32", REGS, ["z"])
    with pytest.raises(Error) as e:
        stack.StackCompiler("/nonexistent/description.json")
    assert e.value.code == "invalid-description"
