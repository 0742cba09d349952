"""Module.parse, the inject table, render, errors and the package data."""

import os
import re

import pytest

import ptxinject
from ptxinject import Error, Module, OperandKind


def test_inject_table(hand_ptx):
    m = Module.parse(hand_ptx)
    assert [i.name for i in m.injects] == ["func", "twice"]
    assert len(m) == 2 and "func" in m and "nope" not in m
    func = m["func"]
    assert [op.label for op in func.operands] == ["y", "z", "x"]
    y = func["y"]
    assert (y.register, y.kind, y.register_type, y.type_label) == ("_x0", OperandKind.MOD, "f32", "F32")
    assert func["z"].kind == OperandKind.OUT and func["x"].kind == OperandKind.IN
    assert func[2].label == "x" and func[-1].label == "x"
    assert len(func.sites) == 1 and func.sites[0][0] == 14
    assert len(m["twice"].sites) == 2 and m.num_sites == 3
    assert "x" in func and "w" not in func


def test_missing_names_raise_key_error(hand_ptx):
    m = Module.parse(hand_ptx)
    with pytest.raises(KeyError):
        m["nope"]
    with pytest.raises(KeyError):
        m["func"]["w"]
    with pytest.raises(IndexError):
        m["func"][3]


def test_render_dict_and_list(hand_ptx):
    m = Module.parse(hand_ptx)
    stub = "add.ftz.f32 %_x0, %_x2, %_x0;"
    out = m.render({"func": stub, "twice": "add.u32 %_x0, %_x0, 1;"})
    assert "PTX_INJECT" not in out
    assert out.count("add.u32 %_x0, %_x0, 1;") == 2 and out.count(stub) == 1
    assert m.render([stub, "add.u32 %_x0, %_x0, 1;"]) == out
    assert m.render((stub, "add.u32 %_x0, %_x0, 1;")) == out
    # bytes stubs and bytes PTX are accepted as well
    assert Module.parse(hand_ptx.encode()).render([stub.encode(), b"add.u32 %_x0, %_x0, 1;"]) == out


def test_render_errors(hand_ptx):
    m = Module.parse(hand_ptx)
    with pytest.raises(Error) as e:
        m.render({"func": ""})
    assert e.value.code == "wrong-stub-count" and "twice" in e.value.message
    with pytest.raises(Error) as e:
        m.render({"func": "", "twice": "", "other": ""})
    assert e.value.code == "inject-not-found"
    with pytest.raises(Error) as e:
        m.render([""])
    assert e.value.code == "wrong-stub-count"
    with pytest.raises(TypeError):
        m.render("add.f32")
    with pytest.raises(TypeError):
        m.render({"func": 1, "twice": ""})


def test_parse_error_carries_place():
    ptx = ".version 8.0\n\n  // PTX_INJECT_START f\n"
    with pytest.raises(Error) as e:
        Module.parse(ptx)
    err = e.value
    assert err.code == "unterminated-site"
    assert (err.line, err.column) == (3, 6)  # the PTX_INJECT_START token
    assert str(err).startswith("3:6: ")
    assert isinstance(err, ValueError)


@pytest.mark.parametrize(
    "ptx,code",
    [
        ("", "empty-input"),
        ("// PTX_INJECT_END\n", "unmatched-end"),
        ("// PTX_INJECT_START a\n// PTX_INJECT_START b\n", "nested-site"),
        ("// PTX_INJECT_START a\n// _x0 q f32 F32 v\n// PTX_INJECT_END\n", "unknown-kind"),
        (b"\xff\xfe// PTX_INJECT_START a\n", "invalid-encoding"),
    ],
)
def test_parse_error_codes(ptx, code):
    with pytest.raises(Error) as e:
        Module.parse(ptx)
    assert e.value.code == code


