// Sender and Receiver over real SOCK_SEQPACKET pairs: round trips of every size class,
// tiny socket buffers (EAGAIN on nearly every record), several senders sharing one socket,
// hostile records written raw, coroutine and loop-driven sending.
#include <poll.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <memory>
#include <thread>
#include <vector>

#include "gust/coro/coroutine.h"
#include "gust/ipc/channel.h"
#include "ipc/channel_pair.h"
#include "ipc/test_allocator.h"

namespace gust::ipc {
namespace {

using testing::TestAllocator;

using testing::Pair;
using testing::pattern;

Header header(MessageType type, uint64_t session, uint16_t reactor = 0, uint16_t flags = 0) {
    Header h;
    h.type = type;
    h.session_id = session;
    h.reactor_id = reactor;
    h.flags = flags;
    return h;
}

// Receives until `want` messages arrived, flushing the senders whenever the socket is empty.
std::vector<std::pair<Header, std::vector<uint8_t>>> pump(std::vector<Sender *> senders, Receiver &r,
                                                          TestAllocator &alloc, size_t want) {
    std::vector<std::pair<Header, std::vector<uint8_t>>> got;
    int idle = 0;
    while (got.size() < want) {
        Message m;
        const int rc = r.receive_one(&m);
        if (rc == 1) {
            got.emplace_back(m.header, std::vector<uint8_t>(m.dest.data, m.dest.data + m.size()));
            alloc.free_block(m.dest.data);
            idle = 0;
        } else if (rc == -EAGAIN) {
            for (Sender *s : senders) (void)s->flush();
            if (++idle > 1000) {
                ADD_FAILURE() << "stalled after " << got.size() << " messages";
                break;
            }
        } else if (rc != 0) {
            ADD_FAILURE() << "receive_one: " << error_message(rc);
            break;
        }
    }
    return got;
}

// Receive paths: 0 = peek + place, 1 = staged one record per recv, 2 = staged batches (recvmmsg).
void set_mode(Receiver &r, int mode) {
    r.set_staging(mode != 0);
    r.set_batch(mode == 2 ? 64 : 1);
}

class IpcStaging : public ::testing::TestWithParam<int> {};
INSTANTIATE_TEST_SUITE_P(ReceivePaths, IpcStaging, ::testing::Values(0, 1, 2));

TEST_P(IpcStaging, RoundTripsEverySizeClass) {
    Pair p;
    Sender s(p.a);
    TestAllocator alloc;
    Receiver r(p.b, Limits{}, &alloc);
    set_mode(r, GetParam());
    const std::vector<uint32_t> sizes = {0, 1, 64, 4096, 65535, 65536, 65537, 200000, (1u << 20) + 3};
    std::vector<std::vector<uint8_t>> payloads;
    for (size_t i = 0; i < sizes.size(); ++i) payloads.push_back(pattern(sizes[i], static_cast<uint32_t>(i)));
    for (size_t i = 0; i < sizes.size(); ++i) {
        const int rc = s.send(header(MessageType::kData, i, 1), payloads[i].data(), sizes[i]);
        ASSERT_GE(rc, 0) << error_message(rc);
    }
    auto got = pump({&s}, r, alloc, sizes.size());
    ASSERT_EQ(got.size(), sizes.size());
    for (size_t i = 0; i < sizes.size(); ++i) {
        EXPECT_EQ(got[i].first.session_id, i);
        EXPECT_EQ(got[i].first.reactor_id, 1);
        EXPECT_EQ(got[i].first.total_len, sizes[i]);
        EXPECT_TRUE(got[i].second == payloads[i]) << "size " << sizes[i];
    }
    EXPECT_EQ(alloc.allocations, sizes.size());  // once per message, whatever its chunk count
    EXPECT_TRUE(alloc.live.empty());
    EXPECT_EQ(s.queued_messages(), 0u);
}

TEST(IpcChannel, PaddedRecordsPlacePayloadAtTheReceiversAlignment) {
    Pair p;
    SenderOptions so;
    so.dest_align = 24;    // a zend_string's value
    so.max_chunk = 10000;  // rounded down to a multiple of 64
    Sender s(p.a, so);
    EXPECT_EQ(s.chunk_size(), 9984u);
    TestAllocator alloc;
    Receiver r(p.b, Limits{}, &alloc);
    auto payload = pattern(100000, 3);
    ASSERT_GE(s.send(header(MessageType::kData, 1), payload.data(), 100000), 0);
    ASSERT_GE(s.send(header(MessageType::kData, 2), payload.data(), 0), 0);
    auto got = pump({&s}, r, alloc, 2);
    ASSERT_EQ(got.size(), 2u);
    EXPECT_TRUE(got[0].second == payload);
    EXPECT_TRUE(got[1].second.empty());
}

TEST(IpcChannel, AllocatorCalledOncePerMessageWithTheFullLength) {
    Pair p;
    SenderOptions so;
    so.max_chunk = 1024;
    Sender s(p.a, so);
    TestAllocator alloc;
    Receiver r(p.b, Limits{}, &alloc);
    auto payload = pattern(102400, 7);  // 100 chunks
    ASSERT_GE(s.send(header(MessageType::kTask, 42), payload.data(), 102400), 0);
    Message m;
    int rc;
    int chunks = 0;
    while ((rc = r.receive_one(&m)) != 1) {
        ASSERT_TRUE(rc == 0 || rc == -EAGAIN) << error_message(rc);
        if (rc == 0) {
            ++chunks;
            EXPECT_EQ(alloc.allocations, 1u);
            EXPECT_EQ(alloc.last_size, 102400u);
        } else {
            (void)s.flush();
        }
    }
    EXPECT_EQ(chunks, 99);
    EXPECT_EQ(alloc.allocations, 1u);
    EXPECT_EQ(m.header.type, MessageType::kTask);
    EXPECT_EQ(0, std::memcmp(m.dest.data, payload.data(), payload.size()));
    alloc.free_block(m.dest.data);
}

TEST(IpcChannel, TinySocketBuffersQueueAndShrinkChunks) {
    Pair p(4096);  // the kernel rounds this up, but a 64 KiB record can never fit
    Sender s(p.a);
    TestAllocator alloc;
    Receiver r(p.b, Limits{}, &alloc);
    std::vector<std::vector<uint8_t>> payloads;
    int done_ok = 0, queued = 0;
    for (uint32_t i = 0; i < 20; ++i) {
        payloads.push_back(pattern(30000 + i * 997, i));
    }
    for (uint32_t i = 0; i < 20; ++i) {
        const int rc = s.send(header(MessageType::kData, i), payloads[i].data(),
                              static_cast<uint32_t>(payloads[i].size()), [&](int status) { done_ok += status == 0; });
        ASSERT_GE(rc, 0) << error_message(rc);
        queued += rc == 1;
    }
    EXPECT_GT(s.queued_messages(), 0u);
    EXPECT_LT(s.chunk_size(), 64u << 10);
    auto got = pump({&s}, r, alloc, 20);
    ASSERT_EQ(got.size(), 20u);
    for (uint32_t i = 0; i < 20; ++i) EXPECT_TRUE(got[i].second == payloads[i]) << i;
    EXPECT_EQ(done_ok, queued);  // `done` runs exactly for the messages that were queued
    EXPECT_EQ(s.queued_messages(), 0u);
    EXPECT_EQ(s.queued_bytes(), 0u);
    EXPECT_EQ(alloc.allocations, 20u);
}

TEST(IpcChannel, SendersSharingOneSocketInterleaveWholeRecords) {
    Pair p(8192);
    SenderOptions so;
    so.max_chunk = 1500;
    Sender s0(p.a, so), s1(p.a, so), s2(p.a, so);
    Sender *senders[] = {&s0, &s1, &s2};
    TestAllocator alloc;
    Receiver r(p.b, Limits{}, &alloc);
    std::map<std::pair<uint16_t, uint64_t>, std::vector<uint8_t>> sent;
    for (uint16_t reactor = 0; reactor < 3; ++reactor) {
        for (uint64_t session = 0; session < 10; ++session) {
            // Same session ids on every reactor: the key includes the reactor.
            auto &v = sent[{reactor, session}] =
                pattern(5000 + session * 313, reactor * 100u + static_cast<uint32_t>(session));
            ASSERT_GE(senders[reactor]->send(header(MessageType::kData, session, reactor), v.data(),
                                             static_cast<uint32_t>(v.size())),
                      0);
        }
    }
    size_t max_pending = 0, turn = 0;
    std::vector<std::pair<Header, std::vector<uint8_t>>> got;
    while (got.size() < 30) {
        Message m;
        const int rc = r.receive_one(&m);
        max_pending = std::max(max_pending, r.assembler().pending_messages());
        // Each freed slot goes to the next sender in turn, so their chunks interleave.
        (void)senders[turn++ % 3]->flush();
        if (rc == 1) {
            got.emplace_back(m.header, std::vector<uint8_t>(m.dest.data, m.dest.data + m.size()));
            alloc.free_block(m.dest.data);
        } else if (rc == -EAGAIN) {
            for (Sender *s : senders) (void)s->flush();
        } else {
            ASSERT_EQ(rc, 0) << error_message(rc);
        }
    }
    EXPECT_GT(max_pending, 1u);  // chunks of several messages really were in flight together
    for (auto &[h, bytes] : got) EXPECT_TRUE((bytes == sent[std::make_pair(h.reactor_id, h.session_id)]));
    EXPECT_EQ(alloc.allocations, 30u);
}

TEST(IpcChannel, ThreadsSharingOneSocket) {
    Pair p(16384);
    constexpr int kThreads = 2, kMessages = 200;
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([fd = p.a, t] {
            SenderOptions so;
            so.max_chunk = 2000;
            Sender s(fd, so);
            for (int i = 0; i < kMessages; ++i) {
                auto v = pattern(static_cast<size_t>(100 + i * 37), static_cast<uint32_t>(t * 1000 + i));
                int rc = s.send(header(MessageType::kData, static_cast<uint64_t>(i), static_cast<uint16_t>(t)),
                                v.data(), static_cast<uint32_t>(v.size()));
                ASSERT_GE(rc, 0);
                while (s.flush() == -EAGAIN) {
                    pollfd pfd{fd, POLLOUT, 0};
                    ::poll(&pfd, 1, 1000);
                }
            }
        });
    }
    TestAllocator alloc;
    Receiver r(p.b, Limits{}, &alloc);
    int received = 0;
    int next[kThreads] = {};
    while (received < kThreads * kMessages) {
        Message m;
        const int rc = r.receive_one(&m);
        if (rc == -EAGAIN) {
            pollfd pfd{p.b, POLLIN, 0};
            ::poll(&pfd, 1, 1000);
            continue;
        }
        ASSERT_GE(rc, 0) << error_message(rc);
        if (rc == 0) continue;
        const int t = m.header.reactor_id;
        ASSERT_LT(t, kThreads);
        EXPECT_EQ(m.header.session_id, static_cast<uint64_t>(next[t]));  // per-sender order kept
        auto v = pattern(static_cast<size_t>(100 + next[t] * 37), static_cast<uint32_t>(t * 1000 + next[t]));
        EXPECT_EQ(m.size(), v.size());
        EXPECT_EQ(0, std::memcmp(m.dest.data, v.data(), v.size()));
        alloc.free_block(m.dest.data);
        ++next[t];
        ++received;
    }
    for (auto &th : threads) th.join();
}

// ---- hostile records written raw

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
    Header h = header(MessageType::kData, session);
    h.total_len = total;
    h.chunk_offset = offset;
    h.chunk_len = len;
    return h;
}

