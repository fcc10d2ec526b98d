"""Packaging the PHP way: composer.json for PIE, `phpize && ./configure` without flags, IDE stubs.

PIE builds a "php-ext" package by running phpize, ./configure (with only the options the user
passes) and make in the package root: the root composer.json must say so, its configure options
must exist in config.m4, and ./configure with no option must configure Gust (the full make is
test_phpize_build.py's). stubs/ must be what tools/gen_ide_stubs.py makes from ext/stubs, and the
check must notice when it is not."""
import json
import pathlib
import re
import shutil
import subprocess

from test_phpize_build import tracked_copy

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_composer_json_describes_the_extension_for_pie():
    meta = json.loads((ROOT / "composer.json").read_text())
    assert meta["type"] == "php-ext"
    ext = meta["php-ext"]
    assert ext["extension-name"] == "gust"
    config = (ROOT / "config.m4").read_text()
    for option in ext.get("configure-options", []):
        flag = option["name"]
        kind, name = flag.split("-", 1)
        macro = {"enable": "PHP_ARG_ENABLE", "disable": "PHP_ARG_ENABLE", "with": "PHP_ARG_WITH",
                 "without": "PHP_ARG_WITH"}[kind]
        assert re.search(rf"{macro}\(\[{re.escape(name.replace('-', '_'))}\]", config), f"--{flag} is not in config.m4"


def test_configure_without_options_builds_gust(tmp_path):
    tree = tmp_path / "clone"
    tracked_copy(tree)
    for step in (["phpize"], ["./configure"]):
        r = subprocess.run(step, cwd=tree, capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, f"{' '.join(step)} failed:\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}"
    assert "whether to enable Gust... yes" in r.stdout
    makefile = (tree / "Makefile").read_text()
    assert "ext/coroutine/coroutine.lo" in makefile and "src/coro/scheduler.lo" in makefile


def gen(root: pathlib.Path, *args):
    return subprocess.run(["python3", str(ROOT / "tools/gen_ide_stubs.py"), "--root", str(root), *args],
                          capture_output=True, text=True)


def test_ide_stubs_are_current():
    r = gen(ROOT, "--check")
    assert r.returncode == 0, r.stderr


def test_ide_stub_check_notices_a_changed_stub(tmp_path):
    shutil.copytree(ROOT / "ext/stubs", tmp_path / "ext/stubs")
    shutil.copytree(ROOT / "stubs", tmp_path / "stubs")
    assert gen(tmp_path, "--check").returncode == 0
    stub = tmp_path / "ext/stubs/gust.stub.php"
    stub.write_text(stub.read_text().replace("function version(): string {}",
                                             "function version(): string {}\n    function added(): int {}"))
    r = gen(tmp_path, "--check")
    assert r.returncode == 1 and "gust.php" in r.stderr
    assert gen(tmp_path).returncode == 0 and gen(tmp_path, "--check").returncode == 0
    assert "function added(): int {}" in (tmp_path / "stubs/gust.php").read_text()
    assert "@generate-class-entries" not in (tmp_path / "stubs/gust.php").read_text()
