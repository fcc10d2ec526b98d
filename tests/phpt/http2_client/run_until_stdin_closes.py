"""Runs a server command (argv[2:]) that listens on 127.0.0.1:<argv[1]> and prints nothing useful
when ready (nghttpd): prints "PORT <n>" once the port accepts connections (bounded: 10 s), then
stops the server when our stdin closes (the test ended) or exits when the server dies."""
import socket
import subprocess
import sys
import threading
import time

port = int(sys.argv[1])
proc = subprocess.Popen(sys.argv[2:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
deadline = time.monotonic() + 10
while time.monotonic() < deadline and proc.poll() is None:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        break
    except OSError:
        time.sleep(0.02)
else:
    proc.kill()
    sys.exit("server did not start")
print("PORT", port, flush=True)
threading.Thread(target=lambda: (sys.stdin.read(), proc.terminate()), daemon=True).start()
proc.wait()
