"""The PHP library (ext/library/php/) is valid PHP, and the header compiled into gust.so from it
(ext/library/library_sources.h, tools/gen_library.py) is current; a stale one is reported."""
import pathlib
import shutil
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "ext/library/php").rglob("*.php"))


def test_library_sources_are_valid_php():
    assert SOURCES, "no library sources"
    for path in SOURCES:
        r = subprocess.run(["php", "-n", "-l", str(path)], capture_output=True, text=True)
        assert r.returncode == 0, f"{path}: {r.stdout}{r.stderr}"


def test_each_file_declares_the_class_its_path_names():
    for path in SOURCES:
        rel = path.relative_to(ROOT / "ext/library/php").with_suffix("")
        if rel.parts[0] == "functions":  # plain functions, loaded by library::load_functions()
            continue
        namespace = "\\".join(("Swoole",) + rel.parts[:-1])
        text = path.read_text()
        assert f"namespace {namespace};" in text, path
        assert any(f"{kind} {rel.parts[-1]}" in text for kind in ("class", "interface", "trait")), path


def _copy(tmp: pathlib.Path) -> pathlib.Path:
    (tmp / "tools").mkdir()
    shutil.copy(ROOT / "tools/gen_library.py", tmp / "tools/gen_library.py")
    shutil.copytree(ROOT / "ext/library", tmp / "ext/library")
    return tmp


def _check(root):
    return subprocess.run(["python3", str(root / "tools/gen_library.py"), "--check"], capture_output=True, text=True)


def test_committed_header_is_current(tmp_path):
    assert _check(_copy(tmp_path)).returncode == 0


def test_changed_source_is_reported_stale(tmp_path):
    root = _copy(tmp_path)
    src = root / "ext/library/php/ConnectionPool.php"
    src.write_text(src.read_text().replace("DEFAULT_SIZE = 64", "DEFAULT_SIZE = 65"))
    r = _check(root)
    assert r.returncode == 1 and "stale" in r.stderr
