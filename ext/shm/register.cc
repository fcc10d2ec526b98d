// MINIT of the shared-memory area.
#include "shm/shm.h"

void gust::php::shm::register_shm_area(int module_number) {
    register_atomic(module_number);
    register_lock(module_number);
    register_table(module_number);
}
