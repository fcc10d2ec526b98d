// FastCGI 1.0 records as a client (a web server talking to php-fpm) writes and reads them: the
// request side (BEGIN_REQUEST, PARAMS name-value pairs, STDIN) encoded into a string, and a
// ResponseReader that takes the application's records in whatever pieces the socket delivers
// them and collects one request's STDOUT and STDERR until its END_REQUEST.
// Pure code over bytes: no I/O; the caller owns every buffer.
//
// ResponseReader::feed() contract: give it every byte read from the connection, in order; it keeps
// a partial record itself (a record split across reads), skips padding, records of other request
// ids (a server multiplexing what we never asked for) and record types a client need not know
// (GET_VALUES_RESULT, UNKNOWN_TYPE). It fails — and stays failed — on a record whose version is
// not 1, on output past `max_output` bytes (stdout plus stderr), and on bytes after END_REQUEST.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gust/mem/slice.h"

namespace gust::proto::fcgi {

constexpr uint8_t kVersion = 1;
constexpr size_t kHeaderLength = 8;
constexpr size_t kMaxContentLength = 65535;

enum RecordType : uint8_t {
    kBeginRequest = 1,
    kAbortRequest = 2,
    kEndRequest = 3,
    kParams = 4,
    kStdin = 5,
    kStdout = 6,
    kStderr = 7,
    kData = 8,
    kGetValues = 9,
    kGetValuesResult = 10,
    kUnknownType = 11,
};

enum Role : uint16_t { kResponder = 1, kAuthorizer = 2, kFilter = 3 };

enum ProtocolStatus : uint8_t { kRequestComplete = 0, kCantMpxConn = 1, kOverloaded = 2, kUnknownRole = 3 };

// One record: header, content (at most kMaxContentLength bytes) and padding to a multiple of 8.
void append_record(std::string *out, RecordType type, uint16_t request_id, std::string_view content);
// A stream (PARAMS, STDIN, STDOUT...) of `data` cut into records, then the empty record that ends it.
void append_stream(std::string *out, RecordType type, uint16_t request_id, std::string_view data);
void append_begin_request(std::string *out, uint16_t request_id, Role role, bool keep_connection);
// One name-value pair in the PARAMS encoding (lengths of 1 byte below 128, else 4 bytes).
void append_name_value(std::string *out, std::string_view name, std::string_view value);
// A whole responder request: BEGIN_REQUEST, the PARAMS stream, the STDIN stream.
std::string encode_request(uint16_t request_id, const std::vector<std::pair<std::string, std::string>> &params,
                           std::string_view body, bool keep_connection = false);

// Decodes a PARAMS-encoded body into pairs; false when it is truncated or malformed.
bool parse_name_values(std::string_view body, std::vector<std::pair<std::string, std::string>> *out);

class ResponseReader {
public:
    enum Status : uint8_t { kNeedMore, kDone, kError };

    ResponseReader(uint16_t request_id, size_t max_output) : id_(request_id), max_output_(max_output) {}

    Status feed(mem::Slice data);
    Status status() const { return status_; }

    const std::string &out() const { return out_; }  // STDOUT: the CGI response (headers, body)
    const std::string &err() const { return err_; }  // STDERR
    std::string take_out() { return std::move(out_); }
    uint32_t app_status() const { return app_status_; }           // END_REQUEST's appStatus
    uint8_t protocol_status() const { return protocol_status_; }  // END_REQUEST's protocolStatus
    const char *error() const { return error_; }                  // kError: why (static text)

private:
    Status fail(const char *why) {
        status_ = kError;
        error_ = why;
        return status_;
    }

    uint16_t id_;
    size_t max_output_;
    Status status_ = kNeedMore;
    std::string pending_;  // a record not yet complete
    std::string out_;
    std::string err_;
    uint32_t app_status_ = 0;
    uint8_t protocol_status_ = 0;
    const char *error_ = nullptr;
};

}  // namespace gust::proto::fcgi
