// Server metrics: the shared counter block seen from another process, histogram buckets, lag
// percentiles, and the Prometheus text exposition of them.
#include "gust/server/metrics.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

namespace gust::server::metrics {
namespace {

bool contains(const std::string &text, const std::string &line) { return text.find(line + "\n") != std::string::npos; }

TEST(Metrics, DurationBucketsAreInclusiveUpperBounds) {
    EXPECT_EQ(duration_bucket(0), 0);
    EXPECT_EQ(duration_bucket(500 * kNanosPerMicro), 0);  // le="0.0005" holds 0.5 ms exactly
    EXPECT_EQ(duration_bucket(500 * kNanosPerMicro + 1), 1);
    EXPECT_EQ(duration_bucket(3 * kNanosPerMilli), 3);  // (0.0025, 0.005]
    EXPECT_EQ(duration_bucket(10 * kNanosPerSecond), kDurationBounds - 1);
    EXPECT_EQ(duration_bucket(11 * kNanosPerSecond), kDurationBounds);  // +Inf
}

TEST(Metrics, RefusalKindsFollowTheStatus) {
    EXPECT_EQ(refusal_of_status(400), Refusal::kBadRequest);
    EXPECT_EQ(refusal_of_status(408), Refusal::kTimeout);
    EXPECT_EQ(refusal_of_status(413), Refusal::kTooLarge);
    EXPECT_EQ(refusal_of_status(431), Refusal::kTooLarge);
    EXPECT_EQ(refusal_of_status(505), Refusal::kBadRequest);
}

TEST(Metrics, WriterEscapesLabelsAndHelp) {
    TextWriter w;
    w.family("x_total", "a \\ help\nline", "counter");
    w.sample("x_total", {{"path", "a\"b\\c\nd"}}, uint64_t{3});
    w.sample("y", {}, 0.25);
    EXPECT_EQ(w.text(), "# HELP x_total a \\\\ help\\nline\n# TYPE x_total counter\n"
                        "x_total{path=\"a\\\"b\\\\c\\nd\"} 3\ny 0.25\n");
}

TEST(Metrics, CountersWrittenInAChildAreRenderedByTheParent) {
    auto made = MetricsBlock::create(3);
    ASSERT_TRUE(made.ok());
    MetricsBlock &b = *made.value();
    pid_t child = fork();
    if (child == 0) {
        WorkerLine &l = b.worker(1);
        l.pid.store(getpid());
        for (int i = 0; i < 50; ++i) MetricsBlock::record_request(l, 0, 200, 2 * kNanosPerMilli, 100, 50);
        for (int i = 0; i < 7; ++i) MetricsBlock::record_request(l, 1, 404, 20 * kNanosPerSecond, 10, 5);
        bump(l.refused[static_cast<int>(Refusal::kBadRequest)], 3);
        l.pid.store(0);
        _exit(0);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    b.worker(0).pid.store(1234);
    b.worker(0).inflight.store(1);
    b.worker(0).lag_p50_ns.store(1000000);
    b.worker(0).lag_p99_ns.store(3000000);
    bump(b.manager().restarts[static_cast<int>(ExitReason::kMaxMemory)]);
    RenderInfo info;
    info.ports = {"127.0.0.1:80", "127.0.0.1:81"};
    info.event_workers = 2;
    info.mode = "process";
    info.extra_tls_failures = 2;  // the master's threads' count (PROCESS mode)
    bump(b.worker(0).tls_failures);
    const std::string text = render(b, info);
    EXPECT_TRUE(contains(text, "# TYPE gust_http_requests_total counter")) << text;
    EXPECT_TRUE(contains(text, "gust_http_requests_total{port=\"127.0.0.1:80\"} 50")) << text;
    EXPECT_TRUE(contains(text, "gust_http_requests_total{port=\"127.0.0.1:81\"} 7")) << text;
    EXPECT_TRUE(contains(text, "gust_http_responses_total{code=\"2xx\"} 50")) << text;
    EXPECT_TRUE(contains(text, "gust_http_responses_total{code=\"4xx\"} 7")) << text;
    EXPECT_TRUE(contains(text, "gust_http_request_duration_seconds_bucket{le=\"0.001\"} 0")) << text;
    EXPECT_TRUE(contains(text, "gust_http_request_duration_seconds_bucket{le=\"0.0025\"} 50")) << text;
    EXPECT_TRUE(contains(text, "gust_http_request_duration_seconds_bucket{le=\"10\"} 50")) << text;
    EXPECT_TRUE(contains(text, "gust_http_request_duration_seconds_bucket{le=\"+Inf\"} 57")) << text;
    EXPECT_TRUE(contains(text, "gust_http_request_duration_seconds_count 57")) << text;
    EXPECT_TRUE(contains(text, "gust_http_request_duration_seconds_sum 140.09999999999999")) << text;
    EXPECT_TRUE(contains(text, "gust_http_request_bytes_total 5070")) << text;
    EXPECT_TRUE(contains(text, "gust_refused_inputs_total{kind=\"bad_request\"} 3")) << text;
    EXPECT_TRUE(contains(text, "gust_workers{state=\"busy\"} 1")) << text;
    EXPECT_TRUE(contains(text, "gust_workers{state=\"stopped\"} 1")) << text;
    EXPECT_TRUE(contains(text, "gust_worker_restarts_total{reason=\"max_memory\"} 1")) << text;
    EXPECT_TRUE(contains(text, "gust_event_loop_lag_seconds{worker=\"0\",quantile=\"0.99\"} 0.0030000000000000001"))
        << text;
    EXPECT_FALSE(contains(text, "gust_event_loop_lag_seconds{worker=\"1\",quantile=\"0.5\"} -1e-09")) << text;
    EXPECT_TRUE(contains(text, "gust_tls_handshake_failures_total 3")) << text;
}

TEST(Metrics, LagPercentilesUseTheLastSamples) {
    LagWindow lag;
    EXPECT_EQ(lag.percentile(0.5), -1);
    for (int i = 1; i <= 100; ++i) lag.add(i);
    EXPECT_EQ(lag.percentile(0.5), 50);
    EXPECT_EQ(lag.percentile(0.99), 99);
    for (int i = 0; i < static_cast<int>(LagWindow::kSize); ++i) lag.add(1000);  // the old samples roll out
    EXPECT_EQ(lag.percentile(0.5), 1000);
    EXPECT_EQ(lag.count(), LagWindow::kSize);
}

}  // namespace
}  // namespace gust::server::metrics
