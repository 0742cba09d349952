"""mm-ptx's instruction vocabulary: the enum bases a project derives its
stack types, arg types, PTX instructions, special registers and routines
from, and the instruction objects their members make (Instr). Each
instruction carries its ptxinject word (``_w``), computed once."""

from __future__ import annotations

import struct
from enum import IntEnum

from . import words as W


class _AutoEnum(IntEnum):
    """auto() counts from 0, so a member's value is its index."""

    def _generate_next_value_(name, start, count, last_values):
        return count


def members_by_value(enum_class) -> list:
    """An enum's members in value order: a member's value is its index in
    the reference's tables (definition order, with auto())."""
    # What iterating the enum gives, without a generator frame per member.
    member_map = enum_class._member_map_
    members = [member_map[name] for name in enum_class._member_names_]
    for i, member in enumerate(members):
        if member != i:
            return sorted(members, key=int)
    return members


class Instr:
    """One instruction made by a stack type (constant, meta, store, load).
    Its name (what mm-ptx prints for it) is made when first asked for."""

    __slots__ = ("_w", "_name", "_arg")

    def __init__(self, w: int, name: str, arg=None):
        self._w = w
        self._name = name  # a format with {} for arg, or the name itself
        self._arg = arg

    @property
    def name(self) -> str:
        return self._name if self._arg is None else self._name.format(self._arg)

    def realize(self) -> int:
        """The ptxinject instruction word."""
        return self._w

    def __str__(self):
        return self.name

    def __repr__(self):
        return self.name


_F32 = struct.Struct("<f")
_U32 = struct.Struct("<I")
# The kind bytes of the words members make in __new__, written out there:
# a call per member shows in the time to make an enum class.
_PTX_WORD, _SPECIAL_WORD = W.word(W.PTX), W.word(W.SPECIAL)
# Meta instructions are the same object every time: (stack member, op) -> Instr.
_META = {}


def _constant_bits(prefix: str, v) -> int:
    if prefix == "f32":
        try:
            return _U32.unpack(_F32.pack(v))[0]
        except (OverflowError, struct.error):
            # Past the f32 range: infinity, as the C float conversion gives.
            return 0xFF800000 if float(v) < 0 else 0x7F800000
    number = int(v)
    if prefix == "u32":
        if not 0 <= number <= 0xFFFFFFFF:
            raise TypeError(f"u32 constant out of range: {v!r}")
    elif not -0x80000000 <= number <= 0x7FFFFFFF:
        raise TypeError(f"s32 constant out of range: {v!r}")
    return number & 0xFFFFFFFF


class StackTypeEnum(_AutoEnum):
    """Members are ``name = (auto(), literal_prefix)``; the prefix is the PTX
    register type of the stack's values ("f32", "u32", "pred", ...)."""

    def __new__(cls, value: int, literal_prefix: str):
        obj = int.__new__(cls, value)
        obj._value_ = value
        obj.literal_prefix = literal_prefix
        return obj

    def constant(self, v):
        """Pushes a literal (f32, u32 and s32 stacks only)."""
        prefix = self.literal_prefix
        if prefix not in ("u32", "f32", "s32"):
            raise ValueError("Can only create a constant from f32, s32, or u32 literal types")
        return Instr(W.CONSTANT | self._value_ << 8 | _constant_bits(prefix, v) << 32, prefix + "_constant({})", v)

    @classmethod
    def meta_constant(cls, v):
        """Pushes v on the meta stack (the count or depth of the next meta op)."""
        return Instr(W.word(W.META, 0, 0, int(v)), "meta_constant({})", v)

    def _meta(self, op: str) -> Instr:
        instr = _META.get((self, op))
        if instr is None:
            instr = _META[(self, op)] = Instr(W.word(W.META, self.value, W.META_OPS.index(op)),
                                              f"{self.literal_prefix}_{op}")
        return instr

    @property
    def dup(self):
        return self._meta("dup")

    @property
    def yank_dup(self):
        return self._meta("yank_dup")

    @property
    def swap(self):
        return self._meta("swap")

    @property
    def swap_with(self):
        return self._meta("swap_with")

    @property
    def replace(self):
        return self._meta("replace")

    @property
    def drop(self):
        return self._meta("drop")

    @property
    def rotate(self):
        return self._meta("rotate")

    @property
    def reverse(self):
        return self._meta("reverse")

    def store(self, idx):
        """Pops this stack's top into store slot idx."""
        return Instr(W.word(W.STORE, self.value, int(idx)), "store({})", idx)

    @classmethod
    def load(cls, idx):
        """Pushes what store slot idx holds, on the stack it came from."""
        return Instr(W.word(W.LOAD, 0, int(idx)), "load({})", idx)


