"""Stack PTX from Python: instruction sets, programs, compile and interpret.

A program is text (``"x y add.ftz.f32"``), a NumPy ``uint64`` array of 8-byte
instruction words, or a list of :class:`Instruction` built here::

    from ptxinject import stack
    s = stack.builtin()
    prog = [s.input(0), s.input(1), s.ptx("add.ftz.f32"), s.constant("F32", 1.0), s.ptx("mul.ftz.f32")]
    stub = stack.compile(prog, [("x", "F32"), ("y", "F32"), ("z", "F32")], ["z"])

Registers are ``(name, stack type)`` pairs; names are bare (``x`` becomes ``%x``).
"""

from __future__ import annotations

import struct
from typing import Iterable, List, Optional, Sequence

from ._core import InstructionSet, StackCompiler

__all__ = [
    "Instruction",
    "InstructionSet",
    "StackCompiler",
    "Builder",
    "builtin",
    "compile",
    "compile_batch",
    "interpret",
    "KIND_NAMES",
    "META_OPS",
]

KIND_NAMES = ("return", "input", "constant", "ptx", "special_register", "meta", "store", "load", "routine")
META_OPS = ("constant", "dup", "yank_dup", "swap", "swap_with", "replace", "drop", "rotate", "reverse", "clear")


class Instruction(int):
    """One 8-byte Stack PTX instruction word (an int, so lists of them pass straight to C++).

    Layout (little endian): kind (1 byte), stack index (1), index (2), payload (4).
    """

    __slots__ = ()

    @classmethod
    def make(cls, kind: int, stack_idx: int = 0, idx: int = 0, payload: int = 0) -> "Instruction":
        return cls((kind & 0xFF) | (stack_idx & 0xFF) << 8 | (idx & 0xFFFF) << 16 | (payload & 0xFFFFFFFF) << 32)

    @property
    def kind(self) -> int:
        return int(self) & 0xFF

    @property
    def stack_idx(self) -> int:
        return (int(self) >> 8) & 0xFF

    @property
    def idx(self) -> int:
        return (int(self) >> 16) & 0xFFFF

    @property
    def payload(self) -> int:
        return int(self) >> 32

    def __repr__(self) -> str:
        kind = KIND_NAMES[self.kind] if self.kind < len(KIND_NAMES) else str(self.kind)
        return f"Instruction({kind}, stack={self.stack_idx}, idx={self.idx}, payload={self.payload:#x})"


class Builder:
    """Makes instructions for one instruction set, looking names up once."""

    def __init__(self, instruction_set: Optional[InstructionSet] = None):
        self.set = instruction_set if instruction_set is not None else InstructionSet.builtin()
        self._stack = {}

    def _stack_idx(self, stack_type) -> int:
        if isinstance(stack_type, int):
            return stack_type
        idx = self._stack.get(stack_type)
        if idx is None:
            idx = self._stack[stack_type] = self.set.stack_type_index(stack_type)
        return idx

    def input(self, register: int) -> Instruction:
        """Pushes register `register` (its index in the registers list)."""
        return Instruction.make(1, 0, register)

    def constant(self, stack_type, value) -> Instruction:
        """Pushes a literal on a stack: a float for F32, an int for integer stacks."""
        idx = self._stack_idx(stack_type)
        if isinstance(value, float):
            bits = struct.unpack("<I", struct.pack("<f", value))[0]
        else:
            bits = int(value) & 0xFFFFFFFF
        return Instruction.make(2, idx, 0, bits)

    def ptx(self, name: str) -> Instruction:
        """A PTX instruction by display name, e.g. 'add.ftz.f32'."""
        return Instruction.make(3, 0, self.set.instruction_index(name))

    def special_register(self, name: str) -> Instruction:
        """Pushes a special register, e.g. 'tid.x'."""
        return Instruction.make(4, 0, self.set.special_register_index(name))

    def meta(self, op: str, stack_type=0) -> Instruction:
        """A meta instruction ('dup', 'yank_dup', 'swap', 'swap_with', 'replace', 'drop',
        'rotate', 'reverse', 'clear') on a stack."""
        return Instruction.make(5, self._stack_idx(stack_type), META_OPS.index(op))

    def meta_constant(self, value: int) -> Instruction:
        """Pushes an int on the meta stack (the count or depth of the next meta op)."""
        return Instruction.make(5, 0, 0, value)

    def store(self, stack_type, slot: int) -> Instruction:
        return Instruction.make(6, self._stack_idx(stack_type), slot)

    def load(self, slot: int) -> Instruction:
        return Instruction.make(7, 0, slot)

    def routine(self, index: int) -> Instruction:
        return Instruction.make(8, 0, index)

    @staticmethod
    def ret() -> Instruction:
        return Instruction(0)

    def parse(self, text: str, registers) -> List[Instruction]:
        """The text form as a list of instructions."""
        return [Instruction(w) for w in self.set.parse(text, registers)]


_default_compiler: Optional[StackCompiler] = None


def builtin() -> Builder:
    """A Builder for the built-in instruction set."""
    return Builder()


def _compiler() -> StackCompiler:
    global _default_compiler
    if _default_compiler is None:
        _default_compiler = StackCompiler()
    return _default_compiler


def compile(program, registers, requests, routines=None) -> str:
    """Compiles one program with the built-in set (see StackCompiler.compile)."""
    return _compiler().compile(program, registers, requests, routines)


def compile_batch(programs, registers, requests, routines=None) -> List[str]:
    """Compiles many programs with the built-in set (see StackCompiler.compile_batch)."""
    return _compiler().compile_batch(programs, registers, requests, routines)


def interpret(program, registers, inputs, requests, routines=None) -> list:
    """Runs a program on the CPU (see StackCompiler.interpret)."""
    return _compiler().interpret(program, registers, inputs, requests, routines)
