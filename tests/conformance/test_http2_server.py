"""Swoole\\Http\\Server with open_http2_protocol (tests/conformance/http_app.php) against real
HTTP/2 clients: h2spec in strict mode (every case must pass), httpx with HTTP/2 prior knowledge,
and nghttp's concurrent streams, in BASE and PROCESS mode (connections handed to the worker, and
relayed by the master). TLS is not wired in yet (docs/php-http2.md). Every wait is bounded."""
import hashlib
import shutil
import subprocess

import pytest

from conftest import HTTP_MODES, start_http_app, stop_and_check

TIMEOUT = 20.0


@pytest.fixture(scope="module", params=HTTP_MODES)
def h2_server(request):
    server = start_http_app(request.param, {"open_http2_protocol": True})
    yield server
    stop_and_check(server)


def h2spec_binary():
    for candidate in (shutil.which("h2spec"), "/usr/local/bin/h2spec"):
        if candidate and shutil.os.path.exists(candidate):
            return candidate
    pytest.fail("h2spec not installed (tools/deps.sh installs it through the Go module proxy)")


def test_h2spec_strict_passes_every_case_on_h2c(h2_server):
    r = subprocess.run([h2spec_binary(), "--strict", "-h", h2_server.host, "-p", str(h2_server.port), "-o", "5"],
                       capture_output=True, text=True, timeout=300)
    summary = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""
    assert r.returncode == 0 and " 0 failed" in summary, r.stdout[-6000:] + r.stderr[-2000:]


def test_httpx_prior_knowledge_gets_http2_answers(h2_server):
    httpx = pytest.importorskip("httpx")
    pytest.importorskip("h2")
    with httpx.Client(http1=False, http2=True, timeout=TIMEOUT) as client:
        for i in range(5):
            body = bytes([65 + i]) * (i * 30000)  # up to 120 KB: more than one flow-control window
            r = client.post(f"http://{h2_server.host}:{h2_server.port}/echo?i={i}", content=body)
            assert r.http_version == "HTTP/2"
            assert r.status_code == 200
            assert r.json()["body_md5"] == hashlib.md5(body).hexdigest()


def test_nghttp_concurrent_streams_on_one_connection(h2_server):
    nghttp = shutil.which("nghttp")
    if not nghttp:
        pytest.fail("nghttp not installed (Debian nghttp2-client, tools/deps.sh)")
    urls = [f"http://{h2_server.host}:{h2_server.port}/echo?n={i}" for i in range(20)]
    r = subprocess.run([nghttp, "-n", "--stat", *urls], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr[-2000:]
    # The --stat table: "id responseEnd requestStart process code size path", one row per stream.
    rows = [line.split() for line in r.stdout.splitlines() if "/echo?n=" in line]
    assert len(rows) == 20 and all(row[4] == "200" for row in rows), r.stdout[-4000:]
