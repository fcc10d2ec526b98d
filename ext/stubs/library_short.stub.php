<?php

/**
 * Short names of the library's object makers, registered when swoole.use_shortname is on.
 *
 * @generate-class-entries
 */

namespace {
    /** @alias swoole_string */
    function _string(string $string = ''): Swoole\StringObject {}

    /** @alias swoole_mbstring */
    function _mbstring(string $string = ''): Swoole\MultibyteStringObject {}

    /** @alias swoole_array */
    function _array(array $array = []): Swoole\ArrayObject {}
}
