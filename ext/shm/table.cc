// Swoole\Table over the core's shared hash table (gust/shm/table.h). The table object of each
// process holds the columns and the mapping; the rows are shared. A row lock is held only while
// bytes are copied between the shared row and a buffer of this object: values are converted to
// and from PHP outside it (a conversion may run PHP code or fail with a fatal error).
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "common/errors.h"
#include "common/module.h"
#include "gust/shm/table.h"
#include "shm/shm.h"
#include "zend/object.h"

extern "C" {
#include "zend_interfaces.h"
}

#define GUST_TABLE_TYPE_INT 1
#define GUST_TABLE_TYPE_FLOAT 2
#define GUST_TABLE_TYPE_STRING 3

namespace {

using gust::shm::Column;
using gust::shm::ColumnType;
using gust::shm::Table;

struct TableObject {
    std::unique_ptr<Table> table;
    std::vector<zend_string *> names;  // the columns' names as array keys, in column order
    std::vector<char> row;             // a row's values, copied out under the row lock
    // foreach: the physical row index of the current entry (-1: none), its key and values
    int64_t iter_at = -1;
    std::string iter_key;
    std::vector<char> iter_row;

    ~TableObject() {
        for (zend_string *n : names) zend_string_release(n);
    }
};
using TableClass = gust::php::zobj::Class<TableObject>;

zend_class_entry *ce_table = nullptr;

TableObject *obj_of(zval *self) { return TableClass::from(self); }

// The table, usable (created, not destroyed here or by any process), or nullptr with Swoole\Error
// thrown: Swoole makes this a fatal error; an exception says the same and can be caught.
Table *ready(TableObject *t) {
    if (UNEXPECTED(!t->table || !t->table->usable())) {
        gust::php::throw_error(gust::php::swoole_error_ce(), gust::php::SwooleError::kWrongOperation,
                               "table is not created or has been destroyed");
        return nullptr;
    }
    return t->table.get();
}

// A key over the limit: a warning, and the caller returns false.
bool key_ok(zend_string *key) {
    if (EXPECTED(ZSTR_LEN(key) <= Table::kMaxKeyLength)) return true;
    php_error_docref(nullptr, E_WARNING, "key[%.*s...] is too long: at most %zu bytes", 16, ZSTR_VAL(key),
                     Table::kMaxKeyLength);
    gust::php::set_last_error(gust::php::SwooleError::kInvalidParams);
    return false;
}

zval value_of(const char *data, const Column &c) {
    zval v;
    switch (c.type) {
        case ColumnType::kInt: ZVAL_LONG(&v, Table::read_int(data, c)); break;
        case ColumnType::kFloat: ZVAL_DOUBLE(&v, Table::read_float(data, c)); break;
        default: {
            std::string_view s = Table::read_string(data, c);
            ZVAL_STRINGL_FAST(&v, s.data(), s.size());
        }
    }
    return v;
}

// The result array of get()/current(): its hash part allocated at once for every column, and
// each entry appended without a lookup (the names are distinct).
void row_to_array(TableObject *t, const char *data, zval *out) {
    const auto &cols = t->table->columns();
    const auto n = static_cast<uint32_t>(cols.size());
    HashTable *ht = zend_new_array(n);
    zend_hash_real_init_mixed(ht);
    for (uint32_t i = 0; i < n; i++) {
        zval v = value_of(data, cols[i]);
        _zend_hash_append(ht, t->names[i], &v);
    }
    ZVAL_ARR(out, ht);
}

// A column by its name: the names are compared as zend_strings (a literal's interned pointer
// first, then its cached hash), with no std::string made.
const Column *column_of(TableObject *t, zend_string *name) {
    const auto &cols = t->table->columns();
    for (size_t i = 0; i < cols.size(); i++) {
        if (zend_string_equals(t->names[i], name)) return &cols[i];
    }
    return nullptr;
}

void sync_properties(zval *self, TableObject *t) {
    zend_update_property_long(ce_table, Z_OBJ_P(self), ZEND_STRL("size"), t->table->size());
    zend_update_property_long(ce_table, Z_OBJ_P(self), ZEND_STRL("memorySize"),
                              static_cast<zend_long>(t->table->memory_size()));
}

void warn_full(zend_string *key) {
    php_error_docref(nullptr, E_WARNING, "failed to set('%s'): the table is full (no free row for a new key)",
                     ZSTR_VAL(key));
    gust::php::set_last_error(gust::php::SwooleError::kMallocFail);
}

}  // namespace

