"""The Autobahn|Testsuite case catalogue, rebuilt in Python 3 on raw sockets, against
Swoole\\WebSocket\\Server (tests/conformance/ws_app.php, an echo server) in BASE and PROCESS mode.

Each case is named by its Autobahn number. The client below writes frames byte by byte (masked, or
deliberately malformed) and reads the server's frames back; every wait is a socket read with a
timeout, nothing sleeps. Where Autobahn is lenient ("non-strict": the server may fail the
connection before echoing what came before the bad frame), the echo is allowed but not required.
Beyond Autobahn: the opening handshake's refusals, messages and inflated messages over
package_max_length, and floods of fragments and pings with the worker's memory checked.
"""
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

from conftest import WS_MAX_LENGTH, WS_TIGHT_MAX_LENGTH

TIMEOUT = 20.0  # seconds any single read may wait under ASan on a busy machine
GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
CONT, TEXT, BINARY, CLOSE, PING, PONG = 0x0, 0x1, 0x2, 0x8, 0x9, 0xA
DEFLATE_TAIL = b"\x00\x00\xff\xff"


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


# ================================================================================================
# The catalogue: each case is a function of a connected Client, registered with its Autobahn id.

CASES = []


def case(number, title, extensions=None):
    def register(fn):
        CASES.append(pytest.param(fn, extensions, id=f"autobahn {number}: {title}"))
        return fn
    return register


def cases(number, title, values, extensions=None):
    """Registers fn(client, value) once per value, numbered number.1, number.2, ..."""
    def register(fn):
        for i, v in enumerate(values, 1):
            label = v[0] if isinstance(v, tuple) and isinstance(v[0], str) else repr(v)[:40]
            CASES.append(pytest.param(lambda c, v=v: fn(c, v), extensions,
                                      id=f"autobahn {number}.{i}: {title} ({label})"))
        return fn
    return register


def payload_of(n):
    return b"*" * n


# ------------------------------------------------------------------------------ 1: framing

LENGTHS = [0, 125, 126, 127, 128, 65535, 65536]


@cases("1.1", "text message echoed", LENGTHS)
def _(c, n):
    c.send_frame(TEXT, payload_of(n))
    c.expect(TEXT, payload_of(n))


@cases("1.2", "binary message echoed", LENGTHS)
def _(c, n):
    data = random.Random(n).randbytes(n)
    c.send_frame(BINARY, data)
    c.expect(BINARY, data)


@cases("1.1.8", "65536-byte text sent in chunks of", [1, 7, 997, 4096, 65535])
def _(c, chunk):
    c.send_frame(TEXT, payload_of(65536), chunk=chunk)
    c.expect(TEXT, payload_of(65536))


@cases("1.2.8", "binary messages of every length class sent in 3-byte chunks", [0, 125, 126, 65535])
def _(c, n):
    data = random.Random(n).randbytes(n)
    c.send_frame(BINARY, data, chunk=3)
    c.expect(BINARY, data)


@case("1.3", "many messages in one write are echoed in order")
def _(c):
    msgs = [(TEXT if i % 2 else BINARY, f"message {i}".encode() * (i % 7)) for i in range(200)]
    c.send(b"".join(frame(op, p) for op, p in msgs))
    for op, p in msgs:
        c.expect(op, p)


# ------------------------------------------------------------------------------ 2: pings and pongs


@cases("2", "ping answered by a pong with its payload",
       [("empty", b""), ("text", b"Hello, world!"), ("binary", bytes([0, 0xff, 0xfe, 0xfd, 0xfc, 0xfb, 0, 0xff])),
        ("125 bytes", b"\xfe" * 125)])
def _(c, v):
    c.send_frame(PING, v[1])
    c.expect(PONG, v[1])


@case("2.5", "ping with 126 bytes fails the connection with 1002")
def _(c):
    c.send_lenient(frame(PING, b"\xfe" * 126))
    c.expect_close(1002)


