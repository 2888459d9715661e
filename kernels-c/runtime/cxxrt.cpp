// cxxrt.cpp - the C++ ABI support that programs compiled with
// -fno-exceptions -fno-rtti need beyond libc++ (which has operator new and
// delete): the handlers for pure and deleted virtual calls, and
// __dso_handle for static destructors (registered with the C library's
// __cxa_atexit). There is no C++ ABI library (libc++abi) underneath.

#include <stdlib.h>

extern "C" {
void *__dso_handle = &__dso_handle;

void __cxa_pure_virtual() { abort(); }
void __cxa_deleted_virtual() { abort(); }
}
