"""ptxinject-distributed (or python -m ptxinject.distributed) variants KERNEL.ptx --out-dir DIR --programs FILE --ray ADDRESS|auto

The Ray path of ``ptxinject variants`` from the command line: the same
program files, module files and manifest.tsv, with the work spread over a
Ray cluster. The summary goes to stdout, one error per failed program to
stderr as FILE:LINE:COLUMN: error: ...
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from typing import List, Tuple


def _parser() -> argparse.ArgumentParser:
    script = os.path.basename(sys.argv[0])
    prog = script if script == "ptxinject-distributed" else "python -m ptxinject.distributed"
    p = argparse.ArgumentParser(prog=prog,
                                description="Compile kernel variants on a Ray cluster.")
    sub = p.add_subparsers(dest="command", required=True)
    v = sub.add_parser("variants", help="programs to cubins, as 'ptxinject variants' does")
    v.add_argument("kernel", help="annotated PTX (.ptx; for a .cu, 'ptxinject variants' leaves DIR/kernel.ptx)")
    v.add_argument("--out-dir", "-o", required=True)
    src = v.add_mutually_exclusive_group(required=True)
    src.add_argument("--programs", help="Stack PTX programs, one per line, '#' comments")
    src.add_argument("--stubs", help="raw PTX stubs separated by lines holding only ---")
    v.add_argument("--ray", default="auto", metavar="ADDRESS",
                   help="the cluster's address (host:port, ray://...), 'auto' for the running one, "
                        "'local' to start one on this machine (default: auto)")
    v.add_argument("--pack", type=int, default=1)
    v.add_argument("--slot", action="append", dest="slots")
    v.add_argument("--arch", default="sm_80")
    v.add_argument("--backend", choices=["nvptxcompiler", "ptxas", "nvjitlink"])
    v.add_argument("--workers", type=int, help="workers (default: one per node, using all its CPUs)")
    v.add_argument("--cpus-per-worker", type=int)
    v.add_argument("--cache-dir", help="cubin cache; on a shared path every node reuses it")
    v.add_argument("--keep-ptx", action="store_true")
    v.add_argument("--no-progress", action="store_true")
    return p


def _read_programs(path: str) -> Tuple[List[str], List[int]]:
    """Stack PTX text programs and the line of each."""
    programs, lines = [], []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            text = line.split("#", 1)[0].strip()
            if text:
                programs.append(text)
                lines.append(number)
    return programs, lines


def _read_stubs(path: str) -> Tuple[List[str], List[int]]:
    stubs, lines, current, start = [], [], [], 1
    with open(path) as f:
        for number, line in enumerate(f, 1):
            if line.rstrip("\r\n") == "---":
                stubs.append("".join(current))
                lines.append(start)
                current, start = [], number + 1
            else:
                current.append(line)
    if any(s.strip() for s in current):
        stubs.append("".join(current))
        lines.append(start)
    return stubs, lines


def _write(path: str, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".tmp-")
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def variants(args) -> int:
    import ray

    import ptxinject
    from . import compile_variants_on_ray
    from ._worker import _natural_key

    try:
        with open(args.kernel) as f:
            module = ptxinject.Module.parse(f.read())
    except OSError as e:
        print(f"{args.kernel}: error: {e.strerror}", file=sys.stderr)
        return 1
    except ptxinject.Error as e:
        print(f"{args.kernel}:{e.line}:{e.column}: error: {e.message}", file=sys.stderr)
        return 1
    program_file = args.programs or args.stubs
    try:
        programs, lines = (_read_programs if args.programs else _read_stubs)(program_file)
    except OSError as e:
        print(f"{program_file}: error: {e.strerror}", file=sys.stderr)
        return 1
    os.makedirs(args.out_dir, exist_ok=True)
    if args.ray == "local":
        ray.init()
    else:
        ray.init(address=args.ray)
    try:
        result = compile_variants_on_ray(
            module, programs, slots=args.slots, pack=args.pack, backend=args.backend, arch=args.arch,
            workers=args.workers, cpus_per_worker=args.cpus_per_worker, cache_dir=args.cache_dir,
            progress=not args.no_progress and sys.stderr.isatty(), keep_ptx=args.keep_ptx,
            kind="stack" if args.programs else "raw")
    except ptxinject.Error as e:
        print(f"{args.kernel}: error: {e.message}", file=sys.stderr)
        return 1
    for fail in result.failures:
        line = lines[fail.program] + (fail.line - 1 if fail.line else 0)
        column = fail.column or 1
        print(f"{program_file}:{line}:{column}: error: program {fail.program} ({fail.stage}): {fail.message}",
              file=sys.stderr)
    for m in result.modules:
        stem = os.path.join(args.out_dir, f"module_{m.index:06d}")
        if m.cubin:
            _write(stem + ".cubin", m.cubin)
        if m.ptx is not None:
            _write(stem + ".ptx", m.ptx.encode())
    slots = args.slots or sorted((i.name for i in module.injects), key=_natural_key)
    failed = {f.program for f in result.failures}
    manifest = ["program\tmodule\tinject\tstatus"]
    for p in range(len(programs)):
        manifest.append(f"{p}\tmodule_{p // args.pack:06d}.cubin\t{slots[p % args.pack]}\t"
                        + ("failed" if p in failed else "ok"))
    _write(os.path.join(args.out_dir, "manifest.tsv"), ("\n".join(manifest) + "\n").encode())
    r = result.report
    wall = r["wall_seconds"] or 1e-9
    print(f"variants:            {r['variants']}")
    print(f"modules:             {r['modules']} (pack {args.pack})")
    print(f"failures:            {len(result.failures)}")
    print(f"back end:            {r['backend']}, {r['arch']}")
    print(f"workers:             {r['workers']} ({r['batches']} batches)")
    print(f"cached modules:      {r['cached_modules']}")
    print(f"wall time:           {wall:.3f} s")
    print(f"variants/s:          {r['variants'] / wall:.1f}")
    return 0


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "variants":
        return variants(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
