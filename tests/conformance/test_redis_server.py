"""Swoole\\Redis\\Server (tests/conformance/redis_app.php) against Redis' own tools: redis-cli
(commands, pipelined input, inline commands) and redis-benchmark (GET/SET with 50 clients, and a
pipelined run), plus raw sockets for a protocol error; in BASE and PROCESS mode."""
import shutil
import socket
import subprocess

import pytest

from conftest import start_php_app, stop_and_check

pytestmark = pytest.mark.skipif(not shutil.which("redis-cli") or not shutil.which("redis-benchmark"),
                                reason="redis-tools (redis-cli, redis-benchmark) not installed")


@pytest.fixture(scope="module", params=["base", "process"])
def redis_server(request):
    server = start_php_app("redis_app.php", request.param)
    yield server
    stop_and_check(server)


def cli(server, *args, stdin=None):
    out = subprocess.run(["redis-cli", "-h", server.host, "-p", str(server.port), *args], input=stdin,
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_redis_cli_commands_get_redis_shaped_replies(redis_server):
    assert cli(redis_server, "SET", "greeting", "hello world") == "OK\n"
    assert cli(redis_server, "GET", "greeting") == "hello world\n"
    assert cli(redis_server, "GET", "missing") == "\n"
    assert cli(redis_server, "INCR", "counter") == "1\n"
    assert cli(redis_server, "INCR", "counter") == "2\n"
    assert cli(redis_server, "HSET", "h", "f1", "a", "f2", "b") == "2\n"
    assert cli(redis_server, "HGETALL", "h") == "f1\na\nf2\nb\n"
    assert cli(redis_server, "DEL", "greeting", "missing") == "1\n"
    assert cli(redis_server, "NOSUCH", "x").strip() == "ERR unknown command 'NOSUCH'"


def test_redis_cli_pipe_mode_answers_every_command_in_order(redis_server):
    commands = "".join(f"SET key{i} value{i}\n" for i in range(500)) + "".join(f"GET key{i}\n" for i in range(500))
    out = cli(redis_server, stdin=commands).splitlines()
    assert out == ["OK"] * 500 + [f"value{i}" for i in range(500)]


def raw(server, data, lines=None):
    """What the server answers to `data`: until it closes, or until `lines` CRLFs arrived."""
    with socket.create_connection((server.host, server.port), timeout=10) as s:
        s.sendall(data)
        got = b""
        while lines is None or got.count(b"\r\n") < lines:
            chunk = s.recv(65536)
            if not chunk:
                return got, True
            got += chunk
        return got, False


def test_inline_commands_and_protocol_errors_over_raw_sockets(redis_server):
    got, closed = raw(redis_server, b'SET inl "a b"\r\nGET inl\r\n', lines=3)
    assert (got, closed) == (b"+OK\r\n$3\r\na b\r\n", False)
    got, closed = raw(redis_server, b"*1\r\n$x\r\n")
    assert (got, closed) == (b"-ERR Protocol error: invalid bulk length\r\n", True)
    got, closed = raw(redis_server, b"*2\r\n$3\r\nGET\r\n$99999999\r\n")
    assert (got, closed) == (b"-ERR Protocol error: invalid bulk length\r\n", True)


@pytest.mark.parametrize("pipeline", [1, 16])
def test_redis_benchmark_get_set_completes_without_errors(redis_server, pipeline):
    out = subprocess.run(["redis-benchmark", "-h", redis_server.host, "-p", str(redis_server.port), "-t", "get,set",
                          "-n", "20000", "-c", "50", "-P", str(pipeline), "-q", "--csv"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    rows = {line.split(",")[0].strip('"'): line.split(",")[1].strip('"') for line in out.stdout.splitlines()
            if line.startswith('"SET"') or line.startswith('"GET"')}
    assert set(rows) == {"SET", "GET"}, out.stdout
    assert all(float(v) > 0 for v in rows.values()), out.stdout
