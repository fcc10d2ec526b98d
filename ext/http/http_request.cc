// Swoole\Http\Request: built from one whole request the reactor delivered (header, server, get,
// cookie, post, files arrays; the body) and Request::create() + parse() for bytes from elsewhere.
#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <ctime>
#include <initializer_list>

#include "gust/proto/http_cookie.h"
#include "gust/proto/multipart.h"
#include "http/http.h"
#include "server/connections.h"

extern "C" {
#include "SAPI.h"
#include "zend_smart_str.h"
#include "ext/standard/url.h"
#include "main/php_variables.h"
#include "rfc1867.h"
}

namespace gust::php::http {

zend_class_entry *ce_request = nullptr;

namespace {

constexpr int kUploadOk = 0;         // UPLOAD_ERR_OK
constexpr int kUploadTooLarge = 1;   // UPLOAD_ERR_INI_SIZE
constexpr int kUploadNoFile = 4;     // UPLOAD_ERR_NO_FILE
constexpr int kUploadCantWrite = 7;  // UPLOAD_ERR_CANT_WRITE

void forget_uploads(RequestObject *r) {
    for (const std::string &path : r->tmpfiles) {
        // A file the script moved away with move_uploaded_file() is gone already.
        (void)unlink(path.c_str());
        if (SG(rfc1867_uploaded_files)) zend_hash_str_del(SG(rfc1867_uploaded_files), path.data(), path.size());
    }
    r->tmpfiles.clear();
}

struct RequestSlots {
    uint32_t fd, header, server, cookie, get, files, post, tmpfiles;
} slots;

// Swoole's $server keys, interned once: adding them needs no hashing per request.
struct ServerKeys {
    zend_string *request_method, *request_uri, *path_info, *query_string, *request_time, *request_time_float,
        *server_protocol, *server_port, *remote_port, *remote_addr, *master_time;
} keys;

zend_string *intern(const char *s) { return zend_string_init_interned(s, strlen(s), 1); }

void add_str(zval *arr, zend_string *key, std::string_view v) {
    zval z;
    ZVAL_STRINGL_FAST(&z, v.data(), v.size());
    zend_hash_add_new(Z_ARRVAL_P(arr), key, &z);
}

// Values most requests share (protocols, common methods), interned once: no allocation per request.
struct CommonValues {
    zend_string *http10, *http11, *get, *post, *head;
} common;

void add_interned_or_str(zval *arr, zend_string *key, std::string_view v, std::initializer_list<zend_string *> known) {
    for (zend_string *k : known) {
        if (ZSTR_LEN(k) == v.size() && memcmp(ZSTR_VAL(k), v.data(), v.size()) == 0) {
            zval z;
            ZVAL_INTERNED_STR(&z, k);
            zend_hash_add_new(Z_ARRVAL_P(arr), key, &z);
            return;
        }
    }
    add_str(arr, key, v);
}

void add_long(zval *arr, zend_string *key, zend_long v) {
    zval z;
    ZVAL_LONG(&z, v);
    zend_hash_add_new(Z_ARRVAL_P(arr), key, &z);
}

// "a=1&b[]=2" into `out` with PHP's own rules (max_input_vars, arrays in names).
void parse_query(std::string_view query, zval *out) {
    if (query.empty()) return;
    char *copy = estrndup(query.data(), query.size());  // treat_data takes it
    sapi_module.treat_data(PARSE_STRING, copy, out);
}

void parse_cookies(std::string_view header, zval *out) {
    proto::http::for_each_cookie(header, [&](std::string_view name, std::string_view value) {
        if (zend_hash_str_exists(Z_ARRVAL_P(out), name.data(), name.size())) return;  // the first one wins, as in PHP
        zend_string *v = zend_string_init(value.data(), value.size(), 0);
        ZSTR_LEN(v) = php_url_decode(ZSTR_VAL(v), ZSTR_LEN(v));
        add_assoc_str_ex(out, name.data(), name.size(), v);
    });
}

// Puts `value` at the place a form field name like "a[b][]" names in `root` (PHP's nesting), so
// files sent as "doc[]" arrive as $files['doc'][0], $files['doc'][1], ...
// The name PHP registers a form field under (php_register_variable): leading spaces dropped, and
// in the part before the first '[' spaces and dots become '_' ("test.jpg" -> "test_jpg"); a '['
// never closed becomes '_' as well and ends the nesting.
std::string php_field_name(std::string_view raw) {
    while (!raw.empty() && raw.front() == ' ') raw.remove_prefix(1);
    std::string name(raw);
    size_t i = 0;
    for (; i < name.size(); ++i) {
        char &c = name[i];
        if (c == ' ' || c == '.') {
            c = '_';
        } else if (c == '[') {
            if (name.find(']', i) != std::string::npos) break;
            c = '_';
            // PHP stops converting after an unclosed '[': the rest stays as it is.
            return name;
        }
    }
    return name;
}

void insert_by_field_name(zval *root, std::string_view raw_name, zval *value) {
    const std::string normalized = php_field_name(raw_name);
    std::string_view name = normalized;
    size_t bracket = name.find('[');
    std::string_view base = name.substr(0, bracket);
    if (base.empty()) {
        zval_ptr_dtor(value);
        return;
    }
    zval *slot = root;
    std::string_view key = base;
    std::string_view rest = bracket == std::string_view::npos ? std::string_view() : name.substr(bracket);
    for (;;) {
        const bool last = rest.empty() || rest[0] != '[' || rest.find(']') == std::string_view::npos;
        if (last) {
            if (key.empty()) {
                add_next_index_zval(slot, value);
            } else {
                zend_symtable_str_update(Z_ARRVAL_P(slot), key.data(), key.size(), value);
            }
            return;
        }
        zval *child = key.empty() ? nullptr : zend_symtable_str_find(Z_ARRVAL_P(slot), key.data(), key.size());
        if (!child || Z_TYPE_P(child) != IS_ARRAY) {
            zval fresh;
            array_init(&fresh);
            child = key.empty() ? zend_hash_next_index_insert(Z_ARRVAL_P(slot), &fresh)
                                : zend_symtable_str_update(Z_ARRVAL_P(slot), key.data(), key.size(), &fresh);
            if (!child) {
                zval_ptr_dtor(&fresh);
                zval_ptr_dtor(value);
                return;
            }
        }
        SEPARATE_ARRAY(child);
        slot = child;
        const size_t close = rest.find(']');
        key = rest.substr(1, close - 1);
        rest = rest.substr(close + 1);
    }
}

// The coroutine server's connection whose request make_request() is filling (nullptr: a
// Swoole\Server's). Set only for the duration of that call (PHP runs one thread per process).
const Transport *t_transport = nullptr;

const HttpSettings &request_settings(srv::Server *s) { return t_transport ? t_transport->settings() : settings_of(s); }

// Writes one uploaded file to upload_tmp_dir; its $files entry goes to `files`.
void store_upload(srv::Server *s, RequestObject *r, const proto::multipart::Part &part, zval *files, zval *tmpfiles) {
    const HttpSettings &h = request_settings(s);
    zval entry;
    array_init(&entry);
    add_assoc_stringl(&entry, "name", part.filename.data(), part.filename.size());
    int error = kUploadOk;
    std::string path;
    // No file chosen (filename=""): PHP's UPLOAD_ERR_NO_FILE entry, without a type.
    add_assoc_stringl(&entry, "type", part.filename.empty() ? "" : part.content_type.data(),
                      part.filename.empty() ? 0 : part.content_type.size());
    if (part.filename.empty()) {
        error = kUploadNoFile;
    } else if (h.upload_max_filesize > 0 && part.data.size() > static_cast<size_t>(h.upload_max_filesize)) {
        error = kUploadTooLarge;
    } else {
        path = h.upload_tmp_dir + "/swoole.upfile.XXXXXX";
        int fd = mkstemp(path.data());
        size_t written = 0;
        while (fd >= 0 && written < part.data.size()) {
            const ssize_t n = write(fd, part.data.data() + written, part.data.size() - written);
            if (n <= 0) break;
            written += static_cast<size_t>(n);
        }
        if (fd < 0 || written != part.data.size()) {
            if (fd >= 0) (void)unlink(path.c_str());
            php_error_docref(nullptr, E_WARNING, "cannot store an upload in %s: %s", h.upload_tmp_dir.c_str(),
                             strerror(errno));
            error = kUploadCantWrite;
            path.clear();
        }
        if (fd >= 0) close(fd);
    }
    add_assoc_stringl(&entry, "tmp_name", path.data(), path.size());
    add_assoc_long(&entry, "error", error);
    add_assoc_long(&entry, "size", error == kUploadOk ? static_cast<zend_long>(part.data.size()) : 0);
    if (!path.empty()) {
        r->tmpfiles.push_back(path);
        add_next_index_stringl(tmpfiles, path.data(), path.size());
        // move_uploaded_file() and is_uploaded_file() accept it, as for a PHP-FPM upload.
        if (!SG(rfc1867_uploaded_files)) {
            ALLOC_HASHTABLE(SG(rfc1867_uploaded_files));
            zend_hash_init(SG(rfc1867_uploaded_files), 8, nullptr, nullptr, 0);
        }
        zend_hash_str_add_empty_element(SG(rfc1867_uploaded_files), path.data(), path.size());
    }
    insert_by_field_name(files, part.name, &entry);
}

// multipart/form-data into post and files; false (the request is answered 400) when malformed.
bool parse_multipart(srv::Server *s, RequestObject *r, std::string_view content_type, std::string_view body, zval *post,
                     zval *files, zval *tmpfiles) {
    auto boundary = proto::multipart::boundary_from_content_type(content_type);
    if (!boundary.ok()) return false;
    proto::multipart::Parser parser(body, boundary.value());
    proto::multipart::Part part;
    for (;;) {
        const int rc = parser.next(&part);
        if (rc == proto::multipart::Parser::kDone) return true;
        if (rc < 0) return false;
        if (part.has_filename) {
            if (request_settings(s).parse_files) store_upload(s, r, part, files, tmpfiles);
            continue;
        }
        std::string name(part.name);
        php_register_variable_safe(name.data(), part.data.data(), part.data.size(), post);
    }
}

// Content-Type's media type, lower case, without parameters.
std::string media_type(std::string_view content_type) {
    std::string out(content_type.substr(0, content_type.find(';')));
    while (!out.empty() && (out.back() == ' ' || out.back() == '\t')) out.pop_back();
    for (char &c : out) c = static_cast<char>(tolower(static_cast<unsigned char>(c)));
    return out;
}

// The body of the request: Content-Length bytes after the head, or the chunked body decoded.
zend_string *decode_body(zend_string *data, const proto::http1::RequestHead &head, size_t head_len) {
    const char *start = ZSTR_VAL(data) + head_len;
    const size_t avail = ZSTR_LEN(data) - head_len;
    if (head.framing == proto::http1::BodyFraming::kLength) {
        return zend_string_init(start, std::min<size_t>(avail, head.content_length), 0);
    }
    if (head.framing != proto::http1::BodyFraming::kChunked) return nullptr;
    struct Collect final : proto::http1::ChunkedDecoder::Sink {
        smart_str out{};
        void on_body_data(std::string_view d) override { smart_str_appendl(&out, d.data(), d.size()); }
    } sink;
    proto::http1::ChunkedDecoder decoder;
    if (decoder.feed(start, avail, sink) < 0 || !decoder.done()) {
        smart_str_free(&sink.out);
        return nullptr;
    }
    return sink.out.s ? smart_str_extract(&sink.out) : ZSTR_EMPTY_ALLOC();
}

// Header names most requests carry, lower case and interned once; by length, for a quick pick.
constexpr size_t kKnownNameMax = 16;
zend_string *known_by_length[kKnownNameMax + 1][2];

// The lower-case name of a header: an interned one when it is common, else a new string.
zend_string *lower_name(std::string_view name) {
    if (name.size() <= kKnownNameMax) {
        char lower[kKnownNameMax];
        for (size_t i = 0; i < name.size(); ++i) lower[i] = zend_tolower_ascii(name[i]);
        for (zend_string *k : known_by_length[name.size()]) {
            if (k && memcmp(ZSTR_VAL(k), lower, name.size()) == 0) return k;
        }
    }
    zend_string *out = zend_string_init(name.data(), name.size(), 0);
    zend_str_tolower(ZSTR_VAL(out), ZSTR_LEN(out));
    return out;
}

void add_header_array(zval *out, const proto::http1::RequestHead &head) {
    array_init_size(out, static_cast<uint32_t>(head.header_count));
    for (size_t i = 0; i < head.header_count; ++i) {
        const proto::http1::Header &h = head.headers[i];
        zend_string *name = lower_name(h.name);
        zval v;
        ZVAL_STRINGL_FAST(&v, h.value.data(), h.value.size());
        zval *prev = zend_hash_add(Z_ARRVAL_P(out), name, &v);
        if (!prev) {
            prev = zend_hash_find(Z_ARRVAL_P(out), name);
            if (zend_string_equals_literal(name, "cookie")) {
                // Cookie lines join into one (RFC 6265 §5.4), as $request->cookie reads them.
                zend_string *joined =
                    zend_string_concat3(Z_STRVAL_P(prev), Z_STRLEN_P(prev), "; ", 2, h.value.data(), h.value.size());
                zval_ptr_dtor(prev);
                ZVAL_STR(prev, joined);
                zval_ptr_dtor(&v);
            } else {
                // Another repeated field: the list of its values, in order (as Swoole gives it).
                if (Z_TYPE_P(prev) != IS_ARRAY) {
                    zval list;
                    array_init(&list);
                    add_next_index_zval(&list, prev);  // takes over the first value
                    ZVAL_COPY_VALUE(prev, &list);
                }
                add_next_index_zval(prev, &v);
            }
        }
        zend_string_release(name);
    }
}

void add_server_array(srv::Server *s, srv::Port *port, server::SessionId fd, const proto::http1::RequestHead &head,
                      zval *out) {
    array_init_size(out, 16);
    std::string_view target = head.target;
    const size_t q = target.find('?');
    std::string_view path = target.substr(0, q);
    add_interned_or_str(out, keys.request_method, head.method, {common.get, common.post, common.head});
    add_str(out, keys.request_uri, path);
    zval decoded;
    ZVAL_STRINGL_FAST(&decoded, path.data(), path.size());
    if (memchr(path.data(), '%', path.size())) {
        SEPARATE_STRING(&decoded);
        Z_STRLEN(decoded) = php_raw_url_decode(Z_STRVAL(decoded), Z_STRLEN(decoded));
    }
    zend_hash_add_new(Z_ARRVAL_P(out), keys.path_info, &decoded);
    if (q != std::string_view::npos) add_str(out, keys.query_string, target.substr(q + 1));
    timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    add_long(out, keys.request_time, now.tv_sec);
    zval t;
    ZVAL_DOUBLE(&t, static_cast<double>(now.tv_sec) + now.tv_nsec / 1e9);
    zend_hash_add_new(Z_ARRVAL_P(out), keys.request_time_float, &t);
    zval protocol;
    ZVAL_INTERNED_STR(&protocol, head.version_minor == 0 ? common.http10 : common.http11);
    zend_hash_add_new(Z_ARRVAL_P(out), keys.server_protocol, &protocol);
    add_long(out, keys.server_port, t_transport ? t_transport->local_port() : port ? port->port : 0);
    zend_string *host = nullptr;
    zend_long remote_port = 0;
    if (t_transport ? t_transport->peer(&host, &remote_port)
                    : s && fd > 0 && srv::session_peer(s, fd, &host, &remote_port)) {
        add_long(out, keys.remote_port, remote_port);
        zval h;
        ZVAL_STR(&h, host);
        zend_hash_add_new(Z_ARRVAL_P(out), keys.remote_addr, &h);
    }
    add_long(out, keys.master_time, now.tv_sec);
}

// Fills the Request's arrays and body from `data`, whose head `head` occupies `head_len` bytes.
bool fill_request(srv::Server *s, srv::Port *port, server::SessionId fd, zend_object *obj, RequestObject *r,
                  const proto::http1::RequestHead &head, size_t head_len) {
    r->method.assign(head.method);
    zval fd_value;
    ZVAL_LONG(&fd_value, fd);
    set_property(obj, slots.fd, &fd_value);
    zval header, server, get, cookie, post, files, tmpfiles;
    add_header_array(&header, head);
    set_property(obj, slots.header, &header);
    add_server_array(s, port, fd, head, &server);
    set_property(obj, slots.server, &server);
    const size_t q = head.target.find('?');
    if (q != std::string_view::npos && q + 1 < head.target.size()) {
        array_init(&get);
        parse_query(head.target.substr(q + 1), &get);
        set_property(obj, slots.get, &get);
    }
    bool has_cookie = false;
    (void)head.header("cookie", &has_cookie);
    if (has_cookie && request_settings(s).parse_cookie) {
        array_init(&cookie);
        for (size_t i = 0; i < head.header_count; ++i) {
            if (proto::http1::equals_ignore_case(head.headers[i].name, "cookie"))
                parse_cookies(head.headers[i].value, &cookie);
        }
        set_property(obj, slots.cookie, &cookie);
    }
    r->body = decode_body(r->data, head, head_len);
    if (head.framing == proto::http1::BodyFraming::kChunked && !r->body) return false;
    if (!r->body || ZSTR_LEN(r->body) == 0 || !request_settings(s).parse_post) return true;
    const std::string type = media_type(head.header("content-type"));
    const std::string_view body(ZSTR_VAL(r->body), ZSTR_LEN(r->body));
    if (type == "application/x-www-form-urlencoded") {
        array_init(&post);
        parse_query(body, &post);
        set_property(obj, slots.post, &post);
    } else if (type == "multipart/form-data" && s) {
        array_init(&post);
        array_init(&files);
        array_init(&tmpfiles);
        const bool ok = parse_multipart(s, r, head.header("content-type"), body, &post, &files, &tmpfiles);
        set_property(obj, slots.post, &post);
        if (zend_hash_num_elements(Z_ARRVAL(files)) > 0) {
            set_property(obj, slots.files, &files);
        } else {
            zval_ptr_dtor(&files);
        }
        if (zend_hash_num_elements(Z_ARRVAL(tmpfiles)) > 0) {
            set_property(obj, slots.tmpfiles, &tmpfiles);
        } else {
            zval_ptr_dtor(&tmpfiles);
        }
        if (!ok) return false;
    }
    return true;
}

RequestObject *this_request(zval *self) { return request_from(Z_OBJ_P(self)); }

}  // namespace

RequestObject::~RequestObject() {
    forget_uploads(this);
    if (data) zend_string_release(data);
    if (body) zend_string_release(body);
}

RequestObject *request_from(zend_object *obj) { return RequestClass::from(obj); }

zend_object *make_request(srv::Server *s, srv::Port *port, server::SessionId fd, zend_string *data,
                          const proto::http1::RequestHead &head, size_t head_len, int *status, const Transport *t) {
    zend_object *obj = RequestClass::make();
    RequestObject *r = request_from(obj);
    r->data = zend_string_copy(data);
    t_transport = t;
    const bool filled = fill_request(s, port, fd, obj, r, head, head_len);
    t_transport = nullptr;
    if (!filled) {
        *status = 400;
        OBJ_RELEASE(obj);
        return nullptr;
    }
    return obj;
}

uint32_t property_offset(zend_class_entry *ce, const char *name) {
    auto *info = static_cast<zend_property_info *>(zend_hash_str_find_ptr(&ce->properties_info, name, strlen(name)));
    ZEND_ASSERT(info && !(info->flags & ZEND_ACC_STATIC));
    return info->offset;
}

void setup_request_class(zend_class_entry *ce) {
    ce_request = ce;
    slots = {property_offset(ce, "fd"),     property_offset(ce, "header"),  property_offset(ce, "server"),
             property_offset(ce, "cookie"), property_offset(ce, "get"),     property_offset(ce, "files"),
             property_offset(ce, "post"),   property_offset(ce, "tmpfiles")};
    keys = {intern("request_method"), intern("request_uri"),        intern("path_info"),       intern("query_string"),
            intern("request_time"),   intern("request_time_float"), intern("server_protocol"), intern("server_port"),
            intern("remote_port"),    intern("remote_addr"),        intern("master_time")};
    common = {intern("HTTP/1.0"), intern("HTTP/1.1"), intern("GET"), intern("POST"), intern("HEAD")};
    for (const char *name : {"host", "user-agent", "accept", "accept-encoding", "accept-language", "connection",
                             "content-type", "content-length", "cookie", "referer", "cache-control", "upgrade"}) {
        zend_string *k = intern(name);
        for (zend_string *&slot : known_by_length[ZSTR_LEN(k)]) {
            if (!slot) {
                slot = k;
                break;
            }
        }
    }
    RequestClass::install(ce_request);
}

}  // namespace gust::php::http

