//! The raw mirror of `easel.h` (Easel plugin ABI 2.0 and its extensions): every struct, table,
//! handle type and constant, under the header's own names, laid out as C lays them out.
//!
//! Nothing here is checked by the compiler against the header: `tests/layout.rs` compiles a C
//! program against `easel.h` and fails when any struct size, field or slot offset, or constant of
//! this module disagrees with it (run `cargo test --offline`; the Easel test suite runs it too).
//! Function-pointer slots are `Option<unsafe extern "C" fn(..)>`, the layout of a nullable C
//! function pointer. String constants are NUL-terminated byte strings, ready for C.
#![allow(non_camel_case_types, non_upper_case_globals)]

use std::os::raw::{c_char, c_void};

// ---- handles (opaque; owned by the host) ----

/// An object (Objective-C `id`, encoding "@").
#[repr(C)]
pub struct easel_object {
    _private: [u8; 0],
}
/// A class (Objective-C `Class`, encoding "#").
#[repr(C)]
pub struct easel_class {
    _private: [u8; 0],
}
/// What an `easel_sel` points to (interned by the host; compare selectors by pointer).
#[repr(C)]
pub struct easel_selector {
    _private: [u8; 0],
}
/// A drawing context (CGContextRef, encoding "^v").
#[repr(C)]
pub struct easel_context {
    _private: [u8; 0],
}
/// A gradient of easel.paint.v1.
#[repr(C)]
pub struct easel_gradient {
    _private: [u8; 0],
}
/// An image of easel.image.v1.
#[repr(C)]
pub struct easel_image {
    _private: [u8; 0],
}

/// A selector (Objective-C `SEL`, encoding ":").
pub type easel_sel = *const easel_selector;
/// A method implementation, stored as `void (*)(void)`; the host casts it to the signature its encoding describes.
pub type easel_imp = Option<unsafe extern "C" fn()>;
/// The entry point every plugin exports as `easel_plugin_entry_v2`.
pub type easel_plugin_entry_fn = Option<unsafe extern "C" fn(host: *const easel_host_api) -> *const easel_plugin_desc>;

// ---- constants ----

pub const EASEL_ABI_VERSION_MAJOR: u32 = 2;
pub const EASEL_ABI_VERSION_MINOR: u32 = 0;
pub const EASEL_PLUGIN_ENTRY_SYMBOL: &[u8] = b"easel_plugin_entry_v2\0";
pub const EASEL_ENCODE_POINT: &[u8] = b"{CGPoint=dd}\0";
pub const EASEL_ENCODE_SIZE: &[u8] = b"{CGSize=dd}\0";
pub const EASEL_ENCODE_RECT: &[u8] = b"{CGRect={CGPoint=dd}{CGSize=dd}}\0";
pub const EASEL_ENCODE_TRANSFORM: &[u8] = b"{CGAffineTransform=dddddd}\0";
pub const EASEL_ENCODE_COLOR: &[u8] = b"{EaselColor=dddd}\0";
pub const EASEL_ENCODE_CONTEXT: &[u8] = b"^v\0";
pub const EASEL_ENCODE_STRING: &[u8] = b"*\0";
pub const EASEL_ENCODE_POINT_ARRAY: &[u8] = b"{EaselPointArray=^{CGPoint=dd}Q}\0";
pub const EASEL_ENCODE_STRING_ARRAY: &[u8] = b"{EaselStringArray=^*Q}\0";
pub const EASEL_PAINT_EXTENSION_ID: &[u8] = b"easel.paint.v1\0";
pub const EASEL_TEXT_EXTENSION_ID: &[u8] = b"easel.text.v1\0";
pub const EASEL_IMAGE_EXTENSION_V1: &[u8] = b"easel.image.v1\0";
pub const EASEL_IMAGE_API_V1_SIZE: u32 = 56;
pub const EASEL_LAYER_EXTENSION_ID: &[u8] = b"easel.layer.v1\0";
pub const EASEL_LAYER_API_V1_SIZE: u32 = 336;
pub const EASEL_PLUGIN_METADATA_SYMBOL: &[u8] = b"easel_plugin_metadata_v2\0";
pub const EASEL_ABI_VERSION: u32 = (EASEL_ABI_VERSION_MAJOR << 16) | EASEL_ABI_VERSION_MINOR;
pub const EASEL_OK: i32 = 0;
pub const EASEL_ERROR_DOES_NOT_RESPOND: i32 = 1;
pub const EASEL_ERROR_NULL_ARGUMENT: i32 = 2;
pub const EASEL_ERROR_NOT_FOUND: i32 = 3;
pub const EASEL_ERROR_TYPE_MISMATCH: i32 = 4;
pub const EASEL_ERROR_BAD_SIGNATURE: i32 = 5;
pub const EASEL_ERROR_INVALID_OPERATION: i32 = 6;
pub const EASEL_PROPERTY_DESC_SIZE_2_0: u32 = 40;
pub const EASEL_METHOD_DESC_SIZE_2_0: u32 = 32;
pub const EASEL_CLASS_DESC_SIZE_2_0: u32 = 56;
pub const EASEL_LAYOUT_SIZE_2_0: u32 = 32;
pub const EASEL_PLUGIN_DESC_SIZE_2_0: u32 = 40;
pub const EASEL_GRAPHICS_API_SIZE_2_0: u32 = 272;
pub const EASEL_VIEW_API_SIZE_2_0: u32 = 280;
pub const EASEL_HOST_API_SIZE_2_0: u32 = 136;
pub const EASEL_FILL_NONZERO: i32 = 0;
pub const EASEL_FILL_EVEN_ODD: i32 = 1;
pub const EASEL_LINE_CAP_BUTT: i32 = 0;
pub const EASEL_LINE_CAP_ROUND: i32 = 1;
pub const EASEL_LINE_CAP_SQUARE: i32 = 2;
pub const EASEL_LINE_JOIN_MITER: i32 = 0;
pub const EASEL_LINE_JOIN_ROUND: i32 = 1;
pub const EASEL_LINE_JOIN_BEVEL: i32 = 2;
pub const EASEL_TOUCH_BEGAN: i32 = 0;
pub const EASEL_TOUCH_MOVED: i32 = 1;
pub const EASEL_TOUCH_STATIONARY: i32 = 2;
pub const EASEL_TOUCH_ENDED: i32 = 3;
pub const EASEL_TOUCH_CANCELLED: i32 = 4;
pub const EASEL_AUTORESIZE_NONE: u64 = 0;
pub const EASEL_AUTORESIZE_FLEXIBLE_LEFT_MARGIN: u64 = 1 << 0;
pub const EASEL_AUTORESIZE_FLEXIBLE_WIDTH: u64 = 1 << 1;
pub const EASEL_AUTORESIZE_FLEXIBLE_RIGHT_MARGIN: u64 = 1 << 2;
pub const EASEL_AUTORESIZE_FLEXIBLE_TOP_MARGIN: u64 = 1 << 3;
pub const EASEL_AUTORESIZE_FLEXIBLE_HEIGHT: u64 = 1 << 4;
pub const EASEL_AUTORESIZE_FLEXIBLE_BOTTOM_MARGIN: u64 = 1 << 5;
pub const EASEL_PATH_FILL: i32 = 0;
pub const EASEL_PATH_EO_FILL: i32 = 1;
pub const EASEL_PATH_STROKE: i32 = 2;
pub const EASEL_PATH_FILL_STROKE: i32 = 3;
pub const EASEL_PATH_EO_FILL_STROKE: i32 = 4;
pub const EASEL_GRADIENT_DRAWS_BEFORE_START: u32 = 1 << 0;
pub const EASEL_GRADIENT_DRAWS_AFTER_END: u32 = 1 << 1;
pub const EASEL_BLEND_NORMAL: i32 = 0;
pub const EASEL_BLEND_MULTIPLY: i32 = 1;
pub const EASEL_BLEND_SCREEN: i32 = 2;
pub const EASEL_BLEND_OVERLAY: i32 = 3;
pub const EASEL_BLEND_DARKEN: i32 = 4;
pub const EASEL_BLEND_LIGHTEN: i32 = 5;
pub const EASEL_BLEND_COLOR_DODGE: i32 = 6;
pub const EASEL_BLEND_COLOR_BURN: i32 = 7;
pub const EASEL_BLEND_SOFT_LIGHT: i32 = 8;
pub const EASEL_BLEND_HARD_LIGHT: i32 = 9;
pub const EASEL_BLEND_DIFFERENCE: i32 = 10;
pub const EASEL_BLEND_EXCLUSION: i32 = 11;
pub const EASEL_BLEND_HUE: i32 = 12;
pub const EASEL_BLEND_SATURATION: i32 = 13;
pub const EASEL_BLEND_COLOR: i32 = 14;
pub const EASEL_BLEND_LUMINOSITY: i32 = 15;
pub const EASEL_BLEND_CLEAR: i32 = 16;
pub const EASEL_BLEND_COPY: i32 = 17;
pub const EASEL_BLEND_SOURCE_IN: i32 = 18;
pub const EASEL_BLEND_SOURCE_OUT: i32 = 19;
pub const EASEL_BLEND_SOURCE_ATOP: i32 = 20;
pub const EASEL_BLEND_DESTINATION_OVER: i32 = 21;
pub const EASEL_BLEND_DESTINATION_IN: i32 = 22;
pub const EASEL_BLEND_DESTINATION_OUT: i32 = 23;
pub const EASEL_BLEND_DESTINATION_ATOP: i32 = 24;
pub const EASEL_BLEND_XOR: i32 = 25;
pub const EASEL_BLEND_PLUS_DARKER: i32 = 26;
pub const EASEL_BLEND_PLUS_LIGHTER: i32 = 27;
pub const EASEL_FONT_WEIGHT_THIN: i32 = 100;
pub const EASEL_FONT_WEIGHT_ULTRALIGHT: i32 = 200;
pub const EASEL_FONT_WEIGHT_LIGHT: i32 = 300;
pub const EASEL_FONT_WEIGHT_REGULAR: i32 = 400;
pub const EASEL_FONT_WEIGHT_MEDIUM: i32 = 500;
pub const EASEL_FONT_WEIGHT_SEMIBOLD: i32 = 600;
pub const EASEL_FONT_WEIGHT_BOLD: i32 = 700;
pub const EASEL_FONT_WEIGHT_HEAVY: i32 = 800;
pub const EASEL_FONT_WEIGHT_BLACK: i32 = 900;
pub const EASEL_FONT_STYLE_UNSET: i32 = 0;
pub const EASEL_FONT_STYLE_NORMAL: i32 = 1;
pub const EASEL_FONT_STYLE_ITALIC: i32 = 2;
pub const EASEL_FONT_STYLE_OBLIQUE: i32 = 3;
pub const EASEL_FONT_STRETCH_UNSET: i32 = 0;
pub const EASEL_FONT_STRETCH_ULTRA_CONDENSED: i32 = 1;
pub const EASEL_FONT_STRETCH_CONDENSED: i32 = 3;
pub const EASEL_FONT_STRETCH_NORMAL: i32 = 5;
pub const EASEL_FONT_STRETCH_EXPANDED: i32 = 7;
pub const EASEL_FONT_STRETCH_ULTRA_EXPANDED: i32 = 9;
pub const EASEL_TEXT_ALIGN_NATURAL: i32 = 0;
pub const EASEL_TEXT_ALIGN_LEFT: i32 = 1;
pub const EASEL_TEXT_ALIGN_CENTER: i32 = 2;
pub const EASEL_TEXT_ALIGN_RIGHT: i32 = 3;
pub const EASEL_TEXT_ALIGN_JUSTIFIED: i32 = 4;
pub const EASEL_LINE_BREAK_WORD: i32 = 0;
pub const EASEL_LINE_BREAK_CHAR: i32 = 1;
pub const EASEL_TRUNCATE_NONE: i32 = 0;
pub const EASEL_TRUNCATE_HEAD: i32 = 1;
pub const EASEL_TRUNCATE_MIDDLE: i32 = 2;
pub const EASEL_TRUNCATE_TAIL: i32 = 3;
pub const EASEL_TEXT_ATTR_COLOR: i32 = 1;
pub const EASEL_TEXT_ATTR_FONT: i32 = 2;
pub const EASEL_TEXT_ATTR_UNDERLINE: i32 = 3;
pub const EASEL_TEXT_ATTR_STRIKETHROUGH: i32 = 4;
pub const EASEL_TEXT_ATTR_BASELINE_OFFSET: i32 = 5;
pub const EASEL_INTERPOLATION_DEFAULT: i32 = 0;
pub const EASEL_INTERPOLATION_NONE: i32 = 1;
pub const EASEL_INTERPOLATION_LOW: i32 = 2;
pub const EASEL_INTERPOLATION_HIGH: i32 = 3;
pub const EASEL_INTERPOLATION_MEDIUM: i32 = 4;
pub const EASEL_CORNER_MIN_X_MIN_Y: u32 = 1 << 0;
pub const EASEL_CORNER_MAX_X_MIN_Y: u32 = 1 << 1;
pub const EASEL_CORNER_MIN_X_MAX_Y: u32 = 1 << 2;
pub const EASEL_CORNER_MAX_X_MAX_Y: u32 = 1 << 3;
pub const EASEL_CORNER_ALL: u32 = 15;

