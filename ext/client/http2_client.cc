// Swoole\Coroutine\Http2\Client, Swoole\Http2\Request and Swoole\Http2\Response: the methods,
// a Request turned into a header list and body, and the protocol's events turned into Response
// objects (recv() returns a stream's whole response, read() also its parts while it streams).
// The connection itself is http2_client_io.cc.
#include "client/http2_client.h"
#include "client/client_common.h"

#include <cerrno>
#include <cstring>

#include "common/errors.h"
#include "common/module.h"

extern "C" {
#include "ext/standard/php_array.h"
#include "ext/standard/url.h"
}

#include "gust/base/error.h"
#include "stubs/http2_client_arginfo.h"

namespace gust::php::http2_client {

using client_common::add_cookie;
using client_common::urlencode_array;

zend_class_entry *ce_client = nullptr;
zend_class_entry *ce_exception = nullptr;
zend_class_entry *ce_request = nullptr;
zend_class_entry *ce_response = nullptr;

namespace {

namespace h2 = proto::http2;

constexpr zend_long kStatusServerReset = -3;  // SWOOLE_HTTP_CLIENT_ESTATUS_SERVER_RESET

zval *read_prop(zend_class_entry *ce, zend_object *obj, const char *name, size_t len) {
    zval rv;
    return zend_read_property(ce, obj, name, len, 1, &rv);
}

std::string str_of(zval *v) {
    zend_string *s = zval_get_string(v);
    std::string out(ZSTR_VAL(s), ZSTR_LEN(s));
    zend_string_release(s);
    return out;
}

// Fields HTTP/2 forbids (RFC 9113 §8.2.2): a server resets a stream that carries them.
bool connection_specific(const std::string &name) {
    return name == "connection" || name == "keep-alive" || name == "proxy-connection" || name == "transfer-encoding" ||
           name == "upgrade";
}

std::string lower(std::string s) {
    for (char &c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    return s;
}

bool require_connection(zend_object *self) {
    State *st = state_of(self);
    if (st->conn && st->sock) return true;
    set_error(self, code(SwooleError::kClientNoConnection), "client is not connected to server");
    return false;
}

void new_response(StreamRec &rec, int32_t id) {
    object_init_ex(&rec.response, ce_response);
    zend_update_property_long(ce_response, Z_OBJ(rec.response), ZEND_STRL("streamId"), id);
}

// The array property `name` of a Response, made an array first.
zval *array_prop(zend_object *resp, const char *name, size_t len) {
    zval *z = read_prop(ce_response, resp, name, len);
    if (Z_TYPE_P(z) != IS_ARRAY) {
        zval a;
        array_init(&a);
        zend_update_property(ce_response, resp, name, len, &a);
        zval_ptr_dtor(&a);
        z = read_prop(ce_response, resp, name, len);
    }
    SEPARATE_ARRAY(z);
    return z;
}

void apply_headers(StreamRec &rec, const h2::Event &e) {
    zend_object *resp = Z_OBJ(rec.response);
    if (!e.trailers) zend_update_property_long(ce_response, resp, ZEND_STRL("statusCode"), e.status);
    zval *headers = array_prop(resp, ZEND_STRL("headers"));
    for (const h2::Header &h : e.headers) {
        add_assoc_stringl_ex(headers, h.first.data(), h.first.size(), const_cast<char *>(h.second.data()),
                             h.second.size());
    }
    for (const h2::Header &h : e.headers) {
        if (h.first == "content-encoding" && !e.trailers) rec.content_encoding = h.second;
        if (h.first != "set-cookie") continue;
        add_next_index_stringl(array_prop(resp, ZEND_STRL("set_cookie_headers")), h.second.data(), h.second.size());
        add_cookie(array_prop(resp, ZEND_STRL("cookies")), h.second);
    }
}

// Hands the stream's response to return_value: whole (the stream is forgotten) or a part
// (pipeline = true; a new Response collects what follows).
void hand_out(zend_object *self, int32_t id, bool whole, zval *return_value) {
    State *st = state_of(self);
    auto it = st->streams.find(id);
    StreamRec &rec = it->second;
    zend_object *resp = Z_OBJ(rec.response);
    // A whole body is decoded by its Content-Encoding (parts handed out by read() stay as they came).
    if (whole && !rec.parts_out && st->s.http_compression && !rec.content_encoding.empty() && !rec.data.empty()) {
        if (int err = client_common::decode_content(rec.content_encoding, rec.data, st->s.max_decoded_body)) {
            // The bytes as they came, and the client's errCode says why they were not decoded.
            set_error(self, err, err == EMSGSIZE ? "the decoded body is too large" : "the body cannot be decoded");
        }
    }
    if (!rec.data.empty()) {
        zend_update_property_stringl(ce_response, resp, ZEND_STRL("data"), rec.data.data(), rec.data.size());
        rec.data.clear();
    }
    if (!whole) {
        zend_update_property_bool(ce_response, resp, ZEND_STRL("pipeline"), true);
        rec.parts_out = true;
    }
    ZVAL_COPY_VALUE(return_value, &rec.response);
    if (whole) {
        st->streams.erase(it);
    } else {
        new_response(rec, id);
    }
}

enum class Step { kContinue, kReady, kClosed };

// One protocol event applied to the streams; kReady when it completes a response (or a part,
// for read()), which is then in return_value.
Step apply(zend_object *self, h2::Event &e, bool pipeline_read, zval *return_value) {
    State *st = state_of(self);
    if (e.kind == h2::Event::kGoaway) {
        set_error(self, static_cast<int>(e.error_code), e.data.c_str());
        zend_update_property_long(ce_client, self, ZEND_STRL("serverLastStreamId"), e.last_stream_id);
        st->goaway = true;
        // Streams the server will not answer end with REFUSED_STREAM; the others may still finish.
        bool any = false;
        for (auto &kv : st->streams) any |= kv.first <= e.last_stream_id;
        if (!any) {
            zval code, msg;
            ZVAL_COPY(&code, read_prop(ce_client, self, ZEND_STRL("errCode")));
            ZVAL_COPY(&msg, read_prop(ce_client, self, ZEND_STRL("errMsg")));
            close_connection(self);
            zend_update_property(ce_client, self, ZEND_STRL("errCode"), &code);
            zend_update_property(ce_client, self, ZEND_STRL("errMsg"), &msg);
            zval_ptr_dtor(&msg);
            return Step::kClosed;
        }
        return Step::kContinue;
    }
    auto it = st->streams.find(e.stream_id);
    if (it == st->streams.end()) return Step::kContinue;  // handed out already, or not ours
    StreamRec &rec = it->second;
    switch (e.kind) {
        case h2::Event::kHeaders:
            apply_headers(rec, e);
            if (e.end_stream) {
                hand_out(self, e.stream_id, true, return_value);
                return Step::kReady;
            }
            return Step::kContinue;
        case h2::Event::kData:
            rec.data += e.data;
            if (e.end_stream) {
                hand_out(self, e.stream_id, true, return_value);
                return Step::kReady;
            }
            rec.partial = true;
            if (pipeline_read || rec.use_pipeline_read) {
                hand_out(self, e.stream_id, false, return_value);
                return Step::kReady;
            }
            return Step::kContinue;
        case h2::Event::kStreamClose: {
            // Reset before the response ended: what arrived, with the reset's code (Swoole's statusCode -3).
            zend_object *resp = Z_OBJ(rec.response);
            if (!e.remote_ended || e.error_code) {
                zend_update_property_long(ce_response, resp, ZEND_STRL("statusCode"), kStatusServerReset);
                zend_update_property_long(ce_response, resp, ZEND_STRL("errCode"), e.error_code);
            }
            hand_out(self, e.stream_id, true, return_value);
            return Step::kReady;
        }
        default: return Step::kContinue;
    }
}

// recv() and read(): the next complete response (or part), reading as needed within `timeout`.
void receive(zend_object *self, double timeout, bool pipeline_read, zval *return_value) {
    (void)require_coroutine();  // outside a coroutine: a fatal error, no return
    if (!require_connection(self)) RETURN_FALSE;
    State *st = state_of(self);
    if (st->reading) {
        zend_throw_error(nullptr, "Swoole\\Coroutine\\Http2\\Client is already being read by another coroutine");
        return;
    }
    Nanos limit = timeout > 0 ? seconds_to_nanos(timeout) : timeout < 0 ? -1 : st->s.read_timeout;
    Nanos deadline = limit < 0 ? -1 : monotonic_now() + limit;
    st->reading = true;
    while (true) {
        st = state_of(self);
        while (st->conn && st->conn->has_event()) {
            h2::Event e = st->conn->pop_event();
            Step step = apply(self, e, pipeline_read, return_value);
            st = state_of(self);
            if (step == Step::kReady) {
                // The last answer after a GOAWAY: nothing more will come on this connection.
                if (st->goaway && st->streams.empty()) close_connection(self);
                st->reading = false;
                return;
            }
            if (step == Step::kClosed) {
                st->reading = false;
                RETURN_FALSE;
            }
        }
        if (!st->conn) break;
        if (!st->conn->alive()) {
            std::string why = st->conn->error_reason();
            close_connection(self);
            set_error(self, ECONNRESET, why.empty() ? "the HTTP/2 session ended" : why.c_str());
            break;
        }
        Nanos left = -1;
        if (deadline >= 0) {
            left = deadline - monotonic_now();
            if (left <= 0) {
                set_error(self, ETIMEDOUT);
                break;
            }
        }
        if (!read_some(self, left)) break;
    }
    state_of(self)->reading = false;
    RETURN_FALSE;
}

// The header list of a Request: pseudo-headers, then its headers and cookies.
bool build_headers(zend_object *self, zend_object *req, std::vector<h2::Header> &out) {
    zval *method = read_prop(ce_request, req, ZEND_STRL("method"));
    zval *path = read_prop(ce_request, req, ZEND_STRL("path"));
    bool ssl = zend_is_true(read_prop(ce_client, self, ZEND_STRL("ssl")));
    std::string m = Z_TYPE_P(method) == IS_STRING && Z_STRLEN_P(method) ? Z_STRVAL_P(method) : "GET";
    std::string p = Z_TYPE_P(path) == IS_STRING && Z_STRLEN_P(path) ? Z_STRVAL_P(path) : "/";
    std::string authority;
    zval *headers = read_prop(ce_request, req, ZEND_STRL("headers"));
    if (Z_TYPE_P(headers) != IS_ARRAY) {
        // Swoole makes the property an array (its tests check that a scalar became one).
        zval a;
        array_init(&a);
        zend_update_property(ce_request, req, ZEND_STRL("headers"), &a);
        zval_ptr_dtor(&a);
        headers = read_prop(ce_request, req, ZEND_STRL("headers"));
    }
    std::vector<h2::Header> fields;
    zend_string *key;
    zval *val;
    ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL_P(headers), key, val) {
        if (!key || !ZSTR_LEN(key) || ZSTR_VAL(key)[0] == ':' || Z_TYPE_P(val) == IS_NULL) continue;
        std::string name = lower(std::string(ZSTR_VAL(key), ZSTR_LEN(key)));
        if (name == "host") {
            authority = str_of(val);
            continue;
        }
        if (connection_specific(name)) continue;
        fields.emplace_back(std::move(name), str_of(val));
    }
    ZEND_HASH_FOREACH_END();
    if (authority.empty()) {
        authority = str_of(read_prop(ce_client, self, ZEND_STRL("host")));
        zend_long port = zval_get_long(read_prop(ce_client, self, ZEND_STRL("port")));
        if (port != (ssl ? 443 : 80)) authority += ":" + std::to_string(port);
    }
    zval *cookies = read_prop(ce_request, req, ZEND_STRL("cookies"));
    if (Z_TYPE_P(cookies) == IS_ARRAY) {
        ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL_P(cookies), key, val) {
            if (!key || Z_TYPE_P(val) == IS_NULL) continue;
            zend_string *v = zval_get_string(val);
            zend_string *enc = php_url_encode(ZSTR_VAL(v), ZSTR_LEN(v));
            fields.emplace_back(
                "cookie", std::string(ZSTR_VAL(key), ZSTR_LEN(key)) + "=" + std::string(ZSTR_VAL(enc), ZSTR_LEN(enc)));
            zend_string_release(enc);
            zend_string_release(v);
        }
        ZEND_HASH_FOREACH_END();
    }
    out = {{":method", m}, {":scheme", ssl ? "https" : "http"}, {":authority", authority}, {":path", p}};
    for (auto &f : fields) out.push_back(std::move(f));
    return true;
}

// A body given as a string or a form array.
bool body_of(zval *data, std::string &out, bool *form) {
    *form = false;
    if (Z_TYPE_P(data) == IS_ARRAY) {
        *form = true;
        return urlencode_array(data, out);
    }
    if (Z_TYPE_P(data) == IS_NULL || Z_TYPE_P(data) == IS_FALSE) return true;
    out = str_of(data);
    return true;
}

}  // namespace
}  // namespace gust::php::http2_client

