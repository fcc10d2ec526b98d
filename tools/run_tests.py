#!/usr/bin/env python3
"""Run every test layer against already-built trees and print one summary line.

Layers: checks (layering, stale stubs, format, self-contained headers, and tests proving
each check fails),
unit (GoogleTest, debug build: ASan + UBSan), tsan (threaded core tests),
phpt (run-tests.php on the debug gust.so with ASan preloaded into PHP), phpt-xdebug (the same
with Xdebug loaded), phpt-zts (the same on a thread-safe PHP, tools/zts_php.sh),
conformance (real third-party clients, pytest), fuzz (a short libFuzzer run) and swoole-suite
(Swoole's own phpt tests listed in tests/swoole-suite/passing.txt, on the release gust.so).
Exit status is non-zero when anything failed.
Usage: run_tests.py [--only LAYER,...] [--phpt-filter TEXT]
  --phpt-filter: the phpt layers run only the files whose path contains TEXT (e.g. "dispatch").
"""
import argparse
import contextlib
import json
import os
import pathlib
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

ROOT = pathlib.Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
PHP_BUILD_DIR = pathlib.Path("/usr/lib/php/20220829/build")
FUZZ_SECONDS = int(os.environ.get("GUST_FUZZ_SECONDS", "20"))
# --phpt-filter: run only the phpt files whose path contains this text ("" runs them all).
PHPT_FILTER = ""
# Threaded core suites that also run under TSan.
TSAN_SUITES = ("unit_loop", "unit_coro", "unit_net", "unit_ipc", "unit_server", "unit_shm", "unit_thread")


class Tally:
    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.failures = []

    def add(self, layer, name, ok, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            self.failures.append(f"[{layer}] {name}" + (f": {detail}" if detail else ""))
            print(f"FAIL [{layer}] {name}", flush=True)
            if detail:
                print("    " + detail.strip().replace("\n", "\n    ")[-4000:], flush=True)


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, errors="replace", **kw)


def asan_php_env():
    """Environment for a PHP process that loads the ASan-instrumented gust.so.

    PHP itself is not instrumented, so the ASan runtime must be preloaded; PHP
    dlopen()s extensions with RTLD_DEEPBIND, which ASan refuses, so a small shim
    (tools/asan_dlopen_shim.c) drops that flag. Zend's allocator is turned off so
    ASan sees every allocation; leaks of PHP itself are suppressed by tests/lsan.supp.
    """
    libasan = run(["gcc", "-print-file-name=libasan.so"]).stdout.strip()
    shim = BUILD / "tools" / "asan_dlopen_shim.so"
    if not shim.exists():
        # A fresh tree: the checks layer needs the shim as much as the phpt layer does.
        shim.parent.mkdir(parents=True, exist_ok=True)
        run(["gcc", "-shared", "-fPIC", "-O2", "-o", str(shim), str(ROOT / "tools/asan_dlopen_shim.c"), "-ldl"])
    env = dict(os.environ)
    env.update({
        "LD_PRELOAD": f"{shim} {libasan}",
        "ASAN_OPTIONS": "verify_asan_link_order=0:detect_leaks=1:abort_on_error=0:exitcode=66",
        "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
        "LSAN_OPTIONS": f"suppressions={ROOT / 'tests' / 'lsan.supp'}:print_suppressions=0",
        "USE_ZEND_ALLOC": "0",
        "ZEND_DONT_UNLOAD_MODULES": "1",
    })
    return env


def layer_checks(t: Tally):
    r = run([sys.executable, str(ROOT / "tools/check_layers.py"), str(ROOT)])
    t.add("checks", "layering", r.returncode == 0, r.stderr)
    r = run(["bash", str(ROOT / "tools/gen_stubs.sh"), "--check"])
    t.add("checks", "stubs are current", r.returncode == 0, r.stderr)
    r = run([sys.executable, str(ROOT / "tools/check_format.py")])
    t.add("checks", "format", r.returncode == 0, r.stderr)
    r = run([sys.executable, str(ROOT / "tools/check_headers.py"), str(ROOT)])
    t.add("checks", "headers are self-contained", r.returncode == 0, r.stderr)
    pytest_layer(t, "checks", ROOT / "tests/checks", {})
    # `php --ri gust` on both PHP-loadable builds names the right build mode.
    for mode, env in (("debug", asan_php_env()), ("release", None)):
        so = BUILD / mode / "ext/modules/gust.so"
        r = run(["php", "-n", "-d", f"extension={so}", "--ri", "gust"], env=env)
        ok = r.returncode == 0 and f"Build mode => {mode}" in r.stdout and "Sanitizer" not in r.stderr
        t.add("checks", f"php --ri gust ({mode} build)", ok, r.stdout[-1000:] + r.stderr[-2000:])


