<?php
declare(strict_types=1);

namespace Swoole;

use Swoole\Exception\ArrayKeyNotExists;

/**
 * An array with chainable methods (swoole_array()). Methods that make an array return a new object
 * of the same class; those that change it (set, delete, push, the sorts, ...) change this one.
 * get(), getOr(), first(), last() and randomGet() wrap a string value in a StringObject and an
 * array value in this class; the ArrayAccess reads ($a[$k]) give the plain value, null when absent.
 */
class ArrayObject implements \ArrayAccess, \Serializable, \Countable, \Iterator
{
    /** @var array */
    protected $array;

    public function __construct(array $array = [])
    {
        $this->array = $array;
    }

    public static function from(array $array = []): static
    {
        return new static($array);
    }

    public function __toArray(): array
    {
        return $this->array;
    }

    public function toArray(): array
    {
        return $this->array;
    }

    public function __serialize(): array
    {
        return $this->array;
    }

    public function __unserialize(array $data): void
    {
        $this->array = $data;
    }

    public function isEmpty(): bool
    {
        return $this->array === [];
    }

    public function count(): int
    {
        return count($this->array);
    }

    // Iterator: the array's own internal pointer.

    public function current(): mixed
    {
        return current($this->array);
    }

    public function key(): mixed
    {
        return key($this->array);
    }

    public function valid(): bool
    {
        return key($this->array) !== null;
    }

    public function rewind(): void
    {
        reset($this->array);
    }

    public function next(): void
    {
        next($this->array);
    }

    // Keyed access.

    /** @throws ArrayKeyNotExists when the array has no such key */
    public function get(mixed $key): mixed
    {
        if (!$this->exists($key)) {
            throw new ArrayKeyNotExists(is_scalar($key) ? (string) $key : get_debug_type($key));
        }
        return static::detectType($this->array[$key]);
    }

    public function getOr(mixed $key, mixed $default = null): mixed
    {
        return $this->exists($key) ? static::detectType($this->array[$key]) : $default;
    }

    public function first(): mixed
    {
        $key = array_key_first($this->array);
        return $key === null ? null : $this->get($key);
    }

    public function last(): mixed
    {
        $key = array_key_last($this->array);
        return $key === null ? null : $this->get($key);
    }

    public function firstKey(): int|string|null
    {
        return array_key_first($this->array);
    }

    public function lastKey(): int|string|null
    {
        return array_key_last($this->array);
    }

    public function set(mixed $key, mixed $value): static
    {
        $this->array[$key] = $value;
        return $this;
    }

    public function delete(mixed $key): static
    {
        unset($this->array[$key]);
        return $this;
    }

    /** Removes the first element equal to $value, or every one with $loop. */
    public function remove(mixed $value, bool $strict = true, bool $loop = false): static
    {
        while (($key = $this->search($value, $strict)) !== false) {
            unset($this->array[$key]);
            if (!$loop) {
                break;
            }
        }
        return $this;
    }

    public function clear(): static
    {
        $this->array = [];
        return $this;
    }

    public function exists(mixed $key): bool
    {
        return array_key_exists($key, $this->array);
    }

    public function offsetExists(mixed $key): bool
    {
        return isset($this->array[$key]);
    }

    public function offsetGet(mixed $key): mixed
    {
        return $this->exists($key) ? $this->array[$key] : null;
    }

    public function offsetSet(mixed $key, mixed $value): void
    {
        if ($key === null) {
            $this->array[] = $value;  // $a[] = $v
        } else {
            $this->array[$key] = $value;
        }
    }

    public function offsetUnset(mixed $key): void
    {
        unset($this->array[$key]);
    }

    // Searching.

    public function contains(mixed $value, bool $strict = true): bool
    {
        return in_array($value, $this->array, $strict);
    }

    /** The first key holding $value, false when none does. */
    public function indexOf(mixed $value, bool $strict = true): int|string|false
    {
        return $this->search($value, $strict);
    }

    /** The last key holding $value, null when none does (as Swoole's). */
    public function lastIndexOf(mixed $value, bool $strict = true): int|string|null
    {
        $found = null;
        foreach ($this->array as $key => $item) {
            if ($strict ? $item === $value : $item == $value) {
                $found = $key;
            }
        }
        return $found;
    }

    public function search(mixed $needle, bool $strict = true): int|string|false
    {
        return array_search($needle, $this->array, $strict);
    }

    // Whole-array results.

    public function join(string $glue = ''): StringObject
    {
        return static::detectStringType(implode($glue, $this->array));
    }

    public function serialize(): StringObject
    {
        return static::detectStringType(serialize($this->array));
    }

    /** Replaces the content with what serialize() produced; anything but an array becomes one. */
    public function unserialize($data): static
    {
        $this->array = (array) unserialize((string) $data);
        return $this;
    }