@case("2.6", "125-byte ping sent in 1-byte chunks")
def _(c):
    c.send_frame(PING, b"\xfe" * 125, chunk=1)
    c.expect(PONG, b"\xfe" * 125)


@case("2.7", "unsolicited empty pong is ignored")
def _(c):
    c.send_frame(PONG)
    c.send_frame(TEXT, "after the pong")
    c.expect(TEXT, "after the pong")


@case("2.8", "unsolicited pong with payload is ignored")
def _(c):
    c.send_frame(PONG, "unsolicited pong payload")
    c.send_frame(PING, "ping")
    c.expect(PONG, "ping")


@case("2.9", "unsolicited pong then ping: only the ping is answered")
def _(c):
    c.send_frame(PONG, "unsolicited pong payload")
    c.send_frame(PING, "ping payload")
    c.expect(PONG, "ping payload")
    c.send_frame(CLOSE, close_payload(1000))
    c.expect_close(1000)


@cases("2.10", "ten pings answered in order", [None, 1])
def _(c, chunk):
    c.send(b"".join(frame(PING, f"payload-{i}") for i in range(10)), chunk=chunk)
    for i in range(10):
        c.expect(PONG, f"payload-{i}")


# ------------------------------------------------------------------------------ 3: reserved bits


@cases("3", "reserved bits fail the connection with 1002 (an echo before it is allowed)",
       [("RSV=1 text", 4, TEXT), ("RSV=2 text", 2, TEXT), ("RSV=3 text", 6, TEXT), ("RSV=4 binary", 1, BINARY),
        ("RSV=5 binary", 5, BINARY), ("RSV=6 ping", 3, PING), ("RSV=7 close", 7, CLOSE)])
def _(c, v):
    _, rsv, opcode = v
    c.send_frame(TEXT, "Hello, world!")
    c.send_lenient(frame(opcode, b"\x03\xe8" if opcode == CLOSE else b"bad", rsv=rsv) + frame(PING))
    c.expect_close(1002, maybe=[(TEXT, "Hello, world!")])


@case("3.3", "RSV=3 frame sent in 1-byte chunks after a valid message")
def _(c):
    c.send_frame(TEXT, "Hello, world!")
    c.expect(TEXT, "Hello, world!")
    c.send_lenient(frame(TEXT, "Hello, world!", rsv=3), chunk=1)
    c.expect_close(1002)


# ------------------------------------------------------------------------------ 4: opcodes


@cases("4", "reserved opcode fails the connection with 1002", [3, 4, 5, 6, 7, 11, 12, 13, 14, 15])
def _(c, opcode):
    c.send_frame(TEXT, "Hello, world!")
    c.send_lenient(frame(opcode, b"reserved opcode payload") + frame(PING))
    c.expect_close(1002, maybe=[(TEXT, "Hello, world!")])


# ------------------------------------------------------------------------------ 5: fragmentation


@cases("5.1", "fragmented control frame fails with 1002", [("ping", PING), ("pong", PONG), ("close", CLOSE)])
def _(c, v):
    c.send_lenient(frame(v[1], "fragment1", fin=False) + frame(CONT, "fragment2"))
    c.expect_close(1002)


@cases("5.3", "text in two fragments is one message", [None, 1])
def _(c, chunk):
    c.send(frame(TEXT, "fragment1", fin=False) + frame(CONT, "fragment2"), chunk=chunk)
    c.expect(TEXT, "fragment1fragment2")


@case("5.5", "fragments sent with a round trip between them")
def _(c):
    c.send_frame(TEXT, "fragment1", fin=False)
    c.send_frame(PING, "sync")
    c.expect(PONG, "sync")
    c.send_frame(CONT, "fragment2")
    c.expect(TEXT, "fragment1fragment2")


@cases("5.6", "ping between fragments is answered before the message", [None, 1])
def _(c, chunk):
    c.send(frame(TEXT, "fragment1", fin=False) + frame(PING, "ping payload") + frame(CONT, "fragment2"),
           chunk=chunk)
    c.expect(PONG, "ping payload")
    c.expect(TEXT, "fragment1fragment2")


