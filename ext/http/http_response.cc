// Swoole\Http\Response: status, headers, cookies and trailers set by the script, then one of end()
// (Content-Length body, compressed when the client accepts it), write() (chunked), sendfile() or
// redirect(). Header names and values with CR, LF or NUL are refused: a response is never split.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <ctime>

#include "common/mime.h"
#include "gust/proto/mime.h"
#include "http/cookie.h"
#include "http/http.h"
#include "server/connections.h"
#include "server/send.h"
#include "server/server_metrics.h"

namespace gust::php::http {

zend_class_entry *ce_response = nullptr;

namespace {

namespace compress = proto::compress;
srv::Server *server_of(ResponseObject *r) { return r->server ? srv::server_from(r->server) : nullptr; }

bool forbidden(std::string_view v) { return proto::http1::has_forbidden_header_chars(v); }

// A header value as sent: whitespace (line ends included) around it is not part of a field value
// (RFC 9110 5.5), so "a\r\n" is sent as "a"; CR, LF or NUL left inside still refuse it.
std::string_view trim_value(std::string_view v) {
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!v.empty() && space(v.front())) v.remove_prefix(1);
    while (!v.empty() && space(v.back())) v.remove_suffix(1);
    return v;
}

bool valid_header_name(std::string_view name) {
    if (name.empty()) return false;
    for (unsigned char c : name) {
        if (c <= ' ' || c >= 0x7f || c == ':' || c == '(' || c == ')' || c == ',' || c == ';' || c == '<' || c == '>' ||
            c == '=' || c == '@' || c == '[' || c == ']' || c == '{' || c == '}' || c == '"' || c == '/' || c == '?' ||
            c == '\\') {
            return false;
        }
    }
    return true;
}

// "content-type" -> "Content-Type" (Swoole's $format = true).
std::string format_header_name(std::string_view name) {
    std::string out(name);
    bool upper = true;
    for (char &c : out) {
        c = static_cast<char>(upper ? toupper(static_cast<unsigned char>(c)) : tolower(static_cast<unsigned char>(c)));
        upper = c == '-';
    }
    return out;
}

struct ResponseSlots {
    uint32_t fd, header, cookie, trailer;
} slots;

// The array in a property slot (separated, ready to change), or nullptr when there is none and
// `create` is false.
HashTable *array_property(zend_object *obj, uint32_t offset, bool create) {
    zval *z = property_slot(obj, offset);
    if (Z_TYPE_P(z) == IS_ARRAY) {
        SEPARATE_ARRAY(z);
        return Z_ARRVAL_P(z);
    }
    if (!create) return nullptr;
    zval arr;
    array_init(&arr);
    set_property(obj, offset, &arr);
    return Z_ARRVAL_P(property_slot(obj, offset));
}

bool writable(ResponseObject *r) { return (r->server || r->transport) && !r->ended && !r->detached; }

// The settings that apply to this response (a coroutine server's own, or its Swoole\Server's).
const HttpSettings &response_settings(ResponseObject *r) {
    return r->transport ? r->transport->settings() : settings_of(server_of(r));
}

// Status and headers can change only before write() sent them.
bool refuse_after_headers(ResponseObject *r) {
    if (refuse_unwritable(r)) return true;
    if (!r->headers_sent) return false;
    php_error_docref(nullptr, E_WARNING, "the headers are already sent");
    return true;
}

bool compressible(std::string_view type, const std::vector<std::string> &chosen) {
    type = type.substr(0, type.find(';'));
    while (!type.empty() && (type.back() == ' ' || type.back() == '\t')) type.remove_suffix(1);
    if (!chosen.empty()) {
        return std::any_of(chosen.begin(), chosen.end(),
                           [&](const std::string &c) { return proto::http1::equals_ignore_case(type, c); });
    }
    auto starts = [&](std::string_view p) {
        return type.size() >= p.size() && strncasecmp(type.data(), p.data(), p.size()) == 0;
    };
    auto ends = [&](std::string_view p) {
        return type.size() >= p.size() && strncasecmp(type.data() + type.size() - p.size(), p.data(), p.size()) == 0;
    };
    return starts("text/") || starts("application/json") || starts("application/javascript") ||
           starts("application/xml") || starts("image/svg+xml") || ends("+json") || ends("+xml");
}

bool status_has_body(int status) { return status >= 200 && status != 204 && status != 304; }

void append_decimal(std::string &out, uint64_t v) {
    char buf[24];
    char *end = buf + sizeof buf, *p = end;
    do {
        *--p = static_cast<char>('0' + v % 10);
        v /= 10;
    } while (v);
    out.append(p, static_cast<size_t>(end - p));
}

// Appends the script's headers as "Name: value\r\n" lines in the script's order (an array header gives
// one line per value, null items none), leaving out names `skip(name)` claims (it may write its own
// line there) and any name or value that could split the response. `seen(name, value)` observes each
// line written.
template <typename Skip, typename Seen>
void append_script_headers(zend_object *obj, std::string &out, Skip skip, Seen seen) {
    HashTable *headers = array_property(obj, slots.header, false);
    if (!headers) return;
    zend_string *key;
    zval *value;
    ZEND_HASH_FOREACH_STR_KEY_VAL(headers, key, value) {
        if (!key) continue;
        const std::string_view name(ZSTR_VAL(key), ZSTR_LEN(key));
        if (skip(name) || !valid_header_name(name)) continue;
        auto add = [&](zval *v) {
            if (Z_TYPE_P(v) == IS_NULL) return;
            zend_string *str = zval_get_string(v);
            const std::string_view sv = trim_value(std::string_view(ZSTR_VAL(str), ZSTR_LEN(str)));
            if (!forbidden(sv)) {
                seen(name, sv);
                out.append(name).append(": ").append(sv).append("\r\n");
            }
            zend_string_release(str);
        };
        if (Z_TYPE_P(value) == IS_ARRAY) {
            zval *item;
            ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(value), item) { add(item); }
            ZEND_HASH_FOREACH_END();
        } else {
            add(value);
        }
    }
    ZEND_HASH_FOREACH_END();
}

