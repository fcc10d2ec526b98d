// Request-target → relative file path: normalisation, single decoding, and every refusal.
#include "gust/proto/http_path.h"

#include <gtest/gtest.h>

#include <string>

namespace gust::proto::http {
namespace {

std::string ok_path(std::string_view target) {
    const char *why = nullptr;
    auto r = static_file_path(target, &why);
    EXPECT_TRUE(r.ok()) << target << ": " << (why ? why : "");
    return r.ok() ? *r : "<refused>";
}

const char *refusal(std::string_view target) {
    const char *why = nullptr;
    auto r = static_file_path(target, &why);
    EXPECT_FALSE(r.ok()) << target << " gave " << (r.ok() ? *r : "");
    if (!r.ok()) {
        EXPECT_EQ(r.code(), -kErrProtocol);
    }
    return why ? why : "";
}

TEST(HttpPath, NormalisesDotSegmentsSlashesQueryAndFragment) {
    EXPECT_EQ(ok_path("/a/b/../c.txt?x=1"), "a/c.txt");
    EXPECT_EQ(ok_path("/"), "");
    EXPECT_EQ(ok_path("/?a=/../../etc"), "");
    EXPECT_EQ(ok_path("/index.html#frag/../.."), "index.html");
    EXPECT_EQ(ok_path("//a///b//"), "a/b");
    EXPECT_EQ(ok_path("/./a/./b/."), "a/b");
    EXPECT_EQ(ok_path("/a/.."), "");
    EXPECT_EQ(ok_path("/a/b/../../c"), "c");
    EXPECT_EQ(ok_path("/a/../b/../c/"), "c");
    EXPECT_EQ(ok_path("/.../..a/a.."), ".../..a/a..");  // only exact "." and ".." are special
    EXPECT_EQ(ok_path("/.hidden/x"), ".hidden/x");
}

TEST(HttpPath, PercentDecodesExactlyOnce) {
    EXPECT_EQ(ok_path("/hello%20world.txt"), "hello world.txt");
    EXPECT_EQ(ok_path("/%E4%BD%A0%e5%a5%bd"), "\xe4\xbd\xa0\xe5\xa5\xbd");
    EXPECT_EQ(ok_path("/a/%2e%2E/b"), "b");           // an encoded ".." is a ".." once decoded
    EXPECT_EQ(ok_path("/a%2fb%2F..%2fc"), "a/c");     // an encoded '/' separates segments
    EXPECT_EQ(ok_path("/%252e%252e/x"), "%2e%2e/x");  // decoded once: a harmless name
    EXPECT_EQ(ok_path("/%25"), "%");
    EXPECT_EQ(ok_path("/a%3Fb"), "a?b");  // an encoded '?' is part of the name
}

TEST(HttpPath, RefusesClimbingAboveTheRoot) {
    for (const char *t : {"/..", "/../etc/passwd", "/a/../../b", "/a/./../..", "/%2e%2e/x", "/%2E%2e%2fetc", "//..//x",
                          "/a/b/../../../c"}) {
        EXPECT_NE(std::string_view(refusal(t)).find("above the document root"), std::string_view::npos) << t;
    }
}

TEST(HttpPath, RefusesNulBackslashBadEscapesAndNonPaths) {
    EXPECT_NE(std::string_view(refusal("/a%00.txt")).find("NUL"), std::string_view::npos);
    EXPECT_NE(std::string_view(refusal(std::string_view("/a\0b", 4))).find("NUL"), std::string_view::npos);
    EXPECT_NE(std::string_view(refusal("/a\\b")).find("backslash"), std::string_view::npos);
    EXPECT_NE(std::string_view(refusal("/..%5c..%5cwin.ini")).find("backslash"), std::string_view::npos);
    EXPECT_NE(std::string_view(refusal("/x/%5C")).find("backslash"), std::string_view::npos);
    for (const char *t : {"/%", "/%4", "/a%zz", "/%g0", "/%0g", "/a%%41"}) {
        EXPECT_NE(std::string_view(refusal(t)).find("bad percent escape"), std::string_view::npos) << t;
    }
    for (const char *t : {"", "a/b", "*", "?x", "http://h/a", "%2fa"}) {
        EXPECT_NE(std::string_view(refusal(t)).find("not an absolute path"), std::string_view::npos) << t;
    }
    EXPECT_EQ(ok_path("/a?%zz#%"), "a");  // escapes in the query or fragment are not the path's
}

TEST(HttpPath, NormalizeIsIdempotentOnItsAnswers) {
    for (const char *t : {"/a/b/../c.txt", "/", "/%252e%252e/x", "//a/./b//", "/%25252e"}) {
        const std::string once = ok_path(t);
        auto again = normalize_path(once);
        ASSERT_TRUE(again.ok()) << t;
        EXPECT_EQ(*again, once);
        EXPECT_EQ(*normalize_path("/" + once), once);
    }
    EXPECT_FALSE(normalize_path("..").ok());
    EXPECT_EQ(*normalize_path("a/%2e%2e"), "a/%2e%2e");  // no decoding in normalize_path
}

TEST(HttpPath, LocationsMatchWholeSegments) {
    EXPECT_TRUE(location_matches("/static", "/static"));
    EXPECT_TRUE(location_matches("/static/", "/static"));
    EXPECT_TRUE(location_matches("/static/x/y.css", "/static"));
    EXPECT_TRUE(location_matches("static/x", "/static/"));  // a static_file_path() answer
    EXPECT_TRUE(location_matches("/app/images/a.png", "/app/images"));
    EXPECT_FALSE(location_matches("/staticfoo", "/static"));
    EXPECT_FALSE(location_matches("/stat", "/static"));
    EXPECT_FALSE(location_matches("/app/imagesx/a", "/app/images"));
    EXPECT_FALSE(location_matches("/Static/x", "/static"));  // case-sensitive, like the file system
    EXPECT_FALSE(location_matches("/other/static/x", "/static"));
    EXPECT_TRUE(location_matches("/anything", "/"));
    EXPECT_TRUE(location_matches("", ""));
}

}  // namespace
}  // namespace gust::proto::http
