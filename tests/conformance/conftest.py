"""Fixtures that start Gust programs on 127.0.0.1 with a free port and stop them cleanly.

A server prints "listening 127.0.0.1:PORT" once it accepts; tests wait on that line,
never on a sleep. On teardown the server gets SIGTERM and must exit 0 without any
sanitizer report (the debug build runs ASan + UBSan).
"""
import importlib.util
import json
import os
import pathlib
import re
import selectors
import signal
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = pathlib.Path(os.environ.get("GUST_BUILD", ROOT / "build" / "debug"))


def _run_tests_module():
    """tools/run_tests.py, imported: its asan_php_env() is the one way to load the ASan gust.so into PHP."""
    spec = importlib.util.spec_from_file_location("gust_run_tests", ROOT / "tools" / "run_tests.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def php_env():
    """The environment for a PHP that loads BUILD's gust.so: the sanitizer preload for the debug
    (ASan) build; none for a release build (GUST_BUILD=build/release), whose forked workers skip
    PHP's module shutdown as Swoole's do, so LeakSanitizer would report PHP's own registrations."""
    return dict(os.environ) if BUILD.name == "release" else _run_tests_module().asan_php_env()


class Server:
    def __init__(self, argv, ready_timeout=20.0, env=None):
        self.argv = [str(a) for a in argv]
        self.proc = subprocess.Popen(self.argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     errors="replace", env=env)
        line = self._read_line(ready_timeout)
        m = re.search(r"listening (\S+):(\d+)", line or "")
        if not m:
            self.proc.kill()
            _, err = self.proc.communicate(timeout=10)
            raise RuntimeError(f"{self.argv}: no 'listening' line (got {line!r}); stderr: {err[-2000:]}")
        self.host, self.port = m.group(1), int(m.group(2))
        self.line = line

    def _read_line(self, timeout):
        sel = selectors.DefaultSelector()
        sel.register(self.proc.stdout, selectors.EVENT_READ)
        if not sel.select(timeout):
            return None
        return self.proc.stdout.readline()

    def stop(self):
        """SIGTERM, then the exit status and stderr (bounded wait)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            out, err = self.proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, err = self.proc.communicate()
            return -9, err + "\n(did not exit within 20 s of SIGTERM)"
        return self.proc.returncode, err


@pytest.fixture(params=["epoll", "poll"])
def echo_server(request):
    binary = BUILD / "core" / "examples" / "echo_server"
    if not binary.exists():
        pytest.fail(f"{binary} not built")
    server = Server([binary, "--port", "0", "--poller", request.param])
    yield server
    code, err = server.stop()
    assert "Sanitizer" not in err, err[-4000:]
    assert code == 0, f"exit {code}; stderr: {err[-2000:]}"



def start_php_app(script, mode, settings=None):
    """tests/conformance/<script> on the debug (ASan) gust.so in `mode` (base|process), settings as JSON.
    `process-relay` is PROCESS mode with connection_handoff off: every request passes the master."""
    label = mode
    if mode == "process-relay":
        mode, settings = "process", dict(settings or {}, connection_handoff=False)
    so = BUILD / "ext" / "modules" / "gust.so"
    if not so.exists():
        pytest.fail(f"{so} not built")
    argv = ["php", "-n", "-d", f"extension={so}", ROOT / "tests" / "conformance" / script, "0", mode]
    if settings:
        argv.append(json.dumps(settings))
    server = Server(argv, env=php_env())
    server.mode = mode
    server.label = label
    return server


def start_http_app(mode, settings=None):
    """tests/conformance/http_app.php on the debug (ASan) gust.so in `mode` (base|process)."""
    return start_php_app("http_app.php", mode, settings)


def stop_and_check(server):
    code, err = server.stop()
    assert "Sanitizer" not in err, err[-4000:]
    assert code == 0, f"exit {code}; stderr: {err[-2000:]}"


# PROCESS mode twice: connections handed to the worker (the default) and relayed by the master.
HTTP_MODES = ["base", "process", "process-relay"]


@pytest.fixture(scope="module", params=HTTP_MODES)
def http_server(request):
    """One http_app.php per test module and mode; a sanitizer report or a bad exit fails at teardown."""
    server = start_http_app(request.param)
    yield server
    stop_and_check(server)


@pytest.fixture(params=HTTP_MODES)
def impatient_http_server(request):
    """http_app.php with half-second head and body timeouts, for the slow-client tests."""
    server = start_http_app(request.param, {"http_headers_timeout": 0.5, "http_body_timeout": 0.5})
    yield server
    stop_and_check(server)


# The WebSocket echo server's message limit: Autobahn's big-message cases go up to it, section 10 past it.
WS_MAX_LENGTH = 1024 * 1024
# A second server with a small limit, for floods of tiny fragments that must end at it.
WS_TIGHT_MAX_LENGTH = 4096


@pytest.fixture(scope="module", params=["base", "process"])
def ws_server(request):
    """One ws_app.php (echo, permessage-deflate offered, 1 MiB messages) per test module and mode."""
    server = start_php_app("ws_app.php", request.param, {"package_max_length": WS_MAX_LENGTH})
    yield server
    stop_and_check(server)


@pytest.fixture(scope="module", params=["base", "process"])
def ws_tight_server(request):
    """ws_app.php with 4 KiB messages."""
    server = start_php_app("ws_app.php", request.param, {"package_max_length": WS_TIGHT_MAX_LENGTH})
    yield server
    stop_and_check(server)