void append_cookies(zend_object *obj, std::string &out) {
    HashTable *cookies = array_property(obj, slots.cookie, false);
    if (!cookies) return;
    zval *c;
    ZEND_HASH_FOREACH_VAL(cookies, c) {
        if (Z_TYPE_P(c) == IS_STRING && !forbidden(std::string_view(Z_STRVAL_P(c), Z_STRLEN_P(c)))) {
            out.append("Set-Cookie: ").append(Z_STRVAL_P(c), Z_STRLEN_P(c)).append("\r\n");
        }
    }
    ZEND_HASH_FOREACH_END();
}

bool is_one_of(std::string_view name, std::initializer_list<std::string_view> names) {
    for (std::string_view n : names) {
        if (proto::http1::equals_ignore_case(name, n)) return true;
    }
    return false;
}

struct HeadOptions {
    size_t content_length = 0;
    bool chunked = false;          // Transfer-Encoding: chunked
    bool close_delimited = false;  // HTTP/1.0 write(): the body ends with the connection
    bool no_length = false;        // 1xx/204/304: no Content-Length at all
    compress::Encoding encoding = compress::Encoding::kIdentity;
    std::string_view default_type = "text/html";
};

// The status line and headers. Sets *close_after when the response ends the connection.
std::string build_head(ResponseObject *r, const HeadOptions &o, bool *close_after) {
    std::string out;
    out.reserve(256);
    if (r->status == 200 && r->reason.empty()) {
        out += r->version_minor == 0 ? "HTTP/1.0 200 OK\r\n" : "HTTP/1.1 200 OK\r\n";
    } else {
        const char *reason = r->reason.empty() ? proto::http1::reason_phrase(r->status) : r->reason.c_str();
        out += r->version_minor == 0 ? "HTTP/1.0 " : "HTTP/1.1 ";
        append_decimal(out, static_cast<uint64_t>(r->status));
        out += ' ';
        out += reason ? reason : "Unknown";
        out += "\r\n";
    }
    bool has_server = false, has_date = false, has_type = false, has_connection = false;
    *close_after = !r->keep_alive || o.close_delimited;
    zend_object *obj = ResponseClass::object_of(r);
    // Framing is Gust's to decide: a script's Content-Length or Transfer-Encoding could make the
    // client read the next response as part of this one. Where the script set a Content-Length,
    // Gust's own goes in its place (Swoole keeps the script's header order).
    const bool length_framed = !o.chunked && !o.no_length && !o.close_delimited;
    bool length_written = false;
    auto append_length = [&] {
        out += "Content-Length: ";
        append_decimal(out, o.content_length);
        out += "\r\n";
        length_written = true;
    };
    append_script_headers(
        obj, out,
        [&](std::string_view name) {
            if (!is_one_of(name, {"content-length", "transfer-encoding"})) return false;
            if (length_framed && !length_written && proto::http1::equals_ignore_case(name, "content-length")) {
                append_length();
            }
            return true;
        },
        [&](std::string_view name, std::string_view value) {
            has_server |= proto::http1::equals_ignore_case(name, "server");
            has_date |= proto::http1::equals_ignore_case(name, "date");
            has_type |= proto::http1::equals_ignore_case(name, "content-type");
            if (proto::http1::equals_ignore_case(name, "connection")) {
                has_connection = true;
                if (proto::http1::equals_ignore_case(value, "close")) *close_after = true;
            }
        });
    if (!has_server) out += "Server: swoole-http-server\r\n";
    if (!has_date) out.append("Date: ").append(http_date()).append("\r\n");
    if (!has_connection) out += *close_after ? "Connection: close\r\n" : "Connection: keep-alive\r\n";
    if (!has_type && status_has_body(r->status)) out.append("Content-Type: ").append(o.default_type).append("\r\n");
    if (o.encoding != compress::Encoding::kIdentity) {
        out.append("Content-Encoding: ")
            .append(compress::encoding_token(o.encoding))
            .append("\r\nVary: Accept-Encoding\r\n");
    }
    append_cookies(obj, out);
    if (o.chunked) {
        out += "Transfer-Encoding: chunked\r\n";
    } else if (length_framed && !length_written) {
        append_length();
    }
    out += "\r\n";
    return out;
}

