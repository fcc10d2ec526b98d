# One GET on an HTTP/2 connection, then every frame the server sends until it closes, one line
# each (SETTINGS and WINDOW_UPDATE left out). The frames are read raw (hyperframe, hpack): Python
# h2 refuses frames after a GOAWAY, and the point here is what comes after one.
# Usage: h2_frames.py PORT PATH
import socket, sys
import h2.connection, hpack
from hyperframe.frame import Frame, HeadersFrame, DataFrame, PingFrame, GoAwayFrame, RstStreamFrame

port, path = int(sys.argv[1]), sys.argv[2]
s = socket.create_connection(("127.0.0.1", port))
s.settimeout(10)
c = h2.connection.H2Connection()
c.initiate_connection()
c.send_headers(1, [(":method", "GET"), (":path", path), (":scheme", "http"), (":authority", "x")], end_stream=True)
s.sendall(c.data_to_send())
decoder = hpack.Decoder()
buf = b""
while True:
    try:
        data = s.recv(65536)
    except ConnectionResetError:
        print("reset"); break
    if not data:
        print("closed"); break
    buf += data
    while len(buf) >= 9:
        frame, length = Frame.parse_frame_header(memoryview(buf[:9]))
        if len(buf) < 9 + length:
            break
        frame.parse_body(memoryview(buf[9:9 + length]))
        buf = buf[9 + length:]
        end = " end" if "END_STREAM" in frame.flags else ""
        if isinstance(frame, HeadersFrame):
            fields = dict(decoder.decode(frame.data))
            print(f"headers {frame.stream_id} status={fields.get(':status')}{end}")
        elif isinstance(frame, DataFrame):
            print(f"data {frame.stream_id} {bytes(frame.data)!r}{end}")
        elif isinstance(frame, PingFrame) and "ACK" not in frame.flags:
            print(f"ping {bytes(frame.opaque_data).hex()}")
            s.sendall(b"\x00\x00\x08\x06\x01\x00\x00\x00\x00" + bytes(frame.opaque_data))  # the ACK
        elif isinstance(frame, GoAwayFrame):
            print(f"goaway last={frame.last_stream_id} code={frame.error_code} debug={bytes(frame.additional_data)!r}")
        elif isinstance(frame, RstStreamFrame):
            print(f"rst {frame.stream_id} code={frame.error_code}")
s.close()