ZEND_METHOD(Swoole_Table, __construct) {
    zend_long size;
    double proportion = 0.2;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_LONG(size)
        Z_PARAM_OPTIONAL
        Z_PARAM_DOUBLE(proportion)
    ZEND_PARSE_PARAMETERS_END();
    TableObject *t = obj_of(ZEND_THIS);
    if (t->table) {
        zend_throw_error(nullptr, "Swoole\\Table: the constructor was already called");
        RETURN_THROWS();
    }
    if (size < 1) {
        zend_argument_value_error(1, "must be greater than 0");
        RETURN_THROWS();
    }
    t->table = std::make_unique<Table>(static_cast<uint64_t>(size), proportion);
    zend_update_property_long(ce_table, Z_OBJ_P(ZEND_THIS), ZEND_STRL("size"), t->table->size());
    zend_update_property_long(ce_table, Z_OBJ_P(ZEND_THIS), ZEND_STRL("memorySize"), 0);
}

ZEND_METHOD(Swoole_Table, column) {
    zend_string *name;
    zend_long type, size = 0;
    ZEND_PARSE_PARAMETERS_START(2, 3)
        Z_PARAM_STR(name)
        Z_PARAM_LONG(type)
        Z_PARAM_OPTIONAL
        Z_PARAM_LONG(size)
    ZEND_PARSE_PARAMETERS_END();
    TableObject *t = obj_of(ZEND_THIS);
    if (!t->table) {
        zend_throw_error(nullptr, "Swoole\\Table: the constructor was not called");
        RETURN_THROWS();
    }
    if (type != GUST_TABLE_TYPE_INT && type != GUST_TABLE_TYPE_FLOAT && type != GUST_TABLE_TYPE_STRING) {
        php_error_docref(nullptr, E_WARNING, "unknown column type " ZEND_LONG_FMT, type);
        RETURN_FALSE;
    }
    if (t->table->column(std::string_view(ZSTR_VAL(name), ZSTR_LEN(name)))) {
        php_error_docref(nullptr, E_WARNING, "column[%s] already exists", ZSTR_VAL(name));
        RETURN_FALSE;
    }
    gust::Status st = t->table->add_column(std::string_view(ZSTR_VAL(name), ZSTR_LEN(name)),
                                           static_cast<ColumnType>(type), size < 0 ? 0 : static_cast<uint64_t>(size));
    if (!st.ok()) {
        if (st.code() == gust::kErrBusy) {
            php_error_docref(nullptr, E_WARNING, "unable to add column after table has been created");
        } else if (ZSTR_LEN(name) == 0) {
            php_error_docref(nullptr, E_WARNING, "the column name is empty");
        } else {
            php_error_docref(nullptr, E_WARNING,
                             "the size of a string column must be 1 to 2147483647 bytes, " ZEND_LONG_FMT " given",
                             size);
        }
        RETURN_FALSE;
    }
    t->names.push_back(zend_string_copy(name));
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Table, create) {
    ZEND_PARSE_PARAMETERS_NONE();
    TableObject *t = obj_of(ZEND_THIS);
    if (!t->table) {
        zend_throw_error(nullptr, "Swoole\\Table: the constructor was not called");
        RETURN_THROWS();
    }
    if (gust::php::workers_started()) {
        // Swoole creates it anyway; it is then this process's alone, which is rarely what was meant.
        php_error_docref(nullptr, E_WARNING,
                         "the table is created after the server (or pool) started: it is not shared with "
                         "its other processes; create it before start()");
    }
    gust::Status st = t->table->create();
    if (!st.ok()) {
        if (st.code() == gust::kErrBusy) {
            php_error_docref(nullptr, E_WARNING, "the table has already been created");
        } else if (st.code() == gust::kErrInvalid) {
            php_error_docref(nullptr, E_WARNING, "the table has no column");
        } else {
            php_error_docref(nullptr, E_WARNING, "unable to allocate shared memory for %u rows: %s",
                             t->table->size() + t->table->overflow_rows(), st.message());
            gust::php::set_last_error(gust::php::SwooleError::kMallocFail);
        }
        RETURN_FALSE;
    }
    t->row.assign(t->table->data_bytes(), 0);
    t->iter_row.assign(t->table->data_bytes(), 0);
    sync_properties(ZEND_THIS, t);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Table, destroy) {
    ZEND_PARSE_PARAMETERS_NONE();
    TableObject *t = obj_of(ZEND_THIS);
    if (!t->table || !t->table->usable()) RETURN_FALSE;
    t->table->destroy();
    t->iter_at = -1;
    zend_update_property_long(ce_table, Z_OBJ_P(ZEND_THIS), ZEND_STRL("memorySize"), 0);
    RETURN_TRUE;
}

