// error_message() is what swoole_strerror() returns to PHP: one table for both.
#include "gust/base/error.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace gust {
namespace {

TEST(ErrorMessage, NamesGustCodesWithEitherSign) {
    EXPECT_STREQ(error_message(kErrTimedOut), "timed out");
    EXPECT_STREQ(error_message(-kErrTimedOut), "timed out");
    EXPECT_STREQ(error_message(kErrBusy), "another coroutine is already waiting on this operation");
}

TEST(ErrorMessage, FallsBackToStrerrorForErrno) {
    EXPECT_EQ(std::string(error_message(-ECONNREFUSED)), std::string(strerror(ECONNREFUSED)));
    EXPECT_EQ(std::string(error_message(EAGAIN)), std::string(strerror(EAGAIN)));
}

TEST(ErrorMessage, UnknownGustCodeIsNamedAsSuch) {
    EXPECT_STREQ(error_message(kErrBase + 999), "unknown gust error");
    EXPECT_STREQ(error_message(0), "success");
}

}  // namespace
}  // namespace gust
