/*
 * easel_abi_pins.h — the pinned layout of Easel ABI 2.0, for the host's own
 * checks (plugins need only easel.h).
 *
 * Every struct of easel.h with its 2.0 size, and every field and function
 * slot with its 2.0 offset, in declaration order. The numbers are the ABI:
 * abi_checks.c turns each into a _Static_assert (a slot inserted in the
 * middle, or a field whose type changes size, fails to compile), and the
 * host's tests read the same list through easel_abi_pins() and compare it
 * with the layout Swift imports, field by field, so that nothing is restated
 * by hand. A minor version appends fields here, at the end of their struct.
 */
#ifndef EASEL_ABI_PINS_H
#define EASEL_ABI_PINS_H

#include "easel.h"

/** Every pinned struct: S(type, size in bytes). */
#define EASEL_ABI_PINNED_STRUCTS(S) \
    S(easel_point, 16) \
    S(easel_size, 16) \
    S(easel_rect, 32) \
    S(easel_affine_transform, 48) \
    S(easel_color, 32) \
    S(easel_point_array, 16) \
    S(easel_string_array, 16) \
    S(easel_property_desc, 40) \
    S(easel_method_desc, 32) \
    S(easel_class_desc, 56) \
    S(easel_layout, 32) \
    S(easel_plugin_desc, 40) \
    S(easel_graphics_api, 272) \
    S(easel_view_api, 280) \
    S(easel_host_api, 136)