def layer_gtest(t: Tally, layer, binaries, env=None):
    if not binaries:
        t.add(layer, "binaries built", False, "no GoogleTest binaries found")
    for binary in binaries:
        with tempfile.NamedTemporaryFile(suffix=".json") as out:
            try:
                r = run([str(binary), f"--gtest_output=json:{out.name}"], env=env, timeout=900)
            except subprocess.TimeoutExpired:
                t.add(layer, binary.name, False, "timed out after 900 s")
                continue
            try:
                report = json.load(open(out.name))
            except (json.JSONDecodeError, OSError):
                report = None
        if report is None:
            t.add(layer, binary.name, False, f"exit {r.returncode}, no report\n{r.stdout[-3000:]}{r.stderr[-3000:]}")
            continue
        for suite in report.get("testsuites", []):
            for case in suite.get("testsuite", []):
                name = f"{binary.name}: {suite['name']}.{case['name']}"
                fails = case.get("failures", [])
                t.add(layer, name, not fails, "\n".join(f["failure"] for f in fails))
        # A sanitizer report after the tests (e.g. a leak at exit) fails the binary as a whole.
        sanitizer = "Sanitizer" in r.stderr
        t.add(layer, f"{binary.name}: clean exit", r.returncode == 0 and not sanitizer,
              f"exit {r.returncode}\n{r.stderr[-4000:]}")


def layer_unit(t: Tally):
    layer_gtest(t, "unit", sorted((BUILD / "debug/core/unit").glob("unit_*")))


