// event_object => true: the objects some callbacks get in place of their separate arguments
// (event_object.h). Built from the very arguments the callback would get without the option, so
// both forms always carry the same values.
#include "server/event_object.h"

#include "gust/base/clock.h"

namespace gust::php::srv {

zend_class_entry *ce_server_event = nullptr;
zend_class_entry *ce_server_packet = nullptr;
zend_class_entry *ce_server_pipe_message = nullptr;
zend_class_entry *ce_server_task_result = nullptr;
zend_class_entry *ce_server_status_info = nullptr;

namespace {

void set_long(zend_class_entry *ce, zend_object *obj, const char *name, zend_long value) {
    zend_update_property_long(ce, obj, name, strlen(name), value);
}

void set_zval(zend_class_entry *ce, zend_object *obj, const char *name, zval *value) {
    zend_update_property(ce, obj, name, strlen(name), value);
}

zend_object *make(zval *out, zend_class_entry *ce) {
    object_init_ex(out, ce);
    zend_object *obj = Z_OBJ_P(out);
    zend_update_property_double(ce, obj, ZEND_STRL("dispatch_time"), dispatch_time_now());
    return obj;
}

// (server, fd, reactor_id[, data]) -> Event
void make_event(zval *out, const zval *args, uint32_t argc) {
    zend_object *obj = make(out, ce_server_event);
    set_long(ce_server_event, obj, "fd", Z_TYPE(args[1]) == IS_LONG ? Z_LVAL(args[1]) : 0);
    set_long(ce_server_event, obj, "reactor_id", argc > 2 && Z_TYPE(args[2]) == IS_LONG ? Z_LVAL(args[2]) : 0);
    if (argc > 3 && Z_TYPE(args[3]) == IS_STRING) set_zval(ce_server_event, obj, "data", const_cast<zval *>(&args[3]));
}

// (server, data, ['address', 'port', 'server_socket', 'server_port']) -> Packet
void make_packet(zval *out, const zval *args) {
    zend_object *obj = make(out, ce_server_packet);
    set_zval(ce_server_packet, obj, "data", const_cast<zval *>(&args[1]));
    if (Z_TYPE(args[2]) != IS_ARRAY) return;
    HashTable *info = Z_ARRVAL(args[2]);
    if (zval *v = zend_hash_str_find(info, ZEND_STRL("address")); v && Z_TYPE_P(v) == IS_STRING) {
        set_zval(ce_server_packet, obj, "address", v);
    }
    for (const char *key : {"port", "server_socket", "server_port"}) {
        zval *v = zend_hash_str_find(info, key, strlen(key));
        if (v && Z_TYPE_P(v) == IS_LONG) set_long(ce_server_packet, obj, key, Z_LVAL_P(v));
    }
}

// (server, src_worker_id, data) -> PipeMessage; worker_id repeats the source, as in Swoole.
void make_pipe_message(zval *out, const zval *args) {
    zend_object *obj = make(out, ce_server_pipe_message);
    const zend_long src = Z_TYPE(args[1]) == IS_LONG ? Z_LVAL(args[1]) : -1;
    set_long(ce_server_pipe_message, obj, "source_worker_id", src);
    set_long(ce_server_pipe_message, obj, "worker_id", src);
    set_zval(ce_server_pipe_message, obj, "data", const_cast<zval *>(&args[2]));
}

}  // namespace

double dispatch_time_now() { return static_cast<double>(wall_now()) / 1e9; }

uint32_t event_object_args(Server *s, int event, const zval *args, uint32_t argc, zval out[2]) {
    if (!s->settings.event_object) return 0;
    switch (event) {
        case kConnect:
        case kClose:
        case kDisconnect:
        case kReceive:
            if (argc < 2) return 0;
            make_event(&out[1], args, argc);
            break;
        case kPacket:
            if (argc != 3) return 0;
            make_packet(&out[1], args);
            break;
        case kPipeMessage:
            if (argc != 3) return 0;
            make_pipe_message(&out[1], args);
            break;
        default: return 0;  // already an object (onFinish, onWorkerError) or none in Swoole
    }
    ZVAL_COPY_VALUE(&out[0], &args[0]);
    return 2;
}

void make_task_result(zval *out, zend_long task_id, zend_long task_worker_id, zval *data) {
    zend_object *obj = make(out, ce_server_task_result);
    set_long(ce_server_task_result, obj, "task_id", task_id);
    set_long(ce_server_task_result, obj, "task_worker_id", task_worker_id);
    set_zval(ce_server_task_result, obj, "data", data);
}

void make_status_info(zval *out, zend_long worker_id, pid_t pid, int status, int exit_code, int signal) {
    object_init_ex(out, ce_server_status_info);
    zend_object *obj = Z_OBJ_P(out);
    set_long(ce_server_status_info, obj, "worker_id", worker_id);
    set_long(ce_server_status_info, obj, "worker_pid", pid);
    set_long(ce_server_status_info, obj, "status", status);
    set_long(ce_server_status_info, obj, "exit_code", exit_code);
    set_long(ce_server_status_info, obj, "signal", signal);
}

}  // namespace gust::php::srv
