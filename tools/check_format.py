#!/usr/bin/env python3
"""Format check: every C/C++ file in the checked directories is as clang-format 14 leaves it.

Runs `clang-format --dry-run --Werror` with ROOT/.clang-format (Debian's clang-format 14, which
tools/deps.sh installs; other versions format differently, so they are refused) over the C/C++
files of DIRS (default: the directories below), two at a time, and lists the files that drift.
--fix reformats those files in place instead.

Usage: check_format.py [--root ROOT] [--fix] [-j JOBS] [DIR ...]
  DIRs are relative to ROOT (default: this repository). Exit 0 clean, 1 listing each drifting file.
"""
import argparse
import concurrent.futures
import pathlib
import re
import shutil
import subprocess
import sys

CLANG_FORMAT = "clang-format"
CLANG_FORMAT_MAJOR = 14
SOURCE_SUFFIXES = {".h", ".hh", ".hpp", ".cc", ".cpp", ".c"}
# The directories checked by default.
DIRS = ["include", "src", "ext", "tests/unit", "tests/fuzz", "bench", "examples"]
SKIPPED_DIRS: list = []
# Generated files (ext/stubs/*_arginfo.h by PHP's gen_stub.php, ext/library/library_sources.h by
# tools/gen_library.py) are never checked.
EXCLUDE_GLOBS = ["ext/stubs/*_arginfo.h", "ext/library/library_sources.h"]


def clang_format_version_problem():
    if not shutil.which(CLANG_FORMAT):
        return f"{CLANG_FORMAT} not found (tools/deps.sh installs Debian's clang-format {CLANG_FORMAT_MAJOR})"
    out = subprocess.run([CLANG_FORMAT, "--version"], capture_output=True, text=True).stdout
    m = re.search(r"version (\d+)\.", out)
    if not m or int(m.group(1)) != CLANG_FORMAT_MAJOR:
        return f"need clang-format {CLANG_FORMAT_MAJOR} (other versions format differently), found: {out.strip()}"
    return None


def source_files(root: pathlib.Path, dirs):
    files = []
    for d in dirs:
        base = root / d
        if not base.is_dir():
            raise SystemExit(f"format check: no directory {base}")
        for f in sorted(base.rglob("*")):
            rel = f.relative_to(root)
            if f.is_file() and f.suffix in SOURCE_SUFFIXES and not any(rel.match(g) for g in EXCLUDE_GLOBS):
                files.append(f)
    return files


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="*", help=f"directories relative to ROOT (default: {' '.join(DIRS)})")
    parser.add_argument("--root", default=str(pathlib.Path(__file__).resolve().parents[1]))
    parser.add_argument("--fix", action="store_true", help="reformat the drifting files in place")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    args = parser.parse_args()
    root = pathlib.Path(args.root).resolve()
    style = root / ".clang-format"
    problem = clang_format_version_problem() or (None if style.is_file() else f"no {style}")
    if problem:
        print(f"format check: {problem}", file=sys.stderr)
        return 1
    files = source_files(root, args.dirs or DIRS)
    base_cmd = [CLANG_FORMAT, f"--style=file:{style}"]

    def drifts(f: pathlib.Path):
        r = subprocess.run(base_cmd + ["--dry-run", "--Werror", str(f)], capture_output=True, text=True)
        return f, r.returncode != 0, r.stderr

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        drifting = [(f, err) for f, bad, err in pool.map(drifts, files) if bad]
    if args.fix:
        for f, _ in drifting:
            subprocess.run(base_cmd + ["-i", str(f)], check=True)
            print(f"reformatted {f.relative_to(root)}")
        return 0
    for f, err in drifting:
        m = re.search(r":(\d+):\d+: error:", err)
        where = f"first difference at line {m.group(1)}" if m else err.strip()[:300]
        print(f"{f.relative_to(root)}: not clang-formatted ({where})", file=sys.stderr)
    if drifting:
        print(f"format check: {len(drifting)} of {len(files)} file(s) drift from .clang-format; "
              f"fix with: python3 tools/check_format.py --fix", file=sys.stderr)
        return 1
    checked = " ".join(args.dirs or DIRS)
    print(f"format check: {len(files)} files clean in {checked}"
          + ("" if args.dirs or not SKIPPED_DIRS else f" (skipped for now: {' '.join(SKIPPED_DIRS)})"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
