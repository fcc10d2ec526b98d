"""Calls the Greeter (server.php) with Python grpcio: generic calls with hand-written
serializers for greeter.proto's two messages, no generated code. Usage: python3 client.py PORT [NAME]"""
import sys

import grpc


def _varint(n):
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def encode_request(req):
    """HelloRequest from (name, count)."""
    name, count = req
    out = b""
    if name:
        b = name.encode()
        out += b"\x0a" + _varint(len(b)) + b
    if count:
        out += b"\x10" + _varint(count)
    return out


def decode_reply(data):
    """HelloReply as (message, index)."""
    fields, pos = {1: "", 2: 0}, 0

    def varint():
        nonlocal pos
        n, shift = 0, 0
        while True:
            b = data[pos]
            pos += 1
            n |= (b & 0x7F) << shift
            if b < 0x80:
                return n
            shift += 7

    while pos < len(data):
        key = varint()
        if key & 7 == 0:
            fields[key >> 3] = varint()
        elif key & 7 == 2:
            n = varint()
            fields[key >> 3] = data[pos:pos + n].decode()
            pos += n
        else:
            raise ValueError(f"wire type {key & 7}")
    return fields[1], fields[2]


def say_hello(channel, name, timeout=5):
    call = channel.unary_unary("/gust.Greeter/SayHello", request_serializer=encode_request,
                               response_deserializer=decode_reply)
    return call((name, 0), timeout=timeout)


def countdown(channel, name, count, timeout=5):
    call = channel.unary_stream("/gust.Greeter/Countdown", request_serializer=encode_request,
                                response_deserializer=decode_reply)
    return list(call((name, count), timeout=timeout))


if __name__ == "__main__":
    port, name = int(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else "gust"
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        print(say_hello(channel, name))
        for reply in countdown(channel, name, 3):
            print(reply)
        try:
            say_hello(channel, "nobody")
        except grpc.RpcError as e:
            print(e.code(), e.details())
