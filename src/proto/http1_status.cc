// Status codes: reason phrases (RFC 9110 §15) and the canned responses for refused requests.
#include <array>
#include <cstdio>
#include <string>

#include "gust/proto/http1.h"

namespace gust::proto::http1 {
namespace {

struct StatusName {
    int code;
    const char *reason;
};

constexpr StatusName kStatusNames[] = {
    {100, "Continue"},
    {101, "Switching Protocols"},
    {102, "Processing"},
    {103, "Early Hints"},
    {200, "OK"},
    {201, "Created"},
    {202, "Accepted"},
    {203, "Non-Authoritative Information"},
    {204, "No Content"},
    {205, "Reset Content"},
    {206, "Partial Content"},
    {207, "Multi-Status"},
    {208, "Already Reported"},
    {226, "IM Used"},
    {300, "Multiple Choices"},
    {301, "Moved Permanently"},
    {302, "Found"},
    {303, "See Other"},
    {304, "Not Modified"},
    {305, "Use Proxy"},
    {307, "Temporary Redirect"},
    {308, "Permanent Redirect"},
    {400, "Bad Request"},
    {401, "Unauthorized"},
    {402, "Payment Required"},
    {403, "Forbidden"},
    {404, "Not Found"},
    {405, "Method Not Allowed"},
    {406, "Not Acceptable"},
    {407, "Proxy Authentication Required"},
    {408, "Request Timeout"},
    {409, "Conflict"},
    {410, "Gone"},
    {411, "Length Required"},
    {412, "Precondition Failed"},
    {413, "Content Too Large"},
    {414, "URI Too Long"},
    {415, "Unsupported Media Type"},
    {416, "Range Not Satisfiable"},
    {417, "Expectation Failed"},
    {418, "I'm a teapot"},
    {421, "Misdirected Request"},
    {422, "Unprocessable Content"},
    {423, "Locked"},
    {424, "Failed Dependency"},
    {425, "Too Early"},
    {426, "Upgrade Required"},
    {428, "Precondition Required"},
    {429, "Too Many Requests"},
    {431, "Request Header Fields Too Large"},
    {451, "Unavailable For Legal Reasons"},
    {500, "Internal Server Error"},
    {501, "Not Implemented"},
    {502, "Bad Gateway"},
    {503, "Service Unavailable"},
    {504, "Gateway Timeout"},
    {505, "HTTP Version Not Supported"},
    {506, "Variant Also Negotiates"},
    {507, "Insufficient Storage"},
    {508, "Loop Detected"},
    {510, "Not Extended"},
    {511, "Network Authentication Required"},
};

constexpr size_t kStatusCount = sizeof(kStatusNames) / sizeof(kStatusNames[0]);

std::string make_error_response(int status, const char *reason) {
    char head[256];
    // 413 goes without a body, as Swoole answers it: a client still sending its body may see the
    // head only, and HTTP clients (curl) report it as an empty response.
    const std::string body = status == 413 ? std::string() : std::string(reason) + "\n";
    const int n = std::snprintf(head, sizeof head,
                                "HTTP/1.1 %d %s\r\nContent-Type: text/plain\r\nContent-Length: %zu\r\n"
                                "Connection: close\r\n\r\n",
                                status, reason, body.size());
    return std::string(head, static_cast<size_t>(n)) + body;
}

}  // namespace

const char *reason_phrase(int status) {
    for (const StatusName &s : kStatusNames) {
        if (s.code == status) return s.reason;
    }
    return nullptr;
}

std::string_view error_response(int status) {
    // Built once, read by every reactor thread afterwards.
    static const std::array<std::string, kStatusCount> responses = [] {
        std::array<std::string, kStatusCount> r;
        for (size_t i = 0; i < kStatusCount; ++i)
            r[i] = make_error_response(kStatusNames[i].code, kStatusNames[i].reason);
        return r;
    }();
    for (size_t i = 0; i < kStatusCount; ++i) {
        if (kStatusNames[i].code == status) return responses[i];
    }
    return error_response(status >= 500 ? 500 : 400);
}

}  // namespace gust::proto::http1
