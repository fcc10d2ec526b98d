"""HTTP/2 rows of bench/run.py (`bench/run.py http2`): Gust's h2c server against nginx, PROCESS
against BASE, a 1 GB download over one h2 stream against HTTP/1.1 on the same server, and
Co\\Http2\\Client against h2load as clients of the same server. Rounds alternate the sides;
medians of 3. CPU is the serving (or client) processes' utime+stime, children included, so a
loaded machine disturbs it less than wall-clock rates."""
import contextlib
import os
import pathlib
import re
import resource
import subprocess
import tempfile

import references

ROOT = pathlib.Path(__file__).resolve().parents[1]
SERVER = ROOT / "bench/php/h2_server.php"
CLIENT = ROOT / "bench/php/h2_client.php"
TICK = os.sysconf("SC_CLK_TCK")


def tree_cpu(pid: int) -> float:
    """utime+stime in seconds of `pid` and its descendants alive now."""
    parents = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            with contextlib.suppress(OSError):
                f = open(f"/proc/{d}/stat").read().rsplit(")", 1)[1].split()
                parents[int(d)] = (int(f[1]), int(f[11]) + int(f[12]))
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        total += parents.get(p, (0, 0))[1]
        todo += [c for c, (pp, _) in parents.items() if pp == p]
    return total / TICK


def h2load(url: str, n: int, c: int, m: int):
    """(succeeded, req/s) of `h2load -t1`."""
    r = subprocess.run(["h2load", f"-n{n}", f"-c{c}", f"-m{m}", "-t1", url], capture_output=True, text=True,
                       timeout=600)
    ok = re.search(r"(\d+) succeeded", r.stdout)
    rps = re.search(r"finished in [\d.]+\w+, ([\d.]+) req/s", r.stdout)
    if not ok or not rps:
        raise RuntimeError(f"h2load: {r.stdout[-300:]} {r.stderr[-300:]}")
    return int(ok.group(1)), float(rps.group(1))


def served_per_cpu(proc, url: str, n=100000, c=100, m=10):
    """(requests per server-CPU-second, req/s) of one h2load run against `proc`."""
    before = tree_cpu(proc.pid)
    ok, rps = h2load(url, n, c, m)
    used = tree_cpu(proc.pid) - before
    return ok / max(used, 1e-9), rps


@contextlib.contextmanager
def nginx_h2():
    with tempfile.TemporaryDirectory() as prefix:
        port = references.free_port()
        conf = pathlib.Path(prefix) / "nginx.conf"
        conf.write_text(references.nginx_conf(
            prefix, f'keepalive_requests 1000000; server {{ listen 127.0.0.1:{port} http2; '
            f'location / {{ return 200 "hello\\n"; }} }}'))
        with references.serving(["nginx", "-c", str(conf), "-p", prefix], port) as proc:
            yield proc, port


@contextlib.contextmanager
def gust(rel, mode, big=""):
    port = references.free_port()
    argv = ["php", "-n", "-d", f"extension={rel / 'ext/modules/gust.so'}", str(SERVER), str(port), mode, big]
    with references.serving(argv, port) as proc:
        yield proc, port


