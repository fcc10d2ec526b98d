"""Swoole\\Coroutine\\Http\\Server over TLS (co_https_server.php on the debug, ASan, gust.so) against
httpx and Python's ssl module: requests verified by the CA and host name, keep-alive on one TLS
connection, a body both ways, a plain-HTTP peer and a silent peer closed (bounded), and with
ssl_verify_peer a client without a certificate refused while one with a certificate is served."""
import socket
import ssl
import time

import httpx
import pytest

from conftest import BUILD, ROOT, Server, php_env, stop_and_check
from tls_certs import make_certs


@pytest.fixture(scope="module")
def certs(tmp_path_factory):
    return make_certs(tmp_path_factory.mktemp("cohttps"))


def start(certs, client_ca=False):
    so = BUILD / "ext" / "modules" / "gust.so"
    if not so.exists():
        pytest.fail(f"{so} not built")
    argv = ["php", "-n", "-d", f"extension={so}", ROOT / "tests/conformance/co_https_server.php", "0",
            certs / "server.crt", certs / "server.key"]
    if client_ca:
        argv.append(certs / "ca.crt")
    return Server(argv, env=php_env())


def test_https_requests_keep_alive_and_bodies(certs):
    server = start(certs)
    try:
        url = f"https://localhost:{server.port}"
        ca = ssl.create_default_context(cafile=str(certs / "ca.crt"))
        with httpx.Client(verify=ca, timeout=5) as client:
            r1 = client.get(f"{url}/a")
            r2 = client.post(f"{url}/b", content=b"abcdef" * 1000)
            assert (r1.status_code, r1.text) == (200, "hello /a")
            assert r2.text == ("abcdef" * 1000)[::-1]
            assert r1.http_version == "HTTP/1.1"
        # A plain-HTTP request on the TLS port: closed, nothing served.
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as s:
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            got = b""
            try:
                while chunk := s.recv(4096):  # to the close (a TLS alert at most, never HTTP)
                    got += chunk
            except ConnectionResetError:  # closed with the request unread: a reset
                pass
            assert not got.startswith(b"HTTP/")
        # A peer that never sends its ClientHello: closed after `timeout` (1 s).
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as s:
            t = time.monotonic()
            assert s.recv(100) == b""
            assert 0.5 < time.monotonic() - t < 4
        # Still serving.
        assert httpx.get(f"{url}/c", verify=ca, timeout=5).text == "hello /c"
    finally:
        stop_and_check(server)


def test_client_certificate_required_with_verify_peer(certs):
    server = start(certs, client_ca=True)
    try:
        ctx = ssl.create_default_context(cafile=str(certs / "ca.crt"))
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as raw:
            with pytest.raises((ssl.SSLError, ConnectionError)):
                with ctx.wrap_socket(raw, server_hostname="localhost") as s:
                    # TLS 1.3: the refusal arrives with the first read.
                    s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                    if not s.recv(100):
                        raise ConnectionError("closed")
        ctx.load_cert_chain(str(certs / "client.crt"), str(certs / "client.key"))
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as raw:
            with ctx.wrap_socket(raw, server_hostname="localhost") as s:
                s.sendall(b"GET /cert HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                data = b""
                while chunk := s.recv(4096):
                    data += chunk
        assert data.startswith(b"HTTP/1.1 200") and data.endswith(b"hello /cert")
    finally:
        stop_and_check(server)