def layer_tsan(t: Tally):
    binaries = [BUILD / "tsan/core/unit" / n for n in TSAN_SUITES if (BUILD / "tsan/core/unit" / n).exists()]
    env = dict(os.environ, TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1")
    layer_gtest(t, "tsan", binaries, env)


@contextlib.contextmanager
def mysql_fixture(tmp):
    """A private MariaDB server on a unix socket for the PDO MySQL phpt, when mariadbd is installed.

    Yields the socket path, or None (those tests then skip, saying why). No grant tables, no
    networking, a fresh data directory under `tmp`; stopped when the phpt layer ends.
    """
    server = shutil.which("mariadbd") or (os.path.exists("/usr/sbin/mariadbd") and "/usr/sbin/mariadbd")
    if not server:
        yield None
        return
    data = pathlib.Path(tmp) / "mysql-data"
    data.mkdir()
    sock = pathlib.Path(tmp) / "mysql.sock"
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    cmd = [server, "--no-defaults", f"--datadir={data}", f"--socket={sock}", "--skip-networking",
           "--skip-grant-tables", "--skip-log-bin", "--innodb-buffer-pool-size=8M"]
    if os.geteuid() == 0:
        cmd.append("--user=root")
    log = open(pathlib.Path(tmp) / "mysql.log", "w")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        deadline = time.monotonic() + 20
        while not sock.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        yield str(sock) if sock.exists() else None
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@contextlib.contextmanager
def redis_fixture(tmp):
    """A private Redis server (no persistence) for the Redis phpt, when redis-server is installed:
    on a unix socket and on a free 127.0.0.1 port (the name resolver takes a tcp:// URL). Yields
    (socket path, port), or (None, None) (those tests then skip, saying why)."""
    server = shutil.which("redis-server")
    if not server:
        yield None, None
        return
    sock = pathlib.Path(tmp) / "redis.sock"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    cmd = [server, "--bind", "127.0.0.1", "--port", str(port), "--unixsocket", str(sock), "--unixsocketperm", "700", "--save", "",
           "--appendonly", "no", "--dir", str(tmp), "--daemonize", "no"]
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    log = open(pathlib.Path(tmp) / "redis.log", "w")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        deadline = time.monotonic() + 10
        while not sock.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        yield (str(sock), str(port)) if sock.exists() else (None, None)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@contextlib.contextmanager
def postgres_fixture(tmp):
    """A private PostgreSQL server (Debian's postgresql-15) for the PDO pgsql phpt: a fresh data
    directory under `tmp`, trust auth, no fsync, listening on a free 127.0.0.1 port and a unix
    socket in `tmp`. It refuses to run as root, so as root it runs as the `postgres` user. Yields
    (host, port, socket dir), or (None, None, None) (those tests then skip, saying why)."""
    bindir = pathlib.Path("/usr/lib/postgresql/15/bin")
    if not (bindir / "postgres").exists():
        yield None, None, None
        return
    base = pathlib.Path(tmp) / "pg"
    base.mkdir()
    user = {}
    if os.geteuid() == 0:
        import pwd
        try:
            pw = pwd.getpwnam("postgres")
        except KeyError:
            yield None, None, None
            return
        os.chmod(tmp, 0o711)  # the server user must reach its directory
        os.chown(base, pw.pw_uid, pw.pw_gid)
        user = {"user": pw.pw_uid, "group": pw.pw_gid}
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    data = base / "data"
    log = open(pathlib.Path(tmp) / "postgres.log", "w")
    init = subprocess.run([str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync",
                           "-E", "UTF8"], stdout=log, stderr=subprocess.STDOUT, env=env, **user)
    if init.returncode != 0:
        log.close()
        yield None, None, None
        return
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    cmd = [str(bindir / "postgres"), "-D", str(data), "-k", str(base), "-h", "127.0.0.1", "-p", str(port),
           "-F", "-c", "max_connections=200", "-c", "shared_buffers=16MB"]
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, **user)
    sock = base / f".s.PGSQL.{port}"
    try:
        deadline = time.monotonic() + 20
        while not sock.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        yield ("127.0.0.1", str(port), str(base)) if sock.exists() else (None, None, None)
    finally:
        proc.terminate()  # smart shutdown; the phpt's connections are gone by now
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def layer_phpt(t: Tally):
    run_phpt(t, "phpt", [])


XDEBUG_SO = pathlib.Path("/usr/lib/php/20220829/xdebug.so")


def layer_phpt_xdebug(t: Tally):
    """Every phpt again with Xdebug loaded (step debugger and develop mode armed): it must load
    and follow coroutines without crashing or changing any result."""
    if not XDEBUG_SO.exists():
        t.add("phpt-xdebug", "xdebug installed", False, f"missing {XDEBUG_SO} (tools/deps.sh installs php8.2-xdebug)")
        return
    run_phpt(t, "phpt-xdebug", [f"-d zend_extension={XDEBUG_SO}", "-d xdebug.mode=debug,develop",
                                "-d xdebug.start_with_request=no"],
             skip_if_contains="zend_extension=")


def layer_phpt_zts(t: Tally):
    """Every phpt on the thread-safe PHP that tools/zts_php.sh builds (cached outside the clone),
    with the ASan + UBSan gust.so built against it (tools/build.sh zts-debug ext). Tests needing an
    extension this PHP lacks (mysqli, pgsql, FPM, ...) skip, saying which."""
    r = run(["bash", str(ROOT / "tools/zts_php.sh"), "--prefix"])
    php = pathlib.Path(r.stdout.strip() or "/nonexistent") / "bin/php"
    if r.returncode != 0 or not php.exists():
        t.add("phpt-zts", "ZTS PHP built", False, r.stderr[-3000:])
        return
    probe = run([str(php), "-n", "-r", "echo PHP_ZTS;"])
    t.add("phpt-zts", "the PHP is thread-safe", probe.stdout == "1", probe.stdout + probe.stderr)
    # Leaks are checked by the phpt layers on NTS. Here LeakSanitizer's own tracer crashes at exit
    # (SIGSEGV reading a thread's dynamic TLS) in tests that leave blocking-pool threads behind, so
    # this layer checks ASan's and UBSan's errors only (docs/TESTING.md).
    run_phpt(t, "phpt-zts", [], php=php, gust_so=BUILD / "zts-debug/ext/modules/gust.so", detect_leaks=False)


