"""StackPtx: mm-ptx's Stack PTX compiler interface on ptxinject's compiler.

The project's enums become a ptxinject instruction set description once (with
mm-ptx's operand order, ``top_first``, and meta-instruction rules,
``reference_rules``); each compile turns the program into instruction words,
compiles them with a ptxinject StackCompiler kept per set of limits, and
writes the stub as mm-ptx 1.0.1 writes it (reference_text.py)."""

from __future__ import annotations

import json
import weakref

from ptxinject import Error as _CoreError
from ptxinject.stack import InstructionSet, StackCompiler

from . import words as W
from .ast_budget import AstBudget
from .reference_text import MARK, ReferenceText, Shape


class StackPtxError(RuntimeError):
    """A failure, named by mm-ptx's result code (``STACK_PTX_ERROR_...``)."""

    @staticmethod
    def _check_result(ret) -> None:
        if ret not in (0, "STACK_PTX_SUCCESS"):
            raise StackPtxError(str(ret))


_INT_KIND = {"u32": 1, "s32": 2}


def _index(request) -> int:
    if hasattr(request, "_rec"):
        idx = int(request._rec.idx)
    elif hasattr(request, "idx"):
        idx = int(request.idx)
    else:
        try:
            idx = int(request)
        except (TypeError, ValueError):
            raise TypeError("requests must be RegisterRegistry symbols, RegisterRecords, or integer indices") from None
    if idx < 0:
        raise ValueError("requests indices must be >= 0")
    return idx


# What a StackPtx derives from its enums (the ptxinject instruction set, the
# compilers, the text rewriter), kept per set of enum classes: a project that
# makes a StackPtx more than once from the same enums builds them once.
_PREPARED = weakref.WeakKeyDictionary()


