#!/usr/bin/env bash
# Build Gust in one mode. Usage: tools/build.sh MODE [core|ext|all]
#   core: CMake build of the core libraries, unit tests, benchmarks (or fuzzers)
#   ext:  phpize build of gust.so into build/MODE/ext/modules/gust.so
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:-debug} what=${2:-all}
out="$root/build/$mode"
cc=$(bash "$root/tools/flags.sh" "$mode" cc)
cxx=$(bash "$root/tools/flags.sh" "$mode" cxx)
jobs=$(nproc)

build_core() {
    if [ ! -f "$out/core/build.ninja" ]; then
        cmake -S "$root" -B "$out/core" -G Ninja -DGUST_MODE="$mode" \
            -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" >/dev/null
    fi
    cmake --build "$out/core" -j "$jobs"
}

build_ext() {
    # An upward include between the binding's areas (or into a core layer's private headers) fails the build.
    python3 "$root/tools/check_layers.py" "$root"
    # ext/library/php/*.php -> ext/library/library_sources.h (rewritten only when a source changed).
    python3 "$root/tools/gen_library.py"
    local stage="$out/ext"
    mkdir -p "$stage"
    # phpize builds next to its sources, so the stage mirrors the tree with symlinks
    # (objects stay in the stage); new files get links, dangling links of deleted ones go.
    cp "$root/config.m4" "$stage/config.m4"
    for d in ext src include; do
        [ -L "$stage/$d" ] && rm "$stage/$d"
        cp -rsf "$root/$d" "$stage/"
    done
    find "$stage/ext" "$stage/src" "$stage/include" -xtype l -delete
    # A changed source list means a new Makefile.
    local sources
    sources=$(cd "$root" && ls ext/*/*.cc src/*/*.cc 2>/dev/null | tr '\n' ' ')
    local cflags ldflags
    cflags=$(bash "$root/tools/flags.sh" "$mode" cflags)
    ldflags=$(bash "$root/tools/flags.sh" "$mode" ldflags)
    if [ ! -f "$stage/Makefile" ] || [ "$root/config.m4" -nt "$stage/Makefile" ] \
        || [ "$(cat "$stage/.sources" 2>/dev/null)" != "$sources" ]; then
        (cd "$stage" && phpize >/dev/null 2>&1 && \
            ./configure --enable-gust CC="$cc" CXX="$cxx" \
                CFLAGS="$cflags" CXXFLAGS="$cflags" LDFLAGS="$ldflags" \
                >/dev/null)
        echo "$sources" >"$stage/.sources"
    fi
    make -C "$stage" -j "$jobs" >/dev/null
    echo "built $stage/modules/gust.so"
}

case "$what" in
    core) build_core ;;
    ext) build_ext ;;
    all) build_core; [ "$mode" = fuzz ] || [ "$mode" = tsan ] || build_ext ;;
    *) echo "usage: tools/build.sh MODE [core|ext|all]" >&2; exit 2 ;;
esac
