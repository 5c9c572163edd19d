//! Checks this crate against `easel.h`: compiles a C program against the header, which prints
//! the size of every pinned struct, the offset of every field and function slot (the lists of
//! `easel_abi_pins.h`, 2.0 and every extension) and the value of every constant this crate
//! mirrors, and compares each with what Rust computes for `easel_abi::sys`. Fails on any
//! disagreement, on a pinned struct the crate lacks, on a field or slot the crate skipped, added
//! or has not mirrored yet (a skipped slot would make every later slot call the wrong host
//! function; a slot appended to a table in a newer header fails too, so that the crate is updated
//! with it), and on an `EASEL_*` constant of the header the crate does not mirror.
//! `a_tampered_header_fails` runs the same check on altered copies of the header (a moved slot,
//! an appended slot, a new constant) and expects each to be caught.
//!
//! The header is `$EASEL_INCLUDE/easel.h`, by default `../../../Sources/EaselABI/include` from
//! this crate (its place in the Easel repository); the C compiler is `$CC`, by default `cc`.
#![allow(non_snake_case)]

use easel_abi::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Every struct Rust mirrors: (name, size, [(field, offset)]) in declaration order.
fn rust_structs() -> Vec<(&'static str, usize, Vec<(&'static str, usize)>)> {
    let mut structs = Vec::new();
    macro_rules! layout {
        ($type:ident { $($field:ident),* }) => {
            structs.push((stringify!($type), std::mem::size_of::<$type>(),
                          vec![$((stringify!($field), field_offset!($type, $field))),*]));
        };
    }
        layout!(easel_point { x, y });
        layout!(easel_size { width, height });
        layout!(easel_rect { origin, size });
        layout!(easel_affine_transform { a, b, c, d, tx, ty });
        layout!(easel_color { red, green, blue, alpha });
        layout!(easel_point_array { points, count });
        layout!(easel_string_array { strings, count });
        layout!(easel_property_desc { abi_version, struct_size, name, type_encoding, offset, default_value });
        layout!(easel_method_desc { abi_version, struct_size, selector, type_encoding, imp });
        layout!(easel_class_desc { abi_version, struct_size, name, superclass_name, instance_size, property_count, method_count, properties, methods });
        layout!(easel_layout { abi_version, struct_size, point_size, size_size, rect_size, transform_size, color_size, rect_alignment });
        layout!(easel_rect_alignment_probe { first, rect });
        layout!(easel_plugin_desc { abi_version, struct_size, name, layout, class_count, classes });
        layout!(easel_graphics_api { abi_version, struct_size, current_context, save_state, restore_state, translate, scale, rotate, concat_ctm, get_ctm, begin_path, move_to, add_line_to, add_quad_curve_to, add_curve_to, add_arc, add_rect, add_ellipse_in_rect, close_path, fill_path, stroke_path, clip, fill_rect, stroke_rect, clear_rect, set_fill_color, set_stroke_color, set_alpha, set_line_width, set_line_cap, set_line_join, set_line_dash, set_font, show_text, measure_text });
        layout!(easel_view_api { abi_version, struct_size, create, superview, subview_count, subview_at, add_subview, insert_subview_at, insert_subview_above, insert_subview_below, exchange_subviews, bring_subview_to_front, send_subview_to_back, remove_from_superview, is_descendant_of, view_with_tag, bounds, frame, set_frame, convert_point, convert_rect, set_needs_display, set_needs_display_in_rect, set_needs_layout, layout_if_needed, size_that_fits, size_to_fit, add_overlay, set_delegate, delegate, flip_context, hit_test, touch_location, touch_previous_location, touch_phase, touch_view });
        layout!(easel_host_api { abi_version, struct_size, sel_register, sel_name, class_named, object_class, class_name, class_responds_to, object_create, object_storage, msg_send, msg_send_super, property_get, property_set, log, graphics, views, get_extension });
        layout!(easel_paint_api { abi_version, struct_size, clip_to_rect, clip_to_rects, clip_bounding_box, add_arc_to_point, add_rounded_rect, current_point, path_bounding_box, path_contains_point, draw_path, set_miter_limit, set_should_antialias, gradient_create, gradient_release, draw_linear_gradient, draw_radial_gradient, set_blend_mode, begin_transparency_layer, end_transparency_layer, set_shadow });
        layout!(easel_font_desc { abi_version, struct_size, description, family, size, weight, style, stretch, reserved });
        layout!(easel_font_metrics { ascent, descent, line_height });
        layout!(easel_text_style { abi_version, struct_size, font, alignment, line_break, truncation, max_lines, line_spacing });
        layout!(easel_text_attribute { start, end, kind, value, color, number, font });
        layout!(easel_text_api { abi_version, struct_size, set_font, font_metrics, draw_text_at, draw_text_in_rect, measure_text, character_rect });
        layout!(easel_image_api_v1 { abi_version, struct_size, load_image, release_image, image_size, image_scale, draw_image, draw_image_part, image_named, set_interpolation_quality, interpolation_quality, draw_tiled_image, clip_to_image_mask, image_from_pixels, bitmap_context_create, image_from_bitmap_context, bitmap_context_release });
        layout!(easel_layer_api { abi_version, struct_size, corner_radius, set_corner_radius, masked_corners, set_masked_corners, masks_to_bounds, set_masks_to_bounds, border_width, set_border_width, border_color, set_border_color, shadow_color, set_shadow_color, shadow_opacity, set_shadow_opacity, shadow_offset, set_shadow_offset, shadow_radius, set_shadow_radius, set_shadow_path_rect, set_shadow_path_ellipse, set_shadow_path_polygon, clear_shadow_path, has_shadow_path, opacity, set_opacity, anchor_point, set_anchor_point, position, set_position, z_position, set_z_position, hidden, set_hidden, background_color, set_background_color, allows_group_opacity, set_allows_group_opacity, convert_point_to_window, convert_point_from_window, convert_rect_to_window, convert_rect_from_window, create_layer, add_sublayer, insert_sublayer_at, insert_sublayer_above, insert_sublayer_below, remove_from_superlayer, sublayer_count, sublayer_at, superlayer, set_contents, set_image_view_image, content_mode, set_content_mode, content_stretch, set_content_stretch });
        layout!(easel_property_metadata { abi_version, struct_size, property_name, description, enum_count, reserved, enum_names, enum_values });
        layout!(easel_class_metadata { abi_version, struct_size, class_name, summary, preview_properties, property_count, properties });
        layout!(easel_plugin_metadata { abi_version, struct_size, description, version, author, license, url, class_count, classes });
        layout!(easel_gesture_api { abi_version, struct_size, create, add_to_view, remove_from_view, view, add_target, require_to_fail, set_delegate, state, set_state, number_of_touches, location_in_view, translation_in_view, set_translation, velocity_in_view, scale, rotation, velocity, event_timestamp, event_touch_count, event_touch_at, touch_identifier, touch_tap_count, touch_timestamp, touch_window, multiple_touch_enabled, set_multiple_touch_enabled, exclusive_touch, set_exclusive_touch });
        layout!(easel_animation_options { abi_version, struct_size, duration, delay, curve, flags, spring_damping, spring_velocity, control_points });
        layout!(easel_animation_api { abi_version, struct_size, animate, begin_animations, commit_animations, perform_after_delay, cancel_perform_requests, add_display_link, remove_display_link, media_time, remove_all_animations, has_animations, add_layer_animation, remove_layer_animation, layer_animation_count, layer_animation_key_at, presented_value, animate_keyframes, add_keyframe, transition_from_to, transition_with });
        layout!(easel_path_element { kind, reserved, points });
        layout!(easel_layer_animation { abi_version, struct_size, key_path, kind, value_type, flags, fill_mode, calculation_mode, value_count, from_value, to_value, by_value, values, key_times, timing_functions, path, begin_time, duration, repeat_count, speed, time_offset, timing_function });
        layout!(easel_layout_api { abi_version, struct_size, constraint_create, constraint_set_active, constraint_is_active, constraint_constant, constraint_set_constant, constraint_priority, constraint_set_priority, constraint_release, translates_autoresizing_mask, set_translates_autoresizing_mask, content_hugging_priority, set_content_hugging_priority, compression_resistance_priority, set_compression_resistance_priority, invalidate_intrinsic_content_size, set_needs_update_constraints, layout_if_needed, layout_margins_guide, safe_area_layout_guide, add_layout_guide, layout_frame, set_directional_layout_margins, set_semantic_content_attribute, system_layout_size_fitting, view_controller_view, view_controller_set_view, view_controller_add_child, view_controller_remove_from_parent, view_controller_did_move_to_parent, window_root_view_controller, window_set_root_view_controller, window_make_key_and_visible, stack_view_add_arranged_subview, stack_view_insert_arranged_subview, stack_view_remove_arranged_subview, stack_view_arranged_subview_count });
    structs
}

