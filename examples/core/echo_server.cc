// A TCP echo server on the core alone: one coroutine per connection over
// CoSocket. Prints "listening 127.0.0.1:PORT" once it accepts (port 0 picks a
// free one), and exits cleanly on SIGTERM or SIGINT.
//   echo_server [--host 127.0.0.1] [--port N] [--poller epoll|poll]
#include <signal.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>

#include "gust/coro/coroutine.h"
#include "gust/loop/loop.h"
#include "gust/net/co_socket.h"

using namespace gust;

int main(int argc, char **argv) {
    std::string host = "127.0.0.1";
    int port = 0;
    loop::PollerKind poller = loop::PollerKind::kEpoll;
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : nullptr;
        if (arg == "--port" && value) {
            port = atoi(value);
            ++i;
        } else if (arg == "--host" && value) {
            host = value;
            ++i;
        } else if (arg == "--poller" && value) {
            poller = strcmp(value, "poll") == 0 ? loop::PollerKind::kPoll : loop::PollerKind::kEpoll;
            ++i;
        } else {
            fprintf(stderr, "usage: %s [--host H] [--port N] [--poller epoll|poll]\n", argv[0]);
            return 2;
        }
    }
    signal(SIGPIPE, SIG_IGN);
    loop::LoopOptions options;
    options.poller = poller;
    loop::Loop loop(std::move(options));
    coro::Scheduler sched(loop);

    auto addr = net::Address::from_ip(host, static_cast<uint16_t>(port));
    if (!addr.ok()) {
        fprintf(stderr, "bad host: %s\n", host.c_str());
        return 2;
    }
    auto listener = net::CoSocket::open(addr.value().family(), SOCK_STREAM);
    if (!listener.ok() || !listener.value()->bind(addr.value()).ok() || !listener.value()->listen(4096).ok()) {
        fprintf(stderr, "cannot listen on %s\n", addr.value().to_string().c_str());
        return 1;
    }
    std::unique_ptr<net::CoSocket> server = std::move(listener.value());
    std::unordered_map<net::CoSocket *, std::shared_ptr<net::CoSocket>> connections;
    bool stopping = false;

    auto stop = [&](int) {
        stopping = true;
        loop.unwatch_signal(SIGTERM);
        loop.unwatch_signal(SIGINT);
        server->close();                                      // wakes the acceptor with kErrClosed
        for (auto &[raw, conn] : connections) conn->close();  // wakes every reader
    };
    (void)loop.watch_signal(SIGTERM, stop);
    (void)loop.watch_signal(SIGINT, stop);

    (void)sched.create([&] {
        while (!stopping) {
            auto accepted = server->accept();
            if (!accepted.ok()) {
                if (accepted.code() == kErrClosed) break;
                fprintf(stderr, "accept: %s\n", error_message(accepted.code()));
                continue;
            }
            std::shared_ptr<net::CoSocket> conn(std::move(accepted.value()));
            connections[conn.get()] = conn;
            (void)sched.create([&, conn] {
                char buf[65536];
                for (;;) {
                    auto n = conn->recv(buf, sizeof buf);
                    if (!n.ok() || n.value() == 0) break;
                    if (!conn->send_all(buf, n.value()).ok()) break;
                }
                conn->close();
                connections.erase(conn.get());
            });
        }
    });

    auto local = server->local_address();
    printf("listening %s\n", local.ok() ? local.value().to_string().c_str() : addr.value().to_string().c_str());
    fflush(stdout);
    sched.run();
    return 0;
}
