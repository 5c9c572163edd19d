/* Compile-time checks that the ABI header matches CoreGraphics' 64-bit layout
   and that the boundary structs have the documented shape. */
#include "easel.h"

_Static_assert(sizeof(double) == 8, "Easel needs 64-bit IEEE doubles");
_Static_assert(sizeof(void *) == 8, "Easel's ABI is defined for 64-bit platforms");
_Static_assert(sizeof(easel_point) == 16, "easel_point must be CGPoint-sized");
_Static_assert(sizeof(easel_size) == 16, "easel_size must be CGSize-sized");
_Static_assert(sizeof(easel_rect) == 32, "easel_rect must be CGRect-sized");
_Static_assert(offsetof(easel_rect, size) == 16, "CGRect.size at 16");
_Static_assert(sizeof(easel_affine_transform) == 48, "easel_affine_transform must be CGAffineTransform-sized");
_Static_assert(offsetof(easel_affine_transform, tx) == 32, "CGAffineTransform.tx at 32");
_Static_assert(sizeof(easel_color) == 32, "easel_color is four doubles");
_Static_assert(_Alignof(easel_rect) == 8, "easel_rect aligned like double");

/* Every boundary struct starts with {abi_version, struct_size}. */
#define EASEL_CHECK_HEADER(T)                                              \
    _Static_assert(offsetof(T, abi_version) == 0, #T ".abi_version first"); \
    _Static_assert(offsetof(T, struct_size) == 4, #T ".struct_size second")
EASEL_CHECK_HEADER(easel_property_desc);
EASEL_CHECK_HEADER(easel_method_desc);
EASEL_CHECK_HEADER(easel_class_desc);
EASEL_CHECK_HEADER(easel_layout);
EASEL_CHECK_HEADER(easel_plugin_desc);
EASEL_CHECK_HEADER(easel_graphics_api);
EASEL_CHECK_HEADER(easel_host_api);

_Static_assert(sizeof(easel_property_desc) == 40, "easel_property_desc 1.0 size");
_Static_assert(sizeof(easel_method_desc) == 32, "easel_method_desc 1.0 size");
_Static_assert(sizeof(easel_class_desc) == 56, "easel_class_desc 1.0 size");
_Static_assert(sizeof(easel_layout) == 32, "easel_layout 1.0 size");
_Static_assert(offsetof(easel_plugin_desc, layout) == 16, "easel_plugin_desc.layout at 16");
_Static_assert(sizeof(easel_plugin_desc) == 64, "easel_plugin_desc 1.0 size");

/* 1.1: the view table, appended to the host table. */
EASEL_CHECK_HEADER(easel_view_api);
_Static_assert(offsetof(easel_host_api, views) == offsetof(easel_host_api, graphics) + sizeof(void *),
               "easel_host_api.views follows graphics (Since: 1.1)");
_Static_assert(sizeof(easel_point_array) == 16, "easel_point_array is {pointer, count}");
_Static_assert(sizeof(easel_string_array) == 16, "easel_string_array is {pointer, count}");
