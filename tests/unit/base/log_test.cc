// Log lines: the text format, and the JSON format (one object a line) with escaping.
#include "gust/base/log.h"

#include <gtest/gtest.h>

namespace gust {
namespace {

constexpr long long kWhen = 1700000000LL * 1000000000LL + 123456789LL;  // 2023-11-14 22:13:20.123456

TEST(Log, TextLineHasTimeLevelPidAndMessage) {
    log_set_format(LogFormat::kText);
    EXPECT_EQ(log_format_line(LogLevel::kWarning, kWhen, 42, "hello"),
              "[2023-11-14 22:13:20.123456 pid=42]\tWARNING\thello\n");
}

TEST(Log, JsonLineCarriesTheFieldsAndEscapesTheMessage) {
    log_set_format(LogFormat::kJson);
    log_set_worker_id(-1);
    EXPECT_EQ(log_format_line(LogLevel::kInfo, kWhen, 7, "a \"b\"\n\\c"),
              "{\"time\":\"2023-11-14T22:13:20.123456Z\",\"level\":\"INFO\",\"pid\":7,"
              "\"message\":\"a \\\"b\\\"\\n\\\\c\"}\n");
    log_set_worker_id(3);
    EXPECT_EQ(log_format_line(LogLevel::kError, kWhen, 7, "x"),
              "{\"time\":\"2023-11-14T22:13:20.123456Z\",\"level\":\"ERROR\",\"pid\":7,\"worker_id\":3,"
              "\"message\":\"x\"}\n");
    log_set_worker_id(-1);
    log_set_format(LogFormat::kText);
}

TEST(Log, JsonStringsKeepUtf8AndReplaceInvalidBytes) {
    std::string out;
    append_json_string(out, "\x01\t\xc3\xa9\xff\xe2\x82");
    EXPECT_EQ(out, "\"\\u0001\\t\xc3\xa9\\ufffd\\ufffd\\ufffd\"");
}

}  // namespace
}  // namespace gust
