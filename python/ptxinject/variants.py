"""Many kernel variants to cubins: the C++ variant engine from Python.

::

    result = ptxinject.compile_variants(module, ["x y add.ftz.f32", "x y mul.ftz.f32"], pack=2)
    for m in result.modules:
        m.cubin          # ELF bytes for cuda.core's ObjectCode.from_cubin
        m.programs       # program numbers in it, one per slot (m.programs[i] at pack index i)
    result.places[p]     # where program p's code is: module or cached cubin, inject, pack index
    result.cubin_of(p)   # the cubin that holds program p (None when it failed)
    result.failures      # programs that produced no code, and why

The engine runs on every core with the GIL released. Programs whose stubs
are equal are compiled once (``dedup=True``), and with ``cache_dir`` a
program compiled by an earlier call (or by ``ptxinject variants``) is not
compiled again.
"""

from __future__ import annotations

import os
import warnings
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Dict, List, Optional, Sequence, Union

if TYPE_CHECKING:  # the annotation only: numpy stays optional at run time
    import numpy

from . import _core
from ._core import Backend, Module, available_backends, default_backend, stack_registers

__all__ = [
    "compile_variants",
    "default_cache_dir",
    "cache_stats",
    "read_manifest",
    "Manifest",
    "ManifestRow",
    "trim_cache",
    "clear_cache",
    "set_cache_max_size",
    "Backend",
    "CompiledModule",
    "ProgramPlace",
    "VariantFailure",
    "VariantResult",
    "ProgramFiles",
    "read_program_files",
    "write_variants_output",
    "stack_registers",
    "available_backends",
    "default_backend",
]


def default_cache_dir() -> Optional[str]:
    """The folder ``ptxinject variants`` caches compiled programs in
    ($XDG_CACHE_HOME/ptxinject/variants, else ~/.cache/ptxinject/variants);
    None when neither variable is set. ``cache_dir=True`` uses it."""
    return _core.default_cache_dir() or None


@dataclass(frozen=True)
class VariantFailure:
    """A program that produced no code: stage 'stub' (with its place in the
    program's text when known), 'compile', 'timeout' (its module's
    PTX->cubin ran past ``timeout``) or 'memory' (ptxas ran out of its
    memory bound)."""

    program: int
    stage: str
    message: str
    line: int = 0
    column: int = 0


@dataclass
class CompiledModule:
    """One module compiled by this call: programs[i] sits at pack index i
    (a range when they are consecutive, as without deduplication and cache)."""

    index: int
    programs: Sequence[int]
    cubin: bytes
    failed: List[int] = field(default_factory=list)
    ptx: Optional[str] = None


@dataclass(frozen=True)
class ProgramPlace:
    """Where a program's code is, as the manifest of ``ptxinject variants``
    says it: a module compiled by this call (``module``, an index into
    ``VariantResult.modules``) or a cubin of the cache (``cached_cubin``, its
    path), and the site there (``inject``, ``pack_index``). ``same_as`` is
    the earlier program whose code it runs (equal stubs), else itself."""

    program: int
    same_as: int
    module: Optional[int] = None
    cached_cubin: Optional[str] = None
    inject: Optional[str] = None
    pack_index: int = 0

    @property
    def origin(self) -> str:
        """'compiled' (by this call), 'cache' or 'failed' (no cubin holds it)."""
        if self.module is not None:
            return "compiled"
        return "cache" if self.cached_cubin is not None else "failed"


@dataclass
class VariantResult:
    """modules, failures and places as the class docs say; ``options[v]``:
    the assembler options variant v was compiled with ('-O3
    -maxrregcount=64', as the manifest's options column says them). Under an
    ``options_sweep`` of k combinations, variant v is program
    ``v % programs`` under combination ``v // programs``."""

    modules: List[CompiledModule]
    failures: List[VariantFailure]
    report: Dict[str, object]
    places: List[ProgramPlace] = field(default_factory=list)
    options: List[str] = field(default_factory=list)
    programs: int = 0
    _cached: Dict[str, bytes] = field(default_factory=dict, repr=False, compare=False)
    # Holds the cached cubins that places name against trimming by other
    # processes for as long as this result lives.
    _pins: object = field(default=None, repr=False, compare=False)

    def cubin_of(self, program: int) -> Optional[bytes]:
        """The cubin holding a program's code (None when it failed): a
        module of this call, or a cubin read from the cache."""
        place = self.places[program] if program < len(self.places) else None
        if place is None:
            return None
        if place.module is not None:
            for m in self.modules:
                if m.index == place.module:
                    return m.cubin
            return None
        if place.cached_cubin is not None:
            if place.cached_cubin not in self._cached:
                with open(place.cached_cubin, "rb") as f:
                    self._cached[place.cached_cubin] = f.read()
            return self._cached[place.cached_cubin]
        return None


