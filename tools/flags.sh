#!/usr/bin/env bash
# The one place that says which compiler flags each build mode uses.
# Usage: tools/flags.sh MODE cflags|ldflags|cc|cxx
set -euo pipefail
mode=${1:?mode} what=${2:?what}
case "$mode" in
    debug)
        cflags="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined -DGUST_MODE_DEBUG=1"
        ldflags="-fsanitize=address,undefined"
        cc=gcc cxx=g++ ;;
    release)
        # LTO: the PHP binding's hot path crosses many small functions in other files (measured:
        # see docs/php-coroutines.md); fat objects keep the core's static libraries usable.
        cflags="-O2 -g -flto=auto -ffat-lto-objects -DNDEBUG -DGUST_MODE_RELEASE=1"
        ldflags="-flto=auto"
        cc=gcc cxx=g++ ;;
    tsan)
        cflags="-O1 -g -fno-omit-frame-pointer -fsanitize=thread -DGUST_MODE_TSAN=1"
        ldflags="-fsanitize=thread"
        cc=gcc cxx=g++ ;;
    fuzz)
        cflags="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined,fuzzer-no-link -DGUST_MODE_FUZZ=1"
        ldflags="-fsanitize=address,undefined"
        cc=clang cxx=clang++ ;;
    *) echo "unknown mode: $mode" >&2; exit 2 ;;
esac
case "$what" in
    cflags) echo "$cflags" ;;
    ldflags) echo "$ldflags" ;;
    cc) echo "$cc" ;;
    cxx) echo "$cxx" ;;
    *) echo "unknown field: $what" >&2; exit 2 ;;
esac