ZEND_METHOD(Swoole_Table, set) {
    zend_string *key;
    HashTable *values;
    ZEND_PARSE_PARAMETERS_START(2, 2)
        Z_PARAM_STR(key)
        Z_PARAM_ARRAY_HT(values)
    ZEND_PARSE_PARAMETERS_END();
    Table *table = ready(obj_of(ZEND_THIS));
    if (!table) RETURN_THROWS();
    if (!key_ok(key)) RETURN_FALSE;
    // Staged in a buffer of this call (a conversion may warn, and a warning may run a handler
    // that uses this table again), then copied into the row under its lock.
    // Small rows are staged on the stack (no allocation per call), larger ones in an ecalloc'd one.
    TableObject *t = obj_of(ZEND_THIS);
    const auto &cols = table->columns();
    const size_t bytes = table->data_bytes();
    const size_t need = bytes + cols.size();
    alignas(8) char local[512];
    char *staged = local;
    if (need <= sizeof(local)) {
        memset(local, 0, need);
    } else {
        staged = static_cast<char *>(ecalloc(1, need));
    }
    auto *mask = reinterpret_cast<uint8_t *>(staged + bytes);
    for (size_t i = 0; i < cols.size(); i++) {
        zval *v = zend_hash_find(values, t->names[i]);
        if (!v) continue;  // absent columns keep their values (zero in a new row)
        ZVAL_DEREF(v);
        const Column &c = cols[i];
        mask[i] = 1;
        if (c.type == ColumnType::kInt) {
            Table::write_int(staged, c, zval_get_long(v));
        } else if (c.type == ColumnType::kFloat) {
            Table::write_float(staged, c, zval_get_double(v));
        } else {
            zend_string *tmp;
            zend_string *s = zval_try_get_tmp_string(v, &tmp);
            if (!s) {
                if (staged != local) efree(staged);
                RETURN_THROWS();
            }
            if (Table::write_string(staged, c, std::string_view(ZSTR_VAL(s), ZSTR_LEN(s)))) {
                php_error_docref(nullptr, E_WARNING,
                                 "[key=%s,field=%s] the value (%zu bytes) is cut to the column's %u", ZSTR_VAL(key),
                                 c.name.c_str(), ZSTR_LEN(s), c.size);
            }
            zend_tmp_string_release(tmp);
        }
    }
    table = ready(obj_of(ZEND_THIS));  // a warning handler may have destroyed it
    if (!table) {
        if (staged != local) efree(staged);
        RETURN_THROWS();
    }
    gust::Status st = table->set(std::string_view(ZSTR_VAL(key), ZSTR_LEN(key)), staged, mask);
    if (staged != local) efree(staged);
    if (st.ok()) RETURN_TRUE;
    if (st.code() == gust::kErrLimit) warn_full(key);
    RETURN_FALSE;
}

