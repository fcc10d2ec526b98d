// Content-Type by file extension.
#include "gust/proto/mime.h"

#include <gtest/gtest.h>

#include <utility>

namespace gust::proto::http {
namespace {

TEST(Mime, CommonTypesCaseInsensitive) {
    const std::pair<const char *, const char *> cases[] = {
        {"index.html", "text/html"},
        {"/var/www/INDEX.HTM", "text/html"},
        {"a/b/app.min.js", "text/javascript"},
        {"mod.mjs", "text/javascript"},
        {"style.Css", "text/css"},
        {"data.json", "application/json"},
        {"notes.txt", "text/plain"},  // no charset, as Swoole sends it
        {"photo.JPEG", "image/jpeg"},
        {"photo.jpg", "image/jpeg"},
        {"icon.svg", "image/svg+xml"},
        {"favicon.ico", "image/x-icon"},
        {"font.woff2", "font/woff2"},
        {"a.wasm", "application/wasm"},
        {"backup.tar.gz", "application/gzip"},
        {"app.js.map", "application/json"},
        {"site.webmanifest", "application/manifest+json"},
        {"clip.mp4", "video/mp4"},
        {"doc.pdf", "application/pdf"},
    };
    for (const auto &[path, type] : cases) EXPECT_EQ(mime_type_for(path), type) << path;
}

TEST(Mime, UnknownOrMissingExtensionsAreOctetStream) {
    for (const char *path : {"", "README", "Makefile.", "dir.d/file", ".bashrc", "a/.json", "x.unknownext",
                             "x.averyveryverylongextension", "script.php", "a.j\xc3\xa9"}) {
        EXPECT_EQ(mime_type_for(path), kDefaultMimeType) << path;
    }
}

TEST(Mime, ExtensionsAndTheTable) {
    EXPECT_EQ(file_extension("a/b.c/d.TXT"), "TXT");
    EXPECT_EQ(file_extension("C:\\dir.x\\file"), "");
    EXPECT_EQ(file_extension("a.tar.gz"), "gz");
    EXPECT_EQ(file_extension(".bashrc"), "");
    EXPECT_EQ(mime_type_for_extension("PNG"), "image/png");
    EXPECT_EQ(mime_type_for_extension(""), "");
    EXPECT_EQ(mime_type_for_extension("nope"), "");
    EXPECT_GE(builtin_mime_types().size(), 80u);
    for (const MimeEntry &e : builtin_mime_types()) {
        EXPECT_EQ(mime_type_for_extension(e.extension), e.type);
        EXPECT_EQ(e.type.find("charset"), std::string_view::npos);
    }
}

}  // namespace
}  // namespace gust::proto::http
