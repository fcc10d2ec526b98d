// Content codings (RFC 9110 §8.4.1) and permessage-deflate (RFC 7692): Accept-Encoding
// negotiation, streaming compression for HTTP responses, a raw-deflate Deflater/Inflater
// pair for WebSocket messages, and a bounded decoder for compressed HTTP bodies.
//
// Built on zlib and brotli. Nothing here does I/O or keeps global state; every object is
// owned by one connection or response and used from one thread at a time. The classes are
// move-only; a moved-from object may only be destroyed or assigned to.
//
// Errors (the code() of a Status/Result, as everywhere in Gust: a GustError or -errno):
// kErrInvalid (bad argument, or a call after finish()), kErrLimit (a decoder's output would
// pass max_out), kErrProtocol (corrupt or truncated compressed data), -ENOMEM. After an
// error the object is failed and keeps answering that error; the caller drops it (and, for
// WebSocket, closes the connection with 1007 or 1009).
//
// Bomb bound: the decoders (Inflater::inflate, decompress) decode straight into `out` in
// steps of at most kDecodeChunk bytes and stop with kErrLimit as soon as one more byte would
// pass max_out (that byte lands in a one-byte probe, never in `out`). So `out` never holds
// more than max_out new bytes and its capacity never grows past max(its old capacity, old
// size + max_out), whatever the input expands to. The libraries' own state is fixed by the
// stream, not by its output: a zlib window is 2^15 bytes at most, a brotli window 16 MiB.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "gust/base/result.h"

namespace gust::proto::compress {

enum class Encoding : uint8_t { kIdentity, kGzip, kDeflate, kBrotli };

// A set of encodings, for the server's allowed list.
using EncodingSet = unsigned;
constexpr EncodingSet encoding_bit(Encoding e) { return 1u << static_cast<unsigned>(e); }
constexpr EncodingSet kAllEncodings =
    encoding_bit(Encoding::kGzip) | encoding_bit(Encoding::kDeflate) | encoding_bit(Encoding::kBrotli);

// The Content-Encoding token: "gzip", "deflate", "br" ("identity" for kIdentity).
std::string_view encoding_token(Encoding e);

// The best coding in `allowed` for a request's Accept-Encoding value (RFC 9110 §12.5.3):
// tokens are case-insensitive ("x-gzip" is gzip), "q=0" means not acceptable, a coding
// not listed takes the weight of "*" if present and is otherwise not acceptable. The
// highest weight wins; ties prefer br > gzip > deflate. kIdentity when no allowed coding is
// acceptable, when the value is empty, or when "identity" is listed with a strictly higher
// weight than every acceptable coding. Malformed elements (a bad q) are ignored. Call only
// when the request has the header: without it, do not compress.
Encoding negotiate_encoding(std::string_view accept_encoding, EncodingSet allowed = kAllEncodings);

// Swoole's http_compression_level (1..9, clamped) as the library level:
// gzip/deflate use it as the zlib level; brotli uses quality = min(level, 8), each costing
// about what the same zlib level costs (quality 9 is 3x slower than 8 for <1% smaller output;
// 10 and 11 are offline qualities), with a 2^18-byte window.
int zlib_level(int level);
int brotli_quality(int level);

enum class Flush : uint8_t {
    kNone,  // buffer as the library likes (best ratio)
    kSync,  // emit everything written so far, decodable now (Z_SYNC_FLUSH / BROTLI_OPERATION_FLUSH)
};

// Streaming compressor of one HTTP body: gzip (RFC 1952), deflate (the zlib format, RFC
// 1950, which is what HTTP calls "deflate") or brotli (RFC 7932).
class Compressor {
public:
    // kErrInvalid for kIdentity; -ENOMEM when the library cannot allocate.
    static Result<Compressor> create(Encoding encoding, int level);

    Compressor(Compressor &&) noexcept;
    Compressor &operator=(Compressor &&) noexcept;
    ~Compressor();

    // Compresses `in`, appending whatever output is ready to `out` (with kSync: all of it).
    Status write(std::string_view in, std::string &out, Flush flush = Flush::kNone);
    // Ends the stream, appending the rest and the trailer. Later calls: kErrInvalid.
    Status finish(std::string &out);

    Encoding encoding() const { return encoding_; }

