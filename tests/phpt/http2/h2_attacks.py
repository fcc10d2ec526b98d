# Bad HTTP/2 input against a Gust h2c port, one attack per connection; after each, a fresh
# connection must still be served. Prints one line per attack: what the server answered.
# Usage: h2_attacks.py PORT
import socket
import struct
import sys
import time

PORT = int(sys.argv[1])
PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
GET = b"\x82\x86\x84\x41\x09localhost"  # HPACK: GET http / , :authority localhost


def frame(ftype, flags, stream, payload=b""):
    return struct.pack(">I", len(payload))[1:] + bytes([ftype, flags]) + struct.pack(">I", stream) + payload


def settings():
    return frame(4, 0, 0)


def outcome(sock, deadline=5.0):
    """Reads until the server closes or goes quiet: the first GOAWAY's code, or RST_STREAMs seen."""
    sock.settimeout(0.5)
    buf = b""
    end = time.monotonic() + deadline
    goaway = None
    resets = set()
    closed = False
    while time.monotonic() < end:
        try:
            data = sock.recv(65536)
        except socket.timeout:
            if goaway is not None or resets:
                break
            continue
        except ConnectionResetError:
            closed = True
            break
        if not data:
            closed = True
            break
        buf += data
        while len(buf) >= 9:
            length = int.from_bytes(buf[:3], "big")
            if len(buf) < 9 + length:
                break
            ftype, stream = buf[3], int.from_bytes(buf[5:9], "big") & 0x7FFFFFFF
            payload = buf[9 : 9 + length]
            buf = buf[9 + length :]
            if ftype == 7 and goaway is None:
                goaway = int.from_bytes(payload[4:8], "big")
            if ftype == 3:
                resets.add((stream, int.from_bytes(payload[:4], "big")))
    return goaway, resets, closed


def attack(name, payload, expect):
    s = socket.create_connection(("127.0.0.1", PORT))
    try:
        try:
            s.sendall(payload)
        except (BrokenPipeError, ConnectionResetError):
            pass
        goaway, resets, closed = outcome(s)
    finally:
        s.close()
    codes = {1: "PROTOCOL_ERROR", 2: "INTERNAL_ERROR", 5: "STREAM_CLOSED", 7: "REFUSED_STREAM", 6: "FRAME_SIZE_ERROR", 8: "CANCEL",
             9: "COMPRESSION_ERROR", 11: "ENHANCE_YOUR_CALM", 0: "NO_ERROR"}
    if goaway is not None:
        got = "GOAWAY " + codes.get(goaway, str(goaway))
    elif resets:
        got = "RST_STREAM " + ",".join(sorted({codes.get(c, str(c)) for _, c in resets}))
    elif closed:
        got = "closed"
    else:
        got = "nothing"
    print(f"{name}: {got}" + ("" if got.startswith(expect) else f" (expected {expect})"))
    # The worker still serves a well-behaved connection.
    s = socket.create_connection(("127.0.0.1", PORT))
    s.sendall(PREFACE + settings() + frame(1, 5, 1, GET))
    s.settimeout(5)
    data = b""
    while b"hello" not in data:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    s.close()
    if b"hello" not in data:
        print(f"  after {name}: a new connection was NOT served")


start = PREFACE + settings()
attack("bad preface", b"PRI * HTTP/2.0\r\n\r\nXX\r\n\r\n" + b"x" * 100, "closed")
attack("rapid reset", start + b"".join(frame(1, 5, i, GET) + frame(3, 0, i, b"\0\0\0\x08") for i in range(1, 20000, 2)), "GOAWAY")
attack("CONTINUATION flood", start + frame(1, 0, 1, GET) + frame(9, 0, 1, b"\x40\x01x\x01y") * 5000, "GOAWAY")
bomb = GET + b"\x40\x01x\x7f\xa1\x1e" + b"v" * 4000 + b"\xbe" * 4000
attack("HPACK bomb", start + frame(1, 5, 1, bomb), "RST_STREAM")
attack("PING flood", start + frame(6, 0, 0, b"12345678") * 50000, "GOAWAY ENHANCE_YOUR_CALM")
attack("SETTINGS flood", start + settings() * 50000, "GOAWAY ENHANCE_YOUR_CALM")
attack("stream id regression", start + frame(1, 5, 5, GET) + frame(1, 5, 3, GET), "GOAWAY PROTOCOL_ERROR")
attack("DATA on a closed stream", start + frame(1, 5, 1, GET) + frame(0, 0, 1, b"late"), "GOAWAY STREAM_CLOSED")
attack("oversized frame", start + frame(1, 4, 1, GET) + frame(0, 0, 1, b"o" * 20000), "GOAWAY FRAME_SIZE_ERROR")
attack("too many streams", start + b"".join(frame(1, 4, i, GET) for i in range(1, 2 * 200, 2)), "RST_STREAM")
