dnl Gust: `phpize && ./configure --enable-gust && make` at the repository root, or tools/build.sh
dnl (which runs the same from a stage directory that links ext/, src/ and include/).
dnl On by default: `phpize && ./configure` (what PIE runs) builds Gust without flags; --disable-gust turns it off.
PHP_ARG_ENABLE([gust], [whether to enable Gust], [AS_HELP_STRING([--disable-gust], [Do not build Gust (default: build it)])], [yes])

if test "$PHP_GUST" != "no"; then
  PHP_REQUIRE_CXX()
  PHP_CXX_COMPILE_STDCXX(20, mandatory, GUST_STDCXX)
  dnl Every core source and every binding source; the list is taken from the tree so it never drifts.
  dnl ext/ is searched before src/: the binding's areas (ext/<area>/) and the core's private headers
  dnl (src/<layer>/) are both included as "<dir>/<file>.h"; tools/check_layers.py keeps the names apart.
  gust_sources=`cd $srcdir && ls ext/*/*.cc src/*/*.cc 2>/dev/null | tr '\n' ' '`
  PHP_NEW_EXTENSION(gust, $gust_sources, $ext_shared,, [$GUST_STDCXX -I@ext_srcdir@/include -I@ext_srcdir@/ext -I@ext_srcdir@/src -fvisibility=hidden -DZEND_ENABLE_STATIC_TSRMLS_CACHE=1], cxx)
  for gust_dir in `cd $srcdir && ls -d ext/*/ src/*/ | sed 's,/$,,'`; do
    PHP_ADD_BUILD_DIR([$ext_builddir/$gust_dir])
  done
  PHP_ADD_LIBRARY(stdc++, 1, GUST_SHARED_LIBADD)
  dnl proto/compress*.cc: zlib and brotli (Debian zlib1g-dev, libbrotli-dev).
  PHP_ADD_LIBRARY(z, 1, GUST_SHARED_LIBADD)
  PHP_ADD_LIBRARY(brotlienc, 1, GUST_SHARED_LIBADD)
  PHP_ADD_LIBRARY(brotlidec, 1, GUST_SHARED_LIBADD)
  dnl proto/http2*.cc: nghttp2 (Debian libnghttp2-dev).
  PHP_ADD_LIBRARY(nghttp2, 1, GUST_SHARED_LIBADD)
  dnl net/tls.cc: OpenSSL (Debian libssl-dev).
  PHP_ADD_LIBRARY(ssl, 1, GUST_SHARED_LIBADD)
  PHP_ADD_LIBRARY(crypto, 1, GUST_SHARED_LIBADD)
  PHP_SUBST(GUST_SHARED_LIBADD)
fi
