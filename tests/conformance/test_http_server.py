"""Swoole\\Http\\Server (tests/conformance/http_app.php) against real clients: curl, Python's
http.client, httpx, ab, wrk, and raw sockets for malformed and smuggling-shaped requests, in
BASE and PROCESS mode. Every wait is bounded; nothing sleeps."""
import gzip
import hashlib
import http.client
import json
import random
import re
import select
import shutil
import socket
import subprocess
import time
import zlib

import pytest

TIMEOUT = 20.0  # seconds any single exchange may take under ASan on a busy machine
BIG_TEXT = "The quick brown fox jumps over the lazy dog, again and again.\n" * 4096


def url(server, path):
    return f"http://{server.host}:{server.port}{path}"


def get_json(server, path):
    conn = http.client.HTTPConnection(server.host, server.port, timeout=TIMEOUT)
    try:
        conn.request("GET", path)
        r = conn.getresponse()
        assert r.status == 200
        return json.loads(r.read())
    finally:
        conn.close()


def request_count(server):
    conn = http.client.HTTPConnection(server.host, server.port, timeout=TIMEOUT)
    try:
        conn.request("GET", "/count")
        r = conn.getresponse()
        assert r.status == 200
        return int(r.read())
    finally:
        conn.close()


def curl(*args, timeout=60):
    r = subprocess.run(["curl", "-sS", "--max-time", "30", *map(str, args)], capture_output=True, timeout=timeout)
    assert r.returncode == 0, r.stderr.decode(errors="replace")
    return r


needs_curl = pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed (tools/deps.sh)")


# ---------------------------------------------------------------------------------------------- curl


@needs_curl
def test_curl_get_query_string_fills_get_and_server_fields(http_server):
    body = json.loads(curl(url(http_server, "/echo?a=1&b=two%20words&arr[]=x&arr[]=y")).stdout)
    assert body["method"] == "GET"
    assert body["uri"] == "/echo"
    assert body["query_string"] == "a=1&b=two%20words&arr[]=x&arr[]=y"
    assert body["get"] == {"a": "1", "b": "two words", "arr": ["x", "y"]}
    assert body["header"]["host"] == f"{http_server.host}:{http_server.port}"
    assert body["header"]["user-agent"].startswith("curl/")
    assert body["body_length"] == 0


@needs_curl
def test_curl_urlencoded_form_post_fills_post(http_server):
    body = json.loads(curl("-d", "name=Ada+Lovelace", "-d", "lang=%C3%A9&n[k]=v", url(http_server, "/form")).stdout)
    assert body["method"] == "POST"
    assert body["post"] == {"name": "Ada Lovelace", "lang": "é", "n": {"k": "v"}}
    raw = b"name=Ada+Lovelace&lang=%C3%A9&n[k]=v"
    assert body["body_length"] == len(raw)
    assert body["body_md5"] == hashlib.md5(raw).hexdigest()


@needs_curl
def test_curl_multipart_upload_keeps_every_byte_of_a_binary_file(http_server, tmp_path):
    rng = random.Random(1234)
    # CR, LF, CRLF, NUL and something that looks like a boundary inside the content.
    content = b"\r\n--\r\n\r\n\x00\r" + rng.randbytes(200_000) + b"\r\n--X-BOUNDARY\r\n" + bytes(range(256)) + b"\n"
    f = tmp_path / "blob.bin"
    f.write_bytes(content)
    body = json.loads(curl("-F", f"upload=@{f};type=application/octet-stream", "-F", "note=hello world",
                           url(http_server, "/upload")).stdout)
    assert body["post"] == {"note": "hello world"}
    up = body["files"]["upload"]
    assert up["name"] == "blob.bin"
    assert up["type"] == "application/octet-stream"
    assert up["error"] == 0
    assert up["size"] == len(content)
    assert up["md5"] == hashlib.md5(content).hexdigest()