class ArgTypeEnum(_AutoEnum):
    """Members are ``name = (auto(), stack_type[, num_vec_elems])``."""

    def __new__(cls, value: int, stack_type: int, stack_num_vec_elems: int = 0):
        obj = int.__new__(cls, value)
        obj._value_ = value
        obj.stack_type = stack_type
        obj.stack_num_vec_elems = stack_num_vec_elems
        return obj


def create_instruction_enum(arg_type_enum):
    """The base of a project's PTX instruction enum, whose members are
    ``name = (auto(), "add.ftz.f32", [args], [rets][, aligned])``."""

    class PtxInstructionEnum(_AutoEnum):
        def __new__(cls, value, ptx_str, args, rets, aligned=False):
            obj = int.__new__(cls, value)
            obj._value_ = value
            obj.ptx_str = ptx_str
            # mm-ptx's checks, in its order, with no generator per list (a
            # class with many members pays these once per member).
            if not isinstance(args, list) or len(args) > 4:
                raise ValueError("Invalid args: must be list of at most 4 ArgType instances")
            for a in args:
                if not isinstance(a, arg_type_enum):
                    raise ValueError("Invalid args: must be list of at most 4 ArgType instances")
            if not isinstance(rets, list) or len(rets) > 2:
                raise ValueError("Invalid rets: must be list of at most 2 ArgType instances")
            for r in rets:
                if not isinstance(r, arg_type_enum):
                    raise ValueError("Invalid rets: must be list of at most 2 ArgType instances")
            obj.args = args
            obj.rets = rets
            obj.aligned = aligned
            obj._w = _PTX_WORD | (value & 0xFFFF) << 16  # W.word(W.PTX, 0, value)
            return obj

        def __str__(self):
            return self.ptx_str

        def __repr__(self):
            return self.ptx_str

        def realize(self) -> int:
            return self._w

    return PtxInstructionEnum


def create_special_register_enum(arg_type_enum):
    """The base of a project's special register enum, whose members are
    ``name = (auto(), "tid.x", ArgType.u32)``."""

    class SpecialRegisterEnum(_AutoEnum):
        def __new__(cls, value, ptx_str, arg):
            obj = int.__new__(cls, value)
            obj._value_ = value
            obj.ptx_str = ptx_str
            if not isinstance(arg, arg_type_enum):
                raise ValueError("Invalid args: must be a ArgType instances")
            obj.arg = arg
            obj._w = _SPECIAL_WORD | (value & 0xFFFF) << 16  # W.word(W.SPECIAL, 0, value)
            return obj

        def __str__(self):
            return self.ptx_str

        def __repr__(self):
            return self.ptx_str

        def realize(self) -> int:
            return self._w

    return SpecialRegisterEnum


class RoutineEnum(_AutoEnum):
    """Members are ``name = (auto(), [instructions])``; a member in a program
    calls that routine (pass the enum to StackPtx.compile as routine_enum)."""

    def __new__(cls, value: int, instructions):
        obj = int.__new__(cls, value)
        obj._value_ = value
        obj.instructions = instructions
        obj._w = W.word(W.ROUTINE, 0, value)
        return obj

    def __str__(self):
        return self.name

    def __repr__(self):
        return self.name

    def realize(self) -> int:
        return self._w
