"""examples/grpc: the Greeter served by Swoole\\Http\\Server over h2c (BASE and PROCESS mode),
called by Python grpcio (examples/grpc/client.py's generic calls) and by the Gust HTTP/2 client
(examples/grpc/client.php). Checks the replies, their order, and grpc-status in the trailers,
including the failing calls (NOT_FOUND, INVALID_ARGUMENT, UNIMPLEMENTED). Every wait is bounded."""
import importlib.util
import json
import subprocess

import pytest

from conftest import BUILD, ROOT, Server, php_env, stop_and_check

EXAMPLE = ROOT / "examples" / "grpc"
grpc = pytest.importorskip("grpc")


def _example_client():
    spec = importlib.util.spec_from_file_location("greeter_client", EXAMPLE / "client.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


client = _example_client()


def _php(*args):
    so = BUILD / "ext" / "modules" / "gust.so"
    if not so.exists():
        pytest.fail(f"{so} not built")
    return ["php", "-n", "-d", f"extension={so}", *args]


@pytest.fixture(scope="module", params=["base", "process"])
def greeter(request):
    server = Server(_php(EXAMPLE / "server.php", "0", request.param), env=php_env())
    yield server
    stop_and_check(server)


@pytest.fixture
def channel(greeter):
    with grpc.insecure_channel(f"{greeter.host}:{greeter.port}") as ch:
        grpc.channel_ready_future(ch).result(timeout=10)
        yield ch


def test_grpcio_unary(channel):
    assert client.say_hello(channel, "grpcio") == ("Hello, grpcio", 0)
    assert client.say_hello(channel, "ünïcode") == ("Hello, ünïcode", 0)


def test_grpcio_server_streaming_in_order(channel):
    replies = client.countdown(channel, "t", 50)
    assert replies == [(f"t {50 - i}", i) for i in range(50)]
    assert client.countdown(channel, "none", 0) == []


def test_grpcio_sees_error_statuses(channel):
    with pytest.raises(grpc.RpcError) as e:
        client.say_hello(channel, "nobody")
    assert e.value.code() == grpc.StatusCode.NOT_FOUND
    assert e.value.details() == "nobody is not here"
    with pytest.raises(grpc.RpcError) as e:
        client.say_hello(channel, "")
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    with pytest.raises(grpc.RpcError) as e:
        client.countdown(channel, "x", 5000)
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    missing = channel.unary_unary("/gust.Greeter/Missing", request_serializer=client.encode_request,
                                  response_deserializer=client.decode_reply)
    with pytest.raises(grpc.RpcError) as e:
        missing(("x", 0), timeout=5)
    assert e.value.code() == grpc.StatusCode.UNIMPLEMENTED
    # The connection still serves after the failures.
    assert client.say_hello(channel, "again") == ("Hello, again", 0)


def test_gust_http2_client(greeter):
    r = subprocess.run(_php(EXAMPLE / "client.php", str(greeter.port), "gust", "4"), capture_output=True, text=True,
                       timeout=60, env=php_env())
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-4000:]
    assert "Sanitizer" not in r.stderr, r.stderr[-4000:]
    calls = [json.loads(line) for line in r.stdout.splitlines()]
    assert calls == [
        {"rpc": "SayHello", "http_status": 200, "status": 0, "message": "", "replies": [["Hello, gust", 0]]},
        {"rpc": "Countdown", "http_status": 200, "status": 0, "message": "",
         "replies": [["gust 4", 0], ["gust 3", 1], ["gust 2", 2], ["gust 1", 3]]},
        {"rpc": "SayHello", "http_status": 200, "status": 5, "message": "nobody is not here", "replies": []},
        {"rpc": "Missing", "http_status": 200, "status": 12, "message": "unknown method /gust.Greeter/Missing",
         "replies": []},
    ], r.stdout