@needs_curl
@pytest.mark.parametrize("encoding", ["gzip", "br"])
def test_curl_compressed_decodes_a_compressed_body(http_server, tmp_path, encoding):
    head = tmp_path / "head.txt"
    r = curl("--compressed", "-H", f"Accept-Encoding: {encoding}", "-D", head, url(http_server, "/big-text"))
    assert r.stdout.decode() == BIG_TEXT
    headers = head.read_text().lower()
    assert f"content-encoding: {encoding}" in headers


@needs_curl
def test_curl_reuses_one_connection_for_two_urls(http_server):
    r = curl("-v", url(http_server, "/echo?n=1"), url(http_server, "/echo?n=2"))
    # Two JSON objects back to back, served on the same connection (same fd on the server).
    first, second = r.stdout.decode().replace("}{", "}\n{", 1).split("\n", 1)
    a, b = json.loads(first), json.loads(second)
    assert (a["get"], b["get"]) == ({"n": "1"}, {"n": "2"})
    assert a["fd"] == b["fd"]
    assert b"Re-using existing connection" in r.stderr


@needs_curl
def test_curl_chunked_upload_reaches_php_as_the_whole_body(http_server, tmp_path):
    content = random.Random(7).randbytes(300_000)
    f = tmp_path / "body.bin"
    f.write_bytes(content)
    body = json.loads(curl("-H", "Transfer-Encoding: chunked", "-H", "Content-Type: application/octet-stream",
                           "--data-binary", f"@{f}", url(http_server, "/chunked-upload")).stdout)
    assert body["method"] == "POST"
    assert body["body_length"] == len(content)
    assert body["body_md5"] == hashlib.md5(content).hexdigest()


@needs_curl
def test_curl_follows_a_redirect(http_server):
    body = json.loads(curl("-L", url(http_server, "/redirect")).stdout)
    assert body["uri"] == "/echo"
    assert body["get"] == {"from": "redirect"}


@needs_curl
def test_curl_cookies_reach_the_cookie_array(http_server):
    body = json.loads(curl("-b", "a=1; b=x%20y; c=", url(http_server, "/echo")).stdout)
    assert body["cookie"] == {"a": "1", "b": "x y", "c": ""}


# ---------------------------------------------------------------------------------------------- http.client


def test_http_client_keep_alive_sequence_uses_one_connection(http_server):
    conn = http.client.HTTPConnection(http_server.host, http_server.port, timeout=TIMEOUT)
    fds = set()
    try:
        for i in range(10):
            method = "POST" if i % 2 else "GET"
            payload = f"payload {i}".encode() * i if method == "POST" else None
            conn.request(method, f"/echo?i={i}", body=payload)
            r = conn.getresponse()
            assert r.status == 200
            assert not r.will_close
            body = json.loads(r.read())
            assert body["method"] == method and body["get"] == {"i": str(i)}
            assert body["body_length"] == (len(payload) if payload else 0)
            fds.add(body["fd"])
            sock = conn.sock
            assert sock is not None
    finally:
        conn.close()
    assert len(fds) == 1


def test_head_has_content_length_but_no_body(http_server):
    conn = http.client.HTTPConnection(http_server.host, http_server.port, timeout=TIMEOUT)
    try:
        conn.request("GET", "/big-text", headers={"Accept-Encoding": "identity"})
        r = conn.getresponse()
        get_length = int(r.getheader("Content-Length"))
        assert len(r.read()) == get_length
        conn.request("HEAD", "/big-text", headers={"Accept-Encoding": "identity"})
        r = conn.getresponse()
        assert r.status == 200
        assert int(r.getheader("Content-Length")) == get_length
        assert r.read() == b""
        # Had the server sent a body after the HEAD answer, it would be parsed as this status line.
        conn.request("GET", "/seq?n=after-head")
        r = conn.getresponse()
        assert r.status == 200 and r.read() == b"seq after-head"
    finally:
        conn.close()