    struct State;  // library state, private to compress_stream.cc

private:
    Compressor(Encoding encoding, std::unique_ptr<State> state);
    Encoding encoding_;
    std::unique_ptr<State> state_;
};

// One-shot compression of a whole body (kErrInvalid for kIdentity).
Result<std::string> compress(Encoding encoding, int level, std::string_view in);

// Bounded one-shot decoding of a whole body: gzip (several members allowed), deflate (the
// zlib format; raw deflate is accepted too, as some servers send it), br, identity.
// kErrLimit when the output would pass max_out, kErrProtocol when corrupt, truncated or
// followed by trailing bytes. An empty `in` decodes to "" (a body-less response may still
// carry Content-Encoding).
Result<std::string> decompress(Encoding encoding, std::string_view in, size_t max_out);

// The decoders' output step (the bomb bound above).
constexpr size_t kDecodeChunk = 16 * 1024;

// Streaming decoding of one HTTP body that is not kept whole (a download written to a file as it
// arrives): the codings decompress() reads, with the same rules (gzip members, deflate in the
// zlib format or raw, told apart by its first two bytes; nothing may follow the end). The output
// goes to `emit` in pieces of at most kDecodeChunk bytes from a buffer the decoder owns, so the
// decoder's memory is fixed (its buffer and the library's window) whatever the input expands to;
// bounding the total is the caller's business. After an error the decoder keeps answering it.
class BodyDecoder {
public:
    // Takes each piece of output (valid during the call); a failed Status stops the decoding and
    // is returned by feed()/finish() as it is.
    using Emit = Status (*)(std::string_view piece, void *arg);

    // kErrInvalid for kIdentity; -ENOMEM when the library cannot allocate.
    static Result<BodyDecoder> create(Encoding encoding);

    BodyDecoder(BodyDecoder &&) noexcept;
    BodyDecoder &operator=(BodyDecoder &&) noexcept;
    ~BodyDecoder();

    // The next bytes of the body. kErrProtocol on corrupt data or bytes after the stream's end.
    Status feed(std::string_view in, Emit emit, void *arg);
    // The body ended: kErrProtocol when the stream did not (truncated). A body without a single
    // byte is accepted, as decompress() accepts it.
    Status finish(Emit emit, void *arg);

    struct State;  // private to compress_body_decoder.cc

private:
    explicit BodyDecoder(std::unique_ptr<State> state);
    std::unique_ptr<State> state_;
};

// permessage-deflate (RFC 7692): raw deflate with an LZ77 window of 2^window_bits bytes
// (8..15, the negotiated *_max_window_bits); without context takeover each message is
// compressed alone.

// The receiving side.
class Inflater {
public:
    // The window bits the peer compresses with (client_max_window_bits for a server). 8 is
    // decoded with a 2^9 window: zlib cannot compress with 8 and uses 9 instead.
    static Result<Inflater> create(int window_bits = 15, bool context_takeover = true);

    Inflater(Inflater &&) noexcept;
    Inflater &operator=(Inflater &&) noexcept;
    ~Inflater();

    // Decodes `in`, appending at most max_out bytes to `out`. A message may come in
    // several calls (fragments); the caller appends 0x00 0x00 0xff 0xff to the last one
    // and passes message_end = true, after which the window is reset when there is no
    // context takeover. A final (BFINAL) block ends a deflate stream; decoding goes on
    // after it with a fresh stream that keeps the window under context takeover.
    // kErrLimit as soon as the output would pass max_out, kErrProtocol on corrupt data;
    // on error `out` is restored to its old size.
    Status inflate(std::string_view in, std::string &out, size_t max_out, bool message_end = true);

    struct State;

private:
    explicit Inflater(std::unique_ptr<State> state);
    std::unique_ptr<State> state_;
};

// The sending side: one call per message.
class Deflater {
public:
    // level as Swoole's (1..9, clamped). window_bits 9..15 (the peer's *_max_window_bits
    // for our direction); 8 is kErrInvalid since zlib cannot honour it: a negotiation
    // must answer server_max_window_bits=8 by declining the offer (or by not sending
    // compressed messages).
    static Result<Deflater> create(int level, int window_bits = 15, bool context_takeover = true);

    Deflater(Deflater &&) noexcept;
    Deflater &operator=(Deflater &&) noexcept;
    ~Deflater();

    // Compresses one whole message and appends the frame payload to `out`, without the
    // 0x00 0x00 0xff 0xff tail of the sync flush (RFC 7692 §7.2.1). An empty message
    // gives the single byte 0x00.
    Status deflate(std::string_view in, std::string &out);

    struct State;

private:
    explicit Deflater(std::unique_ptr<State> state);
    std::unique_ptr<State> state_;
};

}  // namespace gust::proto::compress
