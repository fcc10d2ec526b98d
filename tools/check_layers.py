#!/usr/bin/env python3
"""Layering check: a core layer may include only itself and the layers below it,
and nothing outside ext/ may include a PHP header.

Usage: check_layers.py ROOT   (exit 0 clean, 1 with one line per violation)
"""
import pathlib
import re
import sys

# Which layers each layer may include (itself is always allowed).
ALLOWED = {
    "base": set(),
    "mem": {"base"},
    "loop": {"base", "mem"},
    "coro": {"base", "mem", "loop"},
    "net": {"base", "mem", "loop", "coro"},
    "proto": {"base", "mem"},
    "ipc": {"base", "mem", "loop", "coro", "net"},
    "server": {"base", "mem", "loop", "coro", "net", "proto", "ipc"},
}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
PHP_HEADER = re.compile(r"^(php|zend|Zend/|main/|ext/|TSRM|SAPI)")
SOURCE_SUFFIXES = {".h", ".hh", ".hpp", ".cc", ".cpp", ".c", ".S", ".inc"}


def layer_of_include(path: str):
    if path.startswith("gust/"):
        parts = path.split("/")
        return parts[1] if len(parts) > 2 else None
    return None


def check_file(root: pathlib.Path, file: pathlib.Path, layer: str, problems: list):
    rel = file.relative_to(root)
    for lineno, line in enumerate(file.read_text(errors="replace").splitlines(), 1):
        m = INCLUDE.match(line)
        if not m:
            continue
        quoted, inc = m.group(1) == '"', m.group(2)
        if PHP_HEADER.match(inc):
            problems.append(f"{rel}:{lineno}: PHP header <{inc}> outside ext/")
            continue
        # Private headers of a layer are included relative to src/, e.g. "loop/epoll.h".
        target = layer_of_include(inc)
        if target is None and quoted and "/" in inc and inc.split("/")[0] in ALLOWED:
            target = inc.split("/")[0]
        if target is None or target == layer:
            continue
        if target not in ALLOWED:
            problems.append(f"{rel}:{lineno}: unknown layer '{target}' in <{inc}>")
        elif target not in ALLOWED[layer]:
            problems.append(f"{rel}:{lineno}: layer '{layer}' includes layer above it: <{inc}>")


def main() -> int:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    problems: list = []
    for top in ("include/gust", "src"):
        base = root / top
        if not base.is_dir():
            continue
        for file in sorted(base.rglob("*")):
            if not file.is_file() or file.suffix not in SOURCE_SUFFIXES:
                continue
            layer = file.relative_to(base).parts[0]
            if layer not in ALLOWED:
                problems.append(f"{file.relative_to(root)}: not inside a known layer")
                continue
            check_file(root, file, layer, problems)
    # Tests, benchmarks, examples and tools are core-only too: no PHP headers.
    for top in ("tests/unit", "tests/fuzz", "bench", "examples"):
        base = root / top
        if not base.is_dir():
            continue
        for file in sorted(base.rglob("*")):
            if file.is_file() and file.suffix in SOURCE_SUFFIXES:
                for lineno, line in enumerate(file.read_text(errors="replace").splitlines(), 1):
                    m = INCLUDE.match(line)
                    if m and PHP_HEADER.match(m.group(2)):
                        problems.append(f"{file.relative_to(root)}:{lineno}: PHP header <{m.group(2)}> outside ext/")
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f"layering check: {len(problems)} violation(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