    public function sum(): int|float
    {
        return array_sum($this->array);
    }

    public function product(): int|float
    {
        return array_product($this->array);
    }

    // Both ends. The push methods return the new element count, as array_push() does.

    public function push(mixed $value): int
    {
        return $this->pushBack($value);
    }

    public function pushFront(mixed $value): int
    {
        return array_unshift($this->array, $value);
    }

    public function pushBack(mixed $value): int
    {
        return array_push($this->array, $value);
    }

    public function append(mixed ...$values): static
    {
        array_push($this->array, ...$values);
        return $this;
    }

    /** Puts $value (one element, whatever its type) at position $offset; later elements move up. */
    public function insert(int $offset, mixed $value): static
    {
        array_splice($this->array, $offset, 0, [$value]);
        return $this;
    }

    public function pop(): mixed
    {
        return $this->popBack();
    }

    public function popFront(): mixed
    {
        return array_shift($this->array);
    }

    public function popBack(): mixed
    {
        return array_pop($this->array);
    }

    // New arrays from this one.

    public function slice(int $offset, ?int $length = null, bool $preserve_keys = false): static
    {
        return new static(array_slice($this->array, $offset, $length, $preserve_keys));
    }

    /** @throws \ValueError when the array is empty (array_rand()) */
    public function randomGet(): mixed
    {
        return static::detectType($this->array[array_rand($this->array)]);
    }

    /** array_walk(): $fn($value, $key) for each element; a by-reference $value changes it. */
    public function each(callable $fn): static
    {
        array_walk($this->array, $fn);
        return $this;
    }

    public function map(callable $fn, array ...$arrays): static
    {
        return new static(array_map($fn, $this->array, ...$arrays));
    }

    public function reduce(callable $fn, mixed $initial = null): mixed
    {
        return array_reduce($this->array, $fn, $initial);
    }

    /** array_keys(): all keys, or with a search value the keys holding it. */
    public function keys(mixed ...$args): static
    {
        return new static(array_keys($this->array, ...$args));
    }

    public function values(): static
    {
        return new static(array_values($this->array));
    }

    public function column(mixed $column_key, mixed $index = null): static
    {
        return new static(array_column($this->array, $column_key, $index));
    }

    public function unique(int $sort_flags = SORT_STRING): static
    {
        return new static(array_unique($this->array, $sort_flags));
    }

    public function reverse(bool $preserve_keys = false): static
    {
        return new static(array_reverse($this->array, $preserve_keys));
    }

    public function chunk(int $size, bool $preserve_keys = false): static
    {
        return new static(array_chunk($this->array, $size, $preserve_keys));
    }

    public function flip(): static
    {
        return new static(array_flip($this->array));
    }

    public function filter(callable $fn, int $flag = 0): static
    {
        return new static(array_filter($this->array, $fn, $flag));
    }

    // Sorting in place (PHP's sort functions, same names and flags).

    public function sort(int $sort_flags = SORT_REGULAR): static
    {
        sort($this->array, $sort_flags);
        return $this;
    }

    public function rsort(int $sort_flags = SORT_REGULAR): static
    {
        rsort($this->array, $sort_flags);
        return $this;
    }

    public function asort(int $sort_flags = SORT_REGULAR): static
    {
        asort($this->array, $sort_flags);
        return $this;
    }

    public function arsort(int $sort_flags = SORT_REGULAR): static
    {
        arsort($this->array, $sort_flags);
        return $this;
    }

    public function ksort(int $sort_flags = SORT_REGULAR): static
    {
        ksort($this->array, $sort_flags);
        return $this;
    }

    public function krsort(int $sort_flags = SORT_REGULAR): static
    {
        krsort($this->array, $sort_flags);
        return $this;
    }

    public function usort(callable $value_compare_func): static
    {
        usort($this->array, $value_compare_func);
        return $this;
    }

    public function uasort(callable $value_compare_func): static
    {
        uasort($this->array, $value_compare_func);
        return $this;
    }

    public function uksort(callable $value_compare_func): static
    {
        uksort($this->array, $value_compare_func);
        return $this;
    }

    public function natsort(): static
    {
        natsort($this->array);
        return $this;
    }

    public function natcasesort(): static
    {
        natcasesort($this->array);
        return $this;
    }

    public function shuffle(): static
    {
        shuffle($this->array);
        return $this;
    }

    /** What get() and friends give: a StringObject for a string, this class for an array. */
    protected static function detectType(mixed $value): mixed
    {
        if (is_string($value)) {
            return static::detectStringType($value);
        }
        if (is_array($value)) {
            return static::detectArrayType($value);
        }
        return $value;
    }

    protected static function detectStringType(string $value): StringObject
    {
        return new StringObject($value);
    }

    protected static function detectArrayType(array $value): static
    {
        return new static($value);
    }
}
