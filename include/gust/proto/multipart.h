// multipart/form-data (RFC 7578 over RFC 2046 §5.1) for request bodies held
// whole in memory: the server buffers the body, then walks its parts once.
// Pure code over bytes, zero-copy: every part's data is a view into the body.
//
// Use:
//     const char *why = nullptr;
//     auto boundary = multipart::boundary_from_content_type(content_type, &why);
//     if (!boundary) -> 400 (why says what is wrong)
//     multipart::Parser parser(body, *boundary);
//     multipart::Part part;
//     int rc;
//     while ((rc = parser.next(&part)) == multipart::Parser::kPart) { ...use part... }
//     if (rc < 0) -> 400 / 413 (parser.reason() says why)
//
// The body is: a preamble (ignored), "--boundary" at the start of the body or
// after a CRLF, then parts separated by the delimiter CRLF "--boundary", and
// after the last part the close delimiter CRLF "--boundary--", then an
// epilogue (ignored). Each delimiter may be followed by spaces/tabs before its
// CRLF. Each part is header lines ending in CRLF, an empty line, then the data.
// A delimiter followed by anything else, a missing close delimiter, a part
// without `Content-Disposition: form-data; name=...`, a duplicate
// Content-Disposition/Content-Type or name/filename parameter, a folded or bare
// CR/LF/NUL header line are refused: one reading or none.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "gust/base/result.h"

namespace gust::proto::multipart {

// RFC 2046: a boundary is 1 to 70 characters.
constexpr size_t kMaxBoundaryLength = 70;

// The boundary parameter of a Content-Type such as
// `multipart/form-data; charset=utf-8; boundary="----abc"`: quoted or not, the
// parameter name in any case, other parameters skipped. The view points into
// `content_type`. Error -kErrProtocol (and `*reason`, when given) when it is
// missing, duplicated, empty, over 70 characters or holds characters RFC 2046
// does not allow. The media type itself is not checked: that is the caller's.
Result<std::string_view> boundary_from_content_type(std::string_view content_type, const char **reason = nullptr);

struct Limits {
    size_t max_parts = 1024;             // more parts: -kErrLimit
    size_t max_header_bytes = 8 * 1024;  // one part's header block, blank line included: -kErrLimit
};

struct Part {
    // The name parameter of Content-Disposition (quoted-string escapes undone).
    std::string_view name;
    // True when the part has a filename parameter: a file field, even when the
    // name is empty (a browser sends filename="" for a file input left empty).
    bool has_filename = false;
    // The filename reduced to its basename: whatever stands before the last '/'
    // or '\' is dropped (browsers on Windows used to send full paths). Empty when
    // absent, when nothing is left, or when it was "." or "..".
    std::string_view filename;
    // The filename as sent (escapes undone), before the reduction; for PHP's full_path.
    std::string_view raw_filename;
    // The part's Content-Type, trimmed; "text/plain" when it has none (RFC 7578 §4.4).
    std::string_view content_type;
    // The part's bytes: a view into the body, may be empty, may hold anything.
    std::string_view data;
};

class Parser {
public:
    enum Status : int {
        kDone = 0,  // the close delimiter was reached; no more parts
        kPart = 1,  // *part describes the next part
    };

    // `body` must outlive the parser and every Part it hands out; `boundary` (as
    // from boundary_from_content_type) is copied.
    Parser(std::string_view body, std::string_view boundary, const Limits &limits = {});

    // The next part: kPart, kDone, or -kErrProtocol (malformed) / -kErrLimit (a
    // limit hit), with reason() set; a failed parser keeps failing, a finished one
    // keeps answering kDone. `data` always views the body; name, filename and
    // raw_filename view the body or, when escapes were undone, the parser's own
    // storage, valid until the next call (do not move the parser meanwhile).
    int next(Part *part);

    // Parts handed out so far.
    size_t parts() const { return parts_; }
    // Why next() failed, for the log line; nullptr when it did not.
    const char *reason() const { return reason_; }

private:
    enum class State : unsigned char { kStart, kAfterDelimiter, kDone, kFailed };

    int fail(int code, const char *reason);
    int parse_headers(Part *part);
    int parse_disposition(std::string_view value, Part *part);

    std::string_view body_;
    std::string delimiter_;  // "\r\n--" + boundary
    Limits limits_;
    State state_ = State::kStart;
    size_t pos_ = 0;  // just after the last delimiter seen
    size_t parts_ = 0;
    const char *reason_ = nullptr;
    int code_ = 0;                  // the error a failed parser repeats
    std::string name_storage_;      // name with escapes undone, when it had any
    std::string filename_storage_;  // likewise for the filename
};

}  // namespace gust::proto::multipart
