"""AST PTX from Python: postorder f32 expression trees compiled to stubs.

A program is a list of instruction words built here (or a uint64 array)::

    from ptxinject import ast
    prog = [ast.input(0), ast.input(1), ast.ptx("add.ftz.f32"), ast.constant(2.0), ast.ptx("mul.ftz.f32")]
    stub = ast.compile(prog, "z", ["x", "y"])      # %z = (x + y) * 2
    ast.interpret(prog, [1.0, 2.0])                # 6.0

A return word ends the program; compile() and interpret() append one when missing.
"""

from __future__ import annotations

import struct
from typing import List, Sequence

from ._core import ast_compile, ast_instructions, ast_interpret
from .stack import _field

__all__ = ["input", "constant", "ptx", "routine", "routine_arg", "ret", "compile", "interpret", "instructions"]

_NAMES = None


def instructions() -> List[tuple]:
    """(opcode, arity) of each instruction enum, in index order."""
    return ast_instructions()


def _word(kind: int, idx: int = 0, payload: int = 0) -> int:
    return kind | (idx & 0xFFFF) << 16 | (payload & 0xFFFFFFFF) << 32


def ret() -> int:
    return 0


def input(index: int) -> int:
    return _word(1, _field("an input index", index, 1 << 16))


def constant(value: float) -> int:
    return _word(2, 0, struct.unpack("<I", struct.pack("<f", value))[0])


def ptx(name: str) -> int:
    """A PTX instruction by opcode, e.g. 'add.ftz.f32' (see instructions())."""
    global _NAMES
    if _NAMES is None:
        _NAMES = {n: i for i, (n, _) in enumerate(ast_instructions())}
    try:
        return _word(3, _NAMES[name])
    except KeyError:
        raise KeyError(f"no AST PTX instruction '{name}' (see ptxinject.ast.instructions())") from None


def routine(index: int) -> int:
    return _word(4, _field("a routine index", index, 1 << 16))


def routine_arg(index: int) -> int:
    return _word(5, _field("a routine argument index", index, 1 << 16))


def _terminated(program):
    if isinstance(program, (list, tuple)) and (not program or program[-1] != 0):
        return list(program) + [0]
    return program


def compile(program, output: str, inputs: Sequence[str], routines=None) -> str:
    """The stub computing the program into %output from %inputs[i]."""
    routines = None if routines is None else [_terminated(r) for r in routines]
    return ast_compile(_terminated(program), output, list(inputs), routines)


def interpret(program, inputs: Sequence[float], routines=None) -> float:
    """The program's value for these inputs, in single precision."""
    routines = None if routines is None else [_terminated(r) for r in routines]
    return ast_interpret(_terminated(program), list(inputs), routines)
