# One GET over h2c with the widest flow-control windows, read only after a line arrives on stdin
# (the server says its handler waits for the connection), then the whole body. Prints the status, the body's
# length and its SHA-1. Usage: h2_download.py PORT PATH
import hashlib, socket, sys
import h2.config, h2.connection, h2.events, h2.settings

port, path = int(sys.argv[1]), sys.argv[2]
s = socket.create_connection(("127.0.0.1", port))
s.settimeout(30)
c = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True))
c.local_settings = h2.settings.Settings(client=True, initial_values={h2.settings.SettingCodes.INITIAL_WINDOW_SIZE: 2**31 - 1})
c.initiate_connection()
c.increment_flow_control_window(2**31 - 1 - 65535)
c.send_headers(1, [(":method", "GET"), (":path", path), (":scheme", "http"), (":authority", "x")], end_stream=True)
s.sendall(c.data_to_send())
sys.stdin.readline()  # the handler waits now: the rest of the body waits in the server
status, size, sha, done = None, 0, hashlib.sha1(), False
while not done:
    data = s.recv(1 << 20)
    if not data:
        break
    for e in c.receive_data(data):
        if isinstance(e, h2.events.ResponseReceived):
            status = dict(e.headers).get(b":status", b"").decode()
        elif isinstance(e, h2.events.DataReceived):
            size += len(e.data)
            sha.update(e.data)
            c.acknowledge_received_data(e.flow_controlled_length, e.stream_id)
        elif isinstance(e, (h2.events.StreamEnded, h2.events.StreamReset, h2.events.ConnectionTerminated)):
            done = True
    s.sendall(c.data_to_send())
print(f"{path}: status={status} bytes={size} sha1={sha.hexdigest()}")
s.close()
