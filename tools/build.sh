#!/usr/bin/env bash
# Build Gust in one mode. Usage: tools/build.sh MODE [core|ext|all]
#   core: CMake build of the core libraries, unit tests, benchmarks (or fuzzers)
#   ext:  phpize build of gust.so into build/MODE/ext/modules/gust.so
# MODE zts-debug / zts-release: gust.so with that mode's flags against the thread-safe PHP that
# tools/zts_php.sh builds (once, cached outside the clone); the core is PHP-free, so only `ext`.
# GUST_PHP_CONFIG=/path/to/php-config builds any mode against another PHP.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:-debug} what=${2:-all}
out="$root/build/$mode"
flags_mode=$mode
php_config=${GUST_PHP_CONFIG:-}
if [[ "$mode" == zts-* ]]; then
    flags_mode=${mode#zts-}
    [ -n "$php_config" ] || php_config=$(bash "$root/tools/zts_php.sh")
    [ "$what" = all ] && what=ext
fi
cc=$(bash "$root/tools/flags.sh" "$flags_mode" cc)
cxx=$(bash "$root/tools/flags.sh" "$flags_mode" cxx)
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
    cflags=$(bash "$root/tools/flags.sh" "$flags_mode" cflags)
    ldflags=$(bash "$root/tools/flags.sh" "$flags_mode" ldflags)
    local phpize=phpize configure_php=()
    if [ -n "$php_config" ]; then
        phpize="$(dirname "$php_config")/phpize"
        configure_php=(--with-php-config="$php_config")
    fi
    if [ ! -f "$stage/Makefile" ] || [ "$root/config.m4" -nt "$stage/Makefile" ] \
        || [ "$(cat "$stage/.sources" 2>/dev/null)" != "$sources" ] \
        || [ "$(cat "$stage/.php_config" 2>/dev/null)" != "$php_config" ]; then
        # Another PHP: the binding's objects were compiled against other headers.
        if [ -f "$stage/.php_config" ] && [ "$(cat "$stage/.php_config")" != "$php_config" ]; then
            find "$stage/ext" \( -name '*.lo' -o -name '*.o' -o -name '*.dep' \) -delete
        fi
        (cd "$stage" && "$phpize" >/dev/null 2>&1 && \
            ./configure --enable-gust "${configure_php[@]}" CC="$cc" CXX="$cxx" \
                CFLAGS="$cflags" CXXFLAGS="$cflags" LDFLAGS="$ldflags" \
                >/dev/null)
        echo "$sources" >"$stage/.sources"
        echo "$php_config" >"$stage/.php_config"
    fi
    if [ "$flags_mode" != "$mode" ] && [ -d "$root/build/$flags_mode/ext/src" ]; then
        # src/ never includes a PHP header (tools/check_layers.py), so its objects from the same
        # flags' NTS build serve this PHP too: reuse the newer ones (make still rebuilds any whose
        # source or headers changed since).
        (cd "$root/build/$flags_mode/ext" && find src -name '*.lo' -o -name '*.o' -o -name '*.dep') |
            while read -r f; do
                mkdir -p "$stage/$(dirname "$f")"
                cp -pu "$root/build/$flags_mode/ext/$f" "$stage/$f"
            done
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