/// Every integer constant Rust mirrors, widened to i128.
fn rust_integers() -> Vec<(&'static str, i128)> {
    macro_rules! integers {
        ($($name:ident),* $(,)?) => { vec![$((stringify!($name), $name as i128)),*] };
    }
    integers!(
            EASEL_ABI_VERSION_MAJOR,
            EASEL_ABI_VERSION_MINOR,
            EASEL_LAYER_API_V1_SIZE,
            EASEL_IMAGE_API_V1_SIZE,
            EASEL_ABI_VERSION,
            EASEL_OK,
            EASEL_ERROR_DOES_NOT_RESPOND,
            EASEL_ERROR_NULL_ARGUMENT,
            EASEL_ERROR_NOT_FOUND,
            EASEL_ERROR_TYPE_MISMATCH,
            EASEL_ERROR_BAD_SIGNATURE,
            EASEL_ERROR_INVALID_OPERATION,
            EASEL_PROPERTY_DESC_SIZE_2_0,
            EASEL_METHOD_DESC_SIZE_2_0,
            EASEL_CLASS_DESC_SIZE_2_0,
            EASEL_LAYOUT_SIZE_2_0,
            EASEL_PLUGIN_DESC_SIZE_2_0,
            EASEL_GRAPHICS_API_SIZE_2_0,
            EASEL_VIEW_API_SIZE_2_0,
            EASEL_HOST_API_SIZE_2_0,
            EASEL_FILL_NONZERO,
            EASEL_FILL_EVEN_ODD,
            EASEL_LINE_CAP_BUTT,
            EASEL_LINE_CAP_ROUND,
            EASEL_LINE_CAP_SQUARE,
            EASEL_LINE_JOIN_MITER,
            EASEL_LINE_JOIN_ROUND,
            EASEL_LINE_JOIN_BEVEL,
            EASEL_TOUCH_BEGAN,
            EASEL_TOUCH_MOVED,
            EASEL_TOUCH_STATIONARY,
            EASEL_TOUCH_ENDED,
            EASEL_TOUCH_CANCELLED,
            EASEL_AUTORESIZE_NONE,
            EASEL_AUTORESIZE_FLEXIBLE_LEFT_MARGIN,
            EASEL_AUTORESIZE_FLEXIBLE_WIDTH,
            EASEL_AUTORESIZE_FLEXIBLE_RIGHT_MARGIN,
            EASEL_AUTORESIZE_FLEXIBLE_TOP_MARGIN,
            EASEL_AUTORESIZE_FLEXIBLE_HEIGHT,
            EASEL_AUTORESIZE_FLEXIBLE_BOTTOM_MARGIN,
            EASEL_PATH_FILL,
            EASEL_PATH_EO_FILL,
            EASEL_PATH_STROKE,
            EASEL_PATH_FILL_STROKE,
            EASEL_PATH_EO_FILL_STROKE,
            EASEL_GRADIENT_DRAWS_BEFORE_START,
            EASEL_GRADIENT_DRAWS_AFTER_END,
            EASEL_BLEND_NORMAL,
            EASEL_BLEND_MULTIPLY,
            EASEL_BLEND_SCREEN,
            EASEL_BLEND_OVERLAY,
            EASEL_BLEND_DARKEN,
            EASEL_BLEND_LIGHTEN,
            EASEL_BLEND_COLOR_DODGE,
            EASEL_BLEND_COLOR_BURN,
            EASEL_BLEND_SOFT_LIGHT,
            EASEL_BLEND_HARD_LIGHT,
            EASEL_BLEND_DIFFERENCE,
            EASEL_BLEND_EXCLUSION,
            EASEL_BLEND_HUE,
            EASEL_BLEND_SATURATION,
            EASEL_BLEND_COLOR,
            EASEL_BLEND_LUMINOSITY,
            EASEL_BLEND_CLEAR,
            EASEL_BLEND_COPY,
            EASEL_BLEND_SOURCE_IN,
            EASEL_BLEND_SOURCE_OUT,
            EASEL_BLEND_SOURCE_ATOP,
            EASEL_BLEND_DESTINATION_OVER,
            EASEL_BLEND_DESTINATION_IN,
            EASEL_BLEND_DESTINATION_OUT,
            EASEL_BLEND_DESTINATION_ATOP,
            EASEL_BLEND_XOR,
            EASEL_BLEND_PLUS_DARKER,
            EASEL_BLEND_PLUS_LIGHTER,
            EASEL_FONT_WEIGHT_THIN,
            EASEL_FONT_WEIGHT_ULTRALIGHT,
            EASEL_FONT_WEIGHT_LIGHT,
            EASEL_FONT_WEIGHT_REGULAR,
            EASEL_FONT_WEIGHT_MEDIUM,
            EASEL_FONT_WEIGHT_SEMIBOLD,
            EASEL_FONT_WEIGHT_BOLD,
            EASEL_FONT_WEIGHT_HEAVY,
            EASEL_FONT_WEIGHT_BLACK,
            EASEL_FONT_STYLE_UNSET,
            EASEL_FONT_STYLE_NORMAL,
            EASEL_FONT_STYLE_ITALIC,
            EASEL_FONT_STYLE_OBLIQUE,
            EASEL_FONT_STRETCH_UNSET,
            EASEL_FONT_STRETCH_ULTRA_CONDENSED,
            EASEL_FONT_STRETCH_CONDENSED,
            EASEL_FONT_STRETCH_NORMAL,
            EASEL_FONT_STRETCH_EXPANDED,
            EASEL_FONT_STRETCH_ULTRA_EXPANDED,
            EASEL_TEXT_ALIGN_NATURAL,
            EASEL_TEXT_ALIGN_LEFT,
            EASEL_TEXT_ALIGN_CENTER,
            EASEL_TEXT_ALIGN_RIGHT,
            EASEL_TEXT_ALIGN_JUSTIFIED,
            EASEL_LINE_BREAK_WORD,
            EASEL_LINE_BREAK_CHAR,
            EASEL_TRUNCATE_NONE,
            EASEL_TRUNCATE_HEAD,
            EASEL_TRUNCATE_MIDDLE,
            EASEL_TRUNCATE_TAIL,
            EASEL_TEXT_ATTR_COLOR,
            EASEL_TEXT_ATTR_FONT,
            EASEL_TEXT_ATTR_UNDERLINE,
            EASEL_TEXT_ATTR_STRIKETHROUGH,
            EASEL_TEXT_ATTR_BASELINE_OFFSET,
            EASEL_INTERPOLATION_DEFAULT,
            EASEL_INTERPOLATION_NONE,
            EASEL_INTERPOLATION_LOW,
            EASEL_INTERPOLATION_HIGH,
            EASEL_INTERPOLATION_MEDIUM,
            EASEL_CORNER_MIN_X_MIN_Y,
            EASEL_CORNER_MAX_X_MIN_Y,
            EASEL_CORNER_MIN_X_MAX_Y,
            EASEL_CORNER_MAX_X_MAX_Y,
            EASEL_CORNER_ALL,
            EASEL_LAYER_API_CONTENT_SIZE,
            EASEL_GRAVITY_RESIZE,
            EASEL_GRAVITY_RESIZE_ASPECT,
            EASEL_GRAVITY_RESIZE_ASPECT_FILL,
            EASEL_GRAVITY_CENTER,
            EASEL_GRAVITY_TOP,
            EASEL_GRAVITY_BOTTOM,
            EASEL_GRAVITY_LEFT,
            EASEL_GRAVITY_RIGHT,
            EASEL_GRAVITY_TOP_LEFT,
            EASEL_GRAVITY_TOP_RIGHT,
            EASEL_GRAVITY_BOTTOM_LEFT,
            EASEL_GRAVITY_BOTTOM_RIGHT,
            EASEL_CONTENT_MODE_SCALE_TO_FILL,
            EASEL_CONTENT_MODE_SCALE_ASPECT_FIT,
            EASEL_CONTENT_MODE_SCALE_ASPECT_FILL,
            EASEL_CONTENT_MODE_REDRAW,
            EASEL_CONTENT_MODE_CENTER,
            EASEL_CONTENT_MODE_TOP,
            EASEL_CONTENT_MODE_BOTTOM,
            EASEL_CONTENT_MODE_LEFT,
            EASEL_CONTENT_MODE_RIGHT,
            EASEL_CONTENT_MODE_TOP_LEFT,
            EASEL_CONTENT_MODE_TOP_RIGHT,
            EASEL_CONTENT_MODE_BOTTOM_LEFT,
            EASEL_CONTENT_MODE_BOTTOM_RIGHT,
            EASEL_GESTURE_API_V1_SIZE,
            EASEL_GESTURE_POSSIBLE,
            EASEL_GESTURE_BEGAN,
            EASEL_GESTURE_CHANGED,
            EASEL_GESTURE_ENDED,
            EASEL_GESTURE_RECOGNIZED,
            EASEL_GESTURE_CANCELLED,
            EASEL_GESTURE_FAILED,
            EASEL_SWIPE_RIGHT,
            EASEL_SWIPE_LEFT,
            EASEL_SWIPE_UP,
            EASEL_SWIPE_DOWN,
            EASEL_CLASS_METADATA_V1_SIZE,
            EASEL_CLASS_METADATA_PROPERTIES_SIZE,
            EASEL_ANIMATION_API_V1_SIZE,
            EASEL_ANIMATION_OPTIONS_V1_SIZE,
            EASEL_ANIMATION_CURVE_EASE_IN_OUT,
            EASEL_ANIMATION_CURVE_EASE_IN,
            EASEL_ANIMATION_CURVE_EASE_OUT,
            EASEL_ANIMATION_CURVE_LINEAR,
            EASEL_ANIMATION_CURVE_SPRING,
            EASEL_ANIMATION_CURVE_BEZIER,
            EASEL_ANIMATION_LAYOUT_SUBVIEWS,
            EASEL_ANIMATION_ALLOW_USER_INTERACTION,
            EASEL_ANIMATION_BEGIN_FROM_CURRENT_STATE,
            EASEL_ANIMATION_REPEAT,
            EASEL_ANIMATION_AUTOREVERSE,
            EASEL_ANIMATION_API_LAYER_SIZE,
            EASEL_LAYER_ANIMATION_SIZE,
            EASEL_ANIMATION_SHOW_HIDE_TRANSITION_VIEWS,
            EASEL_ANIMATION_TRANSITION_FLIP_FROM_LEFT,
            EASEL_ANIMATION_TRANSITION_FLIP_FROM_RIGHT,
            EASEL_ANIMATION_TRANSITION_CURL_UP,
            EASEL_ANIMATION_TRANSITION_CURL_DOWN,
            EASEL_ANIMATION_TRANSITION_CROSS_DISSOLVE,
            EASEL_ANIMATION_TRANSITION_FLIP_FROM_TOP,
            EASEL_ANIMATION_TRANSITION_FLIP_FROM_BOTTOM,
            EASEL_ANIMATION_VALUE_NUMBER,
            EASEL_ANIMATION_VALUE_POINT,
            EASEL_ANIMATION_VALUE_SIZE,
            EASEL_ANIMATION_VALUE_RECT,
            EASEL_ANIMATION_VALUE_COLOR,
            EASEL_ANIMATION_VALUE_TRANSFORM,
            EASEL_LAYER_ANIMATION_BASIC,
            EASEL_LAYER_ANIMATION_KEYFRAMES,
            EASEL_LAYER_ANIMATION_PATH,
            EASEL_FILL_MODE_REMOVED,
            EASEL_FILL_MODE_FORWARDS,
            EASEL_FILL_MODE_BACKWARDS,
            EASEL_FILL_MODE_BOTH,
            EASEL_CALCULATION_LINEAR,
            EASEL_CALCULATION_DISCRETE,
            EASEL_CALCULATION_PACED,
            EASEL_LAYER_ANIMATION_HAS_FROM,
            EASEL_LAYER_ANIMATION_HAS_TO,
            EASEL_LAYER_ANIMATION_HAS_BY,
            EASEL_LAYER_ANIMATION_AUTOREVERSES,
            EASEL_LAYER_ANIMATION_ADDITIVE,
            EASEL_LAYER_ANIMATION_KEEP_ON_COMPLETION,
            EASEL_LAYER_ANIMATION_HAS_TIMING_FUNCTION,
            EASEL_PATH_MOVE_TO,
            EASEL_PATH_LINE_TO,
            EASEL_PATH_QUAD_CURVE_TO,
            EASEL_PATH_CURVE_TO,
            EASEL_PATH_CLOSE,
            EASEL_LAYOUT_API_V1_SIZE,
            EASEL_LAYOUT_API_STACK_SIZE,
            EASEL_LAYOUT_ATTRIBUTE_NOT_AN_ATTRIBUTE,
            EASEL_LAYOUT_ATTRIBUTE_LEFT,
            EASEL_LAYOUT_ATTRIBUTE_RIGHT,
            EASEL_LAYOUT_ATTRIBUTE_TOP,
            EASEL_LAYOUT_ATTRIBUTE_BOTTOM,
            EASEL_LAYOUT_ATTRIBUTE_LEADING,
            EASEL_LAYOUT_ATTRIBUTE_TRAILING,
            EASEL_LAYOUT_ATTRIBUTE_WIDTH,
            EASEL_LAYOUT_ATTRIBUTE_HEIGHT,
            EASEL_LAYOUT_ATTRIBUTE_CENTER_X,
            EASEL_LAYOUT_ATTRIBUTE_CENTER_Y,
            EASEL_LAYOUT_ATTRIBUTE_LAST_BASELINE,
            EASEL_LAYOUT_ATTRIBUTE_FIRST_BASELINE,
            EASEL_LAYOUT_RELATION_LESS_THAN_OR_EQUAL,
            EASEL_LAYOUT_RELATION_EQUAL,
            EASEL_LAYOUT_RELATION_GREATER_THAN_OR_EQUAL,
            EASEL_LAYOUT_AXIS_HORIZONTAL,
            EASEL_LAYOUT_AXIS_VERTICAL,
            EASEL_LAYOUT_PRIORITY_REQUIRED,
            EASEL_LAYOUT_PRIORITY_DEFAULT_HIGH,
            EASEL_LAYOUT_PRIORITY_DEFAULT_LOW,
            EASEL_LAYOUT_PRIORITY_FITTING_SIZE_LEVEL,
    )
}

