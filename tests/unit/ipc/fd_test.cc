// Descriptors on the channel (kFlagFd, SCM_RIGHTS): a message may carry one descriptor, on every
// receive path (batched, staged, placed), between bundles of small messages, in order; a record whose
// descriptors do not match its flag is dropped with its descriptors closed, and nothing leaks.
#include <dirent.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "gust/ipc/channel.h"
#include "ipc/channel_pair.h"
#include "ipc/test_allocator.h"

namespace gust::ipc {
namespace {

using testing::Pair;
using testing::TestAllocator;

Header header(uint64_t session) {
    Header h;
    h.type = MessageType::kConnect;
    h.session_id = session;
    return h;
}

int open_fds() {
    int n = 0;
    DIR *d = ::opendir("/proc/self/fd");
    if (!d) return -1;
    while (dirent *e = ::readdir(d)) n += e->d_name[0] != '.';
    ::closedir(d);
    return n;
}

// Both ends of a pipe: a descriptor whose identity the test can check by writing through it.
struct PipeFds {
    int r = -1, w = -1;
    PipeFds() {
        int p[2];
        EXPECT_EQ(::pipe2(p, O_CLOEXEC | O_NONBLOCK), 0);
        r = p[0];
        w = p[1];
    }
    ~PipeFds() {
        ::close(r);
        ::close(w);
    }
};

// The received descriptor is the same open file: bytes written through it come out of `reader`.
void expect_same_pipe(int received_w, int reader, char tag) {
    ASSERT_GE(received_w, 0);
    ASSERT_EQ(::write(received_w, &tag, 1), 1);
    char got = 0;
    ASSERT_EQ(::read(reader, &got, 1), 1);
    EXPECT_EQ(got, tag);
    EXPECT_TRUE(::fcntl(received_w, F_GETFD) & FD_CLOEXEC);
}

struct Received {
    Header header;
    std::string bytes;
    int fd;
};

std::vector<Received> drain(Receiver &r, TestAllocator &alloc, std::vector<int> *codes = nullptr) {
    std::vector<Received> got;
    for (int i = 0; i < 10000; ++i) {
        Message m;
        const int rc = r.receive_one(&m);
        if (rc == 1) {
            got.push_back({m.header, std::string(reinterpret_cast<char *>(m.dest.data), m.size()), m.fd});
            alloc.free_block(m.dest.data);
        } else if (rc == -EAGAIN) {
            break;
        } else if (rc != 0) {
            if (codes) codes->push_back(rc);
            else ADD_FAILURE() << "receive_one: " << error_message(rc);
        }
    }
    return got;
}

// How the receiver reads: batches, one staged record at a time, or peek + place.
enum class Path { kBatch, kStaged, kPlaced };

void configure(Receiver &r, Path path) {
    if (path == Path::kBatch) r.set_batch(16);
    if (path == Path::kPlaced) r.set_staging(false);
}

class IpcFd : public ::testing::TestWithParam<Path> {};

TEST_P(IpcFd, DescriptorArrivesWithItsMessageAmongBundledOnes) {
    const int before = open_fds();
    {
        loop::Loop loop;
        Pair p;
        PipeFds pipe1, pipe2;
        SenderOptions so;
        so.batch = true;
        Sender s(p.a, so);
        ASSERT_TRUE(s.attach(&loop).ok());
        const std::string small = "small";
        ASSERT_EQ(s.send_copy(header(1), small.data(), 5), 0);
        ASSERT_EQ(s.send_copy(header(2), small.data(), 5), 0);
        ASSERT_EQ(s.send_fd(header(3), pipe1.w, "first", 5), 0);
        ASSERT_EQ(s.send_copy(header(4), small.data(), 5), 0);
        ASSERT_EQ(s.send_fd(header(5), pipe2.w, "second", 6, "!", 1), 0);
        ASSERT_EQ(s.send_copy(header(6), small.data(), 5), 0);
        loop.run_once(0);
        EXPECT_EQ(s.queued_messages(), 0u);

        TestAllocator alloc;
        Receiver r(p.b, Limits{}, &alloc);
        configure(r, GetParam());
        auto got = drain(r, alloc);
        ASSERT_EQ(got.size(), 6u);
        for (uint64_t i = 0; i < 6; ++i) EXPECT_EQ(got[i].header.session_id, i + 1);
        EXPECT_EQ(got[0].fd, -1);
        EXPECT_EQ(got[3].fd, -1);
        EXPECT_EQ(got[2].bytes, "first");
        EXPECT_TRUE(got[2].header.flags & kFlagFd);
        EXPECT_EQ(got[4].bytes, "second!");
        expect_same_pipe(got[2].fd, pipe1.r, 'a');
        expect_same_pipe(got[4].fd, pipe2.r, 'b');
        ::close(got[2].fd);
        ::close(got[4].fd);
        EXPECT_TRUE(alloc.live.empty());
    }
    EXPECT_EQ(open_fds(), before);  // the sender's duplicates are closed too
}

TEST_P(IpcFd, UnbatchedSenderWritesTheDescriptorAtOnce) {
    Pair p;
    PipeFds pipe;
    Sender s(p.a);
    ASSERT_EQ(s.send_fd(header(9), pipe.w, "x", 1), 0);
    TestAllocator alloc;
    Receiver r(p.b, Limits{}, &alloc);
    configure(r, GetParam());
    auto got = drain(r, alloc);
    ASSERT_EQ(got.size(), 1u);
    expect_same_pipe(got[0].fd, pipe.r, 'z');
    ::close(got[0].fd);
}

// Records written by hand: a descriptor without the flag, the flag without a descriptor, two
// descriptors, a descriptor on a chunk of a larger message and on a bundle. Each is dropped with
// its descriptors closed, and the good message after each still arrives.
TEST_P(IpcFd, MismatchedDescriptorsAreRefusedAndClosed) {
    const int before = open_fds();
    {
        Pair p(1 << 20);
        PipeFds pipe;
        auto write = [&](Header h, const std::string &payload, int fds) {
            h.total_len = h.total_len ? h.total_len : static_cast<uint32_t>(payload.size());
            h.chunk_len = static_cast<uint32_t>(payload.size());
            uint8_t hdr[kHeaderSize];
            encode_header(h, hdr);
            iovec iov[2] = {{hdr, kHeaderSize}, {const_cast<char *>(payload.data()), payload.size()}};
            msghdr msg{};
            msg.msg_iov = iov;
            msg.msg_iovlen = 2;
            alignas(cmsghdr) uint8_t control[CMSG_SPACE(2 * sizeof(int))];
            if (fds > 0) {
                msg.msg_control = control;
                msg.msg_controllen = CMSG_SPACE(fds * sizeof(int));
                cmsghdr *c = CMSG_FIRSTHDR(&msg);
                c->cmsg_level = SOL_SOCKET;
                c->cmsg_type = SCM_RIGHTS;
                c->cmsg_len = CMSG_LEN(fds * sizeof(int));
                int two[2] = {pipe.w, pipe.r};
                std::memcpy(CMSG_DATA(c), two, fds * sizeof(int));
            }
            ASSERT_EQ(::sendmsg(p.a, &msg, MSG_NOSIGNAL), static_cast<ssize_t>(kHeaderSize + payload.size()));
        };
        auto good = [&](uint64_t id) {
            Header h = header(id);
            write(h, "ok", 0);
        };
        Header plain = header(1);
        write(plain, "no flag", 1);
        good(100);
        Header flagged = header(2);
        flagged.flags = kFlagFd;
        write(flagged, "flag, no fd", 0);
        good(101);
        write(flagged, "two fds", 2);
        good(102);
        Header chunk = header(3);
        chunk.flags = kFlagFd;
        chunk.total_len = 100;  // the first chunk of a larger message
        write(chunk, "first chunk", 1);
        good(103);
        Header bundle;
        bundle.type = MessageType::kBundle;
        write(bundle, "", 1);
        good(104);

        TestAllocator alloc;
        Receiver r(p.b, Limits{}, &alloc);
        configure(r, GetParam());
        std::vector<int> codes;
        auto got = drain(r, alloc, &codes);
        ASSERT_EQ(got.size(), 5u);
        for (uint64_t i = 0; i < 5; ++i) {
            EXPECT_EQ(got[i].header.session_id, 100 + i);
            EXPECT_EQ(got[i].fd, -1);
        }
        EXPECT_EQ(codes.size(), 5u);
        for (int c : codes) EXPECT_EQ(c, kErrProtocol);
        EXPECT_TRUE(alloc.live.empty());
    }
    EXPECT_EQ(open_fds(), before);
}

// Records read in a batch and never handed out keep their descriptors until the Receiver goes.
TEST(IpcFdBatch, ReceiverDestroyedWithBufferedRecordsClosesTheirDescriptors) {
    const int before = open_fds();
    {
        Pair p;
        PipeFds pipe;
        Sender s(p.a);
        for (uint64_t i = 0; i < 4; ++i) ASSERT_EQ(s.send_fd(header(i), pipe.w, "x", 1), 0);
        TestAllocator alloc;
        Receiver r(p.b, Limits{}, &alloc);
        r.set_batch(8);
        Message m;
        ASSERT_EQ(r.receive_one(&m), 1);
        ::close(m.fd);
        alloc.free_block(m.dest.data);
        EXPECT_EQ(r.buffered(), 3u);
    }
    EXPECT_EQ(open_fds(), before);
}

TEST(IpcFdSender, RefusesAMessageLargerThanOneRecord) {
    Pair p;
    PipeFds pipe;
    SenderOptions so;
    so.max_chunk = 1024;
    Sender s(p.a, so);
    std::vector<char> big(2048);
    EXPECT_EQ(s.send_fd(header(1), pipe.w, big.data(), static_cast<uint32_t>(big.size())), kErrInvalid);
    EXPECT_EQ(s.send_fd(header(1), -1, "x", 1), kErrInvalid);
}

INSTANTIATE_TEST_SUITE_P(Paths, IpcFd, ::testing::Values(Path::kBatch, Path::kStaged, Path::kPlaced));

}  // namespace
}  // namespace gust::ipc
