"""The core echo server (examples/core/echo_server.cc) against independent clients:
Python's asyncio streams and the OpenBSD netcat."""
import asyncio
import os
import random
import shutil
import socket
import struct
import subprocess

import pytest


def test_many_concurrent_clients_get_their_own_bytes_back(echo_server):
    async def client(i):
        reader, writer = await asyncio.open_connection(echo_server.host, echo_server.port)
        rng = random.Random(i)
        for _ in range(50):
            msg = rng.randbytes(rng.randint(1, 3000))
            writer.write(msg)
            await writer.drain()
            assert await reader.readexactly(len(msg)) == msg
        writer.close()
        await writer.wait_closed()

    async def main():
        await asyncio.wait_for(asyncio.gather(*(client(i) for i in range(64))), timeout=60)

    asyncio.run(main())


def test_large_payload_streams_through_while_client_reads_concurrently(echo_server):
    payload = os.urandom(8 * 1024 * 1024)

    async def main():
        reader, writer = await asyncio.open_connection(echo_server.host, echo_server.port)

        async def send():
            writer.write(payload)
            await writer.drain()

        sender = asyncio.create_task(send())
        got = await reader.readexactly(len(payload))
        await sender
        writer.close()
        return got

    assert asyncio.run(asyncio.wait_for(main(), timeout=60)) == payload


def test_half_close_gets_every_byte_then_eof(echo_server):
    with socket.create_connection((echo_server.host, echo_server.port), timeout=20) as s:
        data = b"tail-" * 10000
        s.sendall(data)
        s.shutdown(socket.SHUT_WR)
        got = bytearray()
        while chunk := s.recv(65536):
            got += chunk
        assert bytes(got) == data


def test_reset_by_peer_does_not_disturb_other_connections(echo_server):
    keep = socket.create_connection((echo_server.host, echo_server.port), timeout=20)
    for _ in range(20):
        rude = socket.create_connection((echo_server.host, echo_server.port), timeout=20)
        rude.sendall(b"x" * 1000)
        rude.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        rude.close()  # RST instead of FIN
    keep.sendall(b"still here")
    assert keep.recv(100) == b"still here"
    keep.close()


@pytest.mark.skipif(shutil.which("nc") is None, reason="netcat-openbsd (nc) is not installed")
def test_netcat_round_trip(echo_server, tmp_path):
    src = tmp_path / "in.bin"
    src.write_bytes(os.urandom(1 << 20))
    r = subprocess.run(["nc", "-N", echo_server.host, str(echo_server.port)], stdin=src.open("rb"),
                       capture_output=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout == src.read_bytes()
