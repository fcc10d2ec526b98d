"""gust_metrics_listen: the metrics on a plain-HTTP listener of their own (tests/conformance/
metrics_listen_app.php), scraped with prometheus_client's parser in BASE and PROCESS mode, for an
HTTP server and for a Swoole\\Server with TCP ports only. A stalled or oversized scrape must not
hold anything but the next scrape, and only the process that serves the listener holds its socket.
Every wait is bounded."""
import http.client
import os
import pathlib
import socket
import time

import pytest

from conftest import start_php_app, stop_and_check

prometheus_parser = pytest.importorskip("prometheus_client.parser", reason="prometheus_client is not installed "
                                        "(tools/deps.sh installs it from PyPI)")

TIMEOUT = 20.0


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(kind, mode, **settings):
    metrics_port = free_port()
    server = start_php_app("metrics_listen_app.php", mode,
                           dict(settings, kind=kind, gust_metrics_listen=f"127.0.0.1:{metrics_port}"))
    server.metrics_port = metrics_port
    return server


def request(port, method, path):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
    try:
        conn.request(method, path)
        r = conn.getresponse()
        return r.status, r.getheader("Content-Type"), r.read()
    finally:
        conn.close()


def scrape(server, path="/metrics"):
    status, ctype, body = request(server.metrics_port, "GET", path)
    assert status == 200, body
    assert ctype.startswith("text/plain; version=0.0.4")
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for f in prometheus_parser.text_string_to_metric_families(body.decode()) for s in f.samples}


def value(samples, name, **labels):
    return samples[(name, tuple(sorted(labels.items())))]


def tcp_echo(port, data):
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as s:
        s.sendall(data)
        got = b""
        while len(got) < len(data):
            chunk = s.recv(65536)
            assert chunk, "closed before the echo"
            got += chunk
        return got


def listening_inode(port):
    """The inode of the socket listening on 127.0.0.1:`port` (from /proc/net/tcp)."""
    want = f"0100007F:{port:04X}"
    for line in pathlib.Path("/proc/net/tcp").read_text().splitlines()[1:]:
        f = line.split()
        if f[1] == want and f[3] == "0A":  # 0A: LISTEN
            return f[9]
    return None


def process_tree(root):
    parent = {}
    for d in pathlib.Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                parent[int(d.name)] = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    tree, grew = {root}, True
    while grew:
        more = {p for p, pp in parent.items() if pp in tree} - tree
        tree |= more
        grew = bool(more)
    return tree


def holders(server):
    """The processes of the server that have the listener's socket open."""
    inode = listening_inode(server.metrics_port)
    assert inode, "nothing listens on the metrics port"
    out = set()
    for pid in process_tree(server.proc.pid):
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
        except OSError:
            continue
        for fd in fds:
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}") == f"socket:[{inode}]":
                    out.add(pid)
            except OSError:
                pass
    return out


# (kind, mode, worker_num): the listener's thread runs in the master (PROCESS), in the manager
# (BASE, several workers) or in the one worker process (BASE, one worker).
CASES = [("http", "base", 2), ("http", "process", 2), ("tcp", "base", 1), ("tcp", "base", 2), ("tcp", "process", 2)]


@pytest.mark.parametrize("kind,mode,workers", CASES, ids=["-".join(map(str, c)) for c in CASES])
def test_the_listener_serves_the_whole_servers_counts(kind, mode, workers):
    server = start(kind, mode, worker_num=workers)
    try:
        port_label = f"127.0.0.1:{server.port}"
        for i in range(12):
            if kind == "http":
                assert request(server.port, "GET", "/")[2] == b"hello"
            else:
                assert tcp_echo(server.port, b"ping %d" % i) == b"ping %d" % i
        samples = scrape(server)
        assert value(samples, "gust_info", mode=mode) == 1
        assert value(samples, "gust_connections_total", port=port_label) == 12
        assert value(samples, "gust_http_requests_total", port=port_label) == (12 if kind == "http" else 0)
        assert value(samples, "gust_http_responses_total", code="2xx") == (12 if kind == "http" else 0)
        assert value(samples, "gust_workers", state="idle") == workers
        # The scrapes of the listener are no connections of the server's, and the counters only grow.
        samples = scrape(server, "/metrics?x=1")
        assert value(samples, "gust_connections_total", port=port_label) == 12
        # Other paths and methods.
        assert request(server.metrics_port, "GET", "/other")[0] == 404
        assert request(server.metrics_port, "POST", "/metrics")[0] == 405
        status, ctype, body = request(server.metrics_port, "HEAD", "/metrics")
        assert (status, body) == (200, b"")
        # Only the process serving the listener has its socket: every child closed its copy.
        assert holders(server) == {server.proc.pid}
    finally:
        stop_and_check(server)
    # The server is gone and so is its listener.
    with socket.socket() as s:
        assert s.connect_ex(("127.0.0.1", server.metrics_port)) != 0


@pytest.mark.parametrize("mode", ["base", "process"])
def test_a_stalled_scraper_holds_nothing_but_the_next_scrape(mode):
    server = start("http", mode, worker_num=1)
    try:
        stalled = socket.create_connection(("127.0.0.1", server.metrics_port), timeout=TIMEOUT)
        stalled.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\n")  # never finished
        # The server's own port is not held by it.
        assert request(server.port, "GET", "/")[2] == b"hello"
        # The next scrape waits for the stalled one's deadline (2 s), then is answered; the stalled
        # one is closed unanswered.
        began = time.monotonic()
        samples = scrape(server)
        assert time.monotonic() - began < 10
        assert value(samples, "gust_http_requests_total", port=f"127.0.0.1:{server.port}") == 1
        assert stalled.recv(100) == b""
        stalled.close()
        # A head past the bound (8 KiB) is refused.
        with socket.create_connection(("127.0.0.1", server.metrics_port), timeout=TIMEOUT) as s:
            try:
                s.sendall(b"GET /metrics HTTP/1.1\r\nX-Big: " + b"a" * 16384 + b"\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                pass
            answer = b""
            try:
                while chunk := s.recv(65536):
                    answer += chunk
            except ConnectionResetError:
                pass
        assert answer.startswith(b"HTTP/1.1 431"), answer[:100]
        assert scrape(server)
    finally:
        stop_and_check(server)


def test_an_ipv6_address():
    with socket.socket(socket.AF_INET6) as s:
        s.bind(("::1", 0))
        port = s.getsockname()[1]
    server = start_php_app("metrics_listen_app.php", "base",
                           {"kind": "tcp", "worker_num": 1, "gust_metrics_listen": f"[::1]:{port}"})
    try:
        assert tcp_echo(server.port, b"ping") == b"ping"
        conn = http.client.HTTPConnection("::1", port, timeout=TIMEOUT)
        try:
            conn.request("GET", "/metrics")
            r = conn.getresponse()
            assert r.status == 200
            body = r.read().decode()
        finally:
            conn.close()
        samples = {(s.name, tuple(sorted(s.labels.items()))): s.value
                   for f in prometheus_parser.text_string_to_metric_families(body) for s in f.samples}
        assert value(samples, "gust_connections_total", port=f"127.0.0.1:{server.port}") == 1
    finally:
        stop_and_check(server)
