#!/usr/bin/env python3
"""Header self-containment check: every public header compiles on its own.

For each header under ROOT/include/gust/ it compiles a translation unit that includes the
header twice (`#include "gust/x/y.h"` two times, so a missing `#pragma once` fails too) with
`g++ -std=c++20 -fsyntax-only -Iinclude -Isrc`, two at a time. A header that leans on something
its includer happened to include first fails here.

Usage: check_headers.py [ROOT] [-j JOBS]   (exit 0 clean, 1 listing each failing header)
"""
import argparse
import concurrent.futures
import pathlib
import subprocess
import sys

CXX = "g++"
CXXFLAGS = ["-std=c++20", "-fsyntax-only"]
HEADER_SUFFIXES = {".h", ".hh", ".hpp"}


def check_header(root: pathlib.Path, header: pathlib.Path):
    name = header.relative_to(root / "include").as_posix()
    tu = f'#include "{name}"\n#include "{name}"\n'
    r = subprocess.run([CXX, *CXXFLAGS, f"-I{root / 'include'}", f"-I{root / 'src'}", "-x", "c++", "-"],
                       input=tu, capture_output=True, text=True, cwd=root)
    return name, r.returncode == 0, r.stderr


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", default=str(pathlib.Path(__file__).resolve().parents[1]))
    parser.add_argument("-j", "--jobs", type=int, default=2)
    args = parser.parse_args()
    root = pathlib.Path(args.root).resolve()
    headers = sorted(p for p in (root / "include/gust").rglob("*") if p.is_file() and p.suffix in HEADER_SUFFIXES)
    if not headers:
        print(f"header check: no headers under {root / 'include/gust'}", file=sys.stderr)
        return 1
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda h: check_header(root, h), headers))
    failing = [(name, err) for name, ok, err in results if not ok]
    for name, err in failing:
        first_error = next((line for line in err.splitlines() if "error" in line), err.strip()[:300])
        print(f"include/{name}: not self-contained: {first_error}", file=sys.stderr)
    if failing:
        print(f"header check: {len(failing)} of {len(headers)} header(s) do not compile on their own", file=sys.stderr)
        return 1
    print(f"header check: {len(headers)} headers compile on their own")
    return 0


if __name__ == "__main__":
    sys.exit(main())
