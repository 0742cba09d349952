"""PTXInject: annotated PTX parsed once by ptxinject.Module, rendered with
one stub per inject, in mm-ptx's shapes (Inject, InjectArg, MutType) and with
its errors (PtxInjectError, a RuntimeError named by mm-ptx's result code)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import List, Mapping

import ptxinject


class PtxInjectError(RuntimeError):
    """A failure, as mm-ptx raises it: ``str()`` starts with mm-ptx's result
    name (``PTX_INJECT_ERROR_FORMATTING``, ...); ``code``, ``line`` and
    ``column`` are ptxinject's (docs/python.md)."""

    def __init__(self, result: str, detail: str = "", code: str = "", line: int = 0, column: int = 0):
        super().__init__(f"{result}: {detail}" if detail else result)
        self.result = result
        self.code = code
        self.line = line
        self.column = column


# ptxinject error codes -> mm-ptx result names (the rest are formatting errors).
_RESULT_OF_CODE = {
    "inconsistent-sites": "PTX_INJECT_ERROR_INCONSISTENT_INJECTION",
    "wrong-stub-count": "PTX_INJECT_ERROR_WRONG_NUM_STUBS",
    "too-many-sites": "PTX_INJECT_ERROR_MAX_UNIQUE_INJECTS_EXCEEDED",
    "inject-not-found": "PTX_INJECT_ERROR_INJECTION_NAME_NOT_FOUND",
    "operand-not-found": "PTX_INJECT_ERROR_INJECTION_ARG_NAME_NOT_FOUND",
    "insufficient-buffer": "PTX_INJECT_ERROR_INSUFFICIENT_BUFFER",
    "invalid-encoding": "PTX_INJECT_ERROR_INVALID_INPUT",
    "empty-input": "PTX_INJECT_ERROR_INVALID_INPUT",
}


def _error_from(err: ptxinject.Error) -> PtxInjectError:
    code = getattr(err, "code", "")
    return PtxInjectError(_RESULT_OF_CODE.get(code, "PTX_INJECT_ERROR_FORMATTING"), str(err), code,
                          getattr(err, "line", 0), getattr(err, "column", 0))


class MutType(Enum):
    """Whether a site reads, reads and writes, or writes an operand (the
    values of mm-ptx's C enum)."""

    OUT = 0
    MOD = 1
    IN = 2


_MUT_OF_KIND = {
    ptxinject.OperandKind.OUT: MutType.OUT,
    ptxinject.OperandKind.MOD: MutType.MOD,
    ptxinject.OperandKind.IN: MutType.IN,
}


@dataclass(frozen=True)
class InjectArg:
    name: str
    mut_type: MutType
    data_type: str
    register_type: str
    reg: str


@dataclass(frozen=True)
class Inject:
    name: str
    num_args: int
    num_sites: int
    args: List[InjectArg]


class PTXInject(dict):
    """Annotated PTX, parsed once::

        with PTXInject(annotated_ptx) as inject:
            reg = inject["func"]["x"].reg          # "_x0"
            ptx = inject.render_ptx({"func": stub})

    ``injects`` lists the injects in render order; ``inject[name]`` maps
    each operand's CUDA name to its InjectArg. (It is that mapping, a
    dict, so that the lookup costs no Python call; it compares, hashes and
    tests true as mm-ptx's object does: by identity.)"""

    __eq__ = object.__eq__
    __ne__ = object.__ne__
    __hash__ = object.__hash__
    __repr__ = object.__repr__

    def __bool__(self) -> bool:
        return True

    def __init__(self, annotated_ptx: str):
        try:
            module = ptxinject.Module.parse(annotated_ptx)
        except ptxinject.Error as err:
            raise _error_from(err) from None
        self._module = module
        self.injects: List[Inject] = []
        for inj in module.injects:
            args = [InjectArg(op.label, _MUT_OF_KIND[op.kind], op.type_label, op.register_type, op.register)
                    for op in inj.operands]
            self.injects.append(Inject(inj.name, len(args), len(inj.sites), args))
        self.update((inj.name, {arg.name: arg for arg in inj.args}) for inj in self.injects)

    def print_injects(self) -> None:
        """Prints every inject and its operands, as mm-ptx prints them."""
        if not self.injects:
            print("No inject sites found.")
            return
        for i, inject in enumerate(self.injects, start=1):
            print(f"Inject #{i}:")
            print(f"  Name:            {inject.name!r}")
            print(f"  Number of Args:  {inject.num_args}")
            print(f"  Number of Sites: {inject.num_sites}")
            if inject.args:
                print("  Arguments:")
                for j, arg in enumerate(inject.args, start=1):
                    print(f"    Arg #{j}:")
                    print(f"      CUDA Name:     {arg.name!r}")
                    print(f"      Mutation Type: {arg.mut_type.name}")
                    print(f"      Type Token:    {arg.data_type}")
                    print(f"      Register Type: {arg.register_type}")
                    print(f"      Register Name: {arg.reg!r}")
            else:
                print("  (No arguments.)")
            print()

    def render_ptx(self, ptx_stubs: Mapping[str, str]) -> str:
        """The PTX with every site of each inject replaced by its stub
        (``ptx_stubs[name]`` for every inject; a missing one is a KeyError).
        A stub ends at its first NUL, as C strings do: mm-ptx 1.0.1's
        StackPtx.compile returns stubs with a NUL at the end. Each site
        becomes the stub and a line end, as in mm-ptx: an empty stub leaves
        an empty line."""
        module = self._module
        if module is None:
            raise PtxInjectError("PTX_INJECT_ERROR_INVALID_INPUT", "render_ptx after close()")
        stubs = []
        for inject in self.injects:
            stub = ptx_stubs[inject.name]
            if "\x00" in stub:
                stub = stub[: stub.index("\x00")]
            # mm-ptx puts the stub and then the marker block's line end; a
            # ptxinject stub that is empty or ends a line gets none of its own.
            if not stub or stub[-1] == "\n":
                stub += "\n"
            stubs.append(stub)
        try:
            return module.render(stubs)
        except ptxinject.Error as err:
            raise _error_from(err) from None

    def close(self) -> None:
        """Drops the parsed module; render_ptx fails after it."""
        self._module = None

    def __enter__(self) -> "PTXInject":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        self.close()


__all__ = ["PtxInjectError", "MutType", "InjectArg", "Inject", "PTXInject"]
