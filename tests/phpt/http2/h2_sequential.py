# Sequential requests on one HTTP/2 connection (Python h2), each printed as "stream body".
# Usage: h2_sequential.py PORT [COUNT]
import socket, h2.connection, h2.events, sys
port = int(sys.argv[1])
s = socket.create_connection(("127.0.0.1", port)); s.settimeout(5)
c = h2.connection.H2Connection(); c.initiate_connection(); s.sendall(c.data_to_send())
for n in range(1, (int(sys.argv[2]) if len(sys.argv) > 2 else 3) + 1):
    sid = c.get_next_available_stream_id()
    c.send_headers(sid, [(":method", "GET"), (":path", f"/?n={n}"), (":scheme", "http"), (":authority", "x"), ("user-agent", "python-h2")], end_stream=True)
    s.sendall(c.data_to_send())
    body = b""; done = False
    while not done:
        data = s.recv(65536)
        if not data: print("closed"); sys.exit(1)
        for e in c.receive_data(data):
            if isinstance(e, h2.events.DataReceived): body += e.data; c.acknowledge_received_data(len(e.data), e.stream_id)
            if isinstance(e, h2.events.StreamEnded) and e.stream_id == sid: done = True
        s.sendall(c.data_to_send())
    print(sid, body)