def download(proc, port: int, http2: bool):
    """(MB/s, server CPU s, h2load CPU s) of one h2load download of /big (1 GiB) over h2c or HTTP/1.1: the
    same client for both. Over h2c the client opens 1 GiB windows (-w30 -W30), as a bulk client does (curl
    opens 32 MiB): with h2load's 64 KiB default the client's WINDOW_UPDATE round trips, not the server, set
    the pace."""
    server0, client0 = tree_cpu(proc.pid), resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        r = subprocess.run(["h2load", *(["-w30", "-W30"] if http2 else ["--h1"]), "-n1", "-c1", "-t1",
                            f"http://127.0.0.1:{port}/big"], capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return 0.0, 0.0, 0.0  # stalled: a recorded miss
    client1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = re.search(r"finished in ([\d.]+)(ms|s)", r.stdout)
    if not t or "1 succeeded" not in r.stdout or "(1073741824) data" not in r.stdout:
        raise RuntimeError(f"download: {r.stdout[-300:]}")
    seconds = float(t.group(1)) * (1e-3 if t.group(2) == "ms" else 1)
    client = (client1.ru_utime + client1.ru_stime) - (client0.ru_utime + client0.ru_stime)
    return (1 << 30) / seconds / 1e6, tree_cpu(proc.pid) - server0, client


def download_curl(proc, port: int, http2: bool):
    """(MB/s, server CPU s, curl CPU s) of one curl download of /big (1 GiB) over h2c (prior knowledge) or
    HTTP/1.1: a bulk client whose own cost per byte is about the same either way, unlike h2load's (its
    HTTP/1.1 path only counts bytes). The CPU times show which side paces the transfer."""
    server0, client0 = tree_cpu(proc.pid), resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        r = subprocess.run(["curl", "-s", "-o", "/dev/null", "-w", "%{speed_download} %{size_download}",
                            *(["--http2-prior-knowledge"] if http2 else ["--http1.1"]),
                            f"http://127.0.0.1:{port}/big"], capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return 0.0, 0.0, 0.0
    client1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    speed, size = r.stdout.split()
    if int(float(size)) != 1 << 30:
        raise RuntimeError(f"curl download: {r.stdout[-300:]}")
    client = (client1.ru_utime + client1.ru_stime) - (client0.ru_utime + client0.ru_stime)
    return float(speed) / 1e6, tree_cpu(proc.pid) - server0, client


def client_rates(rel, port: int, n=30000, m=100):
    """(Gust client, h2load -c1 -m{m}) as (req/s, requests per client-CPU-second), same server."""
    so = rel / "ext/modules/gust.so"
    out = subprocess.run(["php", "-n", "-d", f"extension={so}", str(CLIENT), str(port), str(n), str(m)],
                         capture_output=True, text=True, timeout=600).stdout
    kv = dict(x.split("=") for x in out.split())
    if int(kv.get("requests", 0)) != n:
        raise RuntimeError(f"h2_client.php: {out[-300:]}")
    g = (n / float(kv["seconds"]), n / max(float(kv["cpu_s"]), 1e-9))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    ok, rps = h2load(f"http://127.0.0.1:{port}/", n, 1, m)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return g, (rps * ok / n, ok / max(cpu, 1e-9))


def med(v):
    return sorted(v)[len(v) // 2]


def bench_http2(row, rel):
    """HTTP/2: h2load hello vs nginx; PROCESS vs BASE; 1 GB over h2 vs HTTP/1.1; client vs h2load."""
    r = {k: [] for k in ("nginx", "base", "process", "nginx_rps", "base_rps", "process_rps", "h2", "h1", "h2c", "h1c",
                         "h2_server", "h1_server", "h2_client", "h1_client",
                         "h2c_server", "h1c_server", "h2c_client", "h1c_client",
                         "gc_rps", "gc_cpu", "ref_rps", "ref_cpu")}
    with tempfile.TemporaryDirectory() as tmp:
        big = pathlib.Path(tmp) / "big.bin"
        with open(big, "wb") as f:
            f.truncate(1 << 30)  # sparse: the page cache serves it, the disk does not count
        for _ in range(3):
            with nginx_h2() as (proc, port):
                a, b = served_per_cpu(proc, f"http://127.0.0.1:{port}/")
                r["nginx"].append(a), r["nginx_rps"].append(b)
            for mode in ("base", "process"):
                with gust(rel, mode, str(big)) as (proc, port):
                    a, b = served_per_cpu(proc, f"http://127.0.0.1:{port}/")
                    r[mode].append(a), r[mode + "_rps"].append(b)
                    if mode == "base":
                        for key, h2 in (("h2", True), ("h1", False)):
                            mbs, server, client = download(proc, port, h2)
                            r[key].append(mbs), r[key + "_server"].append(server), r[key + "_client"].append(client)
                        for key, h2 in (("h2c", True), ("h1c", False)):
                            mbs, server, client = download_curl(proc, port, h2)
                            r[key].append(mbs), r[key + "_server"].append(server), r[key + "_client"].append(client)
                        (grps, gcpu), (rrps, rcpu) = client_rates(rel, port)
                        r["gc_rps"].append(grps), r["gc_cpu"].append(gcpu)
                        r["ref_rps"].append(rrps), r["ref_cpu"].append(rcpu)
    m = {k: med(v) for k, v in r.items()}
    load = "h2load -c100 -m10 -n100000 -t1"
    row("http2", f"BASE 1 worker, requests per server-CPU-s, {load} (ref: nginx http2 return 200)", round(m["base"]),
        round(m["nginx"]), ">= 1.0 x nginx", m["base"] >= m["nginx"])
    row("http2", f"  same runs, req/s (ref: nginx)", round(m["base_rps"]), round(m["nginx_rps"]), "(loaded machine)")
    row("http2", f"PROCESS 1 worker, requests per server-CPU-s, {load} (ref: BASE)", round(m["process"]),
        round(m["base"]), ">= 0.9 x BASE", m["process"] >= 0.9 * m["base"])
    row("http2", f"  same runs, req/s (ref: BASE)", round(m["process_rps"]), round(m["base_rps"]), ">= 0.9 x BASE",
        m["process_rps"] >= 0.9 * m["base_rps"])
    row("http2", "1 GiB sendfile() download, one h2 stream, h2load -n1, MB/s (ref: HTTP/1.1, same server)", round(m["h2"]),
        round(m["h1"]), ">= 0.9 x HTTP/1.1", m["h2"] >= 0.9 * m["h1"])
    row("http2", "  same h2load runs, server CPU s per GiB (ref: HTTP/1.1)", round(m["h2_server"], 3),
        round(m["h1_server"], 3), "report")
    row("http2", "  same h2load runs, h2load's CPU s per GiB (ref: HTTP/1.1)", round(m["h2_client"], 3),
        round(m["h1_client"], 3), "report")
    row("http2", "  the same download with curl, MB/s (ref: curl over HTTP/1.1, same server)", round(m["h2c"]),
        round(m["h1c"]), ">= 0.9 x HTTP/1.1", m["h2c"] >= 0.9 * m["h1c"])
    row("http2", "  same curl runs, server CPU s per GiB (ref: HTTP/1.1)", round(m["h2c_server"], 3),
        round(m["h1c_server"], 3), "report")
    row("http2", "  same curl runs, curl's CPU s per GiB (ref: HTTP/1.1)", round(m["h2c_client"], 3),
        round(m["h1c_client"], 3), "report")
    # Client and server share the 2 cores: when curl's own h2 CPU exceeds the whole HTTP/1.1 download's
    # wall time, 0.9 x cannot be reached whatever the server does.
    row("http2", "  curl's h2 CPU s (ref: the HTTP/1.1 download's wall s at 0.9 x)", round(m["h2c_client"], 3),
        round((1 << 30) / 1e6 / m["h1c"] / 0.9, 3) if m["h1c"] else 0, "report")
    row("http2", "Co\\Http2\\Client 1 conn, 100 streams at a time, req/s (ref: h2load -c1 -m100, same server)",
        round(m["gc_rps"]), round(m["ref_rps"]), "report")
    row("http2", "  same runs, requests per client-CPU-s (ref: h2load)", round(m["gc_cpu"]), round(m["ref_cpu"]),
        "report")