@case("5.7", "pong between fragments is ignored")
def _(c):
    c.send(frame(BINARY, b"\x01", fin=False) + frame(PONG, "x") + frame(CONT, b"\x02"))
    c.expect(BINARY, b"\x01\x02")


@cases("5.9", "continuation without a message fails with 1002 (echo of what follows not required)",
       [("fin", True, None), ("fin, 1-byte chunks", True, 1), ("no fin", False, None),
        ("no fin, 1-byte chunks", False, 1)])
def _(c, v):
    _, fin, chunk = v
    c.send_lenient(frame(CONT, "non-continuation payload", fin=fin) + frame(TEXT, "Hello, world!"), chunk=chunk)
    c.expect_close(1002)


@case("5.15", "continuation after a finished message fails with 1002 after its echo")
def _(c):
    c.send_lenient(frame(TEXT, "fragment1", fin=False) + frame(CONT, "fragment2") + frame(CONT, "fragment3", fin=False)
                   + frame(TEXT, "fragment4"))
    c.expect_close(1002, maybe=[(TEXT, "fragment1fragment2")])


@cases("5.16", "continuation, text, continuation fails with 1002 at once", [1, 2])
def _(c, repeat):
    seq = frame(CONT, "fragment1", fin=False) + frame(TEXT, "fragment2", fin=False) + frame(CONT, "fragment3")
    c.send_lenient(seq * repeat)
    c.expect_close(1002)


@cases("5.18", "new data message before the previous one ended fails with 1002", [TEXT, BINARY])
def _(c, opcode):
    c.send_frame(TEXT, "fragment1", fin=False)
    c.send_frame(PING, "sync")
    c.expect(PONG, "sync")
    c.send_lenient(frame(opcode, "fragment2"))
    c.expect_close(1002)


@cases("5.19", "five fragments with pings between them", [None, 1])
def _(c, chunk):
    parts = [f"fragment{i}" for i in range(1, 6)]
    seq = frame(TEXT, parts[0], fin=False)
    for i, p in enumerate(parts[1:], 2):
        seq += frame(PING, f"pongme {i}") + frame(CONT, p, fin=i == 5)
    c.send(seq, chunk=chunk)
    for i in range(2, 6):
        c.expect(PONG, f"pongme {i}")
    c.expect(TEXT, "".join(parts))


@case("5.20", "fragments and pings, each answered before the next is sent")
def _(c):
    c.send_frame(TEXT, "fragment1", fin=False)
    for i in range(2, 6):
        c.send_frame(PING, f"pongme {i}")
        c.expect(PONG, f"pongme {i}")
        c.send_frame(CONT, f"fragment{i}", fin=i == 5)
    c.expect(TEXT, "fragment1fragment2fragment3fragment4fragment5")


@case("7.1.5", "close between fragments ends the connection without the message")
def _(c):
    c.send_lenient(frame(TEXT, "fragment1", fin=False) + frame(CLOSE, close_payload(1000)) + frame(CONT, "fragment2"))
    c.expect_close(1000)


# ------------------------------------------------------------------------------ 6: UTF-8

VALID_UTF8 = [
    ("empty", b""),
    ("Hello-µ@ßöäüàá-UTF-8!!", "Hello-µ@ßöäüàá-UTF-8!!".encode()),
    ("kosme", "κόσμε".encode()),
    ("U+0000", b"\x00"), ("U+0080", b"\xc2\x80"), ("U+0800", b"\xe0\xa0\x80"), ("U+10000", b"\xf0\x90\x80\x80"),
    ("U+007F", b"\x7f"), ("U+07FF", b"\xdf\xbf"), ("U+FFFF", b"\xef\xbf\xbf"), ("U+10FFFF", b"\xf4\x8f\xbf\xbf"),
    ("U+D7FF", b"\xed\x9f\xbf"), ("U+E000", b"\xee\x80\x80"), ("U+FFFD", b"\xef\xbf\xbd"),
    ("U+FFFE", b"\xef\xbf\xbe"), ("U+1FFFE", b"\xf0\x9f\xbf\xbe"), ("U+10FFFE", b"\xf4\x8f\xbf\xbe"),
    ("U+FDD0", b"\xef\xb7\x90"),
    ("mixed scripts", "Ελληνικά русский 中文 日本語 עברית 🎉🚀".encode()),
]

