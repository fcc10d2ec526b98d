#!/usr/bin/env bash
# HTTP/2 hello-world, requests per server-CPU-second: Gust (release build, BASE, 1 worker,
# open_http2_protocol, h2c) against nginx-light (`listen ... http2`, `return 200`, 1 worker), each
# driven by `h2load -c100 -m10 -n200000 -t1` (Debian nghttp2-client), twice, alternating.
# Usage: bench/h2load_vs_nginx.sh [gust.so]   (ports 18932, 18933 on 127.0.0.1)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
so=${1:-$root/build/release/ext/modules/gust.so}
tmp=$(mktemp -d)
cat >"$tmp/nginx.conf" <<CONF
worker_processes 1;
daemon off;
error_log $tmp/error.log;
pid $tmp/nginx.pid;
events { worker_connections 1024; }
http {
    access_log off;
    keepalive_requests 1000000;
    server { listen 127.0.0.1:18932 http2; location / { return 200 "hello\n"; } }
}
CONF
cat >"$tmp/hello.php" <<'PHP'
<?php
$server = new Swoole\Http\Server('127.0.0.1', 18933, SWOOLE_BASE);
$server->set(['worker_num' => 1, 'open_http2_protocol' => true, 'log_level' => 5, 'http_compression' => false]);
$server->on('request', function ($req, $resp) { $resp->end("hello\n"); });
$server->start();
PHP
cpu() { awk '{print $14+$15}' "/proc/$1/stat"; }
run() {  # name port pid
    local before after out ok
    before=$(cpu "$3")
    out=$(h2load -c100 -m10 -n200000 -t1 "http://127.0.0.1:$2/" 2>&1)
    after=$(cpu "$3")
    ok=$(grep -oP 'requests: \d+ total, \d+ started, \d+ done, \K\d+(?= succeeded)' <<<"$out")
    echo "$1: succeeded=$ok server_cpu_s=$(bc <<<"scale=2;($after-$before)/100") req_per_cpu_s=$(bc <<<"$ok*100/($after-$before)")"
}
/usr/sbin/nginx -c "$tmp/nginx.conf" & ng=$!
php -n -d extension="$so" "$tmp/hello.php" & gu=$!
trap 'kill $ng $gu 2>/dev/null; wait; rm -rf "$tmp"' EXIT
for _ in $(seq 50); do
    curl -s --http2-prior-knowledge http://127.0.0.1:18933/ >/dev/null && curl -s --http2-prior-knowledge http://127.0.0.1:18932/ >/dev/null && break
    sleep 0.1
done
worker=$(pgrep -P "$ng" | head -1)
for _ in 1 2; do run nginx 18932 "$worker"; run gust 18933 "$gu"; done
