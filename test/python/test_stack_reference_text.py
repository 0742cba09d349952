"""The reference library's tables and stub text from Python:
InstructionSet.from_reference builds a set from them directly and
StackCompiler.compile_reference writes the reference's text, the same
writer as the C API's stack_ptx_compile. The expected stubs are the ones
test/compat/stack-ptx-reference-text.c pins: what the reference library
itself prints for these programs on these tables."""

import os
import struct
from enum import IntEnum

import pytest

from ptxinject import Error, stack

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXPECTED = os.path.join(ROOT, "test", "compat", "Inputs", "stack-ptx-reference-text.expected")

# The tables of stack-ptx-reference-text.c.
F32, U32, S32, PRED, B64 = range(5)
A_F32, A_U32, A_S32, A_PRED, A_B64, A_V2_U32 = range(6)
STACKS = ["f32", "u32", "s32", "pred", "b64"]
ARGS = [(F32, 0), (U32, 0), (S32, 0), (PRED, 0), (B64, 0), (U32, 2)]
ADD_F32, MUL_F32, SETP_TWO, SELP_F32, ADD_U32, ADD_S32, PACK_B64, UNPACK_B64, CVT_F32_S32 = range(9)
INSTRUCTIONS = [
    ("add.f32", [A_F32, A_F32], [A_F32], False),
    ("mul.f32", [A_F32, A_F32], [A_F32], False),
    ("setp.lt.s32", [A_S32, A_S32], [A_PRED, A_PRED], False),
    ("selp.f32", [A_F32, A_F32, A_PRED], [A_F32], False),
    ("add.u32", [A_U32, A_U32], [A_U32], False),
    ("add.s32", [A_S32, A_S32], [A_S32], False),
    ("mov.b64", [A_V2_U32], [A_B64], False),
    ("mov.b64", [A_B64], [A_V2_U32], False),
    ("cvt.rn.f32.s32", [A_S32], [A_F32], False),
]
SPECIALS = [("tid", A_V2_U32), ("laneid", A_U32)]
REGISTERS = [("a", F32), ("b", F32), ("u", U32), ("v", U32), ("s", S32), ("o", F32), ("o2", F32),
             ("ou", U32), ("os", S32)]
A, B, U, V, S, O, O2, OU, OS = range(9)

RETURN, INPUT, CONSTANT, PTX, SPECIAL, META = range(6)
DUP = 1  # the native meta op


def word(kind, stack_idx=0, idx=0, payload=0):
    return kind | stack_idx << 8 | idx << 16 | (payload & 0xFFFFFFFF) << 32


def f32(value):
    return word(CONSTANT, F32, 0, struct.unpack("<I", struct.pack("<f", value))[0])


PROGRAMS = {
    "literals": ([word(INPUT, 0, A), f32(2.0), word(PTX, 0, MUL_F32), word(META, F32, DUP),
                  word(PTX, 0, ADD_F32), word(CONSTANT, U32, 0, 7), word(INPUT, 0, U),
                  word(PTX, 0, ADD_U32), word(CONSTANT, S32, 0, -3), word(INPUT, 0, S),
                  word(PTX, 0, ADD_S32)], [O, OU, OS]),
    "two-results": ([word(INPUT, 0, S), word(CONSTANT, S32, 0, 5), word(PTX, 0, SETP_TWO),
                     word(INPUT, 0, A), word(INPUT, 0, B), word(PTX, 0, SELP_F32), word(INPUT, 0, B),
                     word(PTX, 0, SELP_F32)], [O]),
    "vectors": ([word(INPUT, 0, U), word(INPUT, 0, V), word(PTX, 0, PACK_B64), word(PTX, 0, UNPACK_B64),
                 word(PTX, 0, ADD_U32), word(SPECIAL, 0, 0), word(PTX, 0, ADD_U32), word(SPECIAL, 0, 1),
                 word(PTX, 0, ADD_U32), word(PTX, 0, ADD_U32)], [OU]),
    "order": ([word(INPUT, 0, S), word(PTX, 0, CVT_F32_S32), word(INPUT, 0, A), word(INPUT, 0, B),
               word(PTX, 0, MUL_F32), word(INPUT, 0, S), word(CONSTANT, S32, 0, 1), word(PTX, 0, ADD_S32),
               word(PTX, 0, CVT_F32_S32), word(PTX, 0, ADD_F32), word(PTX, 0, ADD_F32), word(INPUT, 0, B)],
              [O, O2]),
}


def expected_stubs():
    """Program name -> the reference's stub, from the C test's expected file."""
    out = {}
    for block in open(EXPECTED).read().split("== ")[1:]:
        header, body = block.split("\n", 1)
        out[header.split(":")[0]] = body.rstrip("\n")
    return out


