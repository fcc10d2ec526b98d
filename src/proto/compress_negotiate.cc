// Accept-Encoding negotiation (RFC 9110 §12.5.3) and the level mapping.
#include <algorithm>

#include "gust/proto/compress.h"

namespace gust::proto::compress {
namespace {

constexpr int kUnlisted = -1;  // weights are 0..1000 (thousandths)

bool is_space(char c) { return c == ' ' || c == '\t'; }

std::string_view trim(std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

bool iequals(std::string_view a, std::string_view b) {
    // b is lowercase
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return (x >= 'A' && x <= 'Z' ? static_cast<char>(x | 0x20) : x) == y;
           });
}

// qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ), in thousandths; -1 if malformed.
int parse_qvalue(std::string_view v) {
    if (v.empty() || (v[0] != '0' && v[0] != '1')) return -1;
    int q = (v[0] - '0') * 1000;
    if (v.size() == 1) return q;
    if (v[1] != '.' || v.size() > 5) return -1;
    int scale = 100;
    for (char c : v.substr(2)) {
        if (c < '0' || c > '9') return -1;
        q += (c - '0') * scale;
        scale /= 10;
    }
    return q <= 1000 ? q : -1;
}

// The weight of one element's parameters ("; q=0.5"); 1000 when there is none, -1 if malformed.
int element_weight(std::string_view params) {
    int q = 1000;
    while (!params.empty()) {
        const size_t semi = params.find(';');
        std::string_view param = trim(params.substr(0, semi));
        params = semi == std::string_view::npos ? std::string_view() : params.substr(semi + 1);
        const size_t eq = param.find('=');
        if (eq == std::string_view::npos) continue;
        if (iequals(trim(param.substr(0, eq)), "q")) q = parse_qvalue(trim(param.substr(eq + 1)));
    }
    return q;
}

}  // namespace

std::string_view encoding_token(Encoding e) {
    switch (e) {
        case Encoding::kGzip: return "gzip";
        case Encoding::kDeflate: return "deflate";
        case Encoding::kBrotli: return "br";
        case Encoding::kIdentity: break;
    }
    return "identity";
}

Encoding negotiate_encoding(std::string_view accept_encoding, EncodingSet allowed) {
    // Weights by name, kUnlisted when absent; a coding listed twice keeps its highest weight.
    int gzip = kUnlisted, deflate = kUnlisted, br = kUnlisted, identity = kUnlisted, star = kUnlisted;
    while (!accept_encoding.empty()) {
        const size_t comma = accept_encoding.find(',');
        std::string_view element = accept_encoding.substr(0, comma);
        accept_encoding = comma == std::string_view::npos ? std::string_view() : accept_encoding.substr(comma + 1);
        const size_t semi = element.find(';');
        const std::string_view name = trim(element.substr(0, semi));
        const int q = semi == std::string_view::npos ? 1000 : element_weight(element.substr(semi + 1));
        if (name.empty() || q < 0) continue;
        int *slot = nullptr;
        if (iequals(name, "gzip") || iequals(name, "x-gzip")) slot = &gzip;
        else if (iequals(name, "deflate")) slot = &deflate;
        else if (iequals(name, "br")) slot = &br;
        else if (iequals(name, "identity")) slot = &identity;
        else if (name == "*") slot = &star;
        if (slot != nullptr) *slot = std::max(*slot, q);
    }
    const std::pair<Encoding, int> by_preference[] = {
        {Encoding::kBrotli, br}, {Encoding::kGzip, gzip}, {Encoding::kDeflate, deflate}};
    Encoding best = Encoding::kIdentity;
    int best_q = 0;
    for (auto [encoding, q] : by_preference) {
        if (!(allowed & encoding_bit(encoding))) continue;
        if (q == kUnlisted) q = star == kUnlisted ? 0 : star;
        if (q > best_q) best = encoding, best_q = q;
    }
    return identity > best_q ? Encoding::kIdentity : best;
}

int zlib_level(int level) { return std::clamp(level, 1, 9); }

// Quality q costs about what zlib level q costs for 1..8 (bench/core/compress.cc); quality 9 is
// three times slower than 8 for under 1% smaller HTML, and 10..11 are offline qualities.
int brotli_quality(int level) { return std::clamp(level, 1, 8); }

}  // namespace gust::proto::compress
