<?php
declare(strict_types=1);

namespace Swoole;

/**
 * A byte string with chainable methods (swoole_string()). Methods that make a string return a new
 * object of the same class; append() alone also changes this one, as Swoole's does.
 */
class StringObject implements \Stringable
{
    /** @var string */
    protected $string;

    public function __construct(string $string = '')
    {
        $this->string = $string;
    }

    public static function from(string $string = ''): static
    {
        return new static($string);
    }

    public function __toString(): string
    {
        return $this->string;
    }

    public function toString(): string
    {
        return $this->string;
    }

    public function length(): int
    {
        return strlen($this->string);
    }

    public function indexOf(string $needle, int $offset = 0): int|false
    {
        return strpos($this->string, $needle, $offset);
    }

    public function lastIndexOf(string $needle, int $offset = 0): int|false
    {
        return strrpos($this->string, $needle, $offset);
    }

    public function pos(string $needle, int $offset = 0): int|false
    {
        return $this->indexOf($needle, $offset);
    }

    public function rpos(string $needle, int $offset = 0): int|false
    {
        return $this->lastIndexOf($needle, $offset);
    }

    /** Case-insensitive indexOf(). */
    public function ipos(string $needle): int|false
    {
        return stripos($this->string, $needle);
    }

    public function reverse(): static
    {
        return new static(strrev($this->string));
    }

    public function lower(): static
    {
        return new static(strtolower($this->string));
    }

    public function upper(): static
    {
        return new static(strtoupper($this->string));
    }

    /** Without characters (or with an empty string) trims PHP's default whitespace set. */
    public function trim(mixed $characters = ''): static
    {
        $characters = (string) $characters;
        return new static($characters === '' ? trim($this->string) : trim($this->string, $characters));
    }

    public function ltrim(): static
    {
        return new static(ltrim($this->string));
    }

    public function rtrim(): static
    {
        return new static(rtrim($this->string));
    }

    public function substr(int $offset, ?int $length = null): static
    {
        return new static(substr($this->string, $offset, $length));
    }

    public function repeat(int $times): static
    {
        return new static(str_repeat($this->string, $times));
    }

    public function append(mixed $str): static
    {
        $this->string .= (string) $str;
        return new static($this->string);
    }

    /** str_replace() on the string; $count receives the number of replacements. */
    public function replace(string $search, string $replace, &$count = null): static
    {
        return new static(str_replace($search, $replace, $this->string, $count));
    }

    public function startsWith(string $needle): bool
    {
        return str_starts_with($this->string, $needle);
    }

    public function endsWith(string $needle): bool
    {
        return str_ends_with($this->string, $needle);
    }

    public function contains(string $subString): bool
    {
        return str_contains($this->string, $subString);
    }

    /** Loose (==) comparison unless $strict; a StringObject compares by its content. */
    public function equals($str, bool $strict = false): bool
    {
        if ($str instanceof self) {
            $str = $str->toString();
        }
        return $strict ? $this->string === $str : $this->string == $str;
    }

    public function split(string $delimiter, int $limit = PHP_INT_MAX): ArrayObject
    {
        return static::detectArrayType(explode($delimiter, $this->string, $limit));
    }

    /** The byte at $index (negative counts from the end); '' when the index is outside the string. */
    public function char(int $index): string
    {
        $length = strlen($this->string);
        if ($index >= $length || $index < -$length) {
            return '';
        }
        return $this->string[$index];
    }

    public function chunkSplit(int $chunkLength = 76, string $chunkEnd = "\r\n"): static
    {
        return new static(chunk_split($this->string, $chunkLength, $chunkEnd));
    }

    public function chunk(int $splitLength = 1): ArrayObject
    {
        return static::detectArrayType(str_split($this->string, $splitLength));
    }

    protected static function detectArrayType(array $value): ArrayObject
    {
        return new ArrayObject($value);
    }
}
