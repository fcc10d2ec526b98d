<?php

/**
 * Swoole\Table: a hash table of fixed-size rows in shared memory, shared by every process forked
 * after create() (docs/php-shm.md).
 *
 * @generate-class-entries
 */

namespace Swoole {
    /** @not-serializable */
    class Table implements \Iterator, \Countable {
        /**
         * @var int
         * @cvalue GUST_TABLE_TYPE_INT
         */
        public const TYPE_INT = UNKNOWN;
        /**
         * @var int
         * @cvalue GUST_TABLE_TYPE_STRING
         */
        public const TYPE_STRING = UNKNOWN;
        /**
         * @var int
         * @cvalue GUST_TABLE_TYPE_FLOAT
         */
        public const TYPE_FLOAT = UNKNOWN;

        public ?int $size = null;
        public ?int $memorySize = null;

        public function __construct(int $table_size, float $conflict_proportion = 0.2) {}
        public function column(string $name, int $type, int $size = 0): bool {}
        public function create(): bool {}
        public function destroy(): bool {}
        public function set(string $key, array $value): bool {}
        public function get(string $key, ?string $field = null): mixed {}
        public function count(): int {}
        public function del(string $key): bool {}
        public function exists(string $key): bool {}
        /** @alias Swoole\Table::exists */
        public function exist(string $key): bool {}
        public function incr(string $key, string $column, mixed $incrby = 1): float|int|false {}
        public function decr(string $key, string $column, mixed $incrby = 1): float|int|false {}
        public function getSize(): int {}
        public function getMemorySize(): int {}
        public function stats(): false|array {}
        public function rewind(): void {}
        public function valid(): bool {}
        public function next(): void {}
        public function current(): mixed {}
        public function key(): mixed {}
    }
}
