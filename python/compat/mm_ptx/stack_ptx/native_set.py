"""What a StackPtx derives from a project's enums: the ptxinject instruction
set (mm-ptx's tables under its operand order and rules), the compilers for
each set of limits and the max_ast_size counter.

Kept per set of enum classes (a project that makes a StackPtx more than once
from the same enums builds this once) and built when first needed (the first
compile), not when the StackPtx is made. The instruction set and its
compilers are also kept by the tables' content, for a few sets: enum classes
made again with the same members (by a function that makes them, say) find
them built."""

from __future__ import annotations

import weakref

from ptxinject.stack import InstructionSet, StackCompiler

from .ast_budget import AstBudget
from .enums import members_by_value

_SETS = weakref.WeakKeyDictionary()  # PTX instruction enum -> {(other enums): NativeSet}

# The tables (InstructionSet.reference_tables, compared by content) ->
# (InstructionSet, its largest instruction, compilers by limits); the oldest
# entry goes first.
_BY_CONTENT = {}
_MAX_BY_CONTENT = 32


class NativeSet:
    @classmethod
    def of(cls, stack_enum, arg_enum, ptx_instruction_enum, special_register_enum) -> "NativeSet":
        key = (stack_enum, arg_enum, special_register_enum)
        try:
            by_others = _SETS.get(ptx_instruction_enum)
            if by_others is None:
                by_others = _SETS[ptx_instruction_enum] = {}
        except TypeError:  # not weak-referenceable: not kept
            return cls(stack_enum, arg_enum, ptx_instruction_enum, special_register_enum)
        found = by_others.get(key)
        if found is None:
            found = by_others[key] = cls(stack_enum, arg_enum, ptx_instruction_enum, special_register_enum)
        return found

    def __init__(self, stack_enum, arg_enum, ptx_instruction_enum, special_register_enum):
        self._enums = (stack_enum, arg_enum, ptx_instruction_enum, special_register_enum)
        self.compilers = {}
        self.set = None  # set by build(), with the rest
        self._budget = None

    def build(self) -> "NativeSet":
        """Reads the enums and makes the instruction set (once): straight
        from the enums' tables, read once in C++
        (InstructionSet.reference_tables), with no description written and
        parsed."""
        if self.set is None:
            tables = InstructionSet.reference_tables(*self._enums)
            built = _BY_CONTENT.get(tables)
            if built is None:
                instruction_set = InstructionSet.from_reference_tables(tables)
                # The most AST entries one instruction takes (AstBudget's bound).
                built = (instruction_set, instruction_set.max_instruction_elems, {})
                if len(_BY_CONTENT) >= _MAX_BY_CONTENT:
                    del _BY_CONTENT[next(iter(_BY_CONTENT))]
                _BY_CONTENT[tables] = built
            self.largest, self.compilers = built[1], built[2]
            self.set = built[0]
        return self

    # mm-ptx's attributes of a StackPtx, read from the enums when asked for.
    @property
    def ptx_instruction_strings(self) -> list:
        return [instr.ptx_str for instr in self._enums[2]]

    @property
    def special_register_strings(self) -> list:
        return [special.ptx_str for special in self._enums[3]]

    @property
    def stack_literal_prefixes(self) -> list:
        return [stack.literal_prefix for stack in self._enums[0]]

    @property
    def arg_stack_indices(self) -> list:
        return [int(arg.stack_type) for arg in self._enums[1]]

    @property
    def arg_num_stack_elems(self) -> list:
        return [arg.stack_num_vec_elems for arg in self._enums[1]]

    @property
    def budget(self) -> AstBudget:
        """The max_ast_size counter, made the first time a program could
        pass the limit at all."""
        if self._budget is None:
            self.build()
            self._budget = AstBudget(self.arg_stack_indices, self.arg_num_stack_elems,
                                     [([int(a) for a in i.args], [int(r) for r in i.rets])
                                      for i in members_by_value(self._enums[2])],
                                     [int(s.arg) for s in members_by_value(self._enums[3])])
        return self._budget

    def compiler(self, max_ast_size, stack_size, store_size, max_frame_depth, execution_limit) -> StackCompiler:
        """A compiler for these limits (kept: most projects use one set).
        mm-ptx counts the program's own frame in max_frame_depth."""
        key = (max_ast_size, stack_size, store_size, max_frame_depth, execution_limit)
        compiler = self.compilers.get(key)
        if compiler is None:
            compiler = self.compilers[key] = StackCompiler(
                self.set, max_ast_size=max_ast_size, stack_size=stack_size, store_size=store_size,
                max_frame_depth=max_frame_depth - 1, execution_limit=execution_limit)
        return compiler