INVALID_UTF8 = [
    ("kosme-edited surrogate", b"\xce\xba\xe1\xbd\xb9\xcf\x83\xce\xbc\xce\xb5\xed\xa0\x80edited"),
    ("above U+10FFFF", b"\xf4\x90\x80\x80"),
    ("5-byte first impossible", b"\xf8\x88\x80\x80\x80"), ("6-byte first impossible", b"\xfc\x84\x80\x80\x80\x80"),
    ("last impossible 4-byte", b"\xf7\xbf\xbf\xbf"), ("last impossible 5-byte", b"\xfb\xbf\xbf\xbf\xbf"),
    ("last impossible 6-byte", b"\xfd\xbf\xbf\xbf\xbf\xbf"),
    ("lone continuation 80", b"\x80"), ("lone continuation bf", b"\xbf"), ("continuations 80 bf", b"\x80\xbf"),
    ("continuations 80 bf 80 bf", b"\x80\xbf\x80\xbf"), ("all continuations", bytes(range(0x80, 0xc0))),
    ("lonely 2-byte starts", b" ".join(bytes([b]) for b in range(0xc0, 0xe0)) + b" "),
    ("lonely 3-byte starts", b" ".join(bytes([b]) for b in range(0xe0, 0xf0)) + b" "),
    ("lonely 4-byte starts", b" ".join(bytes([b]) for b in range(0xf0, 0xf8)) + b" "),
    ("missing last byte c0", b"\xc0"), ("missing last byte e0 80", b"\xe0\x80"),
    ("missing last byte f0 80 80", b"\xf0\x80\x80"), ("missing last byte df", b"\xdf"),
    ("missing last byte ef bf", b"\xef\xbf"), ("missing last byte f7 bf bf", b"\xf7\xbf\xbf"),
    ("truncated at the end ce", "κόσμε".encode()[:-1]),
    ("concatenated incomplete", b"\xc0\xe0\x80\xf0\x80\x80\xdf\xef\xbf\xf7\xbf\xbf"),
    ("fe", b"\xfe"), ("ff", b"\xff"), ("fe fe ff ff", b"\xfe\xfe\xff\xff"),
    ("overlong / 2", b"\xc0\xaf"), ("overlong / 3", b"\xe0\x80\xaf"), ("overlong / 4", b"\xf0\x80\x80\xaf"),
    ("overlong / 5", b"\xf8\x80\x80\x80\xaf"), ("overlong / 6", b"\xfc\x80\x80\x80\x80\xaf"),
    ("max overlong 2", b"\xc1\xbf"), ("max overlong 3", b"\xe0\x9f\xbf"), ("max overlong 4", b"\xf0\x8f\xbf\xbf"),
    ("overlong NUL 2", b"\xc0\x80"), ("overlong NUL 3", b"\xe0\x80\x80"), ("overlong NUL 4", b"\xf0\x80\x80\x80"),
    ("surrogate D800", b"\xed\xa0\x80"), ("surrogate DB7F", b"\xed\xad\xbf"), ("surrogate DB80", b"\xed\xae\x80"),
    ("surrogate DBFF", b"\xed\xaf\xbf"), ("surrogate DC00", b"\xed\xb0\x80"), ("surrogate DF80", b"\xed\xbe\x80"),
    ("surrogate DFFF", b"\xed\xbf\xbf"),
    ("surrogate pair D800 DC00", b"\xed\xa0\x80\xed\xb0\x80"),
    ("surrogate pair DBFF DFFF", b"\xed\xaf\xbf\xed\xbf\xbf"),
    ("valid then invalid", "Hello-µ@ßöäüàá-UTF-8!!".encode() + b"\xc0\xaf"),
]