/// Every string constant Rust mirrors, without its NUL.
fn rust_strings() -> Vec<(&'static str, String)> {
    macro_rules! strings {
        ($($name:ident),* $(,)?) => {
            vec![$((stringify!($name), {
                assert_eq!($name.last(), Some(&0), "{} is not NUL-terminated", stringify!($name));
                String::from_utf8($name[..$name.len() - 1].to_vec()).expect("UTF-8")
            })),*]
        };
    }
    strings!(
            EASEL_PLUGIN_ENTRY_SYMBOL,
            EASEL_ENCODE_POINT,
            EASEL_ENCODE_SIZE,
            EASEL_ENCODE_RECT,
            EASEL_ENCODE_TRANSFORM,
            EASEL_ENCODE_COLOR,
            EASEL_ENCODE_CONTEXT,
            EASEL_ENCODE_STRING,
            EASEL_ENCODE_POINT_ARRAY,
            EASEL_ENCODE_STRING_ARRAY,
            EASEL_PAINT_EXTENSION_ID,
            EASEL_TEXT_EXTENSION_ID,
            EASEL_IMAGE_EXTENSION_V1,
            EASEL_LAYER_EXTENSION_ID,
            EASEL_PLUGIN_METADATA_SYMBOL,
            EASEL_GESTURE_EXTENSION_ID,
            EASEL_ANIMATION_EXTENSION_ID,
            EASEL_LAYOUT_EXTENSION_ID,
    )
}

