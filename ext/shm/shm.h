// The shared-memory area of the binding: Swoole\Atomic, Atomic\Long, Lock, Coroutine\Lock and
// Table, each over the core's shm layer (gust/shm/). See docs/php-shm.md.
#pragma once

#include "zend/api.h"

namespace gust::php::shm {

// MINIT of this area.
void register_shm_area(int module_number);
void register_atomic(int module_number);
void register_lock(int module_number);
void register_table(int module_number);

}  // namespace gust::php::shm