def first_bad_byte(data):
    """Index of the byte at which a streaming validator must reject `data` (len(data) - 1 when only the end
    shows it, i.e. the last character is incomplete)."""
    dec = codecs.getincrementaldecoder("utf-8")("strict")
    for i in range(len(data)):
        try:
            dec.decode(data[i:i + 1], final=False)
        except UnicodeDecodeError:
            return i
    return len(data) - 1


def test_utf8_catalogue_is_consistent():
    """Guards the tables above: Python's decoder agrees which is valid."""
    for _, data in VALID_UTF8:
        data.decode("utf-8")
    for name, data in INVALID_UTF8:
        with pytest.raises(UnicodeDecodeError):
            data.decode("utf-8")


@cases("6.1", "valid text echoed in one frame", VALID_UTF8)
def _(c, v):
    c.send_frame(TEXT, v[1])
    c.expect(TEXT, v[1])


@cases("6.2", "valid text in one-byte fragments, characters split across them", VALID_UTF8[1:3] + VALID_UTF8[-1:])
def _(c, v):
    data = v[1]
    c.send(b"".join(frame(TEXT if i == 0 else CONT, data[i:i + 1], fin=i == len(data) - 1) for i in range(len(data))))
    c.expect(TEXT, data)


@case("6.1.3", "empty fragments around a text message")
def _(c):
    c.send(frame(TEXT, b"", fin=False) + frame(CONT, b"middle", fin=False) + frame(CONT, b""))
    c.expect(TEXT, "middle")
    c.send(frame(TEXT, b"", fin=False) + frame(CONT, b"", fin=False) + frame(CONT, b""))
    c.expect(TEXT, "")


@cases("6.3", "invalid text in one frame fails with 1007", INVALID_UTF8)
def _(c, v):
    c.send_frame(TEXT, v[1])
    c.expect_close(1007)


@cases("6.3f", "invalid text in one-byte fragments fails at the first bad fragment", INVALID_UTF8)
def _(c, v):
    data = v[1]
    bad = first_bad_byte(data)
    # Everything up to and including the byte that makes it invalid; the rest is never sent.
    c.send(b"".join(frame(TEXT if i == 0 else CONT, data[i:i + 1], fin=i == len(data) - 1) for i in range(bad + 1)))
    c.expect_close(1007)


@cases("6.4", "invalid code point in the middle fragment fails before the last fragment is sent",
       [("whole sequence", b"\xce\xba\xe1\xbd\xb9\xcf\x83\xce\xbc\xce\xb5", b"\xf4\x90\x80\x80", b"edited"),
        ("sequence split", b"\xce\xba\xe1\xbd\xb9\xcf\x83\xce\xbc\xce\xb5\xf4", b"\x90", b"\x80\x80edited"),
        ("surrogate split", b"abc\xed", b"\xa0\x80", b"def")])
def _(c, v):
    _, part1, part2, part3 = v
    c.send_frame(TEXT, part1, fin=False)
    c.send_frame(PING, "sync")
    c.expect(PONG, "sync")
    c.send_lenient(frame(CONT, part2, fin=False))
    c.expect_close(1007)
    assert part3  # never sent: the close came first


@case("6.extra.1", "invalid UTF-8 in a binary message is fine")
def _(c):
    c.send_frame(BINARY, b"\xed\xa0\x80\xff\xfe")
    c.expect(BINARY, b"\xed\xa0\x80\xff\xfe")


@case("6.extra.2", "invalid UTF-8 in a ping is fine")
def _(c):
    c.send_frame(PING, b"\xff\xfe\xc0")
    c.expect(PONG, b"\xff\xfe\xc0")


# ------------------------------------------------------------------------------ 7: closing


@case("7.1.1", "echo then a normal close")
def _(c):
    c.send_frame(TEXT, "Hello World!")
    c.expect(TEXT, "Hello World!")
    c.send_frame(CLOSE, close_payload(1000))
    c.expect_close(1000)


