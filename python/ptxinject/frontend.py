"""The Clang front end from Python: ptxinject.rewrite on a string, in process.

The rewriter is the extension module ptxinject._rewrite, loaded on the first
call; where it or the Clang libraries it links are missing, that call raises
ptxinject.Error naming what is missing, and ptxinject.doctor() says the same.
"""

from __future__ import annotations

import json
import os
import re
import warnings
from typing import Mapping, Optional, Sequence, Union

from ._core import Error

__all__ = ["rewrite", "have_rewrite", "rewrite_problem", "RewriteWarning"]


class RewriteWarning(UserWarning):
    """Clang's warnings about a source that was rewritten all the same (a site
    in a template nothing instantiates, say): the full diagnostic text."""

_HERE = os.path.dirname(os.path.abspath(__file__))

# The rewriter is an extension module of its own, the only one that links
# Clang's libraries: it is loaded on first use, so that everything else in
# the package works where those libraries are absent.
_FRONTEND = None  # the loaded ptxinject._rewrite
_FRONTEND_PROBLEM: Optional[str] = None  # why it cannot be loaded


def _frontend():
    """ptxinject._rewrite, loaded once; None (and _FRONTEND_PROBLEM set) when it cannot be."""
    global _FRONTEND, _FRONTEND_PROBLEM
    if _FRONTEND is None and _FRONTEND_PROBLEM is None:
        try:
            from . import _rewrite
            _FRONTEND = _rewrite
        except ImportError as e:
            _FRONTEND_PROBLEM = _frontend_problem(e)
    return _FRONTEND


def _frontend_problem(e: ImportError) -> str:
    """What is missing, and how to get it, from the ImportError of ptxinject._rewrite."""
    if isinstance(e, ModuleNotFoundError) and e.name == __package__ + "._rewrite":
        return ("this build of the package has no Clang front end (ptxinject._rewrite was not "
                "built): install Clang 19 (Debian/Ubuntu: apt-get install clang-19 "
                "libclang-19-dev llvm-19-dev) and reinstall the package "
                "(pip install --force-reinstall .), or install a wheel that carries it")
    text = str(e)
    missing = re.search(r"(lib[\w.+-]*\.so[\w.]*)", text)
    if not missing:  # the module itself is damaged
        return (f"the Clang front end (ptxinject._rewrite) is in this package but cannot be "
                f"loaded ({text}): reinstall the package (pip install --force-reinstall ptxinject)")
    return (f"the Clang front end (ptxinject._rewrite) is in this package but "
            f"{missing.group(1)} cannot be loaded ({text}): install LLVM 19's libraries "
            "(Debian/Ubuntu: apt-get install libclang-cpp19 libllvm19), or install the package "
            "from a wheel that carries them (docs/python.md, Installing from a wheel)")


def have_rewrite() -> bool:
    """Whether ptxinject.rewrite can run here: the package carries the Clang
    front end and the libraries it needs load."""
    return _frontend() is not None


def rewrite_problem() -> str:
    """Why ptxinject.rewrite cannot run here, with how to fix it ("" when it can)."""
    return "" if have_rewrite() else (_FRONTEND_PROBLEM or "")


def _default_cache_dir() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "ptxinject")


