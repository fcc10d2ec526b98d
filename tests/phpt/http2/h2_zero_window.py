# A peer that opens a stream with a zero flow-control window and never opens it: prints the
# RST_STREAM code the server ends the stream with. Usage: h2_zero_window.py PORT
import socket
import struct
import sys
import time

PORT = int(sys.argv[1])


def frame(ftype, flags, stream, payload=b""):
    return struct.pack(">I", len(payload))[1:] + bytes([ftype, flags]) + struct.pack(">I", stream) + payload


s = socket.create_connection(("127.0.0.1", PORT))
s.settimeout(1)
initial_window_zero = struct.pack(">HI", 4, 0)
get_big = b"\x82\x86\x04\x04/big\x41\x09localhost"  # GET, http, :path /big (literal), :authority
s.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + frame(4, 0, 0, initial_window_zero) + frame(1, 5, 1, get_big))
buf = b""
end = time.monotonic() + 15
result = "no reset within 15 s"
while time.monotonic() < end:
    try:
        data = s.recv(65536)
    except socket.timeout:
        continue
    if not data:
        result = "closed"
        break
    buf += data
    found = None
    while len(buf) >= 9:
        length = int.from_bytes(buf[:3], "big")
        if len(buf) < 9 + length:
            break
        ftype, flags, stream = buf[3], buf[4], int.from_bytes(buf[5:9], "big") & 0x7FFFFFFF
        payload = buf[9 : 9 + length]
        buf = buf[9 + length :]
        if ftype == 4 and not flags & 1:
            s.sendall(frame(4, 1, 0))  # ack the server's SETTINGS
        if ftype == 0:
            result = "DATA sent into a zero window"
        if ftype == 3 and stream == 1:
            found = int.from_bytes(payload[:4], "big")
    if found is not None:
        result = {8: "RST_STREAM CANCEL"}.get(found, f"RST_STREAM {found}")
        break
print(result)
