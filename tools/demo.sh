#!/usr/bin/env bash
# Set everything up and start the demo. Until Gust's HTTP and WebSocket servers
# exist (issues 6 and 7) the demo is the coroutine/timer runtime: a PHP coroutine
# example through gust.so, then the core's coroutine echo server on 127.0.0.1:9501.
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

== demo server: coroutine-per-connection TCP echo on 127.0.0.1:$port (Ctrl-C stops it)
   try, in another terminal:
     printf 'hello gust\n' | nc -N 127.0.0.1 $port
     python3 ../shared/acceptance/seed003_idle_conns.py $port 0,1000    # the seed-003 benchmark client
     php -d extension=$so -r 'var_dump(swoole_version(), Gust\\version());'
   then: bash tools/test.sh (every test), python3 bench/run.py (benchmarks), docs/ARCHITECTURE.md
EOT
exec build/release/core/examples/echo_server --port "$port" --poller epoll
