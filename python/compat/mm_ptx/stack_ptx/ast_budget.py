"""mm-ptx's max_ast_size, which ptxinject's compiler does not have.

mm-ptx keeps every value a program makes in an array of max_ast_size
entries and fails with STACK_PTX_ERROR_INSUFFICIENT_AST_SIZE when a program
needs more; ptxinject's compiler skips the instructions past its own limit
instead. An instruction that runs takes: a register, literal or special
register read, one entry (per vector element); a PTX instruction, one per
operand and result element; the rest, none. This replays a program's stack
depths to count them, but only when the count could pass the limit at all
(rarely: the bound is the instructions that can run times the largest
entry count)."""

from __future__ import annotations

from . import words as W


class AstBudget:
    def __init__(self, arg_stacks, arg_elems, instructions, specials):
        """arg_stacks/arg_elems: each arg type's stack and element count;
        instructions: (arg types, ret types) per PTX instruction; specials:
        the arg type of each special register."""
        elems = [max(1, n) for n in arg_elems]
        self._inputs = (arg_stacks, elems, instructions, specials)
        self._ptx = None  # per instruction: (operands per stack, results per stack, entries)
        # The most entries one instruction takes: a program of n
        # instructions that run needs at most n times this many.
        self.largest = max([1] + [sum(elems[a] for a in args) + sum(elems[r] for r in rets)
                                  for args, rets in instructions])

    def _tables(self):
        arg_stacks, elems, instructions, specials = self._inputs
        self._ptx = []
        for args, rets in instructions:
            need, push = {}, {}
            for a in args:
                need[arg_stacks[a]] = need.get(arg_stacks[a], 0) + elems[a]
            for r in rets:
                push[arg_stacks[r]] = push.get(arg_stacks[r], 0) + elems[r]
            self._ptx.append((need, push, sum(elems[a] for a in args) + sum(elems[r] for r in rets)))
        self._special = [(arg_stacks[a], elems[a]) for a in specials]

    def exceeds(self, words, routines, register_stacks, limits) -> bool:
        """Whether running words (with routines) needs more than
        max_ast_size entries. limits: (max_ast_size, stack_size, store_size,
        max_frame_depth, execution_limit), as mm-ptx takes them."""
        if self._ptx is None:
            self._tables()
        max_ast, stack_size, store_size, frames, limit = limits
        depth = {}
        meta = []
        slots = {}
        state = [0, 0]  # entries, instructions run

        def push(stack, count=1):
            if depth.get(stack, 0) + count > stack_size:
                return False
            depth[stack] = depth.get(stack, 0) + count
            return True

        def run(program, frame):
            for w in program:
                if state[1] >= limit:
                    return
                state[1] += 1
                kind = w & 0xFF
                idx = (w >> 16) & 0xFFFF
                stack = (w >> 8) & 0xFF
                entries = 0
                if kind == W.INPUT:
                    entries = 1 if idx < len(register_stacks) and push(register_stacks[idx]) else 0
                elif kind == W.CONSTANT:
                    entries = 1 if push(stack) else 0
                elif kind == W.SPECIAL:
                    if idx < len(self._special):
                        s, n = self._special[idx]
                        entries = n if push(s, n) else 0
                elif kind == W.PTX:
                    if idx < len(self._ptx):
                        need, out, n = self._ptx[idx]
                        if all(depth.get(s, 0) >= c for s, c in need.items()):
                            for s, c in need.items():
                                depth[s] -= c
                            for s, c in out.items():
                                push(s, c)
                            entries = n
                elif kind == W.META:
                    op = W.META_OPS[idx] if idx < len(W.META_OPS) else ""
                    d = depth.get(stack, 0)
                    if op == "constant":
                        meta.append(w >> 32)
                    elif op == "dup":
                        if d:
                            push(stack)
                    elif op == "yank_dup":
                        n = meta.pop() if meta else 0
                        if n < d:
                            push(stack)
                    elif op in ("drop", "replace"):
                        if d > 1:
                            depth[stack] = d - 1
                    elif op == "clear":
                        depth[stack] = 0
                elif kind == W.STORE:
                    if depth.get(stack, 0) and idx < store_size:
                        depth[stack] -= 1
                        slots[idx] = stack
                elif kind == W.LOAD:
                    if idx in slots:
                        push(slots[idx])
                elif kind == W.ROUTINE:
                    if routines is not None and idx < len(routines) and frame + 1 < frames:
                        run(routines[idx], frame + 1)
                        state[1] += 1  # its return
                state[0] += entries
                if state[0] > max_ast:
                    raise _Exceeded

        try:
            run(words, 0)
        except _Exceeded:
            return True
        return False


class _Exceeded(Exception):
    pass
