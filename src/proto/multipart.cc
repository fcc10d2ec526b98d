// multipart/form-data over a body held whole (RFC 7578, RFC 2046 §5.1): each
// part found by one forward search for the delimiter, its header lines checked
// strictly, its data handed out as a view into the body.
#include "gust/proto/multipart.h"

#include "gust/proto/http1.h"
#include "proto/http1_chars.h"

namespace gust::proto::multipart {
namespace {

using http1::equals_ignore_case;

bool is_ows(char c) { return c == ' ' || c == '\t'; }

void skip_ows(std::string_view s, size_t *pos) {
    while (*pos < s.size() && is_ows(s[*pos])) ++*pos;
}

// A backslash escapes only '"' and '\' inside a quoted-string, as PHP reads
// them: an unescaped Windows path such as "C:\dir\f.txt" keeps its backslashes.
bool is_escape(std::string_view s, size_t i) {
    return s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == '"' || s[i + 1] == '\\');
}

// One `; name=value` parameter of a Content-Type or Content-Disposition value.
struct Param {
    std::string_view name;
    std::string_view value;  // quoted: between the quotes, escapes still in place
    bool escaped = false;    // the quoted value holds escapes to undo
};

// Reads the parameter at *pos (just after the type): 1 with *param set, 0 at the
// end, -1 when malformed. Empty parameters (";;", a trailing ';') are skipped.
int next_param(std::string_view s, size_t *pos, Param *param) {
    for (;;) {
        skip_ows(s, pos);
        if (*pos == s.size()) return 0;
        if (s[*pos] != ';') return -1;
        ++*pos;
        skip_ows(s, pos);
        if (*pos < s.size() && s[*pos] != ';') break;
    }
    const size_t name_start = *pos;
    while (*pos < s.size() && http1::is_tchar(static_cast<unsigned char>(s[*pos]))) ++*pos;
    if (*pos == name_start) return -1;
    param->name = s.substr(name_start, *pos - name_start);
    skip_ows(s, pos);
    if (*pos == s.size() || s[*pos] != '=') return -1;
    ++*pos;
    skip_ows(s, pos);
    param->escaped = false;
    if (*pos < s.size() && s[*pos] == '"') {
        size_t i = *pos + 1;
        for (; i < s.size() && s[i] != '"'; ++i) {
            if (is_escape(s, i)) {
                param->escaped = true;
                ++i;
            }
        }
        if (i == s.size()) return -1;  // no closing quote
        param->value = s.substr(*pos + 1, i - *pos - 1);
        *pos = i + 1;
        return 1;
    }
    // A token; lenient: anything up to the next ';', trailing whitespace dropped.
    const size_t start = *pos;
    while (*pos < s.size() && s[*pos] != ';') ++*pos;
    param->value = http1::trim_ows(s.substr(start, *pos - start));
    return param->value.empty() ? -1 : 1;
}

// The parameter's value with escapes undone: a view of the input when there were
// none, else of `storage`.
std::string_view unescaped(const Param &param, std::string *storage) {
    if (!param.escaped) return param.value;
    storage->clear();
    const std::string_view v = param.value;
    for (size_t i = 0; i < v.size(); ++i) {
        if (is_escape(v, i)) ++i;
        storage->push_back(v[i]);
    }
    return *storage;
}

std::string_view basename_of(std::string_view filename) {
    const size_t cut = filename.find_last_of("/\\");
    std::string_view base = cut == std::string_view::npos ? filename : filename.substr(cut + 1);
    if (base == "." || base == "..") return {};
    return base;
}

// RFC 2046 bchars: DIGIT / ALPHA / "'()+_,-./:=?" / space (not as the last one).
bool is_bchar(char c) {
    if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return true;
    return std::string_view("'()+_,-./:=? ").find(c) != std::string_view::npos;
}

const char *boundary_problem(std::string_view b) {
    if (b.empty()) return "empty multipart boundary";
    if (b.size() > kMaxBoundaryLength) return "multipart boundary longer than 70 characters";
    if (b.back() == ' ') return "multipart boundary ends with a space";
    for (char c : b) {
        if (!is_bchar(c)) return "multipart boundary holds a character RFC 2046 does not allow";
    }
    return nullptr;
}

}  // namespace

Result<std::string_view> boundary_from_content_type(std::string_view content_type, const char **reason) {
    auto refuse = [reason](const char *why) -> Result<std::string_view> {
        if (reason) *reason = why;
        return Error{-kErrProtocol};
    };
    size_t pos = content_type.find(';');
    if (pos == std::string_view::npos) return refuse("no boundary parameter in the Content-Type");
    std::string_view boundary;
    bool found = false;
    Param param;
    int rc;
    while ((rc = next_param(content_type, &pos, &param)) == 1) {
        if (!equals_ignore_case(param.name, "boundary")) continue;
        if (found) return refuse("duplicate boundary parameter");
        found = true;
        boundary = param.value;  // an escape would leave a '\', which is no bchar
    }
    if (rc < 0) return refuse("malformed Content-Type parameters");
    if (!found) return refuse("no boundary parameter in the Content-Type");
    if (const char *why = boundary_problem(boundary)) return refuse(why);
    return boundary;
}

Parser::Parser(std::string_view body, std::string_view boundary, const Limits &limits) : body_(body), limits_(limits) {
    delimiter_.reserve(boundary.size() + 4);
    delimiter_.append("\r\n--").append(boundary);
}

