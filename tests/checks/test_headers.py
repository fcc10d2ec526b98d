"""The header self-containment check must fail on a header that does not compile on its own."""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
CHECK = ROOT / "tools" / "check_headers.py"


def make_tree(tmp: pathlib.Path) -> pathlib.Path:
    """Two self-contained headers, one using the other."""
    (tmp / "include/gust/base").mkdir(parents=True)
    (tmp / "src").mkdir()
    (tmp / "include/gust/base/a.h").write_text("#pragma once\n#include <string>\ninline std::string a() { return \"a\"; }\n")
    (tmp / "include/gust/base/b.h").write_text('#pragma once\n#include "gust/base/a.h"\ninline size_t b() { return a().size(); }\n')
    return tmp


def run_check(tree: pathlib.Path):
    return subprocess.run([sys.executable, str(CHECK), str(tree)], capture_output=True, text=True)


def test_clean_tree_passes(tmp_path):
    result = run_check(make_tree(tmp_path))
    assert result.returncode == 0, result.stderr


def test_header_missing_an_include_fails(tmp_path):
    tree = make_tree(tmp_path)
    # Uses std::vector without including <vector>: compiles only after something that does.
    (tree / "include/gust/base/c.h").write_text('#pragma once\n#include "gust/base/a.h"\n'
                                                "inline std::vector<int> c() { return {1}; }\n")
    result = run_check(tree)
    assert result.returncode == 1
    assert "include/gust/base/c.h: not self-contained" in result.stderr
    assert "a.h: not" not in result.stderr and "b.h: not" not in result.stderr


def test_header_without_include_guard_fails(tmp_path):
    tree = make_tree(tmp_path)
    (tree / "include/gust/base/d.h").write_text("struct D { int x; };\n")
    result = run_check(tree)
    assert result.returncode == 1
    assert "include/gust/base/d.h: not self-contained" in result.stderr
