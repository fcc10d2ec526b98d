"""Swoole\\WebSocket\\Server (tests/conformance/ws_app.php, an echo server) against real WebSocket clients:
Python's `websockets` and Node's `ws` (installed into build/node by tools/deps.sh), with
permessage-deflate on and off, in BASE and PROCESS mode. Every wait is bounded; nothing sleeps."""
import json
import os
import pathlib
import random
import shutil
import subprocess

import pytest
from websockets.exceptions import ConnectionClosedError
from websockets.sync.client import connect

from conftest import ROOT, WS_MAX_LENGTH

TIMEOUT = 20.0
NODE_MODULES = ROOT / "build" / "node" / "node_modules"


def uri(server, path="/"):
    return f"ws://{server.host}:{server.port}{path}"


def client(server, compression):
    return connect(uri(server), compression=compression, open_timeout=TIMEOUT, close_timeout=TIMEOUT,
                   ping_interval=None, max_size=2 * WS_MAX_LENGTH)


def negotiated(ws):
    return ws.response.headers.get("Sec-WebSocket-Extensions")


COMPRESSION = [pytest.param("deflate", id="deflate"), pytest.param(None, id="plain")]


@pytest.mark.parametrize("compression", COMPRESSION)
def test_websockets_text_and_binary_echo(ws_server, compression):
    with client(ws_server, compression) as ws:
        assert (negotiated(ws) is not None) == (compression == "deflate")
        for i in range(50):
            text = f"text {i} κόσμε 🎉 " * i
            ws.send(text)
            assert ws.recv(timeout=TIMEOUT) == text
            data = random.Random(i).randbytes(i * 97)
            ws.send(data)
            assert ws.recv(timeout=TIMEOUT) == data


@pytest.mark.parametrize("compression", COMPRESSION)
def test_websockets_fragmented_messages_are_echoed_whole(ws_server, compression):
    with client(ws_server, compression) as ws:
        ws.send(["frag", "mented ", "κό", "σμε"])
        assert ws.recv(timeout=TIMEOUT) == "fragmented κόσμε"
        parts = [random.Random(i).randbytes(40000) for i in range(5)]
        ws.send(parts)
        assert ws.recv(timeout=TIMEOUT) == b"".join(parts)


@pytest.mark.parametrize("compression", COMPRESSION)
def test_websockets_one_mib_message(ws_server, compression):
    with client(ws_server, compression) as ws:
        data = (b"0123456789" * (WS_MAX_LENGTH // 10 + 1))[:WS_MAX_LENGTH]
        ws.send(data)
        assert ws.recv(timeout=TIMEOUT) == data


@pytest.mark.parametrize("compression", COMPRESSION)
def test_websockets_ping_is_answered(ws_server, compression):
    with client(ws_server, compression) as ws:
        for payload in (b"", b"ping payload", b"\xff" * 125):
            assert ws.ping(payload).wait(TIMEOUT), "no pong"


@pytest.mark.parametrize("compression", COMPRESSION)
@pytest.mark.parametrize("code", [1000, 1001, 4000])
def test_websockets_close_code_is_echoed(ws_server, compression, code):
    with client(ws_server, compression) as ws:
        ws.send("before close")
        assert ws.recv(timeout=TIMEOUT) == "before close"
        ws.close(code, "bye")
        assert ws.protocol.close_rcvd is not None and ws.protocol.close_rcvd.code == code


def test_websockets_message_over_the_limit_is_refused_with_1009(ws_server):
    with client(ws_server, None) as ws:
        ws.send(b"\x00" * (WS_MAX_LENGTH + 1))
        with pytest.raises(ConnectionClosedError) as e:
            ws.recv(timeout=TIMEOUT)
        assert e.value.rcvd is not None and e.value.rcvd.code == 1009


needs_node = pytest.mark.skipif(shutil.which("node") is None or not (NODE_MODULES / "ws").is_dir(),
                                reason="node or its ws package is missing (tools/deps.sh installs them)")


@needs_node
@pytest.mark.parametrize("mode", ["deflate", "plain"])
def test_node_ws_client_echoes_100_messages(ws_server, mode):
    r = subprocess.run(["node", str(pathlib.Path(__file__).with_name("ws_node_client.js")), uri(ws_server), mode],
                       capture_output=True, text=True, timeout=120, env=dict(os.environ, NODE_PATH=str(NODE_MODULES)))
    assert r.returncode == 0, r.stderr
    result = json.loads(r.stdout.strip().splitlines()[-1])
    assert "error" not in result, result
    assert result["echoed"] == 100 and not result["mismatches"], result
    assert result["pong"] == "node ping"
    assert result["closeCode"] == 1000
    if mode == "deflate":
        assert result["extensions"].startswith("permessage-deflate"), result
    else:
        assert not result["extensions"], result
