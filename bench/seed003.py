"""seed-003 on the core: the echo server with each poller, driven by the acceptance script."""
import re
import resource
import socket
import subprocess
import time


def start_echo(binary, poller):
    proc = subprocess.Popen([str(binary), "--port", "0", "--poller", poller], stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()  # the server prints "listening 127.0.0.1:PORT" once ready
    m = re.search(r"listening \S+:(\d+)", line)
    if not m:
        proc.kill()
        raise RuntimeError(f"echo_server --poller {poller}: unexpected first line {line!r}")
    return proc, int(m.group(1))


def run(binary, script, idle_counts):
    """Seconds for 40,000 round trips per idle count, per poller: {poller: {n: seconds}}."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, 20000)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, want), hard))  # inherited by both processes
    results = {}
    for poller in ("epoll", "poll"):
        proc, port = start_echo(binary, poller)
        try:
            out = subprocess.run(["python3", str(script), str(port), ",".join(map(str, idle_counts))],
                                 capture_output=True, text=True, timeout=600)
            if out.returncode != 0:
                raise RuntimeError(f"seed003 client failed: {out.stderr[-300:]}")
            results[poller] = {int(n): float(s) for n, s in re.findall(r"idle=(\d+) seconds=([\d.]+)", out.stdout)}
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    return results


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_listening(port, proc, seconds=10):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.02)
    raise RuntimeError(f"nothing listens on {port} after {seconds} s")


def run_php(php_cmd, server_script, client_script, idle_counts, mode="base"):
    """The acceptance program itself (Swoole\\Server echo) under the same client: {n: seconds}."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 20000)), hard))
    port = free_port()
    proc = subprocess.Popen(php_cmd + [str(server_script), str(port), mode], stdout=subprocess.DEVNULL)
    try:
        wait_listening(port, proc)
        out = subprocess.run(["python3", str(client_script), str(port), ",".join(map(str, idle_counts))],
                             capture_output=True, text=True, timeout=600)
        if out.returncode != 0:
            raise RuntimeError(f"seed003 client failed: {out.stderr[-300:]}")
        return {int(n): float(s) for n, s in re.findall(r"idle=(\d+) seconds=([\d.]+)", out.stdout)}
    finally:
        proc.terminate()
        proc.wait(timeout=10)
