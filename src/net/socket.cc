#include "gust/net/socket.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

namespace gust::net::sys {
namespace {
int check(int rc) { return rc < 0 ? -errno : rc; }
ssize_t check(ssize_t rc) { return rc < 0 ? -errno : rc; }
int set_int_option(int fd, int level, int name, int value) {
    return check(setsockopt(fd, level, name, &value, sizeof value));
}
}  // namespace

int open_socket(int family, int type, int protocol) {
    return check(::socket(family, type | SOCK_NONBLOCK | SOCK_CLOEXEC, protocol));
}

int bind(int fd, const Address &addr) { return check(::bind(fd, addr.sockaddr_ptr(), addr.length())); }

namespace {
// True when `addr` names a socket file on disk that refuses connections (nobody bound to it).
bool stale_unix_socket(int fd, const Address &addr) {
    const std::string path = addr.host();
    struct stat st;
    if (path.empty() || path[0] == '@' || lstat(path.c_str(), &st) != 0 || !S_ISSOCK(st.st_mode)) return false;
    int type = SOCK_STREAM;
    socklen_t len = sizeof type;
    if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) != 0) return false;
    const int probe = ::socket(AF_UNIX, type | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (probe < 0) return false;
    const bool refused = ::connect(probe, addr.sockaddr_ptr(), addr.length()) != 0 && errno == ECONNREFUSED;
    ::close(probe);
    return refused;
}
}  // namespace

int bind_replacing_stale(int fd, const Address &addr) {
    int rc = bind(fd, addr);
    if (rc != -EADDRINUSE || addr.family() != AF_UNIX || !stale_unix_socket(fd, addr)) return rc;
    (void)unlink(addr.host().c_str());
    return bind(fd, addr);
}
int listen(int fd, int backlog) { return check(::listen(fd, backlog)); }

int accept(int fd, Address *peer) {
    for (;;) {
        Address tmp;
        *tmp.length_ptr() = Address::capacity();
        int rc = ::accept4(fd, tmp.sockaddr_ptr(), tmp.length_ptr(), SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (rc >= 0) {
            if (peer) *peer = Address::from_sockaddr(tmp.sockaddr_ptr(), *tmp.length_ptr());
            return rc;
        }
        // A connection that died in the backlog is not the listener's error: try the next one.
        if (errno == EINTR || errno == ECONNABORTED) continue;
        return -errno;
    }
}

int connect(int fd, const Address &addr) {
    int rc = ::connect(fd, addr.sockaddr_ptr(), addr.length());
    if (rc < 0 && errno == EINTR) return -EINPROGRESS;  // the connect continues in the background
    return check(rc);
}

ssize_t recv(int fd, void *buf, size_t len, int flags) {
    ssize_t rc;
    do {
        rc = ::recv(fd, buf, len, flags);
    } while (rc < 0 && errno == EINTR);
    return check(rc);
}

ssize_t send(int fd, const void *buf, size_t len, int flags) {
    ssize_t rc;
    do {
        rc = ::send(fd, buf, len, flags | MSG_NOSIGNAL);
    } while (rc < 0 && errno == EINTR);
    return check(rc);
}

ssize_t recvfrom(int fd, void *buf, size_t len, Address *from) {
    Address tmp;
    *tmp.length_ptr() = Address::capacity();
    ssize_t rc;
    do {
        rc = ::recvfrom(fd, buf, len, 0, tmp.sockaddr_ptr(), tmp.length_ptr());
    } while (rc < 0 && errno == EINTR);
    if (rc >= 0 && from) *from = Address::from_sockaddr(tmp.sockaddr_ptr(), *tmp.length_ptr());
    return check(rc);
}

ssize_t sendto(int fd, const void *buf, size_t len, const Address &to) {
    ssize_t rc;
    do {
        rc = ::sendto(fd, buf, len, MSG_NOSIGNAL, to.sockaddr_ptr(), to.length());
    } while (rc < 0 && errno == EINTR);
    return check(rc);
}

int shutdown(int fd, int how) { return check(::shutdown(fd, how)); }
int close(int fd) { return check(::close(fd)); }  // no retry on EINTR: the fd is gone either way on Linux
int set_reuse_addr(int fd, bool on) { return set_int_option(fd, SOL_SOCKET, SO_REUSEADDR, on); }
int set_reuse_port(int fd, bool on) { return set_int_option(fd, SOL_SOCKET, SO_REUSEPORT, on); }
int set_tcp_nodelay(int fd, bool on) { return set_int_option(fd, IPPROTO_TCP, TCP_NODELAY, on); }

int socket_error(int fd) {
    int err = 0;
    socklen_t len = sizeof err;
    if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) < 0) return -errno;
    return -err;
}

int local_address(int fd, Address *out) {
    Address tmp;
    *tmp.length_ptr() = Address::capacity();
    if (getsockname(fd, tmp.sockaddr_ptr(), tmp.length_ptr()) < 0) return -errno;
    *out = Address::from_sockaddr(tmp.sockaddr_ptr(), *tmp.length_ptr());
    return 0;
}

int peer_address(int fd, Address *out) {
    Address tmp;
    *tmp.length_ptr() = Address::capacity();
    if (getpeername(fd, tmp.sockaddr_ptr(), tmp.length_ptr()) < 0) return -errno;
    *out = Address::from_sockaddr(tmp.sockaddr_ptr(), *tmp.length_ptr());
    return 0;
}

}  // namespace gust::net::sys
