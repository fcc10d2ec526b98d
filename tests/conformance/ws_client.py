"""A raw RFC 6455 client for the WebSocket conformance tests: frames written byte by byte (masked,
or deliberately malformed), the server's frames read back, permessage-deflate on the client side.
Every wait is a socket read with a timeout; nothing sleeps."""
import base64
import codecs
import hashlib
import http.client
import os
import random
import socket
import time
import zlib

import pytest


TIMEOUT = 20.0  # seconds any single read may wait under ASan on a busy machine
GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
CONT, TEXT, BINARY, CLOSE, PING, PONG = 0x0, 0x1, 0x2, 0x8, 0x9, 0xA
DEFLATE_TAIL = b"\x00\x00\xff\xff"
PMD = "permessage-deflate"


class Closed(Exception):
    """The server closed the TCP connection."""


def mask_bytes(payload, key):
    if not payload:
        return b""
    n = len(payload)
    stream = (key * (n // 4 + 1))[:n]
    return (int.from_bytes(payload, "big") ^ int.from_bytes(stream, "big")).to_bytes(n, "big")


def frame(opcode, payload=b"", fin=True, rsv=0, mask=True, length=None):
    """One client frame; `length` overrides the declared payload length (the payload is not sent then)."""
    if isinstance(payload, str):
        payload = payload.encode()
    n = len(payload) if length is None else length
    head = bytes([(0x80 if fin else 0) | (rsv << 4) | opcode])
    bit = 0x80 if mask else 0
    if n < 126:
        head += bytes([bit | n])
    elif n < 65536:
        head += bytes([bit | 126]) + n.to_bytes(2, "big")
    else:
        head += bytes([bit | 127]) + n.to_bytes(8, "big")
    if not mask:
        return head + payload
    key = os.urandom(4)
    return head + key + mask_bytes(payload, key)


def close_payload(code, reason=b""):
    return code.to_bytes(2, "big") + reason


class PerMessageDeflate:
    """The client's side of permessage-deflate (RFC 7692)."""

    def __init__(self, client_takeover=True, server_takeover=True, client_bits=15, server_bits=15):
        self.client_takeover, self.server_takeover = client_takeover, server_takeover
        self.client_bits, self.server_bits = client_bits, server_bits
        self.deflater = self.inflater = None

    def compress(self, data):
        if self.deflater is None or not self.client_takeover:
            self.deflater = zlib.compressobj(6, zlib.DEFLATED, -self.client_bits)
        out = self.deflater.compress(data) + self.deflater.flush(zlib.Z_SYNC_FLUSH)
        assert out.endswith(DEFLATE_TAIL)
        return out[:-4]

    def decompress(self, data):
        if self.inflater is None or not self.server_takeover:
            # The negotiated window: a server that used a larger one fails here ("distance too far back").
            self.inflater = zlib.decompressobj(-self.server_bits)
        return self.inflater.decompress(data + DEFLATE_TAIL)


class Client:
    """A WebSocket client on a raw socket: handshake, frames out as given, frames in as sent."""

    def __init__(self, server, extensions=None, path="/"):
        self.sock = socket.create_connection((server.host, server.port), timeout=TIMEOUT)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buf = b""
        key = base64.b64encode(os.urandom(16))
        request = (f"GET {path} HTTP/1.1\r\nHost: {server.host}:{server.port}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key.decode()}\r\nSec-WebSocket-Version: 13\r\n")
        if extensions:
            request += f"Sec-WebSocket-Extensions: {extensions}\r\n"
        self.sock.sendall(request.encode() + b"\r\n")
        status, headers = read_response_head(self)
        assert status == 101, (status, headers)
        assert headers["upgrade"].lower() == "websocket"
        assert headers["sec-websocket-accept"] == base64.b64encode(hashlib.sha1(key + GUID).digest()).decode()
        self.extensions = headers.get("sec-websocket-extensions")
        self.deflate = None

    def close_socket(self):
        self.sock.close()

    # ------------------------------------------------------------------------------------ sending

    def send(self, data, chunk=None):
        """Sends bytes at once or in pieces of `chunk` bytes (each its own write, TCP_NODELAY on)."""
        if chunk is None:
            self.sock.sendall(data)
            return
        for i in range(0, len(data), chunk):
            self.sock.sendall(data[i:i + chunk])

    def send_lenient(self, data, chunk=None):
        """Sends what the server may refuse midway: a reset or closed pipe ends the sending quietly."""
        try:
            self.send(data, chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def send_frame(self, opcode, payload=b"", chunk=None, **kw):
        self.send(frame(opcode, payload, **kw), chunk)

    def send_message(self, opcode, payload, compress=False):
        if isinstance(payload, str):
            payload = payload.encode()
        if compress:
            self.send_frame(opcode, self.deflate.compress(payload), rsv=4)
        else:
            self.send_frame(opcode, payload)

    # ------------------------------------------------------------------------------------ receiving

    def _read(self, n):
        while len(self.buf) < n:
            try:
                data = self.sock.recv(max(65536, n - len(self.buf)))
            except ConnectionResetError:
                data = b""
            if not data:
                raise Closed(f"connection closed with {len(self.buf)} of {n} bytes buffered")
            self.buf += data
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def read_line(self):
        while b"\r\n" not in self.buf:
            data = self.sock.recv(65536)
            if not data:
                raise Closed(f"connection closed in a response head: {self.buf!r}")
            self.buf += data
        line, self.buf = self.buf.split(b"\r\n", 1)
        return line.decode("latin-1")

    def recv_frame(self):
        """(fin, rsv, opcode, payload) of the server's next frame, which must be unmasked."""
        b0, b1 = self._read(2)
        assert not b1 & 0x80, "server frames are never masked"
        n = b1 & 0x7F
        if n == 126:
            n = int.from_bytes(self._read(2), "big")
        elif n == 127:
            n = int.from_bytes(self._read(8), "big")
        return bool(b0 & 0x80), (b0 >> 4) & 7, b0 & 0x0F, self._read(n)

    def recv_message(self):
        """(opcode, payload, compressed) of the next data or control message, fragments joined."""
        fin, rsv, opcode, payload = self.recv_frame()
        compressed = bool(rsv & 4)
        parts = [payload]
        while not fin:
            fin, _, op, more = self.recv_frame()
            assert op == CONT, f"expected a continuation, got opcode {op}"
            parts.append(more)
        payload = b"".join(parts)
        if compressed:
            assert self.deflate is not None, "RSV1 on a connection without permessage-deflate"
            payload = self.deflate.decompress(payload)
        return opcode, payload, compressed

    def expect(self, opcode, payload, compressed=None):
        if isinstance(payload, str):
            payload = payload.encode()
        got_op, got, was_compressed = self.recv_message()
        assert got_op == opcode, f"expected opcode {opcode}, got {got_op} ({got[:40]!r})"
        assert len(got) == len(payload) and got == payload, f"payload differs: {len(got)} vs {len(payload)} bytes"
        if compressed is not None:
            assert was_compressed == compressed

    def expect_close(self, codes, maybe=()):
        """The next frames are a subsequence of `maybe` ((opcode, payload) pairs the server is allowed, not
        required, to send first), then a close with a code in `codes` (None: no code), then the end of the
        connection."""
        codes = codes if isinstance(codes, (set, tuple, list)) else {codes}
        allowed = [(op, p.encode() if isinstance(p, str) else p) for op, p in maybe]
        while True:
            try:
                fin, rsv, opcode, payload = self.recv_frame()
            except Closed as e:
                raise AssertionError(f"connection ended without a close frame (expected {codes}): {e}")
            if opcode == CLOSE:
                break
            while allowed and allowed[0] != (opcode, payload):
                allowed.pop(0)
            assert allowed, f"unexpected frame before the close: opcode {opcode}, {payload[:40]!r}"
            allowed.pop(0)
        code = int.from_bytes(payload[:2], "big") if len(payload) >= 2 else None
        assert len(payload) != 1, "a close payload of one byte"
        assert code in codes, f"close code {code} ({payload[2:]!r}), expected {codes}"
        if len(payload) > 2:
            payload[2:].decode("utf-8")
        self.expect_eof()
        return code

    def expect_eof(self):
        """The server ends the TCP connection (nothing more after its close frame)."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            assert not self.buf, f"bytes after the close frame: {self.buf[:40]!r}"
            try:
                data = self.sock.recv(65536)
            except ConnectionResetError:
                return
            except socket.timeout:
                break
            if not data:
                return
            self.buf += data
        raise AssertionError("the server did not close the connection")


def read_response_head(client):
    status_line = client.read_line()
    status = int(status_line.split(" ")[1])
    headers = {}
    while True:
        line = client.read_line()
        if not line:
            return status, headers
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()


def worker_rss_kib(server):
    """VmRSS of the server's worker (it answers GET /pid with its pid)."""
    conn = http.client.HTTPConnection(server.host, server.port, timeout=TIMEOUT)
    try:
        conn.request("GET", "/pid")
        r = conn.getresponse()
        assert r.status == 200
        pid = int(r.read())
    finally:
        conn.close()
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")
