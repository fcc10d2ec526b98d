"""The Autobahn|Testsuite case catalogue, rebuilt in Python 3 on raw sockets, against
Swoole\\WebSocket\\Server (tests/conformance/ws_app.php, an echo server) in BASE and PROCESS mode.

Each case is named by its Autobahn number. The client below writes frames byte by byte (masked, or
deliberately malformed) and reads the server's frames back; every wait is a socket read with a
timeout, nothing sleeps. Where Autobahn is lenient ("non-strict": the server may fail the
connection before echoing what came before the bad frame), the echo is allowed but not required.
Beyond Autobahn: the opening handshake's refusals, messages and inflated messages over
package_max_length, and floods of fragments and pings with the worker's memory checked.
"""
import random
import zlib

import pytest

from conftest import WS_MAX_LENGTH, WS_TIGHT_MAX_LENGTH
from ws_client import *  # noqa: F401,F403  (the frame client and its constants)


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
