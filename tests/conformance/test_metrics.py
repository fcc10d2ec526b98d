"""Gust's metrics (gust_metrics_path) scraped and parsed by prometheus_client's own parser after a
known load, in BASE and PROCESS mode (tests/conformance/metrics_app.php, two workers). Every wait is
bounded; nothing sleeps but the bounded polls for a worker's replacement."""
import http.client
import re
import socket
import ssl
import time

import pytest

from conftest import start_php_app, stop_and_check
from tls_certs import make_certs

prometheus_parser = pytest.importorskip("prometheus_client.parser", reason="prometheus_client is not installed "
                                        "(tools/deps.sh installs it from PyPI)")

TIMEOUT = 20.0
MODES = ["base", "process", "process-relay"]


def get(server, path, headers=None):
    conn = http.client.HTTPConnection(server.host, server.port, timeout=TIMEOUT)
    try:
        conn.request("GET", path, headers=headers or {})
        r = conn.getresponse()
        return r.status, r.getheader("Content-Type"), r.read()
    finally:
        conn.close()


def raw_exchange(server, data):
    """Sends raw bytes, returns everything the server answers until it closes (or resets)."""
    with socket.create_connection((server.host, server.port), timeout=TIMEOUT) as s:
        s.sendall(data)
        out = b""
        while True:
            try:
                chunk = s.recv(65536)
            except ConnectionResetError:
                return out
            if not chunk:
                return out
            out += chunk