ZEND_METHOD(Swoole_Table, get) {
    zend_string *key;
    zend_string *field = nullptr;
    ZEND_PARSE_PARAMETERS_START(1, 2)
        Z_PARAM_STR(key)
        Z_PARAM_OPTIONAL
        Z_PARAM_STR_OR_NULL(field)
    ZEND_PARSE_PARAMETERS_END();
    TableObject *t = obj_of(ZEND_THIS);
    Table *table = ready(t);
    if (!table) RETURN_THROWS();
    if (!key_ok(key)) RETURN_FALSE;
    const Column *col = nullptr;
    if (field) {
        col = column_of(t, field);
        if (!col) RETURN_FALSE;  // as Swoole: an unknown field is false, without a warning
    }
    if (!table->get(std::string_view(ZSTR_VAL(key), ZSTR_LEN(key)), t->row.data())) RETURN_FALSE;
    if (col) {
        zval v = value_of(t->row.data(), *col);
        RETURN_COPY_VALUE(&v);
    }
    row_to_array(t, t->row.data(), return_value);
}

ZEND_METHOD(Swoole_Table, count) {
    ZEND_PARSE_PARAMETERS_NONE();
    Table *table = ready(obj_of(ZEND_THIS));
    if (!table) RETURN_THROWS();
    RETURN_LONG(static_cast<zend_long>(table->count()));
}

ZEND_METHOD(Swoole_Table, del) {
    zend_string *key;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(key)
    ZEND_PARSE_PARAMETERS_END();
    Table *table = ready(obj_of(ZEND_THIS));
    if (!table) RETURN_THROWS();
    if (!key_ok(key)) RETURN_FALSE;
    RETURN_BOOL(table->del(std::string_view(ZSTR_VAL(key), ZSTR_LEN(key))));
}

ZEND_METHOD(Swoole_Table, exists) {
    zend_string *key;
    ZEND_PARSE_PARAMETERS_START(1, 1)
        Z_PARAM_STR(key)
    ZEND_PARSE_PARAMETERS_END();
    Table *table = ready(obj_of(ZEND_THIS));
    if (!table) RETURN_THROWS();
    if (!key_ok(key)) RETURN_FALSE;
    RETURN_BOOL(table->exists(std::string_view(ZSTR_VAL(key), ZSTR_LEN(key))));
}

namespace {

void incr_or_decr(INTERNAL_FUNCTION_PARAMETERS, bool decr) {
    zend_string *key, *column;
    zval *by = nullptr;
    ZEND_PARSE_PARAMETERS_START(2, 3)
        Z_PARAM_STR(key)
        Z_PARAM_STR(column)
        Z_PARAM_OPTIONAL
        Z_PARAM_ZVAL(by)
    ZEND_PARSE_PARAMETERS_END();
    TableObject *t = obj_of(ZEND_THIS);
    Table *table = ready(t);
    if (!table) RETURN_THROWS();
    if (!key_ok(key)) RETURN_FALSE;
    const Column *col = column_of(t, column);
    if (!col) {
        php_error_docref(nullptr, E_WARNING, "column[%s] does not exist", ZSTR_VAL(column));
        RETURN_FALSE;
    }
    if (col->type == ColumnType::kString) {
        php_error_docref(nullptr, E_WARNING, "can't execute '%s' on a string type column", decr ? "decr" : "incr");
        RETURN_FALSE;
    }
    const std::string_view k(ZSTR_VAL(key), ZSTR_LEN(key));
    if (col->type == ColumnType::kInt) {
        // A conversion may warn (and a handler may destroy the table): only then look again.
        zend_long n = 1;
        if (by) {
            n = zval_get_long(by);
            if (!(table = ready(t))) RETURN_THROWS();
        }
        auto r = table->incr_int(
            k, *col, decr ? static_cast<int64_t>(0ULL - static_cast<uint64_t>(n)) : static_cast<int64_t>(n));
        if (!r.ok()) {
            if (r.code() == gust::kErrLimit) warn_full(key);
            RETURN_FALSE;
        }
        RETURN_LONG(r.value());
    }
    double n = 1.0;
    if (by) {
        n = zval_get_double(by);
        if (!(table = ready(t))) RETURN_THROWS();
    }
    auto r = table->incr_float(k, *col, decr ? -n : n);
    if (!r.ok()) {
        if (r.code() == gust::kErrLimit) warn_full(key);
        RETURN_FALSE;
    }
    RETURN_DOUBLE(r.value());
}

}  // namespace

ZEND_METHOD(Swoole_Table, incr) { incr_or_decr(INTERNAL_FUNCTION_PARAM_PASSTHRU, false); }

