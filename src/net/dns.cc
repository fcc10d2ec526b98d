#include "gust/net/dns.h"

#include <netdb.h>

#include <atomic>
#include <memory>

#include "gust/coro/blocking.h"

namespace gust::net {
namespace {

std::atomic<uint64_t> g_thread_lookups{0};

// What the worker thread fills in; shared so an abandoned lookup stays valid until it ends.
struct Answer {
    int gai_error = 0;
    std::vector<Address> addresses;
};

void lookup(const std::string &host, uint16_t port, int family, Answer &out) {
    g_thread_lookups.fetch_add(1);
    addrinfo hints{};
    hints.ai_family = family;
    hints.ai_socktype = SOCK_STREAM;  // one entry per address, not one per socket type
    addrinfo *list = nullptr;
    out.gai_error = getaddrinfo(host.c_str(), nullptr, &hints, &list);
    for (addrinfo *ai = list; out.gai_error == 0 && ai; ai = ai->ai_next) {
        Address a = Address::from_sockaddr(ai->ai_addr, ai->ai_addrlen);
        a.set_port(port);
        out.addresses.push_back(a);
    }
    if (list) freeaddrinfo(list);
}

}  // namespace

uint64_t resolver_thread_lookups() { return g_thread_lookups.load(); }

Result<std::vector<Address>> resolve(std::string_view host, uint16_t port, const ResolveOptions &options,
                                     std::string *reason) {
    std::string name(host);
    if (name.size() > 2 && name.front() == '[' && name.back() == ']') name = name.substr(1, name.size() - 2);
    if (auto literal = Address::from_ip(name, port); literal.ok()) {
        if (options.family != AF_UNSPEC && literal.value().family() != options.family) {
            if (reason) *reason = "address family does not match";
            return Error{kErrDns};
        }
        return std::vector<Address>{literal.value()};
    }
    if (name == "localhost" || name == "localhost.") {
        std::vector<Address> out;
        if (options.family != AF_INET6) out.push_back(Address::from_ip("127.0.0.1", port).value());
        if (options.family != AF_INET) out.push_back(Address::from_ip("::1", port).value());
        return out;
    }
    if (name.empty() || name.size() > 253 || name.find('\0') != std::string::npos) {
        if (reason) *reason = "invalid host name";
        return Error{kErrDns};
    }
    auto answer = std::make_shared<Answer>();
    int family = options.family;
    int rc = coro::run_blocking([answer, name, port, family] { lookup(name, port, family, *answer); }, options.timeout,
                                coro::WaitInfo{"DNS", 0, "lookup"});
    if (rc != 0) return Error{rc};
    if (answer->gai_error != 0 || answer->addresses.empty()) {
        if (reason) *reason = answer->gai_error ? gai_strerror(answer->gai_error) : "no addresses";
        return Error{kErrDns};
    }
    return std::move(answer->addresses);
}

}  // namespace gust::net