bool send_bytes(ResponseObject *r, std::string_view bytes) {
    if (r->transport) return bytes.empty() || r->transport->send(bytes);
    srv::Server *s = server_of(r);
    if (!s || bytes.empty()) return s != nullptr;
    r->bytes_out += bytes.size();
    if (srv::send_bytes_to_session(s, r->fd, bytes)) return true;
    // A response larger than buffer_output_size can never go: the client is reset rather than left
    // waiting for it (as Swoole's does).
    if (s->last_error == code(SwooleError::kDataLengthTooLarge)) (void)srv::close_session(s, r->fd, true);
    return false;
}

// Metrics and the access log of a measured request, once: `answered` when its response ended
// (false: the connection went first).
void account(srv::Server *s, ResponseObject *r, bool answered) {
    if (r->started == 0 || !s) return;
    const Nanos started = r->started;
    r->started = 0;
    if (!answered) {
        srv::metrics_request_abandoned(s);
        return;
    }
    const Nanos duration = gust::monotonic_now() - started;  // the one clock read of a measured request
    srv::metrics_request_end(s, r->port_index, r->status, duration, r->bytes_in, r->bytes_out);
    if (r->access && srv::access_log_on(s)) {
        server::AccessRecord rec;
        zend_string *host = nullptr;
        zend_long port = 0;
        if (srv::session_peer(s, r->fd, &host, &port))
            rec.remote_addr = std::string_view(ZSTR_VAL(host), ZSTR_LEN(host));
        rec.wall_time = gust::wall_now();
        rec.method = r->access->method;
        rec.target = r->access->target;
        rec.version_minor = r->access->version_minor;
        rec.status = r->status;
        rec.bytes = r->bytes_out;
        rec.duration = duration;
        rec.referer = r->access->referer;
        rec.user_agent = r->access->user_agent;
        rec.pid = static_cast<int>(getpid());
        rec.worker_id = static_cast<int>(s->worker_id);
        srv::access_log_write(s, rec);
        if (host) zend_string_release(host);
    }
}

// The response is complete: the connection closes or its next pipelined request starts.
void finish(ResponseObject *r, bool close_after) {
    r->ended = true;
    if (r->transport) {
        if (r->current) {
            r->current = false;
            r->transport->response_done(close_after);
        }
        return;
    }
    srv::Server *s = server_of(r);
    if (!s) return;
    if (r->started) account(s, r, true);
    if (upgrade().is_upgraded && upgrade().is_upgraded(s, r->fd)) upgrade().handshake_done(s, r->fd, r->status);
    if (close_after) (void)srv::close_session(s, r->fd, false);
    if (r->current) {
        r->current = false;
        request_done(s, r->fd, close_after);
    }
}

std::string chunk_of(std::string_view data) {
    char size[24];
    const int n = snprintf(size, sizeof size, "%zx\r\n", data.size());
    std::string out(size, static_cast<size_t>(n));
    out.append(data).append("\r\n");
    return out;
}

std::string trailers_of(ResponseObject *r) {
    std::string out;
    HashTable *t = array_property(ResponseClass::object_of(r), slots.trailer, false);
    if (!t) return out;
    zend_string *key;
    zval *value;
    ZEND_HASH_FOREACH_STR_KEY_VAL(t, key, value) {
        if (!key || Z_TYPE_P(value) != IS_STRING) continue;
        if (!valid_header_name(std::string_view(ZSTR_VAL(key), ZSTR_LEN(key)))) continue;
        if (forbidden(std::string_view(Z_STRVAL_P(value), Z_STRLEN_P(value)))) continue;
        out.append(ZSTR_VAL(key), ZSTR_LEN(key))
            .append(": ")
            .append(Z_STRVAL_P(value), Z_STRLEN_P(value))
            .append("\r\n");
    }
    ZEND_HASH_FOREACH_END();
    return out;
}

std::string_view header_value(ResponseObject *r, std::string_view name) {
    HashTable *headers = array_property(ResponseClass::object_of(r), slots.header, false);
    if (!headers) return {};
    zend_string *key;
    zval *value;
    ZEND_HASH_FOREACH_STR_KEY_VAL(headers, key, value) {
        if (key && Z_TYPE_P(value) == IS_STRING &&
            proto::http1::equals_ignore_case(std::string_view(ZSTR_VAL(key), ZSTR_LEN(key)), name)) {
            return std::string_view(Z_STRVAL_P(value), Z_STRLEN_P(value));
        }
    }
    ZEND_HASH_FOREACH_END();
    return {};
}

bool has_header(ResponseObject *r, std::string_view name) {
    HashTable *headers = array_property(ResponseClass::object_of(r), slots.header, false);
    if (!headers) return false;
    zend_string *key;
    ZEND_HASH_FOREACH_STR_KEY(headers, key) {
        if (key && proto::http1::equals_ignore_case(std::string_view(ZSTR_VAL(key), ZSTR_LEN(key)), name)) return true;
    }
    ZEND_HASH_FOREACH_END();
    return false;
}

