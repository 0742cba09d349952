"""Stack PTX programs as plain data, built for any module with mm-ptx's
stack_ptx API (this project's mm_ptx layer, or mm-ptx itself), so that both
can compile the same programs and their stubs can be compared.

Run as a script with a folder holding mm-ptx (a ``pip install --target``
folder) it loads that mm-ptx under another name, reads programs as JSON on
stdin and writes their stubs as JSON: the comparison runs it in its own
process, since mm-ptx 1.0.1 crashes on some inputs."""

import importlib
import importlib.util
import json
import os
import random
import sys
from enum import auto


def load_mm_ptx(folder, alias="mm_ptx_reference"):
    """The mm_ptx package under folder, imported as `alias` (so that it
    can sit beside this project's mm_ptx in one process)."""
    package = os.path.join(folder, "mm_ptx")
    spec = importlib.util.spec_from_file_location(alias, os.path.join(package, "__init__.py"),
                                                  submodule_search_locations=[package])
    module = importlib.util.module_from_spec(spec)
    sys.modules[alias] = module
    spec.loader.exec_module(module)
    return module, importlib.import_module(alias + ".stack_ptx"), importlib.import_module(alias + ".ptx_inject")


class Vocabulary:
    """One project's enums and registers, made with stack_ptx module `sp`."""

    def __init__(self, sp):
        class Stack(sp.StackTypeEnum):
            f32 = (auto(), "f32")
            s32 = (auto(), "s32")
            u32 = (auto(), "u32")
            pred = (auto(), "pred")

        class ArgType(sp.ArgTypeEnum):
            f32 = (auto(), Stack.f32)
            u32 = (auto(), Stack.u32)
            pred = (auto(), Stack.pred)
            s32 = (auto(), Stack.s32)
            v2f32 = (auto(), Stack.f32, 2)

        class Ptx(sp.create_instruction_enum(ArgType)):
            add_ftz_f32 = (auto(), "add.ftz.f32", [ArgType.f32, ArgType.f32], [ArgType.f32])
            sub_ftz_f32 = (auto(), "sub.ftz.f32", [ArgType.f32, ArgType.f32], [ArgType.f32])
            fma_rn_ftz_f32 = (auto(), "fma.rn.ftz.f32", [ArgType.f32, ArgType.f32, ArgType.f32], [ArgType.f32])
            sin_approx_ftz_f32 = (auto(), "sin.approx.ftz.f32", [ArgType.f32], [ArgType.f32])
            add_u32 = (auto(), "add.u32", [ArgType.u32, ArgType.u32], [ArgType.u32])
            add_s32 = (auto(), "add.s32", [ArgType.s32, ArgType.s32], [ArgType.s32])
            cvt_rn_f32_u32 = (auto(), "cvt.rn.f32.u32", [ArgType.u32], [ArgType.f32])
            cvt_rn_f32_s32 = (auto(), "cvt.rn.f32.s32", [ArgType.s32], [ArgType.f32])
            setp_gt_ftz_f32 = (auto(), "setp.gt.ftz.f32", [ArgType.f32, ArgType.f32], [ArgType.pred])
            selp_f32 = (auto(), "selp.f32", [ArgType.f32, ArgType.f32, ArgType.pred], [ArgType.f32])
            pack_f32x2 = (auto(), "mov.b64", [ArgType.f32, ArgType.f32], [ArgType.v2f32])
            sum_f32x2 = (auto(), "add.f32x2.sum", [ArgType.v2f32], [ArgType.f32])

        class Special(sp.create_special_register_enum(ArgType)):
            clock = (auto(), "clock", ArgType.u32)
            tid_x = (auto(), "tid.x", ArgType.u32)

        self.sp, self.Stack, self.Ptx, self.Special = sp, Stack, Ptx, Special
        self.compiler = sp.StackPtx(Stack, ArgType, Ptx, Special)
        registry = sp.RegisterRegistry()
        for name, stack in (("x", Stack.f32), ("y", Stack.f32), ("u", Stack.u32), ("s", Stack.s32),
                            ("z", Stack.f32), ("w", Stack.f32), ("v", Stack.u32), ("t", Stack.s32)):
            registry.add("_" + name, stack, name=name)
        registry.freeze()
        self.registry = registry

    def instructions(self, program):
        out = []
        for item in program:
            kind = item[0]
            if kind == "reg":
                out.append(getattr(self.registry, item[1]))
            elif kind == "const":
                out.append(getattr(self.Stack, item[1]).constant(item[2]))
            elif kind == "ptx":
                out.append(self.Ptx[item[1]])
            elif kind == "special":
                out.append(self.Special[item[1]])
            elif kind == "meta":
                out.append(getattr(self.Stack[item[1]], item[2]))
            elif kind == "meta_constant":
                out.append(self.Stack.meta_constant(item[1]))
            elif kind == "store":
                out.append(self.Stack[item[1]].store(item[2]))
            elif kind == "load":
                out.append(self.Stack.load(item[1]))
        return out

    def compile(self, program, requests, **limits):
        """The stub, or 'error: ' and the exception's first word."""
        try:
            return self.compiler.compile(registry=self.registry, instructions=self.instructions(program),
                                         requests=[getattr(self.registry, r) for r in requests], **limits)
        except Exception as err:  # compared, not raised
            return "error: " + type(err).__name__ + " " + str(err).split(":")[0]


