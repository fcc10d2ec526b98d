#!/usr/bin/env bash
# Generate ext/stubs/*_arginfo.h from ext/stubs/*.stub.php with PHP's own gen_stub.php.
#   tools/gen_stubs.sh          regenerate in place
#   tools/gen_stubs.sh --check  fail (exit 1) when a committed *_arginfo.h is stale or missing
# gen_stub.php wants PHP-Parser in a folder beside itself; Debian's php-parser package provides it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
gen_src=/usr/lib/php/$(php -r 'echo PHP_EXTENSION_DIR;' | xargs basename)/build/gen_stub.php
[ -f "$gen_src" ] || { echo "gen_stub.php not found (install php8.2-dev)" >&2; exit 2; }
[ -f /usr/share/php/PhpParser/Parser.php ] || { echo "PHP-Parser not found (install php-parser)" >&2; exit 2; }
tooldir="$root/build/gen_stub"
mkdir -p "$tooldir/PHP-Parser-4.15.1"
cp -f "$gen_src" "$tooldir/gen_stub.php"
ln -sfn /usr/share/php "$tooldir/PHP-Parser-4.15.1/lib"

# gen_stub.php reports errors on stdout: keep it quiet unless it fails.
gen() { local log; log=$(php -n -d extension=tokenizer "$tooldir/gen_stub.php" -f "$@" 2>&1) || { echo "$log" >&2; return 1; }; }
if php -n -r 'exit(extension_loaded("tokenizer") ? 0 : 1);'; then
    gen() { local log; log=$(php -n "$tooldir/gen_stub.php" -f "$@" 2>&1) || { echo "$log" >&2; return 1; }; }
fi

if [ "${1:-}" = "--check" ]; then
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    cp "$root"/ext/stubs/*.stub.php "$tmp/"
    gen "$tmp"
    status=0
    for stub in "$root"/ext/stubs/*.stub.php; do
        name=$(basename "$stub" .stub.php)
        if ! cmp -s "$tmp/${name}_arginfo.h" "$root/ext/stubs/${name}_arginfo.h"; then
            echo "stale or missing: ext/stubs/${name}_arginfo.h (run tools/gen_stubs.sh)" >&2
            status=1
        fi
    done
    exit $status
fi
gen "$root/ext/stubs"
echo "generated: $(cd "$root/ext/stubs" && ls *_arginfo.h | tr '\n' ' ')"
# The IDE stubs users get (stubs/, tests/checks/test_packaging.py checks them).
python3 "$root/tools/gen_ide_stubs.py"