def _cache_folder(cache_dir) -> Optional[str]:
    """None/False: no cache; True: the default folder; else the path."""
    if cache_dir is None or cache_dir is False:
        return None
    if cache_dir is True:
        folder = default_cache_dir()
        if folder is None:
            warnings.warn("cache_dir=True: neither XDG_CACHE_HOME nor HOME is set; no cache",
                          stacklevel=3)
        return folder
    return os.fspath(cache_dir)


def _duplicate_rate(variants: int, failures: Sequence[VariantFailure], unique: Optional[int]):
    """Share of the programs whose stubs were made that repeat an earlier
    one (as the summary of ``ptxinject variants`` counts it)."""
    if unique is None:
        return None
    with_code = variants - sum(1 for f in failures if f.stage in ("stub", "input"))
    return (with_code - unique) / with_code if with_code else 0.0


def _progress_callback(progress, total):
    """progress=True: a tqdm bar when tqdm is installed, else nothing."""
    if callable(progress):
        return progress, None
    if not progress:
        return None, None
    try:
        from tqdm import tqdm
    except ImportError:
        return None, None
    bar = tqdm(total=total, unit="prog", desc="variants")

    def update(done, _total):
        bar.update(done - bar.n)

    return update, bar


def compile_variants(
    module: Module,
    programs: Union[Sequence, "numpy.ndarray", None] = None,
    *,
    inject: Optional[str] = None,
    slots: Optional[Sequence[str]] = None,
    pack: int = 1,
    kind: str = "stack",
    backend: Union[str, Backend, None] = None,
    arch: Optional[str] = None,
    jobs: int = 0,
    dedup: bool = True,
    cache_dir: Union[str, os.PathLike, bool, None] = None,
    cache_max_size: Union[int, str, None] = None,
    timeout: Optional[float] = None,
    keep_unfilled_kernels: bool = False,
    progress: Union[bool, Callable[[int, int], None], None] = None,
    keep_ptx: bool = False,
    instruction_set=None,
    random: Optional[tuple] = None,
    opt_level: Optional[int] = None,
    max_registers: Optional[int] = None,
    fast_compile: Optional[str] = None,
    lineinfo: Optional[bool] = None,
    ptxas_options: Optional[Sequence[str]] = None,
    options_sweep: Optional[str] = None,
    link_stubs: bool = False,
) -> VariantResult:
    """Compiles each program into the module and the module into cubins.

    programs: Stack PTX programs (text using operand labels, uint64 arrays or lists
      of instructions, or a 2-D array with one program per row; registers as
      ``stack_registers(module, inject)`` lists them), AST PTX programs
      (``kind="ast"``) or ready PTX stubs naming operands as ``%{label}``
      (``kind="raw"``).
    inject / slots: the inject that receives programs, or the injects that do
      (``pack`` programs per module, one per slot). Default: every inject in
      natural name order.
    backend: 'nvptxcompiler', 'ptxas' or 'nvjitlink' (default: the fastest built
      whose compiler reads the module's PTX ISA, docs/variants.md),
      or a ``Backend`` created once and reused by every call (a name creates one
      per call).
    arch: target, default the Backend's or "sm_80".
    jobs: worker threads (0: every core).
    dedup: compile each distinct program once: a program whose stub equals an
      earlier one's runs that one's code (``places[p].same_as``). As
      ``ptxinject variants`` does; False compiles every program, module m
      then holding programs m*pack onwards.
    cache_dir: the compiled-program cache of ``ptxinject variants``
      (docs/variants.md): a folder, True for ``default_cache_dir()``, None
      (default) for none. A program found there is not compiled (its place
      names the cached cubin); programs compiled here are stored there.
    cache_max_size: the cache folder's bound, bytes or a size such as "5G"
      (0: none); default: the folder's cache.conf, else 5G. Least recently
      used programs go when this call takes it over (``set_cache_max_size``
      sets it once for every user of the folder).
    timeout: seconds one module's PTX->cubin may take (default: no limit);
      a module past it fails its programs with stage 'timeout' and the
      batch goes on.
    keep_unfilled_kernels: with ``pack`` > 1, a module that is only partly
      filled (the last one, or fewer distinct programs than slots) leaves out
      the kernels none of whose slots got a program (``report["pruned_kernels"]``);
      True compiles them too, so every cubin holds every kernel of the module
      (``--keep-unfilled-kernels`` of ``ptxinject variants``).
    progress: a callable(done, total), or True for a tqdm bar when tqdm is installed.
    random: (count, length, seed, live) adds random Stack PTX programs.
    opt_level, max_registers, fast_compile, lineinfo, ptxas_options: the
      assembler options of ``ptxinject variants`` (-O, --maxrregcount,
      --fast-compile, --lineinfo, -Xptxas), as ``Backend`` takes them; give
      them here or to a ``Backend``, not both.
    options_sweep: 'maxrregcount=32,64;O=1,3' compiles each program under
      each combination (the first name varying slowest), one variant each:
      variant v is program ``v % result.programs``, compiled with
      ``result.options[v]``.
    link_stubs: the screening mode of ``ptxinject variants --link-stubs``
      (docs/variants.md, "Linked stubs"): the kernel is compiled once (kept
      for the process, and in ``cache_dir``) as relocatable code whose sites
      call a function per inject,
      and each variant's stubs are compiled as those functions and linked to
      it with nvJitLink; many times faster on a large kernel, but the calls
      stay in the cubins: for checking what stubs compute, not timing them.
      ``result.options`` then end in ``--link-stubs``.

    Raises ptxinject.Error when the batch cannot start (unknown slot, pack larger
    than the slots, programs that cannot target the inject); a bad program is a
    VariantFailure and the rest go on.
    """
    if inject is not None:
        if slots is not None:
            raise TypeError("give inject= or slots=, not both")
        slots = [inject]
    slot_list = list(slots) if slots is not None else []
    if programs is None:
        programs = []
    if hasattr(programs, "ndim") and programs.ndim == 2:
        programs = list(programs)
    programs = list(programs)
    if isinstance(backend, Backend):
        arch = arch or backend.arch
    arch = arch or "sm_80"
    folder = _cache_folder(cache_dir)
    max_bytes = _byte_size(cache_max_size, "cache_max_size")
    if timeout is not None and not timeout > 0:
        raise ValueError(f"timeout must be a number of seconds above 0, got {timeout!r}")
    total = len(programs) + (random[0] if random else 0)
    backends = _assembler_backends(module, backend, arch, options_sweep, dict(
        opt_level=opt_level, max_registers=max_registers, fast_compile=fast_compile,
        lineinfo=lineinfo, ptxas_options=ptxas_options))
    callback, bar = _progress_callback(progress, total * len(backends))
    try:
        raw = _core._compile_variants(
            module, programs, kind, instruction_set, random, slot_list, pack, backends,
            arch, jobs, keep_ptx, bool(dedup), folder or "", max_bytes,
            float(timeout or 0), bool(keep_unfilled_kernels), callback, bool(link_stubs))
    finally:
        if bar is not None:
            bar.close()

    modules = [CompiledModule(index, _as_sequence(numbers), cubin, list(failed), ptx)
               for index, numbers, failed, cubin, ptx in raw["modules"]]
    failures = [VariantFailure(p, stage, msg, line, col)
                for p, stage, msg, line, col in raw["failures"]]
    failed = {f.program for f in failures}
    places = [ProgramPlace(p, same_as, *((None, None, None, 0) if p in failed else
                                         (module_index, cached, inject_name, pack_index)))
              for p, (same_as, module_index, cached, inject_name, pack_index)
              in enumerate(raw["places"])]
    report = dict(raw["report"])
    report["dedup"] = bool(dedup)
    report["cache_dir"] = folder
    report["duplicate_rate"] = _duplicate_rate(report["variants"], failures, report["unique_programs"])
    report["cached_modules"] = len({p.cached_cubin for p in places if p.cached_cubin})
    if report["cache_warning"]:
        warnings.warn(f"variant cache: {report['cache_warning']} (the results are complete; "
                      "a later call compiles them again)", stacklevel=2)
    report["options_sweep"] = options_sweep
    return VariantResult(modules, failures, report, places, raw["options"], total,
                         _pins=raw["pins"])


