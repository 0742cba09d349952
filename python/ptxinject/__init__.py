"""PTX Inject from Python.

Parse annotated PTX once, splice generated stubs into every inject site, and
compile many kernel variants to cubins::

    import ptxinject
    module = ptxinject.Module.parse(ptx)
    op = module["func"]["y"]             # op.register == "_x0"
    final_ptx = module.render({"func": "add.f32 %_x1, %_x0, %_x2;"})

Stubs come from Stack PTX (``ptxinject.stack``) or AST PTX (``ptxinject.ast``)
programs; ``ptxinject.compile_variants`` turns many programs into cubins on
every core. See docs/python.md.
"""

from __future__ import annotations

import os as _os

from ._core import Error, Inject, Module, Operand, OperandKind, __version__, compile_ptx
from . import ast, stack
from .frontend import RewriteWarning, have_rewrite, rewrite
from .doctor import doctor
from .variants import (Backend, CompiledModule, ProgramPlace, VariantFailure, VariantResult, compile_variants,
                       default_cache_dir, read_manifest)

__all__ = [
    "doctor",
    "Error",
    "Inject",
    "Module",
    "Operand",
    "OperandKind",
    "__version__",
    "include_dir",
    "ptx_inject_header",
    "data_dir",
    "stack",
    "ast",
    "compile_variants",
    "compile_ptx",
    "Backend",
    "rewrite",
    "have_rewrite",
    "RewriteWarning",
    "CompiledModule",
    "ProgramPlace",
    "default_cache_dir",
    "read_manifest",
    "VariantFailure",
    "VariantResult",
]

_HERE = _os.path.dirname(_os.path.abspath(__file__))


def include_dir() -> str:
    """The folder holding ptx_inject.h: pass it to nvcc or nvrtc with ``-I``."""
    return _os.path.join(_HERE, "include")


def ptx_inject_header() -> str:
    """The path of the packaged ptx_inject.h."""
    return _os.path.join(include_dir(), "ptx_inject.h")


def data_dir() -> str:
    """The folder holding stack_ptx_descriptions.json and ptx_inject_default_types.json."""
    return _os.path.join(_HERE, "data")