@cases("7.1.2", "frames after the close are ignored",
       [("close", frame(CLOSE, close_payload(1000))), ("ping", frame(PING, "after close")),
        ("text", frame(TEXT, "after close")), ("continuation", frame(CONT, "after close"))])
def _(c, v):
    c.send_lenient(frame(CLOSE, close_payload(1000)) + v[1])
    c.expect_close(1000)


@case("7.3.1", "close without payload is answered (1000 or no code)")
def _(c):
    c.send_frame(CLOSE)
    c.expect_close({1000, None})


@case("7.3.2", "close with a one-byte payload fails with 1002")
def _(c):
    c.send_frame(CLOSE, b"\x03")
    c.expect_close(1002)


@case("7.3.4", "close with code and reason echoes the code")
def _(c):
    c.send_frame(CLOSE, close_payload(1000, b"Hello World!"))
    c.expect_close(1000)


@case("7.3.5", "close with a 123-byte reason")
def _(c):
    c.send_frame(CLOSE, close_payload(1000, b"*" * 123))
    c.expect_close(1000)


@case("7.3.6", "close with a 124-byte reason (payload 126) fails with 1002")
def _(c):
    c.send_lenient(frame(CLOSE, close_payload(1000, b"*" * 124)))
    c.expect_close(1002)


@case("7.5.1", "close reason with invalid UTF-8 fails with 1007")
def _(c):
    c.send_frame(CLOSE, close_payload(1000, b"\xce\xba\xe1\xbd\xb9\xcf\x83\xce\xbc\xce\xb5\xed\xa0\x80edited"))
    c.expect_close(1007)


@cases("7.7", "valid close code echoed", [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 3000, 3999, 4000,
                                          4999])
def _(c, code):
    c.send_frame(CLOSE, close_payload(code))
    c.expect_close(code)


@cases("7.9", "invalid close code fails with 1002", [0, 999, 1004, 1005, 1006, 1015, 1016, 1100, 2000, 2999, 5000,
                                                    65535])
def _(c, code):
    c.send_frame(CLOSE, close_payload(code))
    c.expect_close(1002)


# ------------------------------------------------------------------------------ 9: big messages


BIG = [64 * 1024, 256 * 1024, WS_MAX_LENGTH]


