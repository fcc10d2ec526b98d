// What the HTTP/1 and HTTP/2 coroutine clients share: reading their `setting` array (the ssl_*
// keys, strings, booleans, timeouts), form bodies and Set-Cookie parsing.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "zend/object.h"

#include "gust/base/clock.h"
#include "gust/net/tls.h"
#include "gust/proto/compress.h"

namespace gust::php::client_common {

// A string setting ("" when absent or null).
std::string string_setting(HashTable *ht, const char *key);
bool bool_setting(HashTable *ht, const char *key, bool dflt);
// Seconds as a float; <= 0 means no timeout (-1).
Nanos nanos_setting(HashTable *ht, const char *key, Nanos dflt);

// Swoole's client ssl_* keys into `tls`, and ssl_host_name (SNI and the name verified). Unlike
// Swoole, the peer is verified unless ssl_verify_peer is false (docs/DIFFERENCES.md).
void read_tls_settings(HashTable *ht, net::TlsConfig &tls, std::string &ssl_host_name);

// http_build_query($array): the engine's own encoder, so nested arrays come out as PHP's.
bool urlencode_array(zval *arr, std::string &out);

// The coding a Content-Encoding value names (gzip, x-gzip, deflate, br): identity for an empty
// value, "identity" and unknown codings, which stay as they came, as Swoole leaves them.
proto::compress::Encoding content_coding(std::string_view coding);
// The same for a response's headers (the last Content-Encoding counts).
proto::compress::Encoding content_coding(const std::vector<std::pair<std::string, std::string>> &headers);

// Decodes a body in place by its Content-Encoding (content_coding()): 0, EMSGSIZE past max_body,
// EPROTO.
int decode_content(std::string_view coding, std::string &body, size_t max_body);

// Set-Cookie "name=value; attributes" into the cookies array (value URL-decoded, as Swoole does).
void add_cookie(zval *cookies, std::string_view set_cookie);

}  // namespace gust::php::client_common