/** Every pinned field, in declaration order: F(type, field, offset in bytes). */
#define EASEL_ABI_PINNED_FIELDS(F) \
    F(easel_point, x, 0) \
    F(easel_point, y, 8) \
    F(easel_size, width, 0) \
    F(easel_size, height, 8) \
    F(easel_rect, origin, 0) \
    F(easel_rect, size, 16) \
    F(easel_affine_transform, a, 0) \
    F(easel_affine_transform, b, 8) \
    F(easel_affine_transform, c, 16) \
    F(easel_affine_transform, d, 24) \
    F(easel_affine_transform, tx, 32) \
    F(easel_affine_transform, ty, 40) \
    F(easel_color, red, 0) \
    F(easel_color, green, 8) \
    F(easel_color, blue, 16) \
    F(easel_color, alpha, 24) \
    F(easel_point_array, points, 0) \
    F(easel_point_array, count, 8) \
    F(easel_string_array, strings, 0) \
    F(easel_string_array, count, 8) \
    F(easel_property_desc, abi_version, 0) \
    F(easel_property_desc, struct_size, 4) \
    F(easel_property_desc, name, 8) \
    F(easel_property_desc, type_encoding, 16) \
    F(easel_property_desc, offset, 24) \
    F(easel_property_desc, default_value, 32) \
    F(easel_method_desc, abi_version, 0) \
    F(easel_method_desc, struct_size, 4) \
    F(easel_method_desc, selector, 8) \
    F(easel_method_desc, type_encoding, 16) \
    F(easel_method_desc, imp, 24) \
    F(easel_class_desc, abi_version, 0) \
    F(easel_class_desc, struct_size, 4) \
    F(easel_class_desc, name, 8) \
    F(easel_class_desc, superclass_name, 16) \
    F(easel_class_desc, instance_size, 24) \
    F(easel_class_desc, property_count, 32) \
    F(easel_class_desc, method_count, 36) \
    F(easel_class_desc, properties, 40) \
    F(easel_class_desc, methods, 48) \
    F(easel_layout, abi_version, 0) \
    F(easel_layout, struct_size, 4) \
    F(easel_layout, point_size, 8) \
    F(easel_layout, size_size, 12) \
    F(easel_layout, rect_size, 16) \
    F(easel_layout, transform_size, 20) \
    F(easel_layout, color_size, 24) \
    F(easel_layout, rect_alignment, 28) \
    F(easel_plugin_desc, abi_version, 0) \
    F(easel_plugin_desc, struct_size, 4) \
    F(easel_plugin_desc, name, 8) \
    F(easel_plugin_desc, layout, 16) \
    F(easel_plugin_desc, class_count, 24) \
    F(easel_plugin_desc, classes, 32) \
    F(easel_graphics_api, abi_version, 0) \
    F(easel_graphics_api, struct_size, 4) \
    F(easel_graphics_api, current_context, 8) \
    F(easel_graphics_api, save_state, 16) \
    F(easel_graphics_api, restore_state, 24) \
    F(easel_graphics_api, translate, 32) \
    F(easel_graphics_api, scale, 40) \
    F(easel_graphics_api, rotate, 48) \
    F(easel_graphics_api, concat_ctm, 56) \
    F(easel_graphics_api, get_ctm, 64) \
    F(easel_graphics_api, begin_path, 72) \
    F(easel_graphics_api, move_to, 80) \
    F(easel_graphics_api, add_line_to, 88) \
    F(easel_graphics_api, add_quad_curve_to, 96) \
    F(easel_graphics_api, add_curve_to, 104) \
    F(easel_graphics_api, add_arc, 112) \
    F(easel_graphics_api, add_rect, 120) \
    F(easel_graphics_api, add_ellipse_in_rect, 128) \
    F(easel_graphics_api, close_path, 136) \
    F(easel_graphics_api, fill_path, 144) \
    F(easel_graphics_api, stroke_path, 152) \
    F(easel_graphics_api, clip, 160) \
    F(easel_graphics_api, fill_rect, 168) \
    F(easel_graphics_api, stroke_rect, 176) \
    F(easel_graphics_api, clear_rect, 184) \
    F(easel_graphics_api, set_fill_color, 192) \
    F(easel_graphics_api, set_stroke_color, 200) \
    F(easel_graphics_api, set_alpha, 208) \
    F(easel_graphics_api, set_line_width, 216) \
    F(easel_graphics_api, set_line_cap, 224) \
    F(easel_graphics_api, set_line_join, 232) \
    F(easel_graphics_api, set_line_dash, 240) \
    F(easel_graphics_api, set_font, 248) \
    F(easel_graphics_api, show_text, 256) \
    F(easel_graphics_api, measure_text, 264) \
    F(easel_view_api, abi_version, 0) \
    F(easel_view_api, struct_size, 4) \
    F(easel_view_api, create, 8) \
    F(easel_view_api, superview, 16) \
    F(easel_view_api, subview_count, 24) \
    F(easel_view_api, subview_at, 32) \
    F(easel_view_api, add_subview, 40) \
    F(easel_view_api, insert_subview_at, 48) \
    F(easel_view_api, insert_subview_above, 56) \
    F(easel_view_api, insert_subview_below, 64) \
    F(easel_view_api, exchange_subviews, 72) \
    F(easel_view_api, bring_subview_to_front, 80) \
    F(easel_view_api, send_subview_to_back, 88) \
    F(easel_view_api, remove_from_superview, 96) \
    F(easel_view_api, is_descendant_of, 104) \
    F(easel_view_api, view_with_tag, 112) \
    F(easel_view_api, bounds, 120) \
    F(easel_view_api, frame, 128) \
    F(easel_view_api, set_frame, 136) \
    F(easel_view_api, convert_point, 144) \
    F(easel_view_api, convert_rect, 152) \
    F(easel_view_api, set_needs_display, 160) \
    F(easel_view_api, set_needs_display_in_rect, 168) \
    F(easel_view_api, set_needs_layout, 176) \
    F(easel_view_api, layout_if_needed, 184) \
    F(easel_view_api, size_that_fits, 192) \
    F(easel_view_api, size_to_fit, 200) \
    F(easel_view_api, add_overlay, 208) \
    F(easel_view_api, set_delegate, 216) \
    F(easel_view_api, delegate, 224) \
    F(easel_view_api, flip_context, 232) \
    F(easel_view_api, hit_test, 240) \
    F(easel_view_api, touch_location, 248) \
    F(easel_view_api, touch_previous_location, 256) \
    F(easel_view_api, touch_phase, 264) \
    F(easel_view_api, touch_view, 272) \
    F(easel_host_api, abi_version, 0) \
    F(easel_host_api, struct_size, 4) \
    F(easel_host_api, sel_register, 8) \
    F(easel_host_api, sel_name, 16) \
    F(easel_host_api, class_named, 24) \
    F(easel_host_api, object_class, 32) \
    F(easel_host_api, class_name, 40) \
    F(easel_host_api, class_responds_to, 48) \
    F(easel_host_api, object_create, 56) \
    F(easel_host_api, object_storage, 64) \
    F(easel_host_api, msg_send, 72) \
    F(easel_host_api, msg_send_super, 80) \
    F(easel_host_api, property_get, 88) \
    F(easel_host_api, property_set, 96) \
    F(easel_host_api, log, 104) \
    F(easel_host_api, graphics, 112) \
    F(easel_host_api, views, 120) \
    F(easel_host_api, get_extension, 128)

/** One pinned number: a struct's size (`field` NULL) or a field's offset. */
typedef struct easel_abi_pin {
    /** The struct's name, e.g. "easel_host_api". */
    const char *type;
    /** The field's name, or NULL for the struct's own size. */
    const char *field;
    /** The pinned offset of the field, or the pinned size of the struct. */
    uint32_t value;
} easel_abi_pin;

