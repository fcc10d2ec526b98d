"""Swoole\\Coroutine\\Http\\Client's WebSocket side against Python's `websockets` server (a strict
RFC 6455 / RFC 7692 implementation: it refuses unmasked client frames, checks UTF-8, and speaks
permessage-deflate), in plain text and over TLS (wss://). The PHP client runs tests/conformance/ws_client.php on the debug (ASan)
gust.so; every wait is bounded."""
import asyncio
import hashlib
import json
import ssl
import subprocess
import threading

import pytest

websockets = pytest.importorskip("websockets")
from websockets.asyncio.server import serve  # noqa: E402

from conftest import BUILD, ROOT, php_env  # noqa: E402
from tls_certs import make_certs  # noqa: E402


class WsServer:
    """An echo server on its own event loop thread; 'ping-me' pings first, 'close-me' closes 4000."""

    def __init__(self, compression, ssl_context=None):
        self.compression = compression
        self.ssl_context = ssl_context
        self.received = []
        self.port = None
        self._ready = threading.Event()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        assert self._ready.wait(10), "websockets server did not start"

    async def _handler(self, ws):
        async for msg in ws:
            self.received.append(msg)
            if msg == "ping-me":
                await ws.ping(b"are you there")
            if msg == "close-me":
                await ws.close(4000, "bye")
                return
            await ws.send(msg)

    def _run(self):
        asyncio.set_event_loop(self._loop)

        async def main():
            self._stop = asyncio.Event()
            async with serve(self._handler, "127.0.0.1", 0, compression=self.compression,
                             max_size=2**22, ssl=self.ssl_context) as server:
                self.port = server.sockets[0].getsockname()[1]
                self._ready.set()
                await self._stop.wait()

        self._loop.run_until_complete(main())

    def stop(self):
        self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)


@pytest.fixture(scope="module")
def certs(tmp_path_factory):
    return make_certs(tmp_path_factory.mktemp("wss"))


@pytest.mark.parametrize("compression", [None, "deflate"])
@pytest.mark.parametrize("tls", [False, True], ids=["ws", "wss"])
def test_client_talks_to_websockets(compression, tls, certs):
    context = None
    if tls:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(certs / "server.crt", certs / "server.key")
    server = WsServer(compression, context)
    try:
        so = BUILD / "ext" / "modules" / "gust.so"
        r = subprocess.run(["php", "-n", "-d", f"extension={so}", ROOT / "tests/conformance/ws_client.php",
                            str(server.port), "1" if compression else "0", *([str(certs)] if tls else [])],
                           capture_output=True, text=True, timeout=60, env=php_env())
    finally:
        server.stop()
    assert "Sanitizer" not in r.stderr, r.stderr[-4000:]
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["upgrade"] is True and out["status"] == 101
    if compression:
        assert out["extensions"].startswith("permessage-deflate")
    else:
        assert out["extensions"] is None
    md5 = lambda s: hashlib.md5(s.encode()).hexdigest()  # noqa: E731
    assert out["text"] == {"opcode": 1, "len": 5, "md5": md5("hello")}
    assert out["utf8"]["md5"] == md5("héllo wörld ✓")
    assert out["binary"]["opcode"] == 2 and out["binary"]["len"] == 1001
    assert out["big_compressed"] == {"opcode": 1, "len": 210000, "md5": out["big_md5"]}
    assert out["second_compressed"] == out["big_compressed"]
    assert out["fragmented"] == {"opcode": 1, "len": 10, "md5": out["fragmented_md5"]}
    assert out["ping"] == [9, "are you there"]
    assert out["after_ping"] == [1, "ping-me"]
    assert out["close"] == [8, 4000, "bye"]
    assert out["connected_after_close"] is False
    # The server saw every message whole and unmasked correctly.
    assert server.received[:2] == ["hello", "héllo wörld ✓"]
    assert "fragmented" in server.received
