#ifndef EASEL_CFFI_SHIM_H
#define EASEL_CFFI_SHIM_H
#include <ffi.h>

/* libffi's built-in type descriptors are mutable globals; Swift 6 strict
   concurrency refuses to touch them directly, so hand out their addresses. */
static inline ffi_type *easel_ffi_type_void(void) { return &ffi_type_void; }
static inline ffi_type *easel_ffi_type_uint8(void) { return &ffi_type_uint8; }
static inline ffi_type *easel_ffi_type_sint8(void) { return &ffi_type_sint8; }
static inline ffi_type *easel_ffi_type_uint16(void) { return &ffi_type_uint16; }
static inline ffi_type *easel_ffi_type_sint16(void) { return &ffi_type_sint16; }
static inline ffi_type *easel_ffi_type_uint32(void) { return &ffi_type_uint32; }
static inline ffi_type *easel_ffi_type_sint32(void) { return &ffi_type_sint32; }
static inline ffi_type *easel_ffi_type_uint64(void) { return &ffi_type_uint64; }
static inline ffi_type *easel_ffi_type_sint64(void) { return &ffi_type_sint64; }
static inline ffi_type *easel_ffi_type_float(void) { return &ffi_type_float; }
static inline ffi_type *easel_ffi_type_double(void) { return &ffi_type_double; }
static inline ffi_type *easel_ffi_type_pointer(void) { return &ffi_type_pointer; }
static inline ffi_type *easel_ffi_type_longdouble(void) { return &ffi_type_longdouble; }
/* The complex types, or NULL where this libffi target has none. */
#ifdef FFI_TARGET_HAS_COMPLEX_TYPE
static inline ffi_type *easel_ffi_type_complex_float(void) { return &ffi_type_complex_float; }
static inline ffi_type *easel_ffi_type_complex_double(void) { return &ffi_type_complex_double; }
static inline ffi_type *easel_ffi_type_complex_longdouble(void) { return &ffi_type_complex_longdouble; }
#else
static inline ffi_type *easel_ffi_type_complex_float(void) { return 0; }
static inline ffi_type *easel_ffi_type_complex_double(void) { return 0; }
static inline ffi_type *easel_ffi_type_complex_longdouble(void) { return 0; }
#endif
static inline ffi_abi easel_ffi_default_abi(void) { return FFI_DEFAULT_ABI; }
#endif
