#!/usr/bin/env bash
# Set everything up and start the demo: a PHP coroutine example through gust.so, then
# examples/php/http_server.php, a Swoole\Http\Server on 127.0.0.1:9501.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
port=${GUST_DEMO_PORT:-9501}
so="$root/build/release/ext/modules/gust.so"

bash tools/deps.sh
echo "== building the release mode (first time: a minute or two)"
bash tools/build.sh release all >/dev/null
echo
php -n -d extension="$so" --ri gust | grep -E '^(Version|Swoole API|Build mode|Features)'
if php -n -d extension="$so" -r 'exit(function_exists("Swoole\\Coroutine\\run") ? 0 : 1);'; then
    echo
    echo "== examples/php/coroutines.php: coroutines, a channel and a timer"
    php -n -d extension="$so" examples/php/coroutines.php
fi
cat <<EOT

== demo server: examples/php/http_server.php, a Swoole\Http\Server on http://127.0.0.1:$port/ (Ctrl-C stops it)
   open http://127.0.0.1:$port/ in a browser, or try in another terminal:
     curl -s 'http://127.0.0.1:$port/info?name=gust' -d 'a=1' -b 'c=2'
     for i in 1 2 3; do curl -s http://127.0.0.1:$port/sleep & done; wait   # three 1 s sleeps, ~1 s in all
     curl -sN http://127.0.0.1:$port/stream                                 # chunked, piece by piece
     curl -s --compressed -v http://127.0.0.1:$port/ 2>&1 | grep -i content-encoding
     curl -s http://127.0.0.1:$port/hello.txt                               # the static handler
     wrk -t1 -c100 -d5s http://127.0.0.1:$port/                             # if wrk is installed
   then: bash tools/test.sh (every test), python3 bench/run.py (benchmarks), docs/ARCHITECTURE.md
EOT
exec php -n -d extension="$so" examples/php/http_server.php "$port"
