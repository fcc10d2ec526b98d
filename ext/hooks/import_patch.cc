#include "hooks/import_patch.h"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>

namespace gust::php::hooks {
namespace {

struct Request {
    const char *object;
    const char *symbol;
    void *replacement;
    void *original = nullptr;
    bool patched = false;
};

bool is_slot_relocation(uint32_t type) {
#if defined(__x86_64__)
    return type == R_X86_64_JUMP_SLOT || type == R_X86_64_GLOB_DAT;
#elif defined(__aarch64__)
    return type == R_AARCH64_JUMP_SLOT || type == R_AARCH64_GLOB_DAT;
#else
    return false;
#endif
}

bool basename_is(const char *path, const char *name) {
    if (*name == '\0') return *path == '\0';  // glibc names the main program ""
    const char *slash = strrchr(path, '/');
    return strcmp(slash ? slash + 1 : path, name) == 0;
}

// glibc relocates the pointers of a loaded object's dynamic section in place; an address below
// the load base is still a file offset.
uintptr_t absolute(ElfW(Addr) base, ElfW(Addr) value) { return value < base ? base + value : value; }

bool in_relro(const dl_phdr_info *info, uintptr_t addr) {
    for (int i = 0; i < info->dlpi_phnum; ++i) {
        const ElfW(Phdr) &ph = info->dlpi_phdr[i];
        uintptr_t start = info->dlpi_addr + ph.p_vaddr;
        if (ph.p_type == PT_GNU_RELRO && addr >= start && addr < start + ph.p_memsz) return true;
    }
    return false;
}

bool write_slot(const dl_phdr_info *info, void **slot, void *value) {
    if (*slot == value) return true;
    long page = sysconf(_SC_PAGESIZE);
    auto *start = reinterpret_cast<void *>(reinterpret_cast<uintptr_t>(slot) & ~static_cast<uintptr_t>(page - 1));
    // RELRO pages are read-only after relocation; others (lazy .got.plt) stay writable.
    bool relro = in_relro(info, reinterpret_cast<uintptr_t>(slot));
    if (relro && mprotect(start, page, PROT_READ | PROT_WRITE) != 0) return false;
    __atomic_store_n(slot, value, __ATOMIC_RELEASE);
    if (relro) mprotect(start, page, PROT_READ);
    return true;
}

void patch_table(const dl_phdr_info *info, const ElfW(Rela) * rela, size_t bytes, const ElfW(Sym) * symtab,
                 const char *strtab, Request *req) {
    for (size_t i = 0; i < bytes / sizeof(ElfW(Rela)); ++i) {
        if (!is_slot_relocation(ELF64_R_TYPE(rela[i].r_info))) continue;
        const ElfW(Sym) &sym = symtab[ELF64_R_SYM(rela[i].r_info)];
        if (strcmp(strtab + sym.st_name, req->symbol) != 0) continue;
        auto **slot = reinterpret_cast<void **>(info->dlpi_addr + rela[i].r_offset);
        if (write_slot(info, slot, req->replacement)) req->patched = true;
    }
}

int visit(dl_phdr_info *info, size_t, void *data) {
    auto *req = static_cast<Request *>(data);
    if (info->dlpi_name == nullptr || !basename_is(info->dlpi_name, req->object)) return 0;
    const ElfW(Dyn) *dyn = nullptr;
    for (int i = 0; i < info->dlpi_phnum; ++i) {
        if (info->dlpi_phdr[i].p_type == PT_DYNAMIC)
            dyn = reinterpret_cast<const ElfW(Dyn) *>(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
    }
    if (dyn == nullptr) return 1;
    const ElfW(Sym) *symtab = nullptr;
    const char *strtab = nullptr;
    const ElfW(Rela) *jmprel = nullptr, *rela = nullptr;
    size_t jmprel_bytes = 0, rela_bytes = 0;
    for (const ElfW(Dyn) *d = dyn; d->d_tag != DT_NULL; ++d) {
        uintptr_t p = absolute(info->dlpi_addr, d->d_un.d_ptr);
        switch (d->d_tag) {
            case DT_SYMTAB: symtab = reinterpret_cast<const ElfW(Sym) *>(p); break;
            case DT_STRTAB: strtab = reinterpret_cast<const char *>(p); break;
            case DT_JMPREL: jmprel = reinterpret_cast<const ElfW(Rela) *>(p); break;
            case DT_PLTRELSZ: jmprel_bytes = d->d_un.d_val; break;
            case DT_RELA: rela = reinterpret_cast<const ElfW(Rela) *>(p); break;
            case DT_RELASZ: rela_bytes = d->d_un.d_val; break;
            default: break;
        }
    }
    if (symtab == nullptr || strtab == nullptr) return 1;
    // The real function as this object binds it: its own scope first (PHP loads extensions with
    // RTLD_DEEPBIND), never the possibly unresolved lazy PLT stub found in the slot.
    // (dlopen(nullptr) is the main program: its scope is the global one.)
    const char *name = *info->dlpi_name != '\0' ? info->dlpi_name : nullptr;
    if (void *self = dlopen(name, RTLD_LAZY | RTLD_NOLOAD)) {
        req->original = dlsym(self, req->symbol);
        dlclose(self);
    }
    if (req->original == nullptr || req->original == req->replacement) return 1;
    if (jmprel != nullptr) patch_table(info, jmprel, jmprel_bytes, symtab, strtab, req);
    if (rela != nullptr) patch_table(info, rela, rela_bytes, symtab, strtab, req);
    return 1;
}

}  // namespace

void *patch_import(const char *object, const char *symbol, void *replacement) {
    Request req{object, symbol, replacement};
    dl_iterate_phdr(visit, &req);
    return req.patched ? req.original : nullptr;
}

}  // namespace gust::php::hooks