using namespace gust::php::http;
namespace proto = gust::proto;

ZEND_METHOD(Swoole_Http_Request, getContent) {
    ZEND_PARSE_PARAMETERS_NONE();
    RequestObject *r = this_request(ZEND_THIS);
    if (!r->body) RETURN_FALSE;
    RETURN_STR_COPY(r->body);
}

ZEND_METHOD(Swoole_Http_Request, getData) {
    ZEND_PARSE_PARAMETERS_NONE();
    RequestObject *r = this_request(ZEND_THIS);
    if (!r->data) RETURN_FALSE;
    RETURN_STR_COPY(r->data);
}

ZEND_METHOD(Swoole_Http_Request, getMethod) {
    ZEND_PARSE_PARAMETERS_NONE();
    RequestObject *r = this_request(ZEND_THIS);
    if (r->method.empty()) RETURN_FALSE;
    RETURN_STRINGL(r->method.data(), r->method.size());
}

ZEND_METHOD(Swoole_Http_Request, isCompleted) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_BOOL(this_request(ZEND_THIS)->completed);
}

ZEND_METHOD(Swoole_Http_Request, create) {
    HashTable *options = nullptr;
    ZEND_PARSE_PARAMETERS_START(0, 1)
        Z_PARAM_OPTIONAL
        Z_PARAM_ARRAY_HT(options)
    ZEND_PARSE_PARAMETERS_END();
    (void)options;
    zend_object *obj = RequestClass::make();
    request_from(obj)->completed = false;
    RETURN_OBJ(obj);
}

