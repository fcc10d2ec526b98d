// Request-target → relative file path. Properties: an accepted path has no
// "..", "." or empty segment, no leading or trailing '/', no NUL, no
// backslash; normalising it again (with or without a leading '/') gives it
// back; a refusal always carries a reason; the answer is deterministic; every
// accepted path lies under the locations made of its own leading segments.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "gust/proto/http_path.h"

using namespace gust;
using namespace gust::proto::http;

static void check(bool ok) {
    if (!ok) abort();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const std::vector<char> input(data, data + size);  // exact size: ASan sees overreads
    const std::string_view target(input.data(), input.size());
    const char *why = nullptr;
    auto r = static_file_path(target, &why);
    auto again = static_file_path(target);
    check(r.ok() == again.ok());
    if (!r.ok()) {
        check(why != nullptr && r.code() == -kErrProtocol && again.code() == r.code());
        return 0;
    }
    const std::string &path = *r;
    check(*again == path);
    check(path.find('\0') == std::string::npos && path.find('\\') == std::string::npos);
    check(path.empty() || (path.front() != '/' && path.back() != '/'));
    size_t pos = 0;
    while (!path.empty() && pos <= path.size()) {
        size_t slash = path.find('/', pos);
        if (slash == std::string::npos) slash = path.size();
        const std::string_view segment(path.data() + pos, slash - pos);
        check(!segment.empty() && segment != "." && segment != "..");
        check(location_matches(path, std::string_view(path.data(), slash)));
        check(location_matches("/" + path, "/" + std::string(path, 0, slash) + "/"));
        pos = slash + 1;
    }
    auto renorm = normalize_path(path);
    check(renorm.ok() && *renorm == path);
    auto rooted = normalize_path("/" + path);
    check(rooted.ok() && *rooted == path);
    return 0;
}
