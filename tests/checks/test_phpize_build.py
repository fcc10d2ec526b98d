"""PHP's conventional build works from the repository root, the way PECL and PIE build an
extension: `phpize && ./configure --enable-gust && make` on the tracked files alone gives a
gust.so that loads and runs a coroutine."""
import os
import pathlib
import shutil
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]


def tracked_copy(dest: pathlib.Path):
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in files.decode().split("\0"):
        if not name:
            continue
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)


def test_phpize_configure_make_at_the_root_builds_a_loadable_extension(tmp_path):
    tree = tmp_path / "clone"
    tracked_copy(tree)
    env = dict(os.environ)
    for step in (["phpize"], ["./configure", "--enable-gust"], ["make", f"-j{os.cpu_count() or 2}"]):
        r = subprocess.run(step, cwd=tree, capture_output=True, text=True, env=env, timeout=1200)
        assert r.returncode == 0, f"{' '.join(step)} failed:\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}"
    so = tree / "modules/gust.so"
    assert so.exists()
    code = 'echo Gust\\build_mode(), " "; Co\\run(function () { go(function () { Co::sleep(0.001); echo "ran"; }); });'
    r = subprocess.run(["php", "-n", "-d", f"extension={so}", "-r", code], capture_output=True, text=True, timeout=60)
    assert r.stdout == "phpize ran", r.stdout + r.stderr