// Every hostile record is tried on every receive path (peek + place, staged, staged batches).
struct Hostile : ::testing::TestWithParam<int> {
    Hostile() { set_mode(r, GetParam()); }
    Pair p;
    TestAllocator alloc;
    Limits limits = [] {
        Limits l;
        l.max_payload = 1 << 20;
        l.max_chunk = 4096;
        return l;
    }();
    Receiver r{p.b, limits, &alloc};
    std::vector<uint8_t> bytes = pattern(8192, 1);

    // The bad record is consumed, reported with `code`, and a good message still gets through.
    void expect_refused(int code) {
        Message m;
        EXPECT_EQ(r.receive_one(&m), code);
        send_raw(p.a, raw(999, 10, 0, 10), bytes.data(), 10);
        ASSERT_EQ(r.receive_one(&m), 1);
        EXPECT_EQ(m.header.session_id, 999u);
        alloc.free_block(m.dest.data);
        EXPECT_EQ(r.receive_one(&m), -EAGAIN);
    }
    ~Hostile() override { EXPECT_TRUE(alloc.live.empty()); }
};

INSTANTIATE_TEST_SUITE_P(ReceivePaths, Hostile, ::testing::Values(0, 1, 2));

TEST_P(Hostile, RecordShorterThanAHeader) {
    ASSERT_EQ(::send(p.a, "hello", 5, MSG_NOSIGNAL), 5);
    expect_refused(kErrProtocol);
    EXPECT_EQ(alloc.allocations, 1u);  // only the good message
}

