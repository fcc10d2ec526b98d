// The hash table behind Swoole\Table: fixed-size rows in one SharedRegion, shared by every
// process forked after create().
//
// Layout (docs/php-shm.md): a header, then `size` bucket rows followed by `size * proportion`
// overflow rows. A key hashes to one bucket row; keys that collide there are chained through
// overflow rows (indices, never pointers). Each bucket row's SharedMutex guards its whole chain;
// the overflow rows' free list has a SharedMutex of its own. Locks are held only while bytes are
// copied (never across PHP code) and taken over from a dead holder — or from this very process,
// when a fatal error unwound past an unlock — so a crash leaves at worst one half-written row.
//
// A Table object is process-local (its columns and its mapping); `destroy()` marks the shared
// header so every process sees it gone, then unmaps it here.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "gust/base/result.h"
#include "gust/shm/lock.h"
#include "gust/shm/region.h"

namespace gust::shm {

enum class ColumnType : uint8_t { kInt = 1, kFloat = 2, kString = 3 };  // Swoole's TYPE_* numbers

struct Column {
    std::string name;
    ColumnType type;
    uint32_t size;    // bytes of the value: 1/2/4/8 for ints, 8 for floats, the max length for strings
    uint32_t offset;  // from the start of the row's data
};

struct TableStats {
    uint64_t num, insert_count, update_count, delete_count, conflict_count, conflict_max_level;
    uint64_t available_slice_num, total_slice_num;
};

class Table {
public:
    static constexpr size_t kMaxKeyLength = 63;
    static constexpr uint32_t kMaxSize = 0x80000000u;

    // Swoole's sizing: `size` rounded up to a power of two (at least 64, at most kMaxSize);
    // the proportion of overflow rows clamped to [0.2, 1].
    Table(uint64_t size, double conflict_proportion);
    ~Table() = default;
    Table(const Table &) = delete;
    Table &operator=(const Table &) = delete;

    uint32_t size() const { return size_; }
    uint32_t overflow_rows() const { return overflow_; }
    const std::vector<Column> &columns() const { return columns_; }
    const Column *column(std::string_view name) const;
    // kErrInvalid: a bad name (empty, duplicate) or size; kErrBusy: already created.
    Status add_column(std::string_view name, ColumnType type, uint64_t size);
    // Maps the shared memory. kErrBusy when already created, -ENOMEM, kErrInvalid (no columns).
    Status create();
    // False before create(), after destroy() here, or after any process destroyed it.
    bool usable() const;
    // Marks it destroyed for every process and unmaps it in this one.
    void destroy();
    size_t memory_size() const;                        // 0 before create()
    size_t data_bytes() const { return data_bytes_; }  // one row's values

    // Row operations. `key` is at most kMaxKeyLength bytes (else kErrInvalid). `data` is a row's
    // values in the layout of columns() (data_bytes() long).
    //
    // set: writes the columns whose `mask` byte is non-zero (mask[i]: columns()[i]); a new row
    // starts zeroed. kErrLimit when the row is new and no overflow row is free (nothing else
    // changes).
    Status set(std::string_view key, const char *data, const uint8_t *mask);
    // Copies the row's values into `out` (data_bytes()); false when the key is absent.
    bool get(std::string_view key, char *out);
    bool exists(std::string_view key);
    bool del(std::string_view key);
    // Adds to an int or float column, creating the row (zeroed) when absent; the new value.
    Result<int64_t> incr_int(std::string_view key, const Column &col, int64_t by);
    Result<double> incr_float(std::string_view key, const Column &col, double by);
    uint64_t count() const;
    TableStats stats() const;

    // Iteration over physical rows (bucket rows, then overflow rows): the first live row at index
    // >= `from`, its key and values copied out; -1 when none is left.
    int64_t next_row(uint64_t from, std::string *key, char *out);

    // Takes the lock of `key`'s bucket and keeps it: what a process killed inside an operation
    // leaves behind (for tests of the recovery).
    void hold_bucket_lock(std::string_view key);

    // Value codecs over a row's data.
    static int64_t read_int(const char *data, const Column &c);
    static void write_int(char *data, const Column &c, int64_t v);
    static double read_float(const char *data, const Column &c);
    static void write_float(char *data, const Column &c, double v);
    static std::string_view read_string(const char *data, const Column &c);
    // Truncates to the column's size; true when it had to.
    static bool write_string(char *data, const Column &c, std::string_view v);

private:
    struct Header;
    struct Row;

    Row *row(uint32_t index) const;
    uint32_t bucket_of(std::string_view key) const;
    // Under the bucket's lock: the row holding `key` in the chain, or nullptr.
    Row *find(Row *head, std::string_view key) const;
    // Under the bucket's lock: finds or inserts; nullptr when the overflow rows are exhausted.
    Row *find_or_insert(Row *head, uint32_t bucket, std::string_view key, bool *inserted);
    void lock_row(Row *r) const;
    void unlock_row(Row *r) const;

    uint32_t size_;
    uint32_t overflow_;
    std::vector<Column> columns_;
    size_t data_bytes_ = 0;
    size_t row_bytes_ = 0;
    SharedRegion region_;
    Header *header_ = nullptr;
    char *rows_ = nullptr;
};

}  // namespace gust::shm
