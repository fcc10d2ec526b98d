#!/usr/bin/env python3
"""The reference of the ws-client-push benchmark: a WebSocket client that upgrades, then writes
one pre-masked binary frame of SIZE bytes N times (no per-frame work at all), then a masked
"end" text frame, and prints the server's answer the way seed000_ws_bigframes_client.php does.

  python3 bench/ws_raw_sender.py PORT N SIZE
"""
import base64
import os
import socket
import struct
import sys
import time


def frame(opcode, payload):
    key = os.urandom(4)
    n = len(payload)
    if n < 126:
        head = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
    elif n <= 0xFFFF:
        head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
    else:
        head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
    # XOR through one big integer: fast enough for a frame built once.
    mask = (key * (n // 4 + 1))[:n]
    masked = (int.from_bytes(payload, "big") ^ int.from_bytes(mask, "big")).to_bytes(n, "big") if n else b""
    return head + key + masked


def main():
    port, n, size = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    s = socket.create_connection(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /websocket HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    buf = b""
    while b"\r\n\r\n" not in buf:
        chunk = s.recv(4096)
        if not chunk:
            print("ERROR: closed during the upgrade")
            return 1
        buf += chunk
    if not buf.startswith(b"HTTP/1.1 101"):
        print("ERROR:", buf[:80])
        return 1
    rest = buf.split(b"\r\n\r\n", 1)[1]
    big = frame(0x2, b"a" * size)
    t = time.monotonic()
    for _ in range(n):
        s.sendall(big)
    s.sendall(frame(0x1, b"end"))
    s.settimeout(60)
    while len(rest) < 2 or len(rest) < 2 + (rest[1] & 0x7F):
        chunk = s.recv(4096)
        if not chunk:
            break
        rest += chunk
    answer = rest[2:2 + (rest[1] & 0x7F)].decode() if len(rest) >= 2 else "none"
    print(f"client_ms={(time.monotonic() - t) * 1000:.1f} server_ms={answer}")
    s.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