TEST_P(Hostile, BadVersion) {
    uint8_t hdr[kHeaderSize];
    encode_header(raw(1, 10, 0, 10), hdr);
    hdr[2] = 2;
    ASSERT_EQ(::send(p.a, hdr, sizeof hdr, MSG_NOSIGNAL), static_cast<ssize_t>(sizeof hdr));
    Message m;
    EXPECT_EQ(r.receive_one(&m), kErrProtocol);
    EXPECT_EQ(r.last_header_error(), HeaderError::kBadVersion);
    expect_refused(-EAGAIN);
}

TEST_P(Hostile, UnknownType) {
    uint8_t hdr[kHeaderSize];
    encode_header(raw(1, 0, 0, 0), hdr);
    hdr[3] = 200;
    ASSERT_EQ(::send(p.a, hdr, sizeof hdr, MSG_NOSIGNAL), static_cast<ssize_t>(sizeof hdr));
    Message m;
    EXPECT_EQ(r.receive_one(&m), kErrProtocol);
    EXPECT_EQ(r.last_header_error(), HeaderError::kUnknownType);
    expect_refused(-EAGAIN);
}

TEST_P(Hostile, LengthOverMaximumNeverAllocates) {
    send_raw(p.a, raw(1, 0xffffffffu, 0, 100), bytes.data(), 100);
    Message m;
    EXPECT_EQ(r.receive_one(&m), kErrLimit);
    EXPECT_EQ(r.last_header_error(), HeaderError::kTooLarge);
    EXPECT_EQ(alloc.allocations, 0u);
    expect_refused(-EAGAIN);
}

