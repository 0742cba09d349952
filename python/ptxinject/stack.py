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

import numbers
import operator
import struct
from typing import List, Optional

from . import _core
from ._core import Error, InstructionSet, StackCompiler, Variation

__all__ = [
    "Instruction",
    "InstructionSet",
    "StackCompiler",
    "Variation",
    "Builder",
    "builtin",
    "compile",
    "compile_batch",
    "interpret",
    "evaluate",
    "cross_check",
    "KIND_NAMES",
    "META_OPS",
]

KIND_NAMES = ("return", "input", "constant", "ptx", "special_register", "meta", "store", "load", "routine")
META_OPS = ("constant", "dup", "yank_dup", "swap", "swap_with", "replace", "drop", "rotate", "reverse", "clear")


def _argument_error(message: str) -> Error:
    err = Error(message)
    err.code, err.message, err.line, err.column = "invalid-argument", message, 0, 0
    return err


def _field(what: str, value, limit: int) -> int:
    """value as an index or count that fits its field of the instruction word
    (0 to limit - 1): out of range it would wrap to another one."""
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError(f"{what} is an integer, not {type(value).__name__} {value!r}") from None
    if not 0 <= number < limit:
        raise _argument_error(f"{what} {number} is out of range: 0 to {limit - 1}")
    return number


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
        self._kinds = {}
        self._num_stacks = len(self.set.stack_types)

    def _stack_idx(self, stack_type) -> int:
        if isinstance(stack_type, int):
            return _field("a stack type index", stack_type, self._num_stacks)
        idx = self._stack.get(stack_type)
        if idx is None:
            idx = self._stack[stack_type] = self.set.stack_type_index(stack_type)
        return idx

    def input(self, register: int) -> Instruction:
        """Pushes register `register` (its index in the registers list)."""
        return Instruction.make(1, 0, _field("a register index", register, 1 << 16))

    def constant(self, stack_type, value) -> Instruction:
        """Pushes a literal on a stack, encoded as that stack type's literals are (as the
        text form reads them): any real number on an f32 stack (``constant("F32", 1)`` is
        1.0), an integer in range on a u32 (0 to 2**32 - 1) or s32 stack. Raises TypeError
        for a value of another kind, ptxinject.Error for one out of range or for a stack
        type without literals."""
        idx = self._stack_idx(stack_type)
        kind = self._kinds.get(idx, False)
        if kind is False:
            kind = self._kinds[idx] = self.set.constant_kind(idx)
        if kind == "f32":
            if not isinstance(value, numbers.Real):
                raise TypeError(f"a constant of stack type {self._stack_name(idx)} is a real number, "
                                f"not {type(value).__name__} {value!r}")
            try:
                bits = struct.unpack("<I", struct.pack("<f", float(value)))[0]
            except OverflowError:
                raise _argument_error(f"{value!r} is out of the range of a {self._stack_name(idx)} "
                                      "(f32) constant") from None
        elif kind in ("u32", "s32"):
            try:
                number = operator.index(value)
            except TypeError:
                raise TypeError(f"a constant of stack type {self._stack_name(idx)} is an integer, "
                                f"not {type(value).__name__} {value!r}") from None
            low, high = (0, 0xFFFFFFFF) if kind == "u32" else (-0x80000000, 0x7FFFFFFF)
            if not low <= number <= high:
                raise _argument_error(f"{number} is out of the range of a {self._stack_name(idx)} "
                                      f"({kind}) constant, {low} to {high}")
            bits = number & 0xFFFFFFFF
        else:
            raise _argument_error(f"stack type {self._stack_name(idx)} has no constants "
                                  "(its description gives no constant_type)")
        return Instruction.make(2, idx, 0, bits)

    def _stack_name(self, idx: int) -> str:
        names = self.set.stack_types
        return names[idx] if 0 <= idx < len(names) else str(idx)

    def ptx(self, name: str) -> Instruction:
        """A PTX instruction by display name, e.g. 'add.ftz.f32'."""
        return Instruction.make(3, 0, self.set.instruction_index(name))

    def special_register(self, name: str) -> Instruction:
        """Pushes a special register, e.g. 'tid.x'."""
        return Instruction.make(4, 0, self.set.special_register_index(name))

    def meta(self, op: str, stack_type=0) -> Instruction:
        """A meta instruction ('dup', 'yank_dup', 'swap', 'swap_with', 'replace', 'drop',
        'rotate', 'reverse', 'clear') on a stack."""
        if op not in META_OPS:
            raise _argument_error(f"unknown meta instruction {op!r}: one of {', '.join(META_OPS[1:])} "
                                  "(meta_constant pushes a count)")
        return Instruction.make(5, self._stack_idx(stack_type), META_OPS.index(op))

    def meta_constant(self, value: int) -> Instruction:
        """Pushes an int on the meta stack (the count or depth of the next meta op)."""
        return Instruction.make(5, 0, 0, _field("a meta constant", value, 1 << 32))

    def store(self, stack_type, slot: int) -> Instruction:
        return Instruction.make(6, self._stack_idx(stack_type), _field("a store slot", slot, 1 << 16))

    def load(self, slot: int) -> Instruction:
        return Instruction.make(7, 0, _field("a load slot", slot, 1 << 16))

    def routine(self, index: int) -> Instruction:
        return Instruction.make(8, 0, _field("a routine index", index, 1 << 16))

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


