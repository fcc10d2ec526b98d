// Address parsing: never crashes, and whatever parses formats back to text
// that parses to the same address (parse -> to_string -> parse round trip).
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "gust/net/address.h"

using gust::net::Address;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const std::string text(reinterpret_cast<const char *>(data), size);
    auto parsed = Address::parse(text);
    if (!parsed.ok()) return 0;
    const Address &a = parsed.value();
    const std::string formatted = a.to_string();
    auto again = Address::parse(formatted);
    if (!again.ok() || !(again.value() == a) || again.value().to_string() != formatted) abort();
    (void)gust::net::split_host_port(text);
    return 0;
}
