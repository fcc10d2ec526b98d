// Request-target → safe relative file path, for the static file handler
// (document_root + enable_static_handler + static_handler_locations). Pure code
// over bytes: it never touches the file system, so symlinks inside the document
// root are the caller's business (realpath + prefix check if they matter).
//
// What static_file_path() does, in order:
//   1. drops the query ("?...") and the fragment ("#...");
//   2. requires what is left to start with '/' (origin-form; the caller strips
//      "http://host" from an absolute-form target first);
//   3. percent-decodes exactly once, so "%252e%252e" becomes the literal file
//      name "%2e%2e", never "..";
//   4. refuses a NUL (raw or %00), a bad escape ('%' not followed by two hex
//      digits) and any backslash (raw or %5C);
//   5. removes "." segments, empty segments ("//") and a trailing '/', and lets
//      ".." remove the segment before it (RFC 3986 §5.2.4); a ".." with nothing
//      left to remove would climb above the root and is REFUSED, not clamped.
// The answer is relative, segments joined by '/': "a/c.txt" for
// "/a/b/../c.txt?x=1", "" for the root. Any refusal is -kErrProtocol with a
// reason: answer 400 (or let the request through to the application).
#pragma once

#include <string>
#include <string_view>

#include "gust/base/result.h"

namespace gust::proto::http {

// The relative file path a request-target names, or -kErrProtocol (and *reason,
// when given) when it must not be served from disk. See above.
Result<std::string> static_file_path(std::string_view target, const char **reason = nullptr);

// Step 5 alone, on a path that is already decoded (no percent-decoding here):
// leading '/' optional, the answer relative. Refuses NUL, backslash and climbing
// above the root like static_file_path(). Idempotent: normalizing its own answer
// gives that answer again.
Result<std::string> normalize_path(std::string_view decoded, const char **reason = nullptr);

// Whether `path` lies under the location `prefix` (Swoole's
// static_handler_locations), comparing whole segments: "/static" matches
// "/static" and "/static/x" but not "/staticfoo". Leading '/' on either side and
// a trailing '/' on the prefix are ignored, so both a request path and a
// static_file_path() answer work; an empty prefix or "/" matches everything.
bool location_matches(std::string_view path, std::string_view prefix);

}  // namespace gust::proto::http
