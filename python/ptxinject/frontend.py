"""The Clang front end from Python: ptxinject.rewrite on a string, in process."""

from __future__ import annotations

import json
import os
import warnings
from typing import Mapping, Optional, Sequence, Union

from . import _core
from ._core import Error

__all__ = ["rewrite", "have_rewrite", "RewriteWarning"]


class RewriteWarning(UserWarning):
    """Clang's warnings about a source that was rewritten all the same (a site
    in a template nothing instantiates, say): the full diagnostic text."""

_HERE = os.path.dirname(os.path.abspath(__file__))


def have_rewrite() -> bool:
    """Whether this build of the package carries the Clang front end."""
    return bool(_core.HAVE_REWRITE)


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
    if not have_rewrite():
        raise Error(
            "ptxinject.rewrite needs the Clang front end, which this build of the package "
            "lacks: install Clang 19 (Debian/Ubuntu: apt-get install clang-19 libclang-19-dev "
            "llvm-19-dev) and reinstall the package (pip install --force-reinstall .); "
            "typed sites and stable-dialect asm need no front end")
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
    if pch_cache is True:
        cache = _default_cache_dir()
    elif pch_cache:
        cache = os.fspath(pch_cache)
    else:
        cache = ""
    bake = dict(bake or {})
    ok, text, diagnostics, injects = _core._rewrite(
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