ZEND_METHOD(Swoole_Table, decr) { incr_or_decr(INTERNAL_FUNCTION_PARAM_PASSTHRU, true); }

ZEND_METHOD(Swoole_Table, getSize) {
    ZEND_PARSE_PARAMETERS_NONE();
    TableObject *t = obj_of(ZEND_THIS);
    RETURN_LONG(t->table ? t->table->size() : 0);
}

ZEND_METHOD(Swoole_Table, getMemorySize) {
    ZEND_PARSE_PARAMETERS_NONE();
    TableObject *t = obj_of(ZEND_THIS);
    RETURN_LONG(t->table && t->table->usable() ? static_cast<zend_long>(t->table->memory_size()) : 0);
}

ZEND_METHOD(Swoole_Table, stats) {
    ZEND_PARSE_PARAMETERS_NONE();
    TableObject *t = obj_of(ZEND_THIS);
    if (!t->table || !t->table->usable()) RETURN_FALSE;
    gust::shm::TableStats s = t->table->stats();
    array_init(return_value);
    add_assoc_long(return_value, "num", static_cast<zend_long>(s.num));
    add_assoc_long(return_value, "conflict_count", static_cast<zend_long>(s.conflict_count));
    add_assoc_long(return_value, "conflict_max_level", static_cast<zend_long>(s.conflict_max_level));
    add_assoc_long(return_value, "insert_count", static_cast<zend_long>(s.insert_count));
    add_assoc_long(return_value, "update_count", static_cast<zend_long>(s.update_count));
    add_assoc_long(return_value, "delete_count", static_cast<zend_long>(s.delete_count));
    add_assoc_long(return_value, "available_slice_num", static_cast<zend_long>(s.available_slice_num));
    add_assoc_long(return_value, "total_slice_num", static_cast<zend_long>(s.total_slice_num));
    add_assoc_long(return_value, "memory_size", static_cast<zend_long>(t->table->memory_size()));
}

// ---- Iterator: walks the physical rows; each entry is copied out when it is reached.

ZEND_METHOD(Swoole_Table, rewind) {
    ZEND_PARSE_PARAMETERS_NONE();
    Table *table = ready(obj_of(ZEND_THIS));
    if (!table) RETURN_THROWS();
    TableObject *t = obj_of(ZEND_THIS);
    t->iter_at = table->next_row(0, &t->iter_key, t->iter_row.data());
}

ZEND_METHOD(Swoole_Table, next) {
    ZEND_PARSE_PARAMETERS_NONE();
    Table *table = ready(obj_of(ZEND_THIS));
    if (!table) RETURN_THROWS();
    TableObject *t = obj_of(ZEND_THIS);
    if (t->iter_at < 0) return;
    t->iter_at = table->next_row(static_cast<uint64_t>(t->iter_at) + 1, &t->iter_key, t->iter_row.data());
}

ZEND_METHOD(Swoole_Table, valid) {
    ZEND_PARSE_PARAMETERS_NONE();
    TableObject *t = obj_of(ZEND_THIS);
    RETURN_BOOL(t->iter_at >= 0 && t->table && t->table->usable());
}

ZEND_METHOD(Swoole_Table, current) {
    ZEND_PARSE_PARAMETERS_NONE();
    Table *table = ready(obj_of(ZEND_THIS));
    if (!table) RETURN_THROWS();
    TableObject *t = obj_of(ZEND_THIS);
    if (t->iter_at < 0) RETURN_NULL();
    row_to_array(t, t->iter_row.data(), return_value);
}

ZEND_METHOD(Swoole_Table, key) {
    ZEND_PARSE_PARAMETERS_NONE();
    TableObject *t = obj_of(ZEND_THIS);
    if (t->iter_at < 0) RETURN_NULL();
    RETURN_STRINGL(t->iter_key.data(), t->iter_key.size());
}

#include "stubs/shm_table_arginfo.h"

void gust::php::shm::register_table(int module_number) {
    (void)module_number;
    ce_table = register_class_Swoole_Table(zend_ce_iterator, zend_ce_countable);
    TableClass::install(ce_table);
}
