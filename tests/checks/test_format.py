"""The format check must fail on a file clang-format would change, and name it."""
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
CHECK = ROOT / "tools" / "check_format.py"
SAMPLE = "src/base/error.cc"


def make_tree(tmp: pathlib.Path) -> pathlib.Path:
    """A copy of one formatted source file and the committed .clang-format."""
    shutil.copy(ROOT / ".clang-format", tmp / ".clang-format")
    (tmp / SAMPLE).parent.mkdir(parents=True)
    shutil.copy(ROOT / SAMPLE, tmp / SAMPLE)
    return tmp


def run_check(tree: pathlib.Path, *args):
    return subprocess.run([sys.executable, str(CHECK), "--root", str(tree), *args, "src"],
                          capture_output=True, text=True)


def test_formatted_tree_passes(tmp_path):
    result = run_check(make_tree(tmp_path))
    assert result.returncode == 0, result.stderr


def test_badly_formatted_file_fails(tmp_path):
    tree = make_tree(tmp_path)
    source = tree / SAMPLE
    text = source.read_text()
    assert "    if (code < 0) code = -code;\n" in text
    source.write_text(text.replace("    if (code < 0) code = -code;\n", "  if(code<0)\n      code =   -code;\n"))
    (tree / "src/base/clean.h").write_text("#pragma once\nint f(int *p);\n")
    result = run_check(tree)
    assert result.returncode == 1
    assert f"{SAMPLE}: not clang-formatted" in result.stderr
    assert "clean.h" not in result.stderr  # only the drifting file is listed


def test_fix_reformats_the_file(tmp_path):
    tree = make_tree(tmp_path)
    source = tree / SAMPLE
    source.write_text(source.read_text().replace("const char *error_message", "const   char*error_message"))
    assert run_check(tree, "--fix").returncode == 0
    assert source.read_text() == (ROOT / SAMPLE).read_text()
    assert run_check(tree).returncode == 0
