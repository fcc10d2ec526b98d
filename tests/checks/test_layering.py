"""The layering check must fail on every kind of violation, and fail the CMake build."""
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CHECK = ROOT / "tools" / "check_layers.py"


def make_tree(tmp: pathlib.Path) -> pathlib.Path:
    """A minimal clean tree: two layers, each including only what it may."""
    (tmp / "include/gust/base").mkdir(parents=True)
    (tmp / "include/gust/loop").mkdir(parents=True)
    (tmp / "src/loop").mkdir(parents=True)
    (tmp / "include/gust/base/a.h").write_text("#pragma once\n#include <cstdint>\n")
    (tmp / "include/gust/loop/b.h").write_text('#pragma once\n#include "gust/base/a.h"\n')
    (tmp / "src/loop/b.cc").write_text('#include "gust/loop/b.h"\n#include "loop/private.h"\n')
    return tmp


def run_check(tree: pathlib.Path):
    return subprocess.run([sys.executable, str(CHECK), str(tree)], capture_output=True, text=True)


def test_clean_tree_passes(tmp_path):
    assert run_check(make_tree(tmp_path)).returncode == 0


def test_repository_passes():
    result = run_check(ROOT)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    "path, text, message",
    [
        ("include/gust/base/up.h", '#include "gust/loop/b.h"\n', "includes layer above it"),
        ("src/loop/up.cc", '#include "net/socket.h"\n', "includes layer above it"),
        ("src/loop/php.cc", "#include <php.h>\n", "PHP header"),
        ("src/loop/zend.cc", '#include "zend_types.h"\n', "PHP header"),
        ("bench/core/x.cc", "#include <Zend/zend.h>\n", "PHP header"),
        ("src/nowhere/x.cc", "int x;\n", "not inside a known layer"),
    ],
)
def test_violation_fails(tmp_path, path, text, message):
    tree = make_tree(tmp_path)
    (tree / path).parent.mkdir(parents=True, exist_ok=True)
    (tree / path).write_text(text)
    result = run_check(tree)
    assert result.returncode == 1
    assert message in result.stderr


def test_violation_fails_the_cmake_build(tmp_path):
    """The check is wired into the build: a violating tree does not build."""
    tree = tmp_path / "tree"
    tree.mkdir()
    for part in ("CMakeLists.txt", "cmake", "tools", "include", "src"):
        src = ROOT / part
        (shutil.copytree if src.is_dir() else shutil.copy)(src, tree / part)
    (tree / "include/gust/base/bad.h").write_text('#pragma once\n#include "gust/coro/x.h"\n')
    configure = subprocess.run(
        ["cmake", "-S", str(tree), "-B", str(tmp_path / "b"), "-G", "Ninja", "-DGUST_MODE=release"],
        capture_output=True, text=True)
    assert configure.returncode == 0, configure.stderr
    build = subprocess.run(["cmake", "--build", str(tmp_path / "b"), "--target", "check_layers"],
                           capture_output=True, text=True)
    assert build.returncode != 0
    assert "includes layer above it" in build.stdout + build.stderr