fn include_dir() -> PathBuf {
    match std::env::var_os("EASEL_INCLUDE") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../Sources/EaselABI/include"),
    }
}

/// The names of the pinned groups in easel_abi_pins.h: `EASEL_ABI` for EASEL_ABI_PINNED_STRUCTS, ...
fn pinned_groups(pins: &str) -> Vec<String> {
    pins.lines()
        .filter_map(|line| line.strip_prefix("#define "))
        .filter_map(|rest| rest.split('(').next())
        .filter_map(|name| name.strip_suffix("_PINNED_STRUCTS"))
        .map(str::to_string)
        .collect()
}

/// The C program: one line per struct ("struct NAME SIZE"), field ("field NAME.FIELD OFFSET"),
/// integer ("int NAME VALUE") and string ("string NAME VALUE").
fn c_program(groups: &[String]) -> String {
    let mut c = String::from("#include <stdio.h>\n#include \"easel.h\"\n#include \"easel_abi_pins.h\"\n");
    c += "#define S(type, size) printf(\"struct %s %zu\\n\", #type, sizeof(type));\n";
    c += "#define F(type, field, offset) printf(\"field %s.%s %zu\\n\", #type, #field, offsetof(type, field));\n";
    c += "int main(void) {\n";
    for group in groups {
        c += &format!("    printf(\"group {0}\\n\");\n    {0}_PINNED_STRUCTS(S)\n    {0}_PINNED_FIELDS(F)\n", group);
    }
    for (name, _) in rust_integers() {
        c += &format!("    printf(\"int %s %lld\\n\", \"{0}\", (long long)({0}));\n", name);
    }
    for (name, _) in rust_strings() {
        c += &format!("    printf(\"string %s %s\\n\", \"{0}\", {0});\n", name);
    }
    c += "    return 0;\n}\n";
    c
}

