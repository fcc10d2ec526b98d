// enable_message_bus (SWOOLE_IPC_UNIXSOCK): sendMessage() of any size up to max_package_size.
// A message goes as datagrams of at most kBusChunk bytes (under the usual wmem_max, so the
// socket's buffer can hold each), each with a header naming its sender, the message and where
// the piece goes; the receiving worker puts each message back together by sender and message id,
// so pieces of messages sent at the same time by several processes (or coroutines) interleave
// safely. Anything else on a bus socket is dropped with a warning.
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "process/pool.h"

namespace gust::php {
namespace {

constexpr uint32_t kBusMagic = 0x47425553;  // "GBUS"
constexpr size_t kBusChunk = 64 * 1024;
constexpr size_t kBusMaxPartial = 64;  // messages being put together at once, per worker

struct BusHeader {
    uint32_t magic;
    uint32_t sender;  // pid
    uint32_t msg_id;  // per sending process
    uint32_t total;   // the whole message's length
    uint32_t offset;  // where this piece goes
};

uint32_t next_msg_id() {
    static uint32_t id = 0;
    return ++id;
}

}  // namespace

bool pool_send_datagram(int fd, const void *data, size_t len) {
    for (;;) {
        ssize_t n = ::send(fd, data, len, MSG_DONTWAIT | MSG_NOSIGNAL);
        if (n >= 0) return true;
        if (errno == EINTR) continue;
        if (errno != EAGAIN) return false;
        if (process_wait_ready(fd, gust::loop::kWritable, -1) != 0 || EG(exception)) return false;
    }
}

bool pool_bus_send(PoolObject *p, int fd, const char *data, size_t len) {
    if (len > static_cast<size_t>(p->max_package_size) || len > UINT32_MAX) {
        errno = EMSGSIZE;
        return false;
    }
    BusHeader h{kBusMagic, static_cast<uint32_t>(getpid()), next_msg_id(), static_cast<uint32_t>(len), 0};
    std::string piece;
    piece.reserve(sizeof h + std::min(len, kBusChunk));
    do {
        const size_t n = std::min(kBusChunk, len - h.offset);
        piece.assign(reinterpret_cast<const char *>(&h), sizeof h);
        piece.append(data + h.offset, n);
        if (!pool_send_datagram(fd, piece.data(), piece.size())) return false;
        h.offset += static_cast<uint32_t>(n);
    } while (h.offset < len);
    return true;
}

zend_string *pool_bus_receive(PoolObject *p, const char *dgram, size_t len) {
    BusHeader h;
    if (len < sizeof h) {
        php_error_docref(nullptr, E_WARNING,
                         "message bus: a datagram of %zu bytes is not a piece of a message; dropped", len);
        return nullptr;
    }
    memcpy(&h, dgram, sizeof h);
    const size_t n = len - sizeof h;
    if (h.magic != kBusMagic || h.total > static_cast<uint64_t>(p->max_package_size) ||
        static_cast<uint64_t>(h.offset) + n > h.total) {
        php_error_docref(nullptr, E_WARNING,
                         "message bus: a datagram that is not a piece of a message (or a message over "
                         "max_package_size " ZEND_LONG_FMT ") was dropped",
                         p->max_package_size);
        return nullptr;
    }
    const uint64_t key = (static_cast<uint64_t>(h.sender) << 32) | h.msg_id;
    if (h.offset == 0 && n == h.total) return zend_string_init(dgram + sizeof h, n, 0);  // one piece
    auto it = p->bus_partial.find(key);
    if (h.offset == 0) {
        if (it == p->bus_partial.end() && p->bus_partial.size() >= kBusMaxPartial) {
            php_error_docref(nullptr, E_WARNING, "message bus: %zu messages are half received; the oldest is dropped",
                             p->bus_partial.size());
            p->bus_partial.erase(p->bus_partial.begin());
        }
        std::string &buf = p->bus_partial[key];
        buf.assign(dgram + sizeof h, n);
        return nullptr;
    }
    if (it == p->bus_partial.end() || it->second.size() != h.offset) {
        php_error_docref(nullptr, E_WARNING,
                         "message bus: a piece out of order (sender %u) was dropped with its message", h.sender);
        if (it != p->bus_partial.end()) p->bus_partial.erase(it);
        return nullptr;
    }
    it->second.append(dgram + sizeof h, n);
    if (it->second.size() < h.total) return nullptr;
    zend_string *out = zend_string_init(it->second.data(), it->second.size(), 0);
    p->bus_partial.erase(it);
    return out;
}

}  // namespace gust::php
