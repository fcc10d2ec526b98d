"""A scripted HTTP/2 server (h2c, prior knowledge) for the Http2\\Client phpt, on the `h2`
package. Prints "PORT <n>" once listening, then serves until stdin closes. The path picks the
behaviour:

  /trailers      200, body "abc", trailers grpc-status: 0 and x-t: 1
  /stream/<n>    200, n DATA frames "part <i>\\n" sent one by one, then end
  /echo          200, the request body back (after the request ended), x-len: its length
  /headers       200, the request headers as JSON (pseudo-headers included)
  /cookies       200, two set-cookie fields
  /rst           RST_STREAM CANCEL right after the request head
  /close         the head and part of the body, then the TCP connection closes
  /goaway        GOAWAY(last stream = this one, NO_ERROR, "bye"), then the full response "done"
  /silent        nothing at all (the client times out)
  /gzip/<n>      200, "line <i>\n" for i < n, gzip-encoded, in 1000-byte DATA frames
  /deflate       200, "deflated body" zlib-encoded (content-encoding: deflate)
  /badgzip       200, content-encoding gzip over bytes that are not gzip
"""
import asyncio
import json
import struct
import sys
import zlib
import gzip

import h2.config
import h2.connection
import h2.events
import h2.errors


class Conn:
    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer
        self.h2 = h2.connection.H2Connection(h2.config.H2Configuration(client_side=False, header_encoding="utf-8"))
        self.heads = {}
        self.bodies = {}

    def flush(self):
        data = self.h2.data_to_send()
        if data:
            self.writer.write(data)

    async def run(self):
        self.h2.initiate_connection()
        self.flush()
        while True:
            data = await self.reader.read(65536)
            if not data:
                break
            try:
                events = self.h2.receive_data(data)
            except Exception:
                break
            for ev in events:
                if isinstance(ev, h2.events.RequestReceived):
                    head = {}
                    for k, v in ev.headers:  # repeated fields (cookie) joined
                        head[k] = head[k] + "; " + v if k in head else v
                    self.heads[ev.stream_id] = head
                    self.bodies[ev.stream_id] = b""
                    await self.on_head(ev.stream_id)
                elif isinstance(ev, h2.events.DataReceived):
                    self.bodies[ev.stream_id] = self.bodies.get(ev.stream_id, b"") + ev.data
                    self.h2.acknowledge_received_data(ev.flow_controlled_length, ev.stream_id)
                elif isinstance(ev, h2.events.StreamEnded):
                    await self.on_end(ev.stream_id)
            self.flush()
            await self.writer.drain()
        self.writer.close()

    def respond(self, sid, body, extra=(), end=True):
        self.h2.send_headers(sid, [(":status", "200"), ("content-length", str(len(body)))] + list(extra))
        self.h2.send_data(sid, body, end_stream=end)

    async def on_head(self, sid):
        path = self.heads[sid][":path"]
        if path == "/rst":
            self.h2.reset_stream(sid, h2.errors.ErrorCodes.CANCEL)
        elif path == "/close":
            self.h2.send_headers(sid, [(":status", "200")])
            self.h2.send_data(sid, b"partial")
            self.flush()
            await self.writer.drain()
            self.writer.close()

    async def on_end(self, sid):
        path = self.heads[sid][":path"]
        body = self.bodies.get(sid, b"")
        if path == "/trailers":
            self.h2.send_headers(sid, [(":status", "200"), ("content-type", "text/plain")])
            self.h2.send_data(sid, b"abc")
            self.h2.send_headers(sid, [("grpc-status", "0"), ("x-t", "1")], end_stream=True)
        elif path.startswith("/stream/"):
            n = int(path.split("/")[2])
            self.h2.send_headers(sid, [(":status", "200")])
            for i in range(n):
                self.h2.send_data(sid, b"part %d\n" % i)
                self.flush()
                await self.writer.drain()
                await asyncio.sleep(0.01)  # separate frames in separate reads
            self.h2.send_data(sid, b"", end_stream=True)
        elif path == "/echo":
            self.respond(sid, body, [("x-len", str(len(body)))])
        elif path == "/headers":
            self.respond(sid, json.dumps(self.heads[sid], sort_keys=True).encode())
        elif path == "/cookies":
            self.respond(sid, b"c", [("set-cookie", "a=1%202; path=/"), ("set-cookie", "b=x")])
        elif path == "/goaway":
            # A graceful GOAWAY naming this stream, then its response: h2's own close_connection()
            # would refuse to send anything after it, so the frame is written by hand.
            self.flush()
            payload = struct.pack(">II", sid, 0) + b"bye"
            self.writer.write(struct.pack(">I", len(payload))[1:] + bytes([7, 0]) + struct.pack(">I", 0) + payload)
            self.respond(sid, b"done")
        elif path.startswith("/gzip/"):
            plain = b"".join(b"line %d\n" % i for i in range(int(path.split("/")[2])))
            packed = gzip.compress(plain)
            self.h2.send_headers(sid, [(":status", "200"), ("content-encoding", "gzip"), ("x-plain-len", str(len(plain)))])
            for i in range(0, len(packed), 1000):
                self.h2.send_data(sid, packed[i:i + 1000])
            self.h2.send_data(sid, b"", end_stream=True)
        elif path == "/deflate":
            self.respond(sid, zlib.compress(b"deflated body"), [("content-encoding", "deflate")])
        elif path == "/badgzip":
            self.respond(sid, b"not gzip at all", [("content-encoding", "gzip")])
        elif path in ("/rst", "/close", "/silent"):
            pass
        else:
            self.h2.send_headers(sid, [(":status", "404")], end_stream=True)


async def main():
    server = await asyncio.start_server(lambda r, w: Conn(r, w).run(), "127.0.0.1", 0)
    print("PORT", server.sockets[0].getsockname()[1], flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.read)  # until the test closes our stdin
    server.close()


asyncio.run(main())