def rewrite(
    source: Union[str, bytes],
    *,
    filename: str = "kernel.cu",
    args: Sequence[str] = (),
    types=None,
    volatile: bool = True,
    pch_cache: Union[bool, str, os.PathLike] = True,
    nvrtc: bool = False,
    name_expressions: Sequence[str] = (),
    bake: Optional[Mapping[str, str]] = None,
) -> str:
    """Rewrites PTX_INJECT annotations (macro or comment form) in CUDA source text
    into the tagged inline asm of the marker contract, typing every operand from
    Clang's AST, and returns the new text. Nothing is read from or written to disk
    for the source itself.

    filename: the name the source is given; relative names are taken from the
      current folder, so ``#include "local.h"`` resolves next to it.
    args: compiler flags (``-I``, ``-D``, ``--cuda-gpu-arch=sm_90``, ``-std=c++17``).
    types: extra operand types (dict, JSON text or path), as ``Module.parse`` takes.
    volatile: emit ``asm volatile`` (a non-volatile site with unused outputs may vanish).
    pch_cache: reuse CUDA's headers and the source's include block (the
      ``#include`` lines it opens with), precompiled in this folder (True: the
      default cache folder; False: parse them every time).
    nvrtc: read the source as NVRTC reads it (no host C++ library,
      ``__CUDACC_RTC__``, ``-default-device``); ``args`` are then NVRTC's own
      options as written (``-std=c++17``, ``-default-device``, ``--include-path=...``).
    name_expressions: with ``nvrtc``, kernel template instantiations to type,
      as ``nvrtcAddNameExpression`` (or cuda.core's ``name_expressions``) takes them.
    bake: ``{inject name: PTX stub}``: every site of that inject gets the stub in
      place of its markers (one outer ``{ }`` of the stub stripped, ``%{label}``
      resolved), so the text compiles to that variant as plain CUDA, with no
      runtime step. A name no site has is an error.

    A single string for ``args`` or ``name_expressions`` is one item, not a
    sequence of characters. Raises ptxinject.Error with Clang's diagnostics on
    bad source; warnings on a source that was rewritten all the same are
    issued as ``ptxinject.RewriteWarning``. The rewritten
    text includes ptx_inject.h as before: compile it with ``-I ptxinject.include_dir()``.
    """
    engine = _frontend()
    if engine is None:
        err = Error(f"ptxinject.rewrite needs the Clang front end: {_FRONTEND_PROBLEM}; "
                    "typed sites and stable-dialect asm need no front end")
        err.code, err.message, err.line, err.column = "no-front-end", _FRONTEND_PROBLEM, 0, 0
        raise err
    types_json = ""
    if types is not None:
        if isinstance(types, (dict, list)):
            types_json = json.dumps(types)
        elif isinstance(types, str) and types.lstrip().startswith(("{", "[")):
            types_json = types
        else:
            with open(os.fspath(types)) as f:
                types_json = f.read()
    if name_expressions and not nvrtc:
        raise Error("rewrite: name_expressions needs nvrtc=True (they are NVRTC's way to "
                    "instantiate kernel templates)")
    args, name_expressions = _items(args), _items(name_expressions)
    flags = list(args)
    if nvrtc:
        # The nvrtc mode finds its stand-in host headers and the CUDA shims
        # through these variables when it runs inside another program; the
        # package ships both folders.
        for var, folder in (("PTXINJECT_NVRTC_SHIM_DIR", "nvrtc-shim"),
                            ("PTXINJECT_SHIM_DIR", "cuda-shim")):
            if os.path.isdir(os.path.join(_HERE, folder)):
                os.environ.setdefault(var, os.path.join(_HERE, folder))
        flags += ["--include-path=" + os.path.join(_HERE, "include")]
    else:
        shim = os.path.join(_HERE, "cuda-shim")
        if os.path.isdir(shim):
            flags += ["-idirafter", shim]  # only what the toolkit lacks
        flags += ["-idirafter", os.path.join(_HERE, "include")]
    # A wheel carries Clang's own headers beside the rewriter linked into it.
    if os.path.isdir(os.path.join(_HERE, "clang-resource", "include")):
        os.environ.setdefault("PTXINJECT_CLANG_RESOURCE_DIR", os.path.join(_HERE, "clang-resource"))
    if pch_cache is True:
        cache = _default_cache_dir()
    elif pch_cache:
        cache = os.fspath(pch_cache)
    else:
        cache = ""
    bake = dict(bake or {})
    ok, text, diagnostics, injects = engine.rewrite(
        source, os.path.abspath(filename), flags, types_json, volatile, cache, nvrtc,
        list(name_expressions), bake)
    if not ok:
        err = Error(f"{filename}: rewrite failed:\n{diagnostics}")
        err.code, err.message, err.line, err.column = "rewrite-failed", diagnostics, 0, 0
        _locate(err, diagnostics, os.path.abspath(filename))
        raise err
    missing = sorted(set(bake) - set(injects))
    if missing:
        raise Error(f"{filename}: bake: no site of inject {', '.join(map(repr, missing))}; "
                    f"its sites are {', '.join(sorted(set(injects))) or '(none)'}")
    if "warning:" in diagnostics:
        warnings.warn(RewriteWarning(f"{filename}: {diagnostics}"), stacklevel=2)
    return text


def _items(value) -> list:
    """A sequence of strings; one string is one item."""
    if isinstance(value, (str, bytes, os.PathLike)):
        return [os.fsdecode(value)]
    return [os.fsdecode(v) if isinstance(v, (bytes, os.PathLike)) else v for v in value]


def _locate(err, diagnostics: str, path: str) -> None:
    """line/column of the first error in the source itself."""
    for line in diagnostics.splitlines():
        if line.startswith(path + ":") and ": error:" in line:
            parts = line[len(path) + 1 :].split(":")
            if len(parts) >= 2 and parts[0].isdigit() and parts[1].isdigit():
                err.line, err.column = int(parts[0]), int(parts[1])
                return