/** The pinned layout: every struct's size, then its fields in order. Static data; `count` receives the length. */
static inline const easel_abi_pin *easel_abi_pins(uint32_t *count) {
#define EASEL_ABI_PIN_STRUCT(type, size) {#type, NULL, size},
#define EASEL_ABI_PIN_FIELD(type, field, offset) {#type, #field, offset},
    static const easel_abi_pin pins[] = {
        EASEL_ABI_PINNED_STRUCTS(EASEL_ABI_PIN_STRUCT)
        EASEL_ABI_PINNED_FIELDS(EASEL_ABI_PIN_FIELD)
    };
#undef EASEL_ABI_PIN_STRUCT
#undef EASEL_ABI_PIN_FIELD
    if (count != NULL) {
        *count = (uint32_t)(sizeof(pins) / sizeof(pins[0]));
    }
    return pins;
}

/* ---- extension easel.paint.v1 ---- */

/** The painting extension's table: S(type, size in bytes). */
#define EASEL_PAINT_PINNED_STRUCTS(S) \
    S(easel_paint_api, 160)

/** Its slots in declaration order: F(type, field, offset in bytes). */
#define EASEL_PAINT_PINNED_FIELDS(F) \
    F(easel_paint_api, abi_version, 0) \
    F(easel_paint_api, struct_size, 4) \
    F(easel_paint_api, clip_to_rect, 8) \
    F(easel_paint_api, clip_to_rects, 16) \
    F(easel_paint_api, clip_bounding_box, 24) \
    F(easel_paint_api, add_arc_to_point, 32) \
    F(easel_paint_api, add_rounded_rect, 40) \
    F(easel_paint_api, current_point, 48) \
    F(easel_paint_api, path_bounding_box, 56) \
    F(easel_paint_api, path_contains_point, 64) \
    F(easel_paint_api, draw_path, 72) \
    F(easel_paint_api, set_miter_limit, 80) \
    F(easel_paint_api, set_should_antialias, 88) \
    F(easel_paint_api, gradient_create, 96) \
    F(easel_paint_api, gradient_release, 104) \
    F(easel_paint_api, draw_linear_gradient, 112) \
    F(easel_paint_api, draw_radial_gradient, 120) \
    F(easel_paint_api, set_blend_mode, 128) \
    F(easel_paint_api, begin_transparency_layer, 136) \
    F(easel_paint_api, end_transparency_layer, 144) \
    F(easel_paint_api, set_shadow, 152)

/** The pinned layout of easel.paint.v1, as easel_abi_pins() lists 2.0's. */
static inline const easel_abi_pin *easel_paint_pins(uint32_t *count) {
#define EASEL_ABI_PIN_STRUCT(type, size) {#type, NULL, size},
#define EASEL_ABI_PIN_FIELD(type, field, offset) {#type, #field, offset},
    static const easel_abi_pin pins[] = {
        EASEL_PAINT_PINNED_STRUCTS(EASEL_ABI_PIN_STRUCT)
        EASEL_PAINT_PINNED_FIELDS(EASEL_ABI_PIN_FIELD)
    };
#undef EASEL_ABI_PIN_STRUCT
#undef EASEL_ABI_PIN_FIELD
    if (count != NULL) {
        *count = (uint32_t)(sizeof(pins) / sizeof(pins[0]));
    }
    return pins;
}

/* ---- extension easel.text.v1 ---- */

/** The structs of easel.text.v1: S(type, size in bytes). */
#define EASEL_TEXT_V1_PINNED_STRUCTS(S) \
    S(easel_font_desc, 48) \
    S(easel_font_metrics, 24) \
    S(easel_text_style, 40) \
    S(easel_text_attribute, 64) \
    S(easel_text_api, 56)

