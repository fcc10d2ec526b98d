// Access log lines in the three formats, and the buffer that writes them.
#include "gust/server/access_log.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace gust::server {
namespace {

AccessRecord sample() {
    AccessRecord r;
    r.remote_addr = "10.0.0.1";
    r.wall_time = 1700000000LL * kNanosPerSecond + 250 * kNanosPerMilli;  // 2023-11-14 22:13:20.25
    r.method = "GET";
    r.target = "/a?b=\"c\"";
    r.status = 404;
    r.bytes = 123;
    r.duration = 1500 * kNanosPerMicro;
    r.referer = "http://x/";
    r.user_agent = "curl/8";
    r.pid = 9;
    r.worker_id = 1;
    return r;
}

TEST(AccessLog, CommonAndCombinedLinesEscapeQuotes) {
    EXPECT_EQ(format_access(sample(), AccessFormat::kCommon),
              "10.0.0.1 - - [14/Nov/2023:22:13:20 +0000] \"GET /a?b=\\x22c\\x22 HTTP/1.1\" 404 123\n");
    EXPECT_EQ(format_access(sample(), AccessFormat::kCombined),
              "10.0.0.1 - - [14/Nov/2023:22:13:20 +0000] \"GET /a?b=\\x22c\\x22 HTTP/1.1\" 404 123 "
              "\"http://x/\" \"curl/8\"\n");
}

TEST(AccessLog, JsonLineHasEveryField) {
    EXPECT_EQ(format_access(sample(), AccessFormat::kJson),
              "{\"time\":\"2023-11-14T22:13:20.250000Z\",\"remote_addr\":\"10.0.0.1\",\"method\":\"GET\","
              "\"uri\":\"/a?b=\\\"c\\\"\",\"protocol\":\"HTTP/1.1\",\"status\":404,\"bytes\":123,"
              "\"duration\":0.001500,\"referer\":\"http://x/\",\"user_agent\":\"curl/8\",\"pid\":9,\"worker_id\":1}\n");
}

TEST(AccessLog, FormatNames) {
    AccessFormat f;
    EXPECT_TRUE(access_format_from_name("combined", &f));
    EXPECT_EQ(f, AccessFormat::kCombined);
    EXPECT_FALSE(access_format_from_name("apache", &f));
}

TEST(AccessLog, LinesWaitInTheBufferUntilFlushed) {
    char path[] = "/tmp/gust_access_XXXXXX";
    const int fd = mkstemp(path);
    ASSERT_GE(fd, 0);
    close(fd);
    {
        AccessLog log;
        ASSERT_TRUE(log.open(path).ok());
        log.append("one\n");
        std::ifstream before(path);
        std::stringstream b;
        b << before.rdbuf();
        EXPECT_EQ(b.str(), "");
        EXPECT_TRUE(log.flush());
        log.append("two\n");
    }  // the destructor flushes the rest
    std::ifstream after(path);
    std::stringstream a;
    a << after.rdbuf();
    EXPECT_EQ(a.str(), "one\ntwo\n");
    unlink(path);
}

}  // namespace
}  // namespace gust::server
