#!/usr/bin/env bash
# Install exactly what Gust needs to build, test and benchmark. Idempotent: when
# everything is present it only checks (well under two seconds).
set -euo pipefail

debian_packages=(
    # build
    build-essential cmake ninja-build pkg-config clang libclang-rt-14-dev clang-format openssl ca-certificates
    php8.2-cli php8.2-dev php-parser
    libgtest-dev libbenchmark-dev libssl-dev zlib1g-dev libbrotli-dev libnghttp2-dev
    # tests and benchmark references
    php8.2-xdebug php8.2-fpm nginx-light wrk apache2-utils curl netcat-openbsd nodejs python3 python3-pip procps
    # HTTP/2: nghttp and h2load (tests/conformance/test_http2_server.py, bench)
    nghttp2-client
    # the PDO MySQL hook test (run_tests.py starts a private server when mariadbd is present)
    mariadb-server php8.2-mysql
    # Redis for Swoole\Redis\Server, RedisPool and the hooked phpredis tests (started privately on 127.0.0.1)
    redis-server redis-tools php8.2-redis
    # curl: Swoole's suite drives servers with ext/curl, and the native curl hook wraps it (its headers: libcurl4-openssl-dev, not linked)
    php8.2-curl libcurl4-openssl-dev php-guzzlehttp-guzzle php-symfony-http-client
    # pdo_sqlite for the SWOOLE_HOOK_PDO_SQLITE tests
    php8.2-sqlite3
    # PDO pgsql hook (libpq): run_tests.py starts a private PostgreSQL server for its phpt
    postgresql-15 php8.2-pgsql
    # HTTP/2 client tests and benchmark: nghttpd (the server), h2load (the reference load generator)
    nghttp2-server nghttp2-client
    # the reference of Swoole\Table's benchmark rows (bench/run.py shm)
    php8.2-apcu
)
python_modules=(pytest httpx brotli websockets wsproto prometheus_client h2)   # imported names (= pip names); installed with pip when missing
python_modules_pip=(grpc:grpcio)   # import name:pip name, for the HTTP/2 client phpt (gRPC)

missing=()
installed=$(dpkg-query -W -f='${Package} ${Status}\n' "${debian_packages[@]}" 2>/dev/null | awk '$4=="installed"{print $1}' || true)
for p in "${debian_packages[@]}"; do
    grep -qx "$p" <<<"$installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "deps: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    # Debian enables the Xdebug and FPM services on install; Gust's tests load Xdebug explicitly when they want it.
    phpdismod -v 8.2 -s ALL xdebug 2>/dev/null || true
fi

py_missing=()
for m in "${python_modules[@]}"; do
    python3 -c "import $m" 2>/dev/null || py_missing+=("$m")
done
for m in "${python_modules_pip[@]}"; do
    python3 -c "import ${m%%:*}" 2>/dev/null || py_missing+=("${m#*:}")
done
if [ ${#py_missing[@]} -gt 0 ]; then
    echo "deps: pip installing ${py_missing[*]}"
    python3 -m pip install -q "${py_missing[@]}" 2>/dev/null \
        || python3 -m pip install -q --break-system-packages "${py_missing[@]}"
fi

# h2spec (HTTP/2 conformance, tests/conformance/test_http2_server.py) through the Go module proxy.
if ! command -v h2spec >/dev/null; then
    go=$(command -v go || echo /usr/local/go/bin/go)
    if [ -x "$go" ]; then
        echo "deps: go installing h2spec"
        GOBIN=/usr/local/bin "$go" install github.com/summerwind/h2spec/cmd/h2spec@latest >/dev/null 2>&1 \
            || echo "deps: h2spec could not be installed" >&2
    fi
fi

# Node's `ws` for tests/conformance/test_websocket_interop.py, in build/node (not tracked).
root=$(cd "$(dirname "$0")/.." && pwd)
if command -v npm >/dev/null && [ ! -f "$root/build/node/node_modules/ws/package.json" ]; then
    echo "deps: npm installing ws into build/node"
    mkdir -p "$root/build/node"
    npm install --prefix "$root/build/node" --no-audit --no-fund --silent ws@8 >/dev/null
fi
exit 0
