"""SWOOLE_SSL ports (HTTPS, WSS and a raw TCP port) in BASE and PROCESS modes against Python's ssl
clients, curl and websockets, with certificates made at run time (tls_certs.py): requests and
keep-alive, a file through TLS (no sendfile), large bodies both ways, WebSocket echo, client
certificates, and the connections that must not get in — plain text, a stalled handshake, an
untrusted client. The server runs on the debug (ASan) gust.so."""
import asyncio
import hashlib
import http.client
import json
import re
import socket
import ssl
import subprocess
import time

import pytest

from conftest import start_php_app, stop_and_check
from tls_certs import make_certs

websockets = pytest.importorskip("websockets")
from websockets.asyncio.client import connect as ws_connect  # noqa: E402

FILE_BYTES = bytes((i * 31 + (i >> 10)) & 0xFF for i in range(3 * 1024 * 1024 + 123))


@pytest.fixture(scope="module")
def certs(tmp_path_factory):
    d = make_certs(tmp_path_factory.mktemp("tls-server"))
    (d / "served.bin").write_bytes(FILE_BYTES)
    return d


def start(certs, mode, **extra):
    settings = {"ssl_cert_file": str(certs / "server.crt"), "ssl_key_file": str(certs / "server.key"),
                "file": str(certs / "served.bin"), **extra}
    server = start_php_app("tls_app.php", mode, settings)
    server.tcp_port = int(re.search(r"tcp=(\d+)", server.line).group(1))
    return server


@pytest.fixture(scope="module", params=["base", "process"])
def tls_server(request, certs):
    server = start(certs, request.param)
    yield server
    stop_and_check(server)


def client_context(certs, with_cert=False):
    ctx = ssl.create_default_context(cafile=str(certs / "ca.crt"))
    if with_cert:
        ctx.load_cert_chain(certs / "client.crt", certs / "client.key")
    return ctx


def test_https_requests_keep_alive_and_large_bodies(tls_server, certs):
    conn = http.client.HTTPSConnection("127.0.0.1", tls_server.port, context=client_context(certs), timeout=10)
    conn.request("GET", "/")
    r = conn.getresponse()
    first = r.read().decode()
    assert r.status == 200 and first.startswith("hello over https, fd ")
    assert conn.sock.version() in ("TLSv1.3", "TLSv1.2")
    assert conn.sock.selected_alpn_protocol() in (None, "http/1.1")
    body = bytes(range(256)) * 4096  # 1 MiB up
    conn.request("POST", "/echo", body=body)
    r = conn.getresponse()
    assert r.status == 200 and r.read() == body
    conn.request("GET", "/file")  # 3 MiB down, through the engine
    r = conn.getresponse()
    got = r.read()
    assert r.status == 200 and hashlib.md5(got).hexdigest() == hashlib.md5(FILE_BYTES).hexdigest()
    conn.request("GET", "/")
    r = conn.getresponse()
    assert r.read().decode() == first  # the same connection (fd) all along
    conn.close()


def test_curl_over_https(tls_server, certs):
    r = subprocess.run(["curl", "-sS", "--max-time", "10", "--cacert", str(certs / "ca.crt"),
                        f"https://localhost:{tls_server.port}/"], capture_output=True, text=True, timeout=20)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("hello over https")


def test_wss_echo(tls_server, certs):
    async def go():
        async with ws_connect(f"wss://localhost:{tls_server.port}/", ssl=client_context(certs),
                              open_timeout=10, max_size=2**22) as ws:
            await ws.send("hello")
            assert await asyncio.wait_for(ws.recv(), 10) == "hello"
            big = b"\x01" * (900 * 1024)
            await ws.send(big)
            assert await asyncio.wait_for(ws.recv(), 10) == big
    asyncio.run(go())


def test_raw_tcp_ssl_port_echoes(tls_server, certs):
    with socket.create_connection(("127.0.0.1", tls_server.tcp_port), timeout=10) as raw:
        with client_context(certs).wrap_socket(raw, server_hostname="localhost") as s:
            payload = b"x" * 200_000
            s.sendall(payload)
            got = b""
            while len(got) < len(payload):
                chunk = s.recv(65536)
                assert chunk, "closed early"
                got += chunk
            assert got == payload


def test_plain_text_to_the_tls_port_gets_no_http_answer(tls_server):
    with socket.create_connection(("127.0.0.1", tls_server.port), timeout=10) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        data = b""
        try:
            while chunk := s.recv(4096):
                data += chunk
        except ConnectionResetError:
            pass  # closed with our request unread: a reset is a close too
        assert b"HTTP/1.1" not in data  # an alert at most, then the close
    # and the server still serves
    conn = http.client.HTTPSConnection("127.0.0.1", tls_server.port, context=ssl._create_unverified_context(), timeout=10)
    conn.request("GET", "/")
    assert conn.getresponse().status == 200


@pytest.mark.parametrize("ca_key", ["ssl_client_cert_file", "ssl_cafile"])
def test_untrusted_client_certificate_handshake_fails_cleanly(certs, ca_key):
    # ssl_verify_peer on the server: a client without a certificate is refused, one with a
    # certificate from the CA is served. The CAs come as ssl_client_cert_file or (Swoole 6) ssl_cafile.
    server = start(certs, "base", ssl_verify_peer=True, **{ca_key: str(certs / "ca.crt")})
    try:
        with pytest.raises((ssl.SSLError, ConnectionError, http.client.RemoteDisconnected)):
            conn = http.client.HTTPSConnection("127.0.0.1", server.port, context=client_context(certs), timeout=10)
            conn.request("GET", "/")
            conn.getresponse().read()
        conn = http.client.HTTPSConnection("127.0.0.1", server.port, context=client_context(certs, True), timeout=10)
        conn.request("GET", "/")
        assert conn.getresponse().status == 200
    finally:
        stop_and_check(server)


def test_stalled_handshake_is_closed_and_does_not_block_others(certs):
    server = start(certs, "process")
    try:
        idle = [socket.create_connection(("127.0.0.1", server.port), timeout=30) for _ in range(20)]
        conn = http.client.HTTPSConnection("127.0.0.1", server.port, context=client_context(certs), timeout=10)
        conn.request("GET", "/")
        assert conn.getresponse().status == 200
        start_t = time.monotonic()
        idle[0].settimeout(30)
        assert idle[0].recv(1) == b""  # closed by the server's handshake timeout (10 s)
        assert time.monotonic() - start_t < 25
        for s in idle:
            s.close()
    finally:
        stop_and_check(server)


def test_missing_certificate_refuses_to_start(certs):
    from conftest import BUILD, ROOT, php_env
    so = BUILD / "ext" / "modules" / "gust.so"
    r = subprocess.run(["php", "-n", "-d", f"extension={so}", ROOT / "tests/conformance/tls_app.php", "0", "base",
                        json.dumps({"ssl_cert_file": str(certs / "missing.crt"), "ssl_key_file": str(certs / "server.key")})],
                       capture_output=True, text=True, timeout=30, env=php_env())
    assert r.returncode != 0
    assert "ssl_cert_file" in r.stdout + r.stderr