/// Every `EASEL_*` constant easel.h defines: `#define EASEL_X <number or string>` and enum members.
fn header_constants(header: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_enum = false;
    for line in header.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("#define EASEL_") {
            let mut parts = rest.splitn(2, char::is_whitespace);
            let name = parts.next().unwrap_or("");
            let value = parts.next().unwrap_or("").trim();
            if !name.contains('(') && (value.starts_with('"') || value.chars().next().map_or(false, |c| c.is_ascii_digit())) {
                names.push(format!("EASEL_{}", name));
            }
            continue;
        }
        if line.starts_with("enum {") {
            in_enum = true;
        }
        if in_enum {
            let body = line.trim_start_matches("enum {");
            for item in body.split(',') {
                let item = item.trim();
                if let Some((name, _)) = item.split_once('=') {
                    let name = name.trim();
                    if name.starts_with("EASEL_") && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                        names.push(name.to_string());
                    }
                }
            }
            if line.contains('}') {
                in_enum = false;
            }
        }
    }
    names
}

/// What the check found: the disagreements, and how many structs and integers were compared.
struct Report {
    errors: Vec<String>,
    structs: usize,
    integers: usize,
}

/// Compares the crate with the header in `include` (a folder with easel.h and easel_abi_pins.h).
fn check(include: &Path) -> Report {
    let pins = std::fs::read_to_string(include.join("easel_abi_pins.h"))
        .unwrap_or_else(|error| panic!("cannot read {}: {}", include.join("easel_abi_pins.h").display(), error));
    let header = std::fs::read_to_string(include.join("easel.h")).expect("easel.h");
    let groups = pinned_groups(&pins);
    assert!(groups.iter().any(|group| group == "EASEL_ABI"), "no EASEL_ABI_PINNED_STRUCTS in easel_abi_pins.h");

    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run_number = RUNS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let work = std::env::temp_dir().join(format!("easel-abi-layout-{}-{}", std::process::id(), run_number));
    std::fs::create_dir_all(&work).expect("temporary folder");
    let source = work.join("layout.c");
    let program = work.join("layout");
    std::fs::write(&source, c_program(&groups)).expect("write layout.c");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let build = Command::new(&cc)
        .args(["-std=c99", "-Wall", "-Werror", "-I"]).arg(include).arg(&source).arg("-o").arg(&program)
        .output()
        .unwrap_or_else(|error| panic!("cannot run {}: {}", cc, error));
    assert!(build.status.success(), "{} failed on the generated layout.c (a constant the crate mirrors is gone from easel.h?):\n{}",
            cc, String::from_utf8_lossy(&build.stderr));
    let run = Command::new(&program).output().expect("run the layout program");
    assert!(run.status.success());
    let _ = std::fs::remove_dir_all(&work);
    let output = String::from_utf8(run.stdout).expect("UTF-8");

    // What C says.
    let mut group = String::new();
    let mut c_sizes: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let mut c_fields: BTreeMap<String, Vec<(String, usize)>> = BTreeMap::new();
    let mut c_integers: BTreeMap<String, i128> = BTreeMap::new();
    let mut c_strings: BTreeMap<String, String> = BTreeMap::new();
    for line in output.lines() {
        let mut parts = line.splitn(3, ' ');
        let (kind, name, value) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        match kind {
            "group" => group = name.to_string(),
            "struct" => {
                c_sizes.insert(name.to_string(), (value.parse().expect("size"), group.clone()));
            }
            "field" => {
                let (type_name, field) = name.split_once('.').expect("TYPE.FIELD");
                c_fields.entry(type_name.to_string()).or_default().push((field.to_string(), value.parse().expect("offset")));
            }
            "int" => {
                c_integers.insert(name.to_string(), value.parse().expect("integer"));
            }
            "string" => {
                c_strings.insert(name.to_string(), value.to_string());
            }
            _ => panic!("unexpected line from the layout program: {}", line),
        }
    }

    let mut errors: Vec<String> = Vec::new();
    let rust = rust_structs();
    for (name, size, fields) in &rust {
        let c_list = c_fields.get(*name).cloned().unwrap_or_default();
        let c_size = match c_sizes.get(*name) {
            Some((c_size, _)) => *c_size,
            None => {
                if *name != "easel_rect_alignment_probe" {
                    errors.push(format!("{}: mirrored in Rust but not pinned in easel_abi_pins.h", name));
                }
                continue;
            }
        };
        for (index, (field, offset)) in fields.iter().enumerate() {
            match c_list.get(index) {
                Some((c_field, c_offset)) if c_field == field && c_offset == offset => {}
                Some((c_field, c_offset)) => errors.push(format!(
                    "{}: Rust field {} `{}` at offset {}, easel.h has `{}` at offset {}",
                    name, index, field, offset, c_field, c_offset)),
                None => errors.push(format!("{}: Rust has field `{}` at offset {}, easel.h has no field {}", name, field, offset, index)),
            }
        }
        if fields.len() < c_list.len() {
            // Also a table that grew at its end: mirror the new slots in src/sys.rs.
            let missing: Vec<&str> = c_list[fields.len()..].iter().map(|(field, _)| field.as_str()).collect();
            errors.push(format!("{}: easel.h has {} more fields or slots at its end ({}), which Rust lacks; Rust's struct is {} bytes, C's {}",
                                name, missing.len(), missing.join(", "), size, c_size));
        } else if *size != c_size {
            errors.push(format!("{}: size {} in Rust, {} in easel.h", name, size, c_size));
        }
    }
    for (name, (_, group)) in &c_sizes {
        if !rust.iter().any(|(rust_name, _, _)| rust_name == name) {
            errors.push(format!("{}: pinned in easel.h ({}) but not mirrored in Rust", name, group));
        }
    }
    for (name, value) in rust_integers() {
        if c_integers.get(name) != Some(&value) {
            errors.push(format!("{} is {} in Rust, {:?} in easel.h", name, value, c_integers.get(name)));
        }
    }
    for (name, value) in rust_strings() {
        if c_strings.get(name) != Some(&value) {
            errors.push(format!("{} is {:?} in Rust, {:?} in easel.h", name, value, c_strings.get(name)));
        }
    }
    let mirrored: Vec<&str> = rust_integers().iter().map(|(name, _)| *name).chain(rust_strings().iter().map(|(name, _)| *name)).collect();
    for name in header_constants(&header) {
        if !mirrored.contains(&name.as_str()) {
            errors.push(format!("{}: defined in easel.h but not mirrored in Rust", name));
        }
    }
    Report { errors, structs: rust.len(), integers: c_integers.len() }
}