class StackPtx:
    def __init__(self, stack_enum, arg_enum, ptx_instruction_enum, special_register_enum):
        self.stack_enum = stack_enum
        self.arg_enum = arg_enum
        key = (stack_enum, arg_enum, special_register_enum)
        try:
            prepared = _PREPARED.get(ptx_instruction_enum, {}).get(key)
        except TypeError:  # not weak-referenceable: prepare every time
            prepared = None
        if prepared is None:
            self.ptx_instruction_strings = [instr.ptx_str for instr in ptx_instruction_enum]
            self.special_register_strings = [instr.ptx_str for instr in special_register_enum]
            self.stack_literal_prefixes = [stack.literal_prefix for stack in stack_enum]
            self.arg_stack_indices = [int(arg.stack_type) for arg in arg_enum]
            self.arg_num_stack_elems = [arg.stack_num_vec_elems for arg in arg_enum]
            prepared = self._prepare(ptx_instruction_enum, special_register_enum)
            try:
                _PREPARED.setdefault(ptx_instruction_enum, {})[key] = prepared
            except TypeError:
                pass
        (self.ptx_instruction_strings, self.special_register_strings, self.stack_literal_prefixes,
         self.arg_stack_indices, self.arg_num_stack_elems, self._int_kind, self._shapes, self._marked,
         self._set, self._text, self._budget, self._compilers) = prepared
        self._routine_cache = {}

    def _prepare(self, ptx_instruction_enum, special_register_enum) -> tuple:
        prefixes = self.stack_literal_prefixes
        # Per stack: 1 for u32 literals, 2 for s32, 0 otherwise (they print alike).
        int_kind = [_INT_KIND.get(p, 0) for p in prefixes]
        shapes = self._instruction_shapes(ptx_instruction_enum)
        description = self._description(ptx_instruction_enum, special_register_enum)
        instruction_set = InstructionSet.from_json(json.dumps(description))
        budget = AstBudget(self.arg_stack_indices, self.arg_num_stack_elems,
                           [([int(a) for a in i.args], [int(r) for r in i.rets]) for i in ptx_instruction_enum],
                           [int(s.arg) for s in special_register_enum])
        return (self.ptx_instruction_strings, self.special_register_strings, prefixes, self.arg_stack_indices,
                self.arg_num_stack_elems, int_kind, shapes, self._marked, instruction_set,
                ReferenceText(prefixes, shapes), budget, {})

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

    def _compiler(self, max_ast_size, stack_size, store_size, max_frame_depth, execution_limit) -> StackCompiler:
        """A compiler for these limits (kept: most projects use one set).
        mm-ptx counts the program's own frame in max_frame_depth."""
        key = (max_ast_size, stack_size, store_size, max_frame_depth, execution_limit)
        compiler = self._compilers.get(key)
        if compiler is None:
            compiler = self._compilers[key] = StackCompiler(
                self._set, max_ast_size=max_ast_size, stack_size=stack_size, store_size=store_size,
                max_frame_depth=max_frame_depth - 1, execution_limit=execution_limit)
        return compiler

    def _encode(self, instructions, num_registers, store_size, num_routines):
        """Instruction words; which integer literals they push (1 u32, 2
        s32, 3 both); and the first thing mm-ptx's C library refuses when it
        runs it, as (position, result name), or None."""
        words = []
        append = words.append
        int_kinds = 0
        refused = None
        for instr in instructions:
            try:
                w = instr._w
            except AttributeError:
                if isinstance(instr, int):
                    w = int(instr)
                else:
                    raise ValueError(f"Invalid instruction: {instr}") from None
            append(w)
            kind = w & 0xFF
            if kind == W.PTX or kind == W.META:
                continue
            if kind == W.CONSTANT:
                int_kinds |= self._int_kind[(w >> 8) & 0xFF]
                continue
            if refused is not None or kind == W.SPECIAL:
                continue
            idx = (w >> 16) & 0xFFFF
            if kind == W.INPUT:
                if idx >= num_registers:
                    refused = (len(words) - 1, "STACK_PTX_ERROR_REGISTER_IDX_OUT_OF_BOUNDS")
            elif kind == W.STORE:
                if idx >= store_size:
                    refused = (len(words) - 1, "STACK_PTX_ERROR_STORE_IDX_OUT_OF_BOUNDS")
            elif kind == W.LOAD:
                if idx >= store_size:
                    refused = (len(words) - 1, "STACK_PTX_ERROR_LOAD_IDX_OUT_OF_BOUNDS")
            elif kind == W.ROUTINE:
                if idx >= num_routines:
                    refused = (len(words) - 1, "STACK_PTX_ERROR_ROUTINES_IDX_OUT_OF_BOUNDS")
        return words, int_kinds, refused

    def compile(
        self,
        registry,
        instructions,
        requests,
        execution_limit,
        routine_enum=None,
        max_ast_size=100,
        max_ast_to_visit_stack_depth=10,
        stack_size=128,
        max_frame_depth=4,
        store_size=16,
    ) -> str:
        """The stub of a program, as mm-ptx 1.0.1 returns it (ending in a NUL).

        registry: the RegisterRegistry; instructions: registers, stack type
        instructions, PTX instructions, special registers and routines, in
        order; requests: registers (or their indices) that receive the
        values left on their stacks, top first. ``max_ast_to_visit_stack_depth``
        is accepted and unused: the ptxinject compiler needs no visit stack."""
        if max_frame_depth == 0:
            # mm-ptx writes nothing, not even the braces.
            return "\x00"
        if execution_limit == 0 or stack_size == 0:
            # No instruction runs, or none can push: the empty stub.
            return "\t{\n\t}\x00"
        num_registers = len(registry._items)
        try:
            reqs = [r._rec.idx for r in requests]
        except AttributeError:
            reqs = [_index(r) for r in requests]
        if reqs and max(reqs) >= num_registers:
            raise StackPtxError("STACK_PTX_ERROR_REGISTER_IDX_OUT_OF_BOUNDS")
        num_routines = len(routine_enum) if routine_enum is not None else 0
        words, int_kinds, refused = self._encode(instructions, num_registers, store_size, num_routines)
        # mm-ptx checks an instruction when it runs it: one past the
        # execution limit is no error. (A routine's are not checked here:
        # ptxinject skips such an instruction.)
        if refused is not None and refused[0] < execution_limit:
            raise StackPtxError(refused[1])
        routines = None
        if routine_enum is not None:
            cached = self._routine_cache.get(routine_enum)
            if cached is None or cached[0] != (num_registers, store_size):
                encoded = [self._encode(r.instructions, num_registers, store_size, num_routines)
                           for r in routine_enum]
                kinds = 0
                for _, k, _ in encoded:
                    kinds |= k
                cached = self._routine_cache[routine_enum] = ((num_registers, store_size),
                                                              [e[0] for e in encoded], kinds)
            routines = cached[1]
            int_kinds |= cached[2]
        runs = execution_limit if routines is not None else min(len(words), execution_limit)
        if runs * self._budget.largest > max_ast_size and \
                self._budget.exceeds(words, routines, registry.get_stack_types(),
                                     (max_ast_size, stack_size, store_size, max_frame_depth, execution_limit)):
            raise StackPtxError("STACK_PTX_ERROR_INSUFFICIENT_AST_SIZE")
        compiler = self._compilers.get((max_ast_size, stack_size, store_size, max_frame_depth, execution_limit))
        if compiler is None:
            compiler = self._compiler(max_ast_size, stack_size, store_size, max_frame_depth, execution_limit)
        try:
            text = compiler.compile(words, registry.native_registers(), reqs, routines)
        except _CoreError as err:
            raise StackPtxError(f"STACK_PTX_ERROR_INVALID_VALUE: {err}") from None
        return self._text.convert(text, int_kinds)