def run_phpt(t: Tally, layer: str, php_args, skip_if_contains=None, php=pathlib.Path("/usr/bin/php"),
             gust_so=BUILD / "debug/ext/modules/gust.so", detect_leaks=True):
    if not gust_so.exists():
        t.add(layer, "gust.so built", False, f"missing {gust_so}")
        return
    tests = sorted((ROOT / "tests/phpt").rglob("*.phpt"))
    if PHPT_FILTER:
        tests = [x for x in tests if PHPT_FILTER in str(x.relative_to(ROOT))]
    if skip_if_contains:
        # Tests that load the same extension themselves are covered by the plain layer.
        tests = [x for x in tests if skip_if_contains not in x.read_text()]
    if not tests:
        t.add(layer, "tests present", False, "no phpt files")
        return
    with tempfile.TemporaryDirectory() as tmp, mysql_fixture(tmp) as mysql_socket, \
            redis_fixture(tmp) as (redis_socket, redis_port), \
            postgres_fixture(tmp) as (pg_host, pg_port, pg_socket_dir):
        junit = pathlib.Path(tmp) / "junit.xml"
        env = asan_php_env()
        if not detect_leaks:
            env["ASAN_OPTIONS"] = env["ASAN_OPTIONS"].replace("detect_leaks=1", "detect_leaks=0")
        # run-tests.php itself runs without the preload; it passes the env on to each test's PHP.
        runner_env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
        runner_env.update({
            "TEST_PHP_JUNIT": str(junit),
            "TEST_PHP_EXECUTABLE": "/usr/bin/php",
            "NO_INTERACTION": "1",
        })
        if mysql_socket:
            runner_env["GUST_TEST_MYSQL_SOCKET"] = mysql_socket
        if redis_socket:
            runner_env["GUST_TEST_REDIS_SOCKET"] = redis_socket
            runner_env["GUST_TEST_REDIS_PORT"] = redis_port
        if pg_host:
            runner_env["GUST_TEST_PGSQL_HOST"] = pg_host
            runner_env["GUST_TEST_PGSQL_PORT"] = pg_port
            runner_env["GUST_TEST_PGSQL_SOCKET_DIR"] = pg_socket_dir
        for key in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS", "USE_ZEND_ALLOC", "ZEND_DONT_UNLOAD_MODULES"):
            runner_env[key] = env[key]
        # run-tests passes TEST_PHP_EXTRA_ENV-less children the parent's env; preload goes in via a wrapper.
        wrapper = pathlib.Path(tmp) / "php"
        extra = " ".join(php_args)
        wrapper.write_text(f"#!/bin/sh\nexport LD_PRELOAD='{env['LD_PRELOAD']}'\nexec {php} {extra} \"$@\"\n")
        wrapper.chmod(0o755)
        runner_env["TEST_PHP_EXECUTABLE"] = str(wrapper)
        if php_args:
            # The extra settings must really take effect (e.g. Xdebug loads), or the layer proves nothing.
            probe = run([str(wrapper), "-n", "-d", f"extension={gust_so}", "-r",
                         "echo implode(',', get_loaded_extensions(true)), '|', extension_loaded('gust') ? 1 : 0;"],
                        env=runner_env)
            t.add(layer, "settings take effect", probe.returncode == 0 and probe.stdout.rstrip().endswith("|1")
                  and (not skip_if_contains or "Xdebug" in probe.stdout), probe.stdout[-500:] + probe.stderr[-500:])
        cmd = ["/usr/bin/php", "-n", str(PHP_BUILD_DIR / "run-tests.php"), "-n", "-q", "--show-diff",
               "-j2", "-d", f"extension={gust_so}", "-p", str(wrapper)] + [str(x) for x in tests]
        r = run(cmd, env=runner_env, cwd=ROOT, timeout=1800)
        if not junit.exists():
            t.add(layer, "run-tests.php", False, r.stdout[-4000:] + r.stderr[-2000:])
            return
        cases = list(ET.parse(junit).iter("testcase"))
        # run-tests.php counts a test it skips before running it (a missing --EXTENSIONS-- entry)
        # in the report's totals but writes no <testcase> for it (its skip_test() never starts the
        # test's timer, which is what lists a file): those come from its output instead.
        early = early_skips(r.stdout, tests, cases)
        for name, reason in early.items():
            print(f"SKIP [{layer}] {name}: {reason}")
            t.add(layer, name, True, "")
        if len(cases) + len(early) != len(tests):
            # e.g. gust.so failed to load and run-tests.php skipped or dropped everything
            t.add(layer, "every test ran", False,
                  f"{len(cases)} results and {len(early)} early skips for {len(tests)} tests\n" + r.stdout[-3000:])
        for case in cases:
            name = case.get("name", "?")
            bad = case.find("failure") is not None or case.find("error") is not None
            skipped = case.find("skipped") is not None
            if skipped:
                # A skip is a failure unless it says why; the reason is printed either way.
                # run-tests.php writes the reason as the element's text.
                node = case.find("skipped")
                reason = (node.get("message") or node.text or "").strip()
                print(f"SKIP [{layer}] {name}: {reason or 'no reason given'}")
                t.add(layer, name, bool(reason), "skipped without a reason")
                continue
            detail = ""
            if bad:
                node = case.find("failure") if case.find("failure") is not None else case.find("error")
                detail = (node.text or node.get("message") or "")
            t.add(layer, name, not bad, detail)
        if r.returncode not in (0, 1):
            t.add(layer, "run-tests.php exit", False, r.stdout[-3000:] + r.stderr[-2000:])


