"""MySQL over TLS and Redis against real servers, from coroutines with SWOOLE_HOOK_ALL.

A private MariaDB (mariadbd) with TLS turned on and `require_secure_transport` (a CA and a server
certificate made at run time), reached through PDO mysql and mysqli (mysqlnd's STARTTLS on a
hooked stream) and through Swoole\\Database\\PDOPool; and a private Redis reached through phpredis.
Both skip, saying why, when the server program is not installed (tools/deps.sh installs them)."""
import json
import os
import pathlib
import shutil
import socket
import subprocess
import time

import pytest

from conftest import BUILD, ROOT, php_env
from tls_certs import make_certs

MARIADBD = shutil.which("mariadbd") or ("/usr/sbin/mariadbd" if os.path.exists("/usr/sbin/mariadbd") else None)
REDIS = shutil.which("redis-server")
SLEEP = 0.3


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_port(port, proc, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return True
        except OSError:
            time.sleep(0.05)
    return False


def _stop(proc):
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _php(*args):
    so = BUILD / "ext/modules/gust.so"
    if not so.exists():
        pytest.fail(f"missing {so}")
    exts = []
    for name in ("mysqlnd", "mysqli", "pdo", "pdo_mysql", "igbinary", "redis"):
        exts += ["-d", f"extension={name}"]
    r = subprocess.run(["php", "-n", *exts, "-d", f"extension={so}", ROOT / "tests/conformance/db_client.php",
                        *map(str, args)], capture_output=True, text=True, timeout=120,
                       env=php_env())
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-4000:]
    assert "ERROR: AddressSanitizer" not in r.stderr and "runtime error:" not in r.stderr, r.stderr[-4000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def mariadb_tls(tmp_path_factory):
    if not MARIADBD:
        pytest.skip("mariadbd is not installed (tools/deps.sh installs mariadb-server)")
    tmp = tmp_path_factory.mktemp("mariadb-tls")
    certs = make_certs(tmp)
    (tmp / "data").mkdir()
    port = _free_port()
    cmd = [MARIADBD, "--no-defaults", f"--datadir={tmp / 'data'}", f"--socket={tmp / 'mysql.sock'}",
           "--bind-address=127.0.0.1", f"--port={port}", "--skip-grant-tables", "--skip-log-bin",
           "--innodb-buffer-pool-size=8M", f"--ssl-cert={certs / 'server.crt'}", f"--ssl-key={certs / 'server.key'}",
           f"--ssl-ca={certs / 'ca.crt'}", "--require-secure-transport=ON"]
    if os.geteuid() == 0:
        cmd.append("--user=root")
    log = open(tmp / "mysql.log", "w")
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        if not _wait_port(port, proc, 30):
            pytest.fail("mariadbd did not start: " + (tmp / "mysql.log").read_text()[-3000:])
        yield port, certs / "ca.crt"
    finally:
        _stop(proc)
        log.close()


@pytest.fixture(scope="module")
def redis_port(tmp_path_factory):
    if not REDIS:
        pytest.skip("redis-server is not installed (tools/deps.sh installs redis-server)")
    tmp = tmp_path_factory.mktemp("redis")
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    proc = subprocess.Popen([REDIS, "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly", "no",
                             "--dir", str(tmp)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        if not _wait_port(port, proc, 10):
            pytest.fail("redis-server did not start")
        yield port
    finally:
        _stop(proc)


def test_mysql_over_tls_in_coroutines(mariadb_tls):
    port, ca = mariadb_tls
    out = _php("mariadb-tls", port, ca)
    print("seconds: pdo %.3f mysqli %.3f pool %.3f" % (out["pdo_seconds"], out["mysqli_seconds"], out["pool_seconds"]))
    for key, n in (("pdo", 4), ("mysqli", 3), ("pool", 6)):
        rows = out[key]
        assert len(rows) == n, out
        for i, row in enumerate(rows):
            assert isinstance(row, dict), f"{key}[{i}]: {row}"
            assert row["cipher"], f"{key}[{i}] is not encrypted: {row}"
            assert row["i"] == i
    # The queries overlap: about one SLEEP, not the sum (4 x 0.3 s, 3 x 0.3 s); the pool of 3 for
    # 6 coroutines takes two rounds. The TLS handshakes of the debug build add a little.
    assert out["pdo_seconds"] < SLEEP * 2.5, out
    assert out["mysqli_seconds"] < SLEEP * 2.5, out
    assert SLEEP * 2 <= out["pool_seconds"] < SLEEP * 3.5, out
    plain = out["plain"][0]
    assert plain == {"cipher": ""} or "insecure transport" in str(plain), out


def test_redis_blpop_in_coroutines(redis_port):
    out = _php("redis", redis_port)
    print("seconds: blpop %.3f" % out["blpop_seconds"])
    assert out["blpop"] == ["v0", "v1", "v2", True], out
    # All three waited at once and were served by the one push 0.2 s in.
    assert out["blpop_seconds"] < 1.0, out
