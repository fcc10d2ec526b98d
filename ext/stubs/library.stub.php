<?php

/**
 * Global functions of Swoole's PHP library that make its StringObject and ArrayObject
 * (ext/library/php/); they load the class on their first call.
 *
 * @generate-class-entries
 */

namespace {
    function swoole_string(string $string = ''): Swoole\StringObject {}

    function swoole_mbstring(string $string = ''): Swoole\MultibyteStringObject {}

    function swoole_array(array $array = []): Swoole\ArrayObject {}

    /** A list ArrayObject of the arguments. */
    function swoole_array_list(mixed ...$array): Swoole\ArrayObject {}

    /** $array[$key] when the key exists (even holding null), else $default_value. */
    function swoole_array_default_value(array $array, mixed $key, mixed $default_value = null): mixed {}
}