def test_tagged_dialect_with_custom_types(tmp_path):
    ptx = (
        ".version 8.0\n.target sm_80\n.address_size 64\n"
        ".visible .entry k()\n{\n.reg .f32 %f<3>;\n"
        "// PTX_INJECT_START t\n// %f1 mod myfloat y\n// PTX_INJECT_END\n}\n"
    )
    with pytest.raises(Error) as e:
        Module.parse(ptx)
    assert e.value.code == "unknown-type"
    types = {"data_type_infos": [{"name": "myfloat", "register_type": "f32",
                                  "mov_postfix": "f32", "register_char": "f",
                                  "register_cast_str": ""}]}
    path = tmp_path / "types.json"
    import json
    path.write_text(json.dumps(types))
    for given in (types, json.dumps(types), str(path), path):
        m = Module.parse(ptx, types=given)
        assert m["t"]["y"].type_label == "myfloat"
        assert m["t"]["y"].register_type == "f32"
    with pytest.raises(Error):
        Module.parse(ptx, types=str(tmp_path / "missing.json"))


def test_prune_unused_globals():
    ptx = (
        ".version 8.0\n.target sm_80\n.address_size 64\n"
        ".global .align 4 .b8 unused_table[4096];\n"
        ".visible .entry k()\n{\n.reg .f32 %_x0;\n"
        "// PTX_INJECT_START f\n// _x0 m f32 F32 v\n// PTX_INJECT_END\nret;\n}\n"
    )
    kept = Module.parse(ptx)
    pruned = Module.parse(ptx, prune_unused_globals=True)
    assert "unused_table" in kept.source
    assert "unused_table" not in pruned.source
    assert pruned["f"].sites == kept["f"].sites


def test_nvcc_unrolled_sites(ptx_cache):
    # The runtime suite's own unrolled-loop kernel.
    m = Module.parse(ptx_cache(os.path.join("..", "..", "runtime", "Inputs", "unrolled.cu")))
    step = m["step"]
    assert len(step.sites) == 4
    assert [(o.label, o.kind) for o in step.operands] == [("acc", OperandKind.MOD), ("out[i + 1]", OperandKind.IN)]
    out = m.render({"step": "fma.rn.f32 %_x0, %_x1, %_x1, %_x0;"})
    assert out.count("fma.rn.f32 %_x0, %_x1, %_x1, %_x0;") == 4


def test_package_data():
    inc = ptxinject.include_dir()
    assert os.path.isfile(os.path.join(inc, "ptx_inject.h"))
    assert os.path.isfile(os.path.join(inc, "ptx_inject_annotations.h"))
    # Every header ptx_inject.h includes, directly or not, ships beside it
    # (nvrtc users -I only this folder).
    seen, todo = set(), ["ptx_inject.h"]
    while todo:
        name = todo.pop()
        assert os.path.isfile(os.path.join(inc, name)), name
        seen.add(name)
        with open(os.path.join(inc, name)) as f:
            todo += [n for n in re.findall(r'^\s*#\s*include\s*[<"](ptx_inject[^>"/]*)[>"]',
                                           f.read(), re.M) if n not in seen]
    assert len(seen) > 1
    assert ptxinject.ptx_inject_header() == os.path.join(inc, "ptx_inject.h")
    assert os.path.isfile(os.path.join(ptxinject.data_dir(), "stack_ptx_descriptions.json"))
    assert re.match(r"\d+\.\d+", ptxinject.__version__)


def test_stubs_and_docstrings():
    here = os.path.dirname(ptxinject.__file__)
    stub = open(os.path.join(here, "_core.pyi")).read()
    assert "class Module" in stub and "def render" in stub
    assert "GIL" in Module.parse.__doc__
    assert Module.render.__doc__


def test_render_non_ascii_text(hand_ptx):
    # Non-ASCII PTX or stubs take the decoding path; the result is the same text.
    stub = "add.u32 %_x0, %_x0, 1; // é"
    m = Module.parse(hand_ptx)
    out = m.render({"func": "", "twice": stub})
    assert out.count("// é") == 2
    m2 = Module.parse(hand_ptx.replace(".version 8.0", ".version 8.0 // ü"))
    out2 = m2.render({"func": "", "twice": "add.u32 %_x0, %_x0, 1;"})
    assert out2.startswith(".version 8.0 // ü") and out2.count("add.u32 %_x0, %_x0, 1;") == 2
    assert Module.parse(hand_ptx.encode()).render({"func": "", "twice": stub}) == out