#[test]
fn every_size_offset_and_constant_matches_easel_h() {
    let report = check(&include_dir());
    assert!(report.errors.is_empty(), "easel-abi disagrees with easel.h:\n{}", report.errors.join("\n"));
    assert!(report.structs >= 30 && report.integers >= 180,
            "too little was compared: {} structs, {} integers", report.structs, report.integers);
}

/// A copy of the header folder with `edit` applied to easel.h and `edit_pins` to easel_abi_pins.h.
fn tampered(label: &str, edit: impl Fn(&str) -> String, edit_pins: impl Fn(&str) -> String) -> PathBuf {
    let folder = std::env::temp_dir().join(format!("easel-abi-tampered-{}-{}", label, std::process::id()));
    std::fs::create_dir_all(&folder).expect("temporary folder");
    let include = include_dir();
    for name in ["easel.h", "easel_abi_pins.h", "easel_util.h"] {
        let text = std::fs::read_to_string(include.join(name)).expect(name);
        let text = match name {
            "easel.h" => edit(&text),
            "easel_abi_pins.h" => edit_pins(&text),
            _ => text,
        };
        std::fs::write(folder.join(name), text).expect("write the copy");
    }
    folder
}

#[test]
fn a_tampered_header_fails() {
    // A slot moved: remove_from_view after view in easel_gesture_api.
    let moved_line = "    int32_t (*remove_from_view)(easel_object *recognizer);\n";
    let anchor = "    easel_object *(*view)(const easel_object *recognizer);\n";
    let moved = tampered("moved", |text| {
        assert!(text.contains(moved_line) && text.contains(anchor), "the gesture table changed: update this test");
        text.replacen(moved_line, "", 1).replacen(anchor, &format!("{}{}", anchor, moved_line), 1)
    }, str::to_string);
    let report = check(&moved);
    assert!(report.errors.iter().any(|error| error.starts_with("easel_gesture_api: Rust field 4 `remove_from_view` at offset 24, easel.h has `remove_from_view` at offset 32")),
            "a moved slot was not caught: {:?}", report.errors);

    // A slot appended at the end of a table (with its pin), and a new constant: neither is mirrored yet.
    // The table's last slot and size are read from the pins, so the test follows the table as it grows.
    let pins = std::fs::read_to_string(include_dir().join("easel_abi_pins.h")).expect("easel_abi_pins.h");
    let last_slot = pins.lines().map(str::trim).filter(|line| line.starts_with("F(easel_layout_api, ")).last()
        .expect("easel_layout_api's pins").trim_end_matches(|c| c == '\\' || c == ' ').to_string();
    let size_pin = pins.lines().map(str::trim).find(|line| line.starts_with("S(easel_layout_api, "))
        .expect("easel_layout_api's size pin").trim_end_matches(|c| c == '\\' || c == ' ').to_string();
    let size: usize = size_pin.trim_start_matches("S(easel_layout_api, ").trim_end_matches(')').parse().expect("a size");
    let end = "} easel_layout_api;";
    let appended = tampered("appended", |text| {
        text.replacen(end, &format!("    int32_t (*appended_later)(easel_object *view);\n{}", end), 1)
            .replacen("#define EASEL_LAYOUT_API_V1_SIZE 264", &format!("#define EASEL_LAYOUT_API_V1_SIZE 264\n#define EASEL_LAYOUT_API_LATER_SIZE {}", size + 8), 1)
    }, |pins| pins.replacen(&last_slot, &format!("{} \\\n    F(easel_layout_api, appended_later, {})", last_slot, size), 1)
                   .replacen(&size_pin, &format!("S(easel_layout_api, {})", size + 8), 1));
    let report = check(&appended);
    assert!(report.errors.iter().any(|error| error.starts_with("easel_layout_api: easel.h has 1 more fields or slots at its end (appended_later)")),
            "an appended slot was not caught: {:?}", report.errors);
    assert!(report.errors.iter().any(|error| error == "EASEL_LAYOUT_API_LATER_SIZE: defined in easel.h but not mirrored in Rust"),
            "a new constant was not caught: {:?}", report.errors);
    let _ = std::fs::remove_dir_all(&moved);
    let _ = std::fs::remove_dir_all(&appended);
}