using namespace gust;
using namespace gust::php;
using namespace gust::php::http2_client;

#define SELF Z_OBJ_P(ZEND_THIS)

ZEND_METHOD(Swoole_Coroutine_Http2_Client, __construct) {
    zend_string *host;
    zend_long port = 80;
    bool ssl = false;
    ZEND_PARSE_PARAMETERS_START(1, 3)
        Z_PARAM_STR(host)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(port)
        Z_PARAM_BOOL(ssl)
    ZEND_PARSE_PARAMETERS_END();
    if (ZSTR_LEN(host) == 0) {
        throw_error(ce_exception, SwooleError::kInvalidParams, "host is empty");
        return;
    }
    zend_update_property_str(ce_client, SELF, ZEND_STRL("host"), host);
    zend_update_property_long(ce_client, SELF, ZEND_STRL("port"), port);
    zend_update_property_bool(ce_client, SELF, ZEND_STRL("ssl"), ssl);
}

ZEND_METHOD(Swoole_Coroutine_Http2_Client, __destruct) { ZEND_PARSE_PARAMETERS_NONE(); }

ZEND_METHOD(Swoole_Coroutine_Http2_Client, set) {
    zval *settings;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ARRAY(settings)
    ZEND_PARSE_PARAMETERS_END();
    zval rv;
    zval *cur = zend_read_property(ce_client, SELF, ZEND_STRL("setting"), 1, &rv);
    zval merged;
    if (Z_TYPE_P(cur) == IS_ARRAY) {
        ZVAL_ARR(&merged, zend_array_dup(Z_ARRVAL_P(cur)));
    } else {
        array_init(&merged);
    }
    php_array_merge(Z_ARRVAL(merged), Z_ARRVAL_P(settings));
    zend_update_property(ce_client, SELF, ZEND_STRL("setting"), &merged);
    zval_ptr_dtor(&merged);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Coroutine_Http2_Client, connect) {
    ZEND_PARSE_PARAMETERS_NONE();
    (void)require_coroutine();  // outside a coroutine: a fatal error, no return
    State *st = state_of(SELF);
    if (st->conn) RETURN_FALSE;  // connected already (Swoole answers false too)
    RETURN_BOOL(open_connection(SELF));
}

