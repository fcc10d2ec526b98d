"""Hooked TLS streams (SWOOLE_HOOK_SSL/TLS, stream_socket_enable_crypto) against real peers:
Python's ssl module (an echo server taking several connections at once, and an SMTP-like
STARTTLS server) and `openssl s_server -rev`. The PHP side (hooked_tls_client.php) runs on the
debug (ASan) gust.so; every server thread and wait is bounded."""
import json
import shutil
import socket
import ssl
import subprocess
import threading

import pytest

from conftest import BUILD, ROOT, php_env
from tls_certs import make_certs


@pytest.fixture(scope="module")
def certs(tmp_path_factory):
    return make_certs(tmp_path_factory.mktemp("hooked-tls"))


def _server_ctx(certs):
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(certs / "server.crt", certs / "server.key")
    return ctx


class Listener:
    """A thread per connection; `serve(conn)` handles one. Stopped by closing the listener."""

    def __init__(self, serve):
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.serve = serve
        self.stopped = False
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        while not self.stopped:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            conn.settimeout(10)
            threading.Thread(target=self._one, args=(conn,), daemon=True).start()

    def _one(self, conn):
        try:
            self.serve(conn)
        except (OSError, ssl.SSLError):
            pass
        finally:
            conn.close()

    def stop(self):
        self.stopped = True
        self.thread.join(5)
        self.sock.close()


def _readline(f):
    return f.readline(4 << 20)


def test_hooked_tls_streams_against_python_and_openssl(certs):
    if not shutil.which("openssl"):
        pytest.skip("the openssl command is not installed")
    ctx = _server_ctx(certs)

    def echo(conn):
        tls = ctx.wrap_socket(conn, server_side=True)
        f = tls.makefile("rwb")
        line = _readline(f)
        f.write(line.upper())
        f.flush()

    def starttls(conn):
        f = conn.makefile("rwb")
        f.write(b"220 ready\r\n")
        f.flush()
        if _readline(f).strip() != b"STARTTLS":
            return
        f.write(b"220 go ahead\r\n")
        f.flush()
        tls = ctx.wrap_socket(conn, server_side=True)
        g = tls.makefile("rwb")
        g.write(b"TLS:" + _readline(g))
        g.flush()

    py, st = Listener(echo), Listener(starttls)
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    s_port = probe.getsockname()[1]
    probe.close()
    s_server = subprocess.Popen(["openssl", "s_server", "-quiet", "-rev", "-accept", str(s_port), "-cert",
                                 str(certs / "server.crt"), "-key", str(certs / "server.key")],
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(100):  # s_server listening: a TCP connect succeeds (bounded)
            try:
                socket.create_connection(("127.0.0.1", s_port), timeout=0.1).close()
                break
            except OSError:
                threading.Event().wait(0.05)
        so = BUILD / "ext" / "modules" / "gust.so"
        r = subprocess.run(["php", "-n", "-d", f"extension={so}", ROOT / "tests/conformance/hooked_tls_client.php",
                            str(certs), str(py.port), str(st.port), str(s_port)],
                           capture_output=True, text=True, timeout=120, env=php_env())
    finally:
        py.stop()
        st.stop()
        s_server.terminate()
        s_server.wait(10)
    assert "Sanitizer" not in r.stderr, r.stderr[-4000:]
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    for scheme in ("ssl", "tls", "tlsv1.3"):
        assert out["python_echo"][scheme] == [True, "TLSv1.3"], (scheme, out["python_echo"][scheme])
    assert out["wrong_name"] is True
    assert out["starttls"] == ["220 ready", "220 go ahead", True, "TLS:hello"], out["starttls"]
    assert out["s_server"] == "tsug", out["s_server"]
