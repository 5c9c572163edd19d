/* Compile-time checks of the plugin ABI: the geometry matches CoreGraphics'
   64-bit layout, every boundary struct starts with {abi_version, struct_size},
   and every size and offset of 2.0 is where easel_abi_pins.h pins it. */
#include "easel.h"
#include "easel_abi_pins.h"

_Static_assert(sizeof(double) == 8, "Easel needs 64-bit IEEE doubles");
_Static_assert(sizeof(void *) == 8, "Easel's ABI is defined for 64-bit platforms");
_Static_assert(sizeof(void (*)(void)) == sizeof(void *), "function pointers are pointer-sized");
_Static_assert(_Alignof(easel_rect) == 8, "easel_rect aligned like double");
_Static_assert(offsetof(easel_rect_alignment_probe, rect) == _Alignof(easel_rect),
               "EASEL_LAYOUT_INIT measures the alignment of easel_rect");

/* Every pinned size and offset. */
#define EASEL_CHECK_SIZE(T, size) _Static_assert(sizeof(T) == (size), #T " is pinned at " #size " bytes");
#define EASEL_CHECK_OFFSET(T, field, offset) \
    _Static_assert(offsetof(T, field) == (offset), #T "." #field " is pinned at offset " #offset);
EASEL_ABI_PINNED_STRUCTS(EASEL_CHECK_SIZE)
EASEL_ABI_PINNED_FIELDS(EASEL_CHECK_OFFSET)

/* The 2.0 size constants plugins read agree with the pins. */
_Static_assert(EASEL_PROPERTY_DESC_SIZE_2_0 == sizeof(easel_property_desc), "EASEL_PROPERTY_DESC_SIZE_2_0");
_Static_assert(EASEL_METHOD_DESC_SIZE_2_0 == sizeof(easel_method_desc), "EASEL_METHOD_DESC_SIZE_2_0");
_Static_assert(EASEL_CLASS_DESC_SIZE_2_0 == sizeof(easel_class_desc), "EASEL_CLASS_DESC_SIZE_2_0");
_Static_assert(EASEL_LAYOUT_SIZE_2_0 == sizeof(easel_layout), "EASEL_LAYOUT_SIZE_2_0");
_Static_assert(EASEL_PLUGIN_DESC_SIZE_2_0 == sizeof(easel_plugin_desc), "EASEL_PLUGIN_DESC_SIZE_2_0");
_Static_assert(EASEL_GRAPHICS_API_SIZE_2_0 == sizeof(easel_graphics_api), "EASEL_GRAPHICS_API_SIZE_2_0");
_Static_assert(EASEL_VIEW_API_SIZE_2_0 == sizeof(easel_view_api), "EASEL_VIEW_API_SIZE_2_0");
_Static_assert(EASEL_HOST_API_SIZE_2_0 == sizeof(easel_host_api), "EASEL_HOST_API_SIZE_2_0");

/* Every boundary struct starts with {abi_version, struct_size}. */
#define EASEL_CHECK_HEADER(T)                                              \
    _Static_assert(offsetof(T, abi_version) == 0, #T ".abi_version first"); \
    _Static_assert(offsetof(T, struct_size) == 4, #T ".struct_size second");
EASEL_CHECK_HEADER(easel_property_desc)
EASEL_CHECK_HEADER(easel_method_desc)
EASEL_CHECK_HEADER(easel_class_desc)
EASEL_CHECK_HEADER(easel_layout)
EASEL_CHECK_HEADER(easel_plugin_desc)
EASEL_CHECK_HEADER(easel_graphics_api)
EASEL_CHECK_HEADER(easel_view_api)
EASEL_CHECK_HEADER(easel_host_api)

/* ---- extension easel.paint.v1 ---- */
EASEL_PAINT_PINNED_STRUCTS(EASEL_CHECK_SIZE)
EASEL_PAINT_PINNED_FIELDS(EASEL_CHECK_OFFSET)
EASEL_CHECK_HEADER(easel_paint_api)

/* ---- extension easel.text.v1 ---- */
EASEL_TEXT_V1_PINNED_STRUCTS(EASEL_CHECK_SIZE)
EASEL_TEXT_V1_PINNED_FIELDS(EASEL_CHECK_OFFSET)
EASEL_CHECK_HEADER(easel_font_desc)
EASEL_CHECK_HEADER(easel_text_style)
EASEL_CHECK_HEADER(easel_text_api)

/* ---- extension easel.image.v1 ---- */
_Static_assert(EASEL_IMAGE_API_V1_SIZE == offsetof(easel_image_api_v1, image_named), "EASEL_IMAGE_API_V1_SIZE");
EASEL_IMAGE_PINNED_STRUCTS(EASEL_CHECK_SIZE)
EASEL_IMAGE_PINNED_FIELDS(EASEL_CHECK_OFFSET)
EASEL_CHECK_HEADER(easel_image_api_v1)

/* ---- extension easel.layer.v1 ---- */
_Static_assert(EASEL_LAYER_API_V1_SIZE == offsetof(easel_layer_api, create_layer), "EASEL_LAYER_API_V1_SIZE");
_Static_assert(EASEL_LAYER_API_CONTENT_SIZE == sizeof(easel_layer_api), "EASEL_LAYER_API_CONTENT_SIZE");
EASEL_LAYER_PINNED_STRUCTS(EASEL_CHECK_SIZE)
EASEL_LAYER_PINNED_FIELDS(EASEL_CHECK_OFFSET)
EASEL_CHECK_HEADER(easel_layer_api)

/* ---- extension easel.gesture.v1 ---- */
_Static_assert(EASEL_GESTURE_API_V1_SIZE == sizeof(easel_gesture_api), "EASEL_GESTURE_API_V1_SIZE");
EASEL_GESTURE_PINNED_STRUCTS(EASEL_CHECK_SIZE)
EASEL_GESTURE_PINNED_FIELDS(EASEL_CHECK_OFFSET)
EASEL_CHECK_HEADER(easel_gesture_api)
/* ---- plugin metadata (easel.metadata.v1) ---- */
EASEL_METADATA_PINNED_STRUCTS(EASEL_CHECK_SIZE)
EASEL_METADATA_PINNED_FIELDS(EASEL_CHECK_OFFSET)
_Static_assert(EASEL_CLASS_METADATA_V1_SIZE == offsetof(easel_class_metadata, property_count), "EASEL_CLASS_METADATA_V1_SIZE");
_Static_assert(EASEL_CLASS_METADATA_PROPERTIES_SIZE == sizeof(easel_class_metadata), "EASEL_CLASS_METADATA_PROPERTIES_SIZE");
EASEL_CHECK_HEADER(easel_property_metadata)
EASEL_CHECK_HEADER(easel_class_metadata)
EASEL_CHECK_HEADER(easel_plugin_metadata)
/* ---- extension easel.animation.v1 ---- */
_Static_assert(EASEL_ANIMATION_API_V1_SIZE == offsetof(easel_animation_api, add_layer_animation), "EASEL_ANIMATION_API_V1_SIZE");
_Static_assert(EASEL_ANIMATION_API_LAYER_SIZE == sizeof(easel_animation_api), "EASEL_ANIMATION_API_LAYER_SIZE");
_Static_assert(EASEL_LAYER_ANIMATION_SIZE == sizeof(easel_layer_animation), "EASEL_LAYER_ANIMATION_SIZE");
_Static_assert(EASEL_ANIMATION_OPTIONS_V1_SIZE == sizeof(easel_animation_options), "EASEL_ANIMATION_OPTIONS_V1_SIZE");
EASEL_ANIMATION_PINNED_STRUCTS(EASEL_CHECK_SIZE)
EASEL_ANIMATION_PINNED_FIELDS(EASEL_CHECK_OFFSET)
EASEL_CHECK_HEADER(easel_animation_api)
EASEL_CHECK_HEADER(easel_animation_options)
EASEL_CHECK_HEADER(easel_layer_animation)
/* ---- extension easel.layout.v1 ---- */
_Static_assert(EASEL_LAYOUT_API_V1_SIZE == offsetof(easel_layout_api, stack_view_add_arranged_subview), "EASEL_LAYOUT_API_V1_SIZE");
_Static_assert(EASEL_LAYOUT_API_STACK_SIZE == sizeof(easel_layout_api), "EASEL_LAYOUT_API_STACK_SIZE");
EASEL_LAYOUT_PINNED_STRUCTS(EASEL_CHECK_SIZE)
EASEL_LAYOUT_PINNED_FIELDS(EASEL_CHECK_OFFSET)
EASEL_CHECK_HEADER(easel_layout_api)