namespace {

void settings_array(const proto::http2::Settings &s, zval *out) {
    array_init(out);
    add_assoc_long(out, "header_table_size", s.header_table_size);
    add_assoc_long(out, "window_size", s.initial_window_size);
    add_assoc_long(out, "max_concurrent_streams", s.max_concurrent_streams);
    add_assoc_long(out, "max_frame_size", s.max_frame_size);
    add_assoc_long(out, "max_header_list_size", s.max_header_list_size);
}

}  // namespace

ZEND_METHOD(Swoole_Coroutine_Http2_Client, stats) {
    zend_string *key = nullptr;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_STR(key)
    ZEND_PARSE_PARAMETERS_END();
    State *st = state_of(SELF);
    proto::http2::Settings local = st->conn ? st->conn->local_settings() : st->s.h2.local;
    proto::http2::Settings remote = st->conn ? st->conn->remote_settings() : proto::http2::Settings{};
    zend_long current = st->conn ? st->conn->next_stream_id() : 0;
    zend_long last = st->conn ? st->conn->last_server_stream_id() : 0;
    zend_long active = static_cast<zend_long>(st->streams.size());
    std::string_view k = key ? std::string_view(ZSTR_VAL(key), ZSTR_LEN(key)) : std::string_view();
    if (k.empty()) {
        array_init(return_value);
        add_assoc_long(return_value, "current_stream_id", current);
        add_assoc_long(return_value, "last_stream_id", last);
        zval z;
        settings_array(local, &z);
        add_assoc_zval(return_value, "local_settings", &z);
        settings_array(remote, &z);
        add_assoc_zval(return_value, "remote_settings", &z);
        add_assoc_long(return_value, "active_stream_num", active);
        return;
    }
    if (k == "current_stream_id") RETURN_LONG(current);
    if (k == "last_stream_id") RETURN_LONG(last);
    if (k == "active_stream_num") RETURN_LONG(active);
    if (k == "local_settings") return settings_array(local, return_value);
    if (k == "remote_settings") return settings_array(remote, return_value);
    RETURN_FALSE;
}

