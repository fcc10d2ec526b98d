// Shared by the PROCESS-master tests: a heap allocator for fake workers' receivers, reading and
// stopping fake workers, a listening socket on 127.0.0.1, blocking loopback clients and a
// question/answer helper.
#pragma once

#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <memory>
#include <string>

#include "gust/ipc/assembler.h"
#include "gust/net/socket.h"
#include "gust/server/process_master.h"

namespace gust::server::testing {

struct Heap final : ipc::PayloadAllocator {
    ipc::Destination allocate(const ipc::Header &, uint32_t size) override {
        return {static_cast<uint8_t *>(std::malloc(size ? size : 1)), nullptr};
    }
    void release(ipc::Destination d, uint32_t) override { std::free(d.data); }
};

// Hands every whole message waiting on a fake worker's channel to `on(message, body)`, the payload
// copied into `body` and its Heap buffer freed.
template <class On>
void drain_channel(ipc::Receiver &rx, On &&on) {
    ipc::Message m;
    while (rx.receive_one(&m) >= 0) {
        if (!m.dest.data && m.size()) continue;
        std::string body(reinterpret_cast<char *>(m.dest.data), m.size());
        std::free(m.dest.data);
        m.dest.data = nullptr;
        on(m, body);
    }
}

// Stops the master first (nothing new reaches the fake workers), then each worker's thread
// (workers: unique_ptrs to structs with `stop` and `th`).
template <class Workers>
void stop_master_and_workers(std::unique_ptr<ProcessMaster> &master, Workers &workers) {
    master->stop();
    for (auto &w : workers) {
        w->stop = true;
        w->th.join();
    }
    master.reset();
}

// A bound, listening TCP socket on 127.0.0.1 (a free port), as the binding makes before forking;
// `listener()` describes it for MasterOptions.
struct ListeningSocket {
    int fd = -1;
    int port = 0;
    net::Address address;
    ListeningSocket() {
        fd = net::sys::open_socket(AF_INET, SOCK_STREAM);
        EXPECT_EQ(net::sys::bind(fd, net::Address::parse("127.0.0.1:0").value()), 0);
        EXPECT_EQ(net::sys::listen(fd, 128), 0);
        EXPECT_EQ(net::sys::local_address(fd, &address), 0);
        port = address.port();
    }
    ~ListeningSocket() {
        if (fd >= 0) ::close(fd);
    }
    MasterListener listener() const {
        MasterListener l;
        l.fd = fd;
        l.options.address = address;
        return l;
    }
};

// A blocking client connected to `port`, reads bounded by 5 s; `rcvbuf` > 0 sets SO_RCVBUF first.
inline int connect_client(int port, int rcvbuf = 0) {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (rcvbuf) setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    EXPECT_EQ(::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a), 0);
    timeval tv{5, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    return fd;
}

// Sends `q` and returns what one read brings: the answer, "<eof>" or "<error>".
inline std::string ask(int fd, const std::string &q) {
    EXPECT_EQ(::send(fd, q.data(), q.size(), MSG_NOSIGNAL), static_cast<ssize_t>(q.size()));
    char buf[256];
    ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string(n == 0 ? "<eof>" : "<error>");
}

}  // namespace gust::server::testing
