// Swoole\Redis\Server: setHandler()/getHandler()/format(), and the worker's side of a RESP port.
#include <string>
#include <unordered_map>
#include <vector>

#include "redis/redis.h"
#include "server/process_mode.h"
#include "server/protocol.h"
#include "server/send.h"
#include "server/server.h"
#include "gust/proto/resp.h"

extern "C" {
#include "zend_closures.h"
#include "zend_execute.h"
}

#include "stubs/redis_server_arginfo.h"

namespace gust::php::redis {
namespace {

using srv::Port;
using srv::Server;

// Swoole's reply types (the class constants).
enum ReplyType : zend_long { kError = 0, kNil = 1, kStatus = 2, kInt = 3, kString = 4, kSet = 5, kMap = 6 };
// Swoole refuses command names this long (and closes the connection that sent one).
constexpr size_t kMaxCommandLength = 64;

zend_class_entry *ce_redis_server = nullptr;

// A server's handlers by lower-case command name; made by the first setHandler().
struct Handlers : srv::ProtocolState {
    std::unordered_map<std::string, Callable> by_name;
};

Handlers *handlers_of(Server *s, bool create) {
    auto &state = s->protocol_states[static_cast<int>(srv::ProtocolId::kRedis)];
    if (!state && create) state = std::make_unique<Handlers>();
    return static_cast<Handlers *>(state.get());
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char &c : out) c = zend_tolower_ascii(c);
    return out;
}

// What each command's coroutine runs: the handler, then the reply it returned (if a string). PHP
// (compiled once per request, like ext/coroutine/library.cc) so a handler's return value is seen
// inside its coroutine.
constexpr char kDispatch[] = R"PHP(static function ($server, int $fd, array $args, $handler): void {
    $reply = $handler($fd, $args);
    if (is_string($reply)) {
        $server->send($fd, $reply);
    }
})PHP";

Callable g_dispatch;  // released with every callable at the request's end

bool dispatch_ready() {
    if (g_dispatch.is_set()) return true;
    zval fn;
    ZVAL_UNDEF(&fn);
    if (zend_eval_stringl(kDispatch, sizeof(kDispatch) - 1, &fn, "Swoole\\Redis\\Server dispatch") != SUCCESS ||
        Z_TYPE(fn) != IS_OBJECT) {
        zval_ptr_dtor(&fn);
        return false;
    }
    const bool ok = g_dispatch.assign(&fn, "the Redis dispatch");
    zval_ptr_dtor(&fn);
    return ok;
}

void reply_and_close(Server *s, server::SessionId id, std::string_view error) {
    std::string out;
    proto::resp::append_error(&out, error);
    (void)srv::send_bytes_to_session(s, id, out);
    (void)srv::close_session(s, id, false);
}