// Which encoding end()/write() use for this body: none when the client or the settings say so,
// the body is short, already encoded, or not a type worth compressing.
compress::Encoding choose_encoding(ResponseObject *r, size_t length, bool streaming) {
    const HttpSettings &h = response_settings(r);
    // A HEAD answer of end() compresses too: its headers are the ones the GET would get.
    if (!(r->server || r->transport) || !h.compression || r->accepted == compress::Encoding::kIdentity ||
        (r->head_only && streaming)) {
        return compress::Encoding::kIdentity;
    }
    if (!streaming && length < static_cast<size_t>(h.compression_min_length)) {
        return compress::Encoding::kIdentity;
    }
    if (!status_has_body(r->status) || has_header(r, "content-encoding")) return compress::Encoding::kIdentity;
    std::string_view type = header_value(r, "content-type");
    if (type.empty()) type = "text/html";
    return compressible(type, h.compression_types) ? r->accepted : compress::Encoding::kIdentity;
}

// Content-Length as the script set it with header(): absent, set to "" (removed: the response has
// no length, the script streams its body with Server::send()), or a length.
struct UserLength {
    enum Kind { kNone, kRemoved, kValue } kind = kNone;
    uint64_t value = 0;
};

UserLength user_content_length(ResponseObject *r) {
    UserLength out;
    HashTable *headers = array_property(ResponseClass::object_of(r), slots.header, false);
    if (!headers) return out;
    zend_string *key;
    zval *value;
    ZEND_HASH_FOREACH_STR_KEY_VAL(headers, key, value) {
        if (!key || !proto::http1::equals_ignore_case(std::string_view(ZSTR_VAL(key), ZSTR_LEN(key)), "content-length"))
            continue;
        if (Z_TYPE_P(value) == IS_ARRAY || Z_TYPE_P(value) == IS_FALSE) continue;
        zend_string *str = zval_get_string(value);
        const std::string_view v = trim_value(std::string_view(ZSTR_VAL(str), ZSTR_LEN(str)));
        uint64_t n = 0;
        bool digits = !v.empty() && v.size() <= 18;
        for (char c : v) {
            if (c < '0' || c > '9') digits = false;
            else n = n * 10 + static_cast<uint64_t>(c - '0');
        }
        if (v.empty()) {
            out.kind = UserLength::kRemoved;
        } else if (digits) {
            out.kind = UserLength::kValue;
            out.value = n;
        }
        zend_string_release(str);
    }
    ZEND_HASH_FOREACH_END();
    return out;
}

bool write_chunk(ResponseObject *r, std::string_view content);

bool end_response(ResponseObject *r, std::string_view content) {
    bool close_after = !r->keep_alive;
    bool ok = true;
    if (r->headers_sent) {
        std::string tail;
        if (r->stream) {
            std::string compressed;
            (void)r->stream->write(content, compressed);
            (void)r->stream->finish(compressed);
            content = {};
            if (!compressed.empty()) tail += chunk_of(compressed);
        }
        if (r->version_minor == 0) {
            tail.append(content);
            close_after = true;
        } else {
            if (!content.empty()) tail += chunk_of(content);
            tail.append("0\r\n").append(trailers_of(r)).append("\r\n");
        }
        ok = send_bytes(r, tail);
        finish(r, close_after || r->version_minor == 0);
        return ok;
    }
    // On HTTP/2 end() sends the trailers as Swoole does (gRPC's status is there): the body goes
    // out as a streamed one so that they follow it.
    if (r->transport && r->transport->carries_trailers() && !r->head_only && status_has_body(r->status) &&
        !trailers_of(r).empty()) {
        if (!write_chunk(r, content)) return false;
        return end_response(r, {});
    }
    HeadOptions o;
    std::string compressed;
    const UserLength user = user_content_length(r);
    o.encoding =
        user.kind == UserLength::kNone ? choose_encoding(r, content.size(), false) : compress::Encoding::kIdentity;
    if (o.encoding != compress::Encoding::kIdentity) {
        auto out = compress::compress(o.encoding, response_settings(r).compression_level, content);
        if (out.ok()) {
            compressed = std::move(out.value());
            content = compressed;
        } else {
            o.encoding = compress::Encoding::kIdentity;
        }
    }
    o.no_length = !status_has_body(r->status);
    o.content_length = content.size();
    bool force_close = false;
    if (user.kind == UserLength::kRemoved) {
        // No length: a body sent now ends with the connection; without one the script goes on
        // with Server::send() on the connection (e.g. an event stream).
        o.no_length = true;
        if (!content.empty() && !r->head_only) force_close = true;
    } else if (user.kind == UserLength::kValue) {
        // The script's length is what the client reads (a HEAD answers what the GET would send).
        // A body longer than it is cut there, never sent past the declared end where the client
        // would read it as the next response; a shorter one ends with the connection.
        o.content_length = user.value;
        if (!r->head_only && !content.empty()) {
            if (content.size() > user.value) content = content.substr(0, user.value);
            else if (content.size() < user.value) force_close = true;
        }
    }
    std::string head = build_head(r, o, &close_after);
    close_after |= force_close;
    if (!r->head_only && status_has_body(r->status)) head.append(content);
    ok = send_bytes(r, head);
    finish(r, close_after);
    return ok;
}

