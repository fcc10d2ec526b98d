// Name resolution without network access: literals, localhost, /etc/hosts, failures.
#include <gtest/gtest.h>

#include "gust/coro/coroutine.h"
#include "gust/net/dns.h"

namespace gust::net {
namespace {

struct Env {
    loop::Loop loop;
    coro::Scheduler sched{loop};
};

TEST(Dns, LiteralsAndLocalhostNeedNoLookup) {
    Env env;
    const uint64_t before = resolver_thread_lookups();
    (void)env.sched.create([&] {
        auto v4 = resolve("10.1.2.3", 80);
        ASSERT_TRUE(v4.ok());
        EXPECT_EQ(v4.value().at(0).to_string(), "10.1.2.3:80");
        auto v6 = resolve("[::1]", 81);
        ASSERT_TRUE(v6.ok());
        EXPECT_EQ(v6.value().at(0).to_string(), "[::1]:81");
        auto lo = resolve("localhost", 82, ResolveOptions{AF_INET});
        ASSERT_TRUE(lo.ok());
        ASSERT_EQ(lo.value().size(), 1u);
        EXPECT_EQ(lo.value()[0].to_string(), "127.0.0.1:82");
    });
    env.sched.run();
    EXPECT_EQ(resolver_thread_lookups(), before);
    EXPECT_TRUE(resolve("127.0.0.1", 1).ok());  // literals work outside coroutines too
}

TEST(Dns, HostsFileNamesResolveOnAWorkerThreadWithoutBlockingTheLoop) {
    Env env;
    int ticks = 0;
    std::string name;
    std::vector<Address> got;
    (void)env.sched.create([&] {
        char host[256] = {0};
        gethostname(host, sizeof host - 1);
        name = host;  // the container's own name is in /etc/hosts
        auto r = resolve(name, 443, ResolveOptions{AF_INET});
        ASSERT_TRUE(r.ok()) << name;
        got = r.value();
    });
    (void)env.sched.create([&] {
        for (int i = 0; i < 3; ++i) {
            env.sched.sleep(0);
            ++ticks;
        }
    });
    env.sched.run();
    ASSERT_FALSE(got.empty());
    EXPECT_EQ(got[0].port(), 443);
    EXPECT_EQ(ticks, 3);
}

TEST(Dns, UnresolvableNameIsADnsErrorWithTheResolversReason) {
    Env env;
    int code = 0;
    std::string reason;
    (void)env.sched.create([&] {
        auto r = resolve("no-such-host.invalid", 80, {}, &reason);
        code = r.code();
    });
    env.sched.run();
    EXPECT_EQ(code, kErrDns);
    EXPECT_FALSE(reason.empty());
}

TEST(Dns, OutsideACoroutineANameIsRefused) { EXPECT_EQ(resolve("example.invalid", 80).code(), kErrNotInCoroutine); }

}  // namespace
}  // namespace gust::net
