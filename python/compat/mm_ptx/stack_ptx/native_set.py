"""What a StackPtx derives from a project's enums: the ptxinject instruction
set (a description with mm-ptx's operand order and rules), the compilers for
each set of limits, the text rewriter and the max_ast_size counter.

Kept per set of enum classes (a project that makes a StackPtx more than once
from the same enums builds this once) and built when first needed (the first
compile), not when the StackPtx is made."""

from __future__ import annotations

import json
import weakref

from ptxinject.stack import InstructionSet, StackCompiler

from .ast_budget import AstBudget
from .reference_text import MARK, ReferenceText, Shape

# Per stack literal prefix: 1 for u32 literals, 2 for s32, 0 otherwise (the
# native text prints both in decimal; mm-ptx in hex, U for u32).
_INT_KIND = {"u32": 1, "s32": 2}

_SETS = weakref.WeakKeyDictionary()  # PTX instruction enum -> {(other enums): NativeSet}


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
        self.text = None  # set by build(), with the rest

    def build(self) -> "NativeSet":
        """Reads the enums and makes the instruction set, text rewriter and
        counter (once)."""
        if self.text is None:
            stack_enum, arg_enum, ptx_instruction_enum, special_register_enum = self._enums
            instructions, specials = list(ptx_instruction_enum), list(special_register_enum)
            self.ptx_instruction_strings = [instr.ptx_str for instr in instructions]
            self.special_register_strings = [instr.ptx_str for instr in specials]
            self.stack_literal_prefixes = [stack.literal_prefix for stack in stack_enum]
            self.arg_stack_indices = [int(arg.stack_type) for arg in arg_enum]
            self.arg_num_stack_elems = [arg.stack_num_vec_elems for arg in arg_enum]
            self.int_kind = [_INT_KIND.get(p, 0) for p in self.stack_literal_prefixes]
            shapes = self._instruction_shapes(instructions)
            description = self._description(instructions, specials)
            self.set = InstructionSet.from_json(json.dumps(description))
            self.budget = AstBudget(self.arg_stack_indices, self.arg_num_stack_elems,
                                    [([int(a) for a in i.args], [int(r) for r in i.rets]) for i in instructions],
                                    [int(s.arg) for s in specials])
            self.text = ReferenceText(self.stack_literal_prefixes, shapes)
        return self

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

    def _instruction_shapes(self, ptx_instruction_enum) -> list:
        """Each instruction's Shape, by index; marks the ones whose lines
        must be rewritten one by one (reference_text.py)."""
        prefixes = self.stack_literal_prefixes
        shapes = []
        for instr in ptx_instruction_enum:
            elems = self.arg_num_stack_elems
            shapes.append(Shape(instr.ptx_str,
                                [bool(elems[int(r)]) for r in instr.rets] or [False],
                                [prefixes[self.arg_stack_indices[int(a)]] for a in instr.args],
                                [bool(elems[int(a)]) for a in instr.args],
                                sum(max(1, elems[int(r)]) for r in instr.rets)))
        # An opcode shared by instructions of different operand types: the
        # text alone does not say which one a line is.
        first = {}
        self._marked = set()
        for i, shape in enumerate(shapes):
            other = first.setdefault(shape.ptx, shape)
            if shape.marked or (other.arg_kinds, other.ret_vectors) != (shape.arg_kinds, shape.ret_vectors):
                self._marked.add(i)
        return shapes

    def _description(self, ptx_instruction_enum, special_register_enum) -> dict:
        """The enums as a ptxinject description (stack_ptx_descriptions.json
        format); names are generated, the text comes from the enums."""
        stacks = []
        for prefix in self.stack_literal_prefixes:
            entry = {"name": f"s{len(stacks)}", "literal_prefix": prefix}
            if prefix in ("f32", "u32", "s32"):
                entry["constant_type"] = prefix
            stacks.append(entry)
        args = []
        for stack_idx, vec in zip(self.arg_stack_indices, self.arg_num_stack_elems):
            entry = {"name": f"a{len(args)}", "stack_type": f"s{stack_idx}"}
            if vec:
                entry["num_vec_elems"] = vec
            args.append(entry)
        instructions = []
        for instr in ptx_instruction_enum:
            rets = [f"a{int(r)}" for r in instr.rets]
            if not rets:
                # mm-ptx runs an instruction without results (it pops its
                # operands) and never writes it; ptxinject's needs one: it
                # gets one on a stack of its own, which nothing requests.
                if not any(a["name"] == "a_void" for a in args):
                    stacks.append({"name": "s_void", "literal_prefix": "b32"})
                    args.append({"name": "a_void", "stack_type": "s_void"})
                rets = ["a_void"]
            ptx = f"{MARK}{int(instr)}{MARK}" if int(instr) in self._marked else instr.ptx_str
            instructions.append({"ptx": ptx, "display": f"i{int(instr)}",
                                 "args": [f"a{int(a)}" for a in instr.args], "rets": rets,
                                 "aligned": bool(instr.aligned), "top_first": True})
        specials = []
        seen = set()
        for special in special_register_enum:
            ptx = special.ptx_str
            # ptxinject names special registers by their text; mm-ptx allows
            # the same one twice (it reads the same register).
            if ptx in seen:
                ptx = f"{ptx}\x00{int(special)}"
            seen.add(ptx)
            specials.append({"ptx": ptx, "arg_type": f"a{int(special.arg)}"})
        return {"reference_rules": True, "stack_types": stacks, "arg_types": args,
                "instructions": instructions, "special_registers": specials}