void command_arrived(Server *s, Port *port, server::SessionId id, zend_string *data, const srv::ParsedHead *) {
    srv::count_request(s);
    thread_local std::vector<proto::resp::Arg> args;
    const size_t max_bulk = port && port->framing ? port->framing->options().max_length : SIZE_MAX;
    const char *error = proto::resp::parse_command(mem::Slice(ZSTR_VAL(data), ZSTR_LEN(data)), &args, max_bulk);
    if (error) {
        zend_string_release(data);
        reply_and_close(s, id, std::string("ERR ") + error);
        return;
    }
    if (args.empty()) {  // a blank inline line: redis ignores it
        zend_string_release(data);
        return;
    }
    const proto::resp::Arg &name = args[0];
    if (name.kind != proto::resp::Arg::kString) {
        zend_string_release(data);
        reply_and_close(s, id, "ERR Protocol error: the command name must be a bulk string");
        return;
    }
    if (name.text.size() >= kMaxCommandLength) {
        php_error_docref(nullptr, E_WARNING, "command [%.8s...](length=%zu) is too long", name.text.data(),
                         name.text.size());
        zend_string_release(data);
        (void)srv::close_session(s, id, false);
        return;
    }
    Handlers *h = handlers_of(s, false);
    auto it = h ? h->by_name.find(lower(name.text)) : decltype(h->by_name.end()){};
    if (!h || it == h->by_name.end() || !dispatch_ready()) {
        std::string out = "-ERR unknown command '";
        out.append(name.text);
        out.append("'\r\n");
        zend_string_release(data);
        (void)srv::send_bytes_to_session(s, id, out);
        return;
    }
    zval call[4];
    ZVAL_OBJ(&call[0], s->self);
    ZVAL_LONG(&call[1], id);
    array_init_size(&call[2], static_cast<uint32_t>(args.size() - 1));
    for (size_t i = 1; i < args.size(); ++i) {
        const proto::resp::Arg &a = args[i];
        if (a.kind == proto::resp::Arg::kNull) {
            add_next_index_null(&call[2]);
        } else if (a.kind == proto::resp::Arg::kInteger) {
            add_next_index_long(&call[2], a.integer);
        } else {
            add_next_index_stringl(&call[2], a.text.data(), a.text.size());
        }
    }
    zend_string_release(data);  // the arguments are copies
    ZVAL_COPY_VALUE(&call[3], it->second.value());
    FinishHook hook;
    const bool tracked = s->process_mode && srv::handoff_track(s, id, &hook);
    if (create(g_dispatch.cache(), g_dispatch.value(), call, 4, false, tracked ? &hook : nullptr) < 0 && tracked) {
        hook.fn(hook.arg, hook.tag);
    }
    zval_ptr_dtor(&call[2]);
}

// format()'s text of a value: strings as they are, anything else converted as PHP's (string) does.
void append_text(std::string *out, zval *v, bool bulk) {
    zend_string *tmp;
    zend_string *str = zval_get_tmp_string(v, &tmp);
    if (bulk) {
        proto::resp::append_bulk(out, std::string_view(ZSTR_VAL(str), ZSTR_LEN(str)));
    } else {
        out->append(ZSTR_VAL(str), ZSTR_LEN(str));
    }
    zend_tmp_string_release(tmp);
}

constexpr int kMaxDepth = 64;  // a deeper array (or one that contains itself) is refused

// SET: the values in order; MAP: key, value, key, value... (integer keys written as decimals). A
// nested array becomes a nested RESP array: a list as SET, any other array as MAP (Swoole 6.1's
// shapes). Scalars are bulk strings, null a null bulk. False when nested deeper than kMaxDepth.
bool append_array(std::string *out, HashTable *ht, bool map, int depth) {
    if (depth >= kMaxDepth) return false;
    proto::resp::append_array_header(out, (map ? 2 : 1) * zend_hash_num_elements(ht));
    zend_ulong index;
    zend_string *key;
    zval *item;
    ZEND_HASH_FOREACH_KEY_VAL(ht, index, key, item) {
        if (map) {
            if (key) {
                proto::resp::append_bulk(out, std::string_view(ZSTR_VAL(key), ZSTR_LEN(key)));
            } else {
                proto::resp::append_bulk(out, std::to_string(static_cast<zend_long>(index)));
            }
        }
        ZVAL_DEREF(item);
        if (Z_TYPE_P(item) == IS_ARRAY) {
            if (!append_array(out, Z_ARRVAL_P(item), !zend_array_is_list(Z_ARRVAL_P(item)), depth + 1)) return false;
        } else if (Z_TYPE_P(item) == IS_NULL) {
            proto::resp::append_nil(out);
        } else {
            append_text(out, item, true);
        }
    }
    ZEND_HASH_FOREACH_END();
    return true;
}

}  // namespace

}  // namespace gust::php::redis

using gust::php::redis::ce_redis_server;
namespace resp = gust::proto::resp;

