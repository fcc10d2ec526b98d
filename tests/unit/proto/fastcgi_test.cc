// FastCGI records: the request encoding (padding, streams cut into records, name-value lengths)
// and the response reader (records split anywhere, padding, stderr, other request ids skipped,
// output past the limit, bad versions, bytes after END_REQUEST).
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "gust/proto/fastcgi.h"

namespace gust::proto::fcgi {
namespace {

std::string end_request(uint16_t id, uint32_t app_status) {
    std::string body(8, '\0');
    body[0] = static_cast<char>(app_status >> 24);
    body[1] = static_cast<char>(app_status >> 16);
    body[2] = static_cast<char>(app_status >> 8);
    body[3] = static_cast<char>(app_status);
    std::string out;
    append_record(&out, kEndRequest, id, body);
    return out;
}

TEST(FastcgiEncode, RecordsArePaddedToEightBytes) {
    std::string out;
    append_record(&out, kStdin, 0x1234, "abc");
    ASSERT_EQ(out.size(), 16u);
    EXPECT_EQ(out.substr(0, 8), std::string("\x01\x05\x12\x34\x00\x03\x05\x00", 8));
    EXPECT_EQ(out.substr(8, 3), "abc");
}

TEST(FastcgiEncode, LongStreamsAreCutIntoRecordsAndEndWithAnEmptyOne) {
    const std::string data(200000, 'x');
    std::string out;
    append_stream(&out, kStdin, 1, data);
    ResponseReader unused(1, 0);
    size_t pos = 0, records = 0, payload = 0;
    while (pos < out.size()) {
        const size_t len = static_cast<uint8_t>(out[pos + 4]) << 8 | static_cast<uint8_t>(out[pos + 5]);
        EXPECT_LE(len, kMaxContentLength);
        payload += len;
        pos += 8 + len + static_cast<uint8_t>(out[pos + 6]);
        ++records;
    }
    EXPECT_EQ(pos, out.size());
    EXPECT_EQ(payload, data.size());
    EXPECT_EQ(records, 5u);  // 4 records of data, then the empty one
}

TEST(FastcgiEncode, NameValueLengthsUseOneOrFourBytes) {
    std::string out;
    append_name_value(&out, "A", std::string(200, 'v'));
    EXPECT_EQ(out.substr(0, 5), std::string("\x01\x80\x00\x00\xc8", 5));
    std::vector<std::pair<std::string, std::string>> pairs;
    ASSERT_TRUE(parse_name_values(out, &pairs));
    ASSERT_EQ(pairs.size(), 1u);
    EXPECT_EQ(pairs[0].second.size(), 200u);
    EXPECT_FALSE(parse_name_values(out.substr(0, out.size() - 1), &pairs));
}

TEST(FastcgiEncode, RequestStartsWithBeginRequestForTheResponderRole) {
    const std::string req = encode_request(7, {{"SCRIPT_FILENAME", "/x.php"}}, "body");
    EXPECT_EQ(req.substr(0, 8), std::string("\x01\x01\x00\x07\x00\x08\x00\x00", 8));
    EXPECT_EQ(req.substr(8, 3), std::string("\x00\x01\x00", 3));
}

std::string response(uint16_t id) {
    std::string r;
    append_record(&r, kStderr, id, "PHP Warning: x");
    append_record(&r, kStdout, id, "Status: 404 Not Found\r\nContent-type: text/html\r\n\r\n");
    append_record(&r, kStdout, 9, "not ours");  // another request id: skipped
    append_record(&r, kGetValuesResult, 0, "mgmt");
    append_record(&r, kStdout, id, "hello");
    append_record(&r, kStdout, id, "");
    append_record(&r, kStderr, id, "");
    r += end_request(id, 3);
    return r;
}

TEST(FastcgiReader, CollectsStdoutAndStderrUntilEndRequest) {
    ResponseReader reader(1, 1 << 20);
    ASSERT_EQ(reader.feed(response(1)), ResponseReader::kDone);
    EXPECT_EQ(reader.out(), "Status: 404 Not Found\r\nContent-type: text/html\r\n\r\nhello");
    EXPECT_EQ(reader.err(), "PHP Warning: x");
    EXPECT_EQ(reader.app_status(), 3u);
    EXPECT_EQ(reader.protocol_status(), kRequestComplete);
}

TEST(FastcgiReader, AnySplitOfTheBytesGivesTheSameResult) {
    const std::string r = response(1);
    std::mt19937 rng(5);
    for (int round = 0; round < 200; ++round) {
        ResponseReader reader(1, 1 << 20);
        size_t at = 0;
        ResponseReader::Status st = ResponseReader::kNeedMore;
        while (at < r.size()) {
            const size_t n = std::min<size_t>(1 + rng() % 20, r.size() - at);
            st = reader.feed(mem::Slice(r.data() + at, n));
            at += n;
            if (at < r.size()) ASSERT_EQ(st, ResponseReader::kNeedMore);
        }
        ASSERT_EQ(st, ResponseReader::kDone);
        EXPECT_EQ(reader.out(), "Status: 404 Not Found\r\nContent-type: text/html\r\n\r\nhello");
    }
}

TEST(FastcgiReader, OutputPastTheLimitFails) {
    ResponseReader reader(1, 10);
    std::string r;
    append_record(&r, kStdout, 1, "0123456789ABC");
    EXPECT_EQ(reader.feed(r), ResponseReader::kError);
    EXPECT_STREQ(reader.error(), "the response is longer than allowed");
    EXPECT_EQ(reader.feed(end_request(1, 0)), ResponseReader::kError);  // stays failed
}

TEST(FastcgiReader, BadVersionAndBytesAfterTheEndFail) {
    ResponseReader bad(1, 100);
    EXPECT_EQ(bad.feed(std::string_view("\x02\x06\x00\x01\x00\x00\x00\x00", 8)), ResponseReader::kError);
    ResponseReader extra(1, 100);
    EXPECT_EQ(extra.feed(end_request(1, 0) + "x"), ResponseReader::kError);
    ResponseReader later(1, 100);
    EXPECT_EQ(later.feed(end_request(1, 0)), ResponseReader::kDone);
    EXPECT_EQ(later.feed(std::string_view("y")), ResponseReader::kError);
}

TEST(FastcgiReader, RandomBytesNeverCrash) {
    std::mt19937 rng(77);
    for (int i = 0; i < 5000; ++i) {
        std::string bytes(rng() % 64, '\0');
        for (char &c : bytes) c = rng() % 3 ? static_cast<char>(rng() % 12) : static_cast<char>(rng());
        if (!bytes.empty()) bytes[0] = 1;
        ResponseReader reader(static_cast<uint16_t>(rng() % 3), 1000);
        (void)reader.feed(bytes);
        std::vector<std::pair<std::string, std::string>> pairs;
        (void)parse_name_values(bytes, &pairs);
    }
}

}  // namespace
}  // namespace gust::proto::fcgi