def test_expect_100_continue_gets_the_interim_answer_before_the_body_is_sent(http_server):
    payload = b"0123456789" * 1000
    conn = http.client.HTTPConnection(http_server.host, http_server.port, timeout=TIMEOUT)
    try:
        conn.putrequest("PUT", "/echo")
        conn.putheader("Content-Length", str(len(payload)))
        conn.putheader("Expect", "100-continue")
        conn.endheaders()
        readable, _, _ = select.select([conn.sock], [], [], TIMEOUT)
        assert readable, "no 100 Continue while the client holds the body back"
        interim = conn.sock.recv(4096, socket.MSG_PEEK)
        assert re.match(rb"HTTP/1\.1 100 [^\r\n]*\r\n\r\n", interim), interim
        conn.sock.recv(interim.index(b"\r\n\r\n") + 4)
        conn.send(payload)
        r = conn.getresponse()
        assert r.status == 200
        body = json.loads(r.read())
        assert body["method"] == "PUT" and body["body_length"] == len(payload)
        assert body["body_md5"] == hashlib.md5(payload).hexdigest()
    finally:
        conn.close()


def test_100_continue_of_a_pipelined_request_follows_the_answer_to_the_one_before(http_server):
    # An interim response belongs to the request being answered: it must not overtake the answer to /yield.
    with connect(http_server) as s:
        s.sendall(b"GET /yield?n=first HTTP/1.1\r\nHost: t\r\n\r\n"
                  b"PUT /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
        reader = ResponseReader(s)
        code, _, body = reader.read()
        assert (code, body) == (200, b"seq first")
        code, _, _ = reader.read()
        assert code == 100
        s.sendall(b"hello")
        code, _, body = reader.read()
        assert code == 200 and json.loads(body)["body_length"] == 5


def test_204_has_no_body_and_keeps_the_connection(http_server):
    conn = http.client.HTTPConnection(http_server.host, http_server.port, timeout=TIMEOUT)
    try:
        conn.request("GET", "/no-content")
        r = conn.getresponse()
        assert r.status == 204
        assert r.read() == b""
        conn.request("GET", "/seq?n=after-204")
        r = conn.getresponse()
        assert r.status == 200 and r.read() == b"seq after-204"
    finally:
        conn.close()


def test_response_write_streams_a_chunked_body(http_server):
    conn = http.client.HTTPConnection(http_server.host, http_server.port, timeout=TIMEOUT)
    try:
        conn.request("GET", "/chunked")
        r = conn.getresponse()
        assert r.status == 200
        assert r.getheader("Transfer-Encoding", "").lower() == "chunked"
        assert r.getheader("Content-Length") is None
        assert r.read() == b"".join(f"part {i}\n".encode() for i in range(5))
    finally:
        conn.close()


def test_set_cookie_headers_carry_value_and_flags(http_server):
    conn = http.client.HTTPConnection(http_server.host, http_server.port, timeout=TIMEOUT)
    try:
        conn.request("GET", "/set-cookie")
        r = conn.getresponse()
        assert r.read() == b"cookies set"
        cookies = r.headers.get_all("Set-Cookie")
    finally:
        conn.close()
    assert len(cookies) == 2, cookies
    session = next(c for c in cookies if c.startswith("session="))
    value = session.split(";")[0].split("=", 1)[1]
    assert value in ("abc+123", "abc%20123"), session
    attrs = [a.strip().lower() for a in session.split(";")[1:]]
    assert "httponly" in attrs and "path=/" in attrs
    assert any(c.startswith("theme=dark") for c in cookies)


# ---------------------------------------------------------------------------------------------- httpx


@pytest.mark.parametrize("encoding", ["gzip", "deflate", "br"])
def test_httpx_decodes_each_content_encoding(http_server, encoding):
    httpx = pytest.importorskip("httpx", reason="httpx is not installed (tools/deps.sh)")
    if encoding == "br":
        pytest.importorskip("brotli", reason="brotli is not installed (tools/deps.sh)")
    with httpx.Client(timeout=TIMEOUT) as client:
        r = client.get(url(http_server, "/big-text"), headers={"Accept-Encoding": encoding})
        assert r.status_code == 200
        assert r.headers["content-encoding"] == encoding
        assert r.text == BIG_TEXT
        assert int(r.headers["content-length"]) < len(BIG_TEXT) // 4
        # The wire bytes are what the encoding says, not something httpx happens to accept.
        with client.stream("GET", url(http_server, "/big-text"), headers={"Accept-Encoding": encoding}) as raw:
            wire = b"".join(raw.iter_raw())
        if encoding == "gzip":
            assert gzip.decompress(wire).decode() == BIG_TEXT
        elif encoding == "deflate":
            assert zlib.decompress(wire).decode() == BIG_TEXT
        else:
            import brotli
            assert brotli.decompress(wire).decode() == BIG_TEXT


def test_httpx_without_accept_encoding_gets_identity(http_server):
    httpx = pytest.importorskip("httpx", reason="httpx is not installed (tools/deps.sh)")
    with httpx.Client(timeout=TIMEOUT) as client:
        r = client.get(url(http_server, "/big-text"), headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in r.headers
        assert r.text == BIG_TEXT


# ---------------------------------------------------------------------------------------------- raw sockets


def connect(server):
    s = socket.create_connection((server.host, server.port), timeout=TIMEOUT)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def read_until_close(sock, deadline):
    """Every byte until the peer closes; (bytes, closed). A reset counts as closed."""
    got = bytearray()
    while time.monotonic() < deadline:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            break
        except ConnectionResetError:
            return bytes(got), True
        if not chunk:
            return bytes(got), True
        got += chunk
    return bytes(got), False


class ResponseReader:
    """Reads HTTP/1.1 responses off a socket one at a time (Content-Length or chunked bodies)."""

    def __init__(self, sock):
        self.sock = sock
        self.buf = bytearray()

    def _fill(self):
        chunk = self.sock.recv(65536)
        if not chunk:
            raise EOFError(f"connection closed; unparsed: {bytes(self.buf)[:200]!r}")
        self.buf += chunk

    def _take_line(self):
        while b"\r\n" not in self.buf:
            self._fill()
        i = self.buf.index(b"\r\n")
        line = bytes(self.buf[:i])
        del self.buf[:i + 2]
        return line

    def _take(self, n):
        while len(self.buf) < n:
            self._fill()
        data = bytes(self.buf[:n])
        del self.buf[:n]
        return data

    def read(self, head_only=False):
        status = self._take_line()
        headers = {}
        while line := self._take_line():
            name, _, value = line.partition(b":")
            headers[name.strip().lower().decode()] = value.strip().decode()
        code = int(status.split()[1])
        if head_only or code in (204, 304) or 100 <= code < 200:
            return code, headers, b""
        if headers.get("transfer-encoding", "").lower() == "chunked":
            body = bytearray()
            while size := int(self._take_line().split(b";")[0], 16):
                body += self._take(size)
                assert self._take(2) == b"\r\n"
            while self._take_line():
                pass
            return code, headers, bytes(body)
        return code, headers, self._take(int(headers.get("content-length", "0")))


def pipelined_requests(n):
    reqs = []
    for i in range(n):
        if i % 2:
            body = f"body of request {i}".encode()
            reqs.append(f"POST /seq?n={i} HTTP/1.1\r\nHost: t\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body)
        else:
            reqs.append(f"GET /seq?n={i} HTTP/1.1\r\nHost: t\r\n\r\n".encode())
    return reqs


def test_pipelined_requests_in_one_write_are_answered_in_order(http_server):
    reqs = pipelined_requests(5)
    with connect(http_server) as s:
        s.sendall(b"".join(reqs))
        reader = ResponseReader(s)
        for i in range(5):
            code, _, body = reader.read()
            assert (code, body) == (200, f"seq {i}".encode())


def test_pipelined_requests_cut_at_random_points_are_answered_in_order(http_server):
    reqs = pipelined_requests(5)
    stream = b"".join(reqs)
    ends = []
    total = 0
    for r in reqs:
        total += len(r)
        ends.append(total)
    rng = random.Random(20261122)
    for _ in range(20):
        cuts = sorted(rng.sample(range(1, len(stream)), rng.randint(1, 12)))
        with connect(http_server) as s:
            reader = ResponseReader(s)
            answered = 0
            for a, b in zip([0] + cuts, cuts + [len(stream)]):
                s.sendall(stream[a:b])
                # Synchronise on the socket: every request completed by this piece is answered before the next
                # piece goes out, so the server really sees the stream in these pieces (or smaller ones).
                while answered < len(ends) and ends[answered] <= b:
                    code, _, body = reader.read()
                    assert (code, body) == (200, f"seq {answered}".encode()), (cuts, answered)
                    answered += 1
            assert answered == 5


# Requests the server must refuse without involving PHP: (name, bytes, expected status).
BAD_REQUESTS = [
    ("content_length_and_chunked",
     b"POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
    ("two_different_content_lengths", b"POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n"
     b"hello!", 400),
    ("two_equal_content_lengths", b"POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\n"
     b"hello", 400),
    ("content_length_with_plus_sign", b"POST / HTTP/1.1\r\nHost: t\r\nContent-Length: +5\r\n\r\nhello", 400),
    ("content_length_negative", b"POST / HTTP/1.1\r\nHost: t\r\nContent-Length: -1\r\n\r\n", 400),
    ("content_length_hex", b"POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 0x5\r\n\r\nhello", 400),
    ("content_length_overflow", b"POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 18446744073709551621\r\n\r\nhello",
     400),
    ("chunked_then_identity", b"POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked, identity\r\n\r\n"
     b"0\r\n\r\n", 400),
    ("space_before_colon_in_transfer_encoding", b"POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding : chunked\r\n\r\n"
     b"0\r\n\r\n", 400),
    ("transfer_encoding_with_vertical_tab", b"POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding:\tchunked\x0b\r\n\r\n"
     b"0\r\n\r\n", 400),
    ("transfer_encoding_xchunked", b"POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\n", 400),
    ("transfer_encoding_in_http_1_0", b"POST / HTTP/1.0\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
     400),
    ("two_transfer_encoding_headers", b"POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n"
     b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
    ("unknown_transfer_coding", b"POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
     501),
    ("chunk_size_with_0x_prefix", b"POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n0x5\r\nhello\r\n"
     b"0\r\n\r\n", 400),
    ("chunk_size_overflow", b"POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
     b"10000000000000005\r\nhello\r\n0\r\n\r\n", 400),
    ("chunk_size_negative", b"POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n-5\r\nhello\r\n"
     b"0\r\n\r\n", 400),
    ("chunk_data_longer_than_size", b"POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nhello\r\n"
     b"0\r\n\r\n", 400),
    ("chunk_line_with_bare_lf", b"POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\nhello\r\n"
     b"0\r\n\r\n", 400),
    ("obs_fold", b"GET / HTTP/1.1\r\nHost: t\r\nX-Folded: a\r\n b\r\n\r\n", 400),
    ("obs_fold_of_transfer_encoding", b"POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding:\r\n chunked\r\n\r\n"
     b"0\r\n\r\n", 400),
    ("bare_lf_line_endings", b"GET / HTTP/1.1\nHost: t\n\n", 400),
    ("bare_lf_inside_head", b"GET / HTTP/1.1\r\nHost: t\nX-A: b\r\n\r\n", 400),
    ("nul_in_header_value", b"GET / HTTP/1.1\r\nHost: t\r\nX-A: b\x00c\r\n\r\n", 400),
    ("space_before_colon", b"GET / HTTP/1.1\r\nHost : t\r\n\r\n", 400),
    ("header_without_colon", b"GET / HTTP/1.1\r\nHost: t\r\nNoColon\r\n\r\n", 400),
    ("missing_host_in_http_1_1", b"GET / HTTP/1.1\r\n\r\n", 400),
    ("two_hosts", b"GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
    ("http_2_0_version", b"GET / HTTP/2.0\r\nHost: t\r\n\r\n", 505),
    ("garbage_version", b"GET / HTTP/1.x\r\nHost: t\r\n\r\n", 400),
    ("request_line_without_version", b"GET /\r\nHost: t\r\n\r\n", 400),
    ("request_line_too_long", b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\nHost: t\r\n\r\n", 414),
    ("too_many_headers", b"GET / HTTP/1.1\r\nHost: t\r\n" + b"".join(b"X-H%d: v\r\n" % i for i in range(2000))
     + b"\r\n", 431),
    ("header_too_big", b"GET / HTTP/1.1\r\nHost: t\r\nX-Big: " + b"v" * 70000 + b"\r\n\r\n", 431),
    ("unsupported_expectation", b"POST / HTTP/1.1\r\nHost: t\r\nExpect: foo\r\nContent-Length: 2\r\n\r\nhi", 417),
]


def assert_refused_and_closed(server, request_bytes, status):
    before = request_count(server)
    with connect(server) as s:
        try:
            s.sendall(request_bytes)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server may answer and close before the whole request is written
        reply, closed = read_until_close(s, time.monotonic() + TIMEOUT)
    assert reply.startswith(f"HTTP/1.1 {status} ".encode()), reply[:300]
    head = reply.split(b"\r\n\r\n", 1)[0].lower()
    assert b"\r\nconnection: close" in head, reply[:300]
    assert closed, "the server kept the connection open after refusing the request"
    assert request_count(server) == before, "a refused request reached onRequest"


@pytest.mark.parametrize("name,request_bytes,status", BAD_REQUESTS, ids=[c[0] for c in BAD_REQUESTS])
def test_malformed_or_ambiguous_request_is_refused_with_status_and_close(http_server, name, request_bytes, status):
    assert_refused_and_closed(http_server, request_bytes, status)


@pytest.mark.parametrize("path", ["/seq?n=ok", "/yield?n=ok"])
def test_valid_request_before_a_malformed_one_is_answered_before_the_refusal(http_server, path):
    # /yield answers after a coroutine sleep in the worker, so the refusal of the second request is ready first.
    before = request_count(http_server)
    with connect(http_server) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: t\r\n\r\n".encode()
                  + b"POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
        reply, closed = read_until_close(s, time.monotonic() + TIMEOUT)
    assert closed
    assert request_count(http_server) == before + 1
    assert reply.startswith(b"HTTP/1.1 200 "), reply[:300]
    first_end = reply.index(b"seq ok") + len(b"seq ok")
    assert reply[first_end:].startswith(b"HTTP/1.1 400 "), reply


def test_body_over_package_max_length_gets_413_before_the_body_is_sent(http_server):
    before = request_count(http_server)
    with connect(http_server) as s:
        # Only the head goes out; the 413 must come without waiting for any body byte.
        s.sendall(b"POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 2000000\r\n\r\n")
        reply, closed = read_until_close(s, time.monotonic() + TIMEOUT)
    assert reply.startswith(b"HTTP/1.1 413 "), reply[:300]
    assert closed
    assert request_count(http_server) == before


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_body_of_exactly_package_max_length_is_accepted(http_server, chunked):
    # The request (head plus body, or raw chunked bytes) is longer than package_max_length: a PROCESS-mode
    # worker must still take it from the reactor.
    body = bytes(random.Random(5).randrange(256) for _ in range(256)) * 4096  # 1 MiB, the limit
    conn = http.client.HTTPConnection(http_server.host, http_server.port, timeout=TIMEOUT)
    try:
        if chunked:
            # An iterable body without a length goes out chunked.
            conn.request("POST", "/echo", body=iter([body[i:i + 1000] for i in range(0, len(body), 1000)]))
        else:
            conn.request("POST", "/echo", body=body)
        r = conn.getresponse()
        assert r.status == 200
        echoed = json.loads(r.read())
    finally:
        conn.close()
    assert echoed["body_length"] == len(body)
    assert echoed["body_md5"] == hashlib.md5(body).hexdigest()


def test_chunked_body_over_package_max_length_gets_413(http_server):
    before = request_count(http_server)
    chunk = b"x" * 65536
    with connect(http_server) as s:
        s.sendall(b"POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
        refused = False
        for _ in range(40):  # 2.5 MiB at most, over the 1 MiB limit
            try:
                s.sendall(b"10000\r\n" + chunk + b"\r\n")
            except (BrokenPipeError, ConnectionResetError):
                refused = True
                break
            if select.select([s], [], [], 0)[0]:
                refused = True
                break
        reply, closed = read_until_close(s, time.monotonic() + TIMEOUT)
    assert refused or closed
    assert reply.startswith(b"HTTP/1.1 413 "), reply[:300]
    assert request_count(http_server) == before


def test_connection_close_request_is_the_last_one_served(http_server):
    before = request_count(http_server)
    with connect(http_server) as s:
        s.sendall(b"GET /seq?n=1 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"
                  b"GET /seq?n=2 HTTP/1.1\r\nHost: t\r\n\r\n")
        reply, closed = read_until_close(s, time.monotonic() + TIMEOUT)
    assert closed
    assert reply.count(b"HTTP/1.1 ") == 1 and reply.endswith(b"seq 1"), reply
    assert request_count(http_server) == before + 1


# ---------------------------------------------------------------------------------------------- slow clients


@pytest.mark.parametrize("partial", [
    pytest.param(b"GET /echo HTTP/1.1\r\nHost: t\r\nX-Slow: ", id="slowloris head (http_headers_timeout)"),
    pytest.param(b"POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\nonly a part",
                 id="stalled body (http_body_timeout)"),
])
def test_partial_request_gets_408_and_close_within_its_timeout(impatient_http_server, partial):
    server = impatient_http_server
    before = request_count(server)
    with connect(server) as s:
        started = time.monotonic()
        s.sendall(partial)
        reply, closed = read_until_close(s, started + 10)
        took = time.monotonic() - started
    assert reply.startswith(b"HTTP/1.1 408 "), reply[:300]
    assert closed
    assert 0.4 <= took < 5, took
    assert request_count(server) == before


def test_idle_keep_alive_connection_between_requests_is_not_answered_408(impatient_http_server):
    # A connection that finished a request and sends nothing more is idle, not a slow head: whatever the server
    # does with it, it must not send an unsolicited 408 before the client starts another request.
    server = impatient_http_server
    with connect(server) as s:
        s.sendall(b"GET /seq?n=1 HTTP/1.1\r\nHost: t\r\n\r\n")
        reader = ResponseReader(s)
        assert reader.read()[2] == b"seq 1"
        rest, _ = read_until_close(s, time.monotonic() + 2)
    assert not rest.startswith(b"HTTP/1.1 408"), rest[:200]


# ---------------------------------------------------------------------------------------------- load tools


@pytest.mark.skipif(shutil.which("ab") is None, reason="ab (apache2-utils) is not installed (tools/deps.sh)")
def test_ab_keep_alive_2000_requests_without_failures(http_server):
    r = subprocess.run(["ab", "-k", "-q", "-s", "20", "-c", "10", "-n", "2000", url(http_server, "/seq?n=ab")],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr + r.stdout
    out = r.stdout
    assert re.search(r"^Complete requests:\s+2000$", out, re.M), out
    assert re.search(r"^Failed requests:\s+0$", out, re.M), out
    assert "Non-2xx responses" not in out, out
    assert re.search(r"^Keep-Alive requests:\s+2000$", out, re.M), out


@pytest.mark.skipif(shutil.which("wrk") is None, reason="wrk is not installed (tools/deps.sh)")
def test_wrk_two_seconds_without_errors(http_server):
    r = subprocess.run(["wrk", "-t1", "-c10", "-d2s", "--timeout", "10s", url(http_server, "/seq?n=wrk")],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr + r.stdout
    out = r.stdout
    m = re.search(r"(\d+) requests in", out)
    assert m and int(m.group(1)) > 0, out
    assert "Non-2xx or 3xx responses" not in out, out
    assert "Socket errors" not in out, out
