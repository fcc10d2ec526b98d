# GETs on one HTTP/2 connection, all sent at once; prints "PATH STATUS BODY" per request, in the
# order given, once every stream ended. Usage: h2_concurrent.py PORT PATH...
import socket, sys
import h2.connection, h2.events

port, paths = int(sys.argv[1]), sys.argv[2:]
s = socket.create_connection(("127.0.0.1", port))
s.settimeout(10)
c = h2.connection.H2Connection()
c.initiate_connection()
streams = {}
for i, path in enumerate(paths):
    sid = 1 + 2 * i
    streams[sid] = {"path": path, "status": None, "body": b"", "done": False}
    c.send_headers(sid, [(":method", "GET"), (":path", path), (":scheme", "http"), (":authority", "x")],
                   end_stream=True)
s.sendall(c.data_to_send())
while not all(st["done"] for st in streams.values()):
    data = s.recv(65536)
    if not data:
        break
    for e in c.receive_data(data):
        if isinstance(e, h2.events.ResponseReceived):
            streams[e.stream_id]["status"] = dict(e.headers).get(b":status", b"").decode()
        elif isinstance(e, h2.events.DataReceived):
            streams[e.stream_id]["body"] += e.data
            c.acknowledge_received_data(e.flow_controlled_length, e.stream_id)
        elif isinstance(e, (h2.events.StreamEnded, h2.events.StreamReset)):
            streams[e.stream_id]["done"] = True
    s.sendall(c.data_to_send())
for st in streams.values():
    print(st["path"], st["status"], st["body"].decode(errors="replace").rstrip() if st["done"] else "(unfinished)")
s.close()
