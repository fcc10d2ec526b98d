#include "gust/net/dns.h"

#include <netdb.h>

#include <atomic>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include "gust/coro/coroutine.h"
#include "gust/loop/loop.h"

namespace gust::net {
namespace {

std::atomic<uint64_t> g_thread_lookups{0};

// One lookup shared by the asking coroutine and the worker; whoever is last frees it.
struct Lookup {
    std::string host;
    uint16_t port;
    int family;
    std::mutex mutex;
    bool abandoned = false;  // the coroutine stopped waiting (timeout/cancel)
    bool answered = false;   // the worker posted its answer to the loop
    int gai_error = 0;
    std::vector<Address> addresses;
    loop::Loop *loop = nullptr;
    coro::Coroutine *waiter = nullptr;
    coro::Scheduler *scheduler = nullptr;
};

// A few threads, started on first use, living until process exit.
class ResolverPool {
public:
    static ResolverPool &instance() {
        static ResolverPool *pool = new ResolverPool();  // never destroyed: threads may still be in getaddrinfo
        return *pool;
    }
    void submit(std::shared_ptr<Lookup> job) {
        std::lock_guard<std::mutex> lock(mutex_);
        queue_.push_back(std::move(job));
        if (idle_ == 0 && threads_ < kMaxThreads) {
            ++threads_;
            std::thread([this] { work(); }).detach();
        }
        cv_.notify_one();
    }

private:
    static constexpr int kMaxThreads = 4;
    void work() {
        for (;;) {
            std::shared_ptr<Lookup> job;
            {
                std::unique_lock<std::mutex> lock(mutex_);
                ++idle_;
                cv_.wait(lock, [this] { return !queue_.empty(); });
                --idle_;
                job = std::move(queue_.front());
                queue_.pop_front();
            }
            run(job);
        }
    }
    static void run(const std::shared_ptr<Lookup> &job) {
        g_thread_lookups.fetch_add(1);
        addrinfo hints{};
        hints.ai_family = job->family;
        hints.ai_socktype = SOCK_STREAM;  // one entry per address, not one per socket type
        addrinfo *list = nullptr;
        int rc = getaddrinfo(job->host.c_str(), nullptr, &hints, &list);
        std::vector<Address> out;
        for (addrinfo *ai = list; rc == 0 && ai; ai = ai->ai_next) {
            Address a = Address::from_sockaddr(ai->ai_addr, ai->ai_addrlen);
            a.set_port(job->port);
            out.push_back(a);
        }
        if (list) freeaddrinfo(list);
        std::lock_guard<std::mutex> lock(job->mutex);
        if (job->abandoned) return;
        job->gai_error = rc;
        job->addresses = std::move(out);
        job->answered = true;
        // Post while holding the lock: the coroutine cannot abandon the job (and its loop) meanwhile.
        job->loop->post([job] {
            job->loop->remove_external_ref();
            if (!job->abandoned) job->scheduler->wake(job->waiter, 0);
        });
    }

    std::mutex mutex_;
    std::condition_variable cv_;
    std::deque<std::shared_ptr<Lookup>> queue_;
    int threads_ = 0;
    int idle_ = 0;
};

}  // namespace

uint64_t resolver_thread_lookups() { return g_thread_lookups.load(); }

Result<std::vector<Address>> resolve(std::string_view host, uint16_t port, const ResolveOptions &options,
                                     std::string *reason) {
    std::string name(host);
    if (name.size() > 2 && name.front() == '[' && name.back() == ']') name = name.substr(1, name.size() - 2);
    if (auto literal = Address::from_ip(name, port); literal.ok()) {
        if (options.family != AF_UNSPEC && literal.value().family() != options.family) {
            if (reason) *reason = "address family does not match";
            return Error{kErrDns};
        }
        return std::vector<Address>{literal.value()};
    }
    if (name == "localhost" || name == "localhost.") {
        std::vector<Address> out;
        if (options.family != AF_INET6) out.push_back(Address::from_ip("127.0.0.1", port).value());
        if (options.family != AF_INET) out.push_back(Address::from_ip("::1", port).value());
        return out;
    }
    if (name.empty() || name.size() > 253 || name.find('\0') != std::string::npos) {
        if (reason) *reason = "invalid host name";
        return Error{kErrDns};
    }
    coro::Scheduler *sched = coro::Scheduler::current();
    if (!sched || !sched->running()) return Error{kErrNotInCoroutine};

    auto job = std::make_shared<Lookup>();
    job->host = name;
    job->port = port;
    job->family = options.family;
    job->loop = &sched->loop();
    job->waiter = sched->running();
    job->scheduler = sched;
    job->loop->add_external_ref();
    ResolverPool::instance().submit(job);
    int rc = sched->park(options.timeout, coro::WaitInfo{"DNS", 0, "lookup"});
    std::lock_guard<std::mutex> lock(job->mutex);
    if (rc != 0) {
        // Timed out or canceled: the worker's answer (if it still comes) is dropped. If it was
        // already posted, the posted task sees `abandoned` and only releases the loop.
        job->abandoned = true;
        if (!job->answered) job->loop->remove_external_ref();
        return Error{rc};
    }
    if (job->gai_error != 0 || job->addresses.empty()) {
        if (reason) *reason = job->gai_error ? gai_strerror(job->gai_error) : "no addresses";
        return Error{kErrDns};
    }
    return std::move(job->addresses);
}

}  // namespace gust::net
