// Swoole\Connection\Iterator: `$server->connections` and `$port->connections` — the connections
// of this worker (of one port), as fds; `$server->connections[$fd]` is getClientInfo($fd).
#include <climits>

#include "server/server.h"
#include "server/connections.h"
#include "zend/object.h"

namespace gust::php::srv {
namespace {

struct IteratorObject {
    Server *server = nullptr;            // nullptr once the server is freed
    int port_index = -1;                 // -1: every port
    std::vector<server::SessionId> ids;  // snapshot taken by rewind()
    size_t pos = 0;
    explicit IteratorObject(zobj::Self self) : self(self.object) {}
    ~IteratorObject() {
        if (server) std::erase(server->iterators, self);
    }

private:
    zend_object *self;
};
using IteratorClass = zobj::Class<IteratorObject>;

IteratorObject *iterator_object(zend_object *obj) { return IteratorClass::from(obj); }

IteratorObject *this_iterator(zval *this_ptr) { return iterator_object(Z_OBJ_P(this_ptr)); }

std::vector<server::SessionId> sessions(IteratorObject *it) {
    std::vector<server::SessionId> out;
    if (!it->server) return out;
    if (it->server->process_mode) {
        // Every connection of the server, from the table all processes share.
        server::ConnectionRecord rec;
        for (server::SessionId id : session_list(it->server, 0, SIZE_MAX)) {
            if (it->port_index < 0) {
                out.push_back(id);
            } else if (it->server->process_mode->master->shared().read(id, &rec) && rec.port_index == it->port_index) {
                out.push_back(id);
            }
        }
        return out;
    }
    if (!it->server->worker.reactor) return out;
    server::Reactor *r = it->server->worker.reactor.get();
    for (server::SessionId id : r->list(0, SIZE_MAX)) {
        const server::SessionInfo *info = r->info(id);
        if (info && (it->port_index < 0 || info->port_index == it->port_index)) out.push_back(id);
    }
    return out;
}

}  // namespace

zend_object *connection_iterator_new(Server *s, int port_index) {
    zend_object *obj = IteratorClass::make();
    IteratorObject *o = iterator_object(obj);
    o->server = s;
    o->port_index = port_index;
    s->iterators.push_back(obj);  // the server detaches it when freed first
    return obj;
}

void connection_iterator_detach(zend_object *iterator) { iterator_object(iterator)->server = nullptr; }

void register_connection_iterator() { IteratorClass::install(ce_connection_iterator); }

}  // namespace gust::php::srv

using namespace gust::php::srv;

ZEND_METHOD(Swoole_Connection_Iterator, __construct) { ZEND_PARSE_PARAMETERS_NONE(); }

ZEND_METHOD(Swoole_Connection_Iterator, rewind) {
    ZEND_PARSE_PARAMETERS_NONE();
    IteratorObject *it = this_iterator(ZEND_THIS);
    it->ids = sessions(it);
    it->pos = 0;
}

ZEND_METHOD(Swoole_Connection_Iterator, next) {
    ZEND_PARSE_PARAMETERS_NONE();
    ++this_iterator(ZEND_THIS)->pos;
}

ZEND_METHOD(Swoole_Connection_Iterator, current) {
    ZEND_PARSE_PARAMETERS_NONE();
    IteratorObject *it = this_iterator(ZEND_THIS);
    if (it->pos >= it->ids.size()) RETURN_NULL();
    RETURN_LONG(it->ids[it->pos]);
}

ZEND_METHOD(Swoole_Connection_Iterator, key) {
    ZEND_PARSE_PARAMETERS_NONE();
    IteratorObject *it = this_iterator(ZEND_THIS);
    if (it->pos >= it->ids.size()) RETURN_NULL();
    RETURN_LONG(it->ids[it->pos]);  // keyed by fd, as Swoole's (iterator_to_array() gives fd => fd)
}

ZEND_METHOD(Swoole_Connection_Iterator, valid) {
    ZEND_PARSE_PARAMETERS_NONE();
    IteratorObject *it = this_iterator(ZEND_THIS);
    RETURN_BOOL(it->pos < it->ids.size());
}

ZEND_METHOD(Swoole_Connection_Iterator, count) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_LONG(static_cast<zend_long>(sessions(this_iterator(ZEND_THIS)).size()));
}

ZEND_METHOD(Swoole_Connection_Iterator, offsetExists) {
    zval *fd;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ZVAL(fd)
    ZEND_PARSE_PARAMETERS_END();
    IteratorObject *it = this_iterator(ZEND_THIS);
    RETURN_BOOL(it->server && session_exists(it->server, zval_get_long(fd)));
}

ZEND_METHOD(Swoole_Connection_Iterator, offsetGet) {
    zval *fd;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ZVAL(fd)
    ZEND_PARSE_PARAMETERS_END();
    IteratorObject *it = this_iterator(ZEND_THIS);
    if (!it->server || !client_info(it->server, zval_get_long(fd), return_value)) RETURN_FALSE;
}

ZEND_METHOD(Swoole_Connection_Iterator, offsetSet) {
    zval *fd, *value;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_ZVAL(fd)
        Z_PARAM_ZVAL(value)
    ZEND_PARSE_PARAMETERS_END();
    zend_throw_error(nullptr, "Swoole\\Connection\\Iterator is read-only");
}

ZEND_METHOD(Swoole_Connection_Iterator, offsetUnset) {
    zval *fd;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_ZVAL(fd)
    ZEND_PARSE_PARAMETERS_END();
    zend_throw_error(nullptr, "Swoole\\Connection\\Iterator is read-only");
}
