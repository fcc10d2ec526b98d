// The header codec and the Assembler without sockets: every refusal has its reason, nothing
// is allocated for a refused header, chunks of interleaved messages land in place.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "gust/ipc/assembler.h"
#include "gust/ipc/message.h"
#include "ipc/test_allocator.h"

namespace gust::ipc {
namespace {

using testing::TestAllocator;

Header data_header(uint64_t session, uint32_t total, uint32_t offset, uint32_t len, uint16_t reactor = 0) {
    Header h;
    h.type = MessageType::kData;
    h.reactor_id = reactor;
    h.session_id = session;
    h.total_len = total;
    h.chunk_offset = offset;
    h.chunk_len = len;
    return h;
}

std::vector<uint8_t> wire(const Header &h) {
    std::vector<uint8_t> out(kHeaderSize);
    encode_header(h, out.data());
    return out;
}

HeaderError parse_error(const std::vector<uint8_t> &bytes, int *code = nullptr, Limits limits = {}) {
    Header h;
    HeaderError why;
    Status s = parse_header(bytes.data(), bytes.size(), limits, &h, &why);
    if (code) *code = s.code();
    return why;
}

TEST(IpcHeader, RoundTripsEveryField) {
    Header h;
    h.type = MessageType::kFinish;
    h.flags = kFlagSerialized | kFlagTaskCoroutine;
    h.reactor_id = 65535;
    h.session_id = 0x0123456789abcdefull;
    h.total_len = 1000;
    h.chunk_offset = 600;
    h.chunk_len = 400;
    h.pad = 24;
    Header back;
    ASSERT_TRUE(parse_header(wire(h).data(), kHeaderSize, Limits{}, &back).ok());
    EXPECT_EQ(back.type, h.type);
    EXPECT_EQ(back.flags, h.flags);
    EXPECT_EQ(back.reactor_id, h.reactor_id);
    EXPECT_EQ(back.session_id, h.session_id);
    EXPECT_EQ(back.total_len, h.total_len);
    EXPECT_EQ(back.chunk_offset, h.chunk_offset);
    EXPECT_EQ(back.chunk_len, h.chunk_len);
    EXPECT_EQ(back.pad, h.pad);
    EXPECT_FALSE(back.first_chunk());
    EXPECT_TRUE(back.last_chunk());
}

TEST(IpcHeader, EveryTypeParses) {
    for (uint8_t t = 1; t <= kMaxMessageType; ++t) {
        Header h = data_header(1, 0, 0, 0);
        h.type = static_cast<MessageType>(t);
        Header back;
        EXPECT_TRUE(parse_header(wire(h).data(), kHeaderSize, Limits{}, &back).ok()) << message_type_name(h.type);
        EXPECT_STRNE(message_type_name(h.type), "unknown");
    }
}

TEST(IpcHeader, EmptyPayloadIsOneEmptyChunk) {
    EXPECT_EQ(parse_error(wire(data_header(1, 0, 0, 0))), HeaderError::kNone);
}

TEST(IpcHeader, Truncated) {
    auto w = wire(data_header(1, 4, 0, 4));
    for (size_t n = 0; n < kHeaderSize; ++n) {
        std::vector<uint8_t> part(w.begin(), w.begin() + static_cast<long>(n));
        int code = 0;
        EXPECT_EQ(parse_error(part, &code), HeaderError::kTruncated) << n;
        EXPECT_EQ(code, kErrProtocol);
    }
}

TEST(IpcHeader, BadMagic) {
    auto w = wire(data_header(1, 4, 0, 4));
    w[0] ^= 0xff;
    EXPECT_EQ(parse_error(w), HeaderError::kBadMagic);
}

TEST(IpcHeader, BadVersion) {
    auto w = wire(data_header(1, 4, 0, 4));
    w[2] = kVersion + 1;
    int code = 0;
    EXPECT_EQ(parse_error(w, &code), HeaderError::kBadVersion);
    EXPECT_EQ(code, kErrProtocol);
    w[2] = 0;
    EXPECT_EQ(parse_error(w), HeaderError::kBadVersion);
}

TEST(IpcHeader, UnknownType) {
    auto w = wire(data_header(1, 4, 0, 4));
    w[3] = 0;
    EXPECT_EQ(parse_error(w), HeaderError::kUnknownType);
    w[3] = kMaxMessageType + 1;
    EXPECT_EQ(parse_error(w), HeaderError::kUnknownType);
    w[3] = 0xff;
    EXPECT_EQ(parse_error(w), HeaderError::kUnknownType);
}

TEST(IpcHeader, UnknownFlags) {
    Header h = data_header(1, 4, 0, 4);
    h.flags = 0x8000;
    EXPECT_EQ(parse_error(wire(h)), HeaderError::kUnknownFlags);
}

TEST(IpcHeader, ReservedMustBeZero) {
    auto w = wire(data_header(1, 4, 0, 4));
    w[31] = 1;
    EXPECT_EQ(parse_error(w), HeaderError::kReservedNonZero);
}

TEST(IpcHeader, PadOverMaximum) {
    Header h = data_header(1, 4, 0, 4);
    h.pad = kMaxPad;
    EXPECT_EQ(parse_error(wire(h)), HeaderError::kNone);
    auto w = wire(h);
    w[28] = kMaxPad + 1;
    EXPECT_EQ(parse_error(w), HeaderError::kBadPad);
}

TEST(IpcHeader, PayloadOverMaximumIsALimit) {
    Limits limits;
    limits.max_payload = 1000;
    int code = 0;
    EXPECT_EQ(parse_error(wire(data_header(1, 1001, 0, 100)), &code, limits), HeaderError::kTooLarge);
    EXPECT_EQ(code, kErrLimit);
    EXPECT_EQ(parse_error(wire(data_header(1, 0xffffffffu, 0, 100)), &code, limits), HeaderError::kTooLarge);
    EXPECT_EQ(parse_error(wire(data_header(1, 1000, 0, 100)), &code, limits), HeaderError::kNone);
}

TEST(IpcHeader, ChunkOverMaximumIsALimit) {
    Limits limits;
    limits.max_chunk = 100;
    int code = 0;
    EXPECT_EQ(parse_error(wire(data_header(1, 1000, 0, 101)), &code, limits), HeaderError::kChunkTooLarge);
    EXPECT_EQ(code, kErrLimit);
}

TEST(IpcHeader, ChunkOutsideThePayload) {
    EXPECT_EQ(parse_error(wire(data_header(1, 100, 0, 101))), HeaderError::kChunkOutOfRange);
    EXPECT_EQ(parse_error(wire(data_header(1, 100, 50, 51))), HeaderError::kChunkOutOfRange);
    EXPECT_EQ(parse_error(wire(data_header(1, 100, 100, 1))), HeaderError::kChunkOutOfRange);
    // offset + len would wrap in 32 bits
    Limits open;
    open.max_payload = 0xffffffffu;
    open.max_chunk = 0xffffffffu;
    EXPECT_EQ(parse_error(wire(data_header(1, 100, 0xfffffff0u, 0x20)), nullptr, open), HeaderError::kChunkOutOfRange);
}

TEST(IpcHeader, EmptyChunkOfNonEmptyPayload) {
    EXPECT_EQ(parse_error(wire(data_header(1, 100, 0, 0))), HeaderError::kEmptyChunk);
    EXPECT_EQ(parse_error(wire(data_header(1, 100, 50, 0))), HeaderError::kEmptyChunk);
}

TEST(IpcHeader, EveryErrorHasAName) {
    for (int e = 0; e <= static_cast<int>(HeaderError::kBadPad); ++e) {
        EXPECT_STRNE(header_error_name(static_cast<HeaderError>(e)), "unknown");
    }
    for (int e = 0; e <= static_cast<int>(AssembleError::kRecordLength); ++e) {
        EXPECT_STRNE(assemble_error_name(static_cast<AssembleError>(e)), "unknown");
    }
}

// ---- Assembler

// Feeds one chunk of `payload` described by h; returns the begin_chunk code, 1 if complete.
int feed(Assembler &a, const Header &h, const std::vector<uint8_t> &payload, Message *out) {
    auto place = a.begin_chunk(h);
    if (!place.ok()) return place.code();
    if (place.value()) std::memcpy(place.value(), payload.data() + h.chunk_offset, h.chunk_len);
    return a.end_chunk(out) ? 1 : 0;
}

std::vector<uint8_t> pattern(size_t n, uint8_t seed) {
    std::vector<uint8_t> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = static_cast<uint8_t>(seed + i * 7);
    return v;
}

TEST(IpcAssembler, SingleChunkAllocatesOnce) {
    TestAllocator alloc;
    Assembler a(Limits{}, &alloc);
    auto p = pattern(100, 1);
    Message m;
    ASSERT_EQ(feed(a, data_header(9, 100, 0, 100), p, &m), 1);
    EXPECT_EQ(alloc.allocations, 1u);
    EXPECT_EQ(m.size(), 100u);
    EXPECT_EQ(m.header.session_id, 9u);
    EXPECT_EQ(0, std::memcmp(m.dest.data, p.data(), 100));
    EXPECT_EQ(a.pending_messages(), 0u);
    alloc.free_block(m.dest.data);
}

TEST(IpcAssembler, InterleavedSessionsAssembleInPlace) {
    TestAllocator alloc;
    Assembler a(Limits{}, &alloc);
    constexpr int kSessions = 50;
    constexpr uint32_t kSize = 1000, kChunk = 64;
    std::vector<std::vector<uint8_t>> payloads;
    for (int s = 0; s < kSessions; ++s) payloads.push_back(pattern(kSize, static_cast<uint8_t>(s)));
    int complete = 0;
    for (uint32_t off = 0; off < kSize; off += kChunk) {
        for (int s = 0; s < kSessions; ++s) {
            const uint32_t len = std::min(kChunk, kSize - off);
            Message m;
            const int rc = feed(a, data_header(static_cast<uint64_t>(s), kSize, off, len, static_cast<uint16_t>(s % 3)),
                                payloads[static_cast<size_t>(s)], &m);
            ASSERT_GE(rc, 0);
            if (rc == 1) {
                ++complete;
                EXPECT_EQ(0, std::memcmp(m.dest.data, payloads[m.header.session_id].data(), kSize));
                alloc.free_block(m.dest.data);
            }
        }
    }
    EXPECT_EQ(complete, kSessions);
    EXPECT_EQ(alloc.allocations, static_cast<size_t>(kSessions));
    EXPECT_EQ(a.pending_messages(), 0u);
    EXPECT_EQ(a.pending_bytes(), 0u);
}

TEST(IpcAssembler, SameSessionDifferentReactorsOrTypesAreDistinct) {
    TestAllocator alloc;
    Assembler a(Limits{}, &alloc);
    auto p = pattern(20, 3);
    Header h1 = data_header(5, 20, 0, 10, 0), h2 = data_header(5, 20, 0, 10, 1), h3 = data_header(5, 20, 0, 10, 0);
    h3.type = MessageType::kTask;
    Message m;
    EXPECT_EQ(feed(a, h1, p, &m), 0);
    EXPECT_EQ(feed(a, h2, p, &m), 0);
    EXPECT_EQ(feed(a, h3, p, &m), 0);
    EXPECT_EQ(a.pending_messages(), 3u);
}

TEST(IpcAssembler, ContinuationWithoutStart) {
    TestAllocator alloc;
    Assembler a(Limits{}, &alloc);
    Message m;
    EXPECT_EQ(feed(a, data_header(1, 100, 50, 50), pattern(100, 0), &m), kErrProtocol);
    EXPECT_EQ(a.last_error(), AssembleError::kNoFirstChunk);
    EXPECT_EQ(alloc.allocations, 0u);
}

TEST(IpcAssembler, RestartWhileInProgressDropsTheMessage) {
    TestAllocator alloc;
    Assembler a(Limits{}, &alloc);
    Message m;
    auto p = pattern(100, 0);
    EXPECT_EQ(feed(a, data_header(1, 100, 0, 50), p, &m), 0);
    EXPECT_EQ(feed(a, data_header(1, 100, 0, 50), p, &m), kErrProtocol);
    EXPECT_EQ(a.last_error(), AssembleError::kAlreadyStarted);
    EXPECT_EQ(alloc.releases, 1u);
    EXPECT_TRUE(alloc.live.empty());
    EXPECT_EQ(a.pending_messages(), 0u);
}

TEST(IpcAssembler, OutOfOrderChunk) {
    TestAllocator alloc;
    Assembler a(Limits{}, &alloc);
    Message m;
    auto p = pattern(100, 0);
    EXPECT_EQ(feed(a, data_header(1, 100, 0, 30), p, &m), 0);
    EXPECT_EQ(feed(a, data_header(1, 100, 60, 40), p, &m), kErrProtocol);  // hole
    EXPECT_EQ(a.last_error(), AssembleError::kOutOfOrder);
    EXPECT_TRUE(alloc.live.empty());
    EXPECT_EQ(feed(a, data_header(2, 100, 0, 30), p, &m), 0);
    EXPECT_EQ(feed(a, data_header(2, 100, 10, 30), p, &m), kErrProtocol);  // overlap
    EXPECT_EQ(a.last_error(), AssembleError::kOutOfOrder);
    EXPECT_TRUE(alloc.live.empty());
}

TEST(IpcAssembler, TotalOrFlagsChangedMidMessage) {
    TestAllocator alloc;
    Assembler a(Limits{}, &alloc);
    Message m;
    auto p = pattern(200, 0);
    EXPECT_EQ(feed(a, data_header(1, 100, 0, 30), p, &m), 0);
    EXPECT_EQ(feed(a, data_header(1, 200, 30, 30), p, &m), kErrProtocol);
    EXPECT_EQ(a.last_error(), AssembleError::kTotalChanged);
    EXPECT_EQ(feed(a, data_header(1, 100, 0, 30), p, &m), 0);
    Header h = data_header(1, 100, 30, 30);
    h.flags = kFlagServerInitiated;
    EXPECT_EQ(feed(a, h, p, &m), kErrProtocol);
    EXPECT_EQ(a.last_error(), AssembleError::kFlagsChanged);
    EXPECT_TRUE(alloc.live.empty());
}

TEST(IpcAssembler, PendingLimitsRefuseBeforeAllocating) {
    TestAllocator alloc;
    Limits limits;
    limits.max_pending_messages = 2;
    limits.max_pending_bytes = 250;
    Assembler a(limits, &alloc);
    Message m;
    auto p = pattern(100, 0);
    EXPECT_EQ(feed(a, data_header(1, 100, 0, 10), p, &m), 0);
    EXPECT_EQ(feed(a, data_header(2, 100, 0, 10), p, &m), 0);
    EXPECT_EQ(feed(a, data_header(3, 10, 0, 5), p, &m), kErrLimit);
    EXPECT_EQ(a.last_error(), AssembleError::kTooManyPending);
    EXPECT_EQ(alloc.allocations, 2u);
    // A single-chunk message needs no pending slot.
    EXPECT_EQ(feed(a, data_header(4, 10, 0, 10), p, &m), 1);
    alloc.free_block(m.dest.data);

    Assembler b(limits, &alloc);
    EXPECT_EQ(feed(b, data_header(1, 200, 0, 10), pattern(200, 0), &m), 0);
    EXPECT_EQ(feed(b, data_header(2, 100, 0, 10), p, &m), kErrLimit);
    EXPECT_EQ(b.last_error(), AssembleError::kPendingBytes);
}

TEST(IpcAssembler, RefusedAllocationSkipsTheRestQuietly) {
    TestAllocator alloc;
    alloc.refuse = [](const Header &h, uint32_t) { return h.session_id == 7; };
    Assembler a(Limits{}, &alloc);
    Message m;
    auto p = pattern(300, 0);
    EXPECT_EQ(feed(a, data_header(7, 300, 0, 100), p, &m), kErrLimit);
    EXPECT_EQ(a.last_error(), AssembleError::kAllocatorRefused);
    EXPECT_EQ(feed(a, data_header(8, 300, 0, 300), p, &m), 1);  // others continue
    alloc.free_block(m.dest.data);
    EXPECT_EQ(feed(a, data_header(7, 300, 100, 100), p, &m), 0);
    EXPECT_EQ(feed(a, data_header(7, 300, 200, 100), p, &m), 0);  // last chunk: nothing delivered
    EXPECT_EQ(a.pending_messages(), 0u);
    EXPECT_EQ(alloc.allocations, 2u);
    // The session can start a new message afterwards.
    alloc.refuse = nullptr;
    EXPECT_EQ(feed(a, data_header(7, 300, 0, 300), p, &m), 1);
    alloc.free_block(m.dest.data);
}

TEST(IpcAssembler, AbortAndResetReleaseEverything) {
    TestAllocator alloc;
    {
        Assembler a(Limits{}, &alloc);
        auto place = a.begin_chunk(data_header(1, 10, 0, 10));
        ASSERT_TRUE(place.ok());
        a.abort_chunk();
        EXPECT_EQ(a.last_error(), AssembleError::kRecordLength);
        place = a.begin_chunk(data_header(2, 100, 0, 10));
        ASSERT_TRUE(place.ok());
        a.abort_chunk();
        Message m;
        EXPECT_EQ(feed(a, data_header(3, 100, 0, 10), pattern(100, 0), &m), 0);
        EXPECT_EQ(feed(a, data_header(4, 100, 0, 10), pattern(100, 0), &m), 0);
        a.reset();
        EXPECT_EQ(a.pending_bytes(), 0u);
        EXPECT_EQ(feed(a, data_header(5, 100, 0, 10), pattern(100, 0), &m), 0);
    }  // destructor releases session 5
    EXPECT_EQ(alloc.allocations, 5u);
    EXPECT_EQ(alloc.releases, 5u);
    EXPECT_TRUE(alloc.live.empty());
}

}  // namespace
}  // namespace gust::ipc
