#include "gust/base/result.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <string>

#include "gust/base/clock.h"

namespace gust {

TEST(Result, CarriesValueOrError) {
    Result<int> good = 42;
    ASSERT_TRUE(good.ok());
    EXPECT_EQ(good.value(), 42);
    Result<int> bad = Error{-ECONNREFUSED};
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.code(), -ECONNREFUSED);
    EXPECT_STREQ(bad.error().message(), "Connection refused");
}

TEST(Result, GustErrorsHaveMessages) {
    Status s = Error{kErrDeadlock};
    EXPECT_FALSE(s.ok());
    EXPECT_EQ(std::string(s.message()).rfind("deadlock", 0), 0u);
    EXPECT_TRUE(Status().ok());
}

TEST(Clock, MonotonicNeverGoesBack) {
    Nanos a = monotonic_now();
    Nanos b = monotonic_now();
    EXPECT_LE(a, b);
    FakeClock fake(5);
    fake.advance(10);
    EXPECT_EQ(fake.now(), 15);
}

}  // namespace gust
