#include <cstdio>
#include "gust/coro/channel.h"
using namespace gust;
int main() {
    loop::Loop loop;
    coro::Scheduler sched(loop);
    coro::Channel<int> results(3);
    for (int ms : {30, 10, 20}) {  // three coroutines sleep concurrently...
        (void)sched.create([&, ms] {
            sched.sleep(ms * kNanosPerMilli);
            (void)results.push(ms);
        });
    }
    (void)sched.create([&] {
        for (int i = 0; i < 3; ++i) printf("woke after %d ms\n", results.pop().value());
    });
    sched.run();  // ...so this takes 30 ms, not 60
}