def evaluate(programs, registers, inputs, target, *, request=None, instruction_set=None,
             jobs: int = 0, outputs: bool = False) -> dict:
    """Scores programs on the CPU over many samples, no PTX compiled: each
    program is traced once and run an operation at a time over every sample
    (values bit for bit those of ``interpret``), and its output for
    ``request`` (a register name or index; default the last register)
    compared with ``target`` (f32).

    programs: a 2-D uint64 array (a program a row) or a list of programs.
    inputs: one f32 column per register, in register order (a dict by
      register name, a 2-D array of shape (registers, samples), or a list).
    Returns a dict of NumPy arrays, one entry per program: ``max_abs``,
    ``mean_abs``, ``max_ulp`` (f32 units in the last place; 2**32 stands
    for infinitely far) and ``steps`` (operations per sample), and
    ``errors`` (None, or why the program could not be evaluated). NaN against
    NaN and an infinity against the same one are 0 apart; a NaN or an
    infinity against anything else, or a request left unassigned, is
    infinitely far. Releases the GIL; ``jobs`` threads (0: every core),
    each program scored by one thread, so the results do not depend on
    ``jobs``. outputs: the dict also holds ``outputs``, a (programs,
    samples) float32 array of each program's values for ``request`` (NaN
    where it cannot run)."""
    import numpy as np

    names = [r[0] for r in registers]
    if isinstance(inputs, dict):
        missing = [n for n in names if n not in inputs]
        if missing:
            raise _argument_error(f"no input column for register {missing[0]!r}")
        columns = [inputs[n] for n in names]
    else:
        columns = list(inputs)
    columns = [np.ascontiguousarray(c, dtype=np.float32) for c in columns]
    target = np.ascontiguousarray(target, dtype=np.float32)
    if request is None:
        request = len(names) - 1
    elif isinstance(request, str):
        if request not in names:
            raise _argument_error(f"request {request!r} names no register")
        request = names.index(request)
    return _core._evaluate_programs(programs, registers, columns, request, target,
                                    instruction_set, jobs, outputs)


def cross_check(programs, registers, inputs, *, request=None, instruction_set=None,
                max_samples: int = 8) -> list:
    """Per program, "" when ``evaluate``'s values agree bit for bit with its
    compiled stub run by the PTX evaluator on the first ``max_samples``
    samples, else what differs. A disagreement is a bug of this package:
    the search checks a few programs of every generation this way."""
    import numpy as np

    names = [r[0] for r in registers]
    columns = [np.ascontiguousarray(inputs[n] if isinstance(inputs, dict) else c, dtype=np.float32)
               for n, c in zip(names, inputs if not isinstance(inputs, dict) else names)]
    if request is None:
        request = len(names) - 1
    elif isinstance(request, str):
        request = names.index(request)
    return _core._cross_check_programs(programs, registers, columns, request, instruction_set,
                                       max_samples)


def interpret(program, registers, inputs, requests, routines=None) -> list:
    """Runs a program on the CPU (see StackCompiler.interpret)."""
    return _compiler().interpret(program, registers, inputs, requests, routines)
