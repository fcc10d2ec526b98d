// Address parsing and formatting, good and bad.
#include <gtest/gtest.h>

#include "gust/net/address.h"

namespace gust::net {
namespace {

TEST(Address, FormatsEveryIpv4OctetWidth) {
    for (const char *text : {"0.0.0.0", "255.255.255.255", "10.1.20.100", "127.0.0.1", "9.99.199.200"}) {
        auto a = Address::from_ip(text, 1);
        ASSERT_TRUE(a.ok()) << text;
        EXPECT_EQ(a.value().host(), text);
    }
}

TEST(Address, ParsesAndFormatsIpv4AndIpv6) {
    auto a = Address::parse("127.0.0.1:8080");
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a.value().family(), AF_INET);
    EXPECT_EQ(a.value().port(), 8080);
    EXPECT_EQ(a.value().to_string(), "127.0.0.1:8080");
    auto b = Address::parse("[::1]:443");
    ASSERT_TRUE(b.ok());
    EXPECT_EQ(b.value().family(), AF_INET6);
    EXPECT_EQ(b.value().host(), "::1");
    EXPECT_EQ(b.value().to_string(), "[::1]:443");
    auto c = Address::parse("[fe80::1%1]:80");
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(c.value().to_string(), "[fe80::1%1]:80");
    auto lo = Address::parse("[fe80::1%lo]:80");
    ASSERT_TRUE(lo.ok());
    EXPECT_EQ(lo.value(), c.value());  // "lo" is interface 1
}

TEST(Address, ParsesUnixPathsAndAbstractNames) {
    auto p = Address::parse("unix:/tmp/gust.sock");
    ASSERT_TRUE(p.ok());
    EXPECT_EQ(p.value().family(), AF_UNIX);
    EXPECT_EQ(p.value().host(), "/tmp/gust.sock");
    EXPECT_EQ(Address::parse("/tmp/gust.sock").value(), p.value());
    auto abs = Address::parse("@gust-test");
    ASSERT_TRUE(abs.ok());
    EXPECT_EQ(abs.value().host(), "@gust-test");
    EXPECT_EQ(abs.value().to_string(), "unix:@gust-test");
    EXPECT_EQ(Address::parse(abs.value().to_string()).value(), abs.value());
}

TEST(Address, SplitsHostAndPort) {
    auto hp = split_host_port("example.com:80");
    ASSERT_TRUE(hp.ok());
    EXPECT_EQ(hp.value().first, "example.com");
    EXPECT_EQ(hp.value().second, 80);
    EXPECT_EQ(split_host_port("[::1]:0").value().first, "::1");
}

class AddressRefuses : public ::testing::TestWithParam<const char *> {};

TEST_P(AddressRefuses, WithInvalid) {
    auto a = Address::parse(GetParam());
    EXPECT_FALSE(a.ok()) << GetParam();
    if (!a.ok()) {
        EXPECT_EQ(a.code(), kErrInvalid);
    }
}

INSTANTIATE_TEST_SUITE_P(Bad, AddressRefuses,
                         ::testing::Values("", ":", "1.2.3.4", "1.2.3.4:", "1.2.3.4:65536", "1.2.3.4:-1", "1.2.3.4:8o",
                                           "256.1.1.1:80", "1.2.3:80", "::1:80", "[::1]", "[::1]80", "[::1:80", "[]:80",
                                           "[zz::1]:80", "[fe80::1%]:80", "[fe80::1%nosuchif0]:80", "example.com:80",
                                           " 1.2.3.4:80", "1.2.3.4:80 ", "unix:", "@",
                                           "/0123456789012345678901234567890123456789012345678901234567890123456789"
                                           "0123456789012345678901234567890123456789012345678901234567890123456789"));

TEST(Address, RejectsEmbeddedNul) {
    EXPECT_FALSE(Address::parse(std::string_view("/tmp/a\0b", 8)).ok());
    EXPECT_FALSE(Address::from_ip(std::string_view("1.2.3.4\0", 8), 80).ok());
}

}  // namespace
}  // namespace gust::net
