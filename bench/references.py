"""Reference servers the benchmark runner starts on 127.0.0.1, and the load tools it drives."""
import contextlib
import pathlib
import re
import socket
import subprocess
import tempfile
import time


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port: int, proc: subprocess.Popen, timeout: float = 10.0):
    """Wait until something accepts on the port (bounded), or the process died."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode} before listening")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return
        time.sleep(0.02)  # polling a port we do not control; bounded by the deadline
    raise RuntimeError(f"nothing listening on {port} after {timeout} s")


def wrk_rps(url: str, duration: int, connections: int = 100) -> float:
    r = subprocess.run(["wrk", "-t1", f"-c{connections}", f"-d{duration}s", url], capture_output=True, text=True,
                       timeout=duration + 30)
    m = re.search(r"Requests/sec:\s+([\d.]+)", r.stdout)
    if not m:
        raise RuntimeError(f"wrk: {r.stdout[-300:]} {r.stderr[-300:]}")
    return float(m.group(1))


@contextlib.contextmanager
def nginx_return_200():
    """nginx from Debian, one worker, `return 200` on a free loopback port."""
    with tempfile.TemporaryDirectory() as prefix:
        port = free_port()
        conf = pathlib.Path(prefix) / "nginx.conf"
        conf.write_text(f"""
daemon off; worker_processes 1; error_log {prefix}/error.log; pid {prefix}/nginx.pid;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {prefix}; proxy_temp_path {prefix}; fastcgi_temp_path {prefix};
    uwsgi_temp_path {prefix}; scgi_temp_path {prefix};
    server {{ listen 127.0.0.1:{port}; location / {{ return 200 "hello world\\n"; }} }}
}}
""")
        proc = subprocess.Popen(["nginx", "-c", str(conf), "-p", prefix], stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)
        try:
            wait_port(port, proc)
            yield port
        finally:
            proc.terminate()
            proc.wait(timeout=10)


def nginx_return_200_rps(duration: int = 5) -> float:
    with nginx_return_200() as port:
        return wrk_rps(f"http://127.0.0.1:{port}/", duration)