_ASSEMBLER_KEYS = ("opt_level", "max_registers", "fast_compile", "lineinfo", "ptxas_options")


def _assembler_backends(module, backend, arch, sweep, given) -> list:
    """The back ends (or the one name/None) compile_variants runs with: one
    per combination of the sweep, made with the assembler options given."""
    given = {k: v for k, v in given.items() if v is not None}
    if not given and not sweep:
        return [backend]
    if isinstance(backend, Backend):
        if given:
            raise TypeError("give the assembler options to Backend(...) or to "
                            "compile_variants, not both")
        kind = backend.kind
        base = dict(opt_level=backend.opt_level, max_registers=backend.max_registers,
                    fast_compile=backend.fast_compile, lineinfo=backend.lineinfo,
                    ptxas_options=list(backend.ptxas_options))
        if not sweep:
            return [backend]
    else:
        kind = backend
        base = dict(opt_level=3, max_registers=0, fast_compile=None, lineinfo=False,
                    ptxas_options=[])
        base.update({k: (list(v) if k == "ptxas_options" else v) for k, v in given.items()})
    combos = [{}] if not sweep else _core._options_sweep(
        sweep, base["opt_level"], base["max_registers"], base["fast_compile"],
        bool(base["lineinfo"]))
    return [Backend(kind, arch, **{**base, **dict(c)}, ptx=module.source) for c in combos]


