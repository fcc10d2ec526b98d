#include "gust/coro/blocking.h"

#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "gust/base/error.h"
#include "gust/loop/loop.h"

namespace gust::coro {
namespace {

std::atomic<uint64_t> g_jobs_run{0};
std::atomic<int> g_max_threads{8};

// Shared by the parked coroutine and the worker; whoever is last frees it.
struct Job {
    std::function<void()> work;
    std::mutex mutex;
    bool abandoned = false;  // the coroutine stopped waiting (timeout/cancel)
    bool answered = false;   // the worker posted its completion to the loop
    loop::Loop *loop = nullptr;
    Coroutine *waiter = nullptr;
    Scheduler *scheduler = nullptr;
};

class Pool;
Pool *g_pool = nullptr;
// Pools left behind by fork(): their threads exist only in the parent. Kept reachable (never
// destroyed), so the child neither touches their possibly locked mutex nor reports them as leaks.
std::vector<Pool *> *g_forked_away = nullptr;
std::once_flag g_pool_once;

class Pool {
public:
    static Pool &instance() {
        std::call_once(g_pool_once, [] {
            g_pool = new Pool();  // never destroyed: workers may still be inside a job at exit
            pthread_atfork(nullptr, nullptr, [] {
                // In the child: no worker thread survived the fork; start from an empty pool.
                if (!g_forked_away) g_forked_away = new std::vector<Pool *>();
                g_forked_away->push_back(g_pool);
                g_pool = new Pool();
            });
        });
        return *g_pool;
    }
    void submit(std::shared_ptr<Job> job) {
        std::lock_guard<std::mutex> lock(mutex_);
        queue_.push_back(std::move(job));
        if (idle_ == 0 && threads_ < g_max_threads.load()) {
            ++threads_;
            // The thread starts with every signal blocked: a process-directed signal (a server's
            // SIGTERM, which the main thread reads from a signalfd) must never land on it and
            // take its default action there.
            sigset_t all, previous;
            sigfillset(&all);
            pthread_sigmask(SIG_BLOCK, &all, &previous);
            std::thread([this] { work(); }).detach();
            pthread_sigmask(SIG_SETMASK, &previous, nullptr);
        }
        cv_.notify_one();
    }
    BlockingStats stats() {
        std::lock_guard<std::mutex> lock(mutex_);
        return BlockingStats{threads_, queue_.size(), running_};
    }

private:
    void work() {
        for (;;) {
            std::shared_ptr<Job> job;
            {
                std::unique_lock<std::mutex> lock(mutex_);
                ++idle_;
                cv_.wait(lock, [this] { return !queue_.empty(); });
                --idle_;
                job = std::move(queue_.front());
                queue_.pop_front();
                ++running_;
            }
            g_jobs_run.fetch_add(1);
            job->work();
            job->work = nullptr;  // what it captured is released on this thread, not the loop's
            {
                std::lock_guard<std::mutex> lock(mutex_);
                --running_;
            }
            std::lock_guard<std::mutex> lock(job->mutex);
            if (job->abandoned) continue;
            job->answered = true;
            // Posted under the lock: the coroutine cannot abandon the job (and its loop) meanwhile.
            job->loop->post([job] {
                job->loop->remove_external_ref();
                if (!job->abandoned) job->scheduler->wake(job->waiter, 0);
            });
        }
    }

    std::mutex mutex_;
    std::condition_variable cv_;
    std::deque<std::shared_ptr<Job>> queue_;
    int threads_ = 0;
    int idle_ = 0;
    size_t running_ = 0;
};

}  // namespace

int run_blocking(std::function<void()> work, Nanos timeout, WaitInfo what) {
    Scheduler *sched = Scheduler::current();
    if (!sched || !sched->running()) return kErrNotInCoroutine;
    auto job = std::make_shared<Job>();
    job->work = std::move(work);
    job->loop = &sched->loop();
    job->waiter = sched->running();
    job->scheduler = sched;
    job->loop->add_external_ref();  // the loop must not end while a job is out
    Pool::instance().submit(job);
    int rc = sched->park(timeout, what);
    std::lock_guard<std::mutex> lock(job->mutex);
    if (rc != 0) {
        // Timed out or canceled: if the completion was already posted, the posted task sees
        // `abandoned` and only releases the loop; otherwise the worker will drop it.
        job->abandoned = true;
        if (!job->answered) job->loop->remove_external_ref();
    }
    return rc;
}

void set_blocking_threads(int max_threads) { g_max_threads.store(max_threads < 1 ? 1 : max_threads); }

BlockingStats blocking_stats() { return Pool::instance().stats(); }

uint64_t blocking_jobs_run() { return g_jobs_run.load(); }

}  // namespace gust::coro
