// cxxrt.cpp - the C++ runtime support that programs compiled with
// -fno-exceptions -fno-rtti need: operator new and delete over malloc,
// the handlers for pure and deleted virtual calls, and __dso_handle for
// static destructors (registered with the C library's __cxa_atexit).
// Without exceptions, a failed allocation aborts.

#include <new>
#include <stdlib.h>

extern "C" {
void *__dso_handle = &__dso_handle;

void __cxa_pure_virtual() { abort(); }
void __cxa_deleted_virtual() { abort(); }
}

static void *allocate(size_t size) {
  void *p = malloc(size ? size : 1);
  if (!p)
    abort();
  return p;
}

void *operator new(size_t size) { return allocate(size); }
void *operator new[](size_t size) { return allocate(size); }
void *operator new(size_t size, const std::nothrow_t &) noexcept {
  return malloc(size ? size : 1);
}
void *operator new[](size_t size, const std::nothrow_t &) noexcept {
  return malloc(size ? size : 1);
}
void operator delete(void *p) noexcept { free(p); }
void operator delete[](void *p) noexcept { free(p); }
void operator delete(void *p, size_t) noexcept { free(p); }
void operator delete[](void *p, size_t) noexcept { free(p); }
void operator delete(void *p, const std::nothrow_t &) noexcept { free(p); }
void operator delete[](void *p, const std::nothrow_t &) noexcept { free(p); }