@dataclass(frozen=True)
class ManifestRow:
    """One row of the manifest.tsv that ``ptxinject variants`` writes
    (docs/variants.md): a program of a variant, the cubin of the output
    folder holding its code (None when it failed) and the site there."""

    program: int
    module: Optional[str]
    inject: str
    ok: bool
    pack_index: int
    entries: List[str]
    source: str
    text: str
    same_as: Optional[int]
    origin: Optional[str]
    # Why a failed program has no code: "stub", "compile", "timeout" or
    # "memory" (None when it is ok, or an older manifest does not say).
    stage: Optional[str] = None
    # The assembler options it was compiled with ("-O3 -maxrregcount=64");
    # None in a manifest written before the column.
    options: Optional[str] = None
    # Per entry function (``entries``), (registers, spill store bytes, spill
    # load bytes) as the compiler reported them (``--resources``); empty
    # when not asked for.
    resources: List[tuple] = field(default_factory=list)
    # The assembler that made (or was to make) its cubin, with its version
    # ("nvPTXCompiler 13.0"); None in a manifest written before the column.
    assembler: Optional[str] = None


@dataclass
class Manifest:
    rows: List[ManifestRow]
    # The last line was cut (a run killed while appending) and left out.
    truncated: bool = False


def read_manifest(path: Union[str, os.PathLike]) -> Manifest:
    """Reads the manifest.tsv of ``ptxinject variants`` (the file, or its
    output folder), also one a killed run left: its rows are those of the
    modules it finished. Raises ptxinject.Error naming the line and column
    of a field that is not as the tool writes it; a module is always a
    plain file name of the output folder."""
    path = os.fspath(path)
    if os.path.isdir(path):
        path = os.path.join(path, "manifest.tsv")
    with open(path, "rb") as f:
        text = f.read().decode("utf-8", "replace")
    rows, truncated = _core._parse_manifest(text)
    return Manifest([ManifestRow(*row[:12], [tuple(k) for k in row[12]], row[13]) for row in rows],
                    truncated)


@dataclass(frozen=True)
class ProgramFiles:
    """The programs of ``ptxinject variants --programs``/``--stubs`` files,
    read by the tool's own reader: ``texts[r][v]`` is variant v's program
    for the r-th inject, ``sources[r][v]`` where it came from
    ("FILE:LINE:COL"); ``injects`` names the injects when the files do
    ('NAME: program' lines, NAME=FILE), else is empty."""

    injects: List[str]
    texts: List[List[str]]
    sources: List[List[str]]