@cases("9.1", "big text message in one frame", BIG)
def _(c, n):
    data = ("0123456789abcdef" * (n // 16)).encode()
    c.send_frame(TEXT, data)
    c.expect(TEXT, data)


@cases("9.2", "big binary message in one frame", BIG)
def _(c, n):
    data = random.Random(n).randbytes(n)
    c.send_frame(BINARY, data)
    c.expect(BINARY, data)


@cases("9.3", "big message in 64 KiB fragments", [(f"{o} {n}", o, n) for o in ("text", "binary") for n in BIG[1:]])
def _(c, v):
    _, kind, n = v
    data = "é€".encode() * (n // 5) + b"abcde"[:n % 5] if kind == "text" else random.Random(n).randbytes(n)
    opcode = TEXT if kind == "text" else BINARY
    step = 64 * 1024
    # Fragment boundaries fall inside multi-byte characters.
    c.send(b"".join(frame(opcode if i == 0 else CONT, data[i:i + step], fin=i + step >= len(data))
                    for i in range(0, len(data), step)))
    c.expect(opcode, data)


@case("9.7", "1000 small messages round-trip one at a time")
def _(c):
    for i in range(1000):
        c.send_frame(TEXT, f"m{i}")
        c.expect(TEXT, f"m{i}")


# ------------------------------------------------------------------------------ 10: limits


@cases("10.1", "declared length over package_max_length fails with 1009 before the payload is sent",
       [("text", TEXT, WS_MAX_LENGTH + 1), ("binary", BINARY, 2 * WS_MAX_LENGTH), ("2^62", BINARY, 1 << 62)])
def _(c, v):
    _, opcode, n = v
    c.send(frame(opcode, b"", length=n))  # the header only
    c.expect_close(1009)


@case("10.2", "fragments adding up past package_max_length fail with 1009 at the fragment that crosses it")
def _(c):
    step = 256 * 1024
    c.send_frame(BINARY, b"\x00" * step, fin=False)
    for _ in range(WS_MAX_LENGTH // step - 1):
        c.send_frame(CONT, b"\x00" * step, fin=False)
    c.send_frame(PING, "sync")
    c.expect(PONG, "sync")
    c.send_lenient(frame(CONT, b"\x00", fin=False))
    c.expect_close(1009)


# ------------------------------------------------------------------------------ 12, 13: permessage-deflate

PMD = "permessage-deflate"
SIZES = [0, 16, 64, 256, 1024, 4096, 16384, 65536, 131072]


def compressible(n, seed):
    rng = random.Random(seed)
    words = [rng.randbytes(rng.randrange(3, 9)).hex() for _ in range(64)]
    out = " ".join(rng.choice(words) for _ in range(n // 4 + 1)).encode()
    return out[:n]


def echo_compressed(c, sizes, kinds=(TEXT, BINARY), rounds=2):
    for r in range(rounds):
        for n in sizes:
            for opcode in kinds:
                data = compressible(n, n + r + opcode)
                c.send_message(opcode, data, compress=True)
                c.expect(opcode, data, compressed=True)


def deflate_client(offer, answer, **params):
    def decorate(fn):
        def run(c):
            assert c.extensions == answer, f"offered {offer!r}, answered {c.extensions!r}"
            c.deflate = PerMessageDeflate(**params)
            fn(c)
        return run
    return decorate


@case("12.1", "compressed messages of many sizes echoed compressed", extensions=PMD)
@deflate_client(PMD, PMD)
def _(c):
    echo_compressed(c, SIZES)


@case("12.2", "compressed binary of random (incompressible) bytes", extensions=PMD)
@deflate_client(PMD, PMD)
def _(c):
    for n in (1, 1000, 70000):
        data = random.Random(n).randbytes(n)
        c.send_message(BINARY, data, compress=True)
        c.expect(BINARY, data, compressed=True)


@case("12.3", "compressed message in fragments, RSV1 only on the first", extensions=PMD)
@deflate_client(PMD, PMD)
def _(c):
    data = compressible(50000, 7)
    body = c.deflate.compress(data)
    third = len(body) // 3
    c.send(frame(TEXT, body[:third], fin=False, rsv=4) + frame(PING, "between") + frame(CONT, body[third:2 * third],
           fin=False) + frame(CONT, body[2 * third:]))
    c.expect(PONG, "between")
    c.expect(TEXT, data, compressed=True)


@case("12.4", "compressed and plain messages interleave", extensions=PMD)
@deflate_client(PMD, PMD)
def _(c):
    for i in range(20):
        data = compressible(300 + i, i)
        c.send_message(TEXT, data, compress=i % 2 == 0)
        c.expect(TEXT, data, compressed=i % 2 == 0)


@case("12.5", "RSV1 on a continuation fails with 1002", extensions=PMD)
@deflate_client(PMD, PMD)
def _(c):
    body = c.deflate.compress(b"hello hello hello")
    c.send_lenient(frame(TEXT, body[:3], fin=False, rsv=4) + frame(CONT, body[3:], rsv=4))
    c.expect_close(1002)


@case("12.6", "corrupt compressed data fails with 1007", extensions=PMD)
@deflate_client(PMD, PMD)
def _(c):
    c.send_lenient(frame(BINARY, b"\xff\xff\xff\xff\xff\xff", rsv=4))
    c.expect_close(1007)


@case("12.7", "RSV1 without the extension negotiated fails with 1002")
def _(c):
    assert c.extensions is None
    c.send_lenient(frame(TEXT, zlib.compress(b"hello")[2:-4], rsv=4))
    c.expect_close(1002)


NEGOTIATIONS = [
    # (offer, expected answer, client parameters)
    ("client_no_context_takeover", f"{PMD}; client_no_context_takeover", {"client_takeover": False}),
    ("server_no_context_takeover", f"{PMD}; server_no_context_takeover", {"server_takeover": False}),
    ("both no context takeover", f"{PMD}; server_no_context_takeover; client_no_context_takeover",
     {"client_takeover": False, "server_takeover": False}),
    ("client_max_window_bits", PMD, {}),
    ("client_max_window_bits=9", PMD, {"client_bits": 9}),
    ("client_max_window_bits=15", PMD, {}),
    ("server_max_window_bits=9", f"{PMD}; server_max_window_bits=9", {"server_bits": 9}),
    ("server_max_window_bits=12", f"{PMD}; server_max_window_bits=12", {"server_bits": 12}),
    ("all parameters", f"{PMD}; server_no_context_takeover; client_no_context_takeover; server_max_window_bits=10",
     {"client_takeover": False, "server_takeover": False, "server_bits": 10, "client_bits": 10}),
]
OFFERS = {
    "client_no_context_takeover": f"{PMD}; client_no_context_takeover",
    "server_no_context_takeover": f"{PMD}; server_no_context_takeover",
    "both no context takeover": f"{PMD}; client_no_context_takeover; server_no_context_takeover",
    "client_max_window_bits": f"{PMD}; client_max_window_bits",
    "client_max_window_bits=9": f"{PMD}; client_max_window_bits=9",
    "client_max_window_bits=15": f"{PMD}; client_max_window_bits=15",
    "server_max_window_bits=9": f"{PMD}; server_max_window_bits=9",
    "server_max_window_bits=12": f'{PMD}; server_max_window_bits="12"',
    "all parameters": f"{PMD}; client_no_context_takeover; server_no_context_takeover; server_max_window_bits=10; "
                      "client_max_window_bits=10",
}


def window_probe(n, seed):
    """Bytes whose repeats lie 1 KiB or more apart: compressing them with a window over the negotiated one
    makes the client's bounded inflater fail."""
    block = random.Random(seed).randbytes(1024)
    return (block * (n // 1024 + 1))[:n]


for i, (name, answer, params) in enumerate(NEGOTIATIONS, 1):
    @case(f"13.{i}", f"negotiated {name}: messages echoed", extensions=OFFERS[name])
    @deflate_client(OFFERS[name], answer, **params)
    def _(c):
        echo_compressed(c, [0, 64, 1024, 16384, 65536], rounds=3)
        for n in (4096, 40000):
            data = window_probe(n, n)
            c.send_message(BINARY, data, compress=True)
            c.expect(BINARY, data, compressed=True)


DEFLATE_OFFERS = [("unknown parameter", f"{PMD}; foo=1", None),
                  ("server_max_window_bits=8", f"{PMD}; server_max_window_bits=8", None),
                  ("bad value", f"{PMD}; client_max_window_bits=16", None),
                  ("fallback", f"{PMD}; foo, {PMD}; client_no_context_takeover", f"{PMD}; client_no_context_takeover"),
                  ("other extension", "x-webkit-deflate-frame", None)]


# ================================================================================================
# Running the catalogue


@pytest.mark.parametrize("fn,extensions", CASES)
def test_autobahn(ws_server, fn, extensions):
    c = Client(ws_server, extensions=extensions)
    try:
        fn(c)
    finally:
        c.close_socket()


@pytest.mark.parametrize("offer,answer", [pytest.param(o, a, id=f"autobahn 13.x: offer {n}")
                                          for n, o, a in DEFLATE_OFFERS])
def test_deflate_offers(ws_server, offer, answer):
    c = Client(ws_server, extensions=offer)
    try:
        assert c.extensions == answer
        c.send_frame(TEXT, "plain")
        c.expect(TEXT, "plain", compressed=False)
    finally:
        c.close_socket()


# ================================================================================================
# Beyond the catalogue: handshakes, bombs and floods


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