/** The fields of easel.text.v1, in declaration order: F(type, field, offset in bytes). */
#define EASEL_TEXT_V1_PINNED_FIELDS(F) \
    F(easel_font_desc, abi_version, 0) \
    F(easel_font_desc, struct_size, 4) \
    F(easel_font_desc, description, 8) \
    F(easel_font_desc, family, 16) \
    F(easel_font_desc, size, 24) \
    F(easel_font_desc, weight, 32) \
    F(easel_font_desc, style, 36) \
    F(easel_font_desc, stretch, 40) \
    F(easel_font_desc, reserved, 44) \
    F(easel_font_metrics, ascent, 0) \
    F(easel_font_metrics, descent, 8) \
    F(easel_font_metrics, line_height, 16) \
    F(easel_text_style, abi_version, 0) \
    F(easel_text_style, struct_size, 4) \
    F(easel_text_style, font, 8) \
    F(easel_text_style, alignment, 16) \
    F(easel_text_style, line_break, 20) \
    F(easel_text_style, truncation, 24) \
    F(easel_text_style, max_lines, 28) \
    F(easel_text_style, line_spacing, 32) \
    F(easel_text_attribute, start, 0) \
    F(easel_text_attribute, end, 4) \
    F(easel_text_attribute, kind, 8) \
    F(easel_text_attribute, value, 12) \
    F(easel_text_attribute, color, 16) \
    F(easel_text_attribute, number, 48) \
    F(easel_text_attribute, font, 56) \
    F(easel_text_api, abi_version, 0) \
    F(easel_text_api, struct_size, 4) \
    F(easel_text_api, set_font, 8) \
    F(easel_text_api, font_metrics, 16) \
    F(easel_text_api, draw_text_at, 24) \
    F(easel_text_api, draw_text_in_rect, 32) \
    F(easel_text_api, measure_text, 40) \
    F(easel_text_api, character_rect, 48)

/** The pinned layout of easel.text.v1, as easel_abi_pins(). */
static inline const easel_abi_pin *easel_text_v1_pins(uint32_t *count) {
#define EASEL_ABI_PIN_STRUCT(type, size) {#type, NULL, size},
#define EASEL_ABI_PIN_FIELD(type, field, offset) {#type, #field, offset},
    static const easel_abi_pin pins[] = {
        EASEL_TEXT_V1_PINNED_STRUCTS(EASEL_ABI_PIN_STRUCT)
        EASEL_TEXT_V1_PINNED_FIELDS(EASEL_ABI_PIN_FIELD)
    };
#undef EASEL_ABI_PIN_STRUCT
#undef EASEL_ABI_PIN_FIELD
    if (count != NULL) {
        *count = (uint32_t)(sizeof(pins) / sizeof(pins[0]));
    }
    return pins;
}

/* ---- extension easel.image.v1 ---- */

/* EASEL_IMAGE_API_V1_SIZE (the first sizeof(easel_image_api_v1)) is in easel.h, for plugins. */

/** The image extension's table: S(type, size in bytes). */
#define EASEL_IMAGE_PINNED_STRUCTS(S) \
    S(easel_image_api_v1, 128)

/** Its slots in declaration order: F(type, field, offset in bytes). */
#define EASEL_IMAGE_PINNED_FIELDS(F) \
    F(easel_image_api_v1, abi_version, 0) \
    F(easel_image_api_v1, struct_size, 4) \
    F(easel_image_api_v1, load_image, 8) \
    F(easel_image_api_v1, release_image, 16) \
    F(easel_image_api_v1, image_size, 24) \
    F(easel_image_api_v1, image_scale, 32) \
    F(easel_image_api_v1, draw_image, 40) \
    F(easel_image_api_v1, draw_image_part, 48) \
    F(easel_image_api_v1, image_named, 56) \
    F(easel_image_api_v1, set_interpolation_quality, 64) \
    F(easel_image_api_v1, interpolation_quality, 72) \
    F(easel_image_api_v1, draw_tiled_image, 80) \
    F(easel_image_api_v1, clip_to_image_mask, 88) \
    F(easel_image_api_v1, image_from_pixels, 96) \
    F(easel_image_api_v1, bitmap_context_create, 104) \
    F(easel_image_api_v1, image_from_bitmap_context, 112) \
    F(easel_image_api_v1, bitmap_context_release, 120)

/** The pinned layout of easel.image.v1, as easel_abi_pins() lists 2.0's. */
static inline const easel_abi_pin *easel_image_pins(uint32_t *count) {
#define EASEL_ABI_PIN_STRUCT(type, size) {#type, NULL, size},
#define EASEL_ABI_PIN_FIELD(type, field, offset) {#type, #field, offset},
    static const easel_abi_pin pins[] = {
        EASEL_IMAGE_PINNED_STRUCTS(EASEL_ABI_PIN_STRUCT)
        EASEL_IMAGE_PINNED_FIELDS(EASEL_ABI_PIN_FIELD)
    };
#undef EASEL_ABI_PIN_STRUCT
#undef EASEL_ABI_PIN_FIELD
    if (count != NULL) {
        *count = (uint32_t)(sizeof(pins) / sizeof(pins[0]));
    }
    return pins;
}

/* ---- extension easel.layer.v1 ---- */

