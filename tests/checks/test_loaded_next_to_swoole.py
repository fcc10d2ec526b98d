"""Loading Gust next to an extension named swoole fails at startup with a message naming both, in
either order of the extension= lines. Swoole itself is not packaged for Debian, so a stand-in
module that only carries the name is built here with phpize (the name is all Gust checks)."""
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
GUST = ROOT / "build/release/ext/modules/gust.so"

STAND_IN_M4 = """PHP_ARG_ENABLE([swoole], [whether to enable the stand-in swoole module], [--enable-swoole])
if test "$PHP_SWOOLE" != "no"; then
  PHP_NEW_EXTENSION(swoole, swoole.c, $ext_shared)
fi
"""
STAND_IN_C = """#include "php.h"
zend_module_entry swoole_module_entry = {
    STANDARD_MODULE_HEADER, "swoole", NULL, NULL, NULL, NULL, NULL, NULL, "0.0.0-stand-in",
    STANDARD_MODULE_PROPERTIES};
ZEND_GET_MODULE(swoole)
"""


@pytest.fixture(scope="module")
def stand_in(tmp_path_factory):
    d = tmp_path_factory.mktemp("swoole-stand-in")
    (d / "config.m4").write_text(STAND_IN_M4)
    (d / "swoole.c").write_text(STAND_IN_C)
    for step in (["phpize"], ["./configure", "--enable-swoole"], ["make"]):
        r = subprocess.run(step, cwd=d, capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, f"{step}: {r.stdout[-2000:]}{r.stderr[-2000:]}"
    return d / "modules/swoole.so"


@pytest.mark.parametrize("gust_first", [True, False])
def test_gust_refuses_to_start_beside_swoole(stand_in, gust_first):
    if not GUST.exists():
        pytest.fail(f"{GUST} is missing: build it first (tools/build.sh release ext)")
    exts = [f"extension={GUST}", f"extension={stand_in}"]
    if not gust_first:
        exts.reverse()
    cmd = ["php", "-n"]
    for e in exts:
        cmd += ["-d", e]
    r = subprocess.run(cmd + ["-r", "echo 'script ran';"], capture_output=True, text=True, timeout=60)
    out = r.stdout + r.stderr
    assert "cannot be loaded together with the swoole extension" in out, out
    assert "load either extension=gust or extension=swoole" in out, out
    assert "script ran" not in out and r.returncode != 0, out


def test_gust_alone_is_the_swoole_module():
    r = subprocess.run(["php", "-n", "-d", f"extension={GUST}", "-r", "echo phpversion('swoole');"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.startswith("6.1."), r.stdout + r.stderr
