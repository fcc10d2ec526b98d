// Thin non-blocking socket wrappers: every fd is CLOEXEC and non-blocking, and
// every call returns -errno on failure (EINTR retried where that is safe).
#pragma once

#include <sys/socket.h>
#include <sys/types.h>

#include "gust/net/address.h"

namespace gust::net::sys {

int open_socket(int family, int type, int protocol = 0);  // fd or -errno
int bind(int fd, const Address &addr);
// bind(), and for a unix socket path taken by a socket file nobody accepts on any more (its
// server crashed or was killed), removes that stale file and binds again. Never removes a regular
// file or a live socket's file.
int bind_replacing_stale(int fd, const Address &addr);
int listen(int fd, int backlog);
int accept(int fd, Address *peer);         // new non-blocking fd, or -errno (-EAGAIN when none pending)
int connect(int fd, const Address &addr);  // 0, -EINPROGRESS, or -errno
ssize_t recv(int fd, void *buf, size_t len, int flags = 0);
ssize_t send(int fd, const void *buf, size_t len, int flags = MSG_NOSIGNAL);
ssize_t recvfrom(int fd, void *buf, size_t len, Address *from);
ssize_t sendto(int fd, const void *buf, size_t len, const Address &to);
int shutdown(int fd, int how);
int close(int fd);
int set_reuse_addr(int fd, bool on);
int set_reuse_port(int fd, bool on);
int set_tcp_nodelay(int fd, bool on);
int socket_error(int fd);  // pending SO_ERROR as -errno, 0 if none
int local_address(int fd, Address *out);
int peer_address(int fd, Address *out);

}  // namespace gust::net::sys