int Parser::fail(int code, const char *reason) {
    state_ = State::kFailed;
    reason_ = reason;
    code_ = code;
    return code;
}

int Parser::next(Part *part) {
    if (state_ == State::kDone) return kDone;
    if (state_ == State::kFailed) return code_;
    if (state_ == State::kStart) {
        const std::string_view first = std::string_view(delimiter_).substr(2);  // "--boundary", no CRLF
        if (body_.substr(0, first.size()) == first) {
            pos_ = first.size();
        } else {
            const size_t at = body_.find(delimiter_);
            if (at == std::string_view::npos) return fail(-kErrProtocol, "no multipart boundary in the body");
            pos_ = at + delimiter_.size();
        }
        state_ = State::kAfterDelimiter;
    }
    // Just after "--boundary": "--" closes, else optional padding and CRLF open a part.
    if (body_.substr(pos_, 2) == "--") {
        state_ = State::kDone;
        return kDone;
    }
    skip_ows(body_, &pos_);
    if (body_.substr(pos_, 2) != "\r\n") {
        return fail(-kErrProtocol, pos_ >= body_.size() ? "multipart body ends without the closing boundary"
                                                        : "multipart boundary followed by unexpected bytes");
    }
    pos_ += 2;
    if (parts_ >= limits_.max_parts) return fail(-kErrLimit, "too many multipart parts");

    *part = Part{};
    part->content_type = "text/plain";
    if (const int rc = parse_headers(part); rc < 0) return rc;
    const size_t end = body_.find(delimiter_, pos_);
    if (end == std::string_view::npos) return fail(-kErrProtocol, "multipart body ends without the closing boundary");
    part->data = body_.substr(pos_, end - pos_);
    pos_ = end + delimiter_.size();
    ++parts_;
    return kPart;
}

// Header lines from pos_ up to and including the empty line; pos_ ends at the data.
int Parser::parse_headers(Part *part) {
    const size_t start = pos_;
    bool have_disposition = false, have_type = false;
    for (;;) {
        size_t i = pos_;
        for (;; ++i) {
            if (i - start >= limits_.max_header_bytes) return fail(-kErrLimit, "multipart part header block too long");
            if (i >= body_.size()) return fail(-kErrProtocol, "multipart body ends inside a part's headers");
            const char c = body_[i];
            if (c == '\r') {
                if (i + 1 < body_.size() && body_[i + 1] == '\n') break;
                return fail(-kErrProtocol, "bare CR in a multipart part header");
            }
            if (c == '\n') return fail(-kErrProtocol, "bare LF in a multipart part header");
            if (c == '\0') return fail(-kErrProtocol, "NUL in a multipart part header");
        }
        if (i + 2 - start > limits_.max_header_bytes) return fail(-kErrLimit, "multipart part header block too long");
        const std::string_view line = body_.substr(pos_, i - pos_);
        pos_ = i + 2;
        if (line.empty()) break;
        if (is_ows(line[0])) return fail(-kErrProtocol, "folded multipart part header line");
        const size_t colon = line.find(':');
        if (colon == 0 || colon == std::string_view::npos) {
            return fail(-kErrProtocol, "malformed multipart part header");
        }
        const std::string_view name = line.substr(0, colon);
        for (char c : name) {
            if (!http1::is_tchar(static_cast<unsigned char>(c))) {
                return fail(-kErrProtocol, "malformed multipart part header name");
            }
        }
        const std::string_view value = http1::trim_ows(line.substr(colon + 1));
        if (equals_ignore_case(name, "content-disposition")) {
            if (have_disposition) return fail(-kErrProtocol, "duplicate Content-Disposition in a multipart part");
            have_disposition = true;
            if (const int rc = parse_disposition(value, part); rc < 0) return rc;
        } else if (equals_ignore_case(name, "content-type")) {
            if (have_type) return fail(-kErrProtocol, "duplicate Content-Type in a multipart part");
            have_type = true;
            if (!value.empty()) part->content_type = value;
        }
    }
    if (!have_disposition) return fail(-kErrProtocol, "multipart part without Content-Disposition");
    return 0;
}

int Parser::parse_disposition(std::string_view value, Part *part) {
    size_t pos = value.find(';');
    if (!equals_ignore_case(http1::trim_ows(value.substr(0, pos)), "form-data")) {
        return fail(-kErrProtocol, "multipart Content-Disposition is not form-data");
    }
    bool have_name = false;
    if (pos != std::string_view::npos) {
        Param param;
        int rc;
        while ((rc = next_param(value, &pos, &param)) == 1) {
            if (equals_ignore_case(param.name, "name")) {
                if (have_name) return fail(-kErrProtocol, "duplicate name in a multipart Content-Disposition");
                have_name = true;
                part->name = unescaped(param, &name_storage_);
            } else if (equals_ignore_case(param.name, "filename")) {
                if (part->has_filename) {
                    return fail(-kErrProtocol, "duplicate filename in a multipart Content-Disposition");
                }
                part->has_filename = true;
                part->raw_filename = unescaped(param, &filename_storage_);
                part->filename = basename_of(part->raw_filename);
            }
        }
        if (rc < 0) return fail(-kErrProtocol, "malformed multipart Content-Disposition");
    }
    if (!have_name) return fail(-kErrProtocol, "multipart Content-Disposition without a name");
    return 0;
}

}  // namespace gust::proto::multipart
