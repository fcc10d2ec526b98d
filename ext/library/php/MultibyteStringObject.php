<?php
declare(strict_types=1);

namespace Swoole;

/**
 * StringObject counted in characters of the mbstring internal encoding (swoole_mbstring()); needs
 * the mbstring extension, whose functions it calls.
 */
class MultibyteStringObject extends StringObject
{
    public function length(): int
    {
        return mb_strlen($this->string);
    }

    public function indexOf(string $needle, int $offset = 0): int|false
    {
        return mb_strpos($this->string, $needle, $offset);
    }

    public function lastIndexOf(string $needle, int $offset = 0): int|false
    {
        return mb_strrpos($this->string, $needle, $offset);
    }

    public function ipos(string $needle): int|false
    {
        return mb_stripos($this->string, $needle);
    }

    public function substr(int $offset, ?int $length = null): static
    {
        return new static(mb_substr($this->string, $offset, $length));
    }

    /** The character at $index (negative counts from the end); '' outside the string. */
    public function char(int $index): string
    {
        $length = $this->length();
        if ($index >= $length || $index < -$length) {
            return '';
        }
        return mb_substr($this->string, $index, 1);
    }

    public function chunk(int $splitLength = 1): ArrayObject
    {
        return static::detectArrayType(mb_str_split($this->string, $splitLength));
    }
}
