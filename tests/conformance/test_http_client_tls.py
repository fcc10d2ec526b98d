"""Swoole\\Coroutine\\Http\\Client over TLS against Python's ssl module: verification by a CA, by
host name, self-signed certificates, client certificates, protocol limits, keep-alive, large and
chunked bodies, and the https:// functions. The PHP side (tls_client.php) runs on the debug
(ASan) gust.so; every server thread and wait is bounded."""
import hashlib
import http.server
import json
import ssl
import subprocess
import threading

import pytest

from conftest import BUILD, ROOT, php_env
from tls_certs import make_certs

BIG = bytes((i * 7 + (i >> 8)) & 0xFF for i in range(1 << 20))


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def _send(self, body: bytes):
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/conn":
            self._send(str(self.client_address[1]).encode())
        elif self.path == "/big":
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for i in range(0, len(BIG), 100_000):
                part = BIG[i:i + 100_000]
                self.wfile.write(b"%x\r\n" % len(part) + part + b"\r\n")
            self.wfile.write(b"0\r\n\r\n")
        else:
            self._send(b"hello over " + (b"TLS" if isinstance(self.connection, ssl.SSLSocket) else b"TCP"))

    def do_POST(self):
        n = int(self.headers.get("Content-Length", "0"))
        self._send(self.rfile.read(n))


class TlsServer:
    def __init__(self, context):
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        if context:
            self.httpd.socket = context.wrap_socket(self.httpd.socket, server_side=True)
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(10)


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


def test_client_over_tls(certs):
    servers = [TlsServer(server_context(certs, "server")), TlsServer(server_context(certs, "self")),
               TlsServer(server_context(certs, "server", require_client_cert=True)), TlsServer(None)]
    try:
        so = BUILD / "ext" / "modules" / "gust.so"
        r = subprocess.run(["php", "-n", "-d", f"extension={so}", ROOT / "tests/conformance/tls_client.php",
                            str(certs), *(str(s.port) for s in servers)],
                           capture_output=True, text=True, timeout=120, env=php_env())
    finally:
        for s in servers:
            s.stop()
    assert "Sanitizer" not in r.stderr, r.stderr[-4000:]
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])

    def ok(case):
        assert out[case]["ok"] is True and out[case]["status"] == 200, (case, out[case])
        assert out[case]["body"] == "hello over TLS", (case, out[case])

    def refused(case, err, words):
        c = out[case]
        assert c["ok"] is False and c["status"] == -1 and c["err"] == err, (case, c)
        assert words in c["msg"], (case, c)

    ok("ca_ip")
    ok("ca_name")
    ok("verify_off")
    ok("self_allowed")
    ok("client_cert")
    ok("tls12_only")
    # Verification is on by default (Swoole's is off: docs/DIFFERENCES.md).
    refused("default_store", 1014, "unable to get local issuer certificate")
    refused("wrong_name", 1014, "mismatch")
    refused("self_refused", 1014, "self-signed")
    refused("bad_cafile", 1018, "ssl_cafile")
    refused("plain_server", 1018, "SSL handshake failed")
    # TLS 1.3: the server refuses the missing certificate after the client's handshake, so the
    # failure shows on the request rather than the connect.
    c = out["no_client_cert"]
    assert c["ok"] is False and c["status"] < 0 and c["err"] != 0, c
    assert out["big"] == {"status": 200, "len": len(BIG), "md5": hashlib.md5(BIG).hexdigest(), "chunked": "chunked"}
    assert out["echo"] is True
    assert out["same_connection"] is True
    assert out["peer_cert"] == "localhost" and out["peer_cert_after_close"] is False
    assert out["function"] == [200, "hello over TLS"]
    code, msg = out["function_refused"]
    assert code == 1014 and "self-signed" in msg, out["function_refused"]
