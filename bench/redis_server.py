#!/usr/bin/env python3
"""Swoole\\Redis\\Server against redis-server: redis-benchmark GET/SET on each, in the same run.

  bench/redis_server.py [ROUNDS]      (release build: build/release/ext/modules/gust.so)

Starts tests/conformance/redis_app.php (BASE, 1 worker) and a private redis-server (no persistence)
on free ports, runs `redis-benchmark -t get,set -n 100000 -c 50 -q --csv` against each, alternated,
ROUNDS times (default 3), and prints the medians and the ratio Gust / redis-server.
No target: recorded in docs/BENCHMARKS.md for reference.
"""
import pathlib
import re
import socket
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
SO = ROOT / "build" / "release" / "ext" / "modules" / "gust.so"
N = 100000


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port, proc):
    for _ in range(200):
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("server did not listen")


def benchmark(port, pipeline=1):
    out = subprocess.run(["redis-benchmark", "-h", "127.0.0.1", "-p", str(port), "-t", "get,set", "-n", str(N),
                          "-c", "50", "-P", str(pipeline), "-q", "--csv"],
                         capture_output=True, text=True, timeout=300, check=True).stdout
    rps = {}
    for line in out.splitlines():
        m = re.match(r'"(SET|GET)","([0-9.]+)"', line)
        if m:
            rps[m.group(1)] = float(m.group(2))
    return rps


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    gport, rport = free_port(), free_port()
    gust = subprocess.Popen(["php", "-n", "-d", f"extension={SO}", ROOT / "tests" / "conformance" / "redis_app.php",
                             str(gport), "base"], stdout=subprocess.DEVNULL)
    redis = subprocess.Popen(["redis-server", "--port", str(rport), "--bind", "127.0.0.1", "--save", "",
                              "--appendonly", "no", "--io-threads", "1"], stdout=subprocess.DEVNULL)
    try:
        wait_port(gport, gust)
        wait_port(rport, redis)
        for pipeline in (1, 16):
            results = {"gust": {"SET": [], "GET": []}, "redis": {"SET": [], "GET": []}}
            for _ in range(rounds):
                for name, port in (("gust", gport), ("redis", rport)):
                    for cmd, v in benchmark(port, pipeline).items():
                        results[name][cmd].append(v)
            for cmd in ("SET", "GET"):
                g = statistics.median(results["gust"][cmd])
                r = statistics.median(results["redis"][cmd])
                print(f"P={pipeline:<2} {cmd}: Gust {g:,.0f} req/s, redis-server {r:,.0f} req/s, ratio {g / r:.2f}")
    finally:
        for p in (gust, redis):
            p.terminate()
            p.wait(timeout=20)


if __name__ == "__main__":
    main()