bool write_chunk(ResponseObject *r, std::string_view content) {
    std::string out;
    if (!r->headers_sent) {
        HeadOptions o;
        o.encoding = choose_encoding(r, 0, true);
        if (o.encoding != compress::Encoding::kIdentity) {
            auto c = compress::Compressor::create(o.encoding, response_settings(r).compression_level);
            if (c.ok()) {
                r->stream = std::make_unique<compress::Compressor>(std::move(c.value()));
            } else {
                o.encoding = compress::Encoding::kIdentity;
            }
        }
        o.chunked = r->version_minor != 0;
        o.close_delimited = r->version_minor == 0;
        bool close_after = false;
        out = build_head(r, o, &close_after);
        r->headers_sent = true;
    }
    std::string compressed;
    if (r->stream) {
        if (!r->stream->write(content, compressed, compress::Flush::kSync).ok()) return false;
        content = compressed;
    }
    if (!content.empty()) {
        if (r->version_minor == 0) {
            out.append(content);
        } else {
            out += chunk_of(content);
        }
    }
    return send_bytes(r, out);
}

// Response::cookie()/rawcookie(): a Swoole\Http\Cookie (which says itself whether to encode) or
// the ten arguments. false, with a warning, for a cookie that would break the header.
bool make_cookie(INTERNAL_FUNCTION_PARAMETERS, bool url_encode) {
    zend_string *name = nullptr, *value = nullptr, *path = nullptr, *domain = nullptr, *samesite = nullptr,
                *priority = nullptr;
    zend_object *object = nullptr;
    zend_long expires = 0;
    bool secure = false, httponly = false, partitioned = false;
    ZEND_PARSE_PARAMETERS_START(1, 10)
        Z_PARAM_OBJ_OF_CLASS_OR_STR(object, ce_cookie, name)
        Z_PARAM_OPTIONAL
        Z_PARAM_STR_OR_NULL(value)
        Z_PARAM_LONG(expires)
        Z_PARAM_STR(path)
        Z_PARAM_STR(domain)
        Z_PARAM_BOOL(secure)
        Z_PARAM_BOOL(httponly)
        Z_PARAM_STR(samesite)
        Z_PARAM_STR(priority)
        Z_PARAM_BOOL(partitioned)
        ZEND_PARSE_PARAMETERS_END_EX(return false);
        ResponseObject *r = response_from(Z_OBJ_P(ZEND_THIS));
        if (refuse_unwritable(r)) return false;
        CookieFields fields;
        if (object) {
            fields = *cookie_fields_of(object);
        } else {
            auto str = [](zend_string *z) { return z ? std::string(ZSTR_VAL(z), ZSTR_LEN(z)) : std::string(); };
            fields.name = str(name);
            fields.value = str(value);
            fields.path = str(path);
            fields.domain = str(domain);
            fields.same_site = str(samesite);
            fields.priority = str(priority);
            fields.expires = expires;
            fields.secure = secure;
            fields.http_only = httponly;
            fields.partitioned = partitioned;
            fields.encode = url_encode;
        }
        std::optional<std::string> line = set_cookie_value(fields);
        if (!line) return false;
        HashTable *cookies = array_property(Z_OBJ_P(ZEND_THIS), slots.cookie, true);
        zval cz;
        ZVAL_STRINGL(&cz, line->data(), line->size());
        zend_hash_next_index_insert(cookies, &cz);
        return true;
}

}  // namespace

ResponseObject *this_response(zval *self) { return response_from(Z_OBJ_P(self)); }

bool refuse_unwritable(ResponseObject *r) {
    if (writable(r)) return false;
    set_last_error(SwooleError::kHttpContextUnavailable);
    php_error_docref(nullptr, E_WARNING, "http response is unavailable (maybe it has been ended or detached)");
    return true;
}

bool end_response_now(ResponseObject *r) { return writable(r) && end_response(r, {}); }

bool end_response_with(ResponseObject *r, std::string_view content) { return writable(r) && end_response(r, content); }

ResponseObject::~ResponseObject() {
    ResponseObject *r = this;
    if (r->deadline) deadline_response_gone(r->deadline);
    if (r->transport) {
        // Not answered nor detached: a 500, so the client is not left waiting.
        if (writable(r) && r->transport->alive()) {
            r->status = 500;
            r->reason.clear();
            (void)end_response(r, {});
        } else if (r->current) {
            r->transport->response_done(true);
        }
        return;
    }
    srv::Server *s = server_of(r);
    // A request the script neither answered nor detached gets a 500, so the client is not left
    // waiting and the connection's next request can run.
    if (s && writable(r) && srv::running_server() == s && srv::session_exists(s, r->fd)) {
        r->status = 500;
        r->reason.clear();
        (void)end_response(r, {});
    } else if (s && r->current && srv::running_server() == s) {
        request_done(s, r->fd, false);
    }
    if (r->started && srv::running_server() == s) account(s, r, false);
    if (r->server) OBJ_RELEASE(r->server);
}

ResponseObject *response_from(zend_object *obj) { return ResponseClass::from(obj); }

