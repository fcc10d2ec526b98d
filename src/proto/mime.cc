// The built-in extension → Content-Type table, checked sorted at compile time.
#include "gust/proto/mime.h"

#include <algorithm>
#include <array>

#include "proto/http1_chars.h"

namespace gust::proto::http {
namespace {

constexpr MimeEntry kTable[] = {
    {"3gp", "video/3gpp"},
    {"7z", "application/x-7z-compressed"},
    {"aac", "audio/aac"},
    {"apk", "application/vnd.android.package-archive"},
    {"apng", "image/apng"},
    {"atom", "application/atom+xml"},
    {"avi", "video/x-msvideo"},
    {"avif", "image/avif"},
    {"bin", "application/octet-stream"},
    {"bmp", "image/bmp"},
    {"bz2", "application/x-bzip2"},
    {"cjs", "text/javascript"},
    {"css", "text/css"},
    {"csv", "text/csv"},
    {"deb", "application/vnd.debian.binary-package"},
    {"dmg", "application/x-apple-diskimage"},
    {"doc", "application/msword"},
    {"docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
    {"eot", "application/vnd.ms-fontobject"},
    {"epub", "application/epub+zip"},
    {"flac", "audio/flac"},
    {"gif", "image/gif"},
    {"gz", "application/gzip"},
    {"heic", "image/heic"},
    {"htm", "text/html"},
    {"html", "text/html"},
    {"ico", "image/x-icon"},
    {"ics", "text/calendar"},
    {"iso", "application/x-iso9660-image"},
    {"jar", "application/java-archive"},
    {"jpeg", "image/jpeg"},
    {"jpg", "image/jpeg"},
    {"js", "text/javascript"},
    {"json", "application/json"},
    {"jsonld", "application/ld+json"},
    {"jxl", "image/jxl"},
    {"log", "text/plain"},
    {"m3u8", "application/vnd.apple.mpegurl"},
    {"m4a", "audio/mp4"},
    {"m4v", "video/mp4"},
    {"map", "application/json"},
    {"md", "text/markdown"},
    {"mid", "audio/midi"},
    {"midi", "audio/midi"},
    {"mjs", "text/javascript"},
    {"mkv", "video/x-matroska"},
    {"mov", "video/quicktime"},
    {"mp3", "audio/mpeg"},
    {"mp4", "video/mp4"},
    {"mpd", "application/dash+xml"},
    {"mpeg", "video/mpeg"},
    {"mpg", "video/mpeg"},
    {"odp", "application/vnd.oasis.opendocument.presentation"},
    {"ods", "application/vnd.oasis.opendocument.spreadsheet"},
    {"odt", "application/vnd.oasis.opendocument.text"},
    {"oga", "audio/ogg"},
    {"ogg", "audio/ogg"},
    {"ogv", "video/ogg"},
    {"opus", "audio/opus"},
    {"otf", "font/otf"},
    {"pdf", "application/pdf"},
    {"png", "image/png"},
    {"ppt", "application/vnd.ms-powerpoint"},
    {"pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"},
    {"psd", "image/vnd.adobe.photoshop"},
    {"rar", "application/vnd.rar"},
    {"rss", "application/rss+xml"},
    {"rtf", "application/rtf"},
    {"sh", "application/x-sh"},
    {"srt", "application/x-subrip"},
    {"svg", "image/svg+xml"},
    {"tar", "application/x-tar"},
    {"tgz", "application/gzip"},
    {"tif", "image/tiff"},
    {"tiff", "image/tiff"},
    {"ts", "video/mp2t"},
    {"ttf", "font/ttf"},
    {"txt", "text/plain"},
    {"vtt", "text/vtt"},
    {"wasm", "application/wasm"},
    {"wav", "audio/wav"},
    {"weba", "audio/webm"},
    {"webm", "video/webm"},
    {"webmanifest", "application/manifest+json"},
    {"webp", "image/webp"},
    {"wmv", "video/x-ms-wmv"},
    {"woff", "font/woff"},
    {"woff2", "font/woff2"},
    {"xhtml", "application/xhtml+xml"},
    {"xls", "application/vnd.ms-excel"},
    {"xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"},
    {"xml", "application/xml"},
    {"xz", "application/x-xz"},
    {"yaml", "application/yaml"},
    {"yml", "application/yaml"},
    {"zip", "application/zip"},
    {"zst", "application/zstd"},
};

constexpr bool by_extension(const MimeEntry &a, const MimeEntry &b) { return a.extension < b.extension; }
static_assert(std::is_sorted(std::begin(kTable), std::end(kTable), by_extension) &&
                  std::adjacent_find(std::begin(kTable), std::end(kTable),
                                     [](const MimeEntry &a, const MimeEntry &b) {
                                         return a.extension == b.extension;
                                     }) == std::end(kTable),
              "the MIME table must stay sorted by extension, without duplicates");

constexpr size_t kMaxExtension = 16;  // longer than any in the table

}  // namespace

std::string_view file_extension(std::string_view path) {
    const size_t slash = path.find_last_of("/\\");
    const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
    const size_t dot = name.rfind('.');
    if (dot == std::string_view::npos || dot == 0) return {};
    return name.substr(dot + 1);
}

std::string_view mime_type_for_extension(std::string_view extension) {
    if (extension.empty() || extension.size() > kMaxExtension) return {};
    std::array<char, kMaxExtension> lower;
    for (size_t i = 0; i < extension.size(); ++i) lower[i] = http1::to_lower(extension[i]);
    const MimeEntry key{std::string_view(lower.data(), extension.size()), {}};
    const MimeEntry *it = std::lower_bound(std::begin(kTable), std::end(kTable), key, by_extension);
    if (it == std::end(kTable) || it->extension != key.extension) return {};
    return it->type;
}

std::string_view mime_type_for(std::string_view path) {
    const std::string_view type = mime_type_for_extension(file_extension(path));
    return type.empty() ? kDefaultMimeType : type;
}

std::span<const MimeEntry> builtin_mime_types() { return kTable; }

}  // namespace gust::proto::http
