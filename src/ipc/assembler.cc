#include "gust/ipc/assembler.h"

#include <cassert>

namespace gust::ipc {

const char *assemble_error_name(AssembleError e) {
    switch (e) {
        case AssembleError::kNone: return "no error";
        case AssembleError::kNoFirstChunk: return "continuation chunk without a first chunk";
        case AssembleError::kAlreadyStarted: return "first chunk while the same message is in progress";
        case AssembleError::kOutOfOrder: return "chunk out of order";
        case AssembleError::kTotalChanged: return "total length changed between chunks";
        case AssembleError::kFlagsChanged: return "flags changed between chunks";
        case AssembleError::kTooManyPending: return "too many partially received messages";
        case AssembleError::kPendingBytes: return "too many bytes in partially received messages";
        case AssembleError::kAllocatorRefused: return "allocator refused the payload";
        case AssembleError::kRecordLength: return "record length disagrees with its header";
    }
    return "unknown";
}

size_t Assembler::KeyHash::operator()(const Key &k) const {
    uint64_t x = k.session_id * 0x9e3779b97f4a7c15ull;
    x ^= (static_cast<uint64_t>(k.reactor_id) << 8 | k.type) * 0xc2b2ae3d27d4eb4full;
    return static_cast<size_t>(x ^ (x >> 29));
}

Assembler::Assembler(const Limits &limits, PayloadAllocator *allocator) : limits_(limits), allocator_(allocator) {}

Assembler::~Assembler() {
    if (in_chunk_) abort_chunk();
    reset();
}

Status Assembler::refuse(AssembleError e, int code) {
    last_error_ = e;
    return Error{code};
}

void Assembler::drop(const Key &key) {
    auto it = pending_.find(key);
    if (it == pending_.end()) return;
    pending_bytes_ -= it->second.first.total_len;
    if (!it->second.skipping) allocator_->release(it->second.dest, it->second.first.total_len);
    pending_.erase(it);
}

void Assembler::reset() {
    for (auto &[key, p] : pending_) {
        if (!p.skipping) allocator_->release(p.dest, p.first.total_len);
    }
    pending_.clear();
    pending_bytes_ = 0;
}

Result<uint8_t *> Assembler::begin_chunk(const Header &h) {
    assert(!in_chunk_);
    last_error_ = AssembleError::kNone;
    const Key key{h.session_id, h.reactor_id, static_cast<uint8_t>(h.type)};
    auto it = pending_.find(key);
    if (h.first_chunk()) {
        if (it != pending_.end()) {
            drop(key);
            return refuse(AssembleError::kAlreadyStarted).error();
        }
        const bool single = h.last_chunk();
        if (!single) {
            if (pending_.size() >= limits_.max_pending_messages) {
                return refuse(AssembleError::kTooManyPending, kErrLimit).error();
            }
            if (pending_bytes_ + h.total_len > limits_.max_pending_bytes) {
                return refuse(AssembleError::kPendingBytes, kErrLimit).error();
            }
        }
        Destination dest = allocator_->allocate(h, h.total_len);
        if (dest.data == nullptr && h.total_len > 0) {
            if (!single) {
                // Remember the message so its other chunks are skipped quietly.
                Pending p;
                p.first = h;
                p.received = h.chunk_len;
                p.skipping = true;
                pending_.emplace(key, p);
                pending_bytes_ += h.total_len;
            }
            return refuse(AssembleError::kAllocatorRefused, kErrLimit).error();
        }
        in_chunk_ = true;
        cur_single_ = single;
        cur_key_ = key;
        cur_header_ = h;
        cur_dest_ = dest;
        if (!single) {
            Pending p;
            p.first = h;
            p.dest = dest;
            pending_.emplace(key, p);
            pending_bytes_ += h.total_len;
        }
        return dest.data;
    }
    if (it == pending_.end()) return refuse(AssembleError::kNoFirstChunk).error();
    Pending &p = it->second;
    if (h.total_len != p.first.total_len) {
        drop(key);
        return refuse(AssembleError::kTotalChanged).error();
    }
    if (h.flags != p.first.flags) {
        drop(key);
        return refuse(AssembleError::kFlagsChanged).error();
    }
    if (h.chunk_offset != p.received) {
        drop(key);
        return refuse(AssembleError::kOutOfOrder).error();
    }
    in_chunk_ = true;
    cur_single_ = false;
    cur_key_ = key;
    cur_header_ = h;
    if (p.skipping) {
        cur_dest_ = Destination{};
        return static_cast<uint8_t *>(nullptr);
    }
    cur_dest_ = p.dest;
    return p.dest.data + h.chunk_offset;
}

bool Assembler::end_chunk(Message *out) {
    assert(in_chunk_);
    in_chunk_ = false;
    if (cur_single_) {
        out->header = cur_header_;
        out->dest = cur_dest_;
        return true;
    }
    auto it = pending_.find(cur_key_);
    assert(it != pending_.end());
    Pending &p = it->second;
    if (cur_header_.chunk_offset != 0) p.received += cur_header_.chunk_len;
    else p.received = cur_header_.chunk_len;
    if (!cur_header_.last_chunk()) return false;
    const bool skipped = p.skipping;
    out->header = p.first;
    out->header.chunk_offset = 0;
    out->header.chunk_len = p.first.total_len;
    out->dest = p.dest;
    pending_bytes_ -= p.first.total_len;
    pending_.erase(it);
    return !skipped;
}

void Assembler::abort_chunk() {
    assert(in_chunk_);
    in_chunk_ = false;
    last_error_ = AssembleError::kRecordLength;
    if (cur_single_) {
        allocator_->release(cur_dest_, cur_header_.total_len);
        return;
    }
    drop(cur_key_);
}

}  // namespace gust::ipc