zend_object *make_response_on(std::shared_ptr<Transport> t, server::SessionId fd,
                              const proto::http1::RequestHead &head) {
    zend_object *obj = ResponseClass::make();
    ResponseObject *r = response_from(obj);
    r->fd = fd;
    r->version_minor = head.version_minor;
    r->keep_alive = head.keep_alive;
    r->head_only = head.method == "HEAD";
    r->current = true;
    bool found = false;
    std::string_view accept = head.header("accept-encoding", &found);
    if (found && t->settings().compression) r->accepted = compress::negotiate_encoding(accept);
    r->transport = std::move(t);
    zval fd_value;
    ZVAL_LONG(&fd_value, fd);
    set_property(obj, slots.fd, &fd_value);
    return obj;
}

zend_object *make_response(srv::Server *s, server::SessionId fd, const proto::http1::RequestHead &head) {
    zend_object *obj = ResponseClass::make();
    ResponseObject *r = response_from(obj);
    r->server = s->self;
    GC_ADDREF(s->self);
    r->fd = fd;
    r->version_minor = head.version_minor;
    r->keep_alive = head.keep_alive;
    r->head_only = head.method == "HEAD";
    r->current = true;
    bool found = false;
    std::string_view accept = head.header("accept-encoding", &found);
    if (found && settings_of(s).compression) r->accepted = compress::negotiate_encoding(accept);
    zval fd_value;
    ZVAL_LONG(&fd_value, fd);
    set_property(obj, slots.fd, &fd_value);
    return obj;
}

void setup_response_class(zend_class_entry *ce) {
    ce_response = ce;
    slots = {property_offset(ce, "fd"), property_offset(ce, "header"), property_offset(ce, "cookie"),
             property_offset(ce, "trailer")};
    ResponseClass::install(ce_response, [](zend_object_handlers &h) {
        // header, cookie and trailer are the Response's own arrays: unset() would leave it without
        // them, so it is refused as Swoole refuses it (header() with null removes one header).
        h.unset_property = [](zend_object *obj, zend_string *name, void **cache_slot) {
            if (zend_string_equals_literal(name, "header") || zend_string_equals_literal(name, "cookie") ||
                zend_string_equals_literal(name, "trailer")) {
                zend_throw_error(nullptr, "Property %s of class %s cannot be unset", ZSTR_VAL(name),
                                 ZSTR_VAL(obj->ce->name));
                return;
            }
            zend_std_unset_property(obj, name, cache_slot);
        };
    });
}

}  // namespace gust::php::http

using namespace gust::php::http;
namespace srv = gust::php::srv;

ZEND_METHOD(Swoole_Http_Response, initHeader) {
    ZEND_PARSE_PARAMETERS_NONE();
    zval arr;
    array_init(&arr);
    set_property(Z_OBJ_P(ZEND_THIS), slots.header, &arr);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Http_Response, isWritable) {
    ZEND_PARSE_PARAMETERS_NONE();
    ResponseObject *r = this_response(ZEND_THIS);
    if (r->transport) RETURN_BOOL(!r->ended && !r->detached && r->transport->alive());
    srv::Server *s = r->server ? srv::server_from(r->server) : nullptr;
    RETURN_BOOL(s && !r->ended && !r->detached && srv::session_exists(s, r->fd));
}

ZEND_METHOD(Swoole_Http_Response, cookie) { RETURN_BOOL(make_cookie(INTERNAL_FUNCTION_PARAM_PASSTHRU, true)); }
ZEND_METHOD(Swoole_Http_Response, rawcookie) { RETURN_BOOL(make_cookie(INTERNAL_FUNCTION_PARAM_PASSTHRU, false)); }

