"""WebSocket conformance beyond the Autobahn catalogue, against tests/conformance/ws_app.php in BASE
and PROCESS mode: the opening handshake's refusals, messages and inflated messages over
package_max_length, and floods of fragments and pings with the worker's memory checked."""
import base64
import hashlib
import http.client
import socket
import zlib

import pytest

from conftest import WS_MAX_LENGTH, WS_TIGHT_MAX_LENGTH
from ws_client import *  # noqa: F401,F403  (the frame client and its constants)


def handshake(server, lines, method="GET"):
    sock = socket.create_connection((server.host, server.port), timeout=TIMEOUT)
    try:
        head = f"{method} /ws HTTP/1.1\r\nHost: {server.host}\r\n" + "".join(f"{l}\r\n" for l in lines) + "\r\n"
        if method == "POST":
            head = head[:-2] + "Content-Length: 0\r\n\r\n"
        sock.sendall(head.encode())
        c = Client.__new__(Client)
        c.sock, c.buf = sock, b""
        status, headers = read_response_head(c)
        return status, headers
    finally:
        sock.close()


KEY = "dGhlIHNhbXBsZSBub25jZQ=="
UPGRADE = ["Upgrade: websocket", "Connection: Upgrade"]


def test_handshake_accept_key_matches_rfc_example(ws_server):
    status, headers = handshake(ws_server, UPGRADE + [f"Sec-WebSocket-Key: {KEY}", "Sec-WebSocket-Version: 13"])
    assert status == 101
    assert headers["sec-websocket-accept"] == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
    assert "sec-websocket-extensions" not in headers


def test_handshake_without_key_is_refused_with_400(ws_server):
    status, _ = handshake(ws_server, UPGRADE + ["Sec-WebSocket-Version: 13"])
    assert status == 400


def test_handshake_with_a_key_that_is_not_16_bytes_is_refused_with_400(ws_server):
    status, _ = handshake(ws_server, UPGRADE + ["Sec-WebSocket-Key: c2hvcnQ=", "Sec-WebSocket-Version: 13"])
    assert status == 400


@pytest.mark.parametrize("version", [None, "8", "14"])
def test_handshake_with_another_version_is_refused_with_426_naming_13(ws_server, version):
    lines = UPGRADE + [f"Sec-WebSocket-Key: {KEY}"] + ([f"Sec-WebSocket-Version: {version}"] if version else [])
    status, headers = handshake(ws_server, lines)
    assert status == 426
    assert headers["sec-websocket-version"] == "13"


def test_post_upgrade_is_refused_with_400(ws_server):
    status, _ = handshake(ws_server, UPGRADE + [f"Sec-WebSocket-Key: {KEY}", "Sec-WebSocket-Version: 13"],
                          method="POST")
    assert status == 400


def test_plain_http_request_reaches_on_request(ws_server):
    conn = http.client.HTTPConnection(ws_server.host, ws_server.port, timeout=TIMEOUT)
    try:
        conn.request("GET", "/hello")
        r = conn.getresponse()
        assert (r.status, r.read()) == (200, b"plain http")
    finally:
        conn.close()


def test_unmasked_client_frame_fails_with_1002(ws_server):
    c = Client(ws_server)
    try:
        c.send_lenient(frame(TEXT, "unmasked", mask=False))
        c.expect_close(1002)
    finally:
        c.close_socket()


def test_frames_sent_with_the_handshake_are_handled_after_it(ws_server):
    key = base64.b64encode(os.urandom(16)).decode()
    sock = socket.create_connection((ws_server.host, ws_server.port), timeout=TIMEOUT)
    c = Client.__new__(Client)
    c.sock, c.buf, c.deflate = sock, b"", None
    try:
        head = (f"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n")
        sock.sendall(head.encode() + frame(TEXT, "early") + frame(PING, "early ping"))
        status, _ = read_response_head(c)
        assert status == 101
        c.expect(TEXT, "early")
        c.expect(PONG, "early ping")
    finally:
        sock.close()


