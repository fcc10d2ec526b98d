#!/usr/bin/env bash
# Build (once) a thread-safe (ZTS) PHP 8.2 from Debian's php8.2 source package and print the path
# of its php-config. Debian ships only NTS PHP; Gust's THREAD mode and Swoole\Thread need ZTS.
#
# The build is installed under a cache directory outside the clone, keyed by version, so every
# checkout (and CI) on the machine reuses it; it is rebuilt only when missing.
#   GUST_ZTS_CACHE   cache root (default ${XDG_CACHE_HOME:-$HOME/.cache}/gust)
# Usage: tools/zts_php.sh [--prefix]   (prints php-config's path, or the install prefix)
set -euo pipefail

version=8.2.32
debian_version=8.2.32-1~deb12u1
cache=${GUST_ZTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/gust}
prefix="$cache/php-$version-zts"

# What the phpt suite uses: process control, sockets, TLS, zlib, PDO with SQLite (the pdo_sqlite
# hook). Not curl: libcurl pulls in libp11-kit, whose destructor deadlocks at exit of this PHP
# when ASan is preloaded (freelocale waits on glibc's locale lock), so the curl tests skip here.
configure_flags=(--enable-zts --disable-all --enable-cli --disable-cgi --disable-phpdbg
    --enable-pcntl --enable-posix --enable-sockets --with-openssl --with-zlib
    --enable-pdo --with-pdo-sqlite --enable-ctype --enable-filter --enable-tokenizer)

print_result() {
    if [ "${1:-}" = "--prefix" ]; then echo "$prefix"; else echo "$prefix/bin/php-config"; fi
}

# .complete holds the configure flags of the build: other flags mean a rebuild.
if [ -x "$prefix/bin/php" ] && [ -x "$prefix/bin/php-config" ] \
    && [ "$(cat "$prefix/.complete" 2>/dev/null)" = "${configure_flags[*]}" ]; then
    print_result "${1:-}"
    exit 0
fi

# Everything below logs to stderr: stdout carries only the result.
exec 3>&1 1>&2
started=$(date +%s)
work="$cache/src-$version"
rm -rf "$work"
mkdir -p "$work/lists/partial" "$work/archives/partial"

# The machine's own Debian sources, as deb-src entries, in a private apt state directory
# (the system's package lists are left alone).
sources="$work/deb-src.sources"
: >"$sources"
for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    grep -q 'deb.debian.org\|debian.org/debian' "$f" || continue
    sed 's/^Types: deb$/Types: deb-src/' "$f" >>"$sources"
    echo >>"$sources"
done
if [ ! -s "$sources" ]; then
    echo "zts_php: no Debian .sources file under /etc/apt/sources.list.d to derive deb-src entries from" >&2
    exit 1
fi
apt_opts=(-o "Dir::Etc::SourceList=$sources" -o "Dir::Etc::SourceParts=-"
    -o "Dir::State::Lists=$work/lists" -o "Dir::Cache::Archives=$work/archives"
    -o "Debug::NoLocking=1" -o "APT::Sandbox::User=root")
echo "zts_php: fetching php8.2=$debian_version source"
apt-get "${apt_opts[@]}" update -qq
(cd "$work" && apt-get "${apt_opts[@]}" source --download-only -qq "php8.2=$debian_version")

# The upstream tarball inside the source package; Debian's packaging patches (paths, system
# tzdata, ...) are for its own layout and are not applied.
orig=$(ls "$work"/php8.2_*.orig.tar.* | head -n1)
tar -xf "$orig" -C "$work"
srcdir=$(find "$work" -maxdepth 1 -type d -name "php-$version*" | head -n1)
[ -n "$srcdir" ] || { echo "zts_php: no php-$version directory in $orig" >&2; exit 1; }
fetched=$(date +%s)

cd "$srcdir"
./configure --prefix="$prefix" "${configure_flags[@]}" \
    --with-config-file-path="$prefix/etc" --with-config-file-scan-dir="$prefix/etc/conf.d" \
    >"$work/configure.log"
make -j"${GUST_ZTS_JOBS:-2}" >"$work/make.log" 2>&1 || { tail -40 "$work/make.log" >&2; exit 1; }
rm -rf "$prefix"
make install >"$work/install.log" 2>&1
mkdir -p "$prefix/etc/conf.d"
"$prefix/bin/php" -r 'exit(PHP_ZTS === 1 ? 0 : 1);' || { echo "zts_php: built PHP is not ZTS" >&2; exit 1; }
echo "${configure_flags[*]}" >"$prefix/.complete"
finished=$(date +%s)
echo "zts_php: fetch $((fetched - started)) s, configure+build+install $((finished - fetched)) s"
rm -rf "$work"
print_result "${1:-}" >&3
