// Stream framing of Swoole\Server ports: how a TCP byte stream is cut into the
// packages that onReceive gets, chosen by the port's options
// (open_eof_check / open_eof_split / package_eof, open_length_check /
// package_length_type / package_length_offset / package_body_offset /
// package_length_func, package_max_length). Pure code over bytes: no I/O, no
// allocation per call, so it runs in reactor threads and fuzzes alone.
//
// One Framing (validated options) is shared by every connection of a port;
// each connection owns a Splitter, which remembers how far it already looked
// so a package arriving a byte at a time costs O(bytes), not O(bytes²).
//
// Contract of Splitter::next(buffer): `buffer` holds every unconsumed byte of
// the connection, oldest first — what the previous call saw, minus the package
// it returned, plus whatever arrived since (the bytes may have moved in memory;
// no pointer is kept). The answer is one of
//   kReady     a package is at the front: `package` views buffer[0, consume).
//              Handle it, then drop `consume` bytes before the next call.
//   kNeedMore  read more bytes and call again.
//   < 0        -kErrLimit (over package_max_length) or -kErrProtocol (bad
//              length, length function error): close the connection and log
//              reason(). The splitter stays failed until reset().
// Call next() until it stops answering kReady: one read may carry several
// packages. See docs/core-proto.md for the modes and where Gust differs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "gust/base/result.h"
#include "gust/mem/slice.h"

namespace gust::proto::framing {

enum class Mode : uint8_t {
    kEofCheck,    // open_eof_check: deliver the whole buffer once it ends with package_eof
    kEofSplit,    // open_eof_split: one package per package_eof, the eof included at its end
    kLength,      // open_length_check: a length field in a fixed header
    kLengthFunc,  // package_length_func: a function tells the package length
};

// The length function of kLengthFunc. It sees the unconsumed bytes (at least one, at
// most package_max_length) and answers the total length of the first package (> 0), 0 when it cannot tell
// yet, or a negative number when the bytes are garbage. It is not called again for
// a package once it answered a length.
using LengthFunc = std::function<int64_t(mem::Slice data)>;

constexpr size_t kMaxEofLength = 8;

struct Options {
    Mode mode = Mode::kEofCheck;
    std::string eof = "\r\n";  // package_eof: 1 to 8 bytes
    char length_type = 'N';    // package_length_type: c C s S n N l L v V (PHP pack() codes)
    uint32_t length_offset = 0;  // package_length_offset: where the length field starts
    uint32_t body_offset = 0;    // package_body_offset: package length = body_offset + length value
    uint32_t max_length = 2 * 1024 * 1024;  // package_max_length
    LengthFunc length_func;                 // kLengthFunc only
};

// Picks the mode the way Swoole reads the flags: open_eof_split implies
// open_eof_check, a package_length_func implies open_length_check, and EOF framing
// wins over length framing. nullopt: no framing (raw stream).
std::optional<Mode> mode_from_flags(bool open_eof_check, bool open_eof_split, bool open_length_check,
                                    bool has_length_func);

// A length field described by its pack() code.
struct LengthField {
    uint8_t size = 0;  // 1, 2 or 4 bytes
    bool is_signed = false;
    bool big_endian = false;  // as stored on the wire
};

// The field for one of the ten codes Swoole accepts, nullopt for any other.
std::optional<LengthField> length_field(char code);

// Reads a field from `data` (at least field.size bytes), sign-extended when signed.
int64_t read_length(const char *data, const LengthField &field);

// Validated options, shared (read-only) by the splitters of every connection of a port.
class Framing {
public:
    // kErrInvalid when the options cannot work; invalid_reason() says why.
    static Result<Framing> create(Options options);
    // nullptr when `options` are valid, else a sentence for the warning.
    static const char *invalid_reason(const Options &options);

    const Options &options() const { return options_; }
    const LengthField &field() const { return field_; }

private:
    explicit Framing(Options options, LengthField field) : options_(std::move(options)), field_(field) {}
    Options options_;
    LengthField field_;
};

class Splitter {
public:
    enum Status : int {
        kNeedMore = 0,
        kReady = 1,
    };
    struct Step {
        int status = kNeedMore;  // kReady, kNeedMore, or -kErrLimit / -kErrProtocol
        mem::Slice package;      // kReady: the package, a view into the caller's buffer
        size_t consume = 0;      // kReady: bytes to drop before the next call (== package.size())
    };

    // `framing` must outlive the splitter.
    explicit Splitter(const Framing &framing) : framing_(&framing) {}

    Step next(mem::Slice buffer);

    // The full length of the package being received, when known (length modes, once
    // the header or the length function told it); 0 otherwise. Lets a caller size
    // the package's final storage once.
    size_t expected_length() const { return expected_; }
    // Why next() failed, for the log line; nullptr when it did not.
    const char *reason() const { return reason_; }
    // Back to the start of a package, failure forgotten (e.g. for a reused connection slot).
    void reset() {
        scanned_ = 0;
        expected_ = 0;
        failed_ = 0;
        reason_ = nullptr;
    }

private:
    Step eof_check(mem::Slice buffer);
    Step eof_split(mem::Slice buffer);
    Step length(mem::Slice buffer);
    Step length_func(mem::Slice buffer);
    Step ready(mem::Slice buffer, size_t n);
    Step fail(int code, const char *reason);

    const Framing *framing_;
    size_t scanned_ = 0;   // kEofSplit: no package_eof starts before this offset
    size_t expected_ = 0;  // length modes: the current package's length, 0 until known
    int failed_ = 0;       // the error answered once failed
    const char *reason_ = nullptr;
};

}  // namespace gust::proto::framing
