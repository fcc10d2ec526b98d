// multipart/form-data: boundary extraction, browser-like bodies, and every refusal.
#include "gust/proto/multipart.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace gust::proto::multipart {
namespace {

struct Parsed {
    int rc = 0;  // the last answer of next(): kDone or an error
    const char *reason = nullptr;
    std::vector<Part> parts;
    std::vector<std::string> names, filenames;  // copies: escaped ones live in the parser
};

Parsed parse(std::string_view body, std::string_view boundary, const Limits &limits = {}) {
    Parsed out;
    Parser parser(body, boundary, limits);
    Part part;
    while ((out.rc = parser.next(&part)) == Parser::kPart) {
        out.parts.push_back(part);
        out.names.emplace_back(part.name);
        out.filenames.emplace_back(part.filename);
    }
    out.reason = parser.reason();
    EXPECT_EQ(parser.next(&part), out.rc);  // a finished or failed parser stays so
    return out;
}

// A string literal with its embedded NULs, without the terminating one.
template <size_t N>
std::string bytes(const char (&s)[N]) {
    return std::string(s, N - 1);
}

std::string field(std::string_view b, std::string_view headers, std::string_view data) {
    return "--" + std::string(b) + "\r\n" + std::string(headers) + "\r\n" + std::string(data) + "\r\n";
}

TEST(MultipartBoundary, UnquotedQuotedAndAmongOtherParameters) {
    EXPECT_EQ(*boundary_from_content_type("multipart/form-data; boundary=abc123"), "abc123");
    EXPECT_EQ(*boundary_from_content_type("multipart/form-data;boundary=\"a b:c\""), "a b:c");
    EXPECT_EQ(*boundary_from_content_type("multipart/form-data; charset=utf-8; BOUNDARY=x-y; q=1"), "x-y");
    EXPECT_EQ(*boundary_from_content_type("multipart/form-data; charset=\"a;b\"; Boundary = \"zz\" "), "zz");
    EXPECT_EQ(*boundary_from_content_type("multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW"),
              "----WebKitFormBoundary7MA4YWxkTrZu0gW");
    EXPECT_EQ(*boundary_from_content_type("multipart/form-data; boundary=" + std::string(70, 'b')),
              std::string(70, 'b'));
}

TEST(MultipartBoundary, RefusesMissingEmptyLongDuplicateAndBadCharacters) {
    const char *why = nullptr;
    const std::string ct_prefix = "multipart/form-data";
    const std::vector<std::string> bad = {
        "",
        "; charset=utf-8",
        "; boundary=",
        "; boundary=\"\"",
        "; boundary=" + std::string(71, 'b'),
        "; boundary=a; boundary=b",
        "; boundary=\"a\\\"b\"",
        "; boundary=a\"b",
        "; boundary=\"ab \"",
        "; boundary=\"open",
        "; boundary=a\rb",
        "; =x",
    };
    for (const std::string &params : bad) {
        const std::string ct = ct_prefix + params;
        why = nullptr;
        auto r = boundary_from_content_type(ct, &why);
        ASSERT_FALSE(r.ok()) << ct;
        EXPECT_EQ(r.code(), -kErrProtocol);
        EXPECT_NE(why, nullptr) << ct;
    }
}

TEST(Multipart, BrowserLikeBodyWithTwoFieldsAndTwoFiles) {
    const std::string b = "----WebKitFormBoundaryABC";
    const std::string png = bytes("\x89PNG\r\n\x1a\n\0\0\r\n--");
    std::string body = "This is a preamble, ignored.\r\n";
    body += field(b, "Content-Disposition: form-data; name=\"user\"\r\n", "alice");
    body += field(b, "Content-Disposition: form-data; name=\"note\"\r\n", "line 1\r\nline 2");
    body += field(b,
                  "Content-Disposition: form-data; name=\"avatar\"; filename=\"me.png\"\r\n"
                  "Content-Type: image/png\r\n",
                  png);
    body += field(b,
                  "Content-Disposition: form-data; name=\"doc\"; filename=\"\"\r\n"
                  "Content-Type: application/octet-stream\r\n",
                  "");
    body += "--" + b + "--\r\nepilogue, ignored";

    Parsed p = parse(body, b);
    ASSERT_EQ(p.rc, Parser::kDone) << p.reason;
    ASSERT_EQ(p.parts.size(), 4u);
    EXPECT_EQ(p.parts[0].name, "user");
    EXPECT_FALSE(p.parts[0].has_filename);
    EXPECT_EQ(p.parts[0].content_type, "text/plain");
    EXPECT_EQ(p.parts[0].data, "alice");
    EXPECT_EQ(p.parts[1].data, "line 1\r\nline 2");
    EXPECT_EQ(p.parts[2].name, "avatar");
    EXPECT_TRUE(p.parts[2].has_filename);
    EXPECT_EQ(p.parts[2].filename, "me.png");
    EXPECT_EQ(p.parts[2].content_type, "image/png");
    EXPECT_EQ(p.parts[2].data, png);
    EXPECT_TRUE(p.parts[3].has_filename);
    EXPECT_EQ(p.parts[3].filename, "");
    EXPECT_EQ(p.parts[3].data, "");
    for (const Part &part : p.parts) {  // zero-copy: the data views the body
        EXPECT_GE(part.data.data(), body.data());
        EXPECT_LE(part.data.data() + part.data.size(), body.data() + body.size());
    }
}

TEST(Multipart, BinaryDataWithPartialBoundariesStaysData) {
    const std::string b = "xyzBOUNDARY";
    const std::string data = bytes("a\r\n--xyzBOUND\r\n\r\n--xyzBOUNDARx\r--xyzBOUNDARY\n\0\r\n-") +
                             "--xyzBOUNDARY";  // the last: not after a CRLF, so data
    const std::string body =
        field(b, "Content-Disposition: form-data; name=f; filename=blob.bin\r\n", data) + "--" + b + "--";
    Parsed p = parse(body, b);
    ASSERT_EQ(p.rc, Parser::kDone) << p.reason;
    ASSERT_EQ(p.parts.size(), 1u);
    EXPECT_EQ(p.parts[0].data, data);
    EXPECT_EQ(p.parts[0].filename, "blob.bin");
}

TEST(Multipart, FilenameIsReducedToItsBasename) {
    struct Case {
        const char *param, *raw, *base;
    } cases[] = {
        {"filename=\"C:\\Users\\me\\My Docs\\cv.pdf\"", "C:\\Users\\me\\My Docs\\cv.pdf", "cv.pdf"},
        {"filename=\"/etc/passwd\"", "/etc/passwd", "passwd"},
        {"filename=\"../../x.sh\"", "../../x.sh", "x.sh"},
        {"filename=\"dir/\"", "dir/", ""},
        {"filename=\"a/..\"", "a/..", ""},
        {"filename=\".\"", ".", ""},
        {"filename=\"...\"", "...", "..."},
        {"filename=\"q\\\"uote\\\\d.txt\"", "q\"uote\\d.txt", "d.txt"},  // \" and \\ are escapes
        {"filename=\"say \\\"hi\\\".txt\"", "say \"hi\".txt", "say \"hi\".txt"},
        {"filename=plain name.txt ", "plain name.txt", "plain name.txt"},
        {"FileName=\"h\xc3\xa9.txt\"", "h\xc3\xa9.txt", "h\xc3\xa9.txt"},
    };
    for (const Case &c : cases) {
        const std::string body =
            field("b", std::string("Content-Disposition: form-data; name=\"f\"; ") + c.param + "\r\n", "x") + "--b--";
        Parser parser(body, "b");
        Part part;
        ASSERT_EQ(parser.next(&part), Parser::kPart) << c.param << ": " << parser.reason();
        EXPECT_TRUE(part.has_filename);
        EXPECT_EQ(part.raw_filename, c.raw) << c.param;
        EXPECT_EQ(part.filename, c.base) << c.param;
    }
}

TEST(Multipart, EscapedNamesAndParameterSpellings) {
    const std::string body = field("b", "content-disposition: FORM-DATA ; NAME = \"a\\\"b\" ;; x=y;\r\n", "1") +
                             field("b", "Content-Disposition: form-data; name=\"\"\r\nContent-Type:  \r\n", "2") +
                             "--b--";
    Parsed p = parse(body, "b");
    ASSERT_EQ(p.rc, Parser::kDone) << p.reason;
    ASSERT_EQ(p.parts.size(), 2u);
    EXPECT_EQ(p.names[0], "a\"b");
    EXPECT_EQ(p.names[1], "");
    EXPECT_EQ(p.parts[1].content_type, "text/plain");  // empty Content-Type: the default
}

TEST(Multipart, BoundaryAtTheStartPaddingAndEmptyForms) {
    // Transport padding after a delimiter, no preamble, zero parts.
    Parsed p = parse("--b \t\r\nContent-Disposition: form-data; name=a\r\n\r\n\r\n--b--\t", "b");
    ASSERT_EQ(p.rc, Parser::kDone) << p.reason;
    ASSERT_EQ(p.parts.size(), 1u);
    EXPECT_EQ(p.parts[0].data, "");
    EXPECT_EQ(parse("--b--", "b").parts.size(), 0u);
    EXPECT_EQ(parse("preamble\r\n--b--\r\n", "b").rc, Parser::kDone);
}

void expect_refused(std::string_view body, int code, std::string_view why, const Limits &limits = {}) {
    Parsed p = parse(body, "b", limits);
    EXPECT_EQ(p.rc, code) << body;
    ASSERT_NE(p.reason, nullptr) << body;
    EXPECT_NE(std::string_view(p.reason).find(why), std::string_view::npos) << p.reason;
}

TEST(Multipart, RefusesMalformedBodies) {
    const std::string cd = "Content-Disposition: form-data; name=a\r\n";
    expect_refused("", -kErrProtocol, "no multipart boundary");
    expect_refused("preamble --b\r\n", -kErrProtocol, "no multipart boundary");
    expect_refused(field("b", cd, "x"), -kErrProtocol, "without the closing boundary");
    expect_refused(field("b", cd, "x") + "--b", -kErrProtocol, "without the closing boundary");
    expect_refused(field("b", cd, "x") + "--b-", -kErrProtocol, "unexpected bytes");
    expect_refused(field("b", cd, "x") + "--bb--", -kErrProtocol, "unexpected bytes");
    expect_refused("--b\r\n" + cd, -kErrProtocol, "inside a part's headers");
    expect_refused(field("b", "X-A: 1\r\n", "x") + "--b--", -kErrProtocol, "without Content-Disposition");
    expect_refused(field("b", "Content-Disposition: form-data\r\n", "x") + "--b--", -kErrProtocol, "without a name");
    expect_refused(field("b", "Content-Disposition: form-data; filename=f\r\n", "x") + "--b--", -kErrProtocol,
                   "without a name");
    expect_refused(field("b", "Content-Disposition: attachment; name=a\r\n", "x") + "--b--", -kErrProtocol,
                   "not form-data");
    expect_refused(field("b", cd + cd, "x") + "--b--", -kErrProtocol, "duplicate Content-Disposition");
    expect_refused(field("b", cd + "Content-Type: a\r\nContent-Type: b\r\n", "x") + "--b--", -kErrProtocol,
                   "duplicate Content-Type");
    expect_refused(field("b", "Content-Disposition: form-data; name=a; name=b\r\n", "x") + "--b--", -kErrProtocol,
                   "duplicate name");
    expect_refused(field("b", "Content-Disposition: form-data; name=a; filename=x; filename=y\r\n", "x") + "--b--",
                   -kErrProtocol, "duplicate filename");
    expect_refused(field("b", "Content-Disposition: form-data; name=\"a\r\n", "x") + "--b--", -kErrProtocol,
                   "malformed multipart Content-Disposition");
    expect_refused(field("b", "Content-Disposition: form-data; name\r\n", "x") + "--b--", -kErrProtocol,
                   "malformed multipart Content-Disposition");
    expect_refused(field("b", cd + " folded\r\n", "x") + "--b--", -kErrProtocol, "folded");
    expect_refused(field("b", cd + "NoColon\r\n", "x") + "--b--", -kErrProtocol, "malformed multipart part header");
    expect_refused(field("b", cd + "Bad Name: 1\r\n", "x") + "--b--", -kErrProtocol, "header name");
}

TEST(Multipart, RefusesCrLfNulInsideHeaderValues) {
    expect_refused("--b\r\nContent-Disposition: form-data; name=\"a\rb\"\r\n\r\nx\r\n--b--", -kErrProtocol, "bare CR");
    expect_refused("--b\r\nContent-Disposition: form-data; name=\"a\nb\"\r\n\r\nx\r\n--b--", -kErrProtocol, "bare LF");
    expect_refused(bytes("--b\r\nContent-Disposition: form-data; name=\"a\0b\"\r\n\r\nx\r\n--b--"), -kErrProtocol,
                   "NUL");
}

TEST(Multipart, LimitsOnHeaderBytesAndParts) {
    const std::string head = "Content-Disposition: form-data; name=a\r\n";  // 40 bytes, + 2 for the blank line
    Limits limits;
    limits.max_header_bytes = head.size() + 2;
    EXPECT_EQ(parse(field("b", head, "x") + "--b--", "b", limits).rc, Parser::kDone);
    limits.max_header_bytes = head.size() + 1;
    expect_refused(field("b", head, "x") + "--b--", -kErrLimit, "too long", limits);
    // A header block that never ends stops at the limit, not at the end of the body.
    expect_refused("--b\r\n" + std::string(100000, 'h'), -kErrLimit, "too long");

    limits = Limits{};
    limits.max_parts = 3;
    std::string body;
    for (int i = 0; i < 3; ++i) body += field("b", head, "x");
    EXPECT_EQ(parse(body + "--b--", "b", limits).parts.size(), 3u);
    body += field("b", head, "x");
    Parsed p = parse(body + "--b--", "b", limits);
    EXPECT_EQ(p.rc, -kErrLimit);
    EXPECT_EQ(p.parts.size(), 3u);
}

}  // namespace
}  // namespace gust::proto::multipart
