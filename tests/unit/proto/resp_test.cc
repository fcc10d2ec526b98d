// RESP requests: multibulk and inline commands, every refusal, the split-anywhere property (a
// command is found the same whatever the reads), and random bytes (never a crash, scan and parse
// always agree).
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "gust/proto/resp.h"

namespace gust::proto::resp {
namespace {

constexpr size_t kBig = 1 << 20;

std::vector<std::string> words(const std::string &command) {
    std::vector<Arg> args;
    const char *err = parse_command(command, &args);
    EXPECT_EQ(err, nullptr) << err;
    std::vector<std::string> out;
    for (const Arg &a : args) {
        if (a.kind == Arg::kString) out.emplace_back(a.text);
        if (a.kind == Arg::kNull) out.emplace_back("<null>");
        if (a.kind == Arg::kInteger) out.emplace_back("<int " + std::to_string(a.integer) + ">");
    }
    return out;
}

std::string multibulk(const std::vector<std::string> &args) {
    std::string out;
    append_array_header(&out, args.size());
    for (const auto &a : args) append_bulk(&out, a);
    return out;
}

TEST(RespScan, MultibulkCommandEndsAfterItsLastBulk) {
    const std::string cmd = multibulk({"SET", "key", "value"});
    const Scan s = scan_command(cmd + "*1\r\n$4\r\nPING\r\n", kBig);
    EXPECT_EQ(s.status, Scan::kComplete);
    EXPECT_EQ(s.length, cmd.size());
    EXPECT_EQ(words(cmd), (std::vector<std::string>{"SET", "key", "value"}));
}

TEST(RespScan, EveryPrefixOfACommandNeedsMore) {
    const std::string cmd = multibulk({"HSET", "h", "f", std::string("a\r\nb\0c", 6)});
    for (size_t i = 0; i < cmd.size(); ++i) {
        EXPECT_EQ(scan_command(mem::Slice(cmd.data(), i), kBig).status, Scan::kNeedMore) << i;
    }
    EXPECT_EQ(scan_command(cmd, kBig).length, cmd.size());
    EXPECT_EQ(words(cmd)[3], std::string("a\r\nb\0c", 6));
}

TEST(RespScan, BinaryAndEmptyBulksAndNullAndInteger) {
    const std::string cmd = "*4\r\n$3\r\nSET\r\n$0\r\n\r\n$-1\r\n:42\r\n";
    EXPECT_EQ(scan_command(cmd, kBig).length, cmd.size());
    EXPECT_EQ(words(cmd), (std::vector<std::string>{"SET", "", "<null>", "<int 42>"}));
}

TEST(RespScan, EmptyMultibulkIsACommandWithoutWords) {
    EXPECT_EQ(scan_command(std::string_view("*0\r\n"), kBig).length, 4u);
    EXPECT_TRUE(words("*0\r\n").empty());
    EXPECT_EQ(scan_command(std::string_view("*-1\r\n"), kBig).length, 5u);
}

TEST(RespScan, InlineCommandsSplitOnBlanksAndHonourQuotes) {
    EXPECT_EQ(scan_command(std::string_view("PING\r\nrest"), kBig).length, 6u);
    EXPECT_EQ(words("PING\r\n"), (std::vector<std::string>{"PING"}));
    EXPECT_EQ(words("set  k\t v\n"), (std::vector<std::string>{"set", "k", "v"}));
    EXPECT_EQ(words("set \"a b\\n\\x41\" 'it\\'s'\r\n"), (std::vector<std::string>{"set", "a b\nA", "it's"}));
    EXPECT_TRUE(words("   \r\n").empty());
}

void expect_error(const std::string &bytes, const std::string &error, size_t max_bulk = kBig) {
    const Scan s = scan_command(bytes, max_bulk);
    ASSERT_EQ(s.status, Scan::kError) << bytes;
    EXPECT_EQ(std::string(s.error), error) << bytes;
}

TEST(RespScan, BadLengthsAreProtocolErrors) {
    expect_error("*x\r\n", "Protocol error: invalid multibulk length");
    expect_error("*+1\r\n", "Protocol error: invalid multibulk length");
    expect_error("*99999999999\r\n", "Protocol error: invalid multibulk length");
    expect_error("*1\r\n$abc\r\n", "Protocol error: invalid bulk length");
    expect_error("*1\r\n$-2\r\n", "Protocol error: invalid bulk length");
    expect_error("*1\r\n$ 3\r\n", "Protocol error: invalid bulk length");
    expect_error("*1\r\nGET\r\n", "Protocol error: expected '$', got something else");
    expect_error("*1\r\n$3\r\nGETXX", "Protocol error: bulk string not terminated by CRLF");
    expect_error("*1\r\n:x\r\n", "Protocol error: invalid integer");
    expect_error("*1\rx", "Protocol error: invalid multibulk length");
}

TEST(RespScan, BulkPastTheLimitIsRefusedBeforeItsBytesArrive) {
    expect_error("*1\r\n$1001\r\n", "Protocol error: invalid bulk length", 1000);
    EXPECT_EQ(scan_command(std::string_view("*1\r\n$1000\r\n"), 1000).status, Scan::kNeedMore);
    std::vector<Arg> args;
    EXPECT_STREQ(parse_command(std::string_view("*1\r\n$1001\r\n"), &args, 1000),
                 "Protocol error: invalid bulk length");
}

TEST(RespScan, EndlessLinesAreRefused) {
    const std::string inline_line(kMaxInlineLength + 1, 'a');
    expect_error(inline_line, "Protocol error: too big inline request");
    EXPECT_EQ(scan_command(inline_line.substr(1), kBig).status, Scan::kNeedMore);
    expect_error("*" + std::string(kMaxInlineLength + 1, '1'), "Protocol error: too big mbulk count string");
    expect_error("*1\r\n$" + std::string(kMaxInlineLength + 1, '1'), "Protocol error: too big bulk count string");
}

TEST(RespParse, UnbalancedQuotesAndTrailingBytesAreErrors) {
    std::vector<Arg> args;
    EXPECT_STREQ(parse_command(std::string_view("set \"abc\r\n"), &args),
                 "Protocol error: unbalanced quotes in request");
    EXPECT_STREQ(parse_command(std::string_view("set \"a\"b\r\n"), &args),
                 "Protocol error: unbalanced quotes in request");
    EXPECT_STREQ(parse_command(std::string_view("*1\r\n$4\r\nPING\r\nX"), &args),
                 "Protocol error: bytes after the request");
    EXPECT_STREQ(parse_command(std::string_view("*2\r\n$4\r\nPING\r\n"), &args), "Protocol error: incomplete request");
    EXPECT_STREQ(parse_command(std::string_view("PING"), &args), "Protocol error: incomplete request");
}

TEST(RespEncode, RepliesHaveRedisShapes) {
    std::string out;
    append_status(&out, "OK");
    append_error(&out, "ERR no");
    append_integer(&out, -7);
    append_bulk(&out, "");
    append_nil(&out);
    append_array_header(&out, 2);
    EXPECT_EQ(out, "+OK\r\n-ERR no\r\n:-7\r\n$0\r\n\r\n$-1\r\n*2\r\n");
}

// A stream of commands cut into random reads: the framing finds the same commands in order.
TEST(RespFuzz, PipelinedCommandsSurviveAnySplit) {
    std::mt19937 rng(1234);
    std::string stream;
    std::vector<std::string> commands;
    for (int i = 0; i < 200; ++i) {
        std::string cmd = i % 5 == 0 ? "GET k" + std::to_string(i) + "\r\n"
                                     : multibulk({"SET", "k" + std::to_string(i), std::string(rng() % 40, 'v')});
        commands.push_back(cmd);
        stream += cmd;
    }
    for (int round = 0; round < 50; ++round) {
        std::string buffer;
        std::vector<std::string> found;
        size_t at = 0;
        while (at < stream.size()) {
            const size_t n = std::min<size_t>(1 + rng() % 64, stream.size() - at);
            buffer.append(stream, at, n);
            at += n;
            for (;;) {
                const Scan s = scan_command(buffer, kBig);
                ASSERT_NE(s.status, Scan::kError);
                if (s.status == Scan::kNeedMore) break;
                found.push_back(buffer.substr(0, s.length));
                buffer.erase(0, s.length);
            }
        }
        EXPECT_EQ(found, commands);
        EXPECT_TRUE(buffer.empty());
    }
}

// Random bytes (biased toward RESP's own characters): nothing crashes, and whatever scan calls a
// complete command, parse accepts or refuses consistently (never reads past it).
TEST(RespFuzz, RandomBytesNeverCrashAndScanAgreesWithParse) {
    std::mt19937 rng(99);
    const char alphabet[] = "*$:-+\r\n0123456789 \"'\\xaZ";
    std::vector<Arg> args;
    for (int i = 0; i < 20000; ++i) {
        std::string bytes(rng() % 48, '\0');
        for (char &c : bytes) c = rng() % 4 ? alphabet[rng() % (sizeof(alphabet) - 1)] : static_cast<char>(rng());
        const Scan s = scan_command(bytes, 64);
        if (s.status == Scan::kComplete) {
            ASSERT_LE(s.length, bytes.size());
            const std::string cmd = bytes.substr(0, s.length);
            const char *err = parse_command(cmd, &args);
            if (bytes[0] == '*') {
                EXPECT_EQ(err, nullptr) << cmd;
            }
        } else {
            (void)parse_command(bytes, &args);
        }
    }
}

}  // namespace
}  // namespace gust::proto::resp
