#include "gust/thread/value.h"

#include <unistd.h>

#include <cmath>
#include <limits>

namespace gust::thread {

Descriptor::~Descriptor() {
    if (fd >= 0) close(fd);
}

bool Value::identical(const Value &o) const {
    if (v.index() != o.v.index()) return false;
    if (auto *a = std::get_if<Array>(&v)) {
        const auto &x = **a, &y = *std::get<Array>(o.v);
        if (x.size() != y.size()) return false;
        for (size_t i = 0; i < x.size(); ++i) {
            if (!(x[i].first == y[i].first) || !x[i].second.identical(y[i].second)) return false;
        }
        return true;
    }
    return std::visit(
        [&](const auto &mine) -> bool {
            using T = std::decay_t<decltype(mine)>;
            if constexpr (std::is_same_v<T, Null>) return true;
            else if constexpr (std::is_same_v<T, Array>) return false;  // handled above
            else return mine == std::get<T>(o.v);
        },
        v);
}

namespace {
int64_t as_int(const Value &d) {
    if (auto *i = std::get_if<int64_t>(&d.v)) return *i;
    double f = std::get<double>(d.v);
    // PHP's float-to-int of an out-of-range or NaN value is platform-defined; never UB here.
    if (!std::isfinite(f) || f >= 9.2233720368547758e18 || f < -9.2233720368547758e18) return 0;
    return static_cast<int64_t>(f);
}
double as_float(const Value &d) {
    if (auto *i = std::get_if<int64_t>(&d.v)) return static_cast<double>(*i);
    return std::get<double>(d.v);
}
}  // namespace

Value increment(const Value &current, const Value &delta) {
    if (auto *i = std::get_if<int64_t>(&current.v)) {
        return Value(static_cast<int64_t>(static_cast<uint64_t>(*i) + static_cast<uint64_t>(as_int(delta))));
    }
    if (auto *f = std::get_if<double>(&current.v)) return Value(*f + as_float(delta));
    return delta;
}

Value negate(const Value &delta) {
    if (auto *i = std::get_if<int64_t>(&delta.v)) return Value(static_cast<int64_t>(0 - static_cast<uint64_t>(*i)));
    return Value(-std::get<double>(delta.v));
}

}  // namespace gust::thread
