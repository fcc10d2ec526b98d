// fd_from_zval(): see fd.h.
#include "zend/fd.h"

#include <fcntl.h>

#include <climits>
#include <cstring>

extern "C" {
#include "main/php_network.h"
#include "main/php_streams.h"
}

// Only the Socket object layout is used (no symbol of ext/sockets): gust.so loads without that
// extension. The header hides the layout unless the build says sockets are enabled.
#ifndef HAVE_SOCKETS
#define HAVE_SOCKETS 1
#define GUST_DEFINED_HAVE_SOCKETS
#endif
extern "C" {
#include "ext/sockets/php_sockets.h"
}
#ifdef GUST_DEFINED_HAVE_SOCKETS
#undef HAVE_SOCKETS
#undef GUST_DEFINED_HAVE_SOCKETS
#endif

namespace gust::php {
namespace {

struct FdClass {
    zend_class_entry *ce;
    FdOfObject fd_of;
};
constexpr int kMaxFdClasses = 4;
FdClass g_fd_classes[kMaxFdClasses];
int g_fd_class_count = 0;

// ext/sockets' Socket class, or nullptr when that extension is not loaded. Looked up by name and
// owning module, so a user class named Socket is never read as one. Resolved on first use, after
// every extension's MINIT.
zend_class_entry *sockets_class() {
    static zend_class_entry *const ce = [] {
        auto *found = static_cast<zend_class_entry *>(zend_hash_str_find_ptr(CG(class_table), ZEND_STRL("socket")));
        if (!found || found->type != ZEND_INTERNAL_CLASS || !found->info.internal.module ||
            strcmp(found->info.internal.module->name, "sockets") != 0) {
            return static_cast<zend_class_entry *>(nullptr);
        }
        return found;
    }();
    return ce;
}

int object_fd(zend_object *obj) {
    zend_class_entry *sockets = sockets_class();
    if (sockets && obj->ce == sockets) return static_cast<int>(socket_from_obj(obj)->bsd_socket);
    for (int i = 0; i < g_fd_class_count; ++i) {
        if (instanceof_function(obj->ce, g_fd_classes[i].ce)) return g_fd_classes[i].fd_of(obj);
    }
    return -1;
}

}  // namespace

void register_fd_class(zend_class_entry *ce, FdOfObject fd_of) {
    ZEND_ASSERT(g_fd_class_count < kMaxFdClasses);
    if (g_fd_class_count < kMaxFdClasses) g_fd_classes[g_fd_class_count++] = {ce, fd_of};
}

int fd_of_zval(zval *z) {
    ZVAL_DEREF(z);
    int fd = -1;
    switch (Z_TYPE_P(z)) {
        case IS_LONG: fd = Z_LVAL_P(z) >= 0 && Z_LVAL_P(z) <= INT_MAX ? static_cast<int>(Z_LVAL_P(z)) : -1; break;
        case IS_RESOURCE: {
            // A closed stream's resource has lost its type: no stream, so no fd.
            auto *stream = static_cast<php_stream *>(
                zend_fetch_resource2(Z_RES_P(z), nullptr, php_file_le_stream(), php_file_le_pstream()));
            php_socket_t sock = -1;
            if (stream && php_stream_cast(stream, PHP_STREAM_AS_FD_FOR_SELECT | PHP_STREAM_CAST_INTERNAL,
                                          reinterpret_cast<void **>(&sock), 0) == SUCCESS) {
                fd = static_cast<int>(sock);
            }
            break;
        }
        case IS_OBJECT: fd = object_fd(Z_OBJ_P(z)); break;
        default: break;
    }
    // Not open (never was, or closed behind PHP's back): refused now rather than failing later in
    // the loop with EBADF.
    if (fd < 0 || fcntl(fd, F_GETFD) < 0) return -1;
    return fd;
}

int fd_from_zval(zval *z) {
    int fd = fd_of_zval(z);
    if (fd < 0) {
        php_error_docref(nullptr, E_WARNING,
                         "fd argument must be either valid PHP stream or valid PHP socket resource");
    }
    return fd;
}

}  // namespace gust::php