TEST_P(Hostile, ChunkInconsistentWithHeader) {
    send_raw(p.a, raw(1, 100, 90, 20), bytes.data(), 20);  // past the end
    Message m;
    EXPECT_EQ(r.receive_one(&m), kErrProtocol);
    EXPECT_EQ(r.last_header_error(), HeaderError::kChunkOutOfRange);
    send_raw(p.a, raw(2, 100, 40, 20), bytes.data(), 20);  // never started
    EXPECT_EQ(r.receive_one(&m), kErrProtocol);
    EXPECT_EQ(r.assembler().last_error(), AssembleError::kNoFirstChunk);
    send_raw(p.a, raw(3, 100, 0, 20), bytes.data(), 20);
    EXPECT_EQ(r.receive_one(&m), 0);
    send_raw(p.a, raw(3, 100, 30, 20), bytes.data(), 20);  // hole
    EXPECT_EQ(r.receive_one(&m), kErrProtocol);
    EXPECT_EQ(r.assembler().last_error(), AssembleError::kOutOfOrder);
    EXPECT_EQ(alloc.releases, 1u);
    expect_refused(-EAGAIN);
}

TEST_P(Hostile, RecordShorterThanItsHeaderSays) {
    send_raw(p.a, raw(1, 100, 0, 100), bytes.data(), 60);
    Message m;
    EXPECT_EQ(r.receive_one(&m), kErrProtocol);
    EXPECT_EQ(r.assembler().last_error(), AssembleError::kRecordLength);
    expect_refused(-EAGAIN);
}