// ---- structs and tables ----

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct easel_point {
    pub x: f64,
    pub y: f64,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct easel_size {
    pub width: f64,
    pub height: f64,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct easel_rect {
    pub origin: easel_point,
    pub size: easel_size,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct easel_affine_transform {
    pub a: f64,
    pub b: f64,
    pub c: f64,
    pub d: f64,
    pub tx: f64,
    pub ty: f64,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct easel_color {
    pub red: f64,
    pub green: f64,
    pub blue: f64,
    pub alpha: f64,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_point_array {
    pub points: *const easel_point,
    pub count: u64,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_string_array {
    pub strings: *const *const c_char,
    pub count: u64,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_property_desc {
    pub abi_version: u32,
    pub struct_size: u32,
    pub name: *const c_char,
    pub type_encoding: *const c_char,
    pub offset: u64,
    pub default_value: *const c_void,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_method_desc {
    pub abi_version: u32,
    pub struct_size: u32,
    pub selector: *const c_char,
    pub type_encoding: *const c_char,
    pub imp: easel_imp,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_class_desc {
    pub abi_version: u32,
    pub struct_size: u32,
    pub name: *const c_char,
    pub superclass_name: *const c_char,
    pub instance_size: u64,
    pub property_count: u32,
    pub method_count: u32,
    pub properties: *const easel_property_desc,
    pub methods: *const easel_method_desc,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_layout {
    pub abi_version: u32,
    pub struct_size: u32,
    pub point_size: u32,
    pub size_size: u32,
    pub rect_size: u32,
    pub transform_size: u32,
    pub color_size: u32,
    pub rect_alignment: u32,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_rect_alignment_probe {
    pub first: c_char,
    pub rect: easel_rect,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_plugin_desc {
    pub abi_version: u32,
    pub struct_size: u32,
    pub name: *const c_char,
    pub layout: *const easel_layout,
    pub class_count: u32,
    pub classes: *const easel_class_desc,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_graphics_api {
    pub abi_version: u32,
    pub struct_size: u32,
    pub current_context: Option<unsafe extern "C" fn() -> *mut easel_context>,
    pub save_state: Option<unsafe extern "C" fn(ctx: *mut easel_context)>,
    pub restore_state: Option<unsafe extern "C" fn(ctx: *mut easel_context)>,
    pub translate: Option<unsafe extern "C" fn(ctx: *mut easel_context, tx: f64, ty: f64)>,
    pub scale: Option<unsafe extern "C" fn(ctx: *mut easel_context, sx: f64, sy: f64)>,
    pub rotate: Option<unsafe extern "C" fn(ctx: *mut easel_context, radians: f64)>,
    pub concat_ctm: Option<unsafe extern "C" fn(ctx: *mut easel_context, transform: easel_affine_transform)>,
    pub get_ctm: Option<unsafe extern "C" fn(ctx: *mut easel_context) -> easel_affine_transform>,
    pub begin_path: Option<unsafe extern "C" fn(ctx: *mut easel_context)>,
    pub move_to: Option<unsafe extern "C" fn(ctx: *mut easel_context, x: f64, y: f64)>,
    pub add_line_to: Option<unsafe extern "C" fn(ctx: *mut easel_context, x: f64, y: f64)>,
    pub add_quad_curve_to: Option<unsafe extern "C" fn(ctx: *mut easel_context, cpx: f64, cpy: f64, x: f64, y: f64)>,
    pub add_curve_to: Option<unsafe extern "C" fn(ctx: *mut easel_context, cp1x: f64, cp1y: f64, cp2x: f64, cp2y: f64, x: f64, y: f64)>,
    pub add_arc: Option<unsafe extern "C" fn(ctx: *mut easel_context, x: f64, y: f64, radius: f64, start_angle: f64, end_angle: f64, clockwise: i32)>,
    pub add_rect: Option<unsafe extern "C" fn(ctx: *mut easel_context, rect: easel_rect)>,
    pub add_ellipse_in_rect: Option<unsafe extern "C" fn(ctx: *mut easel_context, rect: easel_rect)>,
    pub close_path: Option<unsafe extern "C" fn(ctx: *mut easel_context)>,
    pub fill_path: Option<unsafe extern "C" fn(ctx: *mut easel_context, rule: i32)>,
    pub stroke_path: Option<unsafe extern "C" fn(ctx: *mut easel_context)>,
    pub clip: Option<unsafe extern "C" fn(ctx: *mut easel_context, rule: i32)>,
    pub fill_rect: Option<unsafe extern "C" fn(ctx: *mut easel_context, rect: easel_rect)>,
    pub stroke_rect: Option<unsafe extern "C" fn(ctx: *mut easel_context, rect: easel_rect)>,
    pub clear_rect: Option<unsafe extern "C" fn(ctx: *mut easel_context, rect: easel_rect)>,
    pub set_fill_color: Option<unsafe extern "C" fn(ctx: *mut easel_context, color: easel_color)>,
    pub set_stroke_color: Option<unsafe extern "C" fn(ctx: *mut easel_context, color: easel_color)>,
    pub set_alpha: Option<unsafe extern "C" fn(ctx: *mut easel_context, alpha: f64)>,
    pub set_line_width: Option<unsafe extern "C" fn(ctx: *mut easel_context, width: f64)>,
    pub set_line_cap: Option<unsafe extern "C" fn(ctx: *mut easel_context, cap: i32)>,
    pub set_line_join: Option<unsafe extern "C" fn(ctx: *mut easel_context, join: i32)>,
    pub set_line_dash: Option<unsafe extern "C" fn(ctx: *mut easel_context, phase: f64, lengths: *const f64, count: u32)>,
    pub set_font: Option<unsafe extern "C" fn(ctx: *mut easel_context, family: *const c_char, size: f64)>,
    pub show_text: Option<unsafe extern "C" fn(ctx: *mut easel_context, utf8: *const c_char, x: f64, y: f64)>,
    pub measure_text: Option<unsafe extern "C" fn(ctx: *mut easel_context, utf8: *const c_char) -> easel_size>,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_view_api {
    pub abi_version: u32,
    pub struct_size: u32,
    pub create: Option<unsafe extern "C" fn(class_name: *const c_char, frame: easel_rect) -> *mut easel_object>,
    pub superview: Option<unsafe extern "C" fn(view: *mut easel_object) -> *mut easel_object>,
    pub subview_count: Option<unsafe extern "C" fn(view: *mut easel_object) -> u32>,
    pub subview_at: Option<unsafe extern "C" fn(view: *mut easel_object, index: u32) -> *mut easel_object>,
    pub add_subview: Option<unsafe extern "C" fn(view: *mut easel_object, subview: *mut easel_object) -> i32>,
    pub insert_subview_at: Option<unsafe extern "C" fn(view: *mut easel_object, subview: *mut easel_object, index: u32) -> i32>,
    pub insert_subview_above: Option<unsafe extern "C" fn(view: *mut easel_object, subview: *mut easel_object, sibling: *mut easel_object) -> i32>,
    pub insert_subview_below: Option<unsafe extern "C" fn(view: *mut easel_object, subview: *mut easel_object, sibling: *mut easel_object) -> i32>,
    pub exchange_subviews: Option<unsafe extern "C" fn(view: *mut easel_object, first: u32, second: u32) -> i32>,
    pub bring_subview_to_front: Option<unsafe extern "C" fn(view: *mut easel_object, subview: *mut easel_object) -> i32>,
    pub send_subview_to_back: Option<unsafe extern "C" fn(view: *mut easel_object, subview: *mut easel_object) -> i32>,
    pub remove_from_superview: Option<unsafe extern "C" fn(view: *mut easel_object)>,
    pub is_descendant_of: Option<unsafe extern "C" fn(view: *mut easel_object, ancestor: *mut easel_object) -> i32>,
    pub view_with_tag: Option<unsafe extern "C" fn(view: *mut easel_object, tag: i64) -> *mut easel_object>,
    pub bounds: Option<unsafe extern "C" fn(view: *mut easel_object) -> easel_rect>,
    pub frame: Option<unsafe extern "C" fn(view: *mut easel_object) -> easel_rect>,
    pub set_frame: Option<unsafe extern "C" fn(view: *mut easel_object, frame: easel_rect)>,
    pub convert_point: Option<unsafe extern "C" fn(point: easel_point, from: *mut easel_object, to: *mut easel_object) -> easel_point>,
    pub convert_rect: Option<unsafe extern "C" fn(rect: easel_rect, from: *mut easel_object, to: *mut easel_object) -> easel_rect>,
    pub set_needs_display: Option<unsafe extern "C" fn(view: *mut easel_object)>,
    pub set_needs_display_in_rect: Option<unsafe extern "C" fn(view: *mut easel_object, rect: easel_rect)>,
    pub set_needs_layout: Option<unsafe extern "C" fn(view: *mut easel_object)>,
    pub layout_if_needed: Option<unsafe extern "C" fn(view: *mut easel_object)>,
    pub size_that_fits: Option<unsafe extern "C" fn(view: *mut easel_object, size: easel_size) -> easel_size>,
    pub size_to_fit: Option<unsafe extern "C" fn(view: *mut easel_object)>,
    pub add_overlay: Option<unsafe extern "C" fn(host: *mut easel_object, selector: easel_sel) -> *mut easel_object>,
    pub set_delegate: Option<unsafe extern "C" fn(view: *mut easel_object, delegate: *mut easel_object) -> i32>,
    pub delegate: Option<unsafe extern "C" fn(view: *mut easel_object) -> *mut easel_object>,
    pub flip_context: Option<unsafe extern "C" fn(view: *mut easel_object, ctx: *mut easel_context)>,
    pub hit_test: Option<unsafe extern "C" fn(view: *mut easel_object, point: easel_point) -> *mut easel_object>,
    pub touch_location: Option<unsafe extern "C" fn(touch: *mut easel_object, view: *mut easel_object) -> easel_point>,
    pub touch_previous_location: Option<unsafe extern "C" fn(touch: *mut easel_object, view: *mut easel_object) -> easel_point>,
    pub touch_phase: Option<unsafe extern "C" fn(touch: *mut easel_object) -> i32>,
    pub touch_view: Option<unsafe extern "C" fn(touch: *mut easel_object) -> *mut easel_object>,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_host_api {
    pub abi_version: u32,
    pub struct_size: u32,
    pub sel_register: Option<unsafe extern "C" fn(name: *const c_char) -> easel_sel>,
    pub sel_name: Option<unsafe extern "C" fn(sel: easel_sel) -> *const c_char>,
    pub class_named: Option<unsafe extern "C" fn(name: *const c_char) -> *mut easel_class>,
    pub object_class: Option<unsafe extern "C" fn(object: *mut easel_object) -> *mut easel_class>,
    pub class_name: Option<unsafe extern "C" fn(cls: *mut easel_class) -> *const c_char>,
    pub class_responds_to: Option<unsafe extern "C" fn(cls: *mut easel_class, sel: easel_sel) -> i32>,
    pub object_create: Option<unsafe extern "C" fn(class_name: *const c_char) -> *mut easel_object>,
    pub object_storage: Option<unsafe extern "C" fn(object: *mut easel_object, cls: *mut easel_class) -> *mut c_void>,
    pub msg_send: Option<unsafe extern "C" fn(receiver: *mut easel_object, sel: easel_sel, result: *mut c_void, args: *const *mut c_void) -> i32>,
    pub msg_send_super: Option<unsafe extern "C" fn(receiver: *mut easel_object, cls: *mut easel_class, sel: easel_sel, result: *mut c_void, args: *const *mut c_void) -> i32>,
    pub property_get: Option<unsafe extern "C" fn(object: *mut easel_object, name: *const c_char, value: *mut c_void) -> i32>,
    pub property_set: Option<unsafe extern "C" fn(object: *mut easel_object, name: *const c_char, value: *const c_void) -> i32>,
    pub log: Option<unsafe extern "C" fn(object: *mut easel_object, message: *const c_char)>,
    pub graphics: *const easel_graphics_api,
    pub views: *const easel_view_api,
    pub get_extension: Option<unsafe extern "C" fn(id: *const c_char) -> *const c_void>,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_paint_api {
    pub abi_version: u32,
    pub struct_size: u32,
    pub clip_to_rect: Option<unsafe extern "C" fn(ctx: *mut easel_context, rect: easel_rect)>,
    pub clip_to_rects: Option<unsafe extern "C" fn(ctx: *mut easel_context, rects: *const easel_rect, count: u32)>,
    pub clip_bounding_box: Option<unsafe extern "C" fn(ctx: *mut easel_context) -> easel_rect>,
    pub add_arc_to_point: Option<unsafe extern "C" fn(ctx: *mut easel_context, x1: f64, y1: f64, x2: f64, y2: f64, radius: f64)>,
    pub add_rounded_rect: Option<unsafe extern "C" fn(ctx: *mut easel_context, rect: easel_rect, top_left: f64, top_right: f64, bottom_right: f64, bottom_left: f64)>,
    pub current_point: Option<unsafe extern "C" fn(ctx: *mut easel_context, point: *mut easel_point) -> i32>,
    pub path_bounding_box: Option<unsafe extern "C" fn(ctx: *mut easel_context) -> easel_rect>,
    pub path_contains_point: Option<unsafe extern "C" fn(ctx: *mut easel_context, point: easel_point, mode: i32) -> i32>,
    pub draw_path: Option<unsafe extern "C" fn(ctx: *mut easel_context, mode: i32)>,
    pub set_miter_limit: Option<unsafe extern "C" fn(ctx: *mut easel_context, limit: f64)>,
    pub set_should_antialias: Option<unsafe extern "C" fn(ctx: *mut easel_context, antialias: i32)>,
    pub gradient_create: Option<unsafe extern "C" fn(colors: *const easel_color, locations: *const f64, count: u32) -> *mut easel_gradient>,
    pub gradient_release: Option<unsafe extern "C" fn(gradient: *mut easel_gradient)>,
    pub draw_linear_gradient: Option<unsafe extern "C" fn(ctx: *mut easel_context, gradient: *const easel_gradient, start: easel_point, end: easel_point, options: u32)>,
    pub draw_radial_gradient: Option<unsafe extern "C" fn(ctx: *mut easel_context, gradient: *const easel_gradient, start_center: easel_point, start_radius: f64, end_center: easel_point, end_radius: f64, options: u32)>,
    pub set_blend_mode: Option<unsafe extern "C" fn(ctx: *mut easel_context, mode: i32)>,
    pub begin_transparency_layer: Option<unsafe extern "C" fn(ctx: *mut easel_context)>,
    pub end_transparency_layer: Option<unsafe extern "C" fn(ctx: *mut easel_context)>,
    pub set_shadow: Option<unsafe extern "C" fn(ctx: *mut easel_context, offset: easel_size, blur: f64, color: easel_color)>,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_font_desc {
    pub abi_version: u32,
    pub struct_size: u32,
    pub description: *const c_char,
    pub family: *const c_char,
    pub size: f64,
    pub weight: i32,
    pub style: i32,
    pub stretch: i32,
    pub reserved: i32,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct easel_font_metrics {
    pub ascent: f64,
    pub descent: f64,
    pub line_height: f64,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_text_style {
    pub abi_version: u32,
    pub struct_size: u32,
    pub font: *const easel_font_desc,
    pub alignment: i32,
    pub line_break: i32,
    pub truncation: i32,
    pub max_lines: i32,
    pub line_spacing: f64,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_text_attribute {
    pub start: u32,
    pub end: u32,
    pub kind: i32,
    pub value: i32,
    pub color: easel_color,
    pub number: f64,
    pub font: *const easel_font_desc,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_text_api {
    pub abi_version: u32,
    pub struct_size: u32,
    pub set_font: Option<unsafe extern "C" fn(ctx: *mut easel_context, font: *const easel_font_desc)>,
    pub font_metrics: Option<unsafe extern "C" fn(ctx: *mut easel_context, font: *const easel_font_desc) -> easel_font_metrics>,
    pub draw_text_at: Option<unsafe extern "C" fn(ctx: *mut easel_context, utf8: *const c_char, length: i64, x: f64, y: f64, attributes: *const easel_text_attribute, attribute_count: u32)>,
    pub draw_text_in_rect: Option<unsafe extern "C" fn(ctx: *mut easel_context, utf8: *const c_char, length: i64, rect: easel_rect, style: *const easel_text_style, attributes: *const easel_text_attribute, attribute_count: u32)>,
    pub measure_text: Option<unsafe extern "C" fn(ctx: *mut easel_context, utf8: *const c_char, length: i64, width: f64, max_height: f64, style: *const easel_text_style, attributes: *const easel_text_attribute, attribute_count: u32) -> easel_size>,
    pub character_rect: Option<unsafe extern "C" fn(ctx: *mut easel_context, utf8: *const c_char, length: i64, rect: easel_rect, style: *const easel_text_style, attributes: *const easel_text_attribute, attribute_count: u32, start: u32, end: u32) -> easel_rect>,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_image_api_v1 {
    pub abi_version: u32,
    pub struct_size: u32,
    pub load_image: Option<unsafe extern "C" fn(path: *const c_char, out: *mut *mut easel_image, message: *mut c_char, message_size: u32) -> i32>,
    pub release_image: Option<unsafe extern "C" fn(image: *mut easel_image)>,
    pub image_size: Option<unsafe extern "C" fn(image: *const easel_image) -> easel_size>,
    pub image_scale: Option<unsafe extern "C" fn(image: *const easel_image) -> f64>,
    pub draw_image: Option<unsafe extern "C" fn(ctx: *mut easel_context, image: *const easel_image, rect: easel_rect)>,
    pub draw_image_part: Option<unsafe extern "C" fn(ctx: *mut easel_context, image: *const easel_image, part: easel_rect, rect: easel_rect)>,
    pub image_named: Option<unsafe extern "C" fn(owner: *const easel_object, name: *const c_char, out: *mut *mut easel_image, message: *mut c_char, message_size: u32) -> i32>,
    pub set_interpolation_quality: Option<unsafe extern "C" fn(ctx: *mut easel_context, quality: i32)>,
    pub interpolation_quality: Option<unsafe extern "C" fn(ctx: *mut easel_context) -> i32>,
    pub draw_tiled_image: Option<unsafe extern "C" fn(ctx: *mut easel_context, image: *const easel_image, tile: easel_rect, rect: easel_rect)>,
    pub clip_to_image_mask: Option<unsafe extern "C" fn(ctx: *mut easel_context, image: *const easel_image, rect: easel_rect)>,
    pub image_from_pixels: Option<unsafe extern "C" fn(pixels: *const c_void, width: u32, height: u32, stride: u32, scale: f64, out: *mut *mut easel_image, message: *mut c_char, message_size: u32) -> i32>,
    pub bitmap_context_create: Option<unsafe extern "C" fn(size: easel_size, scale: f64, opaque: i32, out: *mut *mut easel_context, message: *mut c_char, message_size: u32) -> i32>,
    pub image_from_bitmap_context: Option<unsafe extern "C" fn(ctx: *mut easel_context, out: *mut *mut easel_image, message: *mut c_char, message_size: u32) -> i32>,
    pub bitmap_context_release: Option<unsafe extern "C" fn(ctx: *mut easel_context)>,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_layer_api {
    pub abi_version: u32,
    pub struct_size: u32,
    pub corner_radius: Option<unsafe extern "C" fn(view: *const easel_object) -> f64>,
    pub set_corner_radius: Option<unsafe extern "C" fn(view: *mut easel_object, radius: f64) -> i32>,
    pub masked_corners: Option<unsafe extern "C" fn(view: *const easel_object) -> u32>,
    pub set_masked_corners: Option<unsafe extern "C" fn(view: *mut easel_object, corners: u32) -> i32>,
    pub masks_to_bounds: Option<unsafe extern "C" fn(view: *const easel_object) -> i32>,
    pub set_masks_to_bounds: Option<unsafe extern "C" fn(view: *mut easel_object, masks: i32) -> i32>,
    pub border_width: Option<unsafe extern "C" fn(view: *const easel_object) -> f64>,
    pub set_border_width: Option<unsafe extern "C" fn(view: *mut easel_object, width: f64) -> i32>,
    pub border_color: Option<unsafe extern "C" fn(view: *const easel_object) -> easel_color>,
    pub set_border_color: Option<unsafe extern "C" fn(view: *mut easel_object, color: easel_color) -> i32>,
    pub shadow_color: Option<unsafe extern "C" fn(view: *const easel_object) -> easel_color>,
    pub set_shadow_color: Option<unsafe extern "C" fn(view: *mut easel_object, color: easel_color) -> i32>,
    pub shadow_opacity: Option<unsafe extern "C" fn(view: *const easel_object) -> f64>,
    pub set_shadow_opacity: Option<unsafe extern "C" fn(view: *mut easel_object, opacity: f64) -> i32>,
    pub shadow_offset: Option<unsafe extern "C" fn(view: *const easel_object) -> easel_size>,
    pub set_shadow_offset: Option<unsafe extern "C" fn(view: *mut easel_object, offset: easel_size) -> i32>,
    pub shadow_radius: Option<unsafe extern "C" fn(view: *const easel_object) -> f64>,
    pub set_shadow_radius: Option<unsafe extern "C" fn(view: *mut easel_object, radius: f64) -> i32>,
    pub set_shadow_path_rect: Option<unsafe extern "C" fn(view: *mut easel_object, rect: easel_rect, corner_radius: f64) -> i32>,
    pub set_shadow_path_ellipse: Option<unsafe extern "C" fn(view: *mut easel_object, rect: easel_rect) -> i32>,
    pub set_shadow_path_polygon: Option<unsafe extern "C" fn(view: *mut easel_object, points: *const easel_point, count: u32) -> i32>,
    pub clear_shadow_path: Option<unsafe extern "C" fn(view: *mut easel_object) -> i32>,
    pub has_shadow_path: Option<unsafe extern "C" fn(view: *const easel_object) -> i32>,
    pub opacity: Option<unsafe extern "C" fn(view: *const easel_object) -> f64>,
    pub set_opacity: Option<unsafe extern "C" fn(view: *mut easel_object, opacity: f64) -> i32>,
    pub anchor_point: Option<unsafe extern "C" fn(view: *const easel_object) -> easel_point>,
    pub set_anchor_point: Option<unsafe extern "C" fn(view: *mut easel_object, anchor: easel_point) -> i32>,
    pub position: Option<unsafe extern "C" fn(view: *const easel_object) -> easel_point>,
    pub set_position: Option<unsafe extern "C" fn(view: *mut easel_object, position: easel_point) -> i32>,
    pub z_position: Option<unsafe extern "C" fn(view: *const easel_object) -> f64>,
    pub set_z_position: Option<unsafe extern "C" fn(view: *mut easel_object, z: f64) -> i32>,
    pub hidden: Option<unsafe extern "C" fn(view: *const easel_object) -> i32>,
    pub set_hidden: Option<unsafe extern "C" fn(view: *mut easel_object, hidden: i32) -> i32>,
    pub background_color: Option<unsafe extern "C" fn(view: *const easel_object) -> easel_color>,
    pub set_background_color: Option<unsafe extern "C" fn(view: *mut easel_object, color: easel_color) -> i32>,
    pub allows_group_opacity: Option<unsafe extern "C" fn(view: *const easel_object) -> i32>,
    pub set_allows_group_opacity: Option<unsafe extern "C" fn(view: *mut easel_object, allows: i32) -> i32>,
    pub convert_point_to_window: Option<unsafe extern "C" fn(view: *const easel_object, point: easel_point, window: *const easel_object) -> easel_point>,
    pub convert_point_from_window: Option<unsafe extern "C" fn(view: *const easel_object, point: easel_point, window: *const easel_object) -> easel_point>,
    pub convert_rect_to_window: Option<unsafe extern "C" fn(view: *const easel_object, rect: easel_rect, window: *const easel_object) -> easel_rect>,
    pub convert_rect_from_window: Option<unsafe extern "C" fn(view: *const easel_object, rect: easel_rect, window: *const easel_object) -> easel_rect>,
    // Since: easel.layer.v1 (size 424): standalone layers, contents, image views.
    pub create_layer: Option<unsafe extern "C" fn() -> *mut easel_object>,
    pub add_sublayer: Option<unsafe extern "C" fn(parent: *mut easel_object, sublayer: *mut easel_object) -> i32>,
    pub insert_sublayer_at: Option<unsafe extern "C" fn(parent: *mut easel_object, sublayer: *mut easel_object, index: u32) -> i32>,
    pub insert_sublayer_above: Option<unsafe extern "C" fn(parent: *mut easel_object, sublayer: *mut easel_object, sibling: *mut easel_object) -> i32>,
    pub insert_sublayer_below: Option<unsafe extern "C" fn(parent: *mut easel_object, sublayer: *mut easel_object, sibling: *mut easel_object) -> i32>,
    pub remove_from_superlayer: Option<unsafe extern "C" fn(layer: *mut easel_object) -> i32>,
    pub sublayer_count: Option<unsafe extern "C" fn(parent: *const easel_object) -> u32>,
    pub sublayer_at: Option<unsafe extern "C" fn(parent: *const easel_object, index: u32) -> *mut easel_object>,
    pub superlayer: Option<unsafe extern "C" fn(layer: *const easel_object) -> *mut easel_object>,
    pub set_contents: Option<unsafe extern "C" fn(layer: *mut easel_object, image: *const easel_image) -> i32>,
    pub set_image_view_image: Option<unsafe extern "C" fn(image_view: *mut easel_object, image: *const easel_image, highlighted: i32) -> i32>,
    // Since: easel.layer.v1 (size 456): content modes.
    pub content_mode: Option<unsafe extern "C" fn(view: *const easel_object) -> i32>,
    pub set_content_mode: Option<unsafe extern "C" fn(view: *mut easel_object, mode: i32) -> i32>,
    pub content_stretch: Option<unsafe extern "C" fn(view: *const easel_object) -> easel_rect>,
    pub set_content_stretch: Option<unsafe extern "C" fn(view: *mut easel_object, stretch: easel_rect) -> i32>,
}

/// What a class says about one of its properties: a description and, for an integer property,
/// the names of its values. Since: easel.metadata.v1 (class metadata size 48).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_property_metadata {
    pub abi_version: u32,
    pub struct_size: u32,
    pub property_name: *const c_char,
    pub description: *const c_char,
    pub enum_count: u32,
    pub reserved: u32,
    pub enum_names: *const *const c_char,
    pub enum_values: *const i64,
}

/// What one class says about itself (easel.metadata.v1).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_class_metadata {
    pub abi_version: u32,
    pub struct_size: u32,
    pub class_name: *const c_char,
    pub summary: *const c_char,
    pub preview_properties: *const c_char,
    /// Since: easel.metadata.v1 (class metadata size 48): the number of entries in `properties`.
    pub property_count: u32,
    /// Since: easel.metadata.v1 (class metadata size 48): descriptions and value names of properties.
    pub properties: *const easel_property_metadata,
}

/// What the plugin says about itself (easel.metadata.v1), returned by `easel_plugin_metadata_v2`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_plugin_metadata {
    pub abi_version: u32,
    pub struct_size: u32,
    pub description: *const c_char,
    pub version: *const c_char,
    pub author: *const c_char,
    pub license: *const c_char,
    pub url: *const c_char,
    pub class_count: u32,
    pub classes: *const easel_class_metadata,
}

/// The type of `easel_plugin_metadata_v2`.
pub type easel_plugin_metadata_fn = Option<unsafe extern "C" fn() -> *const easel_plugin_metadata>;

// ---- the extensions after easel.layer.v1: constants ----

pub const EASEL_LAYER_API_CONTENT_SIZE: u32 = 456;
pub const EASEL_GRAVITY_RESIZE: i32 = 0;
pub const EASEL_GRAVITY_RESIZE_ASPECT: i32 = 1;
pub const EASEL_GRAVITY_RESIZE_ASPECT_FILL: i32 = 2;
pub const EASEL_GRAVITY_CENTER: i32 = 3;
pub const EASEL_GRAVITY_TOP: i32 = 4;
pub const EASEL_GRAVITY_BOTTOM: i32 = 5;
pub const EASEL_GRAVITY_LEFT: i32 = 6;
pub const EASEL_GRAVITY_RIGHT: i32 = 7;
pub const EASEL_GRAVITY_TOP_LEFT: i32 = 8;
pub const EASEL_GRAVITY_TOP_RIGHT: i32 = 9;
pub const EASEL_GRAVITY_BOTTOM_LEFT: i32 = 10;
pub const EASEL_GRAVITY_BOTTOM_RIGHT: i32 = 11;
pub const EASEL_CONTENT_MODE_SCALE_TO_FILL: i32 = 0;
pub const EASEL_CONTENT_MODE_SCALE_ASPECT_FIT: i32 = 1;
pub const EASEL_CONTENT_MODE_SCALE_ASPECT_FILL: i32 = 2;
pub const EASEL_CONTENT_MODE_REDRAW: i32 = 3;
pub const EASEL_CONTENT_MODE_CENTER: i32 = 4;
pub const EASEL_CONTENT_MODE_TOP: i32 = 5;
pub const EASEL_CONTENT_MODE_BOTTOM: i32 = 6;
pub const EASEL_CONTENT_MODE_LEFT: i32 = 7;
pub const EASEL_CONTENT_MODE_RIGHT: i32 = 8;
pub const EASEL_CONTENT_MODE_TOP_LEFT: i32 = 9;
pub const EASEL_CONTENT_MODE_TOP_RIGHT: i32 = 10;
pub const EASEL_CONTENT_MODE_BOTTOM_LEFT: i32 = 11;
pub const EASEL_CONTENT_MODE_BOTTOM_RIGHT: i32 = 12;
pub const EASEL_GESTURE_EXTENSION_ID: &[u8] = b"easel.gesture.v1\0";
pub const EASEL_GESTURE_API_V1_SIZE: u32 = 232;
pub const EASEL_GESTURE_POSSIBLE: i32 = 0;
pub const EASEL_GESTURE_BEGAN: i32 = 1;
pub const EASEL_GESTURE_CHANGED: i32 = 2;
pub const EASEL_GESTURE_ENDED: i32 = 3;
pub const EASEL_GESTURE_RECOGNIZED: i32 = 3;
pub const EASEL_GESTURE_CANCELLED: i32 = 4;
pub const EASEL_GESTURE_FAILED: i32 = 5;
pub const EASEL_SWIPE_RIGHT: i32 = 1;
pub const EASEL_SWIPE_LEFT: i32 = 2;
pub const EASEL_SWIPE_UP: i32 = 4;
pub const EASEL_SWIPE_DOWN: i32 = 8;
pub const EASEL_CLASS_METADATA_V1_SIZE: u32 = 32;
pub const EASEL_CLASS_METADATA_PROPERTIES_SIZE: u32 = 48;
pub const EASEL_ANIMATION_EXTENSION_ID: &[u8] = b"easel.animation.v1\0";
pub const EASEL_ANIMATION_API_V1_SIZE: u32 = 88;
pub const EASEL_ANIMATION_OPTIONS_V1_SIZE: u32 = 80;
pub const EASEL_ANIMATION_CURVE_EASE_IN_OUT: i32 = 0;
pub const EASEL_ANIMATION_CURVE_EASE_IN: i32 = 1;
pub const EASEL_ANIMATION_CURVE_EASE_OUT: i32 = 2;
pub const EASEL_ANIMATION_CURVE_LINEAR: i32 = 3;
pub const EASEL_ANIMATION_CURVE_SPRING: i32 = 4;
pub const EASEL_ANIMATION_CURVE_BEZIER: i32 = 5;
pub const EASEL_ANIMATION_LAYOUT_SUBVIEWS: u32 = 1 << 0;
pub const EASEL_ANIMATION_ALLOW_USER_INTERACTION: u32 = 1 << 1;
pub const EASEL_ANIMATION_BEGIN_FROM_CURRENT_STATE: u32 = 1 << 2;
pub const EASEL_ANIMATION_REPEAT: u32 = 1 << 3;
pub const EASEL_ANIMATION_AUTOREVERSE: u32 = 1 << 4;
pub const EASEL_ANIMATION_API_LAYER_SIZE: u32 = 160;
pub const EASEL_LAYER_ANIMATION_SIZE: u32 = 288;
pub const EASEL_ANIMATION_SHOW_HIDE_TRANSITION_VIEWS: u32 = 1 << 8;
pub const EASEL_ANIMATION_TRANSITION_FLIP_FROM_LEFT: u32 = 1 << 20;
pub const EASEL_ANIMATION_TRANSITION_FLIP_FROM_RIGHT: u32 = 2 << 20;
pub const EASEL_ANIMATION_TRANSITION_CURL_UP: u32 = 3 << 20;
pub const EASEL_ANIMATION_TRANSITION_CURL_DOWN: u32 = 4 << 20;
pub const EASEL_ANIMATION_TRANSITION_CROSS_DISSOLVE: u32 = 5 << 20;
pub const EASEL_ANIMATION_TRANSITION_FLIP_FROM_TOP: u32 = 6 << 20;
pub const EASEL_ANIMATION_TRANSITION_FLIP_FROM_BOTTOM: u32 = 7 << 20;
pub const EASEL_ANIMATION_VALUE_NUMBER: i32 = 1;
pub const EASEL_ANIMATION_VALUE_POINT: i32 = 2;
pub const EASEL_ANIMATION_VALUE_SIZE: i32 = 3;
pub const EASEL_ANIMATION_VALUE_RECT: i32 = 4;
pub const EASEL_ANIMATION_VALUE_COLOR: i32 = 5;
pub const EASEL_ANIMATION_VALUE_TRANSFORM: i32 = 6;
pub const EASEL_LAYER_ANIMATION_BASIC: i32 = 0;
pub const EASEL_LAYER_ANIMATION_KEYFRAMES: i32 = 1;
pub const EASEL_LAYER_ANIMATION_PATH: i32 = 2;
pub const EASEL_FILL_MODE_REMOVED: i32 = 0;
pub const EASEL_FILL_MODE_FORWARDS: i32 = 1;
pub const EASEL_FILL_MODE_BACKWARDS: i32 = 2;
pub const EASEL_FILL_MODE_BOTH: i32 = 3;
pub const EASEL_CALCULATION_LINEAR: i32 = 0;
pub const EASEL_CALCULATION_DISCRETE: i32 = 1;
pub const EASEL_CALCULATION_PACED: i32 = 2;
pub const EASEL_LAYER_ANIMATION_HAS_FROM: u32 = 1 << 0;
pub const EASEL_LAYER_ANIMATION_HAS_TO: u32 = 1 << 1;
pub const EASEL_LAYER_ANIMATION_HAS_BY: u32 = 1 << 2;
pub const EASEL_LAYER_ANIMATION_AUTOREVERSES: u32 = 1 << 3;
pub const EASEL_LAYER_ANIMATION_ADDITIVE: u32 = 1 << 4;
pub const EASEL_LAYER_ANIMATION_KEEP_ON_COMPLETION: u32 = 1 << 5;
pub const EASEL_LAYER_ANIMATION_HAS_TIMING_FUNCTION: u32 = 1 << 6;
pub const EASEL_PATH_MOVE_TO: i32 = 0;
pub const EASEL_PATH_LINE_TO: i32 = 1;
pub const EASEL_PATH_QUAD_CURVE_TO: i32 = 2;
pub const EASEL_PATH_CURVE_TO: i32 = 3;
pub const EASEL_PATH_CLOSE: i32 = 4;
pub const EASEL_LAYOUT_EXTENSION_ID: &[u8] = b"easel.layout.v1\0";
pub const EASEL_LAYOUT_API_V1_SIZE: u32 = 264;
pub const EASEL_LAYOUT_API_STACK_SIZE: u32 = 296;
pub const EASEL_LAYOUT_ATTRIBUTE_NOT_AN_ATTRIBUTE: i32 = 0;
pub const EASEL_LAYOUT_ATTRIBUTE_LEFT: i32 = 1;
pub const EASEL_LAYOUT_ATTRIBUTE_RIGHT: i32 = 2;
pub const EASEL_LAYOUT_ATTRIBUTE_TOP: i32 = 3;
pub const EASEL_LAYOUT_ATTRIBUTE_BOTTOM: i32 = 4;
pub const EASEL_LAYOUT_ATTRIBUTE_LEADING: i32 = 5;
pub const EASEL_LAYOUT_ATTRIBUTE_TRAILING: i32 = 6;
pub const EASEL_LAYOUT_ATTRIBUTE_WIDTH: i32 = 7;
pub const EASEL_LAYOUT_ATTRIBUTE_HEIGHT: i32 = 8;
pub const EASEL_LAYOUT_ATTRIBUTE_CENTER_X: i32 = 9;
pub const EASEL_LAYOUT_ATTRIBUTE_CENTER_Y: i32 = 10;
pub const EASEL_LAYOUT_ATTRIBUTE_LAST_BASELINE: i32 = 11;
pub const EASEL_LAYOUT_ATTRIBUTE_FIRST_BASELINE: i32 = 12;
pub const EASEL_LAYOUT_RELATION_LESS_THAN_OR_EQUAL: i32 = -1;
pub const EASEL_LAYOUT_RELATION_EQUAL: i32 = 0;
pub const EASEL_LAYOUT_RELATION_GREATER_THAN_OR_EQUAL: i32 = 1;
pub const EASEL_LAYOUT_AXIS_HORIZONTAL: i32 = 0;
pub const EASEL_LAYOUT_AXIS_VERTICAL: i32 = 1;
pub const EASEL_LAYOUT_PRIORITY_REQUIRED: f64 = 1000.0;
pub const EASEL_LAYOUT_PRIORITY_DEFAULT_HIGH: f64 = 750.0;
pub const EASEL_LAYOUT_PRIORITY_DEFAULT_LOW: f64 = 250.0;
pub const EASEL_LAYOUT_PRIORITY_FITTING_SIZE_LEVEL: f64 = 50.0;

// ---- extension easel.gesture.v1 ----

/// The gesture extension's table: `host.get_extension(EASEL_GESTURE_EXTENSION_ID)`. Since: easel.gesture.v1.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_gesture_api {
    pub abi_version: u32,
    pub struct_size: u32,
    pub create: Option<unsafe extern "C" fn(class_name: *const c_char) -> *mut easel_object>,
    pub add_to_view: Option<unsafe extern "C" fn(recognizer: *mut easel_object, view: *mut easel_object) -> i32>,
    pub remove_from_view: Option<unsafe extern "C" fn(recognizer: *mut easel_object) -> i32>,
    pub view: Option<unsafe extern "C" fn(recognizer: *const easel_object) -> *mut easel_object>,
    pub add_target: Option<unsafe extern "C" fn(recognizer: *mut easel_object, target: *mut easel_object, action: easel_sel) -> i32>,
    pub require_to_fail: Option<unsafe extern "C" fn(recognizer: *mut easel_object, other: *mut easel_object) -> i32>,
    pub set_delegate: Option<unsafe extern "C" fn(recognizer: *mut easel_object, delegate: *mut easel_object) -> i32>,
    pub state: Option<unsafe extern "C" fn(recognizer: *const easel_object) -> i32>,
    pub set_state: Option<unsafe extern "C" fn(recognizer: *mut easel_object, state: i32) -> i32>,
    pub number_of_touches: Option<unsafe extern "C" fn(recognizer: *const easel_object) -> u32>,
    pub location_in_view: Option<unsafe extern "C" fn(recognizer: *const easel_object, view: *const easel_object) -> easel_point>,
    pub translation_in_view: Option<unsafe extern "C" fn(recognizer: *const easel_object, view: *const easel_object) -> easel_point>,
    pub set_translation: Option<unsafe extern "C" fn(recognizer: *mut easel_object, translation: easel_point, view: *const easel_object) -> i32>,
    pub velocity_in_view: Option<unsafe extern "C" fn(recognizer: *const easel_object, view: *const easel_object) -> easel_point>,
    pub scale: Option<unsafe extern "C" fn(recognizer: *const easel_object) -> f64>,
    pub rotation: Option<unsafe extern "C" fn(recognizer: *const easel_object) -> f64>,
    pub velocity: Option<unsafe extern "C" fn(recognizer: *const easel_object) -> f64>,
    pub event_timestamp: Option<unsafe extern "C" fn(event: *const easel_object) -> f64>,
    pub event_touch_count: Option<unsafe extern "C" fn(event: *const easel_object, view: *const easel_object) -> u32>,
    pub event_touch_at: Option<unsafe extern "C" fn(event: *const easel_object, view: *const easel_object, index: u32) -> *mut easel_object>,
    pub touch_identifier: Option<unsafe extern "C" fn(touch: *const easel_object) -> i64>,
    pub touch_tap_count: Option<unsafe extern "C" fn(touch: *const easel_object) -> u32>,
    pub touch_timestamp: Option<unsafe extern "C" fn(touch: *const easel_object) -> f64>,
    pub touch_window: Option<unsafe extern "C" fn(touch: *const easel_object) -> *mut easel_object>,
    pub multiple_touch_enabled: Option<unsafe extern "C" fn(view: *const easel_object) -> i32>,
    pub set_multiple_touch_enabled: Option<unsafe extern "C" fn(view: *mut easel_object, enabled: i32) -> i32>,
    pub exclusive_touch: Option<unsafe extern "C" fn(view: *const easel_object) -> i32>,
    pub set_exclusive_touch: Option<unsafe extern "C" fn(view: *mut easel_object, exclusive: i32) -> i32>,
}

// ---- extension easel.animation.v1 ----

/// An animation block: sets the view properties to animate. Since: easel.animation.v1.
pub type easel_animation_block = Option<unsafe extern "C" fn(context: *mut c_void)>;
/// A completion: called once, `finished` 1 when the animations ran to their end. Since: easel.animation.v1.
pub type easel_animation_completion = Option<unsafe extern "C" fn(finished: i32, context: *mut c_void)>;

/// How an animation runs (UIView's animation options). Since: easel.animation.v1.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_animation_options {
    pub abi_version: u32,
    pub struct_size: u32,
    pub duration: f64,
    pub delay: f64,
    pub curve: i32,
    pub flags: u32,
    pub spring_damping: f64,
    pub spring_velocity: f64,
    pub control_points: [f64; 4],
}

/// The animation extension's table: `host.get_extension(EASEL_ANIMATION_EXTENSION_ID)`. Since: easel.animation.v1.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_animation_api {
    pub abi_version: u32,
    pub struct_size: u32,
    pub animate: Option<unsafe extern "C" fn(options: *const easel_animation_options, animations: easel_animation_block, animations_context: *mut c_void, completion: easel_animation_completion, completion_context: *mut c_void) -> i32>,
    pub begin_animations: Option<unsafe extern "C" fn(options: *const easel_animation_options) -> i32>,
    pub commit_animations: Option<unsafe extern "C" fn(completion: easel_animation_completion, completion_context: *mut c_void) -> i32>,
    pub perform_after_delay: Option<unsafe extern "C" fn(target: *mut easel_object, selector: easel_sel, argument: *mut easel_object, delay: f64) -> i32>,
    pub cancel_perform_requests: Option<unsafe extern "C" fn(target: *mut easel_object, selector: easel_sel, argument: *mut easel_object) -> i32>,
    pub add_display_link: Option<unsafe extern "C" fn(target: *mut easel_object, selector: easel_sel) -> u64>,
    pub remove_display_link: Option<unsafe extern "C" fn(link: u64) -> i32>,
    pub media_time: Option<unsafe extern "C" fn(object: *const easel_object) -> f64>,
    pub remove_all_animations: Option<unsafe extern "C" fn(view: *mut easel_object) -> i32>,
    pub has_animations: Option<unsafe extern "C" fn(view: *const easel_object) -> i32>,
    // Present when struct_size >= EASEL_ANIMATION_API_LAYER_SIZE: check before calling.
    pub add_layer_animation: Option<unsafe extern "C" fn(layer: *mut easel_object, animation: *const easel_layer_animation, key: *const c_char, completion: easel_animation_completion, completion_context: *mut c_void) -> i32>,
    pub remove_layer_animation: Option<unsafe extern "C" fn(layer: *mut easel_object, key: *const c_char) -> i32>,
    pub layer_animation_count: Option<unsafe extern "C" fn(layer: *const easel_object) -> u32>,
    pub layer_animation_key_at: Option<unsafe extern "C" fn(layer: *const easel_object, index: u32, buffer: *mut c_char, capacity: u32) -> i32>,
    pub presented_value: Option<unsafe extern "C" fn(layer: *const easel_object, key_path: *const c_char, values: *mut f64, capacity: u32) -> i32>,
    pub animate_keyframes: Option<unsafe extern "C" fn(options: *const easel_animation_options, animations: easel_animation_block, animations_context: *mut c_void, completion: easel_animation_completion, completion_context: *mut c_void) -> i32>,
    pub add_keyframe: Option<unsafe extern "C" fn(relative_start: f64, relative_duration: f64, animations: easel_animation_block, animations_context: *mut c_void) -> i32>,
    pub transition_from_to: Option<unsafe extern "C" fn(from: *mut easel_object, to: *mut easel_object, options: *const easel_animation_options, completion: easel_animation_completion, completion_context: *mut c_void) -> i32>,
    pub transition_with: Option<unsafe extern "C" fn(view: *mut easel_object, options: *const easel_animation_options, animations: easel_animation_block, animations_context: *mut c_void, completion: easel_animation_completion, completion_context: *mut c_void) -> i32>,
}

/// One element of a path a layer animation moves along, as CGPathElement. Since: easel.animation.v1 (size 160).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_path_element {
    pub kind: i32,
    pub reserved: u32,
    pub points: [easel_point; 3],
}

/// A layer animation (CABasicAnimation / CAKeyframeAnimation), for `add_layer_animation`: fill in
/// `abi_version` and `struct_size` first, zero the rest. Since: easel.animation.v1 (size 160).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_layer_animation {
    pub abi_version: u32,
    pub struct_size: u32,
    pub key_path: *const c_char,
    pub kind: i32,
    pub value_type: i32,
    pub flags: u32,
    pub fill_mode: i32,
    pub calculation_mode: i32,
    pub value_count: u32,
    pub from_value: [f64; 6],
    pub to_value: [f64; 6],
    pub by_value: [f64; 6],
    pub values: *const f64,
    pub key_times: *const f64,
    pub timing_functions: *const f64,
    pub path: *const easel_path_element,
    pub begin_time: f64,
    pub duration: f64,
    pub repeat_count: f64,
    pub speed: f64,
    pub time_offset: f64,
    pub timing_function: [f64; 4],
}

// ---- extension easel.layout.v1 ----

/// A layout constraint: a number the host hands out (0 is "no constraint"). Since: easel.layout.v1.
pub type easel_constraint = u64;

/// The layout extension's table: `host.get_extension(EASEL_LAYOUT_EXTENSION_ID)`. Since: easel.layout.v1.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct easel_layout_api {
    pub abi_version: u32,
    pub struct_size: u32,
    pub constraint_create: Option<unsafe extern "C" fn(item: *mut easel_object, attribute: i32, relation: i32, to_item: *mut easel_object, to_attribute: i32, multiplier: f64, constant: f64, priority: f64) -> easel_constraint>,
    pub constraint_set_active: Option<unsafe extern "C" fn(constraint: easel_constraint, active: i32) -> i32>,
    pub constraint_is_active: Option<unsafe extern "C" fn(constraint: easel_constraint) -> i32>,
    pub constraint_constant: Option<unsafe extern "C" fn(constraint: easel_constraint) -> f64>,
    pub constraint_set_constant: Option<unsafe extern "C" fn(constraint: easel_constraint, constant: f64) -> i32>,
    pub constraint_priority: Option<unsafe extern "C" fn(constraint: easel_constraint) -> f64>,
    pub constraint_set_priority: Option<unsafe extern "C" fn(constraint: easel_constraint, priority: f64) -> i32>,
    pub constraint_release: Option<unsafe extern "C" fn(constraint: easel_constraint) -> i32>,
    pub translates_autoresizing_mask: Option<unsafe extern "C" fn(view: *const easel_object) -> i32>,
    pub set_translates_autoresizing_mask: Option<unsafe extern "C" fn(view: *mut easel_object, translates: i32) -> i32>,
    pub content_hugging_priority: Option<unsafe extern "C" fn(view: *const easel_object, axis: i32) -> f64>,
    pub set_content_hugging_priority: Option<unsafe extern "C" fn(view: *mut easel_object, axis: i32, priority: f64) -> i32>,
    pub compression_resistance_priority: Option<unsafe extern "C" fn(view: *const easel_object, axis: i32) -> f64>,
    pub set_compression_resistance_priority: Option<unsafe extern "C" fn(view: *mut easel_object, axis: i32, priority: f64) -> i32>,
    pub invalidate_intrinsic_content_size: Option<unsafe extern "C" fn(view: *mut easel_object) -> i32>,
    pub set_needs_update_constraints: Option<unsafe extern "C" fn(view: *mut easel_object) -> i32>,
    pub layout_if_needed: Option<unsafe extern "C" fn(view: *mut easel_object) -> i32>,
    pub layout_margins_guide: Option<unsafe extern "C" fn(view: *mut easel_object) -> *mut easel_object>,
    pub safe_area_layout_guide: Option<unsafe extern "C" fn(view: *mut easel_object) -> *mut easel_object>,
    pub add_layout_guide: Option<unsafe extern "C" fn(view: *mut easel_object) -> *mut easel_object>,
    pub layout_frame: Option<unsafe extern "C" fn(item: *const easel_object) -> easel_rect>,
    pub set_directional_layout_margins: Option<unsafe extern "C" fn(view: *mut easel_object, top: f64, leading: f64, bottom: f64, trailing: f64) -> i32>,
    pub set_semantic_content_attribute: Option<unsafe extern "C" fn(view: *mut easel_object, attribute: i32) -> i32>,
    pub system_layout_size_fitting: Option<unsafe extern "C" fn(view: *mut easel_object, target: easel_size, horizontal_priority: f64, vertical_priority: f64) -> easel_size>,
    pub view_controller_view: Option<unsafe extern "C" fn(controller: *mut easel_object) -> *mut easel_object>,
    pub view_controller_set_view: Option<unsafe extern "C" fn(controller: *mut easel_object, view: *mut easel_object) -> i32>,
    pub view_controller_add_child: Option<unsafe extern "C" fn(parent: *mut easel_object, child: *mut easel_object) -> i32>,
    pub view_controller_remove_from_parent: Option<unsafe extern "C" fn(controller: *mut easel_object) -> i32>,
    pub view_controller_did_move_to_parent: Option<unsafe extern "C" fn(controller: *mut easel_object, parent: *mut easel_object) -> i32>,
    pub window_root_view_controller: Option<unsafe extern "C" fn(window: *mut easel_object) -> *mut easel_object>,
    pub window_set_root_view_controller: Option<unsafe extern "C" fn(window: *mut easel_object, controller: *mut easel_object) -> i32>,
    pub window_make_key_and_visible: Option<unsafe extern "C" fn(window: *mut easel_object) -> i32>,
    // Present when struct_size >= EASEL_LAYOUT_API_STACK_SIZE: check before calling.
    pub stack_view_add_arranged_subview: Option<unsafe extern "C" fn(stack: *mut easel_object, view: *mut easel_object) -> i32>,
    pub stack_view_insert_arranged_subview: Option<unsafe extern "C" fn(stack: *mut easel_object, view: *mut easel_object, index: i64) -> i32>,
    pub stack_view_remove_arranged_subview: Option<unsafe extern "C" fn(stack: *mut easel_object, view: *mut easel_object) -> i32>,
    pub stack_view_arranged_subview_count: Option<unsafe extern "C" fn(stack: *const easel_object) -> i64>,
}
