#include "gust/shm/table.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>

#include "gust/shm/futex.h"

namespace gust::shm {

namespace {

constexpr uint32_t kMagic = 0x67547331;  // "gTs1"
constexpr double kMinProportion = 0.2;

uint64_t hash_key(std::string_view key) {
    // 64-bit multiply-xorshift over 8-byte words (MurmurHash64A's structure).
    constexpr uint64_t m = 0xc6a4a7935bd1e995ULL;
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ (key.size() * m);
    const char *p = key.data();
    size_t n = key.size();
    while (n >= 8) {
        uint64_t k;
        memcpy(&k, p, 8);
        k *= m;
        k ^= k >> 47;
        k *= m;
        h ^= k;
        h *= m;
        p += 8;
        n -= 8;
    }
    if (n) {
        uint64_t k = 0;
        memcpy(&k, p, n);
        h ^= k;
        h *= m;
    }
    h ^= h >> 47;
    h *= m;
    h ^= h >> 47;
    return h;
}

size_t storage_of(ColumnType type, uint32_t size) { return type == ColumnType::kString ? 4 + size : size; }

}  // namespace

struct Table::Header {
    uint32_t magic;
    std::atomic<uint32_t> destroyed;
    SharedMutex pool_lock;
    uint32_t free_head;                 // pool_lock: 1 + index of the first recycled overflow row
    uint32_t free_count;                // pool_lock
    std::atomic<uint32_t> next_unused;  // written under pool_lock: overflow rows never used start here
    std::atomic<uint64_t> num, insert_count, update_count, delete_count, conflict_count, conflict_max_level;
};

struct Table::Row {
    SharedMutex lock;              // of a bucket row: guards its whole chain
    uint32_t next;                 // 1 + index of the next row of the chain (0: the end); free list link
    std::atomic<uint32_t> bucket;  // the bucket whose chain holds it
    std::atomic<uint8_t> active;
    uint8_t key_len;
    char key[kMaxKeyLength + 1];
};
namespace {
constexpr size_t kRowHeader = 80;  // sizeof(Row) rounded up to 8; the values follow
constexpr size_t kHeaderBytes = 128;
}  // namespace

Table::Table(uint64_t size, double conflict_proportion) {
    uint64_t rounded = 64;
    while (rounded < size && rounded < kMaxSize) rounded <<= 1;
    size_ = static_cast<uint32_t>(rounded);
    double p = conflict_proportion;
    if (!(p >= kMinProportion)) p = kMinProportion;  // NaN too
    if (p > 1) p = 1;
    overflow_ = static_cast<uint32_t>(static_cast<double>(size_) * p);
}

const Column *Table::column(std::string_view name) const {
    for (const Column &c : columns_) {
        if (c.name == name) return &c;
    }
    return nullptr;
}

Status Table::add_column(std::string_view name, ColumnType type, uint64_t size) {
    if (header_) return Error{kErrBusy};
    if (name.empty() || column(name)) return Error{kErrInvalid};
    uint32_t bytes = 8;
    switch (type) {
        case ColumnType::kInt: bytes = (size == 1 || size == 2 || size == 4) ? static_cast<uint32_t>(size) : 8; break;
        case ColumnType::kFloat: bytes = 8; break;
        case ColumnType::kString:
            if (size < 1 || size > 0x7fffffffu) return Error{kErrInvalid};
            bytes = static_cast<uint32_t>(size);
            break;
        default: return Error{kErrInvalid};
    }
    columns_.push_back(Column{std::string(name), type, bytes, static_cast<uint32_t>(data_bytes_)});
    data_bytes_ += storage_of(type, bytes);
    return Status();
}

Status Table::create() {
    static_assert(sizeof(Row) <= kRowHeader && sizeof(Header) <= kHeaderBytes);
    if (header_) return Error{kErrBusy};
    if (columns_.empty()) return Error{kErrInvalid};
    row_bytes_ = (kRowHeader + data_bytes_ + 7) / 8 * 8;
    const uint64_t rows = static_cast<uint64_t>(size_) + overflow_;
    if (row_bytes_ > (SIZE_MAX - kHeaderBytes) / rows) return Error{-ENOMEM};
    auto r = SharedRegion::map(kHeaderBytes + rows * row_bytes_);
    if (!r.ok()) return r.error();
    region_ = std::move(r.value());
    header_ = new (region_.data()) Header();
    header_->magic = kMagic;
    header_->next_unused.store(size_);
    rows_ = static_cast<char *>(region_.data()) + kHeaderBytes;
    // Rows are zero pages until used: a zero Row is a free, unlocked one.
    return Status();
}

bool Table::usable() const { return header_ && !header_->destroyed.load(std::memory_order_relaxed); }

void Table::destroy() {
    if (!header_) return;
    header_->destroyed.store(1);
    header_ = nullptr;
    rows_ = nullptr;
    region_.reset();
}

size_t Table::memory_size() const {
    if (!header_) return 0;
    return kHeaderBytes + (static_cast<size_t>(size_) + overflow_) * row_bytes_;
}

Table::Row *Table::row(uint32_t index) const { return reinterpret_cast<Row *>(rows_ + index * row_bytes_); }

uint32_t Table::bucket_of(std::string_view key) const {
    return static_cast<uint32_t>(hash_key(key) & (size_ - 1));  // size_ is a power of two
}

void Table::lock_row(Row *r) const { (void)r->lock.lock_fast(current_pid(), -1, true); }
void Table::unlock_row(Row *r) const { r->lock.unlock_fast(); }

Table::Row *Table::find(Row *head, std::string_view key) const {
    if (!head->active.load(std::memory_order_relaxed)) return nullptr;  // an empty bucket has no chain
    for (Row *r = head;;) {
        if (r->key_len == key.size() && memcmp(r->key, key.data(), key.size()) == 0) return r;
        if (!r->next) return nullptr;
        r = row(r->next - 1);
    }
}

Table::Row *Table::find_or_insert(Row *head, uint32_t bucket, std::string_view key, bool *inserted) {
    *inserted = false;
    Row *target = nullptr;
    if (head->active.load(std::memory_order_relaxed)) {
        Row *last = head;
        uint64_t level = 1;
        for (Row *r = head;;) {
            if (r->key_len == key.size() && memcmp(r->key, key.data(), key.size()) == 0) return r;
            last = r;
            if (!r->next) break;
            r = row(r->next - 1);
            level++;
        }
        // An overflow row from the recycled ones, else a never used one.
        uint32_t index = 0;
        (void)header_->pool_lock.lock_fast(current_pid(), -1, true);
        if (header_->free_head) {
            index = header_->free_head - 1;
            header_->free_head = row(index)->next;
            header_->free_count--;
        } else if (header_->next_unused.load() < size_ + overflow_) {
            index = header_->next_unused.load();
            header_->next_unused.store(index + 1);
        } else {
            header_->pool_lock.unlock_fast();
            return nullptr;
        }
        header_->pool_lock.unlock_fast();
        target = row(index);
        target->next = 0;
        last->next = index + 1;
        header_->conflict_count.fetch_add(1, std::memory_order_relaxed);
        uint64_t seen = header_->conflict_max_level.load(std::memory_order_relaxed);
        while (level + 1 > seen && !header_->conflict_max_level.compare_exchange_weak(seen, level + 1)) {
        }
    } else {
        target = head;
        target->next = 0;
    }
    target->bucket.store(bucket, std::memory_order_relaxed);
    target->key_len = static_cast<uint8_t>(key.size());
    memcpy(target->key, key.data(), key.size());
    memset(reinterpret_cast<char *>(target) + kRowHeader, 0, data_bytes_);
    target->active.store(1, std::memory_order_relaxed);
    header_->num.fetch_add(1, std::memory_order_relaxed);
    header_->insert_count.fetch_add(1, std::memory_order_relaxed);
    *inserted = true;
    return target;
}

Status Table::set(std::string_view key, const char *data, const uint8_t *mask) {
    if (!usable()) return Error{kErrClosed};
    if (key.size() > kMaxKeyLength) return Error{kErrInvalid};
    const uint32_t b = bucket_of(key);
    Row *head = row(b);
    lock_row(head);
    bool inserted = false;
    Row *r = find_or_insert(head, b, key, &inserted);
    if (!r) {
        unlock_row(head);
        return Error{kErrLimit};
    }
    char *values = reinterpret_cast<char *>(r) + kRowHeader;
    for (size_t i = 0; i < columns_.size(); i++) {
        if (!mask[i]) continue;
        const Column &c = columns_[i];
        memcpy(values + c.offset, data + c.offset, storage_of(c.type, c.size));
    }
    unlock_row(head);
    if (!inserted) header_->update_count.fetch_add(1, std::memory_order_relaxed);
    return Status();
}

bool Table::get(std::string_view key, char *out) {
    if (!usable() || key.size() > kMaxKeyLength) return false;
    Row *head = row(bucket_of(key));
    lock_row(head);
    Row *r = find(head, key);
    if (r) memcpy(out, reinterpret_cast<char *>(r) + kRowHeader, data_bytes_);
    unlock_row(head);
    return r != nullptr;
}

bool Table::exists(std::string_view key) {
    if (!usable() || key.size() > kMaxKeyLength) return false;
    Row *head = row(bucket_of(key));
    lock_row(head);
    bool found = find(head, key) != nullptr;
    unlock_row(head);
    return found;
}

bool Table::del(std::string_view key) {
    if (!usable() || key.size() > kMaxKeyLength) return false;
    Row *head = row(bucket_of(key));
    lock_row(head);
    Row *prev = nullptr;
    Row *r = head->active.load(std::memory_order_relaxed) ? head : nullptr;
    while (r && !(r->key_len == key.size() && memcmp(r->key, key.data(), key.size()) == 0)) {
        prev = r;
        r = r->next ? row(r->next - 1) : nullptr;
    }
    if (!r) {
        unlock_row(head);
        return false;
    }
    Row *freed = nullptr;
    uint32_t freed_index = 0;
    if (r == head) {
        if (head->next) {
            // The bucket row keeps the chain: the second row moves into it.
            freed_index = head->next - 1;
            freed = row(freed_index);
            head->key_len = freed->key_len;
            memcpy(head->key, freed->key, freed->key_len);
            memcpy(reinterpret_cast<char *>(head) + kRowHeader, reinterpret_cast<char *>(freed) + kRowHeader,
                   data_bytes_);
            head->next = freed->next;
        } else {
            head->active.store(0, std::memory_order_relaxed);
        }
    } else {
        prev->next = r->next;
        freed = r;
        freed_index = static_cast<uint32_t>((reinterpret_cast<char *>(r) - rows_) / row_bytes_);
    }
    if (freed) {
        freed->active.store(0, std::memory_order_relaxed);
        (void)header_->pool_lock.lock_fast(current_pid(), -1, true);
        freed->next = header_->free_head;
        header_->free_head = freed_index + 1;
        header_->free_count++;
        header_->pool_lock.unlock_fast();
    }
    unlock_row(head);
    header_->num.fetch_sub(1, std::memory_order_relaxed);
    header_->delete_count.fetch_add(1, std::memory_order_relaxed);
    return true;
}

Result<int64_t> Table::incr_int(std::string_view key, const Column &col, int64_t by) {
    if (!usable()) return Error{kErrClosed};
    if (key.size() > kMaxKeyLength) return Error{kErrInvalid};
    const uint32_t b = bucket_of(key);
    Row *head = row(b);
    lock_row(head);
    bool inserted = false;
    Row *r = find_or_insert(head, b, key, &inserted);
    if (!r) {
        unlock_row(head);
        return Error{kErrLimit};
    }
    char *values = reinterpret_cast<char *>(r) + kRowHeader;
    // Wraps like the hardware (and like Swoole), within the column's width.
    int64_t v = static_cast<int64_t>(static_cast<uint64_t>(read_int(values, col)) + static_cast<uint64_t>(by));
    write_int(values, col, v);
    v = read_int(values, col);
    unlock_row(head);
    return v;
}

Result<double> Table::incr_float(std::string_view key, const Column &col, double by) {
    if (!usable()) return Error{kErrClosed};
    if (key.size() > kMaxKeyLength) return Error{kErrInvalid};
    const uint32_t b = bucket_of(key);
    Row *head = row(b);
    lock_row(head);
    bool inserted = false;
    Row *r = find_or_insert(head, b, key, &inserted);
    if (!r) {
        unlock_row(head);
        return Error{kErrLimit};
    }
    char *values = reinterpret_cast<char *>(r) + kRowHeader;
    double v = read_float(values, col) + by;
    write_float(values, col, v);
    unlock_row(head);
    return v;
}

void Table::hold_bucket_lock(std::string_view key) {
    if (usable()) lock_row(row(bucket_of(key)));
}

uint64_t Table::count() const { return usable() ? header_->num.load(std::memory_order_relaxed) : 0; }

TableStats Table::stats() const {
    TableStats s{};
    if (!usable()) return s;
    s.num = header_->num.load();
    s.insert_count = header_->insert_count.load();
    s.update_count = header_->update_count.load();
    s.delete_count = header_->delete_count.load();
    s.conflict_count = header_->conflict_count.load();
    s.conflict_max_level = header_->conflict_max_level.load();
    (void)header_->pool_lock.lock_fast(current_pid(), -1, true);
    const uint64_t used = header_->next_unused.load() - size_ - header_->free_count;
    header_->pool_lock.unlock_fast();
    s.total_slice_num = overflow_;
    s.available_slice_num = overflow_ - used;
    return s;
}

int64_t Table::next_row(uint64_t from, std::string *key, char *out) {
    if (!usable()) return -1;
    const uint64_t end = header_->next_unused.load();  // overflow rows beyond it were never used
    for (uint64_t i = from; i < end; i++) {
        Row *r = row(static_cast<uint32_t>(i));
        if (!r->active.load(std::memory_order_relaxed)) continue;
        const uint32_t b = i < size_ ? static_cast<uint32_t>(i) : r->bucket.load(std::memory_order_relaxed);
        if (b >= size_) continue;
        Row *head = row(b);
        lock_row(head);
        bool live = r->active.load(std::memory_order_relaxed) && r->bucket.load(std::memory_order_relaxed) == b;
        if (live) {
            key->assign(r->key, r->key_len);
            memcpy(out, reinterpret_cast<char *>(r) + kRowHeader, data_bytes_);
        }
        unlock_row(head);
        if (live) return static_cast<int64_t>(i);
    }
    return -1;
}

int64_t Table::read_int(const char *data, const Column &c) {
    const char *p = data + c.offset;
    switch (c.size) {
        case 1: {
            int8_t v;
            memcpy(&v, p, 1);
            return v;
        }
        case 2: {
            int16_t v;
            memcpy(&v, p, 2);
            return v;
        }
        case 4: {
            int32_t v;
            memcpy(&v, p, 4);
            return v;
        }
        default: {
            int64_t v;
            memcpy(&v, p, 8);
            return v;
        }
    }
}

void Table::write_int(char *data, const Column &c, int64_t v) {
    char *p = data + c.offset;
    switch (c.size) {
        case 1: {
            auto x = static_cast<int8_t>(v);
            memcpy(p, &x, 1);
            break;
        }
        case 2: {
            auto x = static_cast<int16_t>(v);
            memcpy(p, &x, 2);
            break;
        }
        case 4: {
            auto x = static_cast<int32_t>(v);
            memcpy(p, &x, 4);
            break;
        }
        default: memcpy(p, &v, 8);
    }
}

double Table::read_float(const char *data, const Column &c) {
    double v;
    memcpy(&v, data + c.offset, 8);
    return v;
}

void Table::write_float(char *data, const Column &c, double v) { memcpy(data + c.offset, &v, 8); }

std::string_view Table::read_string(const char *data, const Column &c) {
    uint32_t len;
    memcpy(&len, data + c.offset, 4);
    if (len > c.size) len = c.size;  // a half-written row after a crash: never read past the column
    return std::string_view(data + c.offset + 4, len);
}

bool Table::write_string(char *data, const Column &c, std::string_view v) {
    const bool cut = v.size() > c.size;
    const uint32_t len = cut ? c.size : static_cast<uint32_t>(v.size());
    memcpy(data + c.offset, &len, 4);
    memcpy(data + c.offset + 4, v.data(), len);
    return cut;
}

}  // namespace gust::shm
