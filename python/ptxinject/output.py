"""An output folder as ``ptxinject variants`` leaves it, from a
``compile_variants`` result: ``module_NNNNNN.cubin`` (and ``.ptx``), the
cached cubins the result names linked in as ``cached_HASH.cubin``, and
``manifest.tsv`` (docs/variants.md; ``ptxinject.read_manifest`` reads it
back). The Ray CLI and ``ptxinject search --kernel`` write theirs with it.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from typing import Dict, Optional, Sequence

from ._core import VariantManifestHeader as _HEADER


def write_file(path: str, data: bytes) -> None:
    """All or nothing: a temporary file in the same folder, then a rename."""
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path) or ".", prefix=".tmp-")
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def inject_entries(module) -> Dict[str, str]:
    """Inject name -> "k1,k2": the .entry functions holding its sites (the
    last .entry line before each site)."""
    starts = []
    for number, line in enumerate(module.source.split("\n"), 1):
        at = line.find(".entry ")
        if at >= 0:
            name = line[at + 7:]
            cut = min((i for i in (name.find("("), name.find(" "), name.find("\t")) if i >= 0),
                      default=len(name))
            starts.append((number, name[:cut]))
    out = {}
    for inject in module.injects:
        names = []
        for line, _column in inject.sites:
            name = "-"
            for start, entry in starts:
                if start <= line:
                    name = entry
            if name not in names:
                names.append(name)
        out[inject.name] = ",".join(names)
    return out


def one_line(text: str) -> str:
    """A program on one TSV field: no tabs or line breaks, trimmed."""
    text = text.replace("\t", " ").replace("\n", " ").replace("\r", " ").strip(" ")
    return text or "-"


def link_cached_cubins(places, out_dir: str) -> Dict[str, str]:
    """The cache's cubins that hold programs of this result, in the output
    folder as cached_HASH.cubin (a hard link, else a copy); returns the
    file name per cached path."""
    names: Dict[str, str] = {}
    for place in places:
        path = place.cached_cubin
        if path is None or path in names:
            continue
        name = "cached_" + os.path.basename(path)
        target = os.path.join(out_dir, name)
        temp = target + ".tmp"
        if os.path.exists(temp):
            os.unlink(temp)
        try:
            os.link(path, temp)
        except OSError:
            shutil.copyfile(path, temp)
        os.replace(temp, target)
        # Replacing a link with another link to the same file does nothing
        # (rename(2)): the temporary stays unless it goes here.
        if os.path.exists(temp):
            os.unlink(temp)
        names[path] = name
    return names


def write_variants_output(out_dir: str, module, result, *, sources: Sequence[str],
                          texts: Optional[Sequence[str]], pack: int,
                          slots: Sequence[str]) -> None:
    """Writes result's modules, its cached cubins and manifest.tsv to out_dir.

    sources: per program, where it came from ("FILE:LINE:COL"); texts: per
    program, its Stack PTX text (None for raw stubs); slots: the injects the
    programs filled, in pack order. Raises OSError when a file cannot be
    written."""
    os.makedirs(out_dir, exist_ok=True)
    for m in result.modules:
        stem = os.path.join(out_dir, f"module_{m.index:06d}")
        if m.cubin:
            write_file(stem + ".cubin", m.cubin)
        if m.ptx is not None:
            write_file(stem + ".ptx", m.ptx.encode())
    cached_names = link_cached_cubins(result.places, out_dir)
    failed = {f.program for f in result.failures}
    entries = inject_entries(module)
    rows = [_HEADER.rstrip("\n")]
    for p, place in enumerate(result.places):
        same_as = "-" if place.same_as == p else str(place.same_as)
        text = one_line(texts[p]) if texts is not None else "-"
        if p in failed or place.origin == "failed":
            pack_index = p % pack
            inject = slots[pack_index]
            row = ["-", inject, "failed", str(pack_index), entries[inject], sources[p], text,
                   same_as, "-"]
        else:
            module_name = (f"module_{place.module:06d}.cubin" if place.module is not None
                           else cached_names[place.cached_cubin])
            row = [module_name, place.inject, "ok", str(place.pack_index), entries[place.inject],
                   sources[p], text, same_as, place.origin]
        rows.append("\t".join([str(p)] + row))
    write_file(os.path.join(out_dir, "manifest.tsv"), ("\n".join(rows) + "\n").encode())
