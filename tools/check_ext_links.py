#!/usr/bin/env python3
"""Link-level check of the binding's areas: every symbol an object of ext/<area>/ uses from
another area must come from an area it may use (tools/check_layers.py, EXT_ALLOWED). Includes
alone do not show a function declared in a lower area's header and defined in a higher one (the
way cycles hide); the objects do.

Usage: check_ext_links.py STAGE   (a phpize build: STAGE/ext/<area>/.libs/*.o; exit 0 clean,
1 with one line per violation)
"""
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from check_layers import EXT_ALLOWED  # noqa: E402


def symbols(obj: pathlib.Path):
    out = subprocess.run(["nm", "-P", str(obj)], capture_output=True, text=True, check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        name, kind = parts[0], parts[1]
        if kind == "U":
            used.add(name)
        elif kind in "TDBRVWu" and kind not in "w":
            defined.add(name)
    return defined, used


def violations(stage: pathlib.Path, allowed: dict = EXT_ALLOWED):
    objects = sorted(stage.glob("ext/*/.libs/*.o")) or sorted(stage.glob("ext/*/*.o"))
    owner, uses = {}, []
    for obj in objects:
        area = obj.relative_to(stage / "ext").parts[0]
        defined, used = symbols(obj)
        for name in defined:
            owner.setdefault(name, set()).add(area)
        uses.append((obj, area, used))
    problems = []
    if not objects:
        problems.append(f"{stage}: no objects of ext/ found (build it first)")
    for obj, area, used in uses:
        for name in sorted(used):
            for target in sorted(owner.get(name, ())):
                if target != area and target not in allowed.get(area, set()):
                    demangled = subprocess.run(["c++filt", name], capture_output=True, text=True).stdout.strip()
                    problems.append(f"{obj.relative_to(stage)}: area '{area}' uses '{demangled}' of area '{target}'")
    return problems


def main() -> int:
    stage = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "build/release/ext").resolve()
    problems = violations(stage)
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f"ext link check: {len(problems)} violation(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