def scrape(server):
    status, ctype, body = get(server, "/metrics")
    assert status == 200
    assert ctype.startswith("text/plain; version=0.0.4")
    samples = {}
    types = {}
    for family in prometheus_parser.text_string_to_metric_families(body.decode()):
        types[family.name] = family.type
        for s in family.samples:
            samples[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return samples, types


def value(samples, name, **labels):
    return samples[(name, tuple(sorted(labels.items())))]


@pytest.fixture(params=MODES)
def metrics_server(request):
    mode = request.param
    settings = {"http_headers_timeout": 0.5}
    if mode == "process-relay":
        mode, settings = "process", dict(settings, connection_handoff=False)
    server = start_php_app("metrics_app.php", mode, settings)
    yield server
    stop_and_check(server)


def test_known_load_gives_exact_counts(metrics_server):
    server = metrics_server
    port_label = f"127.0.0.1:{server.port}"
    for _ in range(50):
        assert get(server, "/")[0] == 200
    for _ in range(7):
        assert get(server, "/missing")[0] == 404
    for _ in range(3):
        assert raw_exchange(server, b"NOT AN HTTP REQUEST\r\n\r\n").startswith(b"HTTP/1.1 400")
    # A head past http_max_header_size (4 KiB), and one that stops halfway (http_headers_timeout 0.5 s).
    assert raw_exchange(server, b"GET / HTTP/1.1\r\nX-Big: " + b"a" * 8192 + b"\r\n\r\n").startswith(b"HTTP/1.1 431")
    assert raw_exchange(server, b"GET / HTTP/1.1\r\nHost: x\r\n").startswith(b"HTTP/1.1 408")

    samples, types = scrape(server)
    assert types["gust_http_requests"] == "counter"
    assert types["gust_http_request_duration_seconds"] == "histogram"
    assert value(samples, "gust_info", mode=server.mode) == 1
    assert value(samples, "gust_http_requests_total", port=port_label) == 57
    assert value(samples, "gust_http_responses_total", code="2xx") == 50
    assert value(samples, "gust_http_responses_total", code="4xx") == 7
    assert value(samples, "gust_http_responses_total", code="5xx") == 0
    assert value(samples, "gust_http_request_duration_seconds_count") == 57
    assert value(samples, "gust_http_request_duration_seconds_bucket", le="+Inf") == 57
    assert 0 < value(samples, "gust_http_request_duration_seconds_sum") < 57 * 10
    assert value(samples, "gust_refused_inputs_total", kind="bad_request") == 3
    assert value(samples, "gust_refused_inputs_total", kind="too_large") == 1
    assert value(samples, "gust_refused_inputs_total", kind="timeout") == 1
    # 57 answered + 5 refused + this scrape, each on its own connection.
    assert value(samples, "gust_connections_total", port=port_label) == 63
    assert value(samples, "gust_http_request_bytes_total") > 57 * len(b"GET / HTTP/1.1\r\n\r\n")
    assert value(samples, "gust_http_response_bytes_total") > 50 * len(b"hello") + 7 * len(b"not here")
    # The scrape itself is no request in flight: both workers are idle.
    assert value(samples, "gust_workers", state="idle") == 2
    assert value(samples, "gust_workers", state="busy") == 0
    for reason in ["exit", "signal", "max_request", "max_memory", "reload"]:
        assert value(samples, "gust_worker_restarts_total", reason=reason) == 0
    assert value(samples, "gust_task_queue_depth") == 0
    # Other workers publish their counts once a second; the scraping worker's own are live.
    created = sum(v for (name, _), v in samples.items() if name == "gust_coroutines_created_total")
    assert created > 0
    for w in ("0", "1"):
        # 0 when PHP's allocator is off (USE_ZEND_ALLOC=0, as the ASan build runs).
        assert value(samples, "gust_worker_memory_bytes", worker=w, kind="php") >= 0
        assert value(samples, "gust_worker_memory_bytes", worker=w, kind="rss") > 0

    # The counters only grow: 10 more answered requests show up exactly.
    for _ in range(10):
        assert get(server, "/")[0] == 200
    samples, _ = scrape(server)
    assert value(samples, "gust_http_requests_total", port=port_label) == 67
    assert value(samples, "gust_http_responses_total", code="2xx") == 60


def test_event_loop_lag_is_measured_per_worker(metrics_server):
    # The 10 ms probe publishes its percentiles once a second.
    deadline = time.monotonic() + 10
    while True:
        samples, _ = scrape(metrics_server)
        lag = {k: v for k, v in samples.items() if k[0] == "gust_event_loop_lag_seconds"}
        if len(lag) == 4 or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert len(lag) == 4, lag  # two workers, p50 and p99
    for v in lag.values():
        assert 0 <= v < 5


@pytest.mark.parametrize("mode", ["base", "process"])
def test_max_request_restarts_are_counted_by_reason(mode):
    server = start_php_app("metrics_app.php", mode, {"worker_num": 1, "max_request": 5, "max_request_grace": 0})
    try:
        for _ in range(12):
            assert get(server, "/")[0] == 200
        # The scrape is no request either: after 12, the worker was replaced twice (at 5 and 10).
        deadline = time.monotonic() + 15
        while True:
            samples, _ = scrape(server)
            restarts = value(samples, "gust_worker_restarts_total", reason="max_request")
            if restarts >= 2 or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert restarts == 2
        assert value(samples, "gust_worker_restarts_total", reason="signal") == 0
        assert value(samples, "gust_http_requests_total", port=f"127.0.0.1:{server.port}") == 12
    finally:
        stop_and_check(server)


@pytest.mark.parametrize("mode", ["base", "process"])
def test_task_queue_depth_and_tasks_done(mode):
    server = start_php_app("metrics_app.php", mode, {"worker_num": 1, "task_worker_num": 1})
    try:
        for _ in range(3):
            status, _, body = get(server, "/task")
            assert status == 200 and body == b"done job"
        samples, _ = scrape(server)
        assert value(samples, "gust_tasks_done_total") == 3
        assert value(samples, "gust_task_queue_depth") == 0
    finally:
        stop_and_check(server)


@pytest.fixture(scope="module")
def certs(tmp_path_factory):
    return make_certs(tmp_path_factory.mktemp("metrics-tls"))


@pytest.mark.parametrize("mode", ["base", "process"])
def test_tls_handshakes_and_failures(mode, certs):
    server = start_php_app("metrics_app.php", mode, {"ssl_cert_file": str(certs / "server.crt"),
                                                     "ssl_key_file": str(certs / "server.key")})
    ctx = ssl.create_default_context(cafile=str(certs / "ca.crt"))

    def https_get(path):
        conn = http.client.HTTPSConnection("127.0.0.1", server.port, context=ctx, timeout=TIMEOUT)
        try:
            conn.request("GET", path)
            r = conn.getresponse()
            return r.status, r.read()
        finally:
            conn.close()

    try:
        for _ in range(3):
            assert https_get("/") == (200, b"hello")
        for _ in range(2):
            # Plain text on a TLS port: the handshake fails and the server closes.
            assert raw_exchange(server, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")[:5] != b"HTTP/"
        # BASE workers publish their reactor's failure count once a second: a bounded poll.
        scrapes = 0
        deadline = time.monotonic() + 10
        while True:
            status, body = https_get("/metrics")
            scrapes += 1
            assert status == 200
            samples = {(s.name, tuple(sorted(s.labels.items()))): s.value
                       for f in prometheus_parser.text_string_to_metric_families(body.decode()) for s in f.samples}
            failures = value(samples, "gust_tls_handshake_failures_total")
            if failures >= 2 or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert failures == 2
        # 3 requests and every scrape so far, each on a new connection.
        assert value(samples, "gust_tls_handshakes_total") == 3 + scrapes
        assert value(samples, "gust_http_requests_total", port=f"127.0.0.1:{server.port}") == 3
    finally:
        stop_and_check(server)


@pytest.mark.parametrize("mode", ["base", "process", "process-relay"])
def test_access_log_combined_lines_after_the_workers_end(mode, tmp_path):
    log = tmp_path / "access.log"
    settings = {"access_log": str(log), "access_log_format": "combined"}
    if mode == "process-relay":
        mode, settings = "process", dict(settings, connection_handoff=False)
    server = start_php_app("metrics_app.php", mode, settings)
    try:
        assert get(server, "/", {"User-Agent": "agent/1", "Referer": "http://r/"})[0] == 200
        assert get(server, "/missing?q=1")[0] == 404
        assert get(server, "/metrics")[0] == 200  # answered before PHP: not a logged request
    finally:
        stop_and_check(server)  # the workers flush their buffers as they end
    lines = log.read_text().splitlines()
    assert len(lines) == 2, lines
    pattern = (r'^127\.0\.0\.1 - - \[\d\d/[A-Z][a-z]{2}/\d{4}:\d\d:\d\d:\d\d \+0000\] "(\S+) (\S+) HTTP/1\.1" '
               r'(\d{3}) (\d+) "([^"]*)" "([^"]*)"$')
    parsed = sorted(re.match(pattern, line).groups() for line in lines)
    assert parsed[0][:3] == ("GET", "/", "200") and parsed[0][4:] == ("http://r/", "agent/1")
    assert parsed[1][:3] == ("GET", "/missing?q=1", "404") and parsed[1][4:] == ("-", "-")
    assert int(parsed[0][3]) > len("hello")