def read_program_files(args: Union[str, os.PathLike, Sequence[str]], *,
                       stubs: bool = False) -> ProgramFiles:
    """Reads a program file as ``ptxinject variants --programs ARGS`` does
    (one FILE, or NAME=FILE per inject; '#' starts a comment), or a stub file
    as ``--stubs FILE`` does (stubs between lines holding only ``---``; a
    segment of blanks is no stub). Raises ptxinject.Error with the file
    (``file``), line and column of what it refuses."""
    if isinstance(args, (str, os.PathLike)):
        args = [args]
    injects, texts, sources = _core._read_program_files([os.fspath(a) for a in args], stubs)
    return ProgramFiles(list(injects), [list(t) for t in texts], [list(s) for s in sources])


def write_variants_output(out_dir: Union[str, os.PathLike], module: Module, result: VariantResult,
                          *, sources: Sequence[str], texts: Optional[Sequence[str]], pack: int,
                          slots: Sequence[str]) -> None:
    """Writes a result as ``ptxinject variants`` leaves its output folder
    (docs/variants.md), with the tool's own writer: ``module_NNNNNN.cubin``
    (and ``.ptx``), the cached cubins the result names linked in as
    ``cached_HASH.cubin``, and ``manifest.tsv``.

    sources: per program, where it came from ("FILE:LINE:COL"); texts: per
    program, its Stack PTX text (None for raw stubs); slots: the injects the
    programs filled, in pack order. Raises ptxinject.Error naming the file
    that could not be written."""
    _core._write_variants_folder(os.fspath(out_dir), module, result, list(sources),
                                 None if texts is None else list(texts), pack, list(slots),
                                 list(result.options) if result.options else None)


def _byte_size(value, name: str) -> Optional[int]:
    """None, a whole number of bytes, or a size such as "5G" or "500M"."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TypeError(f"{name} must be a number of bytes or a size such as '5G'")
    if isinstance(value, int):
        if value < 0:
            raise ValueError(f"{name} must not be negative, got {value}")
        return value
    parsed = _core._parse_byte_size(value)
    if parsed is None:
        raise ValueError(f"{name} '{value}' is not a size such as 5G, 500M or 4096")
    return parsed


def _cache_dir_or_default(cache_dir) -> str:
    folder = default_cache_dir() if cache_dir is None else os.fspath(cache_dir)
    if not folder:
        raise ValueError("neither XDG_CACHE_HOME nor HOME is set; give cache_dir")
    return folder


def cache_stats(cache_dir: Union[str, os.PathLike, None] = None) -> Dict[str, object]:
    """What a variant cache folder holds (``ptxinject cache --stats``):
    bytes on disk, max_bytes (0: no bound), entries, cubins, temp_files,
    pin_folders (running readers)."""
    return dict(_core._cache_stats(_cache_dir_or_default(cache_dir)))


def trim_cache(cache_dir: Union[str, os.PathLike, None] = None) -> Dict[str, object]:
    """Trims a cache folder to its bound now (``ptxinject cache --trim``);
    returns what was removed and the sizes before and after."""
    return dict(_core._trim_cache(_cache_dir_or_default(cache_dir), False))


def clear_cache(cache_dir: Union[str, os.PathLike, None] = None) -> Dict[str, object]:
    """Removes every program of a cache folder (``ptxinject cache --clear``)."""
    return dict(_core._trim_cache(_cache_dir_or_default(cache_dir), True))


def set_cache_max_size(size: Union[int, str],
                       cache_dir: Union[str, os.PathLike, None] = None) -> int:
    """Sets a cache folder's bound in its cache.conf (``ptxinject cache
    --max-size``), for every process that uses it; returns it in bytes."""
    max_bytes = _byte_size(size, "size")
    _core._set_cache_max_size(_cache_dir_or_default(cache_dir), max_bytes)
    return max_bytes


def _as_sequence(numbers: Sequence[int]) -> Sequence[int]:
    """A range when the numbers are consecutive, else the list."""
    numbers = list(numbers)
    if numbers and numbers == list(range(numbers[0], numbers[0] + len(numbers))):
        return range(numbers[0], numbers[0] + len(numbers))
    return numbers if numbers else range(0)