ZEND_METHOD(Swoole_Http_Response, status) {
    zend_long code;
    zend_string *reason = nullptr;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_LONG(code)
        Z_PARAM_OPTIONAL
        Z_PARAM_STR(reason)
    ZEND_PARSE_PARAMETERS_END();
    ResponseObject *r = this_response(ZEND_THIS);
    if (refuse_after_headers(r)) RETURN_FALSE;
    if (code < 100 || code > 999) {
        php_error_docref(nullptr, E_WARNING, "invalid status code " ZEND_LONG_FMT, code);
        RETURN_FALSE;
    }
    if (reason && (forbidden(std::string_view(ZSTR_VAL(reason), ZSTR_LEN(reason))))) {
        php_error_docref(nullptr, E_WARNING, "the reason phrase cannot contain CR, LF or NUL");
        RETURN_FALSE;
    }
    r->status = static_cast<int>(code);
    r->reason = reason ? std::string(ZSTR_VAL(reason), ZSTR_LEN(reason)) : std::string();
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Http_Response, header) {
    zend_string *key;
    zval *value;
    bool format = true;
    ZEND_PARSE_PARAMETERS_START(2, 3)
        Z_PARAM_STR(key)
        Z_PARAM_ZVAL(value)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(format)
    ZEND_PARSE_PARAMETERS_END();
    ResponseObject *r = this_response(ZEND_THIS);
    if (refuse_after_headers(r)) RETURN_FALSE;
    const std::string_view k(ZSTR_VAL(key), ZSTR_LEN(key));
    if (!valid_header_name(k)) {
        php_error_docref(nullptr, E_WARNING, "invalid header name");
        RETURN_FALSE;
    }
    bool bad = false;
    auto check = [&](zval *v) {
        if (Z_TYPE_P(v) == IS_ARRAY || Z_TYPE_P(v) == IS_OBJECT) {
            bad = true;
            return;
        }
        if (Z_TYPE_P(v) == IS_NULL) return;
        zend_string *str = zval_get_string(v);
        bad |= forbidden(trim_value(std::string_view(ZSTR_VAL(str), ZSTR_LEN(str))));
        zend_string_release(str);
    };
    if (Z_TYPE_P(value) == IS_ARRAY) {
        zval *item;
        ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(value), item) { check(item); }
        ZEND_HASH_FOREACH_END();
    } else if (Z_TYPE_P(value) != IS_NULL) {
        check(value);
    }
    if (bad) {
        php_error_docref(nullptr, E_WARNING, "header '%s' has an invalid value (CR, LF and NUL are not allowed)",
                         ZSTR_VAL(key));
        RETURN_FALSE;
    }
    const std::string name = format ? format_header_name(k) : std::string(k);
    HashTable *headers = array_property(Z_OBJ_P(ZEND_THIS), slots.header, true);
    if (Z_TYPE_P(value) == IS_NULL) {
        zend_hash_str_del(headers, name.data(), name.size());
    } else {
        Z_TRY_ADDREF_P(value);
        zend_hash_str_update(headers, name.data(), name.size(), value);
    }
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Http_Response, trailer) {
    zend_string *key, *value = nullptr;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_STR(key)
        Z_PARAM_STR_OR_NULL(value)
    ZEND_PARSE_PARAMETERS_END();
    ResponseObject *r = this_response(ZEND_THIS);
    if (refuse_unwritable(r)) RETURN_FALSE;
    if (!valid_header_name(std::string_view(ZSTR_VAL(key), ZSTR_LEN(key))) ||
        (value && forbidden(std::string_view(ZSTR_VAL(value), ZSTR_LEN(value))))) {
        php_error_docref(nullptr, E_WARNING, "invalid trailer (CR, LF and NUL are not allowed)");
        RETURN_FALSE;
    }
    HashTable *t = array_property(Z_OBJ_P(ZEND_THIS), slots.trailer, true);
    if (!value) {
        zend_hash_del(t, key);
    } else {
        zval v;
        ZVAL_STR_COPY(&v, value);
        zend_hash_update(t, key, &v);
    }
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Http_Response, write) {
    zend_string *content;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(content)
    ZEND_PARSE_PARAMETERS_END();
    ResponseObject *r = this_response(ZEND_THIS);
    if (refuse_unwritable(r)) RETURN_FALSE;
    if (ZSTR_LEN(content) == 0) {
        php_error_docref(nullptr, E_WARNING, "the content is empty");
        RETURN_FALSE;
    }
    RETURN_BOOL(write_chunk(r, std::string_view(ZSTR_VAL(content), ZSTR_LEN(content))));
}

ZEND_METHOD(Swoole_Http_Response, end) {
    zend_string *content = nullptr;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_STR_OR_NULL(content)
    ZEND_PARSE_PARAMETERS_END();
    ResponseObject *r = this_response(ZEND_THIS);
    if (refuse_unwritable(r)) RETURN_FALSE;
    RETURN_BOOL(end_response(r, content ? std::string_view(ZSTR_VAL(content), ZSTR_LEN(content)) : std::string_view()));
}

ZEND_METHOD(Swoole_Http_Response, sendfile) {
    char *file;
    size_t file_len;
    zend_long offset = 0, length = 0;
    ZEND_PARSE_PARAMETERS_START(1, 3)
        Z_PARAM_PATH(file, file_len)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(offset)
        Z_PARAM_LONG(length)
    ZEND_PARSE_PARAMETERS_END();
    ResponseObject *r = this_response(ZEND_THIS);
    if (refuse_unwritable(r)) RETURN_FALSE;
    if (r->headers_sent) {
        php_error_docref(nullptr, E_WARNING, "cannot sendfile() after write()");
        RETURN_FALSE;
    }
    zend_long size = 0;
    const int fd = srv::open_file_range(file, offset, length, &size);
    if (fd < 0) RETURN_FALSE;
    HeadOptions o;
    o.content_length = static_cast<size_t>(size);
    o.default_type = gust::php::mime_type_of(std::string_view(file, file_len));
    bool close_after = false;
    const std::string head = build_head(r, o, &close_after);
    bool ok = send_bytes(r, head);
    if (ok && !r->head_only) {
        ok = r->transport ? r->transport->send_file(file, fd, offset, static_cast<size_t>(size))
                          : srv::send_file_range(srv::server_from(r->server), r->fd, file, fd, offset, size);
        if (ok) r->bytes_out += static_cast<uint64_t>(size);
    }
    close(fd);
    finish(r, close_after || !ok);
    RETURN_BOOL(ok);
}

ZEND_METHOD(Swoole_Http_Response, redirect) {
    zend_string *location;
    zend_long code = 302;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_STR(location)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(code)
    ZEND_PARSE_PARAMETERS_END();
    ResponseObject *r = this_response(ZEND_THIS);
    if (refuse_unwritable(r)) RETURN_FALSE;
    if (r->headers_sent || forbidden(std::string_view(ZSTR_VAL(location), ZSTR_LEN(location)))) {
        php_error_docref(nullptr, E_WARNING, "invalid redirect target (CR, LF and NUL are not allowed)");
        RETURN_FALSE;
    }
    if (code < 300 || code > 399) code = 302;
    r->status = static_cast<int>(code);
    r->reason.clear();
    HashTable *headers = array_property(Z_OBJ_P(ZEND_THIS), slots.header, true);
    zval v;
    ZVAL_STR_COPY(&v, location);
    zend_hash_str_update(headers, ZEND_STRL("Location"), &v);
    RETURN_BOOL(end_response(r, {}));
}