ZEND_METHOD(Swoole_Coroutine_Http2_Client, isStreamExist) {
    zend_long id;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_LONG(id)
    ZEND_PARSE_PARAMETERS_END();
    State *st = state_of(SELF);
    if (id < 0 || !st->conn) RETURN_FALSE;
    if (id == 0) RETURN_TRUE;  // the connection itself
    RETURN_BOOL(st->streams.count(static_cast<int32_t>(id)) != 0);
}

ZEND_METHOD(Swoole_Coroutine_Http2_Client, send) {
    zval *zreq;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_OBJECT_OF_CLASS(zreq, ce_request)
    ZEND_PARSE_PARAMETERS_END();
    (void)require_coroutine();  // outside a coroutine: a fatal error, no return
    if (!require_connection(SELF)) RETURN_FALSE;
    State *st = state_of(SELF);
    if (st->goaway) {
        set_error(SELF, code(SwooleError::kHttp2StreamIgnore), "the server sent GOAWAY: no new streams");
        RETURN_FALSE;
    }
    zend_object *req = Z_OBJ_P(zreq);
    std::vector<proto::http2::Header> headers;
    std::string body;
    bool form = false;
    if (!body_of(read_prop(ce_request, req, ZEND_STRL("data")), body, &form)) {
        set_error(SELF, EINVAL, "the request data cannot be encoded");
        RETURN_FALSE;
    }
    if (!build_headers(SELF, req, headers)) RETURN_FALSE;
    if (form) headers.emplace_back("content-type", "application/x-www-form-urlencoded");
    bool pipeline = zend_is_true(read_prop(ce_request, req, ZEND_STRL("pipeline")));
    bool use_pipeline_read = zend_is_true(read_prop(ce_request, req, ZEND_STRL("usePipelineRead")));
    st = state_of(SELF);
    int32_t id = st->conn->submit_request(headers, body, !pipeline);
    if (id < 0) {
        set_error(SELF, code(SwooleError::kHttp2StreamIdTooBig), proto::http2::Client::error_name(id));
        RETURN_FALSE;
    }
    StreamRec &rec = st->streams[id];
    new_response(rec, id);
    rec.pipeline_request = pipeline;
    rec.request_ended = !pipeline;
    rec.use_pipeline_read = use_pipeline_read;
    if (!flush(SELF) || !wait_for_window(SELF)) RETURN_FALSE;
    RETURN_LONG(id);
}

