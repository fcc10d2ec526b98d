<?php

/**
 * The exception classes every part of the Swoole API throws (or extends).
 *
 * @generate-class-entries
 */

namespace Swoole {
    class Exception extends \Exception {}

    class Error extends \Error {}
}