def test_decompression_bomb_fails_with_1009_and_memory_stays_bounded(ws_server):
    bomb = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = bomb.compress(b"\x00" * (50 * 1024 * 1024)) + bomb.flush(zlib.Z_SYNC_FLUSH)
    body = body[:-4]
    assert len(body) < 128 * 1024
    before = worker_rss_kib(ws_server)
    for _ in range(3):
        c = Client(ws_server, extensions=PMD)
        try:
            assert c.extensions == PMD
            c.send_lenient(frame(BINARY, body, rsv=4))
            c.expect_close(1009)
        finally:
            c.close_socket()
    grown = worker_rss_kib(ws_server) - before
    assert grown < 64 * 1024, f"worker RSS grew by {grown} KiB"


def test_fragmented_decompression_bomb_fails_with_1009(ws_server):
    bomb = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = bomb.compress(b"a" * (8 * 1024 * 1024)) + bomb.flush(zlib.Z_SYNC_FLUSH)
    body = body[:-4]
    c = Client(ws_server, extensions=PMD)
    try:
        c.deflate = PerMessageDeflate()
        step = max(1, len(body) // 20)
        c.send_lenient(b"".join(frame(TEXT if i == 0 else CONT, body[i:i + step], rsv=4 if i == 0 else 0,
                                      fin=i + step >= len(body)) for i in range(0, len(body), step)))
        c.expect_close(1009)
    finally:
        c.close_socket()


def test_flood_of_one_byte_fragments_past_the_limit_fails_with_1009(ws_tight_server):
    c = Client(ws_tight_server)
    try:
        frames = [frame(BINARY, b"x", fin=False)] + [frame(CONT, b"x", fin=False) for _ in range(9999)]
        assert len(frames) > WS_TIGHT_MAX_LENGTH
        c.send_lenient(b"".join(frames))
        c.expect_close(1009)
    finally:
        c.close_socket()


def test_message_at_the_tight_limit_is_echoed(ws_tight_server):
    c = Client(ws_tight_server)
    try:
        data = b"y" * WS_TIGHT_MAX_LENGTH
        c.send(b"".join(frame(BINARY if i == 0 else CONT, data[i:i + 1], fin=i == len(data) - 1)
                        for i in range(len(data))))
        c.expect(BINARY, data)
    finally:
        c.close_socket()


def test_ping_flood_is_answered_and_memory_stays_bounded(ws_server):
    before = worker_rss_kib(ws_server)
    c = Client(ws_server)
    deadline = time.monotonic() + 120
    try:
        for batch in range(10):
            payloads = [f"{batch}-{i}".encode().ljust(125, b".") for i in range(500)]
            c.send(b"".join(frame(PING, p) for p in payloads))
            for p in payloads:
                c.expect(PONG, p)
            assert time.monotonic() < deadline, "ping flood took over 120 s"
        c.send_frame(CLOSE, close_payload(1000))
        c.expect_close(1000)
    finally:
        c.close_socket()
    grown = worker_rss_kib(ws_server) - before
    assert grown < 64 * 1024, f"worker RSS grew by {grown} KiB"


def test_burst_of_large_frames_faster_than_the_worker_all_arrive(ws_server):
    # 96 frames of 1,000,000 bytes (96 MB, more than an IPC channel may queue) sent as fast as the
    # socket takes them while the echoes are read on another thread: in PROCESS mode the master
    # must stop reading this connection while the worker is behind, never drop a frame.
    import threading
    count, size = 96, 1_000_000
    c = Client(ws_server)
    payloads = [bytes([i % 251]) * size for i in range(count)]
    errors = []

    def sender():
        try:
            for p in payloads:
                c.send_frame(BINARY, p)
        except OSError as e:  # the server closed: the reader reports what arrived
            errors.append(e)

    t = threading.Thread(target=sender, daemon=True)
    t.start()
    for i in range(count):
        op, data, _ = c.recv_message()
        assert op == BINARY and len(data) == size and data[:1] == bytes([i % 251]), (i, op, len(data))
    t.join(TIMEOUT)
    assert not errors, errors
    c.close_socket()
