// Content-Type by file extension.
#include "gust/proto/mime.h"

#include <gtest/gtest.h>

namespace gust::proto::http {
namespace {

TEST(Mime, CommonTypesCaseInsensitive) {
    EXPECT_EQ(mime_type_for("index.html"), "text/html");
    EXPECT_EQ(mime_type_for("/var/www/INDEX.HTM"), "text/html");
    EXPECT_EQ(mime_type_for("a/b/app.min.js"), "text/javascript");
    EXPECT_EQ(mime_type_for("mod.mjs"), "text/javascript");
    EXPECT_EQ(mime_type_for("style.Css"), "text/css");
    EXPECT_EQ(mime_type_for("data.json"), "application/json");
    EXPECT_EQ(mime_type_for("notes.txt"), "text/plain");  // no charset, as Swoole sends it
    EXPECT_EQ(mime_type_for("photo.JPEG"), "image/jpeg");
    EXPECT_EQ(mime_type_for("photo.jpg"), "image/jpeg");
    EXPECT_EQ(mime_type_for("icon.svg"), "image/svg+xml");
    EXPECT_EQ(mime_type_for("favicon.ico"), "image/x-icon");
    EXPECT_EQ(mime_type_for("font.woff2"), "font/woff2");
    EXPECT_EQ(mime_type_for("a.wasm"), "application/wasm");
    EXPECT_EQ(mime_type_for("backup.tar.gz"), "application/gzip");
    EXPECT_EQ(mime_type_for("app.js.map"), "application/json");
    EXPECT_EQ(mime_type_for("site.webmanifest"), "application/manifest+json");
    EXPECT_EQ(mime_type_for("clip.mp4"), "video/mp4");
    EXPECT_EQ(mime_type_for("doc.pdf"), "application/pdf");
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