// Parses a whole request from `data` (head and body); answers the bytes it used, or false when
// the request is malformed or incomplete.
ZEND_METHOD(Swoole_Http_Request, parse) {
    zend_string *data;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(data)
    ZEND_PARSE_PARAMETERS_END();
    RequestObject *r = this_request(ZEND_THIS);
    if (r->completed) {
        php_error_docref(nullptr, E_WARNING, "the request is already parsed");
        RETURN_FALSE;
    }
    proto::framing::Options fo;
    fo.mode = proto::framing::Mode::kHttp;
    fo.max_length = UINT32_MAX / 4;
    auto framing = proto::framing::Framing::create(fo);
    proto::framing::Splitter splitter(framing.value());
    auto step = splitter.next(gust::mem::Slice(ZSTR_VAL(data), ZSTR_LEN(data)));
    if (step.status != proto::framing::Splitter::kReady) RETURN_FALSE;
    zend_string *whole = zend_string_init(ZSTR_VAL(data), step.consume, 0);
    proto::http1::RequestHead head;
    const int head_len = proto::http1::parse_request_head(ZSTR_VAL(whole), ZSTR_LEN(whole), &head);
    if (head_len <= 0) {
        zend_string_release(whole);
        RETURN_FALSE;
    }
    r->data = whole;
    if (!fill_request(nullptr, nullptr, 0, Z_OBJ_P(ZEND_THIS), r, head, static_cast<size_t>(head_len))) RETURN_FALSE;
    r->completed = true;
    RETURN_LONG(static_cast<zend_long>(step.consume));
}

ZEND_METHOD(Swoole_Http_Request, __destruct) {}