ZEND_METHOD(Swoole_Coroutine_Http2_Client, write) {
    zend_long id;
    zval *data;
    bool end = false;
    ZEND_PARSE_PARAMETERS_START(2, 3)
        Z_PARAM_LONG(id)
        Z_PARAM_ZVAL(data)
        Z_PARAM_OPTIONAL
        Z_PARAM_BOOL(end)
    ZEND_PARSE_PARAMETERS_END();
    (void)require_coroutine();  // outside a coroutine: a fatal error, no return
    if (!require_connection(SELF)) RETURN_FALSE;
    State *st = state_of(SELF);
    auto it = id > 0 && id <= INT32_MAX ? st->streams.find(static_cast<int32_t>(id)) : st->streams.end();
    if (it == st->streams.end() || !it->second.pipeline_request || it->second.request_ended) {
        std::string msg = "no open pipeline stream #" + std::to_string(id) + " to write to";
        set_error(SELF, EINVAL, msg.c_str());
        RETURN_FALSE;
    }
    std::string body;
    bool form = false;
    if (!body_of(data, body, &form)) {
        set_error(SELF, EINVAL, "the data cannot be encoded");
        RETURN_FALSE;
    }
    int rc = st->conn->write(static_cast<int32_t>(id), body, end);
    if (rc < 0) {
        set_error(SELF, EINVAL, proto::http2::Client::error_name(rc));
        RETURN_FALSE;
    }
    if (end) it->second.request_ended = true;
    RETURN_BOOL(flush(SELF) && wait_for_window(SELF));
}