ANSI = re.compile(r"\x1b\[[0-9;]*m")


def early_skips(stdout: str, tests, cases):
    """{test: reason} for the tests without a <testcase> that run-tests.php printed as skipped
    with a reason (`SKIP title [path] reason: ...`)."""
    reported = {case.get("name", "").split(" (", 1)[0] for case in cases}  # "FILE (title)"
    skipped = {}
    for line in ANSI.sub("", stdout).splitlines():
        m = re.search(r"SKIP .*\[([^\]]+\.phpt)\] reason: (.+)$", line)
        if m:
            skipped[m.group(1)] = m.group(2).strip()
    out = {}
    for test in tests:
        rel = str(test.relative_to(ROOT))
        if rel in reported or str(test) in reported:
            continue
        reason = skipped.get(rel) or skipped.get(str(test))
        if reason:
            out[rel] = reason
    return out


def pytest_layer(t: Tally, layer, directory, extra_env):
    tests = list(directory.rglob("test_*.py")) if directory.is_dir() else []
    if not tests:
        t.add(layer, "tests present", False, f"no tests in {directory}")
        return
    with tempfile.TemporaryDirectory() as tmp:
        junit = pathlib.Path(tmp) / "junit.xml"
        env = dict(os.environ, **extra_env)
        r = run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={junit}",
                 str(directory)], env=env, cwd=ROOT, timeout=1800)
        if not junit.exists():
            t.add(layer, "pytest", False, r.stdout[-4000:] + r.stderr[-2000:])
            return
        cases = list(ET.parse(junit).iter("testcase"))
        for case in cases:
            name = f"{case.get('classname')}.{case.get('name')}"
            skipped = case.find("skipped")
            if skipped is not None:
                reason = (skipped.get("message") or "").strip()
                print(f"SKIP [{layer}] {name}: {reason or 'no reason given'}")
                t.add(layer, name, bool(reason), "skipped without a reason")
                continue
            node = case.find("failure") if case.find("failure") is not None else case.find("error")
            t.add(layer, name, node is None, "" if node is None else (node.text or node.get("message") or ""))


def layer_conformance(t: Tally):
    pytest_layer(t, "conformance", ROOT / "tests/conformance", {
        "GUST_BUILD": str(BUILD / "debug"),
    })


