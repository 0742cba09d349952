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

from ..variants import read_program_files, write_variants_output


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
    v.add_argument("--no-dedup", dest="dedup", action="store_false",
                   help="compile every program, even one whose stub equals an earlier one's")
    cache = v.add_mutually_exclusive_group()
    cache.add_argument("--cache", "--cache-dir", dest="cache", metavar="DIR",
                       help="folder of the compiled-program cache, as 'ptxinject variants' uses it "
                            "(default: $XDG_CACHE_HOME/ptxinject/variants or ~/.cache/ptxinject/variants); "
                            "the driver reads and writes it, workers never see it")
    cache.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    v.add_argument("--keep-ptx", action="store_true")
    # The assembler options of 'ptxinject variants' (docs/variants.md).
    v.add_argument("-O", type=int, choices=range(4), dest="opt_level", metavar="N")
    v.add_argument("--maxrregcount", type=int, dest="max_registers", metavar="N")
    v.add_argument("--fast-compile", choices=["0", "min", "mid", "max"], metavar="LEVEL")
    v.add_argument("--lineinfo", action="store_true", default=None)
    v.add_argument("-Xptxas", "--Xptxas", action="append", dest="ptxas_options", metavar="OPT",
                   help="an assembler option as ptxas spells it (-Xptxas=-warn-spills), repeatable")
    v.add_argument("--no-progress", action="store_true")
    return p


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
        return 2
    except ptxinject.Error as e:
        print(f"{args.kernel}:{e.line}:{e.column}: error: {e.message}", file=sys.stderr)
        return 2
    program_file = args.programs or args.stubs
    try:
        read = read_program_files(program_file, stubs=not args.programs)
    except ptxinject.Error as e:
        place = f":{e.line}:{e.column}" if e.line else ""
        print(f"{e.file or program_file}{place}: error: {e.message}", file=sys.stderr)
        return 2
    if len(read.texts) != 1:
        print("ptxinject-distributed: error: programs for several injects a variant are "
              "not taken with --ray; give one program per line", file=sys.stderr)
        return 2
    programs, sources = read.texts[0], read.sources[0]
    if read.injects:  # NAME=FILE: the file names the inject it fills
        if args.slots and args.slots != read.injects:
            print(f"ptxinject-distributed: error: the programs name inject {read.injects[0]}; "
                  "drop --slot or give the same one", file=sys.stderr)
            return 2
        args.slots = read.injects
    if not programs:
        print(f"{program_file}: error: no programs to compile", file=sys.stderr)
        return 2
    os.makedirs(args.out_dir, exist_ok=True)
    cache_dir = None if args.no_cache else (args.cache or ptxinject.variants.default_cache_dir())
    if cache_dir is None and not args.no_cache:
        print("ptxinject-distributed: note: no cache (neither XDG_CACHE_HOME nor HOME is set; "
              "use --cache DIR)", file=sys.stderr)
    if args.ray == "local":
        ray.init()
    else:
        ray.init(address=args.ray)
    try:
        result = compile_variants_on_ray(
            module, programs, slots=args.slots, pack=args.pack, backend=args.backend, arch=args.arch,
            workers=args.workers, cpus_per_worker=args.cpus_per_worker, dedup=args.dedup,
            cache_dir=cache_dir,
            progress=not args.no_progress and sys.stderr.isatty(), keep_ptx=args.keep_ptx,
            kind="stack" if args.programs else "raw", opt_level=args.opt_level,
            max_registers=args.max_registers, fast_compile=args.fast_compile,
            lineinfo=args.lineinfo, ptxas_options=args.ptxas_options)
    except ptxinject.Error as e:
        print(f"{args.kernel}: error: {e.message}", file=sys.stderr)
        return 1
    for fail in result.failures:
        # As the tool does: a stub's error points into the program's text.
        file, line, column = sources[fail.program].rsplit(":", 2)
        line, column = int(line), int(column)
        if fail.stage == "stub" and fail.column:
            column = fail.column if fail.line > 1 else column + fail.column - 1
        if fail.stage == "stub" and fail.line:
            line += fail.line - 1
        print(f"{file}:{line}:{column}: error: program {fail.program} ({fail.stage}): {fail.message}",
              file=sys.stderr)
    slots = args.slots or sorted((i.name for i in module.injects), key=_natural_key)
    try:
        write_variants_output(args.out_dir, module, result, sources=sources,
                              texts=programs if args.programs else None, pack=args.pack,
                              slots=slots)
    except ptxinject.Error as e:
        print(f"{e.file or args.out_dir}: error: {e.message}", file=sys.stderr)
        return 1
    r = result.report
    wall = r["wall_seconds"] or 1e-9
    print(f"variants:            {r['variants']}")
    print(f"modules:             {r['modules']} (pack {args.pack})")
    print(f"failures:            {len(result.failures)}")
    print(f"back end:            {r['backend']}, {r['arch']}")
    print(f"assembler options:   {r.get('assembler_options', '')}")
    print(f"workers:             {r['workers']} ({r['batches']} batches)")
    if r["unique_programs"] is not None:
        print(f"unique programs:     {r['unique_programs']} (duplicate rate {100 * r['duplicate_rate']:.1f}%"
              + ("" if args.dedup else ", --no-dedup: compiled anyway") + ")")
    if r["cache_dir"] is None:
        print("cache:               off")
    else:
        rejected = (f", {r['cache_rejected']} damaged entries compiled again" if r["cache_rejected"] else "")
        print(f"cache hits:          {r['cache_hits']} of {r['unique_programs']}{rejected} ({r['cache_dir']})")
    print(f"wall time:           {wall:.3f} s")
    print(f"variants/s:          {r['variants'] / wall:.1f}")
    return 1 if result.failures else 0





def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "variants":
        return variants(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