@pytest.fixture(scope="module")
def compiler():
    s = stack.InstructionSet.from_reference(STACKS, ARGS, INSTRUCTIONS, SPECIALS)
    return stack.StackCompiler(s, max_ast_size=100, stack_size=16, store_size=8, max_frame_depth=3,
                               execution_limit=100)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_reference_text_as_the_reference_prints_it(compiler, name):
    program, requests = PROGRAMS[name]
    assert compiler.compile_reference(program, REGISTERS, requests) == expected_stubs()[name]


def test_letters_name_temporaries_as_the_python_wheel_does(compiler):
    program, requests = PROGRAMS["two-results"]
    text = compiler.compile_reference(program, REGISTERS, requests, letters=True)
    assert text == expected_stubs()["two-results"].replace("%_s0_", "%_a").replace("%_s3_", "%_d")
    assert "\tsetp.lt.s32 %_d0|%_d1, 0x00000005, %s;\n" in text


def test_native_text_is_unchanged(compiler):
    # compile() keeps the native spelling: program order, no tabs, decimal.
    program, requests = PROGRAMS["literals"]
    native = compiler.compile(program, REGISTERS, requests)
    assert native.startswith("{\n") and "add.u32 %_s1_0, %u, 7;" in native and "\t" not in native


def test_from_reference_tables():
    s = stack.InstructionSet.from_reference(STACKS, ARGS, INSTRUCTIONS, SPECIALS)
    assert s.stack_types == ["s0", "s1", "s2", "s3", "s4"]
    assert s.instructions[:2] == ["i0", "i1"]
    # setp (two operands, two results) and selp (three and one): four.
    assert s.max_instruction_elems == 4
    # An instruction without results gets one on a stack of its own.
    void = stack.InstructionSet.from_reference(["u32"], [(0, 0)], [("st.u32", [0], [], False)], [])
    assert void.stack_types == ["s0", "s_void"]
    with pytest.raises(Error, match="arg type 7 out of range"):
        stack.InstructionSet.from_reference(["u32"], [(0, 0)], [("add.u32", [7], [0], False)], [])
    with pytest.raises(TypeError):
        stack.InstructionSet.from_reference(["u32"], [(0,)], [], [])


def reference_enums(instruction_order=None):
    """The tables above as the reference's Python API declares them: four
    IntEnum classes whose members carry the table fields, made anew on each
    call. instruction_order: the order the instruction members are defined
    in (their values stay their table indices)."""
    def members(cls_name, rows, fields, order=None):
        order = range(len(rows)) if order is None else order
        cls = IntEnum(cls_name, [(f"m{i}", i) for i in order])
        for i in order:
            for field, value in zip(fields, rows[i]):
                setattr(cls(i), field, value)
        return cls

    stacks = members("Stack", [(p,) for p in STACKS], ["literal_prefix"])
    args = members("Arg", ARGS, ["stack_type", "stack_num_vec_elems"])
    instructions = members("Ptx", [(p, list(a), list(r), al) for p, a, r, al in INSTRUCTIONS],
                           ["ptx_str", "args", "rets", "aligned"], instruction_order)
    specials = members("Special", SPECIALS, ["ptx_str", "arg"])
    return stacks, args, instructions, specials


def test_reference_tables_from_enums():
    enums = reference_enums()
    tables = stack.InstructionSet.reference_tables(*enums)
    # Enums made again with the same members: equal tables, one hash (a
    # store of built sets finds its set by them).
    again = stack.InstructionSet.reference_tables(*reference_enums())
    assert tables == again and hash(tables) == hash(again) and {tables: 1}[again] == 1
    # Members defined out of value order are read in value order.
    shuffled = reference_enums(instruction_order=list(reversed(range(len(INSTRUCTIONS)))))
    assert stack.InstructionSet.reference_tables(*shuffled) == tables
    # Another field, other tables.
    other = reference_enums()
    other[2](ADD_F32).ptx_str = "add.rn.f32"
    assert stack.InstructionSet.reference_tables(*other) != tables
    assert tables != "tables" and tables != None  # noqa: E711
    # The set they build is from_reference()'s: the same stubs.
    direct = stack.InstructionSet.from_reference(STACKS, ARGS, INSTRUCTIONS, SPECIALS)
    built = stack.InstructionSet.from_reference_tables(tables)
    assert built.stack_types == direct.stack_types and built.instructions == direct.instructions
    for program, requests in PROGRAMS.values():
        assert (stack.StackCompiler(built).compile_reference(program, REGISTERS, requests)
                == stack.StackCompiler(direct).compile_reference(program, REGISTERS, requests))
    # A member without a table field is refused.
    bare = IntEnum("Stack", ["f32"], start=0)
    with pytest.raises(AttributeError):
        stack.InstructionSet.reference_tables(bare, *enums[1:])
