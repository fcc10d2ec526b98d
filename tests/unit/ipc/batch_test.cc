// Batching on the channel: a batching Sender queues what one loop iteration produces and writes it
// with sendmmsg at the end of the iteration; a batching Receiver reads up to N records per recvmmsg
// and hands them out one per receive_one(). Ordering, partial batches, EAGAIN in the middle of a
// batch, chunked messages inside a batch and hostile records inside a batch.
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "gust/ipc/channel.h"
#include "ipc/channel_pair.h"
#include "ipc/test_allocator.h"

namespace gust::ipc {
namespace {

using testing::TestAllocator;

using testing::Pair;
using testing::pattern;

Header header(uint64_t session, MessageType type = MessageType::kData) {
    Header h;
    h.type = type;
    h.session_id = session;
    return h;
}

struct Got {
    Header header;
    std::vector<uint8_t> bytes;
};

// Receives every message until the socket is empty (or `want` arrived), freeing the blocks.
std::vector<Got> drain(Receiver &r, TestAllocator &alloc, size_t want = SIZE_MAX, std::vector<int> *codes = nullptr) {
    std::vector<Got> got;
    while (got.size() < want) {
        Message m;
        const int rc = r.receive_one(&m);
        if (rc == 1) {
            got.push_back({m.header, std::vector<uint8_t>(m.dest.data, m.dest.data + m.size())});
            alloc.free_block(m.dest.data);
        } else if (rc == -EAGAIN) {
            break;
        } else if (rc != 0) {
            if (!codes) ADD_FAILURE() << "receive_one: " << error_message(rc);
            else codes->push_back(rc);
        }
    }
    return got;
}

void send_raw(int fd, const Header &h, const void *payload, size_t n) {
    uint8_t hdr[kHeaderSize];
    encode_header(h, hdr);
    iovec iov[2] = {{hdr, kHeaderSize}, {const_cast<void *>(payload), n}};
    msghdr msg{};
    msg.msg_iov = iov;
    msg.msg_iovlen = 2;
    ASSERT_EQ(::sendmsg(fd, &msg, MSG_NOSIGNAL), static_cast<ssize_t>(kHeaderSize + n));
}

Header raw(uint64_t session, uint32_t total, uint32_t offset, uint32_t len) {
    Header h = header(session);
    h.total_len = total;
    h.chunk_offset = offset;
    h.chunk_len = len;
    return h;
}

SenderOptions batching() {
    SenderOptions so;
    so.batch = true;
    return so;
}

TEST(IpcBatch, AnIdleSenderWhosePeerIsGoneStopsWatchingInsteadOfSpinning) {
    loop::Loop loop;
    Pair p;
    Sender s(p.a, batching());
    ASSERT_TRUE(s.attach(&loop).ok());
    ::close(p.b);
    p.b = -1;
    // The hangup is reported once; then the loop has nothing left to report (a level-triggered
    // hangup on a kept watch would come back every iteration).
    (void)loop.run_once(0);
    const uint64_t after_first = loop.stats().io_events;
    EXPECT_LE(after_first, 1u);
    for (int i = 0; i < 5; ++i) (void)loop.run_once(0);
    EXPECT_EQ(loop.stats().io_events, after_first);
    // A send afterwards fails on the socket, it is not lost in a queue nobody flushes.
    int status = 1;
    const uint8_t byte = 7;
    ASSERT_EQ(s.send(header(1), &byte, 1, [&](int st) { status = st; }), 1);
    for (int i = 0; i < 3 && status == 1; ++i) (void)loop.run_once(0);
    EXPECT_EQ(status, -EPIPE);
}

TEST(IpcBatch, OneIterationsMessagesLeaveInOneCallInOrder) {
    loop::Loop loop;
    Pair p;
    Sender s(p.a, batching());
    ASSERT_TRUE(s.attach(&loop).ok());
    std::vector<std::vector<uint8_t>> payloads;
    for (uint32_t i = 0; i < 40; ++i) payloads.push_back(pattern(10 + i * 7, i));
    int done = 0;
    for (uint32_t i = 0; i < 40; ++i) {
        if (i % 2) {
            ASSERT_EQ(s.send_copy(header(i), payloads[i].data(), 5, payloads[i].data() + 5,
                                  static_cast<uint32_t>(payloads[i].size() - 5)),
                      0);
        } else {
            ASSERT_EQ(s.send(header(i), payloads[i].data(), static_cast<uint32_t>(payloads[i].size()),
                             [&](int st) {
                                 EXPECT_EQ(st, 0);
                                 ++done;
                             }),
                      1);
        }
    }
    EXPECT_EQ(s.stats().calls, 0u);  // nothing written before the iteration ends
    EXPECT_EQ(s.queued_messages(), 40u);
    loop.run_once(0);
    EXPECT_EQ(s.stats().calls, 1u);
    EXPECT_EQ(s.stats().records, 1u);  // small whole messages share one kBundle record
    EXPECT_EQ(done, 20);
    EXPECT_EQ(s.queued_messages(), 0u);
    EXPECT_EQ(s.queued_bytes(), 0u);

    TestAllocator alloc;
    Receiver r(p.b, Limits{}, &alloc);
    r.set_batch(64);
    auto got = drain(r, alloc);
    ASSERT_EQ(got.size(), 40u);
    for (uint32_t i = 0; i < 40; ++i) {
        EXPECT_EQ(got[i].header.session_id, i);
        EXPECT_TRUE(got[i].bytes == payloads[i]) << i;
    }
    EXPECT_TRUE(alloc.live.empty());
}

TEST(IpcBatch, MoreThanOneBatchOfRecordsKeepsOrder) {
    loop::Loop loop;
    Pair p(4 << 20);
    Sender s(p.a, batching());
    ASSERT_TRUE(s.attach(&loop).ok());
    // Too large to bundle: one record each.
    std::vector<uint8_t> big(kMaxBundledPayload + 1);
    for (uint32_t i = 0; i < 3 * kSendBatch + 5; ++i)
        ASSERT_EQ(s.send_copy(header(i), &i, sizeof i, big.data(), static_cast<uint32_t>(big.size())), 0);
    loop.run_once(0);
    EXPECT_EQ(s.stats().calls, 4u);
    EXPECT_EQ(s.stats().records, 3 * kSendBatch + 5);
    TestAllocator alloc;
    Receiver r(p.b, Limits{}, &alloc);
    r.set_batch(64);
    auto got = drain(r, alloc, 3 * kSendBatch + 5);
    ASSERT_EQ(got.size(), 3 * kSendBatch + 5);
    for (uint32_t i = 0; i < got.size(); ++i) {
        uint32_t v;
        std::memcpy(&v, got[i].bytes.data(), sizeof v);
        EXPECT_EQ(v, i);
        EXPECT_EQ(got[i].header.session_id, i);
    }
    EXPECT_TRUE(r.drained());  // the last batch came back short: no EAGAIN read needed
}

TEST(IpcBatch, SocketFullMidBatchQueuesTheRestAndWritabilityFinishesIt) {
    loop::Loop loop;
    Pair p(4096);  // a few records fill it: sendmmsg stops part way
    Sender s(p.a, batching());
    ASSERT_TRUE(s.attach(&loop).ok());
    std::vector<std::vector<uint8_t>> payloads;
    for (uint32_t i = 0; i < 60; ++i) payloads.push_back(pattern(300 + i, i));
    for (uint32_t i = 0; i < 60; ++i) {
        ASSERT_EQ(s.send_copy(header(i), payloads[i].data(), static_cast<uint32_t>(payloads[i].size())), 0);
    }
    loop.run_once(0);
    ASSERT_GT(s.queued_messages(), 0u);  // EAGAIN part way through
    ASSERT_LT(s.queued_messages(), 60u);
    TestAllocator alloc;
    Receiver r(p.b, Limits{}, &alloc);
    r.set_batch(8);
    std::vector<Got> got;
    for (int spins = 0; got.size() < 60 && spins < 1000; ++spins) {
        auto part = drain(r, alloc);
        got.insert(got.end(), part.begin(), part.end());
        loop.run_once(0);  // the writable watch flushes the rest
    }
    ASSERT_EQ(got.size(), 60u);
    for (uint32_t i = 0; i < 60; ++i) {
        EXPECT_EQ(got[i].header.session_id, i);
        EXPECT_TRUE(got[i].bytes == payloads[i]);
    }
    EXPECT_EQ(s.queued_messages(), 0u);
    EXPECT_TRUE(alloc.live.empty());
}

TEST(IpcBatch, ChunkedMessageInsideABatchArrivesWholeBetweenSmallOnes) {
    loop::Loop loop;
    Pair p(1 << 20);
    Sender s(p.a, batching());
    ASSERT_TRUE(s.attach(&loop).ok());
    auto small = pattern(100, 1);
    auto big = pattern(300000, 2);  // 5 chunks of 64 KiB
    ASSERT_EQ(s.send_copy(header(1), small.data(), 100), 0);
    ASSERT_EQ(s.send(header(2), big.data(), static_cast<uint32_t>(big.size())), 1);
    ASSERT_EQ(s.send_copy(header(3), small.data(), 50), 0);
    ASSERT_EQ(s.send(header(4), big.data(), 70000), 1);
    ASSERT_EQ(s.send_copy(header(5), small.data(), 1), 0);
    loop.run_once(0);
    EXPECT_EQ(s.stats().records, 1u + 5 + 1 + 2 + 1);
    for (uint32_t batch : {4u, 64u}) {  // a batch ending inside the big message, and one holding all of it
        if (batch == 64) {
            ASSERT_EQ(s.send(header(2), big.data(), static_cast<uint32_t>(big.size())), 1);
            loop.run_once(0);
        }
        TestAllocator alloc;
        Receiver r(p.b, Limits{}, &alloc);
        r.set_batch(batch);
        auto got = drain(r, alloc);
        if (batch == 4) {
            ASSERT_EQ(got.size(), 5u);
            EXPECT_EQ(got[0].bytes, small);
            EXPECT_TRUE(got[1].bytes == big);
            EXPECT_EQ(got[2].bytes, std::vector<uint8_t>(small.begin(), small.begin() + 50));
            EXPECT_TRUE(got[3].bytes == std::vector<uint8_t>(big.begin(), big.begin() + 70000));
            EXPECT_EQ(got[4].bytes, std::vector<uint8_t>(small.begin(), small.begin() + 1));
        } else {
            ASSERT_EQ(got.size(), 1u);
            EXPECT_TRUE(got[0].bytes == big);
        }
        EXPECT_EQ(alloc.allocations, got.size());  // once per message
        EXPECT_TRUE(alloc.live.empty());
    }
}

TEST(IpcBatch, BundlesFillToTheChunkSizeAndInterleaveWithLargeMessagesInOrder) {
    loop::Loop loop;
    Pair p(8 << 20);
    SenderOptions so = batching();
    so.max_queued_messages = 4096;
    Sender s(p.a, so);
    ASSERT_TRUE(s.attach(&loop).ok());
    // Runs of small messages (some empty, some exactly kMaxBundledPayload), then a message that
    // needs three chunks, then more small ones: nothing may overtake anything.
    std::vector<std::vector<uint8_t>> sent;
    auto small_run = [&](uint32_t count, uint32_t base) {
        for (uint32_t i = 0; i < count; ++i) {
            const uint32_t n = i % 50 == 0 ? 0 : i % 50 == 1 ? kMaxBundledPayload : (i * 37) % 300;
            sent.push_back(pattern(n, base + i));
            ASSERT_EQ(s.send_copy(header(sent.size() - 1), sent.back().data(), n), 0);
        }
    };
    small_run(600, 0);
    sent.push_back(pattern(3 * s.chunk_size() - 5, 77));
    ASSERT_EQ(s.send(header(sent.size() - 1), sent.back().data(), static_cast<uint32_t>(sent.back().size())), 1);
    small_run(300, 1000);
    loop.run_once(0);
    EXPECT_EQ(s.queued_messages(), 0u);
    EXPECT_LT(s.stats().records, 40u);  // 901 messages
    TestAllocator alloc;
    Receiver r(p.b, Limits{}, &alloc);
    r.set_batch(8);
    auto got = drain(r, alloc);
    ASSERT_EQ(got.size(), sent.size());
    for (size_t i = 0; i < sent.size(); ++i) {
        EXPECT_EQ(got[i].header.session_id, i);
        EXPECT_TRUE(got[i].bytes == sent[i]) << i;
    }
    EXPECT_TRUE(alloc.live.empty());
}

TEST(IpcBatch, BundlesReadOneRecordAtATimeAndInPlacedMode) {
    loop::Loop loop;
    Pair p(1 << 20);
    Sender s(p.a, batching());
    ASSERT_TRUE(s.attach(&loop).ok());
    for (uint32_t i = 0; i < 10; ++i) ASSERT_EQ(s.send_copy(header(i), &i, sizeof i), 0);
    loop.run_once(0);
    for (uint32_t i = 10; i < 20; ++i) ASSERT_EQ(s.send_copy(header(i), &i, sizeof i), 0);
    loop.run_once(0);
    EXPECT_EQ(s.stats().records, 2u);
    TestAllocator alloc;
    Receiver r(p.b, Limits{}, &alloc);
    r.set_staging(false);  // the first bundle through the placed path (peek, then the whole record)
    Message m;
    ASSERT_EQ(r.receive_one(&m), 1);
    EXPECT_EQ(m.header.session_id, 0u);
    alloc.free_block(m.dest.data);
    EXPECT_EQ(r.buffered(), 1u);  // the rest of the bundle is held, not in the socket
    r.set_staging(true);
    auto got = drain(r, alloc);
    ASSERT_EQ(got.size(), 19u);
    for (uint32_t i = 0; i < 19; ++i) EXPECT_EQ(got[i].header.session_id, i + 1);
    EXPECT_TRUE(alloc.live.empty());
}

// A bundle record whose inner messages are given as (header, payload bytes actually written).
void send_bundle(int fd, const std::vector<std::pair<Header, std::vector<uint8_t>>> &inner, int32_t length_delta = 0) {
    std::vector<uint8_t> body;
    for (const auto &[h, bytes] : inner) {
        uint8_t hdr[kHeaderSize];
        encode_header(h, hdr);
        body.insert(body.end(), hdr, hdr + kHeaderSize);
        body.insert(body.end(), bytes.begin(), bytes.end());
    }
    Header bh = header(0, MessageType::kBundle);
    bh.total_len = bh.chunk_len = static_cast<uint32_t>(body.size() + length_delta);
    send_raw(fd, bh, body.data(), body.size());
}

TEST(IpcBatch, HostileBundlesAreDroppedWithoutLosingTheNextRecord) {
    Pair p;
    TestAllocator alloc;
    Receiver r(p.b, Limits{}, &alloc);
    r.set_batch(16);
    auto bytes = pattern(100, 5);
    auto whole = [&](uint64_t session, uint32_t n) {
        return std::make_pair(raw(session, n, 0, n), std::vector<uint8_t>(bytes.begin(), bytes.begin() + n));
    };
    // Good first message, then one claiming more bytes than the bundle holds: the first arrives,
    // the rest of that bundle is dropped.
    auto overlong = whole(2, 50);
    overlong.first.total_len = overlong.first.chunk_len = 95;  // 92 bytes are left
    send_bundle(p.a, {whole(1, 10), overlong, whole(3, 10)});
    // A bundle inside a bundle.
    Header nested = header(0, MessageType::kBundle);
    nested.total_len = nested.chunk_len = 0;
    send_bundle(p.a, {std::make_pair(nested, std::vector<uint8_t>{})});
    // An inner message that is only a chunk of a larger one.
    send_bundle(p.a, {std::make_pair(raw(4, 20, 0, 10), std::vector<uint8_t>(bytes.begin(), bytes.begin() + 10))});
    // The bundle's own length disagrees with the record.
    send_bundle(p.a, {whole(5, 10)}, 1);
    // Garbage after the last whole message.
    {
        auto w = whole(6, 10);
        std::vector<uint8_t> body(kHeaderSize);
        encode_header(w.first, body.data());
        body.insert(body.end(), w.second.begin(), w.second.end());
        body.insert(body.end(), {1, 2, 3});
        Header bh = header(0, MessageType::kBundle);
        bh.total_len = bh.chunk_len = static_cast<uint32_t>(body.size());
        send_raw(p.a, bh, body.data(), body.size());
    }
    // An empty bundle, then a healthy bundle.
    send_bundle(p.a, {});
    send_bundle(p.a, {whole(7, 10), whole(8, 0)});
    std::vector<int> codes;
    auto got = drain(r, alloc, SIZE_MAX, &codes);
    std::vector<uint64_t> sessions;
    for (const auto &g : got) sessions.push_back(g.header.session_id);
    EXPECT_EQ(sessions, (std::vector<uint64_t>{1, 6, 7, 8}));
    EXPECT_EQ(codes,
              (std::vector<int>{kErrProtocol, kErrProtocol, kErrProtocol, kErrProtocol, kErrProtocol, kErrProtocol}));
    EXPECT_EQ(r.assembler().pending_messages(), 0u);
    EXPECT_TRUE(alloc.live.empty());
}

TEST(IpcBatch, HostileRecordInTheMiddleOfABatchIsDroppedAlone) {
    Pair p;
    Limits limits;
    limits.max_chunk = 4096;
    TestAllocator alloc;
    Receiver r(p.b, limits, &alloc);
    r.set_batch(64);
    auto bytes = pattern(5000, 3);
    send_raw(p.a, raw(1, 10, 0, 10), bytes.data(), 10);
    send_raw(p.a, raw(2, 10, 0, 20), bytes.data(), 20);  // chunk past the payload
    send_raw(p.a, raw(3, 10, 0, 10), bytes.data(), 10);
    ASSERT_EQ(::send(p.a, "junk", 4, MSG_NOSIGNAL), 4);        // shorter than a header
    send_raw(p.a, raw(4, 5000, 0, 5000), bytes.data(), 5000);  // over max_chunk
    send_raw(p.a, raw(5, 20, 0, 10), bytes.data(), 10);        // first chunk of two ...
    send_raw(p.a, raw(5, 20, 5, 10), bytes.data(), 10);        // ... then one out of order
    send_raw(p.a, raw(6, 10, 0, 10), bytes.data(), 12);        // longer than its header says
    send_raw(p.a, raw(7, 10, 0, 10), bytes.data(), 10);
    std::vector<int> codes;
    auto got = drain(r, alloc, SIZE_MAX, &codes);
    ASSERT_EQ(got.size(), 3u);
    EXPECT_EQ(got[0].header.session_id, 1u);
    EXPECT_EQ(got[1].header.session_id, 3u);
    EXPECT_EQ(got[2].header.session_id, 7u);
    EXPECT_EQ(codes, (std::vector<int>{kErrProtocol, kErrProtocol, kErrLimit, kErrProtocol, kErrProtocol}));
    EXPECT_EQ(r.assembler().pending_messages(), 0u);
    EXPECT_TRUE(alloc.live.empty());
}

TEST(IpcBatch, PeerClosedInTheMiddleOfABatch) {
    Pair p;
    TestAllocator alloc;
    Receiver r(p.b, Limits{}, &alloc);
    r.set_batch(16);
    uint8_t byte = 7;
    send_raw(p.a, raw(1, 1, 0, 1), &byte, 1);
    send_raw(p.a, raw(2, 1, 0, 1), &byte, 1);
    ::close(p.a);
    p.a = -1;
    Message m;
    ASSERT_EQ(r.receive_one(&m), 1);
    alloc.free_block(m.dest.data);
    ASSERT_EQ(r.receive_one(&m), 1);
    alloc.free_block(m.dest.data);
    EXPECT_EQ(r.receive_one(&m), kErrClosed);
    EXPECT_EQ(r.receive_one(&m), kErrClosed);
}

TEST(IpcBatch, BufferedRecordsSurviveWithoutTouchingTheSocket) {
    Pair p;
    TestAllocator alloc;
    Receiver r(p.b, Limits{}, &alloc);
    r.set_batch(64);
    for (uint32_t i = 0; i < 5; ++i) send_raw(p.a, raw(i, 4, 0, 4), &i, 4);
    Message m;
    ASSERT_EQ(r.receive_one(&m), 1);
    alloc.free_block(m.dest.data);
    EXPECT_EQ(r.buffered(), 4u);  // read from the socket by the first call, not handed out yet
    char probe;
    EXPECT_EQ(::recv(p.b, &probe, 1, MSG_DONTWAIT | MSG_PEEK), -1);  // the socket itself is empty
    auto got = drain(r, alloc);
    EXPECT_EQ(got.size(), 4u);
    EXPECT_EQ(r.buffered(), 0u);
}

TEST(IpcBatch, DestroyedSenderDropsItsDeferredFlushSafely) {
    loop::Loop loop;
    Pair p;
    int status = 1;
    {
        Sender s(p.a, batching());
        ASSERT_TRUE(s.attach(&loop).ok());
        uint8_t byte = 1;
        ASSERT_EQ(s.send(header(1), &byte, 1, [&](int st) { status = st; }), 1);
    }
    EXPECT_EQ(status, kErrClosed);
    loop.run_once(0);  // the deferred flush of the gone sender must not run
}

TEST(IpcBatch, WithoutALoopBatchingWritesAtOnce) {
    Pair p;
    Sender s(p.a, batching());
    uint8_t byte = 1;
    EXPECT_EQ(s.send(header(1), &byte, 1), 0);
    EXPECT_EQ(s.send_copy(header(2), &byte, 1), 0);
    EXPECT_EQ(s.queued_messages(), 0u);
}

}  // namespace
}  // namespace gust::ipc