/** The layer extension's table: S(type, size in bytes). */
#define EASEL_LAYER_PINNED_STRUCTS(S) \
    S(easel_layer_api, 456)

/** Its slots in declaration order: F(type, field, offset in bytes). */
#define EASEL_LAYER_PINNED_FIELDS(F) \
    F(easel_layer_api, abi_version, 0) \
    F(easel_layer_api, struct_size, 4) \
    F(easel_layer_api, corner_radius, 8) \
    F(easel_layer_api, set_corner_radius, 16) \
    F(easel_layer_api, masked_corners, 24) \
    F(easel_layer_api, set_masked_corners, 32) \
    F(easel_layer_api, masks_to_bounds, 40) \
    F(easel_layer_api, set_masks_to_bounds, 48) \
    F(easel_layer_api, border_width, 56) \
    F(easel_layer_api, set_border_width, 64) \
    F(easel_layer_api, border_color, 72) \
    F(easel_layer_api, set_border_color, 80) \
    F(easel_layer_api, shadow_color, 88) \
    F(easel_layer_api, set_shadow_color, 96) \
    F(easel_layer_api, shadow_opacity, 104) \
    F(easel_layer_api, set_shadow_opacity, 112) \
    F(easel_layer_api, shadow_offset, 120) \
    F(easel_layer_api, set_shadow_offset, 128) \
    F(easel_layer_api, shadow_radius, 136) \
    F(easel_layer_api, set_shadow_radius, 144) \
    F(easel_layer_api, set_shadow_path_rect, 152) \
    F(easel_layer_api, set_shadow_path_ellipse, 160) \
    F(easel_layer_api, set_shadow_path_polygon, 168) \
    F(easel_layer_api, clear_shadow_path, 176) \
    F(easel_layer_api, has_shadow_path, 184) \
    F(easel_layer_api, opacity, 192) \
    F(easel_layer_api, set_opacity, 200) \
    F(easel_layer_api, anchor_point, 208) \
    F(easel_layer_api, set_anchor_point, 216) \
    F(easel_layer_api, position, 224) \
    F(easel_layer_api, set_position, 232) \
    F(easel_layer_api, z_position, 240) \
    F(easel_layer_api, set_z_position, 248) \
    F(easel_layer_api, hidden, 256) \
    F(easel_layer_api, set_hidden, 264) \
    F(easel_layer_api, background_color, 272) \
    F(easel_layer_api, set_background_color, 280) \
    F(easel_layer_api, allows_group_opacity, 288) \
    F(easel_layer_api, set_allows_group_opacity, 296) \
    F(easel_layer_api, convert_point_to_window, 304) \
    F(easel_layer_api, convert_point_from_window, 312) \
    F(easel_layer_api, convert_rect_to_window, 320) \
    F(easel_layer_api, convert_rect_from_window, 328) \
    F(easel_layer_api, create_layer, 336) \
    F(easel_layer_api, add_sublayer, 344) \
    F(easel_layer_api, insert_sublayer_at, 352) \
    F(easel_layer_api, insert_sublayer_above, 360) \
    F(easel_layer_api, insert_sublayer_below, 368) \
    F(easel_layer_api, remove_from_superlayer, 376) \
    F(easel_layer_api, sublayer_count, 384) \
    F(easel_layer_api, sublayer_at, 392) \
    F(easel_layer_api, superlayer, 400) \
    F(easel_layer_api, set_contents, 408) \
    F(easel_layer_api, set_image_view_image, 416) \
    F(easel_layer_api, content_mode, 424) \
    F(easel_layer_api, set_content_mode, 432) \
    F(easel_layer_api, content_stretch, 440) \
    F(easel_layer_api, set_content_stretch, 448)

/** The pinned layout of easel.layer.v1, as easel_abi_pins() lists 2.0's. */
static inline const easel_abi_pin *easel_layer_pins(uint32_t *count) {
#define EASEL_ABI_PIN_STRUCT(type, size) {#type, NULL, size},
#define EASEL_ABI_PIN_FIELD(type, field, offset) {#type, #field, offset},
    static const easel_abi_pin pins[] = {
        EASEL_LAYER_PINNED_STRUCTS(EASEL_ABI_PIN_STRUCT)
        EASEL_LAYER_PINNED_FIELDS(EASEL_ABI_PIN_FIELD)
    };
#undef EASEL_ABI_PIN_STRUCT
#undef EASEL_ABI_PIN_FIELD
    if (count != NULL) {
        *count = (uint32_t)(sizeof(pins) / sizeof(pins[0]));
    }
    return pins;
}

