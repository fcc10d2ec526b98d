// Cookie header reading and the Set-Cookie checks.
#include "gust/proto/http_cookie.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace gust::proto::http {
namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;

Pairs cookies(std::string_view header) {
    Pairs out;
    for_each_cookie(header, [&](std::string_view n, std::string_view v) { out.emplace_back(n, v); });
    return out;
}

TEST(HttpCookie, SplitsTrimsAndKeepsValuesAsSent) {
    EXPECT_EQ(cookies("a=1; b=2"), (Pairs{{"a", "1"}, {"b", "2"}}));
    EXPECT_EQ(cookies("a=1;b=2;  c = 3 ;\td=\t4"), (Pairs{{"a", "1"}, {"b", "2"}, {"c", "3"}, {"d", "4"}}));
    EXPECT_EQ(cookies("token=a=b==; q=\"quoted value\""), (Pairs{{"token", "a=b=="}, {"q", "\"quoted value\""}}));
    EXPECT_EQ(cookies("enc=%20x%3B"), (Pairs{{"enc", "%20x%3B"}}));  // decoding is the binding's
    EXPECT_EQ(cookies("empty=; x="), (Pairs{{"empty", ""}, {"x", ""}}));
    EXPECT_EQ(cookies("dup=1; dup=2"), (Pairs{{"dup", "1"}, {"dup", "2"}}));
}

TEST(HttpCookie, SkipsPairsWithoutNameAndReadsBareNamesAsEmpty) {
    EXPECT_EQ(cookies(""), Pairs{});
    EXPECT_EQ(cookies(";;; ;"), Pairs{});
    EXPECT_EQ(cookies("flag; a=1; =nameless; =; b=2;"), (Pairs{{"flag", ""}, {"a", "1"}, {"b", "2"}}));
    EXPECT_EQ(cookies("  =x  ;  y  "), (Pairs{{"y", ""}}));
}

TEST(HttpCookie, ReaderHandsOutViewsIntoTheHeader) {
    const std::string header = "sid=abc; theme=dark";
    CookieReader reader(header);
    Cookie c;
    ASSERT_TRUE(reader.next(&c));
    EXPECT_EQ(c.name.data(), header.data());
    ASSERT_TRUE(reader.next(&c));
    EXPECT_EQ(c.value, "dark");
    EXPECT_FALSE(reader.next(&c));
    EXPECT_FALSE(reader.next(&c));
}

TEST(HttpCookie, ValidNamesAreTokens) {
    EXPECT_TRUE(valid_cookie_name("PHPSESSID"));
    EXPECT_TRUE(valid_cookie_name("a-b_c.d!#$%&'*+^`|~9"));
    for (const char *bad :
         {"", "a b", "a=b", "a;b", "a,b", "a\"b", "a(b", "a/b", "a:b", "a\tb", "a\r\nb", "\x7f", "caf\xc3\xa9"}) {
        EXPECT_FALSE(valid_cookie_name(bad)) << bad;
    }
    EXPECT_FALSE(valid_cookie_name(std::string_view("a\0b", 3)));
}

TEST(HttpCookie, ValidRawValues) {
    EXPECT_TRUE(valid_cookie_value(""));
    EXPECT_TRUE(valid_cookie_value("abc%3B=\"q\""));
    for (const char *bad : {"a b", "a;b", "a,b", "a\tb", "a\rb", "a\nb", "a\vb", "a\fb"}) {
        EXPECT_FALSE(valid_cookie_value(bad)) << bad;
    }
    EXPECT_FALSE(valid_cookie_value(std::string_view("a\0b", 3)));
}

TEST(HttpCookie, ForbiddenHeaderChars) {
    EXPECT_FALSE(has_forbidden_header_chars("text/html; charset=utf-8\t\x80"));
    EXPECT_TRUE(has_forbidden_header_chars("a\r\nSet-Cookie: evil=1"));
    EXPECT_TRUE(has_forbidden_header_chars("a\nb"));
    EXPECT_TRUE(has_forbidden_header_chars("a\rb"));
    EXPECT_TRUE(has_forbidden_header_chars(std::string_view("a\0b", 3)));
    EXPECT_FALSE(has_forbidden_header_chars(""));
}

TEST(HttpCookie, FormatsSetCookieAsPhpDoes) {
    SetCookie c;
    c.name = "id";
    c.value = "a%20b";
    EXPECT_EQ(format_set_cookie(c, 1000), "id=a%20b");
    c.expires = 1000 + 3600;
    c.path = "/app";
    c.domain = "example.com";
    c.secure = c.http_only = c.partitioned = true;
    c.same_site = "Lax";
    c.priority = "High";
    EXPECT_EQ(format_set_cookie(c, 1000),
              "id=a%20b; expires=Thu, 01-Jan-1970 01:16:40 GMT; Max-Age=3600; path=/app; domain=example.com; "
              "secure; HttpOnly; SameSite=Lax; Priority=High; Partitioned");
    c.expires = 1;  // in the past: Max-Age is 0, never negative
    EXPECT_EQ(format_set_cookie(c, 1000)->substr(0, 59), "id=a%20b; expires=Thu, 01-Jan-1970 00:00:01 GMT; Max-Age=0;");
}

TEST(HttpCookie, EmptyValueDeletesOnTheSamePathAndDomain) {
    SetCookie c;
    c.name = "id";
    c.path = "/app";
    c.domain = "example.com";
    c.expires = 5000;  // ignored: a deletion always expires in 1970
    EXPECT_EQ(format_set_cookie(c, 1000),
              "id=deleted; expires=Thu, 01-Jan-1970 00:00:01 GMT; Max-Age=0; path=/app; domain=example.com");
}

TEST(HttpCookie, RefusesWhatWouldSplitOrExtendTheHeader) {
    SetCookieError why{};
    SetCookie c;
    c.value = "v";
    EXPECT_FALSE(format_set_cookie(c, 0, &why));
    EXPECT_EQ(why, SetCookieError::kBadName);
    c.name = "n";
    c.value = "a;b";
    EXPECT_FALSE(format_set_cookie(c, 0, &why));
    EXPECT_EQ(why, SetCookieError::kBadValue);
    c.value = "v";
    for (const char *bad : {"/a; Secure", "x\r\nSet-Cookie: evil=1", "a,b"}) {
        SetCookie d = c;
        d.domain = bad;
        EXPECT_FALSE(format_set_cookie(d, 0, &why)) << bad;
        EXPECT_EQ(why, SetCookieError::kBadAttribute);
    }
    SetCookie nul = c;
    nul.same_site = std::string_view("Lax\0", 4);
    EXPECT_FALSE(format_set_cookie(nul, 0, &why));
}

}  // namespace
}  // namespace gust::proto::http