def layer_fuzz(t: Tally):
    fuzzers = sorted((BUILD / "fuzz/core/fuzz").glob("fuzz_*"))
    if not fuzzers:
        t.add("fuzz", "fuzzers built", False, "no fuzz targets in build/fuzz/core/fuzz")
    for fuzzer in fuzzers:
        corpus_seed = ROOT / "tests/fuzz/corpus" / fuzzer.name
        with tempfile.TemporaryDirectory() as work:
            # New inputs go to a scratch corpus; the committed seeds are read-only inputs.
            cmd = [str(fuzzer), f"-max_total_time={FUZZ_SECONDS}", "-timeout=10", "-rss_limit_mb=2048",
                   f"-artifact_prefix={work}/", work]
            if corpus_seed.is_dir():
                cmd.append(str(corpus_seed))
            started = time.monotonic()
            r = run(cmd, timeout=FUZZ_SECONDS + 120)
            took = time.monotonic() - started
            runs = [line for line in r.stderr.splitlines() if line.startswith("Done ")]
            t.add("fuzz", f"{fuzzer.name} ({FUZZ_SECONDS} s)", r.returncode == 0,
                  r.stderr[-4000:] if r.returncode else "")
            if r.returncode == 0:
                print(f"fuzz {fuzzer.name}: {runs[0] if runs else 'done'} in {took:.0f} s", flush=True)


def layer_swoole_suite(t: Tally):
    """Swoole's own phpt suite on the release gust.so: every test listed in
    tests/swoole-suite/passing.txt must pass (tools/swoole_suite.py; the list only grows)."""
    sys.path.insert(0, str(ROOT / "tools"))
    import swoole_suite
    if not (swoole_suite.SUITE / "run.sh").exists():
        reason = f"Swoole's suite is not at {swoole_suite.SUITE} (it comes with shared/, beside the clone)"
        if os.environ.get("CI"):
            t.add("swoole-suite", "suite present", False, reason)
        else:
            print(f"SKIP [swoole-suite] {reason}")
        return
    listed = swoole_suite.read_list(swoole_suite.LIST)
    if not listed:
        t.add("swoole-suite", "tests listed", False, f"{swoole_suite.LIST} lists no test")
        return
    if not swoole_suite.SO.exists():
        t.add("swoole-suite", "release gust.so built", False, str(swoole_suite.SO))
        return
    for name, ok in sorted(swoole_suite.run_listed(listed).items()):
        t.add("swoole-suite", name, ok, "" if ok else f"rerun: bash {swoole_suite.SUITE}/run.sh {swoole_suite.SO} {name}")


LAYERS = {
    "checks": layer_checks,
    "unit": layer_unit,
    "tsan": layer_tsan,
    "phpt": layer_phpt,
    "phpt-xdebug": layer_phpt_xdebug,
    "phpt-zts": layer_phpt_zts,
    "conformance": layer_conformance,
    "fuzz": layer_fuzz,
    "swoole-suite": layer_swoole_suite,
}


def main():
    parser = argparse.ArgumentParser()
    # GUST_ZTS=0 leaves out phpt-zts (and tools/test.sh its builds): a machine without the time for a
    # first ZTS PHP build (docs/TESTING.md has the costs).
    default = [n for n in LAYERS if n != "phpt-zts" or os.environ.get("GUST_ZTS", "1") != "0"]
    parser.add_argument("--only", default=",".join(default), help="comma-separated layers")
    parser.add_argument("--phpt-filter", default="", help="phpt layers: only files whose path contains this")
    args = parser.parse_args()
    global PHPT_FILTER
    PHPT_FILTER = args.phpt_filter
    tally = Tally()
    for name in args.only.split(","):
        started = time.monotonic()
        before = (tally.passed, tally.failed)
        LAYERS[name](tally)
        print(f"== {name}: {tally.passed - before[0]} passed, {tally.failed - before[1]} failed "
              f"({time.monotonic() - started:.0f} s)", flush=True)
    if tally.failures:
        print("\nFailures:")
        for f in tally.failures:
            print("  " + f.splitlines()[0])
    print(f"{tally.passed} passed, {tally.failed} failed")
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main())