TEST_P(Hostile, PadNotPresentInTheRecord) {
    Header h = raw(1, 100, 0, 100);
    h.pad = 20;
    send_raw(p.a, h, bytes.data(), 100);  // no pad bytes: 20 short
    Message m;
    EXPECT_EQ(r.receive_one(&m), kErrProtocol);
    EXPECT_EQ(r.assembler().last_error(), AssembleError::kRecordLength);
    expect_refused(-EAGAIN);
}

TEST_P(Hostile, RecordLongerThanItsHeaderSays) {
    send_raw(p.a, raw(1, 1000, 0, 100), bytes.data(), 300);  // multi-chunk: pending entry dropped too
    Message m;
    EXPECT_EQ(r.receive_one(&m), kErrProtocol);
    EXPECT_EQ(r.assembler().last_error(), AssembleError::kRecordLength);
    EXPECT_EQ(r.assembler().pending_messages(), 0u);
    expect_refused(-EAGAIN);
}

TEST_P(Hostile, ChunkOverConfiguredMaximum) {
    send_raw(p.a, raw(1, 8192, 0, 8192), bytes.data(), 8192);
    Message m;
    EXPECT_EQ(r.receive_one(&m), kErrLimit);
    EXPECT_EQ(r.last_header_error(), HeaderError::kChunkTooLarge);
    EXPECT_EQ(alloc.allocations, 0u);
    expect_refused(-EAGAIN);
}

TEST_P(Hostile, RefusedAllocationSkipsTheWholeMessage) {
    alloc.refuse = [](const Header &h, uint32_t) { return h.session_id == 5; };
    for (uint32_t off = 0; off < 8192; off += 4096) send_raw(p.a, raw(5, 8192, off, 4096), bytes.data() + off, 4096);
    Message m;
    EXPECT_EQ(r.receive_one(&m), kErrLimit);
    EXPECT_EQ(r.assembler().last_error(), AssembleError::kAllocatorRefused);
    EXPECT_EQ(r.receive_one(&m), 0);  // the second chunk is skipped, not an error
    EXPECT_EQ(r.assembler().pending_messages(), 0u);
    expect_refused(-EAGAIN);
}

TEST_P(Hostile, PeerClosed) {
    ::close(p.a);
    p.a = -1;
    Message m;
    EXPECT_EQ(r.receive_one(&m), kErrClosed);
}

// ---- coroutines and the loop

