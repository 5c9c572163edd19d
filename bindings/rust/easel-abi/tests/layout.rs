//! Checks this crate against `easel.h`: compiles a C program against the header, which prints
//! the size of every pinned struct, the offset of every field and function slot (the lists of
//! `easel_abi_pins.h`) and the value of every constant this crate mirrors, and compares each with
//! what Rust computes for `easel_abi::sys`. Fails on any disagreement, on a 2.0 struct the crate
//! lacks, and on a field the crate skipped or added (a skipped slot would make every later slot
//! call the wrong host function). A table that grew at its end (a newer minor) and extensions the
//! crate does not mirror yet are printed as notes.
//!
//! The header is `$EASEL_INCLUDE/easel.h`, by default `../../../Sources/EaselABI/include` from
//! this crate (its place in the Easel repository); the C compiler is `$CC`, by default `cc`.
#![allow(non_snake_case)]

use easel_abi::*;
use std::collections::BTreeMap;
use std::path::PathBuf;
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
        layout!(easel_layer_api { abi_version, struct_size, corner_radius, set_corner_radius, masked_corners, set_masked_corners, masks_to_bounds, set_masks_to_bounds, border_width, set_border_width, border_color, set_border_color, shadow_color, set_shadow_color, shadow_opacity, set_shadow_opacity, shadow_offset, set_shadow_offset, shadow_radius, set_shadow_radius, set_shadow_path_rect, set_shadow_path_ellipse, set_shadow_path_polygon, clear_shadow_path, has_shadow_path, opacity, set_opacity, anchor_point, set_anchor_point, position, set_position, z_position, set_z_position, hidden, set_hidden, background_color, set_background_color, allows_group_opacity, set_allows_group_opacity, convert_point_to_window, convert_point_from_window, convert_rect_to_window, convert_rect_from_window });
        layout!(easel_class_metadata { abi_version, struct_size, class_name, summary, preview_properties });
        layout!(easel_plugin_metadata { abi_version, struct_size, description, version, author, license, url, class_count, classes });
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
            EASEL_CORNER_ALL
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
            EASEL_PLUGIN_METADATA_SYMBOL
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

#[test]
fn every_size_offset_and_constant_matches_easel_h() {
    let include = include_dir();
    let pins = std::fs::read_to_string(include.join("easel_abi_pins.h"))
        .unwrap_or_else(|error| panic!("cannot read {}: {}", include.join("easel_abi_pins.h").display(), error));
    let header = std::fs::read_to_string(include.join("easel.h")).expect("easel.h");
    let groups = pinned_groups(&pins);
    assert!(groups.iter().any(|group| group == "EASEL_ABI"), "no EASEL_ABI_PINNED_STRUCTS in easel_abi_pins.h");

    let work = std::env::temp_dir().join(format!("easel-abi-layout-{}", std::process::id()));
    std::fs::create_dir_all(&work).expect("temporary folder");
    let source = work.join("layout.c");
    let program = work.join("layout");
    std::fs::write(&source, c_program(&groups)).expect("write layout.c");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let build = Command::new(&cc)
        .args(["-std=c99", "-Wall", "-Werror", "-I"]).arg(&include).arg(&source).arg("-o").arg(&program)
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
    let mut notes: Vec<String> = Vec::new();
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
        let grows = name.ends_with("_api") || name.ends_with("_api_v1");
        if fields.len() < c_list.len() {
            let missing: Vec<&str> = c_list[fields.len()..].iter().map(|(field, _)| field.as_str()).collect();
            if grows {
                notes.push(format!("{}: easel.h has {} more slots at its end ({}); Rust's table is {} bytes, C's {}",
                                   name, missing.len(), missing.join(", "), size, c_size));
            } else {
                errors.push(format!("{}: Rust lacks the fields {}", name, missing.join(", ")));
            }
        } else if *size != c_size {
            errors.push(format!("{}: size {} in Rust, {} in easel.h", name, size, c_size));
        }
    }
    for (name, (_, group)) in &c_sizes {
        if !rust.iter().any(|(rust_name, _, _)| rust_name == name) {
            let message = format!("{}: pinned in easel.h ({}) but not mirrored in Rust", name, group);
            if group == "EASEL_ABI" { errors.push(message) } else { notes.push(message) }
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
            notes.push(format!("{}: defined in easel.h but not mirrored in Rust", name));
        }
    }
    for note in &notes {
        eprintln!("note: {}", note);
    }
    assert!(errors.is_empty(), "easel-abi disagrees with easel.h:\n{}", errors.join("\n"));
    assert!(rust.len() >= 15 && c_integers.len() >= 100, "too little was compared: {} structs, {} integers", rust.len(), c_integers.len());
}
