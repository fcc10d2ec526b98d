#!/usr/bin/env python3
"""CPU time of a Gust server per request with gust_metrics_path on and off, alternated, under
`ab -k -c50` (a measure that a loaded machine disturbs less than throughput). Usage:
  python3 bench/metrics_cpu.py base|process ROUNDS REQUESTS"""
# CPU time of the serving processes per request, metrics on vs off, alternated (robust to a loaded machine).
import os, pathlib, socket, subprocess, sys, time
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import references
ROOT = pathlib.Path(__file__).resolve().parents[1]
so = ROOT / "build/release/ext/modules/gust.so"
mode, rounds, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def tree_cpu(pid):
    total = 0
    pids = [pid]
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    for c in out:
        pids.append(int(c))
        pids += [int(x) for x in subprocess.run(["pgrep", "-P", c], capture_output=True, text=True).stdout.split()]
    for p in pids:
        try:
            f = open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()
            total += int(f[11]) + int(f[12])
        except OSError:
            pass
    return total / os.sysconf("SC_CLK_TCK")
res = {"off": [], "on": []}
for _ in range(rounds):
    for st in ("off", "on"):
        port = references.free_port()
        argv = ["php", "-n", "-d", f"extension={so}", str(ROOT / "bench/php/metrics_hello.php"), str(port), mode, st]
        p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close(); break
            except OSError: time.sleep(0.05)
        subprocess.run(["ab", "-q", "-k", "-c", "50", "-n", "2000", f"http://127.0.0.1:{port}/"], capture_output=True)
        before = tree_cpu(p.pid)
        subprocess.run(["ab", "-q", "-k", "-c", "50", "-n", str(n), f"http://127.0.0.1:{port}/"], capture_output=True)
        after = tree_cpu(p.pid)
        p.terminate(); p.wait(timeout=20)
        res[st].append((after - before) / n * 1e6)
med = {k: sorted(v)[len(v)//2] for k, v in res.items()}
print(mode, "CPU us/request", {k: [round(x, 2) for x in v] for k, v in res.items()}, "medians", {k: round(v, 2) for k, v in med.items()},
      "off/on", round(med["off"] / med["on"], 3))
