// The alternative to the SOCK_SEQPACKET channels that PROCESS mode was asked to measure: a
// single-producer/single-consumer ring in shared memory, with an eventfd to wake a consumer that
// went to sleep (the producer writes it only when the consumer said it sleeps). Two processes, as
// master and worker are; 64-byte messages, as small requests are.
//   pingpong: one message there and one back, N times (latency: every hop wakes the other side);
//   stream:   N messages one way (throughput: a busy consumer is not woken per message).
// Compared with the seqpacket channel sending one record per message and one record per 64
// messages (what the batching Sender's bundles do). Prints one line per case with the wall time per
// message and the CPU both processes spent per message.
//   bench/ipc_ring [N]
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

constexpr size_t kMsg = 64;
constexpr size_t kSlots = 4096;  // a power of two

struct alignas(64) Ring {
    std::atomic<uint64_t> head{0};              // written by the producer
    alignas(64) std::atomic<uint64_t> tail{0};  // written by the consumer
    alignas(64) std::atomic<int> consumer_sleeps{0};
    alignas(64) char slots[kSlots][kMsg];
};

struct RingEnd {
    Ring *ring;
    int wake_fd;  // eventfd the consumer sleeps on
};

void ring_push(RingEnd e, const char *msg) {
    Ring &r = *e.ring;
    const uint64_t h = r.head.load(std::memory_order_relaxed);
    while (h - r.tail.load(std::memory_order_acquire) >= kSlots) {
    }  // full: the consumer is running (it only sleeps when empty)
    std::memcpy(r.slots[h % kSlots], msg, kMsg);
    r.head.store(h + 1, std::memory_order_release);
    std::atomic_thread_fence(std::memory_order_seq_cst);
    if (r.consumer_sleeps.load(std::memory_order_relaxed)) {
        const uint64_t one = 1;
        (void)!::write(e.wake_fd, &one, sizeof one);
    }
}

void ring_pop(RingEnd e, char *out) {
    Ring &r = *e.ring;
    const uint64_t t = r.tail.load(std::memory_order_relaxed);
    while (r.head.load(std::memory_order_acquire) == t) {
        // Empty: say so, look once more (a push may have missed the flag), then sleep.
        r.consumer_sleeps.store(1, std::memory_order_relaxed);
        std::atomic_thread_fence(std::memory_order_seq_cst);
        if (r.head.load(std::memory_order_acquire) == t) {
            uint64_t n;
            (void)!::read(e.wake_fd, &n, sizeof n);
        }
        r.consumer_sleeps.store(0, std::memory_order_relaxed);
    }
    std::memcpy(out, r.slots[t % kSlots], kMsg);
    r.tail.store(t + 1, std::memory_order_release);
}

double cpu_seconds(int who) {
    rusage u{};
    getrusage(who, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// Runs `child` in a forked process and `parent` here; returns wall seconds of the parent's part and
// the CPU both spent (the child's counted once it exited).
template <typename Parent, typename Child>
void measure(const char *name, size_t n, Parent parent, Child child) {
    const double cpu_before = cpu_seconds(RUSAGE_SELF) + cpu_seconds(RUSAGE_CHILDREN);
    const pid_t pid = fork();
    if (pid == 0) {
        child();
        _exit(0);
    }
    const auto t0 = std::chrono::steady_clock::now();
    parent();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    int status = 0;
    waitpid(pid, &status, 0);
    const double cpu = cpu_seconds(RUSAGE_SELF) + cpu_seconds(RUSAGE_CHILDREN) - cpu_before;
    std::printf("%-34s wall_ns_per_msg=%.0f cpu_ns_per_msg=%.0f\n", name, wall * 1e9 / n, cpu * 1e9 / n);
    std::fflush(stdout);
}

void seqpacket_pair(int sv[2]) {
    if (socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv) != 0) std::abort();
    const int buf = 4 << 20;
    for (int i = 0; i < 2; ++i) {
        setsockopt(sv[i], SOL_SOCKET, SO_SNDBUF, &buf, sizeof buf);
        setsockopt(sv[i], SOL_SOCKET, SO_RCVBUF, &buf, sizeof buf);
    }
}

}  // namespace

int main(int argc, char **argv) {
    const size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 200000;
    char msg[kMsg] = "request";
    auto *rings =
        static_cast<Ring *>(mmap(nullptr, 2 * sizeof(Ring), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0));
    if (rings == MAP_FAILED) return 1;

    {  // ring ping-pong
        new (&rings[0]) Ring();
        new (&rings[1]) Ring();
        RingEnd to_child{&rings[0], eventfd(0, 0)}, to_parent{&rings[1], eventfd(0, 0)};
        measure(
            "pingpong ring+eventfd", n,
            [&] {
                char in[kMsg];
                for (size_t i = 0; i < n; ++i) {
                    ring_push(to_child, msg);
                    ring_pop(to_parent, in);
                }
            },
            [&] {
                char in[kMsg];
                for (size_t i = 0; i < n; ++i) {
                    ring_pop(to_child, in);
                    ring_push(to_parent, in);
                }
            });
    }
    {  // seqpacket ping-pong
        int sv[2];
        seqpacket_pair(sv);
        measure(
            "pingpong seqpacket", n,
            [&] {
                char in[kMsg];
                for (size_t i = 0; i < n; ++i) {
                    (void)!::send(sv[0], msg, kMsg, 0);
                    (void)!::recv(sv[0], in, kMsg, 0);
                }
            },
            [&] {
                char in[kMsg];
                for (size_t i = 0; i < n; ++i) {
                    (void)!::recv(sv[1], in, kMsg, 0);
                    (void)!::send(sv[1], in, kMsg, 0);
                }
            });
        close(sv[0]);
        close(sv[1]);
    }
    {  // ring stream
        new (&rings[0]) Ring();
        RingEnd to_child{&rings[0], eventfd(0, 0)};
        measure(
            "stream ring+eventfd", n,
            [&] {
                for (size_t i = 0; i < n; ++i) ring_push(to_child, msg);
            },
            [&] {
                char in[kMsg];
                for (size_t i = 0; i < n; ++i) ring_pop(to_child, in);
            });
    }
    for (size_t batch : {size_t{1}, size_t{64}}) {  // seqpacket stream: a record per message, or per 64
        int sv[2];
        seqpacket_pair(sv);
        std::vector<char> big(kMsg * batch);
        const size_t records = n / batch;
        char name[64];
        std::snprintf(name, sizeof name, "stream seqpacket, %zu msg/record", batch);
        measure(
            name, records * batch,
            [&] {
                for (size_t i = 0; i < records; ++i) (void)!::send(sv[0], big.data(), big.size(), 0);
            },
            [&] {
                for (size_t i = 0; i < records; ++i) (void)!::recv(sv[1], big.data(), big.size(), 0);
            });
        close(sv[0]);
        close(sv[1]);
    }
    return 0;
}
