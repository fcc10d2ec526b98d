#!/usr/bin/env bash
# User-space instructions per HTTP request (callgrind counts instructions, so the figure is the same
# run after run, whatever else the machine does; kernel work is not counted). Serves
# seed004_http_hello.php (or nginx `return 200`) under valgrind, warms up, then counts 5,000
# keep-alive requests from ab. Usage: bench/probe/http_user_instructions.sh base|process|nginx [gust.so]
# PROCESS mode counts every process; the worker's line is the one that matters.
set -euo pipefail
mode=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
so=${2:-$root/build/release/ext/modules/gust.so}
hello=$root/../shared/acceptance/seed004_http_hello.php
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
tmp=$(mktemp -d)
if [ "$mode" = nginx ]; then
    cat >"$tmp/nginx.conf" <<EOC
worker_processes 1; master_process off; daemon off; error_log /dev/null; pid $tmp/nginx.pid;
events { worker_connections 1024; }
http { access_log off; server { listen 127.0.0.1:$port; location / { return 200 "hello world\n"; } } }
EOC
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.%p" nginx -c "$tmp/nginx.conf" -p "$tmp" >/dev/null 2>&1 &
else
    valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$tmp/cg.%p" \
        php -n -d "extension=$so" "$hello" "$port" "$mode" 1 >/dev/null 2>&1 &
fi
pid=$!
for _ in $(seq 1 600); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
wrk -t1 -c10 -d2s "http://127.0.0.1:$port/" >/dev/null 2>&1
procs=$(pgrep -f "cg\.%p|callgrind" | tr '\n' ' ')
for p in $procs; do callgrind_control -z "$p" >/dev/null 2>&1 || true; done
n=$(ab -q -k -c10 -n5000 "http://127.0.0.1:$port/" 2>&1 | awk '/Complete requests/ {print $3}')
for p in $procs; do callgrind_control -d "$p" >/dev/null 2>&1 || true; done
sleep 1
for f in "$tmp"/cg.*.1; do
    [ -e "$f" ] || continue
    ir=$(callgrind_annotate "$f" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",","",$1); print $1}')
    [ "${ir:-0}" -gt 0 ] && echo "$mode pid ${f##*cg.} requests=$n user_instructions_per_request=$((ir / n))"
done
kill "$pid" 2>/dev/null || true
pkill -f "$tmp" 2>/dev/null || true
pkill -f "seed004_http_hello.php $port" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
rm -rf "$tmp"
