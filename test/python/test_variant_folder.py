"""The output folder of ``ptxinject variants`` is written by one writer and
its program files read by one reader: the same inputs through the C++ tool,
the tool's Ray path (``--ray local``) and ``read_program_files`` +
``compile_variants`` + ``write_variants_output`` give the same manifest rows
and the same exit codes."""

import os
import subprocess
import sys

import pytest

import ptxinject
from ptxinject.variants import read_program_files, write_variants_output

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# Stubs with empty segments (at the start, twice in a row, blanks only): a
# segment of blanks is no stub and numbers nothing, everywhere.
STUBS = ("---\n"
         "add.ftz.f32 %{r}, %{a}, %{b};\n"
         "---\n"
         "---\n"
         "   \n"
         "---\n"
         "frobnicate.f32 %{r};\n"
         "---\n"
         "mul.ftz.f32 %{r}, %{a}, %{b};\n")
# Comments, blank lines, a stub that does not compile, a duplicate.
PROGRAMS = ("# comments and blank lines hold no program\n"
            "\n"
            "a b add.ftz.f32   # a comment after a program\n"
            "a nosuch\n"
            "a b add.ftz.f32\n"
            "b a sub.ftz.f32\n")


def tool():
    for path in (os.environ.get("PTXINJECT_TOOL"),
                 os.path.join(ROOT, "build", "release", "bin", "ptxinject")):
        if path and os.access(path, os.X_OK):
            return path
    pytest.skip("the ptxinject tool is not built (build/release/bin/ptxinject)")


@pytest.fixture(scope="module")
def kernel(ptx_cache, tmp_path_factory):
    path = tmp_path_factory.mktemp("kernel") / "kernel.ptx"
    path.write_text(ptx_cache("two_injects.cu"))
    return path


def rows(folder):
    return (folder / "manifest.tsv").read_text().splitlines()


def run_tool(kernel, out, source, *more, ray=False):
    env = dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
    args = [tool(), "variants", str(kernel), *source, "--no-cache", "--no-progress", "--jobs", "1",
            "-o", str(out), *more]
    if ray:
        args += ["--ray", "local"]
    return subprocess.run(args, capture_output=True, text=True, env=env)


def write_from_python(kernel, out, source, slot):
    """What a Python user does with the same file: read, compile, write."""
    module = ptxinject.Module.parse(kernel.read_text())
    stubs = source[0] == "--stubs"
    read = read_program_files(source[1], stubs=stubs)
    (texts,), (sources,) = read.texts, read.sources
    slot = read.injects[0] if read.injects else slot
    result = compile_variants_of(module, texts, slot, "raw" if stubs else "stack")
    write_variants_output(out, module, result, sources=sources, texts=None if stubs else texts,
                          pack=1, slots=[slot])
    return 1 if result.failures else 0


def compile_variants_of(module, texts, slot, kind):
    return ptxinject.compile_variants(module, texts, inject=slot, kind=kind, jobs=1)


@pytest.mark.parametrize("name,text,arg", [
    ("stubs", STUBS, "--stubs"),
    ("programs", PROGRAMS, "--programs"),
    ("named", PROGRAMS, "--programs=combine"),
])
def test_three_paths_write_the_same_manifest(kernel, tmp_path, name, text, arg):
    path = tmp_path / f"{name}.in"
    path.write_text(text)
    option, _, inject = arg.partition("=")
    source = [option, f"{inject}={path}" if inject else str(path)]
    slot = [] if inject else ["--slot", "combine"]
    made = run_tool(kernel, tmp_path / "tool", source, *slot)
    assert made.returncode == 1, made.stderr  # one program fails in each input
    expected = rows(tmp_path / "tool")
    # Programs are numbered the same way: the blank segments number nothing.
    assert len(expected) == 1 + (3 if name == "stubs" else 4)
    assert [r.split("\t")[3] for r in expected[1:]].count("failed:compile" if name == "stubs"
                                                          else "failed:stub") == 1
    python_exit = write_from_python(kernel, tmp_path / "python", source, "combine")
    assert (python_exit, rows(tmp_path / "python")) == (1, expected)
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'ptxinject[ray]')")
    ray_run = run_tool(kernel, tmp_path / "ray", source, *slot, ray=True)
    assert ray_run.returncode == 1, ray_run.stderr
    assert rows(tmp_path / "ray") == expected
    # The same program, the same error line, whichever path compiled it.
    first_error = [line for line in made.stderr.splitlines() if ": error: program" in line][0]
    assert first_error in ray_run.stderr.splitlines()


@pytest.mark.parametrize("text,message", [
    (None, "No such file"),
    ("combine: a b add.ftz.f32\na b add.ftz.f32\n", ":2:1: error: expected 'NAME: program'"),
])
def test_bad_program_files_exit_2_everywhere(kernel, tmp_path, text, message):
    path = tmp_path / "bad.stack"
    if text is not None:
        path.write_text(text)
    source = ["--programs", str(path)]
    made = run_tool(kernel, tmp_path / "tool", source, "--slot", "combine")
    assert made.returncode == 2 and message in made.stderr and str(path) in made.stderr
    with pytest.raises(ptxinject.Error) as raised:
        read_program_files(path)
    assert raised.value.file == str(path) and message.split("error: ")[-1] in str(raised.value)
    # The Ray path refuses it before it starts a cluster.
    ray_run = run_tool(kernel, tmp_path / "ray", source, "--slot", "combine", ray=True)
    assert ray_run.returncode == 2 and message in ray_run.stderr, ray_run.stderr


def test_an_unreadable_kernel_exits_2_everywhere(tmp_path):
    source = ["--programs", str(tmp_path / "p.stack")]
    (tmp_path / "p.stack").write_text("a b add.ftz.f32\n")
    missing = tmp_path / "missing.ptx"
    for ray in (False, True):
        made = run_tool(missing, tmp_path / "out", source, ray=ray)
        assert made.returncode == 2 and f"{missing}: error:" in made.stderr, made.stderr


def test_the_writer_names_the_file_it_cannot_write(kernel, tmp_path):
    module = ptxinject.Module.parse(kernel.read_text())
    result = compile_variants_of(module, ["a b add.ftz.f32"], "combine", "stack")
    blocked = tmp_path / "file"
    blocked.write_text("")  # a file where the folder should be
    with pytest.raises(ptxinject.Error) as raised:
        write_variants_output(blocked / "out", module, result, sources=["p:1:1"],
                              texts=["a b add.ftz.f32"], pack=1, slots=["combine"])
    assert raised.value.file is not None and str(blocked) in raised.value.file


def test_one_atomic_writer_for_concurrent_writers(tmp_path):
    """Two writers of one file (two searches saving into one folder) never
    share a temporary: each write lands whole, and none is left behind."""
    import threading

    from ptxinject._files import write_atomically

    path = tmp_path / "archive.json"
    (tmp_path / "archive.json.tmp").mkdir()  # a fixed temporary name would collide
    texts = ["a" * 100_000, "b" * 100_000]

    def write(text):
        for _ in range(50):
            write_atomically(path, text)

    threads = [threading.Thread(target=write, args=(t,)) for t in texts]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert path.read_text() in texts
    assert sorted(p.name for p in tmp_path.iterdir()) == ["archive.json", "archive.json.tmp"]
    with pytest.raises(ptxinject.Error) as raised:
        write_atomically(tmp_path / "archive.json.tmp" / "missing" / "x", "data")
    assert raised.value.file.endswith("x")