# Operand stacks and result stack of each instruction of Vocabulary.Ptx
# (v2 is a vector: two f32 values).
SIGNATURES = {
    "add_ftz_f32": (["f32", "f32"], "f32"), "sub_ftz_f32": (["f32", "f32"], "f32"),
    "fma_rn_ftz_f32": (["f32", "f32", "f32"], "f32"), "sin_approx_ftz_f32": (["f32"], "f32"),
    "add_u32": (["u32", "u32"], "u32"), "add_s32": (["s32", "s32"], "s32"),
    "cvt_rn_f32_u32": (["u32"], "f32"), "cvt_rn_f32_s32": (["s32"], "f32"),
    "setp_gt_ftz_f32": (["f32", "f32"], "pred"), "selp_f32": (["f32", "f32", "pred"], "f32"),
    "pack_f32x2": (["f32", "f32"], "v2"), "sum_f32x2": (["v2"], "f32"),
}
INPUTS = {"x": "f32", "y": "f32", "u": "u32", "s": "s32"}
OUTPUTS = {"z": "f32", "w": "f32", "v": "u32", "t": "s32"}


def random_program(rng, length):
    """A program every step of which has its operands (the two compilers
    agree on it; mm-ptx's C library misbehaves on programs that pop empty
    stacks), and requests for registers it never reads."""
    depth = {"f32": 0, "u32": 0, "s32": 0, "pred": 0}
    slots = {}
    program = []
    for _ in range(length):
        choice = rng.random()
        if choice < 0.3:
            name = rng.choice(sorted(INPUTS))
            program.append(["reg", name])
            depth[INPUTS[name]] += 1
        elif choice < 0.4:
            stack = rng.choice(["f32", "u32", "s32"])
            value = {"f32": rng.choice([0.5, -2.0, 3.25]), "u32": rng.choice([0, 7, 4000000000]),
                     "s32": rng.choice([-3, 0, 12])}[stack]
            program.append(["const", stack, value])
            depth[stack] += 1
        elif choice < 0.75:
            ready = [n for n, (args, _) in SIGNATURES.items()
                     if all(depth[a] >= args.count(a) for a in set(args) if a != "v2")
                     and ("v2" not in args or depth["f32"] >= 2)]
            ready = [n for n in ready if n != "sum_f32x2"]  # vectors: pack, then sum right away
            if not ready:
                continue
            name = rng.choice(ready)
            args, ret = SIGNATURES[name]
            for a in args:
                depth[a] -= 1
            if ret == "v2":
                program += [["ptx", name], ["ptx", "sum_f32x2"]]
                depth["f32"] += 1
            else:
                program.append(["ptx", name])
                depth[ret] += 1
        elif choice < 0.8:
            program.append(["special", rng.choice(["clock", "tid_x"])])
            depth["u32"] += 1
        elif choice < 0.9:
            stack = rng.choice(["f32", "u32", "s32"])
            op = rng.choice(["dup", "swap", "drop", "yank_dup"])
            if op == "yank_dup" and depth[stack] >= 2:
                program += [["meta_constant", rng.randrange(depth[stack])], ["meta", stack, op]]
                depth[stack] += 1
            elif op == "dup" and depth[stack] >= 1:
                program.append(["meta", stack, op])
                depth[stack] += 1
            elif op == "swap" and depth[stack] >= 2:
                program.append(["meta", stack, op])
            elif op == "drop" and depth[stack] >= 2:
                program.append(["meta", stack, op])
                depth[stack] -= 1
        else:
            stack = rng.choice(["f32", "u32"])
            if depth[stack] >= 1 and rng.random() < 0.5:
                slot = rng.randrange(4)
                program.append(["store", stack, slot])
                slots[slot] = stack
                depth[stack] -= 1
            elif slots:
                slot = rng.choice(sorted(slots))
                program.append(["load", slot])
                depth[slots[slot]] += 1
    requests = [name for name in rng.sample(sorted(OUTPUTS), rng.randrange(1, 5))]
    return program, requests


def programs(count, seed):
    rng = random.Random(seed)
    return [random_program(rng, rng.randrange(1, 16)) for _ in range(count)]


# Limits generous enough for mm-ptx never to refuse these programs.
LIMITS = {"execution_limit": 200, "max_ast_size": 400, "max_ast_to_visit_stack_depth": 400,
          "stack_size": 128, "max_frame_depth": 4, "store_size": 16}


if __name__ == "__main__":
    _, reference, _ = load_mm_ptx(sys.argv[1])
    vocabulary = Vocabulary(reference)
    cases = json.load(sys.stdin)
    json.dump([vocabulary.compile(p, r, **LIMITS) for p, r in cases], sys.stdout)
