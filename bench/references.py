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


def wrk_rps(url: str, duration: int, connections: int = 100, close: bool = False) -> float:
    """Successful (2xx/3xx) responses per second; errors and other statuses do not count.
    close: a new connection per request (Connection: close), like PHP's http:// wrapper."""
    extra = ["-H", "Connection: close"] if close else []
    r = subprocess.run(["wrk", "-t1", f"-c{connections}", f"-d{duration}s", *extra, url], capture_output=True,
                       text=True, timeout=duration + 30)
    m = re.search(r"(\d+) requests in ([\d.]+)(ms|s|m)", r.stdout)
    if not m:
        raise RuntimeError(f"wrk: {r.stdout[-300:]} {r.stderr[-300:]}")
    seconds = float(m.group(2)) * {"ms": 1e-3, "s": 1, "m": 60}[m.group(3)]
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", r.stdout)
    good = int(m.group(1)) - (int(bad.group(1)) if bad else 0)
    return good / seconds


@contextlib.contextmanager
def serving(argv, port: int):
    """Runs a server process until the block ends; enters once it accepts on `port`."""
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_port(port, proc)
        yield proc
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def nginx_conf(prefix: str, server: str) -> str:
    """A one-worker nginx configuration that keeps every file under `prefix`."""
    return f"""
daemon off; worker_processes 1; error_log {prefix}/error.log; pid {prefix}/nginx.pid;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {prefix}; proxy_temp_path {prefix}; fastcgi_temp_path {prefix};
    uwsgi_temp_path {prefix}; scgi_temp_path {prefix};
    {server}
}}
"""


@contextlib.contextmanager
def nginx_return_200():
    """nginx from Debian, one worker, `return 200` on a free loopback port."""
    with tempfile.TemporaryDirectory() as prefix:
        port = free_port()
        conf = pathlib.Path(prefix) / "nginx.conf"
        conf.write_text(nginx_conf(prefix, f'server {{ listen 127.0.0.1:{port}; location / {{ return 200 "hello world\\n"; }} }}'))
        with serving(["nginx", "-c", str(conf), "-p", prefix], port):
            yield port


def nginx_return_200_rps(duration: int = 5) -> float:
    with nginx_return_200() as port:
        return wrk_rps(f"http://127.0.0.1:{port}/", duration)


@contextlib.contextmanager
def slow_backend(port: int, delay_ms: int):
    """The seed-002 Node backend: answers every request after `delay_ms`."""
    script = pathlib.Path(__file__).resolve().parents[2] / "shared/acceptance/seed002_slow_backend.js"
    with serving(["node", str(script), str(port), str(delay_ms)], port):
        yield port


@contextlib.contextmanager
def fpm_nginx_fanin(children: int = 8, backend_port: int = 8080):
    """php-fpm (static pool of `children`) behind nginx; each request does a blocking
    file_get_contents() of the slow backend, like seed002_fanin_server.php does."""
    with tempfile.TemporaryDirectory() as prefix:
        p = pathlib.Path(prefix)
        (p / "fanin.php").write_text(f"<?php echo file_get_contents('http://127.0.0.1:{backend_port}/');\n")
        (p / "fpm.conf").write_text(f"""
[global]
pid = {prefix}/fpm.pid
error_log = {prefix}/fpm.log
[www]
user = nobody
group = nogroup
listen = {prefix}/fpm.sock
listen.mode = 0666
pm = static
pm.max_children = {children}
""")
        fpm = subprocess.Popen(["php-fpm8.2", "-n", "-R", "-F", "-y", str(p / "fpm.conf")], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
        port = free_port()
        (p / "nginx.conf").write_text(nginx_conf(prefix, f"""server {{
        listen 127.0.0.1:{port};
        location / {{
            include /etc/nginx/fastcgi_params;
            fastcgi_param SCRIPT_FILENAME {prefix}/fanin.php;
            fastcgi_pass unix:{prefix}/fpm.sock;
        }}
    }}"""))
        nginx = subprocess.Popen(["nginx", "-c", str(p / "nginx.conf"), "-p", prefix], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE)
        try:
            wait_port(port, nginx)
            deadline = time.monotonic() + 10
            while not (p / "fpm.sock").exists() and time.monotonic() < deadline:
                if fpm.poll() is not None:
                    raise RuntimeError(f"php-fpm exited: {fpm.stderr.read()[-300:]}")
                time.sleep(0.02)
            yield port
        finally:
            for proc in (nginx, fpm):
                proc.terminate()
                proc.wait(timeout=10)


def fpm_fanin_rps(duration: int = 10) -> float:
    with slow_backend(8080, 200), fpm_nginx_fanin() as port:
        return wrk_rps(f"http://127.0.0.1:{port}/", duration, connections=400)
