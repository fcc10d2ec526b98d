#!/usr/bin/env python3
"""Instructions per HTTP request of a Gust server with gust_metrics_path on and off, counted by
valgrind's callgrind over every process of the server: a measure of the metrics' cost that a loaded
machine does not disturb (this VM has no hardware counters for `perf stat`). Usage:
  python3 bench/metrics_instructions.py base|process [FEW MANY]
Each state runs twice, serving FEW and MANY keep-alive requests one at a time (`ab -k -c1`); the
difference of the two totals over MANY - FEW is the cost of one request, start-up cancelled out."""
import glob
import os
import pathlib
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import references  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
SO = pathlib.Path(os.environ.get("GUST_SO", ROOT / "build/release/ext/modules/gust.so"))  # GUST_SO: another build


def total_instructions(mode, state, requests):
    port = references.free_port()
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.%p")
        p = subprocess.Popen(["valgrind", "--tool=callgrind", "--trace-children=yes", f"--callgrind-out-file={out}",
                              "php", "-n", "-d", f"extension={SO}", str(ROOT / "bench/php/metrics_hello.php"),
                              str(port), mode, state], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(600):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        subprocess.run(["ab", "-q", "-k", "-c", "1", "-n", str(requests), f"http://127.0.0.1:{port}/"],
                       capture_output=True, timeout=600)
        p.terminate()
        p.wait(timeout=120)
        time.sleep(1)  # children write their profiles as they exit
        total = 0
        for f in glob.glob(os.path.join(tmp, "cg.*")):
            for line in open(f):
                if line.startswith("totals:"):
                    total += int(line.split()[1])
        return total


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "base"
    few, many = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (500, 2500)
    per = {}
    for state in ("off", "on"):
        a, b = total_instructions(mode, state, few), total_instructions(mode, state, many)
        per[state] = (b - a) / (many - few)
    print(f"{mode}: instructions per request off {per['off']:.0f}, on {per['on']:.0f}, "
          f"on - off {per['on'] - per['off']:.0f} ({(per['on'] / per['off'] - 1) * 100:.1f} %)")


if __name__ == "__main__":
    main()
