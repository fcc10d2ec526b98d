// Compression speed of proto/compress.h on a 64 KiB HTML-like body: one-shot compress() per
// iteration at Swoole's http_compression_level (gzip: the zlib level; br: the mapped quality),
// plus the bounded decoder. bytes_per_second is input (plain) bytes; "ratio" = plain / compressed.
#include <benchmark/benchmark.h>

#include <random>
#include <string>

#include "gust/proto/compress.h"

namespace {

using namespace gust::proto::compress;

// A page of list items and paragraphs: tags and attributes repeat, words vary.
std::string html_page(size_t size) {
    static const char *const kWords[] = {"server", "coroutine", "request", "response", "latency", "worker",
                                         "socket", "buffer",    "header",  "content",  "stream",  "event",
                                         "timer",  "process",   "memory",  "channel",  "client",  "message"};
    std::mt19937 rng(42);
    std::string s = "<!DOCTYPE html>\n<html><head><title>Gust</title></head><body>\n";
    while (s.size() < size) {
        s += "<div class=\"card\" id=\"card-" + std::to_string(rng() % 100000) + "\">\n  <h2>";
        for (int i = 0; i < 3; ++i) s += std::string(kWords[rng() % 18]) + " ";
        s += "</h2>\n  <p>";
        const int words = 20 + static_cast<int>(rng() % 40);
        for (int i = 0; i < words; ++i) s += std::string(kWords[rng() % 18]) + (rng() % 9 ? " " : ", ");
        s += "</p>\n  <a href=\"/items/" + std::to_string(rng() % 1000) + "?ref=" + std::to_string(rng()) +
             "\">more</a>\n</div>\n";
    }
    s.resize(size);
    return s;
}

const std::string &page() {
    static const std::string p = html_page(64 * 1024);
    return p;
}

void BM_Compress(benchmark::State &state) {
    const auto encoding = static_cast<Encoding>(state.range(0));
    const int level = static_cast<int>(state.range(1));
    size_t compressed = 0;
    for (auto _ : state) {
        auto out = compress(encoding, level, page());
        compressed = out->size();
        benchmark::DoNotOptimize(out->data());
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * page().size()));
    state.counters["ratio"] = static_cast<double>(page().size()) / static_cast<double>(compressed);
    state.SetLabel(std::string(encoding_token(encoding)) + " level " + std::to_string(level) +
                   (encoding == Encoding::kBrotli ? " (quality " + std::to_string(brotli_quality(level)) + ")" : ""));
}
BENCHMARK(BM_Compress)
    ->Args({static_cast<int>(Encoding::kGzip), 1})
    ->Args({static_cast<int>(Encoding::kGzip), 4})
    ->Args({static_cast<int>(Encoding::kGzip), 6})
    ->Args({static_cast<int>(Encoding::kGzip), 8})
    ->Args({static_cast<int>(Encoding::kBrotli), 1})
    ->Args({static_cast<int>(Encoding::kBrotli), 4})
    ->Args({static_cast<int>(Encoding::kBrotli), 6})
    ->Args({static_cast<int>(Encoding::kBrotli), 8});

void BM_Decompress(benchmark::State &state) {
    const auto encoding = static_cast<Encoding>(state.range(0));
    const std::string z = compress(encoding, 6, page()).value();
    for (auto _ : state) {
        auto out = decompress(encoding, z, page().size());
        benchmark::DoNotOptimize(out->data());
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * page().size()));
    state.SetLabel(std::string(encoding_token(encoding)) + " (output bytes)");
}
BENCHMARK(BM_Decompress)->Arg(static_cast<int>(Encoding::kGzip))->Arg(static_cast<int>(Encoding::kBrotli));

}  // namespace

BENCHMARK_MAIN();