/* ---- extension easel.gesture.v1 ---- */

/** The gesture extension's table: S(type, size in bytes). */
#define EASEL_GESTURE_PINNED_STRUCTS(S) \
    S(easel_gesture_api, 232)

/** Its slots in declaration order: F(type, field, offset in bytes). */
#define EASEL_GESTURE_PINNED_FIELDS(F) \
    F(easel_gesture_api, abi_version, 0) \
    F(easel_gesture_api, struct_size, 4) \
    F(easel_gesture_api, create, 8) \
    F(easel_gesture_api, add_to_view, 16) \
    F(easel_gesture_api, remove_from_view, 24) \
    F(easel_gesture_api, view, 32) \
    F(easel_gesture_api, add_target, 40) \
    F(easel_gesture_api, require_to_fail, 48) \
    F(easel_gesture_api, set_delegate, 56) \
    F(easel_gesture_api, state, 64) \
    F(easel_gesture_api, set_state, 72) \
    F(easel_gesture_api, number_of_touches, 80) \
    F(easel_gesture_api, location_in_view, 88) \
    F(easel_gesture_api, translation_in_view, 96) \
    F(easel_gesture_api, set_translation, 104) \
    F(easel_gesture_api, velocity_in_view, 112) \
    F(easel_gesture_api, scale, 120) \
    F(easel_gesture_api, rotation, 128) \
    F(easel_gesture_api, velocity, 136) \
    F(easel_gesture_api, event_timestamp, 144) \
    F(easel_gesture_api, event_touch_count, 152) \
    F(easel_gesture_api, event_touch_at, 160) \
    F(easel_gesture_api, touch_identifier, 168) \
    F(easel_gesture_api, touch_tap_count, 176) \
    F(easel_gesture_api, touch_timestamp, 184) \
    F(easel_gesture_api, touch_window, 192) \
    F(easel_gesture_api, multiple_touch_enabled, 200) \
    F(easel_gesture_api, set_multiple_touch_enabled, 208) \
    F(easel_gesture_api, exclusive_touch, 216) \
    F(easel_gesture_api, set_exclusive_touch, 224)

/** The pinned layout of easel.gesture.v1, as easel_abi_pins() lists 2.0's. */
static inline const easel_abi_pin *easel_gesture_pins(uint32_t *count) {
#define EASEL_ABI_PIN_STRUCT(type, size) {#type, NULL, size},
#define EASEL_ABI_PIN_FIELD(type, field, offset) {#type, #field, offset},
    static const easel_abi_pin pins[] = {
        EASEL_GESTURE_PINNED_STRUCTS(EASEL_ABI_PIN_STRUCT)
        EASEL_GESTURE_PINNED_FIELDS(EASEL_ABI_PIN_FIELD)
    };
#undef EASEL_ABI_PIN_STRUCT
#undef EASEL_ABI_PIN_FIELD
    if (count != NULL) {
        *count = (uint32_t)(sizeof(pins) / sizeof(pins[0]));
    }
    return pins;
}

/* ---- plugin metadata (easel.metadata.v1) ---- */

/** The metadata structs: S(type, size in bytes). */
#define EASEL_METADATA_PINNED_STRUCTS(S) \
    S(easel_property_metadata, 48) \
    S(easel_class_metadata, 48) \
    S(easel_plugin_metadata, 64)

/** Their fields, in declaration order: F(type, field, offset in bytes). */
#define EASEL_METADATA_PINNED_FIELDS(F) \
    F(easel_class_metadata, abi_version, 0) \
    F(easel_class_metadata, struct_size, 4) \
    F(easel_class_metadata, class_name, 8) \
    F(easel_class_metadata, summary, 16) \
    F(easel_class_metadata, preview_properties, 24) \
    F(easel_class_metadata, property_count, 32) \
    F(easel_class_metadata, properties, 40) \
    F(easel_property_metadata, abi_version, 0) \
    F(easel_property_metadata, struct_size, 4) \
    F(easel_property_metadata, property_name, 8) \
    F(easel_property_metadata, description, 16) \
    F(easel_property_metadata, enum_count, 24) \
    F(easel_property_metadata, reserved, 28) \
    F(easel_property_metadata, enum_names, 32) \
    F(easel_property_metadata, enum_values, 40) \
    F(easel_plugin_metadata, abi_version, 0) \
    F(easel_plugin_metadata, struct_size, 4) \
    F(easel_plugin_metadata, description, 8) \
    F(easel_plugin_metadata, version, 16) \
    F(easel_plugin_metadata, author, 24) \
    F(easel_plugin_metadata, license, 32) \
    F(easel_plugin_metadata, url, 40) \
    F(easel_plugin_metadata, class_count, 48) \
    F(easel_plugin_metadata, classes, 56)

