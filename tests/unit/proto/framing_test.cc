// Swoole-style stream framing: every mode, every length type, limits, garbage,
// and the split-anywhere property (the packages never depend on how the stream
// was cut into reads, except open_eof_check's, which by design follow the reads).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <random>
#include <string>
#include <vector>

#include "gust/base/error.h"
#include "gust/proto/framing.h"

namespace gust::proto::framing {
namespace {

// What a connection saw: the packages in order, then an error (0 = none) or the
// bytes left unconsumed. (An error may be seen before the rest of the stream is,
// so what is buffered at that point depends on the reads: it is not compared.)
struct Outcome {
    std::vector<std::string> packages;
    int error = 0;
    std::string left;
    bool operator==(const Outcome &) const = default;
};

std::ostream &operator<<(std::ostream &os, const Outcome &o) {
    os << "{" << o.packages.size() << " packages, error " << o.error << ", " << o.left.size() << " left}";
    return os;
}

// Feeds `chunks` in turn through one splitter the way a connection does: append to
// the buffer, take packages until it asks for more, drop what each one consumed.
Outcome run(const Framing &framing, const std::vector<std::string> &chunks) {
    Splitter splitter(framing);
    Outcome out;
    std::string buffer;
    for (const auto &chunk : chunks) {
        buffer += chunk;
        for (;;) {
            auto step = splitter.next(mem::Slice(buffer));
            if (step.status < 0) {
                out.error = step.status;
                EXPECT_NE(splitter.reason(), nullptr);
                return out;
            }
            if (step.status == Splitter::kNeedMore) break;
            EXPECT_EQ(step.package.data(), buffer.data());  // a view, not a copy
            EXPECT_EQ(step.package.size(), step.consume);
            EXPECT_GT(step.consume, 0u);
            out.packages.push_back(step.package.str());
            buffer.erase(0, step.consume);
        }
    }
    out.left = buffer;
    return out;
}

Outcome run_whole(const Framing &f, const std::string &s) { return run(f, {s}); }

std::vector<std::string> split_at(const std::string &s, std::vector<size_t> cuts) {
    std::vector<std::string> parts;
    size_t from = 0;
    for (size_t c : cuts) {
        parts.push_back(s.substr(from, c - from));
        from = c;
    }
    parts.push_back(s.substr(from));
    return parts;
}

// Whole, every 2-split, byte by byte and random splits all give the same outcome.
void expect_split_anywhere(const Framing &f, const std::string &stream, uint32_t seed = 1) {
    const Outcome whole = run_whole(f, stream);
    for (size_t cut = 0; cut <= stream.size(); cut++) {
        ASSERT_EQ(run(f, split_at(stream, {cut})), whole) << "split at " << cut;
    }
    std::vector<std::string> bytes;
    for (char c : stream) bytes.emplace_back(1, c);
    ASSERT_EQ(run(f, bytes), whole) << "byte by byte";
    std::mt19937 rng(seed);
    for (int round = 0; round < 200; round++) {
        std::vector<size_t> cuts;
        size_t at = 0;
        while (true) {
            at += rng() % 13;
            if (at >= stream.size()) break;
            cuts.push_back(at);
        }
        ASSERT_EQ(run(f, split_at(stream, cuts)), whole) << "random round " << round;
    }
}

Framing make(Options o) {
    auto r = Framing::create(std::move(o));
    EXPECT_TRUE(r.ok());
    return std::move(r).value();
}

Framing eof_split(std::string eof = "\r\n", uint32_t max = 1024) {
    Options o;
    o.mode = Mode::kEofSplit;
    o.eof = std::move(eof);
    o.max_length = max;
    return make(o);
}

Framing eof_check(std::string eof = "\r\n", uint32_t max = 1024) {
    Options o;
    o.mode = Mode::kEofCheck;
    o.eof = std::move(eof);
    o.max_length = max;
    return make(o);
}

Framing length(char type, uint32_t length_offset, uint32_t body_offset, uint32_t max = 1 << 20) {
    Options o;
    o.mode = Mode::kLength;
    o.length_type = type;
    o.length_offset = length_offset;
    o.body_offset = body_offset;
    o.max_length = max;
    return make(o);
}

// The bytes PHP's pack($code, $value) writes for the length codes.
std::string pack(char code, int64_t value) {
    const auto field = *length_field(code);
    std::string out(field.size, '\0');
    const auto v = static_cast<uint64_t>(value);
    for (size_t i = 0; i < field.size; i++) {
        const size_t at = field.big_endian ? field.size - 1 - i : i;
        out[at] = static_cast<char>((v >> (8 * i)) & 0xff);
    }
    return out;
}

// ---- EOF split ---------------------------------------------------------------

TEST(FramingEofSplit, OnePackagePerEofWithTheEofAtItsEnd) {
    auto f = eof_split();
    auto out = run_whole(f, "hello\r\nworld\r\npart");
    EXPECT_EQ(out.packages, (std::vector<std::string>{"hello\r\n", "world\r\n"}));
    EXPECT_EQ(out.error, 0);
    EXPECT_EQ(out.left, "part");
}

TEST(FramingEofSplit, AnEofAloneIsAPackage) {
    auto f = eof_split();
    EXPECT_EQ(run_whole(f, "\r\n\r\n").packages, (std::vector<std::string>{"\r\n", "\r\n"}));
}

TEST(FramingEofSplit, FindsAnEofStraddlingReads) {
    auto f = eof_split("<END>");
    auto out = run(f, {"abc<E", "N", "D>de", "f<END", ">"});
    EXPECT_EQ(out.packages, (std::vector<std::string>{"abc<END>", "def<END>"}));
    EXPECT_EQ(out.left, "");
}

TEST(FramingEofSplit, EightByteEofAndOverlappingPrefixes) {
    auto f = eof_split("aaaaaaab");
    auto out = run_whole(f, "xaaaaaaaaaaaab"
                            "aaaaaaab");
    EXPECT_EQ(out.packages, (std::vector<std::string>{"xaaaaaaaaaaaab", "aaaaaaab"}));
}

TEST(FramingEofSplit, SplitAnywhere) {
    expect_split_anywhere(eof_split(), "a\r\nbb\r\n\r\nccc\r\r\n\n\r\ndddd");
    expect_split_anywhere(eof_split("\r\n\r\n"), "GET / HTTP/1.1\r\nHost: x\r\n\r\n\r\n\r\n\r\n\r\r\n\r\nrest\r\n\r");
    expect_split_anywhere(eof_split("12345678"), "0123456781234567812345678x12345678123456781234567");
}

TEST(FramingEofSplit, PackageOverMaxLengthIsAnError) {
    auto f = eof_split("\r\n", 8);
    // "1234567\r\n" is 9 bytes: one over.
    auto out = run_whole(f, "123456\r\n1234567\r\n");
    EXPECT_EQ(out.packages, (std::vector<std::string>{"123456\r\n"}));
    EXPECT_EQ(out.error, -kErrLimit);
    expect_split_anywhere(f, "123456\r\n1234567\r\n");
}

TEST(FramingEofSplit, UnterminatedBufferOverMaxLengthIsAnError) {
    auto f = eof_split("\r\n", 16);
    EXPECT_EQ(run_whole(f, std::string(16, 'x')).error, 0);  // at the limit: still waiting
    auto out = run_whole(f, std::string(17, 'x'));
    EXPECT_EQ(out.error, -kErrLimit);
    expect_split_anywhere(f, std::string(40, 'x'));
}

TEST(FramingEofSplit, PackageExactlyAtMaxLengthPasses) {
    auto f = eof_split("\r\n", 8);
    auto out = run_whole(f, "123456\r\n"
                            "123456\r\n"
                            "rest");
    EXPECT_EQ(out.packages.size(), 2u);
    EXPECT_EQ(out.error, 0);
}

TEST(FramingEofSplit, FailedSplitterStaysFailedUntilReset) {
    auto f = eof_split("\r\n", 4);
    Splitter s(f);
    std::string junk = "xxxxxx";
    EXPECT_EQ(s.next(mem::Slice(junk)).status, -kErrLimit);
    std::string fine = "a\r\n";
    EXPECT_EQ(s.next(mem::Slice(fine)).status, -kErrLimit);
    s.reset();
    auto step = s.next(mem::Slice(fine));
    EXPECT_EQ(step.status, Splitter::kReady);
    EXPECT_EQ(step.consume, 3u);
}

// ---- EOF check ---------------------------------------------------------------

TEST(FramingEofCheck, DeliversTheWholeBufferWhenItEndsWithTheEof) {
    auto f = eof_check();
    auto out = run_whole(f, "one\r\ntwo\r\n");
    EXPECT_EQ(out.packages, (std::vector<std::string>{"one\r\ntwo\r\n"}));
}

TEST(FramingEofCheck, WaitsWhileTheBufferDoesNotEndWithTheEof) {
    auto f = eof_check();
    // An eof inside the buffer is not looked at: only its end is.
    auto out = run(f, {"one\r\ntw", "o\r", "\n"});
    EXPECT_EQ(out.packages, (std::vector<std::string>{"one\r\ntwo\r\n"}));
    out = run(f, {"one\r\n", "two\r\n"});
    EXPECT_EQ(out.packages, (std::vector<std::string>{"one\r\n", "two\r\n"}));
}

TEST(FramingEofCheck, FollowsTheReadsButNeverLosesOrReordersBytes) {
    auto f = eof_check("##", 64);
    const std::string stream = "a##bb##ccc####d#e##ff";
    const Outcome whole = run_whole(f, stream);
    std::mt19937 rng(7);
    for (int round = 0; round < 500; round++) {
        std::vector<size_t> cuts;
        for (size_t at = rng() % 5; at < stream.size(); at += 1 + rng() % 5) cuts.push_back(at);
        const Outcome out = run(f, split_at(stream, cuts));
        ASSERT_EQ(out.error, 0);
        std::string joined;
        for (const auto &p : out.packages) {
            ASSERT_GE(p.size(), 2u);
            ASSERT_EQ(p.substr(p.size() - 2), "##");
            joined += p;
        }
        ASSERT_EQ(joined + out.left, stream);
        // What is left never ends with the eof: it would have been delivered.
        ASSERT_TRUE(out.left.size() < 2 || out.left.substr(out.left.size() - 2) != "##");
    }
    // Read at once, the buffer does not end with the eof: nothing is delivered yet.
    EXPECT_TRUE(whole.packages.empty());
    EXPECT_EQ(whole.left, stream);
}

TEST(FramingEofCheck, OverMaxLengthDeliversTheLongestPrefixEndingWithTheEof) {
    auto f = eof_check("\r\n", 10);
    auto out = run_whole(f, "ab\r\ncd\r\nefgh\r\n");  // 14 bytes: "ab\r\ncd\r\n" (8) fits
    EXPECT_EQ(out.packages, (std::vector<std::string>{"ab\r\ncd\r\n", "efgh\r\n"}));
    EXPECT_EQ(out.error, 0);
}

TEST(FramingEofCheck, OverMaxLengthWithoutAnEofIsAnError) {
    auto f = eof_check("\r\n", 10);
    EXPECT_EQ(run_whole(f, "0123456789").error, 0);
    EXPECT_EQ(run_whole(f, "0123456789A").error, -kErrLimit);
    EXPECT_EQ(run_whole(f, "012345678\r\n").error, -kErrLimit);  // the eof ends one past the limit
    EXPECT_EQ(run(f, {"01234", "56789", "0"}).error, -kErrLimit);
}

// ---- length field ------------------------------------------------------------

TEST(FramingLength, FieldsOfTheTenPackCodes) {
    struct Case {
        char code;
        uint8_t size;
        bool is_signed;
    };
    for (Case c :
         {Case{'c', 1, true}, Case{'C', 1, false}, Case{'s', 2, true}, Case{'S', 2, false}, Case{'n', 2, false},
          Case{'v', 2, false}, Case{'l', 4, true}, Case{'L', 4, false}, Case{'N', 4, false}, Case{'V', 4, false}}) {
        auto f = length_field(c.code);
        ASSERT_TRUE(f.has_value()) << c.code;
        EXPECT_EQ(f->size, c.size) << c.code;
        EXPECT_EQ(f->is_signed, c.is_signed) << c.code;
    }
    EXPECT_TRUE(length_field('n')->big_endian);
    EXPECT_TRUE(length_field('N')->big_endian);
    EXPECT_FALSE(length_field('v')->big_endian);
    EXPECT_FALSE(length_field('V')->big_endian);
    EXPECT_EQ(length_field('S')->big_endian, std::endian::native == std::endian::big);
}

TEST(FramingLength, CodesSwooleDoesNotAcceptAreRefused) {
    for (char code :
         {'q', 'Q', 'J', 'P', 'a', 'A', 'h', 'H', 'x', 'i', 'I', 'f', 'd', 'e', 'E', 'g', 'G', 'Z', '@', '\0'}) {
        EXPECT_FALSE(length_field(code).has_value()) << code;
        Options o;
        o.mode = Mode::kLength;
        o.length_type = code;
        EXPECT_FALSE(Framing::create(o).ok()) << code;
        EXPECT_NE(Framing::invalid_reason(o), nullptr);
    }
}

TEST(FramingLength, ReadsEachTypeAsPackWroteIt) {
    EXPECT_EQ(read_length("\x7f", *length_field('c')), 127);
    EXPECT_EQ(read_length("\x80", *length_field('c')), -128);
    EXPECT_EQ(read_length("\xff", *length_field('c')), -1);
    EXPECT_EQ(read_length("\xff", *length_field('C')), 255);
    EXPECT_EQ(read_length("\x12\x34", *length_field('n')), 0x1234);
    EXPECT_EQ(read_length("\x12\x34", *length_field('v')), 0x3412);
    EXPECT_EQ(read_length("\xff\xff", *length_field('n')), 65535);
    EXPECT_EQ(read_length("\x12\x34\x56\x78", *length_field('N')), 0x12345678);
    EXPECT_EQ(read_length("\x12\x34\x56\x78", *length_field('V')), 0x78563412);
    EXPECT_EQ(read_length("\xff\xff\xff\xff", *length_field('N')), 0xffffffffLL);
    for (char code : {'c', 'C', 's', 'S', 'n', 'v', 'l', 'L', 'N', 'V'}) {
        const auto field = *length_field(code);
        const int64_t top =
            field.is_signed ? (int64_t{1} << (field.size * 8 - 1)) - 1 : (int64_t{1} << (field.size * 8)) - 1;
        const int64_t bottom = field.is_signed ? -(int64_t{1} << (field.size * 8 - 1)) : 0;
        for (int64_t v : {bottom, bottom + 1, int64_t{-1}, int64_t{0}, int64_t{1}, int64_t{200}, top - 1, top}) {
            if (v < bottom || v > top) continue;
            EXPECT_EQ(read_length(pack(code, v).data(), field), v) << code << " " << v;
        }
    }
}

TEST(FramingLength, EveryTypeSplitsAStreamOfPackages) {
    for (char code : {'c', 'C', 's', 'S', 'n', 'v', 'l', 'L', 'N', 'V'}) {
        const size_t size = length_field(code)->size;
        // A 2-byte prefix, the length field, a 1-byte type, then the body.
        auto f = length(code, 2, static_cast<uint32_t>(3 + size));
        std::string stream;
        std::vector<std::string> expected;
        for (int body : {0, 1, 5, 100, 0, 3}) {
            std::string pkg = "ab" + pack(code, body) + "T" + std::string(body, static_cast<char>('0' + body % 10));
            expected.push_back(pkg);
            stream += pkg;
        }
        stream += "ab";  // the start of one more
        auto out = run_whole(f, stream);
        EXPECT_EQ(out.packages, expected) << code;
        EXPECT_EQ(out.error, 0) << code;
        EXPECT_EQ(out.left, "ab") << code;
        expect_split_anywhere(f, stream);
    }
}

TEST(FramingLength, LengthCountingTheWholePackageWithBodyOffsetZero) {
    auto f = length('N', 0, 0);
    std::string pkg = pack('N', 9) + "hello";
    auto out = run_whole(f, pkg + pkg);
    EXPECT_EQ(out.packages, (std::vector<std::string>{pkg, pkg}));
    // A length that does not even cover the field itself can never make progress.
    for (int bad : {0, 1, 3}) {
        EXPECT_EQ(run_whole(f, pack('N', bad) + "xxxxxxxx").error, -kErrProtocol) << bad;
    }
    EXPECT_EQ(run_whole(f, pack('N', 4)).packages.size(), 1u);  // just the header
}

TEST(FramingLength, NegativeSignedLengthsAreErrors) {
    for (char code : {'c', 's', 'l'}) {
        auto f = length(code, 0, 8);
        auto out = run_whole(f, pack(code, -1) + std::string(16, 'x'));
        EXPECT_EQ(out.error, -kErrProtocol) << code;
        EXPECT_TRUE(out.packages.empty());
        auto lowest = run_whole(f, pack(code, -(int64_t{1} << (length_field(code)->size * 8 - 1))));
        EXPECT_EQ(lowest.error, -kErrProtocol) << code;
    }
}

TEST(FramingLength, LengthOverMaxIsAnErrorBeforeTheBodyArrives) {
    auto f = length('N', 0, 4, 1000);
    Splitter s(f);
    std::string head = pack('N', 997);  // 4 + 997 = 1001
    auto step = s.next(mem::Slice(head));
    EXPECT_EQ(step.status, -kErrLimit);
    EXPECT_NE(s.reason(), nullptr);
    // Exactly at the limit is fine.
    auto out = run_whole(f, pack('N', 996) + std::string(996, 'b'));
    EXPECT_EQ(out.packages.size(), 1u);
    EXPECT_EQ(out.error, 0);
    // The largest values never overflow into something small.
    auto big = length('N', 0, 0xffffffffu, 0xffffffffu);
    EXPECT_EQ(run_whole(big, pack('N', 0xffffffffLL)).error, -kErrLimit);
    EXPECT_EQ(run_whole(length('L', 0, 4), pack('L', 0xffffffffLL)).error, -kErrLimit);
}

TEST(FramingLength, ExpectedLengthIsKnownOnceTheHeaderIs) {
    auto f = length('n', 1, 3);
    Splitter s(f);
    std::string buf = "x";
    EXPECT_EQ(s.next(mem::Slice(buf)).status, Splitter::kNeedMore);
    EXPECT_EQ(s.expected_length(), 0u);
    buf += pack('n', 10);
    EXPECT_EQ(s.next(mem::Slice(buf)).status, Splitter::kNeedMore);
    EXPECT_EQ(s.expected_length(), 13u);
    buf += std::string(10, 'z');
    auto step = s.next(mem::Slice(buf));
    EXPECT_EQ(step.status, Splitter::kReady);
    EXPECT_EQ(step.consume, 13u);
    EXPECT_EQ(s.expected_length(), 0u);
}

TEST(FramingLength, GarbageNeverCrashesAndSplitsTheSameEverywhere) {
    std::mt19937 rng(42);
    for (char code : {'c', 'C', 's', 'S', 'n', 'v', 'l', 'L', 'N', 'V'}) {
        auto f = length(code, 1, 2, 300);
        for (int round = 0; round < 5; round++) {
            std::string junk(200, '\0');
            for (auto &c : junk) c = static_cast<char>(rng() % 8 == 0 ? rng() : rng() % 4);
            expect_split_anywhere(f, junk, static_cast<uint32_t>(round));
        }
    }
}

// ---- length function -----------------------------------------------------------

// A type-length-value protocol: 1 byte type, 1 byte length, body; type 0xff is garbage.
int64_t tlv_length(mem::Slice data) {
    if (static_cast<uint8_t>(data[0]) == 0xff) return -1;
    if (data.size() < 2) return 0;
    return 2 + static_cast<uint8_t>(data[1]);
}

Framing func(LengthFunc fn, uint32_t max = 1024) {
    Options o;
    o.mode = Mode::kLengthFunc;
    o.length_func = std::move(fn);
    o.max_length = max;
    return make(o);
}

TEST(FramingLengthFunc, SplitsByTheFunctionsAnswer) {
    auto f = func(tlv_length);
    auto out = run_whole(f, std::string("\x01\x03"
                                        "abc"
                                        "\x02\x00"
                                        "\x03\x01"
                                        "z"
                                        "\x04",
                                        11));
    EXPECT_EQ(out.packages, (std::vector<std::string>{std::string("\x01\x03"
                                                                  "abc",
                                                                  5),
                                                      std::string("\x02\x00", 2),
                                                      std::string("\x03\x01"
                                                                  "z",
                                                                  3)}));
    EXPECT_EQ(out.left, "\x04");
    expect_split_anywhere(f, std::string("\x01\x03"
                                         "abc"
                                         "\x02\x00"
                                         "\x03\x01"
                                         "z"
                                         "\x04\x05"
                                         "12345",
                                         16));
}

TEST(FramingLengthFunc, NegativeAnswerIsAnError) {
    auto f = func(tlv_length);
    auto out = run_whole(f, std::string("\x01\x01"
                                        "a"
                                        "\xff\x01"
                                        "b",
                                        6));
    EXPECT_EQ(out.packages.size(), 1u);
    EXPECT_EQ(out.error, -kErrProtocol);
}

TEST(FramingLengthFunc, AnswersOverMaxLengthAreErrors) {
    auto f = func(tlv_length, 100);
    EXPECT_EQ(run_whole(f, std::string("\x01\x62", 2)).error, 0);  // 2 + 98 = 100: fine
    EXPECT_EQ(run_whole(f, std::string("\x01\x62", 2)).packages.size(), 0u);
    EXPECT_EQ(run_whole(f, std::string("\x01\x63", 2)).error, -kErrLimit);  // 101
}

TEST(FramingLengthFunc, NoAnswerWithinMaxLengthIsAnError) {
    auto f = func([](mem::Slice) -> int64_t { return 0; }, 16);
    EXPECT_EQ(run_whole(f, std::string(15, 'x')).error, 0);
    EXPECT_EQ(run_whole(f, std::string(16, 'x')).error, -kErrLimit);
}

TEST(FramingLengthFunc, TheFunctionIsNotAskedAgainOnceItAnswered) {
    int calls = 0;
    auto f = func([&calls](mem::Slice d) {
        calls++;
        return tlv_length(d);
    });
    auto out = run(f, {std::string("\x01\x05", 2), "a", "b", "c", "d", "e"});
    EXPECT_EQ(out.packages.size(), 1u);
    EXPECT_EQ(calls, 1);
}

TEST(FramingLengthFunc, SeesAtMostMaxLengthBytesSoTheAnswerDoesNotDependOnReads) {
    size_t most = 0;
    // Garbage is only visible at offset 2, past a package_max_length of 2.
    auto f = func(
        [&most](mem::Slice d) -> int64_t {
            most = std::max(most, d.size());
            if (d.size() > 2 && d[2] == 'G') return -1;
            return 0;
        },
        2);
    EXPECT_EQ(run_whole(f, "abGxxx").error, -kErrLimit);
    EXPECT_EQ(most, 2u);
    expect_split_anywhere(f, "abGxxx");
}

TEST(FramingLengthFunc, LargeAnswerIsHandledWithoutAllocation) {
    auto f = func([](mem::Slice) -> int64_t { return INT64_MAX; }, 0xffffffffu);
    EXPECT_EQ(run_whole(f, "x").error, -kErrLimit);
}

// ---- options -----------------------------------------------------------------

TEST(FramingOptions, InvalidOptionsAreRefusedWithAReason) {
    Options o;
    o.mode = Mode::kEofSplit;
    o.eof = "";
    EXPECT_EQ(Framing::create(o).code(), kErrInvalid);
    o.eof = "123456789";
    EXPECT_NE(Framing::invalid_reason(o), nullptr);
    o.eof = "12345678";
    EXPECT_EQ(Framing::invalid_reason(o), nullptr);
    o.max_length = 0;
    EXPECT_NE(Framing::invalid_reason(o), nullptr);
    o.max_length = 4;
    EXPECT_NE(Framing::invalid_reason(o), nullptr);  // the eof cannot fit

    Options l;
    l.mode = Mode::kLength;
    l.length_type = 'N';
    l.max_length = 10;
    l.length_offset = 6;
    EXPECT_EQ(Framing::invalid_reason(l), nullptr);
    l.length_offset = 7;
    EXPECT_NE(Framing::invalid_reason(l), nullptr);

    Options fn;
    fn.mode = Mode::kLengthFunc;
    EXPECT_NE(Framing::invalid_reason(fn), nullptr);
}

TEST(FramingOptions, ModeFromSwooleFlags) {
    EXPECT_EQ(mode_from_flags(false, false, false, false), std::nullopt);
    EXPECT_EQ(mode_from_flags(true, false, false, false), Mode::kEofCheck);
    EXPECT_EQ(mode_from_flags(false, true, false, false), Mode::kEofSplit);  // split implies check
    EXPECT_EQ(mode_from_flags(true, true, false, false), Mode::kEofSplit);
    EXPECT_EQ(mode_from_flags(false, false, true, false), Mode::kLength);
    EXPECT_EQ(mode_from_flags(false, false, true, true), Mode::kLengthFunc);
    EXPECT_EQ(mode_from_flags(false, false, false, true), Mode::kLengthFunc);
    EXPECT_EQ(mode_from_flags(true, false, true, false), Mode::kEofCheck);
}

TEST(FramingOptions, OneFramingServesManyConnections) {
    auto f = eof_split();
    Splitter a(f), b(f);
    std::string x = "abc", y = "12\r\n";
    EXPECT_EQ(a.next(mem::Slice(x)).status, Splitter::kNeedMore);
    EXPECT_EQ(b.next(mem::Slice(y)).status, Splitter::kReady);
    x += "\r\n";
    auto step = a.next(mem::Slice(x));
    EXPECT_EQ(step.status, Splitter::kReady);
    EXPECT_EQ(step.consume, 5u);
}

// ---- MQTT ----------------------------------------------------------------------

Framing mqtt(uint32_t max = 1024) {
    Options o;
    o.mode = Mode::kMqtt;
    o.max_length = max;
    return make(o);
}

TEST(FramingMqtt, SplitsByTheRemainingLength) {
    auto f = mqtt();
    // PINGREQ (no body), a PUBLISH of 3 bytes, one of 200 bytes (a two-byte length: 0xc8 0x01).
    const std::string ping("\xc0\x00", 2);
    const std::string small = std::string("\x30\x03", 2) + "abc";
    const std::string big = std::string("\x30\xc8\x01", 3) + std::string(200, 'x');
    auto out = run_whole(f, ping + small + big + "\xd0");
    EXPECT_EQ(out.packages, (std::vector<std::string>{ping, small, big}));
    EXPECT_EQ(out.left, "\xd0");
    expect_split_anywhere(f, ping + small + big + ping);
}

TEST(FramingMqtt, RefusesALongLengthAndAPackageOverTheLimit) {
    EXPECT_EQ(run_whole(mqtt(), std::string("\x30\xff\xff\xff\xff\x01", 6)).error, -kErrProtocol);
    // 4 MiB + 64 in four length bytes: within a 5 MiB limit, over a 1 KiB one.
    const std::string head("\x30\xc0\x80\x80\x02", 5);
    EXPECT_EQ(run_whole(mqtt(), head).error, -kErrLimit);
    auto f = mqtt(5u << 20);
    auto out = run_whole(f, head + std::string((4u << 20) + 64, 'y'));
    ASSERT_EQ(out.packages.size(), 1u);
    EXPECT_EQ(out.packages[0].size(), 5 + (4u << 20) + 64);
}

}  // namespace
}  // namespace gust::proto::framing
