"""Swoole\\Http\\Server with open_http2_protocol (tests/conformance/http_app.php) against real
HTTP/2 clients: h2spec in strict mode (every case must pass), httpx with HTTP/2 prior knowledge,
and nghttp's concurrent streams, in BASE and PROCESS mode (connections handed to the worker, and
relayed by the master) and on Coroutine\\Http\\Server; over TLS the same, with h2 chosen by ALPN. Every wait is bounded."""
import hashlib
import shutil
import socket
import ssl
import subprocess

import pytest

from conftest import HTTP_MODES, start_http_app, stop_and_check
from tls_certs import make_certs

TIMEOUT = 20.0


# Swoole\Coroutine\Http\Server too (http_app.php's `coroutine` mode): the same HTTP/2 connection code.
H2_MODES = HTTP_MODES + ["coroutine"]


@pytest.fixture(scope="module", params=H2_MODES)
def h2_server(request):
    server = start_http_app(request.param, {"open_http2_protocol": True})
    yield server
    stop_and_check(server)


@pytest.fixture(scope="module")
def certs(tmp_path_factory):
    return make_certs(tmp_path_factory.mktemp("h2tls"))


@pytest.fixture(scope="module", params=H2_MODES)
def h2_tls_server(request, certs):
    server = start_http_app(request.param, {"open_http2_protocol": True, "ssl_cert_file": str(certs / "server.crt"),
                                            "ssl_key_file": str(certs / "server.key")})
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


def test_h2spec_strict_passes_every_case_over_tls(h2_tls_server):
    r = subprocess.run([h2spec_binary(), "--strict", "-t", "-k", "-h", h2_tls_server.host, "-p",
                        str(h2_tls_server.port), "-o", "5"], capture_output=True, text=True, timeout=300)
    summary = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""
    assert r.returncode == 0 and " 0 failed" in summary, r.stdout[-6000:] + r.stderr[-2000:]


def test_alpn_h2_gets_http2_and_http1_keeps_http1_over_tls(h2_tls_server, certs):
    import httpx
    pytest.importorskip("h2")
    url = f"https://localhost:{h2_tls_server.port}/echo"
    ca = ssl.create_default_context(cafile=str(certs / "ca.crt"))
    with httpx.Client(http2=True, verify=ca, timeout=TIMEOUT) as client:
        for i in range(3):
            body = bytes([97 + i]) * (i * 40000)
            r = client.post(f"{url}?i={i}", content=body)
            assert r.http_version == "HTTP/2" and r.status_code == 200
            assert r.json()["body_md5"] == hashlib.md5(body).hexdigest()
    with httpx.Client(http2=False, verify=ca, timeout=TIMEOUT) as client:
        r = client.post(url, content=b"one")
        assert r.http_version == "HTTP/1.1" and r.status_code == 200
        assert r.json()["body_md5"] == hashlib.md5(b"one").hexdigest()


def tls_socket(server, certs, alpn):
    ctx = ssl.create_default_context(cafile=str(certs / "ca.crt"))
    if alpn:
        ctx.set_alpn_protocols(alpn)
    raw = socket.create_connection((server.host, server.port), timeout=TIMEOUT)
    return ctx.wrap_socket(raw, server_hostname="localhost")


def read_all(sock):
    data = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            return data
        data += chunk


def test_the_server_offers_h2_first_and_plain_tls_stays_http1(h2_tls_server, certs):
    with tls_socket(h2_tls_server, certs, ["h2", "http/1.1"]) as s:
        assert s.selected_alpn_protocol() == "h2"
    with tls_socket(h2_tls_server, certs, ["http/1.1"]) as s:
        assert s.selected_alpn_protocol() == "http/1.1"
    with tls_socket(h2_tls_server, certs, None) as s:  # no ALPN at all: HTTP/1.1
        assert s.selected_alpn_protocol() is None
        s.sendall(b"GET /echo HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        assert read_all(s).startswith(b"HTTP/1.1 200")


def test_http1_after_alpn_chose_h2_is_closed_without_an_answer(h2_tls_server, certs):
    with tls_socket(h2_tls_server, certs, ["h2"]) as s:
        assert s.selected_alpn_protocol() == "h2"
        s.sendall(b"GET /echo HTTP/1.1\r\nHost: localhost\r\n\r\n")
        assert read_all(s) == b""


def test_curl_upgrade_h2c_gets_http2_answers(h2_server):
    r = subprocess.run(["curl", "-s", "-i", "--max-time", "10", "--http2",
                        f"http://{h2_server.host}:{h2_server.port}/echo?u=1",
                        f"http://{h2_server.host}:{h2_server.port}/echo?u=2"],
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("HTTP/1.1 101 Switching Protocols"), r.stdout[:500]
    assert r.stdout.count("HTTP/2 200") == 2, r.stdout[:2000]
    assert r.stdout.count('"protocol":"HTTP\\/2"') == 2, r.stdout[:2000]


def read_frames(sock, until_closed_within=TIMEOUT):
    """Frames the server sends until it closes: (type name, stream id, detail) tuples."""
    from hyperframe.frame import Frame, GoAwayFrame, DataFrame
    sock.settimeout(until_closed_within)
    buf, frames = b"", []
    while True:
        data = sock.recv(65536)
        if not data:
            return frames
        buf += data
        while len(buf) >= 9:
            frame, length = Frame.parse_frame_header(memoryview(buf[:9]))
            if len(buf) < 9 + length:
                break
            frame.parse_body(memoryview(buf[9:9 + length]))
            buf = buf[9 + length:]
            detail = None
            if isinstance(frame, GoAwayFrame):
                detail = (frame.last_stream_id, frame.error_code)
            elif isinstance(frame, DataFrame):
                detail = bytes(frame.data)
            frames.append((type(frame).__name__, frame.stream_id, detail))


def test_reload_sends_goaway_naming_the_last_stream_then_closes(h2_server):
    import signal
    import h2.connection
    import h2.events
    if "process" not in h2_server.argv:
        pytest.skip("reload needs the manager of PROCESS mode")
    with socket.create_connection((h2_server.host, h2_server.port), timeout=TIMEOUT) as s:
        c = h2.connection.H2Connection()
        c.initiate_connection()
        c.send_headers(1, [(":method", "GET"), (":path", "/seq?n=1"), (":scheme", "http"), (":authority", "x")],
                       end_stream=True)
        s.sendall(c.data_to_send())
        done = False
        while not done:
            data = s.recv(65536)
            assert data, "closed before the answer"
            for e in c.receive_data(data):
                done = done or isinstance(e, h2.events.StreamEnded)
            s.sendall(c.data_to_send())
        h2_server.proc.send_signal(signal.SIGUSR1)
        frames = read_frames(s)
    goaways = [f for f in frames if f[0] == "GoAwayFrame"]
    assert goaways and goaways[0][2] == (1, 0), frames