/** The pinned layout of the metadata structs, as easel_abi_pins() lists 2.0's. */
static inline const easel_abi_pin *easel_metadata_pins(uint32_t *count) {
#define EASEL_ABI_PIN_STRUCT(type, size) {#type, NULL, size},
#define EASEL_ABI_PIN_FIELD(type, field, offset) {#type, #field, offset},
    static const easel_abi_pin pins[] = {
        EASEL_METADATA_PINNED_STRUCTS(EASEL_ABI_PIN_STRUCT)
        EASEL_METADATA_PINNED_FIELDS(EASEL_ABI_PIN_FIELD)
    };
#undef EASEL_ABI_PIN_STRUCT
#undef EASEL_ABI_PIN_FIELD
    if (count != NULL) {
        *count = (uint32_t)(sizeof(pins) / sizeof(pins[0]));
    }
    return pins;
}

/* ---- extension easel.animation.v1 ---- */

/** The animation extension's structs: S(type, size in bytes). */
#define EASEL_ANIMATION_PINNED_STRUCTS(S) \
    S(easel_animation_options, 80) \
    S(easel_animation_api, 160) \
    S(easel_path_element, 56) \
    S(easel_layer_animation, 288)

/** Their fields in declaration order: F(type, field, offset in bytes). */
#define EASEL_ANIMATION_PINNED_FIELDS(F) \
    F(easel_animation_options, abi_version, 0) \
    F(easel_animation_options, struct_size, 4) \
    F(easel_animation_options, duration, 8) \
    F(easel_animation_options, delay, 16) \
    F(easel_animation_options, curve, 24) \
    F(easel_animation_options, flags, 28) \
    F(easel_animation_options, spring_damping, 32) \
    F(easel_animation_options, spring_velocity, 40) \
    F(easel_animation_options, control_points, 48) \
    F(easel_animation_api, abi_version, 0) \
    F(easel_animation_api, struct_size, 4) \
    F(easel_animation_api, animate, 8) \
    F(easel_animation_api, begin_animations, 16) \
    F(easel_animation_api, commit_animations, 24) \
    F(easel_animation_api, perform_after_delay, 32) \
    F(easel_animation_api, cancel_perform_requests, 40) \
    F(easel_animation_api, add_display_link, 48) \
    F(easel_animation_api, remove_display_link, 56) \
    F(easel_animation_api, media_time, 64) \
    F(easel_animation_api, remove_all_animations, 72) \
    F(easel_animation_api, has_animations, 80) \
    F(easel_animation_api, add_layer_animation, 88) \
    F(easel_animation_api, remove_layer_animation, 96) \
    F(easel_animation_api, layer_animation_count, 104) \
    F(easel_animation_api, layer_animation_key_at, 112) \
    F(easel_animation_api, presented_value, 120) \
    F(easel_animation_api, animate_keyframes, 128) \
    F(easel_animation_api, add_keyframe, 136) \
    F(easel_animation_api, transition_from_to, 144) \
    F(easel_animation_api, transition_with, 152) \
    F(easel_path_element, kind, 0) \
    F(easel_path_element, reserved, 4) \
    F(easel_path_element, points, 8) \
    F(easel_layer_animation, abi_version, 0) \
    F(easel_layer_animation, struct_size, 4) \
    F(easel_layer_animation, key_path, 8) \
    F(easel_layer_animation, kind, 16) \
    F(easel_layer_animation, value_type, 20) \
    F(easel_layer_animation, flags, 24) \
    F(easel_layer_animation, fill_mode, 28) \
    F(easel_layer_animation, calculation_mode, 32) \
    F(easel_layer_animation, value_count, 36) \
    F(easel_layer_animation, from_value, 40) \
    F(easel_layer_animation, to_value, 88) \
    F(easel_layer_animation, by_value, 136) \
    F(easel_layer_animation, values, 184) \
    F(easel_layer_animation, key_times, 192) \
    F(easel_layer_animation, timing_functions, 200) \
    F(easel_layer_animation, path, 208) \
    F(easel_layer_animation, begin_time, 216) \
    F(easel_layer_animation, duration, 224) \
    F(easel_layer_animation, repeat_count, 232) \
    F(easel_layer_animation, speed, 240) \
    F(easel_layer_animation, time_offset, 248) \
    F(easel_layer_animation, timing_function, 256)

