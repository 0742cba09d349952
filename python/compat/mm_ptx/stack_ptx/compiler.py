"""StackPtx: mm-ptx's Stack PTX compiler interface on ptxinject's compiler.

The project's enums become a ptxinject instruction set once (native_set.py);
each compile turns the program into instruction words and compiles them with
a ptxinject StackCompiler kept per set of limits, which writes the stub as
mm-ptx 1.0.1 writes it (StackCompiler.compile_reference)."""

from __future__ import annotations

from ptxinject import Error as _CoreError

from . import words as W
from .native_set import NativeSet


class StackPtxError(RuntimeError):
    """A failure, named by mm-ptx's result code (``STACK_PTX_ERROR_...``)."""

    @staticmethod
    def _check_result(ret) -> None:
        if ret not in (0, "STACK_PTX_SUCCESS"):
            raise StackPtxError(str(ret))


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


class StackPtx:
    def __init__(self, stack_enum, arg_enum, ptx_instruction_enum, special_register_enum):
        self.stack_enum = stack_enum
        self.arg_enum = arg_enum
        self._native = NativeSet.of(stack_enum, arg_enum, ptx_instruction_enum, special_register_enum)
        self._routine_cache = {}

    # mm-ptx's attributes, read from the enums when asked for.
    ptx_instruction_strings = property(lambda self: self._native.ptx_instruction_strings)
    special_register_strings = property(lambda self: self._native.special_register_strings)
    stack_literal_prefixes = property(lambda self: self._native.stack_literal_prefixes)
    arg_stack_indices = property(lambda self: self._native.arg_stack_indices)
    arg_num_stack_elems = property(lambda self: self._native.arg_num_stack_elems)

    @staticmethod
    def _encode(instructions, num_registers, store_size, num_routines):
        """Instruction words, and the first thing mm-ptx's C library refuses
        when it runs it, as (position, result name), or None."""
        words = []
        append = words.append
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
            if kind == W.PTX or kind == W.META or kind == W.CONSTANT:
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
        return words, refused

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
        native = self._native
        if native.set is None:
            native.build()
        num_registers = len(registry._items)
        try:
            reqs = [r._rec.idx for r in requests]
        except AttributeError:
            reqs = [_index(r) for r in requests]
        if reqs and max(reqs) >= num_registers:
            raise StackPtxError("STACK_PTX_ERROR_REGISTER_IDX_OUT_OF_BOUNDS")
        num_routines = len(routine_enum) if routine_enum is not None else 0
        words, refused = self._encode(instructions, num_registers, store_size, num_routines)
        # mm-ptx checks an instruction when it runs it: one past the
        # execution limit is no error. (A routine's are not checked here:
        # ptxinject skips such an instruction.)
        if refused is not None and refused[0] < execution_limit:
            raise StackPtxError(refused[1])
        routines = None
        if routine_enum is not None:
            cached = self._routine_cache.get(routine_enum)
            if cached is None or cached[0] != (num_registers, store_size):
                cached = self._routine_cache[routine_enum] = (
                    (num_registers, store_size),
                    [self._encode(r.instructions, num_registers, store_size, num_routines)[0]
                     for r in routine_enum])
            routines = cached[1]
        runs = execution_limit if routines is not None else min(len(words), execution_limit)
        if runs * native.largest > max_ast_size and \
                native.budget.exceeds(words, routines, registry.get_stack_types(),
                                      (max_ast_size, stack_size, store_size, max_frame_depth, execution_limit)):
            raise StackPtxError("STACK_PTX_ERROR_INSUFFICIENT_AST_SIZE")
        compiler = native.compilers.get((max_ast_size, stack_size, store_size, max_frame_depth, execution_limit))
        if compiler is None:
            compiler = native.compiler(max_ast_size, stack_size, store_size, max_frame_depth, execution_limit)
        try:
            text = compiler.compile_reference(words, registry.native_registers(), reqs, routines, letters=True)
        except _CoreError as err:
            raise StackPtxError(f"STACK_PTX_ERROR_INVALID_VALUE: {err}") from None
        return text + "\x00"
