"""The README's examples are examples/php/readme_http.php and examples/core/readme_example.cc,
verbatim, and they work (the PHP one is run by tests/phpt/examples/)."""
import os
import pathlib
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = pathlib.Path(os.environ.get("GUST_BUILD", ROOT / "build" / "debug"))


def test_readme_shows_the_examples_verbatim():
    readme = (ROOT / "README.md").read_text()
    for example in ("examples/core/readme_example.cc", "examples/php/readme_http.php"):
        assert (ROOT / example).read_text().strip() in readme, example


def test_example_prints_in_deadline_order():
    r = subprocess.run([str(BUILD / "core/examples/readme_example")], capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "woke after 10 ms\nwoke after 20 ms\nwoke after 30 ms\n"
    assert "Sanitizer" not in r.stderr
