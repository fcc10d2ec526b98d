// SCM_RIGHTS helpers for the channel: at most one descriptor per record (kFlagFd).
#pragma once

#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>

namespace gust::ipc {

inline constexpr size_t kFdControlSize = CMSG_SPACE(sizeof(int));
// What take_fd() reports for a record whose descriptors cannot be used (cut, or more than one).
inline constexpr int kUnusableFd = -2;

// Attaches `fd` to `msg`, using `buf` (kFdControlSize bytes, aligned for cmsghdr).
inline void put_fd(msghdr &msg, uint8_t *buf, int fd) {
    std::memset(buf, 0, kFdControlSize);
    msg.msg_control = buf;
    msg.msg_controllen = kFdControlSize;
    cmsghdr *c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int));
    std::memcpy(CMSG_DATA(c), &fd, sizeof fd);
}

// The descriptor a received record brought: -1 none, kUnusableFd when the control data was cut or
// held more than one (every descriptor that did arrive is closed then).
inline int take_fd(const msghdr &msg) {
    int found = -1, count = 0;
    if (msg.msg_controllen > 0) {
        for (cmsghdr *c = CMSG_FIRSTHDR(const_cast<msghdr *>(&msg)); c;
             c = CMSG_NXTHDR(const_cast<msghdr *>(&msg), c)) {
            if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
            const size_t n = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
            for (size_t i = 0; i < n; ++i) {
                int fd;
                std::memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof fd);
                if (count++ == 0) {
                    found = fd;
                } else {
                    ::close(fd);
                }
            }
        }
    }
    if (count > 1 || (msg.msg_flags & MSG_CTRUNC)) {
        if (found >= 0) ::close(found);
        return kUnusableFd;
    }
    return found;
}

}  // namespace gust::ipc
