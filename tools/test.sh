#!/usr/bin/env bash
# Set everything up and run every test layer. Ends with "N passed, M failed";
# exits non-zero when anything failed. Usage: tools/test.sh [--only LAYER,...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
step() { printf '\n== %s\n' "$*"; }

step "dependencies"
bash tools/deps.sh
step "build: debug (ASan + UBSan) core and gust.so"
bash tools/build.sh debug all
mkdir -p build/tools
gcc -shared -fPIC -O2 -o build/tools/asan_dlopen_shim.so tools/asan_dlopen_shim.c -ldl
step "build: release gust.so"
bash tools/build.sh release ext
if [ "${GUST_ZTS:-1}" != 0 ]; then  # GUST_ZTS=0 leaves the phpt-zts layer out (docs/TESTING.md)
    step "build: thread-safe PHP (cached outside the clone) and the ASan + UBSan gust.so against it"
    zts_started=$(date +%s)
    bash tools/zts_php.sh >/dev/null
    zts_php_done=$(date +%s)
    bash tools/build.sh zts-debug ext
    echo "zts: PHP $((zts_php_done - zts_started)) s, gust.so $(($(date +%s) - zts_php_done)) s"
fi
step "build: tsan core"
bash tools/build.sh tsan core
step "build: fuzz targets"
bash tools/build.sh fuzz core
step "tests"
exec python3 tools/run_tests.py "$@"