ZEND_METHOD(Swoole_Coroutine_Http2_Client, recv) {
    double timeout = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    receive(SELF, timeout, false, return_value);
}

ZEND_METHOD(Swoole_Coroutine_Http2_Client, read) {
    double timeout = 0;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(timeout)
    ZEND_PARSE_PARAMETERS_END();
    receive(SELF, timeout, true, return_value);
}

ZEND_METHOD(Swoole_Coroutine_Http2_Client, goaway) {
    zend_long error_code = 0;
    zend_string *debug = nullptr;
    ZEND_PARSE_PARAMETERS_START(0, 2)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(error_code)
        Z_PARAM_STR(debug)
    ZEND_PARSE_PARAMETERS_END();
    (void)require_coroutine();  // outside a coroutine: a fatal error, no return
    if (!require_connection(SELF)) RETURN_FALSE;
    if (error_code < 0 || error_code > UINT32_MAX) {
        zend_argument_value_error(1, "must be between 0 and %u", UINT32_MAX);
        RETURN_THROWS();
    }
    std::string_view d = debug ? std::string_view(ZSTR_VAL(debug), ZSTR_LEN(debug)) : std::string_view();
    State *st = state_of(SELF);
    if (st->conn->goaway(static_cast<uint32_t>(error_code), d) < 0) RETURN_FALSE;
    RETURN_BOOL(flush(SELF));
}

ZEND_METHOD(Swoole_Coroutine_Http2_Client, ping) {
    ZEND_PARSE_PARAMETERS_NONE();
    (void)require_coroutine();  // outside a coroutine: a fatal error, no return
    if (!require_connection(SELF)) RETURN_FALSE;
    if (state_of(SELF)->conn->ping() < 0) RETURN_FALSE;
    RETURN_BOOL(flush(SELF));
}

ZEND_METHOD(Swoole_Coroutine_Http2_Client, close) {
    ZEND_PARSE_PARAMETERS_NONE();
    State *st = state_of(SELF);
    bool was = st->conn != nullptr;
    if (was) close_connection(SELF);
    RETURN_BOOL(was);
}

void gust::php::http2_client::register_http2_client_area(int module_number) {
    register_http2_client_symbols(module_number);  // SWOOLE_HTTP2_TYPE_*, SWOOLE_HTTP2_ERROR_*
    ce_client = register_class_Swoole_Coroutine_Http2_Client();
    ClientClass::install(ce_client);
    ce_exception = register_class_Swoole_Coroutine_Http2_Client_Exception(swoole_exception_ce());
    ce_request = register_class_Swoole_Http2_Request();
    ce_response = register_class_Swoole_Http2_Response();
    for (zend_class_entry *ce : {ce_client, ce_exception}) register_co_short_name(ce);
}