ZEND_METHOD(Swoole_Redis_Server, setHandler) {
    zend_string *command;
    zend_fcall_info fci;
    zend_fcall_info_cache fcc;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_STR(command)
        Z_PARAM_FUNC(fci, fcc)
    ZEND_PARSE_PARAMETERS_END();
    if (ZSTR_LEN(command) == 0 || ZSTR_LEN(command) >= gust::php::redis::kMaxCommandLength) {
        zend_argument_value_error(1, "must be a command name of 1 to %zu bytes",
                                  gust::php::redis::kMaxCommandLength - 1);
        RETURN_THROWS();
    }
    gust::php::srv::Server *s = gust::php::srv::server_from(Z_OBJ_P(ZEND_THIS));
    auto *h = gust::php::redis::handlers_of(s, true);
    h->by_name[gust::php::redis::lower(std::string_view(ZSTR_VAL(command), ZSTR_LEN(command)))].assign(&fci, &fcc);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Redis_Server, getHandler) {
    zend_string *command;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(command)
    ZEND_PARSE_PARAMETERS_END();
    gust::php::srv::Server *s = gust::php::srv::server_from(Z_OBJ_P(ZEND_THIS));
    auto *h = gust::php::redis::handlers_of(s, false);
    if (!h) RETURN_NULL();
    auto it = h->by_name.find(gust::php::redis::lower(std::string_view(ZSTR_VAL(command), ZSTR_LEN(command))));
    if (it == h->by_name.end()) RETURN_NULL();
    zval *fn = it->second.value();
    if (Z_TYPE_P(fn) == IS_OBJECT && Z_OBJCE_P(fn) == zend_ce_closure) RETURN_COPY(fn);
    // A handler given as a name or an array: the Closure the return type promises, for the same call.
    zend_fcall_info_cache *fcc = it->second.cache();
    zval this_zv;
    ZVAL_UNDEF(&this_zv);
    if (fcc->object) ZVAL_OBJ(&this_zv, fcc->object);
    zend_create_fake_closure(return_value, fcc->function_handler, fcc->function_handler->common.scope,
                             fcc->called_scope, fcc->object ? &this_zv : nullptr);
}

ZEND_METHOD(Swoole_Redis_Server, format) {
    using namespace gust::php::redis;
    zend_long type;
    zval *value = nullptr;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_LONG(type)
        Z_PARAM_OPTIONAL
        Z_PARAM_ZVAL(value)
    ZEND_PARSE_PARAMETERS_END();
    if (value && Z_TYPE_P(value) == IS_NULL) value = nullptr;
    std::string out;
    switch (type) {
        case kNil: resp::append_nil(&out); break;
        case kStatus:
        case kError: {
            std::string text = type == kStatus ? "OK" : "ERR";
            if (value) {
                text.clear();
                append_text(&text, value, false);
                // A line break would end the reply early and make the rest a reply of its own.
                for (char &c : text) {
                    if (c == '\r' || c == '\n') c = ' ';
                }
            }
            if (type == kStatus) {
                resp::append_status(&out, text);
            } else {
                resp::append_error(&out, text);
            }
            break;
        }
        case kInt:
            if (!value) goto no_value;
            resp::append_integer(&out, zval_get_long(value));
            break;
        case kString:
            if (!value) goto no_value;
            append_text(&out, value, true);
            break;
        case kSet:
        case kMap: {
            if (!value) goto no_value;
            if (Z_TYPE_P(value) != IS_ARRAY) {
                php_error_docref(nullptr, E_WARNING, "the second parameter should be an array");
                RETURN_FALSE;
            }
            if (!append_array(&out, Z_ARRVAL_P(value), type == kMap, 0)) {
                php_error_docref(nullptr, E_WARNING, "the value is nested more than %d levels deep", kMaxDepth);
                RETURN_FALSE;
            }
            break;
        }
        default: php_error_docref(nullptr, E_WARNING, "Unknown type[" ZEND_LONG_FMT "]", type); RETURN_FALSE;
    }
    RETURN_STRINGL(out.data(), out.size());
no_value:
    php_error_docref(nullptr, E_WARNING, "require more parameters");
    RETURN_FALSE;
}

namespace gust::php::redis {

void register_redis_area() {
    ce_redis_server = register_class_Swoole_Redis_Server(srv::ce_server);
    srv::Protocol p;
    p.server_class = &ce_redis_server;
    p.package_arrived = command_arrived;
    srv::register_protocol(srv::ProtocolId::kRedis, p);
}

}  // namespace gust::php::redis
