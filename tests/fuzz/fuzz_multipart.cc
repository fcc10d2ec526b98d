// multipart/form-data parser. Input: one byte of options (low 3 bits: boundary
// length 1..8; bit 3: tight limits), the boundary, then the body. Properties:
// never reads outside the body (exact-size copy under ASan); every part's data
// lies inside the body, after the previous part's; filenames are basenames;
// the parser ends in kDone or a reasoned error and stays there; parsing twice
// gives the same answers. The same input is also read as a Content-Type.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "gust/proto/multipart.h"

using namespace gust;
using namespace gust::proto::multipart;

static void check(bool ok) {
    if (!ok) abort();
}

static bool inside(std::string_view v, std::string_view whole) {
    return v.data() >= whole.data() && v.data() + v.size() <= whole.data() + whole.size();
}

struct Seen {
    std::string name, filename, raw_filename, content_type;
    const char *data;
    size_t size;
    bool has_filename;
    bool operator==(const Seen &) const = default;
};

static std::vector<Seen> run(std::string_view body, std::string_view boundary, const Limits &limits, int *rc) {
    std::vector<Seen> seen;
    Parser parser(body, boundary, limits);
    Part part;
    const char *last_end = body.data();
    while ((*rc = parser.next(&part)) == Parser::kPart) {
        check(inside(part.data, body));
        check(part.data.data() >= last_end);
        last_end = part.data.data() + part.data.size();
        check(inside(part.content_type, body) || part.content_type == "text/plain");
        check(part.filename.find_first_of("/\\") == std::string_view::npos);
        check(part.filename != "." && part.filename != "..");
        check(part.raw_filename.ends_with(part.filename));
        check(part.has_filename || part.raw_filename.empty());
        seen.push_back({std::string(part.name), std::string(part.filename), std::string(part.raw_filename),
                        std::string(part.content_type), part.data.data(), part.data.size(), part.has_filename});
    }
    check(*rc == Parser::kDone || ((*rc == -kErrProtocol || *rc == -kErrLimit) && parser.reason()));
    check(parser.parts() == seen.size() && seen.size() <= limits.max_parts);
    check(parser.next(&part) == *rc);  // finished or failed for good
    return seen;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    {
        const std::vector<char> ct(data, data + size);
        const std::string_view whole(ct.data(), ct.size());
        const char *why = nullptr;
        auto b = boundary_from_content_type(whole, &why);
        if (b.ok()) {
            check(inside(*b, whole) && !b->empty() && b->size() <= kMaxBoundaryLength);
            check(b->find_first_of(std::string_view("\r\n\0\\\"", 5)) == std::string_view::npos);
        } else {
            check(why != nullptr);
        }
    }
    if (size < 1) return 0;
    const size_t blen = (data[0] & 7) + 1;
    if (size < 1 + blen) return 0;
    Limits limits;
    if (data[0] & 8) {
        limits.max_parts = 4;
        limits.max_header_bytes = 64;
    }
    const std::string boundary(reinterpret_cast<const char *>(data + 1), blen);
    // Exact-size copy so ASan catches any read past the end.
    const std::vector<char> input(data + 1 + blen, data + size);
    const std::string_view body(input.data(), input.size());

    int rc1 = 0, rc2 = 0;
    const std::vector<Seen> first = run(body, boundary, limits, &rc1);
    const std::vector<Seen> second = run(body, boundary, limits, &rc2);
    check(rc1 == rc2 && first == second);
    return 0;
}
