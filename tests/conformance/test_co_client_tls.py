"""Swoole\\Coroutine\\Client and Coroutine\\Socket over TLS against Python's ssl module (an echo server
on threads): verification by a CA and host name, a wrong name, a self-signed certificate refused
and allowed, a client certificate, big payloads both ways, and a server that accepts TCP but never
answers the handshake (bounded by the timeout). The PHP side (co_client_tls.php) runs on the debug
(ASan) gust.so; every server thread and wait is bounded."""
import json
import socket
import ssl
import subprocess
import threading

import pytest

from conftest import BUILD, ROOT, php_env
from tls_certs import make_certs


class EchoTlsServer:
    """Accepts connections, wraps them in TLS (or not, for the mute server) and echoes bytes."""

    def __init__(self, context, mute=False):
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.context, self.mute, self.stopping = context, mute, False
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self):
        while not self.stopping:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            threading.Thread(target=self.handle, args=(conn,), daemon=True).start()

    def handle(self, conn):
        conn.settimeout(10)
        try:
            if self.mute:
                conn.recv(65536)  # the ClientHello, never answered
                conn.recv(65536)
                return
            tls = self.context.wrap_socket(conn, server_side=True)
            while True:
                data = tls.recv(65536)
                if not data:
                    break
                tls.sendall(data)
        except (OSError, ssl.SSLError):
            pass
        finally:
            conn.close()

    def stop(self):
        self.stopping = True
        self.thread.join(5)
        self.sock.close()


def server_context(certs, name, require_client_cert=False):
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(certs / f"{name}.crt", certs / f"{name}.key")
    if require_client_cert:
        ctx.verify_mode = ssl.CERT_REQUIRED
        ctx.load_verify_locations(certs / "ca.crt")
    return ctx


@pytest.fixture(scope="module")
def certs(tmp_path_factory):
    return make_certs(tmp_path_factory.mktemp("tls"))


def test_co_client_over_tls(certs):
    servers = [EchoTlsServer(server_context(certs, "server")), EchoTlsServer(server_context(certs, "self")),
               EchoTlsServer(server_context(certs, "server", require_client_cert=True)),
               EchoTlsServer(None, mute=True)]
    try:
        so = BUILD / "ext" / "modules" / "gust.so"
        r = subprocess.run(["php", "-n", "-d", f"extension={so}", ROOT / "tests/conformance/co_client_tls.php",
                            str(certs), *(str(s.port) for s in servers)],
                           capture_output=True, text=True, timeout=120, env=php_env())
    finally:
        for s in servers:
            s.stop()
    assert "Sanitizer" not in r.stderr, r.stderr[-4000:]
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["ca_ip"] == [True, 0, True], out["ca_ip"]
    assert out["ca_name"] == [True, 0, True], out["ca_name"]
    assert out["big"] == [True, True], out["big"]
    assert out["wrong_name"][0] is False and out["wrong_name"][1] == 1014, out["wrong_name"]
    assert out["self_refused"][0] is False and out["self_refused"][1] == 1014, out["self_refused"]
    assert out["self_allowed"] == [True, 0, True], out["self_allowed"]
    assert out["client_cert"] == [True, 0, True], out["client_cert"]
    assert out["socket_open_ssl"] == [True, True], out["socket_open_ssl"]
    assert out["mute"][0] is False and out["mute"][1] == 110 and out["mute"][2] < 1.5, out["mute"]
