"""One module, one compiler, many threads at once (the GIL is released)."""

from concurrent.futures import ThreadPoolExecutor

from ptxinject import Module, stack

REGS = [("x", "F32"), ("y", "F32"), ("z", "F32")]


def test_render_from_many_threads(hand_ptx):
    m = Module.parse(hand_ptx)
    stubs = [f"add.u32 %_x0, %_x0, {i};" for i in range(200)]
    expected = [m.render({"func": "", "twice": s}) for s in stubs]
    with ThreadPoolExecutor(8) as pool:
        got = list(pool.map(lambda s: m.render({"func": "", "twice": s}), stubs))
    assert got == expected


def test_parse_from_many_threads(hand_ptx):
    with ThreadPoolExecutor(8) as pool:
        modules = list(pool.map(lambda _: Module.parse(hand_ptx), range(64)))
    assert all(len(mod["twice"].sites) == 2 for mod in modules)


def test_stack_compile_from_many_threads():
    s = stack.InstructionSet.builtin()
    programs = [s.random_program(48, REGS, seed) for seed in range(300)]
    expected = [stack.compile(p, REGS, ["z"]) for p in programs]
    c = stack.StackCompiler()
    with ThreadPoolExecutor(8) as pool:
        singles = list(pool.map(lambda p: c.compile(p, REGS, ["z"]), programs))
        chunks = [programs[i : i + 50] for i in range(0, 300, 50)]
        batches = list(pool.map(lambda ch: c.compile_batch(ch, REGS, ["z"]), chunks))
    assert singles == expected
    assert [stub for b in batches for stub in b] == expected
