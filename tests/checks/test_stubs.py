"""The stale-stub check must notice a stub that changed without regenerating its arginfo."""
import pathlib
import shutil
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]


def make_root(tmp: pathlib.Path) -> pathlib.Path:
    (tmp / "tools").mkdir()
    shutil.copy(ROOT / "tools/gen_stubs.sh", tmp / "tools/gen_stubs.sh")
    shutil.copytree(ROOT / "ext/stubs", tmp / "ext/stubs")
    return tmp


def check(root: pathlib.Path):
    return subprocess.run(["bash", str(root / "tools/gen_stubs.sh"), "--check"], capture_output=True, text=True)


def test_committed_arginfo_is_current(tmp_path):
    result = check(make_root(tmp_path))
    assert result.returncode == 0, result.stderr


def test_changed_stub_is_reported_stale(tmp_path):
    root = make_root(tmp_path)
    stub = root / "ext/stubs/functions.stub.php"
    stub.write_text(stub.read_text().replace("function swoole_cpu_num(): int {}",
                                             "function swoole_cpu_num(): int {}\n    function added_later(): int {}"))
    result = check(root)
    assert result.returncode == 1
    assert "functions_arginfo.h" in result.stderr


def test_missing_arginfo_is_reported(tmp_path):
    root = make_root(tmp_path)
    (root / "ext/stubs/functions_arginfo.h").unlink()
    result = check(root)
    assert result.returncode == 1
