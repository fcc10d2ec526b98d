// Range: bytes=... over a representation of a known size: the forms RFC 9110 §14.1.2 allows, what
// is unsatisfiable (-1), and what is ignored (0: not bytes, or more ranges than kMaxByteRanges).
#include "gust/proto/http_range.h"

#include <gtest/gtest.h>

#include <string>

namespace gust::proto::http {
namespace {

std::string ranges(std::string_view value, off_t size, int *rc) {
    std::vector<ByteRange> out;
    *rc = parse_byte_ranges(value, size, &out);
    std::string s;
    for (const ByteRange &r : out) s += std::to_string(r.first) + "-" + std::to_string(r.last) + ";";
    return s;
}

TEST(HttpRange, FirstLastOpenEndedAndSuffix) {
    int rc;
    EXPECT_EQ(ranges("bytes=0-9", 100, &rc), "0-9;");
    EXPECT_EQ(rc, 1);
    EXPECT_EQ(ranges(" BYTES = 90- ", 100, &rc), "90-99;");
    EXPECT_EQ(ranges("bytes=-10", 100, &rc), "90-99;");
    EXPECT_EQ(ranges("bytes=-500", 100, &rc), "0-99;");   // a suffix longer than the file: all of it
    EXPECT_EQ(ranges("bytes=0-999", 100, &rc), "0-99;");  // the last byte is clamped
    EXPECT_EQ(ranges("bytes=0-0, 5-6,,", 100, &rc), "0-0;5-6;");
    EXPECT_EQ(rc, 1);
}

TEST(HttpRange, UnsatisfiableOrMalformedIsMinusOne) {
    int rc;
    for (const char *v : {"bytes=100-", "bytes=5-4", "bytes=x-1", "bytes=1", "bytes=-", "bytes=-0",
                          "bytes=99999999999999999999-", "bytes=+1-2"}) {
        ranges(v, 100, &rc);
        EXPECT_EQ(rc, -1) << v;
    }
}

TEST(HttpRange, OtherUnitsAndTooManyRangesAreIgnored) {
    int rc;
    ranges("items=0-1", 100, &rc);
    EXPECT_EQ(rc, 0);
    ranges("0-1", 100, &rc);
    EXPECT_EQ(rc, 0);
    std::string many = "bytes=0-0";
    for (size_t i = 1; i <= kMaxByteRanges; ++i) many += ",0-0";  // one more than honoured
    EXPECT_EQ(ranges(many, 100, &rc), "");
    EXPECT_EQ(rc, 0);
}

}  // namespace
}  // namespace gust::proto::http
