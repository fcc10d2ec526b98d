"""The binding's areas (ext/<area>/) keep their order: an upward include, a private core header,
a file outside any area, a cycle in the allowed uses, or a symbol used from an area above all fail
the checks — and an include violation fails the extension's build before anything compiles."""
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import check_ext_links  # noqa: E402
import check_layers  # noqa: E402


def make_tree(tmp: pathlib.Path) -> pathlib.Path:
    """A minimal clean binding: coroutine below server, each including what it may."""
    (tmp / "ext/coroutine").mkdir(parents=True)
    (tmp / "ext/server").mkdir(parents=True)
    (tmp / "ext/coroutine/coroutine.h").write_text('#pragma once\n#include "gust/coro/coroutine.h"\n')
    (tmp / "ext/server/server.cc").write_text('#include "coroutine/coroutine.h"\n#include "stubs/server_arginfo.h"\n')
    return tmp


def problems_of(tree: pathlib.Path, allowed=check_layers.EXT_ALLOWED):
    problems = []
    check_layers.check_ext(tree, problems, allowed)
    return problems


def test_clean_tree_passes(tmp_path):
    assert problems_of(make_tree(tmp_path)) == []


@pytest.mark.parametrize(
    "path, text, message",
    [
        ("ext/coroutine/up.cc", '#include "server/server.h"\n', "may not use area 'server'"),
        ("ext/http/private.cc", '#include "ipc/deadline.h"\n', "private core header"),
        ("ext/nowhere/x.cc", "int x;\n", "not inside a known ext/ area"),
        ("ext/loose.cc", "int x;\n", "not inside a known ext/ area"),
    ],
)
def test_violation_fails(tmp_path, path, text, message):
    tree = make_tree(tmp_path)
    (tree / path).parent.mkdir(parents=True, exist_ok=True)
    (tree / path).write_text(text)
    assert any(message in p for p in problems_of(tree)), problems_of(tree)


def test_a_header_shadowing_a_core_header_fails(tmp_path):
    tree = make_tree(tmp_path)
    (tree / "src/server").mkdir(parents=True)
    (tree / "src/server/server.h").write_text("#pragma once\n")
    (tree / "ext/server/server.h").write_text("#pragma once\n")
    assert any("same include path" in p for p in problems_of(tree))


def test_a_cycle_in_the_allowed_uses_fails(tmp_path):
    allowed = dict(check_layers.EXT_ALLOWED)
    allowed["coroutine"] = allowed["coroutine"] | {"server"}
    problems = problems_of(make_tree(tmp_path), allowed)
    assert any("form a cycle" in p for p in problems), problems


def test_repository_order_is_acyclic():
    assert check_layers.cycle_in(check_layers.EXT_ALLOWED) is None


def test_an_include_violation_fails_the_extension_build(tmp_path):
    tree = tmp_path / "tree"
    tree.mkdir()
    for part in ("tools", "include", "src", "ext", "config.m4"):
        src = ROOT / part
        (shutil.copytree if src.is_dir() else shutil.copy)(src, tree / part)
    (tree / "ext/coroutine/bad.cc").write_text('#include "http/http.h"\n')
    build = subprocess.run(["bash", str(tree / "tools/build.sh"), "release", "ext"], capture_output=True, text=True,
                           timeout=120)
    assert build.returncode != 0
    assert "may not use area 'http'" in build.stderr
    assert not (tree / "build/release/ext/Makefile").exists()  # refused before configuring


def compile_object(path: pathlib.Path, code: str):
    path.parent.mkdir(parents=True, exist_ok=True)
    src = path.with_suffix(".cc")
    src.write_text(code)
    subprocess.run(["g++", "-c", "-o", str(path), str(src)], check=True)


def test_link_check_finds_a_symbol_used_from_an_area_above(tmp_path):
    compile_object(tmp_path / "ext/server/.libs/server.o", "int server_count() { return 1; }\n")
    compile_object(tmp_path / "ext/coroutine/.libs/co.o",
                   "int server_count();\nint coroutine_uses_server() { return server_count(); }\n")
    problems = check_ext_links.violations(tmp_path)
    assert any("area 'coroutine' uses 'server_count()' of area 'server'" in p for p in problems), problems


def test_link_check_accepts_a_symbol_used_from_an_area_below(tmp_path):
    compile_object(tmp_path / "ext/coroutine/.libs/co.o", "int coroutine_count() { return 1; }\n")
    compile_object(tmp_path / "ext/server/.libs/server.o",
                   "int coroutine_count();\nint server_uses_coroutine() { return coroutine_count(); }\n")
    assert check_ext_links.violations(tmp_path) == []


def test_link_check_on_the_release_build():
    stage = ROOT / "build/release/ext"
    if not (stage / "modules/gust.so").exists():
        pytest.fail("the release gust.so is not built (tools/test.sh builds it before the checks)")
    assert check_ext_links.violations(stage) == []