TEST(IpcChannel, CoroutineSendAndReceiveThroughTinyBuffers) {
    loop::Loop loop;
    coro::Scheduler sched(loop);
    Pair p(4096);
    auto payload = pattern(3u << 20, 11);
    TestAllocator alloc;
    bool checked = false;
    (void)sched.create([&] {
        Receiver r(p.b, Limits{}, &alloc);
        for (int i = 0; i < 3; ++i) {
            auto m = r.co_receive(10 * kNanosPerSecond);
            ASSERT_TRUE(m.ok()) << m.error().message();
            EXPECT_EQ(m.value().header.session_id, static_cast<uint64_t>(i));
            const uint32_t size = i == 1 ? 0 : static_cast<uint32_t>(payload.size());
            ASSERT_EQ(m.value().size(), size);
            EXPECT_EQ(0, std::memcmp(m.value().dest.data, payload.data(), size));
            alloc.free_block(m.value().dest.data);
        }
        checked = true;
    });
    (void)sched.create([&] {
        Sender s(p.a);
        for (int i = 0; i < 3; ++i) {
            const uint32_t size = i == 1 ? 0 : static_cast<uint32_t>(payload.size());
            Status st = s.co_send(header(MessageType::kPipeMessage, static_cast<uint64_t>(i)), payload.data(), size,
                                  10 * kNanosPerSecond);
            ASSERT_TRUE(st.ok()) << st.message();
        }
    });
    sched.run();
    EXPECT_TRUE(checked);
    EXPECT_EQ(alloc.allocations, 3u);
}

TEST(IpcChannel, CoroutineReceiveTimesOut) {
    loop::Loop loop;
    coro::Scheduler sched(loop);
    Pair p;
    TestAllocator alloc;
    int code = 0;
    (void)sched.create([&] {
        Receiver r(p.b, Limits{}, &alloc);
        auto m = r.co_receive(kNanosPerSecond / 100);
        code = m.code();
    });
    sched.run();
    EXPECT_EQ(code, kErrTimedOut);
}

TEST(IpcChannel, LoopDrivesQueuedMessages) {
    loop::Loop loop;
    coro::Scheduler sched(loop);
    Pair p(4096);
    Sender s(p.a);
    ASSERT_TRUE(s.attach(&loop).ok());
    std::vector<std::vector<uint8_t>> payloads;
    for (uint32_t i = 0; i < 10; ++i) payloads.push_back(pattern(50000 + i, i));
    int completions = 0;
    for (uint32_t i = 0; i < 10; ++i) {
        const int rc = s.send(header(MessageType::kData, i), payloads[i].data(),
                              static_cast<uint32_t>(payloads[i].size()), [&](int status) {
                                  EXPECT_EQ(status, 0);
                                  ++completions;
                              });
        ASSERT_EQ(rc, 1);  // the first already fills the tiny buffer; all are queued
    }
    TestAllocator alloc;
    int received = 0;
    (void)sched.create([&] {
        Receiver r(p.b, Limits{}, &alloc);
        for (uint32_t i = 0; i < 10; ++i) {
            auto m = r.co_receive(10 * kNanosPerSecond);
            ASSERT_TRUE(m.ok()) << m.error().message();
            EXPECT_EQ(0, std::memcmp(m.value().dest.data, payloads[i].data(), payloads[i].size()));
            alloc.free_block(m.value().dest.data);
            ++received;
        }
    });
    sched.run();
    EXPECT_EQ(received, 10);
    EXPECT_EQ(completions, 10);
    EXPECT_EQ(s.queued_messages(), 0u);
}

TEST(IpcChannel, QueueBoundsRefuseWithoutQueueing) {
    Pair p(4096);
    SenderOptions so;
    so.max_queued_messages = 2;
    so.max_queued_bytes = 100000;
    Sender s(p.a, so);
    auto v = pattern(60000, 1);
    EXPECT_EQ(s.send(header(MessageType::kData, 1), v.data(), 60000), 1);          // partly written, rest queued
    EXPECT_EQ(s.send(header(MessageType::kData, 2), v.data(), 60000), kErrLimit);  // bytes bound
    EXPECT_EQ(s.send(header(MessageType::kData, 3), v.data(), 1000), 1);
    EXPECT_EQ(s.send(header(MessageType::kData, 4), v.data(), 10), kErrLimit);  // message bound
    EXPECT_EQ(s.queued_messages(), 2u);
    EXPECT_LE(s.queued_bytes(), 61000u);
}

