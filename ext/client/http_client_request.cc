// Swoole\Coroutine\Http\Client: turning the properties (requestMethod, requestHeaders, cookies,
// requestBody, uploadFiles, downloadFile) into the bytes of one request. No I/O here.
#include <cstring>
#include <string_view>

#include "client/http_client.h"
#include "client/client_common.h"

extern "C" {
#include "ext/standard/base64.h"
#include "ext/random/php_random.h"
#include "ext/standard/url.h"
}

#include "gust/proto/http1.h"

namespace gust::php::http_client {

using client_common::add_cookie;
using client_common::urlencode_array;
namespace {

using proto::http1::equals_ignore_case;
using proto::http1::has_forbidden_header_chars;

std::string_view sv(zend_string *s) { return {ZSTR_VAL(s), ZSTR_LEN(s)}; }

void append_header(std::string &head, std::string_view name, std::string_view value) {
    head.append(name).append(": ").append(value).append("\r\n");
}

// A quoted-string parameter of Content-Disposition, escaped as browsers do (HTML's form
// encoding): " becomes %22 and CR/LF %0D/%0A, so no value can end the header.
std::string disposition_param(std::string_view v) {
    std::string out;
    for (char c : v) {
        if (c == '"') out += "%22";
        else if (c == '\r') out += "%0D";
        else if (c == '\n') out += "%0A";
        else out += c;
    }
    return out;
}

std::string random_hex(size_t bytes) {
    unsigned char buf[32];
    if (bytes > sizeof(buf)) bytes = sizeof(buf);
    if (php_random_bytes_silent(buf, bytes) != SUCCESS) {
        for (size_t i = 0; i < bytes; ++i) buf[i] = static_cast<unsigned char>(monotonic_now() >> (i % 8));
    }
    static const char hex[] = "0123456789abcdef";
    std::string out;
    for (size_t i = 0; i < bytes; ++i) {
        out += hex[buf[i] >> 4];
        out += hex[buf[i] & 15];
    }
    return out;
}

bool is_form_array(zval *body) { return body && Z_TYPE_P(body) == IS_ARRAY; }

void fail_build(zend_object *self, const char *msg) {
    set_error(self, EINVAL, msg);
    set_long(self, ZEND_STRL("statusCode"), kStatusSendFailed);
}

std::string str_of(zval *v) {
    zend_string *s = zval_get_string(v);
    std::string out(ZSTR_VAL(s), ZSTR_LEN(s));
    zend_string_release(s);
    return out;
}

// The multipart body: requestBody's fields, then uploadFiles (addFile ranges, addData contents).
// Text between file ranges accumulates in `text` and becomes the next file's `before`, or the tail.
bool build_multipart(zend_object *self, zval *body, zval *files, Request &req, std::string &content_type) {
    std::string boundary = "------GustFormBoundary" + random_hex(12);
    content_type = "multipart/form-data; boundary=" + boundary;
    std::string text;
    if (is_form_array(body)) {
        zend_string *key;
        zend_ulong idx;
        zval *val;
        ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(body), idx, key, val) {
            std::string name = key ? std::string(sv(key)) : std::to_string(idx);
            text += "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + disposition_param(name) +
                    "\"\r\n\r\n" + str_of(val) + "\r\n";
        }
        ZEND_HASH_FOREACH_END();
    }
    zval *f;
    ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(files), f) {
        if (Z_TYPE_P(f) != IS_ARRAY) continue;
        HashTable *ht = Z_ARRVAL_P(f);
        zval *name = zend_hash_str_find(ht, ZEND_STRL("name"));
        zval *filename = zend_hash_str_find(ht, ZEND_STRL("filename"));
        zval *type = zend_hash_str_find(ht, ZEND_STRL("type"));
        zval *content = zend_hash_str_find(ht, ZEND_STRL("content"));
        zval *path = zend_hash_str_find(ht, ZEND_STRL("path"));
        if (!name || (!content && !path)) continue;
        std::string type_s = type ? str_of(type) : "application/octet-stream";
        if (has_forbidden_header_chars(type_s)) {
            fail_build(self, "upload Content-Type contains CR, LF or NUL");
            return false;
        }
        text += "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + disposition_param(str_of(name)) +
                "\"; filename=\"" + disposition_param(filename ? str_of(filename) : str_of(name)) +
                "\"\r\nContent-Type: " + type_s + "\r\n\r\n";
        if (content) {
            text += str_of(content) + "\r\n";
            continue;
        }
        FilePart fp;
        fp.before = std::move(text);
        fp.path = str_of(path);
        zval *off = zend_hash_str_find(ht, ZEND_STRL("offset"));
        zval *size = zend_hash_str_find(ht, ZEND_STRL("size"));
        fp.offset = off ? static_cast<uint64_t>(zval_get_long(off)) : 0;
        fp.length = size ? static_cast<uint64_t>(zval_get_long(size)) : 0;
        req.files.push_back(std::move(fp));
        text = "\r\n";  // ends the file's data
    }
    ZEND_HASH_FOREACH_END();
    req.tail = std::move(text) + "--" + boundary + "--\r\n";
    return true;
}

}  // namespace