/** The pinned layout of easel.animation.v1, as easel_abi_pins() lists 2.0's. */
static inline const easel_abi_pin *easel_animation_pins(uint32_t *count) {
#define EASEL_ABI_PIN_STRUCT(type, size) {#type, NULL, size},
#define EASEL_ABI_PIN_FIELD(type, field, offset) {#type, #field, offset},
    static const easel_abi_pin pins[] = {
        EASEL_ANIMATION_PINNED_STRUCTS(EASEL_ABI_PIN_STRUCT)
        EASEL_ANIMATION_PINNED_FIELDS(EASEL_ABI_PIN_FIELD)
    };
#undef EASEL_ABI_PIN_STRUCT
#undef EASEL_ABI_PIN_FIELD
    if (count != NULL) {
        *count = (uint32_t)(sizeof(pins) / sizeof(pins[0]));
    }
    return pins;
}

/* ---- extension easel.layout.v1 ---- */

/** The layout extension's table: S(type, size in bytes). */
#define EASEL_LAYOUT_PINNED_STRUCTS(S) \
    S(easel_layout_api, 296)

/** Its slots in declaration order: F(type, field, offset in bytes). */
#define EASEL_LAYOUT_PINNED_FIELDS(F) \
    F(easel_layout_api, abi_version, 0) \
    F(easel_layout_api, struct_size, 4) \
    F(easel_layout_api, constraint_create, 8) \
    F(easel_layout_api, constraint_set_active, 16) \
    F(easel_layout_api, constraint_is_active, 24) \
    F(easel_layout_api, constraint_constant, 32) \
    F(easel_layout_api, constraint_set_constant, 40) \
    F(easel_layout_api, constraint_priority, 48) \
    F(easel_layout_api, constraint_set_priority, 56) \
    F(easel_layout_api, constraint_release, 64) \
    F(easel_layout_api, translates_autoresizing_mask, 72) \
    F(easel_layout_api, set_translates_autoresizing_mask, 80) \
    F(easel_layout_api, content_hugging_priority, 88) \
    F(easel_layout_api, set_content_hugging_priority, 96) \
    F(easel_layout_api, compression_resistance_priority, 104) \
    F(easel_layout_api, set_compression_resistance_priority, 112) \
    F(easel_layout_api, invalidate_intrinsic_content_size, 120) \
    F(easel_layout_api, set_needs_update_constraints, 128) \
    F(easel_layout_api, layout_if_needed, 136) \
    F(easel_layout_api, layout_margins_guide, 144) \
    F(easel_layout_api, safe_area_layout_guide, 152) \
    F(easel_layout_api, add_layout_guide, 160) \
    F(easel_layout_api, layout_frame, 168) \
    F(easel_layout_api, set_directional_layout_margins, 176) \
    F(easel_layout_api, set_semantic_content_attribute, 184) \
    F(easel_layout_api, system_layout_size_fitting, 192) \
    F(easel_layout_api, view_controller_view, 200) \
    F(easel_layout_api, view_controller_set_view, 208) \
    F(easel_layout_api, view_controller_add_child, 216) \
    F(easel_layout_api, view_controller_remove_from_parent, 224) \
    F(easel_layout_api, view_controller_did_move_to_parent, 232) \
    F(easel_layout_api, window_root_view_controller, 240) \
    F(easel_layout_api, window_set_root_view_controller, 248) \
    F(easel_layout_api, window_make_key_and_visible, 256) \
    F(easel_layout_api, stack_view_add_arranged_subview, 264) \
    F(easel_layout_api, stack_view_insert_arranged_subview, 272) \
    F(easel_layout_api, stack_view_remove_arranged_subview, 280) \
    F(easel_layout_api, stack_view_arranged_subview_count, 288)

/** The pinned layout of easel.layout.v1, as easel_abi_pins() lists 2.0's. */
static inline const easel_abi_pin *easel_layout_pins(uint32_t *count) {
#define EASEL_ABI_PIN_STRUCT(type, size) {#type, NULL, size},
#define EASEL_ABI_PIN_FIELD(type, field, offset) {#type, #field, offset},
    static const easel_abi_pin pins[] = {
        EASEL_LAYOUT_PINNED_STRUCTS(EASEL_ABI_PIN_STRUCT)
        EASEL_LAYOUT_PINNED_FIELDS(EASEL_ABI_PIN_FIELD)
    };
#undef EASEL_ABI_PIN_STRUCT
#undef EASEL_ABI_PIN_FIELD
    if (count != NULL) {
        *count = (uint32_t)(sizeof(pins) / sizeof(pins[0]));
    }
    return pins;
}

#endif /* EASEL_ABI_PINS_H */
