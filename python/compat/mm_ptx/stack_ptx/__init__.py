"""mm_ptx.stack_ptx: mm-ptx's Stack PTX API on ptxinject's compiler.

A project declares its stack types, arg types, PTX instructions and special
registers as enums derived from the bases here, builds a StackPtx from them,
and compiles programs written as lists of enum members and registry symbols::

    registry = RegisterRegistry()
    registry.add(func["x"].reg, Stack.f32, name="x")
    stub = compiler.compile(registry=registry, instructions=[registry.x, Stack.f32.dup,
                            PtxInstruction.add_ftz_f32], requests=[registry.x], execution_limit=100)

An instruction's first operand is the top of the stack (``x y sub`` is
y - x), as in mm-ptx.
"""

from .compiler import StackPtx, StackPtxError
from .enums import (ArgTypeEnum, Instr, RoutineEnum, StackTypeEnum, create_instruction_enum,
                    create_special_register_enum)
from .registry import RegisterRegistry

__all__ = [
    "StackTypeEnum",
    "ArgTypeEnum",
    "create_instruction_enum",
    "create_special_register_enum",
    "StackPtx",
    "StackPtxError",
    "RoutineEnum",
    "RegisterRegistry",
    "Instr",
]