// The peer reads whatever arrives while `s` flushes, until the queue is empty (bounded).
void drain_into_peer(Pair &p, Sender &s) {
    std::vector<uint8_t> sink(1 << 17);
    for (int i = 0; i < 200 && s.queued_messages() > 0; ++i) {
        while (::recv(p.b, sink.data(), sink.size(), MSG_DONTWAIT) > 0) {
        }
        (void)s.flush();
    }
}

// A sender with 60,000-byte messages, queue bounds of `messages` and 100,000 bytes, counting on_room calls.
struct RoomSender {
    Pair p{4096};
    SenderOptions so;
    std::unique_ptr<Sender> s;
    int rooms = 0;
    std::vector<uint8_t> v = pattern(60000, 1);
    explicit RoomSender(size_t messages) {
        so.max_queued_messages = messages;
        so.max_queued_bytes = 100000;
        s = std::make_unique<Sender>(p.a, so);
        s->on_room([this] { ++rooms; });
    }
};

TEST(IpcChannel, RoomIsReportedOnceAfterARefusalWhenTheQueueDrains) {
    RoomSender r(4);
    Pair &p = r.p;
    Sender &s = *r.s;
    int &rooms = r.rooms;
    auto &v = r.v;
    EXPECT_EQ(s.send(header(MessageType::kData, 1), v.data(), 60000), 1);
    EXPECT_EQ(s.flush(), -EAGAIN);
    EXPECT_EQ(rooms, 0);  // nothing was refused: nothing is owed
    EXPECT_EQ(s.send(header(MessageType::kData, 2), v.data(), 60000), kErrLimit);
    EXPECT_EQ(s.flush(), -EAGAIN);  // the peer reads nothing: still full
    EXPECT_EQ(rooms, 0);
    // The peer reads everything: the queue empties and the refusal is answered, once.
    drain_into_peer(p, s);
    EXPECT_EQ(s.queued_messages(), 0u);
    EXPECT_EQ(rooms, 1);
    EXPECT_EQ(s.flush(), 0);
    EXPECT_EQ(rooms, 1);
}

TEST(IpcChannel, WaitableSendsLeaveHalfTheBoundsToOthers) {
    RoomSender r(8);
    Pair &p = r.p;
    Sender &s = *r.s;
    int &rooms = r.rooms;
    auto &v = r.v;
    EXPECT_EQ(s.admit_waitable(60000), 0);  // an empty queue takes anything
    EXPECT_EQ(s.send(header(MessageType::kData, 1), v.data(), 60000), 1);
    EXPECT_EQ(s.admit_waitable(100), kErrLimit);  // past half the bytes
    // What cannot wait still fits in the other half.
    EXPECT_EQ(s.send(header(MessageType::kData, 2), v.data(), 30000), 1);
    drain_into_peer(p, s);
    EXPECT_EQ(rooms, 1);
    EXPECT_EQ(s.admit_waitable(50000), 0);
}

TEST(IpcChannel, DestroyedSenderCompletesQueuedMessagesWithClosed) {
    Pair p(4096);
    auto v = pattern(100000, 1);
    std::vector<int> statuses;
    {
        Sender s(p.a);
        EXPECT_EQ(s.send(header(MessageType::kData, 1), v.data(), 100000, [&](int st) { statuses.push_back(st); }), 1);
        EXPECT_EQ(s.send(header(MessageType::kData, 2), v.data(), 10, [&](int st) { statuses.push_back(st); }), 1);
    }
    EXPECT_EQ(statuses, (std::vector<int>{kErrClosed, kErrClosed}));
}

TEST(IpcChannel, SendToClosedPeerFails) {
    Pair p;
    ::close(p.b);
    p.b = -1;
    Sender s(p.a);
    uint8_t byte = 0;
    EXPECT_EQ(s.send(header(MessageType::kData, 1), &byte, 1), -EPIPE);
}

}  // namespace
}  // namespace gust::ipc