bool build_request(zend_object *self, const std::string &path_in, Request &req, const Settings &s) {
    std::string path = path_in.empty() ? "/" : path_in;
    if (path.find_first_of(std::string_view(" \r\n\0", 4)) != std::string::npos) {
        fail_build(self, "request path contains a space, CR, LF or NUL");
        return false;
    }
    zval *method = prop(self, ZEND_STRL("requestMethod"));
    zval *body = prop(self, ZEND_STRL("requestBody"));
    zval *files = prop(self, ZEND_STRL("uploadFiles"));
    bool has_files = Z_TYPE_P(files) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL_P(files)) > 0;
    bool has_body = has_files || (Z_TYPE_P(body) == IS_STRING) || is_form_array(body);
    if (req.upgrade) {
        req.method = "GET";
    } else if (Z_TYPE_P(method) == IS_STRING && Z_STRLEN_P(method) > 0) {
        req.method.assign(Z_STRVAL_P(method), Z_STRLEN_P(method));
    } else {
        req.method = has_body ? "POST" : "GET";
    }
    req.head_request = req.method == "HEAD";

    zval *dl = prop(self, ZEND_STRL("downloadFile"));
    if (Z_TYPE_P(dl) == IS_STRING && Z_STRLEN_P(dl) > 0) {
        req.download = true;
        req.download_path.assign(Z_STRVAL_P(dl), Z_STRLEN_P(dl));
        req.download_offset = zval_get_long(prop(self, ZEND_STRL("downloadOffset")));
    }

    // Body first: its headers depend on it.
    std::string content_type;
    if (has_files) {
        if (!build_multipart(self, body, files, req, content_type)) return false;
    } else if (is_form_array(body)) {
        if (!urlencode_array(body, req.body)) {
            fail_build(self, "cannot encode the request body");
            return false;
        }
        content_type = "application/x-www-form-urlencoded";
    } else if (Z_TYPE_P(body) == IS_STRING) {
        req.body.assign(Z_STRVAL_P(body), Z_STRLEN_P(body));
    }
    req.content_length = req.body.size() + req.tail.size();
    for (const FilePart &f : req.files) req.content_length += f.before.size() + f.length;

    std::string &h = req.head;
    if (s.via_proxy(req.upgrade)) {
        // Through a forward proxy the target is the absolute URI (RFC 9112 §3.2.2).
        std::string authority = str_of(prop(self, ZEND_STRL("host")));
        if (authority.find(':') != std::string::npos && authority.front() != '[') authority = "[" + authority + "]";
        const zend_long port = zval_get_long(prop(self, ZEND_STRL("port")));
        if (port != 80 && port != 0) authority += ":" + std::to_string(port);
        if (path.front() != '/') path.insert(0, "/");
        path = "http://" + authority + path;
    }
    h = req.method + " " + path + " HTTP/1.1\r\n";
    bool user_host = false, user_conn = false, user_ctype = false, user_ae = false;
    zval *headers = prop(self, ZEND_STRL("requestHeaders"));
    if (Z_TYPE_P(headers) == IS_ARRAY) {
        zend_string *key;
        zval *val;
        ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL_P(headers), key, val) {
            if (!key || Z_TYPE_P(val) == IS_NULL) continue;
            std::string v = str_of(val);
            std::string_view name = sv(key);
            if (name.empty() || has_forbidden_header_chars(name) || name.find(':') != std::string_view::npos ||
                has_forbidden_header_chars(v)) {
                fail_build(self, "request header contains CR, LF, NUL or a bad name");
                return false;
            }
            // Framing headers are the client's: a user value could contradict the body sent.
            if (equals_ignore_case(name, "content-length") || equals_ignore_case(name, "transfer-encoding")) continue;
            if (req.upgrade &&
                (equals_ignore_case(name, "upgrade") || equals_ignore_case(name, "connection") ||
                 equals_ignore_case(name, "sec-websocket-key") || equals_ignore_case(name, "sec-websocket-version")))
                continue;
            user_host |= equals_ignore_case(name, "host");
            user_conn |= equals_ignore_case(name, "connection");
            user_ctype |= equals_ignore_case(name, "content-type");
            user_ae |= equals_ignore_case(name, "accept-encoding");
            append_header(h, name, v);
        }
        ZEND_HASH_FOREACH_END();
    }
    if (!user_host) {
        zval *host = prop(self, ZEND_STRL("host"));
        zend_long port = zval_get_long(prop(self, ZEND_STRL("port")));
        std::string hv = str_of(host);
        if (hv.rfind("unix:", 0) == 0) hv = "localhost";
        else if (hv.find(':') != std::string::npos && hv.front() != '[') hv = "[" + hv + "]";
        if (port != 80 && port != 443 && port != 0) hv += ":" + std::to_string(port);
        append_header(h, "Host", hv);
    }
    if (req.upgrade) {
        unsigned char key[16];
        if (php_random_bytes_silent(key, sizeof(key)) != SUCCESS) {
            for (size_t i = 0; i < sizeof(key); ++i) key[i] = static_cast<unsigned char>(monotonic_now() >> i);
        }
        zend_string *b64 = php_base64_encode(key, sizeof(key));
        req.ws_key.assign(ZSTR_VAL(b64), ZSTR_LEN(b64));
        zend_string_release(b64);
        append_header(h, "Connection", "Upgrade");
        append_header(h, "Upgrade", "websocket");
        append_header(h, "Sec-WebSocket-Version", "13");
        append_header(h, "Sec-WebSocket-Key", req.ws_key);
        if (s.websocket_compression)
            append_header(h, "Sec-WebSocket-Extensions", "permessage-deflate; client_max_window_bits");
    } else if (!user_conn) {
        append_header(h, "Connection", s.keep_alive ? "keep-alive" : "close");
    }
    if (s.via_proxy(req.upgrade) && !s.proxy_user.empty()) {
        const std::string credentials = s.proxy_user + ":" + s.proxy_password;
        zend_string *b64 =
            php_base64_encode(reinterpret_cast<const unsigned char *>(credentials.data()), credentials.size());
        append_header(h, "Proxy-Authorization", "Basic " + std::string(ZSTR_VAL(b64), ZSTR_LEN(b64)));
        zend_string_release(b64);
    }
    // write_func hands the body over as it arrives, so it is asked for unencoded (no streaming
    // decoder here); a script that sends Accept-Encoding itself gets the encoded bytes.
    if (s.http_compression && !user_ae && !req.upgrade && !req.download && !s.write_func)
        append_header(h, "Accept-Encoding", "gzip, deflate, br");
    if (req.download && req.download_offset > 0)
        append_header(h, "Range", "bytes=" + std::to_string(req.download_offset) + "-");

    zval *cookies = prop(self, ZEND_STRL("cookies"));
    if (Z_TYPE_P(cookies) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL_P(cookies)) > 0) {
        std::string line;
        zend_string *key;
        zval *val;
        ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL_P(cookies), key, val) {
            if (!key) continue;
            std::string v = str_of(val);
            zend_string *enc = php_url_encode(v.data(), v.size());  // as Swoole: values URL-encoded
            if (!line.empty()) line += "; ";
            line.append(sv(key)).append("=").append(sv(enc));
            zend_string_release(enc);
        }
        ZEND_HASH_FOREACH_END();
        if (has_forbidden_header_chars(line)) {
            fail_build(self, "cookie name contains CR, LF or NUL");
            return false;
        }
        if (!line.empty()) append_header(h, "Cookie", line);
    }
    if (!content_type.empty() && (!user_ctype || has_files)) append_header(h, "Content-Type", content_type);
    bool method_has_body = req.method == "POST" || req.method == "PUT" || req.method == "PATCH";
    if (has_body || method_has_body) append_header(h, "Content-Length", std::to_string(req.content_length));
    h += "\r\n";
    return true;
}

}  // namespace gust::php::http_client