ZEND_METHOD(Swoole_Http_Response, detach) {
    ZEND_PARSE_PARAMETERS_NONE();
    ResponseObject *r = this_response(ZEND_THIS);
    if (refuse_unwritable(r)) RETURN_FALSE;
    r->detached = true;
    if (r->current) {
        r->current = false;
        if (r->transport) {
            r->transport->response_done(false);
        } else {
            request_done(srv::server_from(r->server), r->fd, false);
        }
    }
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Http_Response, create) {
    zval *target;
    zend_long fd = -1;
    ZEND_PARSE_PARAMETERS_START(0, 2)
        Z_PARAM_OPTIONAL
        Z_PARAM_ZVAL(target)
        Z_PARAM_LONG(fd)
    ZEND_PARSE_PARAMETERS_END();
    srv::Server *s = nullptr;
    zend_object *request = nullptr;
    if (ZEND_NUM_ARGS() >= 1 && Z_TYPE_P(target) == IS_ARRAY) {
        // [$server, $request]: a request parsed by Request::parse() on a plain Server's connection
        // (open_http_protocol); the response follows its version, keep-alive and method.
        zval *first = zend_hash_index_find(Z_ARRVAL_P(target), 0);
        zval *second = zend_hash_index_find(Z_ARRVAL_P(target), 1);
        if (first && Z_TYPE_P(first) == IS_OBJECT && instanceof_function(Z_OBJCE_P(first), srv::ce_server)) {
            s = srv::server_from(Z_OBJ_P(first));
        }
        if (second && Z_TYPE_P(second) == IS_OBJECT && instanceof_function(Z_OBJCE_P(second), ce_request)) {
            request = Z_OBJ_P(second);
        }
    } else if (ZEND_NUM_ARGS() >= 1 && Z_TYPE_P(target) == IS_OBJECT &&
               instanceof_function(Z_OBJCE_P(target), srv::ce_server)) {
        s = srv::server_from(Z_OBJ_P(target));
    } else if (ZEND_NUM_ARGS() >= 1 &&
               (Z_TYPE_P(target) == IS_LONG ||
                (Z_TYPE_P(target) == IS_STRING &&
                 is_numeric_string(Z_STRVAL_P(target), Z_STRLEN_P(target), nullptr, nullptr, false) == IS_LONG))) {
        // An fd that went through a task or a pipe message often comes back as a numeric string.
        s = srv::running_server();
        fd = zval_get_long(target);
    }
    if (!s || fd <= 0) {
        php_error_docref(nullptr, E_WARNING, "Response::create() needs a running server and a connection fd");
        RETURN_FALSE;
    }
    gust::proto::http1::RequestHead head;  // HTTP/1.1, keep-alive, no compression
    const RequestObject *parsed = request ? request_from(request) : nullptr;
    if (parsed && parsed->data && parsed->completed) {
        if (gust::proto::http1::parse_request_head(ZSTR_VAL(parsed->data), ZSTR_LEN(parsed->data), &head) <= 0) {
            head.reset();
        }
    }
    if (request) zend_update_property_long(ce_request, request, ZEND_STRL("fd"), fd);
    zend_object *obj = make_response(s, fd, head);
    response_from(obj)->current = false;
    RETURN_OBJ(obj);
}

ZEND_METHOD(Swoole_Http_Response, close) {
    ZEND_PARSE_PARAMETERS_NONE();
    ResponseObject *r = this_response(ZEND_THIS);
    if (r->transport) {
        const bool was_current = r->current;
        r->ended = true;
        r->current = false;
        const bool ok = r->transport->close();
        if (was_current) r->transport->response_done(true);
        RETURN_BOOL(ok);
    }
    if (!r->server) RETURN_FALSE;
    const bool was_current = r->current;
    r->ended = true;
    r->current = false;
    srv::Server *s = srv::server_from(r->server);
    if (r->started) account(s, r, false);
    const bool ok = srv::close_session(s, r->fd, false);
    if (was_current) request_done(s, r->fd, true);
    RETURN_BOOL(ok);
}

std::string gust::php::http::upgrade_header_lines(ResponseObject *r, bool *has_server) {
    std::string out;
    *has_server = false;
    zend_object *obj = ResponseClass::object_of(r);
    // The handshake's own headers are the server's to write (once).
    append_script_headers(
        obj, out,
        [](std::string_view name) {
            return is_one_of(name, {"content-length", "transfer-encoding", "upgrade", "connection",
                                    "sec-websocket-accept", "sec-websocket-version"});
        },
        [&](std::string_view name, std::string_view) {
            *has_server |= proto::http1::equals_ignore_case(name, "server");
        });
    append_cookies(obj, out);
    return out;
}

ZEND_METHOD(Swoole_Http_Response, __destruct) {}
