#!/usr/bin/env python3
"""Swoole's own phpt suite (../shared/swoole-tests, v6.1.6) as a ratcheting conformance layer.

  swoole_suite.py run [LIST]        run the tests of LIST (default tests/swoole-suite/passing.txt)
                                    on the release gust.so; prints PASS/FAIL per test
  swoole_suite.py ratchet [--runs N] [DIR_OR_TEST ...]
                                    run candidates (default: every test of passing-on-swoole.txt
                                    not yet listed, minus the excluded ones) N times (default 3) and
                                    add to the list those that passed every run
  swoole_suite.py candidates        print the candidates

The list only grows: a listed test that fails is a failing test of the `swoole-suite` layer.
Swoole's tests synchronise with sleeps (its own flaky-on-swoole.txt shows they miss under load), so
a listed test that fails in the parallel run is run once more alone: it counts as passed only if
that run passes, and is printed as "FLAKY" so a test that starts to flake is seen.
Excluded (tests/swoole-suite/excluded.txt): tests whose expectation is unsafe or breaks an RFC
(Gust keeps its behaviour; each is named in docs/DIFFERENCES.md), and tests flaky on Swoole itself.
"""
import argparse
import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
SUITE = pathlib.Path(os.environ.get("GUST_SWOOLE_TESTS", ROOT.parent / "shared" / "swoole-tests"))
LIST = ROOT / "tests/swoole-suite/passing.txt"
EXCLUDED = ROOT / "tests/swoole-suite/excluded.txt"
# GUST_SWOOLE_SUITE_SO: another build to run (e.g. a copy, while the tree is rebuilt).
SO = pathlib.Path(os.environ.get("GUST_SWOOLE_SUITE_SO", ROOT / "build/release/ext/modules/gust.so"))


def read_list(path: pathlib.Path):
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            out.append(line)
    return out


def run_suite(tests, jobs=2):
    """{test: passed} for each test, running Swoole's own harness (run.sh)."""
    if not tests:
        return {}
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(tests) + "\n")
        list_file = f.name
    try:
        env = dict(os.environ, JOBS=str(jobs))
        r = subprocess.run(["bash", str(SUITE / "run.sh"), str(SO), list_file], capture_output=True, text=True,
                           env=env, timeout=3600)
    finally:
        os.unlink(list_file)
    results = {}
    for line in r.stdout.splitlines():
        word, _, name = line.partition(" ")
        if word in ("PASS", "FAIL") and name:
            results[name.strip()] = word == "PASS"
    for t in tests:
        results.setdefault(t, False)  # never reported: counts as failed
    return results


def run_listed(tests, jobs=2):
    """run_suite(), then each failure once more with the machine to itself (jobs=1)."""
    results = run_suite(tests, jobs)
    failed = [t for t, ok in results.items() if not ok]
    if failed:
        again = run_suite(failed, jobs=1)
        for t in failed:
            if again.get(t):
                print(f"FLAKY {t}: failed in the parallel run, passed alone", flush=True)
                results[t] = True
    return results


def candidates(selectors=()):
    listed = set(read_list(LIST))
    excluded = set(read_list(EXCLUDED)) | set(read_list(SUITE / "flaky-on-swoole.txt"))
    pool = [t for t in read_list(SUITE / "passing-on-swoole.txt") if t not in listed and t not in excluded]
    if selectors:
        pool = [t for t in pool if any(t == s or t.startswith(s.rstrip("/") + "/") for s in selectors)]
    return pool


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("list", nargs="?", default=str(LIST))
    k = sub.add_parser("ratchet")
    k.add_argument("--runs", type=int, default=3)
    k.add_argument("selectors", nargs="*")
    sub.add_parser("candidates")
    args = ap.parse_args()
    if args.cmd == "candidates":
        print("\n".join(candidates()))
        return 0
    if args.cmd == "run":
        results = run_listed(read_list(pathlib.Path(args.list)))
        for t, ok in sorted(results.items()):
            print(("PASS " if ok else "FAIL ") + t)
        print(f"{sum(results.values())} passed, {len(results) - sum(results.values())} failed")
        return 0 if all(results.values()) else 1
    pool = candidates(args.selectors)
    print(f"ratchet: {len(pool)} candidates, {args.runs} runs", flush=True)
    for i in range(args.runs):
        results = run_suite(pool)
        pool = [t for t in pool if results.get(t)]
        print(f"run {i + 1}: {len(pool)} passed every run so far", flush=True)
        if not pool:
            break
    if pool:
        listed = read_list(LIST)
        LIST.write_text("".join(t + "\n" for t in sorted(set(listed) | set(pool))))
    print(f"added {len(pool)}; {len(read_list(LIST))} listed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
