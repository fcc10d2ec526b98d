"""A gRPC server (Python grpcio) for the Http2\\Client phpt: service test.Echo with raw-bytes
handlers (no generated code; the messages are protobuf `{string text = 1;}` encoded by hand on
both sides). Prints "PORT <n>" once listening and stops when stdin closes.

  Unary(text)   -> text upper-cased
  Stream(text)  -> "<text> <i>" for i in 0..2, then OK
  Fail(text)    -> status INVALID_ARGUMENT, details "no <text>"
"""
import sys
from concurrent import futures

import grpc


def decode(msg: bytes) -> str:
    # field 1, wire type 2 (0x0a), one-byte length: enough for the tests' short strings
    if not msg:
        return ""
    assert msg[0] == 0x0A and msg[1] < 128, msg
    return msg[2:2 + msg[1]].decode()


def encode(text: str) -> bytes:
    b = text.encode()
    return bytes([0x0A, len(b)]) + b


def unary(request, context):
    return encode(decode(request).upper())


def stream(request, context):
    text = decode(request)
    for i in range(3):
        yield encode(f"{text} {i}")


def fail(request, context):
    context.abort(grpc.StatusCode.INVALID_ARGUMENT, "no " + decode(request))


handlers = {
    "Unary": grpc.unary_unary_rpc_method_handler(unary),
    "Stream": grpc.unary_stream_rpc_method_handler(stream),
    "Fail": grpc.unary_unary_rpc_method_handler(fail),
}
server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("test.Echo", handlers),))
port = server.add_insecure_port("127.0.0.1:0")
server.start()
print("PORT", port, flush=True)
sys.stdin.read()
server.stop(0)
