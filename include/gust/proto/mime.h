// Content-Type by file extension, for the static file handler and the
// swoole_mime_type_* functions. A fixed, sorted table of the common types; text
// types carry no charset parameter (Swoole sends none). Pure, no allocation.
#pragma once

#include <span>
#include <string_view>

namespace gust::proto::http {

struct MimeEntry {
    std::string_view extension;  // lower case, without the dot
    std::string_view type;
};

constexpr std::string_view kDefaultMimeType = "application/octet-stream";

// The Content-Type for a file path by its extension, compared without regard to
// case ("a/b/INDEX.HTML" → "text/html"); kDefaultMimeType when the file has no
// extension or an unknown one. The view is static.
std::string_view mime_type_for(std::string_view path);

// The extension of the last segment of `path` (after its last '.', without the
// dot, case kept); empty when there is none. A leading dot alone (".bashrc")
// starts a name, not an extension.
std::string_view file_extension(std::string_view path);

// The type of one extension (no dot, any case); empty when the table has none.
// The binding puts swoole_mime_type_add/set/delete overrides in front of this.
std::string_view mime_type_for_extension(std::string_view extension);

// The whole table, sorted by extension (for swoole_mime_type_list()).
std::span<const MimeEntry> builtin_mime_types();

}  // namespace gust::proto::http
