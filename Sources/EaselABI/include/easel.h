/*
 * easel.h — the Easel plugin ABI, version 2.0.
 *
 * This is the only header a widget plugin needs. It is plain C99 (and
 * C++11), depends on <stddef.h> and <stdint.h> only, and compiles cleanly
 * with -std=c99/c11/c17 and -std=c++11/c++17/c++20 under -pedantic-errors
 * -Wall -Wextra -Werror (the test suite checks this). It can be used from C,
 * C++, Swift (`@_cdecl`), Rust, Zig or anything with a C ABI. Optional helper
 * macros for writing descriptions by hand live apart, in easel_util.h.
 *
 * How a plugin works
 * ------------------
 * A plugin is a shared object that exports ONE function,
 * `easel_plugin_entry_v2` (EASEL_PLUGIN_ENTRY_SYMBOL; declare it with
 * EASEL_PLUGIN_ENTRY, which also makes it `extern "C"` under C++). The host
 * dlopen()s the file, calls that function once with the host function table,
 * and receives a description of the plugin's classes: their names,
 * superclasses, per-instance storage, properties and methods. Methods are C
 * functions shaped like Objective-C method implementations: argument 0 is the
 * receiver, argument 1 is the selector, the declared arguments follow. Each
 * method carries an Objective-C type encoding (`@encode` grammar), e.g.
 * `drawRect:` is "v@:{CGRect={CGPoint=dd}{CGSize=dd}}". The host calls
 * methods the way NSInvocation does (through libffi), so the encoding must
 * describe the C function exactly.
 *
 * Versioning
 * ----------
 * - The major version is part of the entry point's name (`_v2`). The host
 *   reads the plugin file's dynamic symbol table before it loads the file: a
 *   plugin that exports the entry point of another major (`easel_plugin_entry`
 *   for 1.x, `easel_plugin_entry_v3`, ...) is refused with a message naming
 *   both versions, and none of its code runs, not even its constructors.
 * - Every struct that crosses the boundary starts with `abi_version` and
 *   `struct_size`. `abi_version` is EASEL_ABI_VERSION (major << 16 | minor).
 *   The host refuses a description whose major differs from its own or whose
 *   minor is newer than its own.
 * - Structs only grow at their end: fields and function slots are appended,
 *   each marked "Since: 2.x"; everything without a mark is in 2.0. A reader
 *   checks `struct_size` before touching a field added after 2.0 (the 2.0
 *   sizes are the EASEL_*_SIZE_2_0 constants below). No versioned struct is
 *   embedded by value in another: they are reached through pointers.
 * - Every slot offset and struct size of 2.0 is pinned by a static assertion
 *   in the host's build (Sources/EaselABI/abi_checks.c); a change that moves
 *   one fails to compile.
 * - Features added without a new major are found with
 *   host->get_extension(id): a table that the running host has, or NULL.
 *
 * Ownership
 * ---------
 * - Everything a plugin returns from its entry point (descriptions, strings,
 *   default values, the layout) is owned by the plugin and must stay valid and
 *   unchanged for as long as the library is loaded. The host never frees it.
 * - Everything the host hands to a plugin (the host table and its sub-tables,
 *   extension tables, selectors, object and context handles, strings returned
 *   by host functions) is owned by the host. The plugin never frees it.
 * - The host never dlclose()s a plugin (libraries containing Swift code cannot
 *   be unloaded safely), so static storage in a plugin lives for the process.
 *
 * Threads
 * -------
 * All calls, in both directions, happen on the host's main thread.
 *
 * What may be called from where
 * -----------------------------
 * The host table is valid from the entry point on. What each host function
 * does depends on where plugin code runs:
 *
 *   where plugin code runs            selectors, classes,  objects, messages,  views (tree,      drawing
 *                                     log, get_extension   properties          geometry, events)
 *   --------------------------------  -------------------  ------------------  ----------------  ---------------
 *   the entry point                   yes (class_named:    do not (in the      do not (create    no: current_
 *                                     host classes only;   scanner, NULL)      returns NULL)     context is NULL
 *                                     get_extension: NULL
 *                                     in the scanner)
 *   init, layoutSubviews,             yes                  yes                 yes               no context
 *   sizeThatFits:, touches*,                                                                    (NULL): calls are
 *   hitTest:/pointInside:, any                                                                  ignored
 *   method sent with msg_send
 *   will/didMove*, didAddSubview:,    yes                  yes                 queries only: do  no context
 *   willRemoveSubview:                                                         not change the
 *                                                                              tree being moved
 *   drawRect:, drawRect:inContext:,   yes                  yes                 queries and       yes, on the
 *   drawView:inRect:inContext:,                                                set_needs_display context given
 *   an overlay's drawing selector                                              only: do not      (current_context)
 *                                                                              change the tree
 *                                                                              while it draws
 *
 * In the scanner process (easel-plugin-scanner, which only asks a plugin to
 * describe itself) the table has the same version and sizes; selectors and
 * built-in classes work, no object exists, log is discarded and drawing does
 * nothing.
 */
#ifndef EASEL_H
#define EASEL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Versions                                                                  */
/* ------------------------------------------------------------------------ */

/** Major version: changes only for incompatible changes (and renames the entry point). */
#define EASEL_ABI_VERSION_MAJOR 2
/** Minor version: bumped when fields or functions are appended. */
#define EASEL_ABI_VERSION_MINOR 0
/**
 * The packed version written into every `abi_version` field. An enum constant
 * rather than a macro so that Swift imports it (as `EASEL_ABI_VERSION`).
 */
enum { EASEL_ABI_VERSION = (EASEL_ABI_VERSION_MAJOR << 16) | EASEL_ABI_VERSION_MINOR };
/** Extracts the major version from a packed `abi_version`. */
#define EASEL_ABI_MAJOR(v) ((uint32_t)(v) >> 16)
/** Extracts the minor version from a packed `abi_version`. */
#define EASEL_ABI_MINOR(v) ((uint32_t)(v) & 0xFFFFu)

/**
 * The name of the one symbol the host looks up in a plugin: the entry point of
 * this major version. 1.x plugins exported `easel_plugin_entry`; a later major
 * N exports `easel_plugin_entry_vN`.
 */
#define EASEL_PLUGIN_ENTRY_SYMBOL "easel_plugin_entry_v2"

/* ------------------------------------------------------------------------ */
/* Geometry: laid out exactly like CoreGraphics on 64-bit platforms.         */
/* ------------------------------------------------------------------------ */

/** A point; encoding "{CGPoint=dd}". */
typedef struct easel_point {
    double x;
    double y;
} easel_point;

/** A size; encoding "{CGSize=dd}". */
typedef struct easel_size {
    double width;
    double height;
} easel_size;

/** A rectangle; encoding "{CGRect={CGPoint=dd}{CGSize=dd}}". */
typedef struct easel_rect {
    easel_point origin;
    easel_size size;
} easel_rect;

/**
 * An affine transform, CGAffineTransform's layout; encoding
 * "{CGAffineTransform=dddddd}". A point (x, y) maps to
 * (a*x + c*y + tx, b*x + d*y + ty).
 */
typedef struct easel_affine_transform {
    double a, b, c, d, tx, ty;
} easel_affine_transform;

/** An RGBA colour, components in 0...1, not premultiplied; encoding "{EaselColor=dddd}". */
typedef struct easel_color {
    double red;
    double green;
    double blue;
    double alpha;
} easel_color;

/** The type encoding of easel_point. */
#define EASEL_ENCODE_POINT "{CGPoint=dd}"
/** The type encoding of easel_size. */
#define EASEL_ENCODE_SIZE "{CGSize=dd}"
/** The type encoding of easel_rect. */
#define EASEL_ENCODE_RECT "{CGRect={CGPoint=dd}{CGSize=dd}}"
/** The type encoding of easel_affine_transform. */
#define EASEL_ENCODE_TRANSFORM "{CGAffineTransform=dddddd}"
/** The type encoding of easel_color. */
#define EASEL_ENCODE_COLOR "{EaselColor=dddd}"
/** The type encoding of an easel_context pointer argument (CGContextRef). */
#define EASEL_ENCODE_CONTEXT "^v"
/** The type encoding of a C string property or argument (const char *, UTF-8). */
#define EASEL_ENCODE_STRING "*"

/**
 * A read-only array of points, e.g. a curve; a property value.
 * Whoever stores the value owns the points and keeps them alive while the
 * property holds them: values the host stores (from a scene file) live as
 * long as the registry; a plugin storing its own points keeps them alive
 * itself (static data, or memory it frees when it stores another value).
 */
typedef struct easel_point_array {
    const easel_point *points;
    uint64_t count;
} easel_point_array;

/** A read-only array of UTF-8 strings; a property value, owned as easel_point_array. */
typedef struct easel_string_array {
    const char *const *strings;
    uint64_t count;
} easel_string_array;

/** The type encoding of easel_point_array. */
#define EASEL_ENCODE_POINT_ARRAY "{EaselPointArray=^{CGPoint=dd}Q}"
/** The type encoding of easel_string_array. */
#define EASEL_ENCODE_STRING_ARRAY "{EaselStringArray=^*Q}"

/* ------------------------------------------------------------------------ */
/* Handles (owned by the host; opaque to plugins)                            */
/* ------------------------------------------------------------------------ */

/** An object (Objective-C `id`, encoding "@"). Valid while the host keeps the object alive. */
typedef struct easel_object easel_object;
/** A class (Objective-C `Class`, encoding "#"). Valid for the life of the process. */
typedef struct easel_class easel_class;
/**
 * A selector (Objective-C `SEL`, encoding ":"). Interned: two selectors with
 * the same name are the same pointer, valid for the life of the process.
 */
typedef const struct easel_selector *easel_sel;
/** A drawing context (CGContextRef, encoding "^v"). Valid during the call that provided it. */
typedef struct easel_context easel_context;

/**
 * A method implementation. The host casts it to the C function type its
 * encoding describes before calling; a plugin casts its function to this type
 * to store it.
 */
typedef void (*easel_imp)(void);

/* ------------------------------------------------------------------------ */
/* Status codes                                                              */
/* ------------------------------------------------------------------------ */

/** Status codes returned by host functions. Stored as int32_t; new codes may appear. */
enum {
    EASEL_OK = 0,
    /** The receiver's class does not respond to the selector. */
    EASEL_ERROR_DOES_NOT_RESPOND = 1,
    /** A NULL argument where one is not allowed. */
    EASEL_ERROR_NULL_ARGUMENT = 2,
    /** No class, property or object of that name. */
    EASEL_ERROR_NOT_FOUND = 3,
    /** The value's type does not match the declared encoding. */
    EASEL_ERROR_TYPE_MISMATCH = 4,
    /** The method's type encoding could not be called. */
    EASEL_ERROR_BAD_SIGNATURE = 5,
    /** The operation is not allowed, e.g. adding a view to its own subview. */
    EASEL_ERROR_INVALID_OPERATION = 6
};

/* ------------------------------------------------------------------------ */
/* What a plugin describes (owned by the plugin)                             */
/* ------------------------------------------------------------------------ */

/** A declared property: a typed slot in the class's per-instance storage. */
typedef struct easel_property_desc {
    /** EASEL_ABI_VERSION at the plugin's compile time. */
    uint32_t abi_version;
    /** sizeof(easel_property_desc) at the plugin's compile time. */
    uint32_t struct_size;
    /** Property name, e.g. "cornerRadius". Non-NULL, UTF-8, unique within the class. */
    const char *name;
    /** Type encoding of the value, e.g. "d" or EASEL_ENCODE_COLOR. Non-NULL. */
    const char *type_encoding;
    /** Byte offset of the value inside this class's own instance storage. */
    uint64_t offset;
    /**
     * Initial value: points to exactly as many bytes as the encoding's size.
     * May be NULL, meaning all bytes zero.
     */
    const void *default_value;
} easel_property_desc;

/** A method: a selector bound to a C function with a declared signature. */
typedef struct easel_method_desc {
    /** EASEL_ABI_VERSION at the plugin's compile time. */
    uint32_t abi_version;
    /** sizeof(easel_method_desc) at the plugin's compile time. */
    uint32_t struct_size;
    /** Selector name, e.g. "drawRect:". Non-NULL; its colons count the declared arguments. */
    const char *selector;
    /** Full method encoding: return type, "@", ":", then each argument. Non-NULL. */
    const char *type_encoding;
    /** The implementation. Must not be NULL. */
    easel_imp imp;
} easel_method_desc;

/** A class. */
typedef struct easel_class_desc {
    /** EASEL_ABI_VERSION at the plugin's compile time. */
    uint32_t abi_version;
    /** sizeof(easel_class_desc) at the plugin's compile time. */
    uint32_t struct_size;
    /** Class name. Non-NULL, unique across all loaded plugins (first loaded wins). */
    const char *name;
    /**
     * Superclass name: a host built-in ("Object", "View") or any plugin's
     * class, in any load order. Non-NULL.
     */
    const char *superclass_name;
    /**
     * Bytes of per-instance storage this class adds (its own properties and
     * state). May be 0. The host zeroes it, applies property defaults, and
     * aligns it to 16 bytes; reach it with host->object_storage.
     */
    uint64_t instance_size;
    /** Number of entries in `properties`. */
    uint32_t property_count;
    /** Number of entries in `methods`. */
    uint32_t method_count;
    /** Array of `property_count` properties; may be NULL when the count is 0. */
    const easel_property_desc *properties;
    /** Array of `method_count` methods; may be NULL when the count is 0. */
    const easel_method_desc *methods;
} easel_class_desc;

/**
 * The layout handshake: the plugin reports the sizes of the geometry types as
 * its compiler sees them, and the host refuses the plugin when any differs
 * from its own. Fill it with EASEL_LAYOUT_INIT.
 */
typedef struct easel_layout {
    /** EASEL_ABI_VERSION at the plugin's compile time. */
    uint32_t abi_version;
    /** sizeof(easel_layout) at the plugin's compile time. */
    uint32_t struct_size;
    /** sizeof(easel_point): 16. */
    uint32_t point_size;
    /** sizeof(easel_size): 16. */
    uint32_t size_size;
    /** sizeof(easel_rect): 32. */
    uint32_t rect_size;
    /** sizeof(easel_affine_transform): 48. */
    uint32_t transform_size;
    /** sizeof(easel_color): 32. */
    uint32_t color_size;
    /** The alignment of easel_rect: 8. */
    uint32_t rect_alignment;
} easel_layout;

/**
 * A struct whose `rect` member sits at the alignment of easel_rect, so that
 * offsetof() measures that alignment in C99 and C++ alike (no _Alignof).
 */
typedef struct easel_rect_alignment_probe {
    char first;
    easel_rect rect;
} easel_rect_alignment_probe;

/** Fills an easel_layout with the sizes this compiler uses: `static const easel_layout layout = EASEL_LAYOUT_INIT;`. */
#define EASEL_LAYOUT_INIT                                                        \
    {                                                                            \
        (uint32_t)EASEL_ABI_VERSION, (uint32_t)sizeof(easel_layout),             \
        (uint32_t)sizeof(easel_point), (uint32_t)sizeof(easel_size),             \
        (uint32_t)sizeof(easel_rect), (uint32_t)sizeof(easel_affine_transform),  \
        (uint32_t)sizeof(easel_color),                                           \
        (uint32_t)offsetof(easel_rect_alignment_probe, rect)                     \
    }

/** What the entry point returns. */
typedef struct easel_plugin_desc {
    /** EASEL_ABI_VERSION at the plugin's compile time. */
    uint32_t abi_version;
    /** sizeof(easel_plugin_desc) at the plugin's compile time. */
    uint32_t struct_size;
    /** Human-readable plugin name, e.g. "Shapes". Non-NULL, UTF-8. */
    const char *name;
    /** The layout handshake (a static easel_layout filled with EASEL_LAYOUT_INIT). Non-NULL. */
    const easel_layout *layout;
    /** Number of entries in `classes`. */
    uint32_t class_count;
    /** Array of `class_count` classes. Non-NULL when the count is not 0. */
    const easel_class_desc *classes;
} easel_plugin_desc;

/**
 * The sizes of the versioned structs in 2.0: a plugin's or the host's may be
 * larger (a newer minor appended fields), never smaller. Compare `struct_size`
 * with these before reading a field added later.
 */
enum {
    EASEL_PROPERTY_DESC_SIZE_2_0 = 40,
    EASEL_METHOD_DESC_SIZE_2_0 = 32,
    EASEL_CLASS_DESC_SIZE_2_0 = 56,
    EASEL_LAYOUT_SIZE_2_0 = 32,
    EASEL_PLUGIN_DESC_SIZE_2_0 = 40,
    EASEL_GRAPHICS_API_SIZE_2_0 = 272,
    EASEL_VIEW_API_SIZE_2_0 = 280,
    EASEL_HOST_API_SIZE_2_0 = 136
};

/* ------------------------------------------------------------------------ */
/* Drawing (owned by the host)                                               */
/* ------------------------------------------------------------------------ */

/** Fill and clip rules (int32_t). */
enum { EASEL_FILL_NONZERO = 0, EASEL_FILL_EVEN_ODD = 1 };
/** Line caps (int32_t), as CGLineCap. */
enum { EASEL_LINE_CAP_BUTT = 0, EASEL_LINE_CAP_ROUND = 1, EASEL_LINE_CAP_SQUARE = 2 };
/** Line joins (int32_t), as CGLineJoin. */
enum { EASEL_LINE_JOIN_MITER = 0, EASEL_LINE_JOIN_ROUND = 1, EASEL_LINE_JOIN_BEVEL = 2 };

/**
 * CoreGraphics-like drawing on the shared canvas. Every function takes the
 * context first; a NULL context is ignored. Coordinates are in points with
 * the origin at the top left and y pointing down (UIKit's convention).
 *
 * Errors are sticky, as in cairo: the first error (e.g. restoring more states
 * than were saved, a NULL string, a NaN or infinite coordinate) is recorded in the context, later drawing is
 * ignored, and the host reports the error once, after the call that caused it.
 * No function here crashes on bad arguments.
 *
 * Fill and stroke colours are separate (as in CoreGraphics); both are part of
 * the saved state, as are the line settings, the font, the global alpha, the
 * transform and the clip. The current path is not part of the saved state.
 */
typedef struct easel_graphics_api {
    /** EASEL_ABI_VERSION of the host. */
    uint32_t abi_version;
    /** sizeof(easel_graphics_api) in the host: at least EASEL_GRAPHICS_API_SIZE_2_0. */
    uint32_t struct_size;

    /**
     * The context the current draw call should use (UIGraphicsGetCurrentContext).
     * Valid until the drawing method returns; NULL outside drawing.
     */
    easel_context *(*current_context)(void);

    /* state */
    /** Pushes a copy of the graphics state (CGContextSaveGState). */
    void (*save_state)(easel_context *ctx);
    /**
     * Pops the state pushed by the matching save_state (CGContextRestoreGState).
     * Restoring more states than this drawing call saved is an error; states
     * left saved when the call returns are restored by the host.
     */
    void (*restore_state)(easel_context *ctx);

    /* current transform */
    /** Moves the origin of user space by (tx, ty) (CGContextTranslateCTM). */
    void (*translate)(easel_context *ctx, double tx, double ty);
    /** Scales user space (CGContextScaleCTM); a zero factor makes the transform non-invertible, an error. */
    void (*scale)(easel_context *ctx, double sx, double sy);
    /** Rotates by `radians`; positive angles turn +x towards +y (clockwise on screen). */
    void (*rotate)(easel_context *ctx, double radians);
    /** Multiplies `transform` into the current transform (CGContextConcatCTM); a non-invertible one is an error. */
    void (*concat_ctm)(easel_context *ctx, easel_affine_transform transform);
    /** The current transform from user space to the canvas's point space; the identity for a NULL context. */
    easel_affine_transform (*get_ctm)(easel_context *ctx);

    /* path construction: coordinates in user space, the path is in canvas space once added */
    /** Discards the current path (CGContextBeginPath). */
    void (*begin_path)(easel_context *ctx);
    /** Starts a new subpath at (x, y) (CGContextMoveToPoint). */
    void (*move_to)(easel_context *ctx, double x, double y);
    /** Adds a line from the current point to (x, y); with no current point, moves there. */
    void (*add_line_to)(easel_context *ctx, double x, double y);
    /** Adds a quadratic Bezier curve with control point (cpx, cpy) to (x, y) (CGContextAddQuadCurveToPoint). */
    void (*add_quad_curve_to)(easel_context *ctx, double cpx, double cpy, double x, double y);
    /** Adds a cubic Bezier curve with two control points to (x, y) (CGContextAddCurveToPoint). */
    void (*add_curve_to)(easel_context *ctx, double cp1x, double cp1y, double cp2x, double cp2y,
                         double x, double y);
    /**
     * Adds an arc of a circle, as CGContextAddArc. With `clockwise` 0 the
     * angle increases from `start_angle` to `end_angle` (clockwise on a y-down
     * screen); with `clockwise` non-zero it decreases. A line joins the
     * current point, if any, to the arc's start.
     */
    void (*add_arc)(easel_context *ctx, double x, double y, double radius, double start_angle,
                    double end_angle, int32_t clockwise);
    /** Adds a closed rectangle subpath (CGContextAddRect). */
    void (*add_rect)(easel_context *ctx, easel_rect rect);
    /** Adds a closed ellipse subpath inscribed in `rect` (CGContextAddEllipseInRect). */
    void (*add_ellipse_in_rect)(easel_context *ctx, easel_rect rect);
    /** Closes the current subpath with a line to its start (CGContextClosePath). */
    void (*close_path)(easel_context *ctx);

    /* painting: each consumes (discards) the current path */
    /** Fills the current path with the fill colour; `rule` is EASEL_FILL_*. */
    void (*fill_path)(easel_context *ctx, int32_t rule);
    /** Strokes the current path with the stroke colour and line settings. */
    void (*stroke_path)(easel_context *ctx);
    /** Intersects the clip with the current path; `rule` is EASEL_FILL_*. */
    void (*clip)(easel_context *ctx, int32_t rule);
    /** Fills `rect` with the fill colour (CGContextFillRect); discards the current path. */
    void (*fill_rect)(easel_context *ctx, easel_rect rect);
    /** Strokes `rect` with the stroke colour and line settings (CGContextStrokeRect); discards the current path. */
    void (*stroke_rect)(easel_context *ctx, easel_rect rect);
    /** Makes `rect` fully transparent (CGContextClearRect); discards the current path. */
    void (*clear_rect)(easel_context *ctx, easel_rect rect);

    /* colours and alpha: part of the saved state */
    /** Sets the colour fill_path, fill_rect and show_text use (CGContextSetFillColorWithColor). */
    void (*set_fill_color)(easel_context *ctx, easel_color color);
    /** Sets the colour stroke_path and stroke_rect use (CGContextSetStrokeColorWithColor). */
    void (*set_stroke_color)(easel_context *ctx, easel_color color);
    /** Global alpha multiplied into everything drawn (CGContextSetAlpha), clamped to 0...1. */
    void (*set_alpha)(easel_context *ctx, double alpha);

    /* line settings: part of the saved state */
    /** Sets the stroke width in user-space units (CGContextSetLineWidth); negative is an error. */
    void (*set_line_width)(easel_context *ctx, double width);
    /** Sets the line cap, EASEL_LINE_CAP_*; an unknown value is an error. */
    void (*set_line_cap)(easel_context *ctx, int32_t cap);
    /** Sets the line join, EASEL_LINE_JOIN_*; an unknown value is an error. */
    void (*set_line_join)(easel_context *ctx, int32_t join);
    /** Sets the dash pattern; `lengths` may be NULL when `count` is 0 (solid line). Copied. */
    void (*set_line_dash)(easel_context *ctx, double phase, const double *lengths, uint32_t count);

    /* text (drawn with the fill colour) */
    /** Selects a font family (fontconfig name, e.g. "Sans") and size in points. `family` is copied; NULL is an error. */
    void (*set_font)(easel_context *ctx, const char *family, double size);
    /** Draws UTF-8 text with its baseline starting at (x, y). `utf8` is read during the call; NULL is an error. */
    void (*show_text)(easel_context *ctx, const char *utf8, double x, double y);
    /** The advance width and the font's line height (ascent + descent) of UTF-8 text; zero for NULL. */
    easel_size (*measure_text)(easel_context *ctx, const char *utf8);
} easel_graphics_api;

/* ------------------------------------------------------------------------ */
/* Views (owned by the host).                                     */
/* ------------------------------------------------------------------------ */

/** Touch phases (int32_t), as UITouchPhase. */
enum {
    EASEL_TOUCH_BEGAN = 0,
    EASEL_TOUCH_MOVED = 1,
    EASEL_TOUCH_STATIONARY = 2,
    EASEL_TOUCH_ENDED = 3,
    EASEL_TOUCH_CANCELLED = 4
};

/** Autoresizing flags (the "autoresizingMask" property, uint64_t), as UIViewAutoresizing. */
enum {
    EASEL_AUTORESIZE_NONE = 0,
    EASEL_AUTORESIZE_FLEXIBLE_LEFT_MARGIN = 1 << 0,
    EASEL_AUTORESIZE_FLEXIBLE_WIDTH = 1 << 1,
    EASEL_AUTORESIZE_FLEXIBLE_RIGHT_MARGIN = 1 << 2,
    EASEL_AUTORESIZE_FLEXIBLE_TOP_MARGIN = 1 << 3,
    EASEL_AUTORESIZE_FLEXIBLE_HEIGHT = 1 << 4,
    EASEL_AUTORESIZE_FLEXIBLE_BOTTOM_MARGIN = 1 << 5
};

/**
 * The view tree, UIKit's UIView for plugin code.
 *
 * Views are objects of the built-in class "View" or a subclass ("Window",
 * "OverlayView", "RHView" or any plugin class inheriting from them). A view
 * class implements the selectors UIKit sends, with exactly these encodings
 * (the host checks them once and reports a mismatch instead of calling):
 *   init                          v@:        after creation; the frame is set already
 *   drawRect:                     v@:{CGRect=...}   rect in the view's coordinates
 *   layoutSubviews                v@:
 *   sizeThatFits:                 {CGSize=dd}@:{CGSize=dd}
 *   willMoveToSuperview:          v@:@       (NULL when removed)
 *   didMoveToSuperview            v@:
 *   didAddSubview:                v@:@
 *   willRemoveSubview:            v@:@
 *   willMoveToWindow:             v@:@
 *   didMoveToWindow               v@:
 *   touchesBegan:withEvent:       v@:@@      the touch, then the Event (easel.gesture.v1 reads it)
 *   touchesMoved:withEvent:, touchesEnded:withEvent:, touchesCancelled:withEvent: likewise
 *   hitTest:withEvent:            @@:{CGPoint=dd}@
 *   pointInside:withEvent:        B@:{CGPoint=dd}@
 *   prepareForInterfaceBuilder    v@:        `easel gallery` only, after init and before
 *                                            sizeThatFits: and drawing: set the values a preview
 *                                            shows (Interface Builder's convention for designables)
 * A right-handed view (subclass of "RHView") draws through its delegate's
 *   drawView:inRect:inContext:    v@:@{CGRect=...}^v
 * or, without a responding delegate, its own
 *   drawRect:inContext:           v@:{CGRect=...}^v
 * with the context flipped (origin bottom left, y up) and the rect in that space.
 *
 * The other view attributes are properties, read and written by name with
 * host->property_get / property_set: "frame", "bounds" (rects), "center"
 * (point), "transform", "alpha" (d), "hidden", "clipsToBounds", "opaque",
 * "clearsContextBeforeDrawing", "autoresizesSubviews",
 * "userInteractionEnabled" (B, one byte), "backgroundColor" (colour),
 * "tag" (q), "autoresizingMask" (Q, EASEL_AUTORESIZE_*), "contentScaleFactor"
 * (d, read-only) and, on right-handed views, "delegate" (@).
 *
 * Ownership: a view owns its subviews. A view made by `create` is kept alive
 * by the host until it is first added to a superview, which then owns it (a
 * view removed from its superview and referenced by nobody else is freed, as
 * in UIKit). Every function accepts NULL and non-view objects: it then does
 * nothing, returns NULL, zero or an error code, and the host reports it.
 * Coordinates are in points, in the view's own coordinates (right-handed for
 * right-handed views); a NULL view in a conversion means the root view.
 * Thread: main thread only, like everything in this header.
 */
typedef struct easel_view_api {
    uint32_t abi_version;
    uint32_t struct_size;

    /** Creates a view of a view class with a frame, then sends it `init`. NULL for an unknown or non-view class. */
    easel_object *(*create)(const char *class_name, easel_rect frame);

    /* the tree */
    /** The superview, or NULL. */
    easel_object *(*superview)(easel_object *view);
    /** The number of subviews. */
    uint32_t (*subview_count)(easel_object *view);
    /** The subview at an index, back to front; NULL when out of range. */
    easel_object *(*subview_at)(easel_object *view, uint32_t index);
    /**
     * Adds `subview` as the frontmost subview (below overlays that stay on
     * top), removing it from its old superview first. Returns EASEL_OK, or
     * EASEL_ERROR_INVALID_OPERATION when `subview` is `view` or an ancestor of it.
     */
    int32_t (*add_subview)(easel_object *view, easel_object *subview);
    /** Inserts at an index (clamped). Returns as add_subview. */
    int32_t (*insert_subview_at)(easel_object *view, easel_object *subview, uint32_t index);
    /** Inserts just above `sibling`. EASEL_ERROR_NOT_FOUND when `sibling` is not a subview of `view`. */
    int32_t (*insert_subview_above)(easel_object *view, easel_object *subview, easel_object *sibling);
    /** Inserts just below `sibling`. EASEL_ERROR_NOT_FOUND when `sibling` is not a subview of `view`. */
    int32_t (*insert_subview_below)(easel_object *view, easel_object *subview, easel_object *sibling);
    /** Swaps the subviews at two indexes. EASEL_ERROR_NOT_FOUND for an index out of range. */
    int32_t (*exchange_subviews)(easel_object *view, uint32_t first, uint32_t second);
    /** Moves a subview to the front. EASEL_ERROR_NOT_FOUND when it is not a subview. */
    int32_t (*bring_subview_to_front)(easel_object *view, easel_object *subview);
    /** Moves a subview to the back. EASEL_ERROR_NOT_FOUND when it is not a subview. */
    int32_t (*send_subview_to_back)(easel_object *view, easel_object *subview);
    /** Removes the view from its superview (which may free it: see Ownership). */
    void (*remove_from_superview)(easel_object *view);
    /** 1 when `view` is `ancestor` or one of its descendants, else 0. */
    int32_t (*is_descendant_of)(easel_object *view, easel_object *ancestor);
    /** The first view with a tag: `view`, then its subviews depth-first; NULL when none. */
    easel_object *(*view_with_tag)(easel_object *view, int64_t tag);

    /* geometry */
    /** The bounds: the view's own coordinate system. */
    easel_rect (*bounds)(easel_object *view);
    /** The frame, in the superview's coordinates. */
    easel_rect (*frame)(easel_object *view);
    /** Sets the frame (the bounds size and the centre). */
    void (*set_frame)(easel_object *view, easel_rect frame);
    /** Converts a point from `from`'s coordinates to `to`'s (NULL: the root view's). */
    easel_point (*convert_point)(easel_point point, easel_object *from, easel_object *to);
    /** Converts a rect; through a rotation, the bounding box. */
    easel_rect (*convert_rect)(easel_rect rect, easel_object *from, easel_object *to);

    /* display and layout */
    /** Marks the whole view as needing display. */
    void (*set_needs_display)(easel_object *view);
    /** Marks a rect of the view (its coordinates) as needing display. */
    void (*set_needs_display_in_rect)(easel_object *view, easel_rect rect);
    /** Marks the view as needing layoutSubviews before the next render. */
    void (*set_needs_layout)(easel_object *view);
    /** Lays out the view and its descendants now, where pending. */
    void (*layout_if_needed)(easel_object *view);
    /** sizeThatFits: of the view's class, or the current size when it implements none. */
    easel_size (*size_that_fits)(easel_object *view, easel_size size);
    /** Resizes the view to size_that_fits of its current size. */
    void (*size_to_fit)(easel_object *view);

    /* overlays and right-handed views */
    /**
     * Adds an overlay to `host`: a transparent view on top of its subviews,
     * covering its bounds, ignoring touches, that draws by sending `selector`
     * (v@:{CGRect=...}) to `host` with the dirty rect. Returns the overlay
     * (owned by `host`), or NULL when `host` does not respond to `selector`
     * with that signature.
     */
    easel_object *(*add_overlay)(easel_object *host, easel_sel selector);
    /** Sets a right-handed view's delegate (kept alive by the view); NULL clears it. */
    int32_t (*set_delegate)(easel_object *view, easel_object *delegate);
    /** A right-handed view's delegate, or NULL. */
    easel_object *(*delegate)(easel_object *view);
    /**
     * Flips `ctx` for a right-handed view: after the call (x, y) lands at
     * (x, height - y) of the view. The renderer already does this before
     * drawView:inRect:inContext: and drawRect:inContext:.
     */
    void (*flip_context)(easel_object *view, easel_context *ctx);

    /* events */
    /** The frontmost interactive view containing `point` (in `view`'s coordinates), or NULL. */
    easel_object *(*hit_test)(easel_object *view, easel_point point);
    /** Where a touch is, in `view`'s coordinates (NULL: the root view's). */
    easel_point (*touch_location)(easel_object *touch, easel_object *view);
    /** Where a touch was before its last move, in `view`'s coordinates. */
    easel_point (*touch_previous_location)(easel_object *touch, easel_object *view);
    /** The touch's phase, EASEL_TOUCH_*. */
    int32_t (*touch_phase)(easel_object *touch);
    /** The view the touch began in. */
    easel_object *(*touch_view)(easel_object *touch);
} easel_view_api;

/* ------------------------------------------------------------------------ */
/* The host table (owned by the host)                                        */
/* ------------------------------------------------------------------------ */

/**
 * What the host offers to plugin code. Passed to the entry point; valid for
 * the life of the process (keep the pointer in a static).
 */
typedef struct easel_host_api {
    uint32_t abi_version;
    uint32_t struct_size;

    /** Interns a selector name. Returns NULL only for a NULL name. */
    easel_sel (*sel_register)(const char *name);
    /** The name of a selector; owned by the host. */
    const char *(*sel_name)(easel_sel sel);

    /**
     * Looks a class up by name; NULL when there is none. Classes are
     * registered after every plugin's entry point has run, so inside an entry
     * point this returns NULL for plugin classes: look classes up lazily, in
     * method calls, and cache the result (class handles never change).
     */
    easel_class *(*class_named)(const char *name);
    /** The class of an object; NULL for a NULL object. */
    easel_class *(*object_class)(easel_object *object);
    /** A class's name; owned by the host. */
    const char *(*class_name)(easel_class *cls);
    /** Whether instances of `cls` respond to `sel` (own or inherited method). */
    int32_t (*class_responds_to)(easel_class *cls, easel_sel sel);

    /**
     * Creates an object of a class (all storage zeroed, then property
     * defaults applied). The host owns it and keeps it alive at least until
     * the end of the current top-level call; NULL when the class is unknown.
     */
    easel_object *(*object_create)(const char *class_name);
    /**
     * The storage that `cls` (the class itself, not a subclass) declared for
     * `object`: `instance_size` bytes where the class's property offsets
     * point. NULL when `object` is not an instance of `cls` or a subclass.
     */
    void *(*object_storage)(easel_object *object, easel_class *cls);

    /**
     * Sends a message, as objc_msgSend does, through the host's invocation
     * machinery. `args[i]` points to the value of declared argument i (that is,
     * method argument i + 2), exactly as many as the selector's colons; `args`
     * may be NULL for a selector without arguments. `result` receives exactly
     * the encoded size of the return value (the host calls into a buffer of
     * its own and narrows small integers, so a 1-byte BOOL result needs one
     * byte); it may be NULL to discard the value.
     * Returns EASEL_OK; EASEL_ERROR_NULL_ARGUMENT for a NULL receiver,
     * selector or argument (nothing is called, as messaging nil does nothing
     * in Objective-C); or EASEL_ERROR_DOES_NOT_RESPOND when the receiver's
     * class has no such method: the host then reports an error naming the
     * class and the selector; nothing is called.
     */
    int32_t (*msg_send)(easel_object *receiver, easel_sel sel, void *result, void *const *args);
    /**
     * As msg_send, but looks the method up starting at the superclass of
     * `cls` (the class whose method is calling; [super sel]).
     */
    int32_t (*msg_send_super)(easel_object *receiver, easel_class *cls, easel_sel sel, void *result,
                              void *const *args);

    /**
     * Copies a declared property's value (own or inherited) into `value`,
     * which must hold the property's encoded size. Returns EASEL_OK or
     * EASEL_ERROR_NOT_FOUND.
     */
    int32_t (*property_get)(easel_object *object, const char *name, void *value);
    /** Copies `value` into a declared property. Returns EASEL_OK or EASEL_ERROR_NOT_FOUND. */
    int32_t (*property_set)(easel_object *object, const char *name, const void *value);

    /** Reports a message from the plugin, shown by the host with the plugin's name. `message` is copied. */
    void (*log)(easel_object *object, const char *message);

    /** The drawing functions. Never NULL; valid for the life of the process. */
    const easel_graphics_api *graphics;

    /** The view functions. Never NULL; valid for the life of the process. */
    const easel_view_api *views;

    /**
     * Looks up an extension of the host by its identifier, as LV2's
     * extension_data and CLAP's get_extension do: features added after 2.0
     * (drawing, layers, animation, gestures, ...) come as tables found here,
     * without a new major version. An identifier names one table layout for
     * ever (e.g. "easel.example.v1"); a table starts with {abi_version,
     * struct_size} and is owned by the host, valid for the life of the
     * process. Returns NULL for an unknown identifier or a NULL one: a plugin
     * checks the result and does without the feature. `id` is read during the
     * call only.
     */
    const void *(*get_extension)(const char *id);
} easel_host_api;

/**
 * The entry point every plugin exports under EASEL_PLUGIN_ENTRY_SYMBOL.
 * Called once, on the main thread, right after the library is loaded, and
 * only when the library exports no entry point of another major version.
 * Returns the plugin's description (owned by the plugin, never freed by the
 * host), or NULL to refuse loading.
 *
 * The entry point may run in a scanner process that only asks the plugin to
 * describe itself (easel-plugin-scanner) before it runs in the host (see
 * "What may be called from where" at the top). An entry point should only
 * describe the plugin (and keep the table); create objects later, in methods.
 */
typedef const easel_plugin_desc *(*easel_plugin_entry_fn)(const easel_host_api *host);

/** Gives a symbol default visibility, so that the host finds it with dlsym(). */
#if defined(__GNUC__) || defined(__clang__)
#define EASEL_EXPORT __attribute__((visibility("default")))
#else
#define EASEL_EXPORT
#endif

/** C linkage for a definition, under C++ (a C++ entry point must not be name-mangled). */
#ifdef __cplusplus
#define EASEL_EXTERN_C extern "C"
#else
#define EASEL_EXTERN_C
#endif

/**
 * Declares (and begins the definition of) the entry point with the right
 * name, type, linkage and visibility: `EASEL_PLUGIN_ENTRY(host) { ... }`.
 */
#define EASEL_PLUGIN_ENTRY(host_param) \
    EASEL_EXTERN_C EASEL_EXPORT const easel_plugin_desc *easel_plugin_entry_v2(const easel_host_api *host_param)

/* ---- extension easel.paint.v1 ---- */

/**
 * The identifier of the painting extension: paths, clips, gradients, blend
 * modes and transparency layers as CoreGraphics has them, beyond the 2.0
 * graphics table. `host->get_extension(EASEL_PAINT_EXTENSION_ID)` returns a
 * `const easel_paint_api *`, or NULL on a host without it (and in the
 * scanner). Since: easel.paint.v1.
 */
#define EASEL_PAINT_EXTENSION_ID "easel.paint.v1"

/** How a path is painted or hit-tested (int32_t), as CGPathDrawingMode. Since: easel.paint.v1 */
enum {
    EASEL_PATH_FILL = 0,
    EASEL_PATH_EO_FILL = 1,
    EASEL_PATH_STROKE = 2,
    EASEL_PATH_FILL_STROKE = 3,
    EASEL_PATH_EO_FILL_STROKE = 4
};

/** Gradient drawing options (uint32_t flags), as CGGradientDrawingOptions. Since: easel.paint.v1 */
enum {
    /** Extend the first colour before the start point (or inside the start circle). */
    EASEL_GRADIENT_DRAWS_BEFORE_START = 1 << 0,
    /** Extend the last colour after the end point (or outside the end circle). */
    EASEL_GRADIENT_DRAWS_AFTER_END = 1 << 1
};

/**
 * Blend modes (int32_t), with CGBlendMode's values. Every mode but
 * PLUS_DARKER (26, which cairo cannot express: an error) is supported.
 * The separable and non-separable modes follow the PDF blend formulas; the
 * Porter-Duff modes (CLEAR ... XOR) follow cairo, which applies SOURCE_IN,
 * SOURCE_OUT, DESTINATION_IN and DESTINATION_ATOP to the whole clip, not
 * only under the shape painted (as HTML canvas does; CoreGraphics leaves
 * the destination outside the shape alone): clip to the shape first to get
 * CoreGraphics' result.
 * Since: easel.paint.v1
 */
enum {
    EASEL_BLEND_NORMAL = 0,
    EASEL_BLEND_MULTIPLY = 1,
    EASEL_BLEND_SCREEN = 2,
    EASEL_BLEND_OVERLAY = 3,
    EASEL_BLEND_DARKEN = 4,
    EASEL_BLEND_LIGHTEN = 5,
    EASEL_BLEND_COLOR_DODGE = 6,
    EASEL_BLEND_COLOR_BURN = 7,
    EASEL_BLEND_SOFT_LIGHT = 8,
    EASEL_BLEND_HARD_LIGHT = 9,
    EASEL_BLEND_DIFFERENCE = 10,
    EASEL_BLEND_EXCLUSION = 11,
    EASEL_BLEND_HUE = 12,
    EASEL_BLEND_SATURATION = 13,
    EASEL_BLEND_COLOR = 14,
    EASEL_BLEND_LUMINOSITY = 15,
    EASEL_BLEND_CLEAR = 16,
    EASEL_BLEND_COPY = 17,
    EASEL_BLEND_SOURCE_IN = 18,
    EASEL_BLEND_SOURCE_OUT = 19,
    EASEL_BLEND_SOURCE_ATOP = 20,
    EASEL_BLEND_DESTINATION_OVER = 21,
    EASEL_BLEND_DESTINATION_IN = 22,
    EASEL_BLEND_DESTINATION_OUT = 23,
    EASEL_BLEND_DESTINATION_ATOP = 24,
    EASEL_BLEND_XOR = 25,
    EASEL_BLEND_PLUS_DARKER = 26,
    EASEL_BLEND_PLUS_LIGHTER = 27
};

/**
 * A gradient (CGGradientRef): colour stops at locations, independent of any
 * context or geometry.
 *
 * Lifetime: made by gradient_create, owned by the plugin that made it until
 * it passes it to gradient_release; valid in any context and any number of
 * draws until then (make it once, in a static or an object's storage, and
 * reuse it). After release the handle is dead: the host checks every handle
 * it is given, so drawing with a released or made-up one is reported as an
 * error in that context (nothing is dereferenced), and releasing one twice
 * does nothing. Main thread only.
 * Since: easel.paint.v1
 */
typedef struct easel_gradient easel_gradient;

/**
 * The painting extension table (EASEL_PAINT_EXTENSION_ID). Owned by the host,
 * valid for the life of the process. Every function follows the 2.0 graphics
 * table's rules: the context comes first, NULL and unknown contexts are
 * ignored (functions with a result then return zero, or the null rect),
 * bad arguments become the context's sticky error, reported once by the host.
 * Coordinates are in the current user space. Since: easel.paint.v1.
 */
typedef struct easel_paint_api {
    /** EASEL_ABI_VERSION of the host. */
    uint32_t abi_version;
    /** sizeof(easel_paint_api) in the host. */
    uint32_t struct_size;

    /* clipping: part of the saved state; each leaves the current path empty */
    /** Intersects the clip with `rect` (CGContextClipToRect). Since: easel.paint.v1 */
    void (*clip_to_rect)(easel_context *ctx, easel_rect rect);
    /**
     * Intersects the clip with the union of `count` rects (CGContextClipToRects);
     * `rects` is read during the call and may be NULL only when `count` is 0
     * (which clips everything away); more than 1048576 rects is an error.
     * Since: easel.paint.v1
     */
    void (*clip_to_rects)(easel_context *ctx, const easel_rect *rects, uint32_t count);
    /**
     * The bounding box of the clip in user space (CGContextGetClipBoundingBox):
     * the canvas's bounds when nothing is clipped; the null rect (origin
     * +infinity, size 0; CGRectNull) when everything is clipped away.
     * Since: easel.paint.v1
     */
    easel_rect (*clip_bounding_box)(easel_context *ctx);

    /* paths */
    /**
     * Adds an arc of `radius` tangent to the line from the current point to
     * (x1, y1) and to the line from (x1, y1) to (x2, y2), with a line from the
     * current point to the arc's start (CGContextAddArcToPoint). With no
     * current point it starts a subpath at (x1, y1); when the three points are
     * on one line or `radius` is 0 it adds a line to (x1, y1). A negative
     * radius is an error.
     * Since: easel.paint.v1
     */
    void (*add_arc_to_point)(easel_context *ctx, double x1, double y1, double x2, double y2, double radius);
    /**
     * Adds a closed rounded rectangle with its own radius per corner (as
     * UIBezierPath and CSS border-radius: when two radii on one side add up
     * to more than the side, all radii shrink by the same factor); a radius
     * of 0 is a sharp corner; a negative radius is an error. The subpath
     * starts at the top edge and runs clockwise on the y-down canvas.
     * Since: easel.paint.v1
     */
    void (*add_rounded_rect)(easel_context *ctx, easel_rect rect, double top_left, double top_right,
                             double bottom_right, double bottom_left);
    /**
     * Stores the current point in user space into `*point` and returns 1
     * (CGContextGetPathCurrentPoint); returns 0 and leaves `*point`
     * unchanged when the path has no current point. `point` may be NULL.
     * Since: easel.paint.v1
     */
    int32_t (*current_point)(easel_context *ctx, easel_point *point);
    /**
     * The bounding box of the current path in user space
     * (CGContextGetPathBoundingBox): every point of the path, the control
     * points of curves included (arcs and quadratic curves as the cubic
     * Béziers they are stored as), and a lone move_to's point; the null
     * rect for an empty path.
     * Since: easel.paint.v1
     */
    easel_rect (*path_bounding_box)(easel_context *ctx);
    /**
     * 1 when the current path, painted with `mode` (EASEL_PATH_*) and the
     * current line settings, would cover `point` (user space), else 0
     * (CGContextPathContainsPoint). The path is kept. An unknown mode is an
     * error.
     * Since: easel.paint.v1
     */
    int32_t (*path_contains_point)(easel_context *ctx, easel_point point, int32_t mode);
    /**
     * Paints the current path with `mode` (EASEL_PATH_*): fill, stroke or
     * fill then stroke, and consumes it (CGContextDrawPath).
     * Since: easel.paint.v1
     */
    void (*draw_path)(easel_context *ctx, int32_t mode);

    /* rendering settings: part of the saved state */
    /**
     * Sets the miter limit of strokes (CGContextSetMiterLimit): a miter
     * join longer than `limit` times the line width is bevelled. Default 10;
     * a negative or non-finite limit is an error.
     * Since: easel.paint.v1
     */
    void (*set_miter_limit)(easel_context *ctx, double limit);
    /**
     * Turns antialiasing of fills, strokes, clips and text on (non-zero, the
     * default) or off (CGContextSetShouldAntialias); text drawn without it
     * is filled from its glyphs' outlines.
     * Since: easel.paint.v1
     */
    void (*set_should_antialias)(easel_context *ctx, int32_t antialias);

    /* gradients */
    /**
     * Makes a gradient of `count` colours (copied). `locations` (copied)
     * holds one location in 0...1 per colour, in increasing order (values
     * outside are clamped); NULL spaces the colours evenly from 0 to 1.
     * Between 0 and the first location the first colour shows, after the
     * last location the last one. Colours interpolate linearly in
     * unpremultiplied RGBA; components outside 0...1 are clamped.
     * Returns NULL for `count` 0 or more than 1024, NULL `colors`, or a
     * non-finite component or location. See easel_gradient for its lifetime.
     * Since: easel.paint.v1
     */
    easel_gradient *(*gradient_create)(const easel_color *colors, const double *locations, uint32_t count);
    /** Releases a gradient made by gradient_create (CGGradientRelease); NULL or a dead handle does nothing. Since: easel.paint.v1 */
    void (*gradient_release)(easel_gradient *gradient);
    /**
     * Paints `gradient` along the line from `start` to `end` (location 0 at
     * `start`, 1 at `end`, constant along perpendiculars) over the whole
     * clip (CGContextDrawLinearGradient), with the global alpha and blend
     * mode; `options` is EASEL_GRADIENT_* flags. The current path is kept.
     * Nothing is drawn when `start` and `end` coincide.
     * Since: easel.paint.v1
     */
    void (*draw_linear_gradient)(easel_context *ctx, const easel_gradient *gradient, easel_point start,
                                 easel_point end, uint32_t options);
    /**
     * Paints `gradient` between two circles (CGContextDrawRadialGradient):
     * location t on the circle whose centre and radius are interpolated
     * between the start and end circles, over the whole clip. Radii must not
     * be negative. Options and the rest as draw_linear_gradient.
     * Since: easel.paint.v1
     */
    void (*draw_radial_gradient)(easel_context *ctx, const easel_gradient *gradient, easel_point start_center,
                                 double start_radius, easel_point end_center, double end_radius,
                                 uint32_t options);

    /* compositing */
    /**
     * Sets how later painting combines with what is drawn (CGContextSetBlendMode),
     * EASEL_BLEND_*; part of the saved state. An unknown mode or PLUS_DARKER
     * is an error.
     * Since: easel.paint.v1
     */
    void (*set_blend_mode)(easel_context *ctx, int32_t mode);
    /**
     * Begins a transparency layer (CGContextBeginTransparencyLayer): drawing
     * until the matching end goes into a transparent offscreen layer, which
     * the end composites as one picture with the global alpha, blend mode
     * and shadow in effect now. Saves the graphics state; inside the layer the
     * alpha is 1, the blend mode normal and there is no shadow. Layers nest.
     * Since: easel.paint.v1
     */
    void (*begin_transparency_layer)(easel_context *ctx);
    /**
     * Ends the layer begun last and composites it; restores the state the
     * begin saved. Ending a layer that was not begun, or with saves inside
     * it left unrestored, is an error.
     * Since: easel.paint.v1
     */
    void (*end_transparency_layer)(easel_context *ctx);

    /* shadows */
    /**
     * Sets the shadow that every later fill, stroke, draw_path, text, image
     * (draw_image, draw_image_part, draw_tiled_image: in the drawn image's
     * shape) and transparency layer casts until the state is restored
     * (CGContextSetShadowWithColor); part of the saved state. `offset` and
     * `blur` are in the canvas's points, unaffected by the current
     * transform (as in CoreGraphics): the shadow falls `offset.width` right
     * and `offset.height` down, blurred like a Gaussian of standard deviation
     * blur / 2 (blur 0: a sharp shadow; clamped to 1000). The colour's
     * alpha is multiplied by the global alpha; an alpha of 0 turns shadows
     * off. A negative blur, an offset beyond 65534 points or a non-finite
     * value is an error. Gradients cast no shadow.
     * Since: easel.paint.v1
     */
    void (*set_shadow)(easel_context *ctx, easel_size offset, double blur, easel_color color);
} easel_paint_api;

/* ---- extension easel.text.v1 ---- */

/*
 * Text with Pango: HarfBuzz shaping, bidirectional text, fontconfig fonts and
 * fallback, paragraphs laid out in a rect. Found with
 * host->get_extension(EASEL_TEXT_EXTENSION_ID); NULL in the scanner and in a
 * host without Pango. Since: easel.text.v1.
 *
 * Units are the context's user-space units (points): a 12 pt font is 12
 * units tall whatever the transform, and measurements do not depend on the
 * output's scale or format (glyph positions are not rounded to pixels, so a
 * layout measured without a context is the layout drawn).
 *
 * Strings are UTF-8, read during the call only; invalid UTF-8 puts the
 * context in error (as the graphics table's show_text does) and measures as
 * zero. Ranges are byte offsets into the UTF-8 string.
 *
 * Threads: like the graphics table, a context is used from one thread at a
 * time; the measuring functions may be called from any thread (each thread
 * has its own Pango font map).
 */
#define EASEL_TEXT_EXTENSION_ID "easel.text.v1"

/** Font weights (int32_t), as CSS and Pango: 100 thin ... 900 black; 0 in a descriptor means "unchanged". Since: easel.text.v1 */
enum {
    EASEL_FONT_WEIGHT_THIN = 100,
    EASEL_FONT_WEIGHT_ULTRALIGHT = 200,
    EASEL_FONT_WEIGHT_LIGHT = 300,
    EASEL_FONT_WEIGHT_REGULAR = 400,
    EASEL_FONT_WEIGHT_MEDIUM = 500,
    EASEL_FONT_WEIGHT_SEMIBOLD = 600,
    EASEL_FONT_WEIGHT_BOLD = 700,
    EASEL_FONT_WEIGHT_HEAVY = 800,
    EASEL_FONT_WEIGHT_BLACK = 900
};
/** Font styles (int32_t); 0 in a descriptor means "unchanged". Since: easel.text.v1 */
enum { EASEL_FONT_STYLE_UNSET = 0, EASEL_FONT_STYLE_NORMAL = 1, EASEL_FONT_STYLE_ITALIC = 2, EASEL_FONT_STYLE_OBLIQUE = 3 };
/** Font stretch (int32_t), 1 ultra-condensed ... 5 normal ... 9 ultra-expanded; 0 means "unchanged". Since: easel.text.v1 */
enum {
    EASEL_FONT_STRETCH_UNSET = 0,
    EASEL_FONT_STRETCH_ULTRA_CONDENSED = 1,
    EASEL_FONT_STRETCH_CONDENSED = 3,
    EASEL_FONT_STRETCH_NORMAL = 5,
    EASEL_FONT_STRETCH_EXPANDED = 7,
    EASEL_FONT_STRETCH_ULTRA_EXPANDED = 9
};

/**
 * A font, by description (UIFontDescriptor-lite). Built in two steps:
 * `description`, when not NULL, is parsed as Pango's string form
 * ("DejaVu Sans Bold Italic 12", "Sans Condensed 9", "Serif 14"); then each
 * structured field that is set replaces what the string said; what neither
 * sets stays as it was (the context's font for set_font, the paragraph's
 * for a run, "Sans" 12 without a context). Read during the call only.
 * Since: easel.text.v1
 */
typedef struct easel_font_desc {
    /** EASEL_ABI_VERSION the plugin was built with. */
    uint32_t abi_version;
    /** sizeof(easel_font_desc) in the plugin. */
    uint32_t struct_size;
    /** Pango's string form, or NULL. An unparsable string gives the default font. */
    const char *description;
    /** A fontconfig family name or a comma-separated list ("DejaVu Sans,Noto Sans"), or NULL: unchanged. */
    const char *family;
    /** The size in user-space units; 0: unchanged. Negative, NaN or over 10000 is an error. */
    double size;
    /** EASEL_FONT_WEIGHT_* or any value 100...1000; 0: unchanged. Other values are an error. */
    int32_t weight;
    /** EASEL_FONT_STYLE_*. Other values are an error. */
    int32_t style;
    /** EASEL_FONT_STRETCH_* or any value 1...9; 0: unchanged. Other values are an error. */
    int32_t stretch;
    /** Must be 0. */
    int32_t reserved;
} easel_font_desc;

/** Vertical metrics of a font (UIFont's ascender, descender, lineHeight), in user-space units. Since: easel.text.v1 */
typedef struct easel_font_metrics {
    /** From the baseline up to the top of the line (positive). */
    double ascent;
    /** From the baseline down to the bottom of the line (positive). */
    double descent;
    /** The distance between the baselines of two lines: at least ascent + descent. */
    double line_height;
} easel_font_metrics;

/**
 * Paragraph alignment (int32_t), as NSTextAlignment. Natural is left for a
 * left-to-right paragraph, right for a right-to-left one (each paragraph
 * takes its direction from its first strong character); left and right are
 * left and right in every paragraph.
 * Since: easel.text.v1
 */
enum {
    EASEL_TEXT_ALIGN_NATURAL = 0,
    EASEL_TEXT_ALIGN_LEFT = 1,
    EASEL_TEXT_ALIGN_CENTER = 2,
    EASEL_TEXT_ALIGN_RIGHT = 3,
    EASEL_TEXT_ALIGN_JUSTIFIED = 4
};
/** Line breaking (int32_t): at word boundaries (falling back to characters for a word wider than the line), or at any character. Since: easel.text.v1 */
enum { EASEL_LINE_BREAK_WORD = 0, EASEL_LINE_BREAK_CHAR = 1 };
/** Truncation (int32_t) when the text does not fit: with an ellipsis "…" at the head, the middle or the tail of the last line shown. Since: easel.text.v1 */
enum { EASEL_TRUNCATE_NONE = 0, EASEL_TRUNCATE_HEAD = 1, EASEL_TRUNCATE_MIDDLE = 2, EASEL_TRUNCATE_TAIL = 3 };

/**
 * How a paragraph is laid out (NSParagraphStyle-lite). A NULL style means all
 * zero: the context's font, natural alignment, word breaking, no truncation,
 * no line limit, no extra spacing. Read during the call only.
 * Since: easel.text.v1
 */
typedef struct easel_text_style {
    /** EASEL_ABI_VERSION the plugin was built with. */
    uint32_t abi_version;
    /** sizeof(easel_text_style) in the plugin. */
    uint32_t struct_size;
    /** The font, or NULL for the context's current font (set_font; the default font without a context). */
    const easel_font_desc *font;
    /** EASEL_TEXT_ALIGN_*. */
    int32_t alignment;
    /** EASEL_LINE_BREAK_*. */
    int32_t line_break;
    /**
     * EASEL_TRUNCATE_*. The lines that fit the rect's height (and max_lines)
     * are shown, counted over all paragraphs, and the last one shown is cut
     * with "…" when text remains (after its paragraph's text when the cut
     * falls at a paragraph break). HEAD and MIDDLE are meant for one line
     * (max_lines 1), as in UIKit. Paragraphs cut this way are laid out as
     * one, in the first one's direction.
     */
    int32_t truncation;
    /** The most lines shown (0: no limit); with truncation NONE the lines after them are not drawn. Negative is an error. */
    int32_t max_lines;
    /** Extra space between lines in user-space units (NSParagraphStyle's lineSpacing); may be negative, not NaN. */
    double line_spacing;
} easel_text_style;

/** Kinds of attributed run (int32_t). Since: easel.text.v1 */
enum {
    /** `color` is the run's fill colour. */
    EASEL_TEXT_ATTR_COLOR = 1,
    /** `font` is the run's font (its set fields change the paragraph's font for the run). */
    EASEL_TEXT_ATTR_FONT = 2,
    /** `value` is 0 (none), 1 (single) or 2 (double) underline, drawn in `color` when its alpha is > 0, else the text's colour. */
    EASEL_TEXT_ATTR_UNDERLINE = 3,
    /** `value` 0 or 1: a line through the run, in `color` when its alpha is > 0. */
    EASEL_TEXT_ATTR_STRIKETHROUGH = 4,
    /** `number` moves the run's baseline up by that many user-space units (down when negative). */
    EASEL_TEXT_ATTR_BASELINE_OFFSET = 5
};

/**
 * One attribute over the bytes [start, end) of the string
 * (NSAttributedString-lite). Ranges may overlap; a later run wins for the
 * same kind. `end` past the string is clamped; a bound inside a UTF-8
 * sequence is moved out to cover the whole character; start > end is an
 * error.
 * Since: easel.text.v1
 */
typedef struct easel_text_attribute {
    /** First byte of the run. */
    uint32_t start;
    /** One past the last byte of the run. */
    uint32_t end;
    /** EASEL_TEXT_ATTR_*; an unknown kind is an error. */
    int32_t kind;
    /** The kind's integer value (underline style, strikethrough on/off). */
    int32_t value;
    /** The kind's colour (COLOR, UNDERLINE, STRIKETHROUGH). */
    easel_color color;
    /** The kind's number (BASELINE_OFFSET). */
    double number;
    /** The kind's font (FONT), read during the call; NULL is an error for FONT. */
    const easel_font_desc *font;
} easel_text_attribute;

/**
 * The text table (easel.text.v1). The graphics table's set_font, show_text
 * and measure_text use the same engine: set_font(ctx, "DejaVu Sans", 12)
 * is set_font here with family "DejaVu Sans" and size 12.
 */
typedef struct easel_text_api {
    /** EASEL_ABI_VERSION of the host. */
    uint32_t abi_version;
    /** sizeof(easel_text_api) in the host. */
    uint32_t struct_size;

    /**
     * Sets the context's font (part of the saved state), starting from the
     * current font: description first, then the structured fields. NULL is
     * an error.
     * Since: easel.text.v1
     */
    void (*set_font)(easel_context *ctx, const easel_font_desc *font);
    /**
     * Metrics of `font` (NULL: the context's font; with a NULL context too,
     * the default font). An invalid descriptor gives zeros (and puts a
     * non-NULL context in error).
     * Since: easel.text.v1
     */
    easel_font_metrics (*font_metrics)(easel_context *ctx, const easel_font_desc *font);

    /**
     * Draws one line of UTF-8 text (`length` bytes, or up to the NUL when
     * `length` is -1) with its baseline starting at (x, y), in the fill colour,
     * shaped, with `attributes` applied (may be NULL when `attribute_count`
     * is 0). The text stays on one line: a newline is shown as a symbol
     * (Pango's single-paragraph mode). Leaves the current path empty.
     * Since: easel.text.v1
     */
    void (*draw_text_at)(easel_context *ctx, const char *utf8, int64_t length, double x, double y,
                         const easel_text_attribute *attributes, uint32_t attribute_count);
    /**
     * Lays out UTF-8 text in `rect` with `style` and draws it in the fill
     * colour, the first line's top at the rect's top; lines beyond the rect's
     * bottom are not drawn (a tail truncation ellipsises the last line that
     * fits). Leaves the current path empty.
     * Since: easel.text.v1
     */
    void (*draw_text_in_rect)(easel_context *ctx, const char *utf8, int64_t length, easel_rect rect,
                              const easel_text_style *style, const easel_text_attribute *attributes,
                              uint32_t attribute_count);
    /**
     * The size the text needs when laid out `width` wide (the width of the
     * widest line shown, the lines' heights plus the spacing between them),
     * with `style`; `width` <= 0 or infinite: no wrapping (as for a rect of
     * zero width in draw_text_in_rect). `max_height` > 0 limits the lines as a rect
     * of that height would. NULL context: measured with the default font
     * map, the same as drawn. Zero for NULL or invalid text.
     * Since: easel.text.v1
     */
    easel_size (*measure_text)(easel_context *ctx, const char *utf8, int64_t length, double width,
                               double max_height, const easel_text_style *style,
                               const easel_text_attribute *attributes, uint32_t attribute_count);
    /**
     * The rect (in the coordinates of `rect`) of the characters in the bytes
     * [start, end) when the text is laid out in `rect` with `style`: the
     * union of their logical boxes. An empty range gives a zero-width caret
     * rect at `start`, on the leading edge of the character there in its
     * paragraph's direction (the right edge of a right-to-left character,
     * where typed text would go); a range outside the text is clamped.
     * Since: easel.text.v1
     */
    easel_rect (*character_rect)(easel_context *ctx, const char *utf8, int64_t length, easel_rect rect,
                                 const easel_text_style *style, const easel_text_attribute *attributes,
                                 uint32_t attribute_count, uint32_t start, uint32_t end);
} easel_text_api;

#ifdef __cplusplus
}
#endif

/* ---- extension easel.image.v1 ---- */

/** The identifier of the image extension: `host->get_extension(EASEL_IMAGE_EXTENSION_V1)`. Since: easel.image.v1 */
#define EASEL_IMAGE_EXTENSION_V1 "easel.image.v1"

/** A decoded image, owned by the plugin that loaded it (release it with release_image). Since: easel.image.v1 */
typedef struct easel_image easel_image;

/**
 * Whether an image table `api` (an `const easel_image_api_v1 *`) has the slot
 * `slot`: its struct_size covers it. Slots of the first size (56) are always there.
 * Since: easel.image.v1
 */
#define EASEL_IMAGE_API_HAS(api, slot) \
    ((api) != NULL && (api)->struct_size >= offsetof(easel_image_api_v1, slot) + sizeof((api)->slot))

/** The least struct_size a host's image table has: its first six functions (easel.image.v1 as first published). Since: easel.image.v1 */
#define EASEL_IMAGE_API_V1_SIZE 56

/**
 * Images: decoding PNG, JPEG, WebP, GIF and SVG files and drawing them (easel.image.v1).
 * Found with `host->get_extension(EASEL_IMAGE_EXTENSION_V1)` (NULL in the
 * scanner and in hosts without it). Every function tolerates NULL and
 * unknown handles (doing nothing, returning zero or an error).
 * Since: easel.image.v1
 */
typedef struct easel_image_api_v1 {
    /** EASEL_ABI_VERSION of the host. */
    uint32_t abi_version;
    /**
     * sizeof(easel_image_api_v1) as the host knows it: at least
     * EASEL_IMAGE_API_V1_SIZE (56, the first six functions). A slot added
     * later is there only when struct_size covers it: test with
     * EASEL_IMAGE_API_HAS(api, slot) before calling it.
     */
    uint32_t struct_size;

    /**
     * Reads and decodes an image file: PNG, JPEG, WebP, GIF (an animated
     * WebP or GIF: its first frame) or SVG (rendered by librsvg at its width
     * and height in points), told
     * apart by its contents. A name ending in `@2x` or `@3x` before the
     * extension (`arrow@2x.png`) makes the image 2 or 3 pixels a point, as
     * UIKit reads it; otherwise 1 (an SVG: 2).
     *
     * On success returns 0 and stores a new handle in *out (the caller
     * releases it with release_image). On failure (NULL arguments, a missing
     * or unreadable file, one that is not an image, a corrupt or truncated one,
     * one too large) returns -1, stores NULL in *out, and writes a message
     * naming the file into `message` (NUL-terminated, truncated to
     * `message_size` bytes; `message` may be NULL), e.g. "cannot read
     * /res/arrow.png: corrupt PNG image: ...". Never crashes on bad bytes.
     * The host's copy of the pixels is premultiplied ARGB32.
     *
     * Decoded images are cached by file identity (device, inode, size and
     * modification time) within a memory budget (128 MB of decoded pixels by
     * default, least recently used out first): loading an unchanged file again
     * returns the same image without reading it. Each handle is still the
     * caller's and is released on its own; only regular files are read.
     * Since: easel.image.v1
     */
    int32_t (*load_image)(const char *path, easel_image **out, char *message, uint32_t message_size);

    /** Releases an image from load_image; NULL is ignored. The handle is invalid afterwards. Since: easel.image.v1 */
    void (*release_image)(easel_image *image);

    /** The image's size in points (its pixels over its scale); zero for NULL or an unknown handle. Since: easel.image.v1 */
    easel_size (*image_size)(const easel_image *image);

    /** Pixels per point: 2 for a `@2x` file, 3 for `@3x`, else 1; 0 for NULL or an unknown handle. Since: easel.image.v1 */
    double (*image_scale)(const easel_image *image);

    /**
     * Draws the whole image scaled into `rect` (user space) under the
     * context's transform, clip and global alpha, with good interpolation;
     * the image's edge pixels are repeated, not blended with transparency.
     * The shadow in effect (easel.paint.v1's set_shadow) is cast in the
     * image's shape (its alpha), as fills cast theirs (since easel.image.v1 size 128).
     * An empty rect draws nothing; a non-finite one puts the context in error.
     * Since: easel.image.v1
     */
    void (*draw_image)(easel_context *ctx, const easel_image *image, easel_rect rect);

    /**
     * Draws part of the image into `rect`, as CGImageCreateWithImageInRect
     * then drawing: `part` is in the image's points from its top left, taken
     * as the whole pixels it touches within the image; the part's
     * neighbours never show. A part outside the image draws nothing.
     * Since: easel.image.v1
     */
    void (*draw_image_part)(easel_context *ctx, const easel_image *image, easel_rect part, easel_rect rect);

    /**
     * Loads an image by name, as UIImage(named:in:compatibleWith:) with the
     * bundle of the plugin: `owner` is any object of the calling plugin
     * (usually `self`); the host looks in the resource folders of the plugin
     * that defines the owner's class, then in the image folders the scene
     * names (`"imageFolders"`). A plugin file `<dir>/lib<Name>.so` (or
     * `<dir>/<Name>.so`) owns the folder `<dir>/<Name>.resources/` and, for a
     * plugin built by SwiftPM, its resource bundle `<dir>/<Package>_<Name>.resources/`.
     * Resources are only read, never executed; only regular files are opened.
     *
     * `name` is relative to a folder ("arrow", "icons/arrow", "arrow.png"; no
     * "..", no leading "/"). Without an image extension it tries .png, .jpg,
     * .jpeg, .webp, .gif and .svg. The variants `name`, `name@2x` and `name@3x`
     * are chosen by the render's scale: the smallest at least that scale, else
     * the largest. The first folder holding any variant wins. The image's scale
     * is the variant's; an SVG without one is rendered at the render's scale.
     *
     * On success returns 0 and stores a new handle in *out (the caller
     * releases it with release_image). On failure returns -1, stores NULL in
     * *out (when `out` is not NULL) and writes a message into `message` (as
     * load_image; `message` may be NULL): a NULL `owner`, `name` or `out`; a bad
     * name; "image_named: no image named 'arrow' in <folders searched> (...)";
     * or the decoding error naming the file, e.g. "cannot read
     * /p/Arrow.resources/arrow@2x.png: corrupt PNG image: ...".
     *
     * Decoded images are cached by file identity (see load_image), so naming
     * the same image again is cheap.
     * Since: easel.image.v1 (size 64)
     */
    int32_t (*image_named)(const easel_object *owner, const char *name, easel_image **out, char *message,
                           uint32_t message_size);

    /**
     * Sets how images are sampled when scaled (CGContextSetInterpolationQuality),
     * for draw_image, draw_image_part, draw_tiled_image and clip_to_image_mask:
     * one of EASEL_INTERPOLATION_* (CGInterpolationQuality's numbers). NONE
     * takes the nearest pixel (hard pixel edges, for pixel art); LOW is
     * bilinear; DEFAULT and MEDIUM are cairo's "good", HIGH its "best". Part of
     * the graphics state (saved and restored). Another value puts the context
     * in error. A NULL or unknown context is ignored.
     * Since: easel.image.v1 (size 128)
     */
    void (*set_interpolation_quality)(easel_context *ctx, int32_t quality);

    /** The interpolation quality of the current state; DEFAULT for NULL or an unknown context. Since: easel.image.v1 (size 128) */
    int32_t (*interpolation_quality)(easel_context *ctx);

    /**
     * Fills `rect` with the image repeated as a pattern (CGContextDrawTiledImage,
     * within a rect instead of the whole clip): one copy of the image goes in
     * `tile` (user space, scaled to its size) and the copies repeat from it in
     * every direction, so a tile at (0, 0) puts the pattern's phase at the
     * user-space origin, as CoreGraphics does. Drawn under the clip and global
     * alpha, with the interpolation quality; the shadow in effect is cast in
     * the shape of the tiles within `rect`. An empty tile or rect draws
     * nothing; a non-finite one, or a tile under 0.01 points a side, puts the
     * context in error. NULL or unknown handles are ignored.
     * Since: easel.image.v1 (size 128)
     */
    void (*draw_tiled_image)(easel_context *ctx, const easel_image *image, easel_rect tile, easel_rect rect);

    /**
     * Clips later drawing to the image's alpha, the image placed in `rect` as
     * draw_image places it (CGContextClipToMask, with the image's alpha as the
     * mask): where the image is opaque drawing shows, where it is transparent
     * it does not, and outside `rect` nothing shows. An image with no
     * transparent pixel (a greyscale mask image, as CoreGraphics takes one)
     * masks by its luminance instead: white shows, black hides, grey shows
     * in part. Intersected with the
     * current clip; it lasts until the graphics state current at the call is
     * restored (restore_state, or the host's restore after drawRect:). Under
     * a mask, blend modes blend with and clear_rect clears the drawing under
     * it, as without a mask (where the mask is partly transparent, the result
     * of all drawing under it is mixed with what was there by the mask). An
     * empty rect clips
     * everything out; a non-finite one puts the context in error. NULL or
     * unknown handles are ignored. The image may be released right after.
     * Since: easel.image.v1 (size 128)
     */
    void (*clip_to_image_mask)(easel_context *ctx, const easel_image *image, easel_rect rect);

    /**
     * Makes an image from pixels the plugin supplies: `height` rows, `stride`
     * bytes apart, of `width` premultiplied BGRA pixels (cairo's ARGB32 in
     * native byte order: on little-endian machines the bytes B, G, R, A, as
     * CGImage's premultipliedFirst | byteOrder32Little). The pixels are copied;
     * the caller keeps its buffer. `scale` is pixels per point (0 < scale <= 16).
     *
     * On success returns 0 and stores a new handle in *out (release it with
     * release_image). On failure returns -1, stores NULL in *out and writes a
     * message: NULL pixels or out, a side outside 1...32767 pixels, a stride
     * less than width * 4 ("image_from_pixels: stride 12 is less than width x 4
     * = 16 bytes"), stride * height over 256 MB, or a bad scale. Nothing is
     * read from `pixels` then.
     * Since: easel.image.v1 (size 128)
     */
    int32_t (*image_from_pixels)(const void *pixels, uint32_t width, uint32_t height, uint32_t stride, double scale,
                                 easel_image **out, char *message, uint32_t message_size);

    /**
     * Creates an offscreen bitmap context (UIGraphicsImageRenderer): `size`
     * points at `scale` pixels a point (ceil(size * scale) pixels, at most 32767
     * a side and 256 MB of pixels; 0 < scale <= 16; the live bitmap contexts
     * of the process hold at most 1 GB), transparent at first. Every drawing table
     * (graphics, paint, text, image) draws into the returned context like into
     * the one drawRect: gets. With `opaque` non-zero the bitmap has no alpha,
     * as an opaque UIGraphicsImageRendererFormat: images made from it are
     * opaque, what was not drawn black.
     *
     * On success returns 0 and stores the context in *out; the plugin owns it
     * and releases it with bitmap_context_release (images made from it live
     * on). On failure returns -1, stores NULL in *out and writes a message
     * (NULL out, a bad size or scale, memory cairo cannot get).
     * Since: easel.image.v1 (size 128)
     */
    int32_t (*bitmap_context_create)(easel_size size, double scale, int32_t opaque, easel_context **out,
                                     char *message, uint32_t message_size);

    /**
     * Makes an image of what a bitmap context holds now (a copy; drawing on
     * afterwards does not change it), with the context's scale
     * (UIGraphicsImageRenderer's image). Returns 0 and a new handle in *out
     * (release it with release_image); -1, NULL and a message for NULL
     * arguments, a context that is not a live bitmap context, or one in error
     * (the message carries the context's first error). Drawing under a
     * clip_to_image_mask or in a transparency layer reaches the bitmap when
     * the mask's state is restored or the layer ends: save before masking and
     * restore before this call.
     * Since: easel.image.v1 (size 128)
     */
    int32_t (*image_from_bitmap_context)(easel_context *ctx, easel_image **out, char *message, uint32_t message_size);

    /** Releases a bitmap context from bitmap_context_create; NULL and other contexts are ignored. The handle is invalid afterwards. Since: easel.image.v1 (size 128) */
    void (*bitmap_context_release)(easel_context *ctx);
} easel_image_api_v1;

/** Interpolation qualities for set_interpolation_quality (CGInterpolationQuality's numbers). Since: easel.image.v1 (size 128) */
enum {
    EASEL_INTERPOLATION_DEFAULT = 0,
    EASEL_INTERPOLATION_NONE = 1,
    EASEL_INTERPOLATION_LOW = 2,
    EASEL_INTERPOLATION_HIGH = 3,
    EASEL_INTERPOLATION_MEDIUM = 4
};

/* ---- extension easel.layer.v1 ---- */

/**
 * The identifier of the layer extension: `host->get_extension(EASEL_LAYER_EXTENSION_ID)`
 * returns a `const easel_layer_api *`, or NULL on a host without it (and in
 * the scanner). Since: easel.layer.v1
 */
#define EASEL_LAYER_EXTENSION_ID "easel.layer.v1"

/**
 * sizeof(easel_layer_api) in the first easel.layer.v1: the least struct_size a
 * host's table has. Slots added later say "Since: easel.layer.v1 (size N)";
 * check `struct_size >= N` (or EASEL_HAS_LAYER_SLOT) before calling them. Since: easel.layer.v1
 */
#define EASEL_LAYER_API_V1_SIZE 336

/**
 * Whether a layer table `api` (a `const easel_layer_api *`) has the slot
 * `slot`: its struct_size reaches past the slot's end. Since: easel.layer.v1 (size 424)
 */
#define EASEL_HAS_LAYER_SLOT(api, slot) \
    ((api) != NULL && (api)->struct_size >= offsetof(easel_layer_api, slot) + sizeof((api)->slot))

/**
 * The corners `cornerRadius` rounds (Core Animation's CACornerMask, same
 * values; y points down, so MIN_Y is the top). Since: easel.layer.v1
 */
enum {
    EASEL_CORNER_MIN_X_MIN_Y = 1 << 0,
    EASEL_CORNER_MAX_X_MIN_Y = 1 << 1,
    EASEL_CORNER_MIN_X_MAX_Y = 1 << 2,
    EASEL_CORNER_MAX_X_MAX_Y = 1 << 3,
    EASEL_CORNER_ALL = 15
};

/**
 * The layer behind every view (CALayer, the view as its delegate), for
 * plugin code (easel.layer.v1). Owned by the host, valid for the life of the
 * process; main thread only, from methods (not the entry point), never while
 * the view's tree draws (a drawRect: may read, not set).
 *
 * `view` is any view (an object of `View` or a subclass). Getters return the
 * property's default for NULL or an object that is not a view; setters
 * return EASEL_OK, EASEL_ERROR_NULL_ARGUMENT for NULL,
 * EASEL_ERROR_TYPE_MISMATCH for an object that is not a view, or
 * EASEL_ERROR_INVALID_OPERATION for a value the layer refuses (a negative or
 * non-finite radius or width, a colour component that is not a number, a
 * shadow polygon of more than 100,000 points), which leaves the property
 * unchanged; every error is also reported as a diagnostic naming the
 * function. Opacities are clamped to 0...1, colour components too.
 *
 * The properties a view also has are one and the same: opacity is the
 * view's alpha, position its center, hidden, background colour and
 * masks-to-bounds (clipsToBounds) its own. Lengths are in points, in the
 * view's coordinates. Since: easel.layer.v1
 */
typedef struct easel_layer_api {
    /** EASEL_ABI_VERSION of the host. */
    uint32_t abi_version;
    /** sizeof(easel_layer_api) in the host: at least EASEL_LAYER_API_V1_SIZE. */
    uint32_t struct_size;

    /** The corner radius (0: square corners). Rounds the background and the border, and with masks_to_bounds clips content and subviews. */
    double (*corner_radius)(const easel_object *view);
    int32_t (*set_corner_radius)(easel_object *view, double radius);
    /** The corners the radius rounds: EASEL_CORNER_* bits (EASEL_CORNER_ALL by default); other bits are ignored. */
    uint32_t (*masked_corners)(const easel_object *view);
    int32_t (*set_masked_corners)(easel_object *view, uint32_t corners);
    /** 1 when content, subviews and the shadow are clipped to the rounded bounds (the view's clipsToBounds). */
    int32_t (*masks_to_bounds)(const easel_object *view);
    int32_t (*set_masks_to_bounds)(easel_object *view, int32_t masks);
    /** The border's width (0 by default), drawn inside the bounds above the content and the subviews. */
    double (*border_width)(const easel_object *view);
    int32_t (*set_border_width)(easel_object *view, double width);
    /** The border's colour (opaque black by default). */
    easel_color (*border_color)(const easel_object *view);
    int32_t (*set_border_color)(easel_object *view, easel_color color);
    /** The shadow's colour (opaque black by default); its alpha is multiplied by the shadow opacity. */
    easel_color (*shadow_color)(const easel_object *view);
    int32_t (*set_shadow_color)(easel_object *view, easel_color color);
    /** The shadow's opacity, 0...1 (0 by default: no shadow). */
    double (*shadow_opacity)(const easel_object *view);
    int32_t (*set_shadow_opacity)(easel_object *view, double opacity);
    /** The shadow's offset in the view's coordinates ((0, -3) by default). */
    easel_size (*shadow_offset)(const easel_object *view);
    int32_t (*set_shadow_offset)(easel_object *view, easel_size offset);
    /** The shadow's blur radius (3 by default), about the standard deviation of a Gaussian; at most 1000. */
    double (*shadow_radius)(const easel_object *view);
    int32_t (*set_shadow_radius)(easel_object *view, double radius);
    /**
     * Sets the shadow path to a rectangle with rounded corners of one radius
     * (0: a plain rectangle), in the view's coordinates. Without a shadow
     * path the shadow follows the composited alpha of the view and its subviews.
     */
    int32_t (*set_shadow_path_rect)(easel_object *view, easel_rect rect, double corner_radius);
    /** Sets the shadow path to the ellipse inscribed in `rect`. */
    int32_t (*set_shadow_path_ellipse)(easel_object *view, easel_rect rect);
    /** Sets the shadow path to a closed polygon; the host copies the points (at most 100,000). */
    int32_t (*set_shadow_path_polygon)(easel_object *view, const easel_point *points, uint32_t count);
    /** Removes the shadow path. */
    int32_t (*clear_shadow_path)(easel_object *view);
    /** 1 when a shadow path is set. */
    int32_t (*has_shadow_path)(const easel_object *view);
    /** The opacity: the view's alpha (1 by default). */
    double (*opacity)(const easel_object *view);
    int32_t (*set_opacity)(easel_object *view, double opacity);
    /**
     * The anchor point in the unit square of the bounds ((0.5, 0.5) by
     * default, (0, 0) the top left). The transform turns and scales about
     * it; setting it keeps the position and moves the frame.
     */
    easel_point (*anchor_point)(const easel_object *view);
    int32_t (*set_anchor_point)(easel_object *view, easel_point anchor);
    /** Where the anchor point lies in the superview: the view's center. */
    easel_point (*position)(const easel_object *view);
    int32_t (*set_position)(easel_object *view, easel_point position);
    /** The order among siblings when drawn: by z position, then by index (0 by default). Hit testing keeps the subviews' order. */
    double (*z_position)(const easel_object *view);
    int32_t (*set_z_position)(easel_object *view, double z);
    /** 1 when the view and its subviews are hidden (the view's hidden). */
    int32_t (*hidden)(const easel_object *view);
    int32_t (*set_hidden)(easel_object *view, int32_t hidden);
    /** The background colour (the view's); alpha 0 when it has none. Setting alpha 0 removes it. */
    easel_color (*background_color)(const easel_object *view);
    int32_t (*set_background_color)(easel_object *view, easel_color color);
    /** 1 (the default) when an opacity below 1 composites the view and its subviews as one group. */
    int32_t (*allows_group_opacity)(const easel_object *view);
    int32_t (*set_allows_group_opacity)(easel_object *view, int32_t allows);

    /**
     * Window conversions (UIWindow's convertPoint:toWindow: and friends): from
     * `view`'s coordinates to `window`'s, or back. `window` is a view whose
     * class is Window or a subclass, or NULL for the screen: the canvas the
     * trees are rendered into, where each root stands at its frame. A rect
     * becomes the bounding box of its converted corners. A non-window
     * `window` counts as NULL and is reported.
     */
    easel_point (*convert_point_to_window)(const easel_object *view, easel_point point, const easel_object *window);
    easel_point (*convert_point_from_window)(const easel_object *view, easel_point point, const easel_object *window);
    easel_rect (*convert_rect_to_window)(const easel_object *view, easel_rect rect, const easel_object *window);
    easel_rect (*convert_rect_from_window)(const easel_object *view, easel_rect rect, const easel_object *window);

    /*
     * Layers that are not views (objects of the built-in class "Layer",
     * CALayer) and image views (built-in class "ImageView", UIImageView).
     * A layer's other properties are read and written by name with
     * host->property_get / property_set: "bounds", "frame" (rects),
     * "position", "anchorPoint" (points), "transform", "backgroundColor",
     * "borderColor", "shadowColor" (colours), "contentsGravity" (i,
     * EASEL_GRAVITY_*), "contentsScale", "cornerRadius", "borderWidth",
     * "shadowOpacity", "shadowRadius", "opacity", "zPosition" (d),
     * "contentsRect", "contentsCenter" (rects in the unit square),
     * "shadowOffset" (size), "masksToBounds", "hidden" (B) and "delegate" (@:
     * an object sent drawLayer:inContext: `v@:@^v` to draw the layer, in its
     * coordinates, clipped to its bounds). An image view's: "contentMode"
     * (q, EASEL_CONTENT_MODE_*), "renderingMode" (i, 2 for a template),
     * "tintColor" (colour), "highlighted" (B).
     *
     * `parent` is a view (its layer's standalone sublayers, drawn above the
     * view's content and below its subviews) or a layer. Sublayers draw in
     * order, by zPosition first. A layer made by create_layer is kept alive
     * by the host until it is first added as a sublayer; its parent then owns
     * it. Adding a layer to its own sublayer, or nesting layers more than 64
     * deep, is EASEL_ERROR_INVALID_OPERATION; a parent that is neither a view
     * nor a layer, or a sublayer that is not a layer,
     * EASEL_ERROR_TYPE_MISMATCH. Since: easel.layer.v1 (size 424)
     */
    /** Creates a layer with zero bounds at (0, 0); NULL outside a method. Since: easel.layer.v1 (size 424) */
    easel_object *(*create_layer)(void);
    /** Adds `sublayer` above the other sublayers of `parent` (moving it from where it was). Since: easel.layer.v1 (size 424) */
    int32_t (*add_sublayer)(easel_object *parent, easel_object *sublayer);
    /** Inserts `sublayer` at an index of `parent`'s sublayers (clamped to the count). Since: easel.layer.v1 (size 424) */
    int32_t (*insert_sublayer_at)(easel_object *parent, easel_object *sublayer, uint32_t index);
    /** Inserts `sublayer` just above `sibling` (at the top when `sibling` is not a sublayer of `parent`). Since: easel.layer.v1 (size 424) */
    int32_t (*insert_sublayer_above)(easel_object *parent, easel_object *sublayer, easel_object *sibling);
    /** Inserts `sublayer` just below `sibling` (at the bottom when `sibling` is not a sublayer of `parent`). Since: easel.layer.v1 (size 424) */
    int32_t (*insert_sublayer_below)(easel_object *parent, easel_object *sublayer, easel_object *sibling);
    /** Removes a layer from its parent; freed when nothing else holds it. Since: easel.layer.v1 (size 424) */
    int32_t (*remove_from_superlayer)(easel_object *layer);
    /** The number of `parent`'s standalone sublayers. Since: easel.layer.v1 (size 424) */
    uint32_t (*sublayer_count)(const easel_object *parent);
    /** The sublayer at an index, back to front; NULL when out of range. Since: easel.layer.v1 (size 424) */
    easel_object *(*sublayer_at)(const easel_object *parent, uint32_t index);
    /** The layer or view `layer` is a sublayer of; NULL for none. Since: easel.layer.v1 (size 424) */
    easel_object *(*superlayer)(const easel_object *layer);
    /**
     * Sets a layer's contents to an image from the image table (load_image,
     * image_named); the layer keeps the image, so the plugin may release its
     * handle right after. NULL clears. Since: easel.layer.v1 (size 424)
     */
    int32_t (*set_contents)(easel_object *layer, const easel_image *image);
    /**
     * Sets an image view's image (`highlighted` 0) or highlighted image
     * (1), as set_contents keeps it; NULL clears. The view's intrinsic
     * content size becomes the shown image's size in points.
     * Since: easel.layer.v1 (size 424)
     */
    int32_t (*set_image_view_image)(easel_object *image_view, const easel_image *image, int32_t highlighted);
    /**
     * Backing stores and content modes (the view's kept content). Present when
     * struct_size >= EASEL_LAYER_API_CONTENT_SIZE; check before calling.
     */
    /**
     * The view's content mode: an EASEL_CONTENT_MODE_* value (UIKit's
     * UIViewContentMode numbers; EASEL_CONTENT_MODE_SCALE_TO_FILL by default),
     * which places the view's kept content when its size changes, without a
     * drawRect: (EASEL_CONTENT_MODE_REDRAW draws again). Setting it also keeps
     * the content in a backing store from the view's first draw. A value
     * outside 0...12 is refused. Since: easel.layer.v1 (size 456)
     */
    int32_t (*content_mode)(const easel_object *view);
    int32_t (*set_content_mode)(easel_object *view, int32_t mode);
    /**
     * UIKit's contentStretch: the part of the content, in the unit square,
     * that stretches under EASEL_CONTENT_MODE_SCALE_TO_FILL ({0, 0, 1, 1} by
     * default); the parts beside it keep their size. Components are clamped
     * to the unit square; a non-finite one is refused. Since: easel.layer.v1 (size 456)
     */
    easel_rect (*content_stretch)(const easel_object *view);
    int32_t (*set_content_stretch)(easel_object *view, easel_rect stretch);
} easel_layer_api;

/** sizeof(easel_layer_api) with the content-mode functions. Since: easel.layer.v1 (size 456) */
#define EASEL_LAYER_API_CONTENT_SIZE 456


/**
 * Where a layer's contents go in its bounds (its "contentsGravity"), CALayer's
 * names; top is the top of the screen (y points down). Since: easel.layer.v1 (size 424)
 */
enum {
    EASEL_GRAVITY_RESIZE = 0,
    EASEL_GRAVITY_RESIZE_ASPECT = 1,
    EASEL_GRAVITY_RESIZE_ASPECT_FILL = 2,
    EASEL_GRAVITY_CENTER = 3,
    EASEL_GRAVITY_TOP = 4,
    EASEL_GRAVITY_BOTTOM = 5,
    EASEL_GRAVITY_LEFT = 6,
    EASEL_GRAVITY_RIGHT = 7,
    EASEL_GRAVITY_TOP_LEFT = 8,
    EASEL_GRAVITY_TOP_RIGHT = 9,
    EASEL_GRAVITY_BOTTOM_LEFT = 10,
    EASEL_GRAVITY_BOTTOM_RIGHT = 11
};

/** UIKit's UIViewContentMode values: a view's "contentMode" (set_content_mode) and an image view's. Since: easel.layer.v1 (size 424) */
enum {
    EASEL_CONTENT_MODE_SCALE_TO_FILL = 0,
    EASEL_CONTENT_MODE_SCALE_ASPECT_FIT = 1,
    EASEL_CONTENT_MODE_SCALE_ASPECT_FILL = 2,
    EASEL_CONTENT_MODE_REDRAW = 3,
    EASEL_CONTENT_MODE_CENTER = 4,
    EASEL_CONTENT_MODE_TOP = 5,
    EASEL_CONTENT_MODE_BOTTOM = 6,
    EASEL_CONTENT_MODE_LEFT = 7,
    EASEL_CONTENT_MODE_RIGHT = 8,
    EASEL_CONTENT_MODE_TOP_LEFT = 9,
    EASEL_CONTENT_MODE_TOP_RIGHT = 10,
    EASEL_CONTENT_MODE_BOTTOM_LEFT = 11,
    EASEL_CONTENT_MODE_BOTTOM_RIGHT = 12
};

/* ---- extension easel.gesture.v1 ---- */

/**
 * The identifier of the gesture extension: `host->get_extension(EASEL_GESTURE_EXTENSION_ID)`
 * returns a `const easel_gesture_api *`, or NULL on a host without it (and in
 * the scanner). Since: easel.gesture.v1
 */
#define EASEL_GESTURE_EXTENSION_ID "easel.gesture.v1"

/** sizeof(easel_gesture_api) in easel.gesture.v1: the least struct_size a host's table has. Since: easel.gesture.v1 */
#define EASEL_GESTURE_API_V1_SIZE 232

/** A gesture recognizer's state (UIGestureRecognizerState, same values). Since: easel.gesture.v1 */
enum {
    EASEL_GESTURE_POSSIBLE = 0,
    EASEL_GESTURE_BEGAN = 1,
    EASEL_GESTURE_CHANGED = 2,
    EASEL_GESTURE_ENDED = 3,
    EASEL_GESTURE_RECOGNIZED = 3,
    EASEL_GESTURE_CANCELLED = 4,
    EASEL_GESTURE_FAILED = 5
};

/** A swipe's directions (UISwipeGestureRecognizerDirection, same values). Since: easel.gesture.v1 */
enum {
    EASEL_SWIPE_RIGHT = 1,
    EASEL_SWIPE_LEFT = 2,
    EASEL_SWIPE_UP = 4,
    EASEL_SWIPE_DOWN = 8
};

/**
 * Gesture recognizers, events and multitouch for plugin code
 * (easel.gesture.v1). Owned by the host, valid for the life of the process;
 * main thread only, from methods (not the entry point).
 *
 * A recognizer is an object of `GestureRecognizer` or a subclass: the
 * built-in `TapGestureRecognizer`, `LongPressGestureRecognizer`,
 * `PanGestureRecognizer`, `PinchGestureRecognizer`,
 * `RotationGestureRecognizer`, `SwipeGestureRecognizer`, or a plugin class
 * whose superclass is `GestureRecognizer` (it implements
 * `touchesBegan:withEvent:` … and calls set_state). Its other values are
 * properties by name (`property_get(recognizer, "scale", &value)`: state,
 * enabled, cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded,
 * numberOfTouches, view, location, numberOfTapsRequired, …).
 *
 * The second argument of the touch methods is the `Event`; the event_* and
 * touch_* functions read it and its touches. Functions returning int32_t
 * return EASEL_OK, EASEL_ERROR_NULL_ARGUMENT for NULL, or
 * EASEL_ERROR_TYPE_MISMATCH for an object of the wrong kind (reported as a
 * diagnostic naming the function); getters return 0 or NULL then.
 * Since: easel.gesture.v1
 */
typedef struct easel_gesture_api {
    /** EASEL_ABI_VERSION of the host. */
    uint32_t abi_version;
    /** sizeof(easel_gesture_api) in the host: at least EASEL_GESTURE_API_V1_SIZE. */
    uint32_t struct_size;

    /** A new recognizer of a class (a built-in one or a plugin subclass of GestureRecognizer); NULL and a diagnostic for another class. The registry keeps it until it is added to a view. */
    easel_object *(*create)(const char *class_name);
    /** Attaches a recognizer to a view (detaching it from the one it was on). */
    int32_t (*add_to_view)(easel_object *recognizer, easel_object *view);
    /** Detaches a recognizer from its view. */
    int32_t (*remove_from_view)(easel_object *recognizer);
    /** The view a recognizer is attached to, or NULL. */
    easel_object *(*view)(const easel_object *recognizer);
    /** Adds a target-action pair: `action` (`handle:` taking the recognizer, v@:@, or `handle`, v@:) is sent to `target` at each state change but to failed. EASEL_ERROR_INVALID_OPERATION when the target does not respond to it with that signature. */
    int32_t (*add_target)(easel_object *recognizer, easel_object *target, easel_sel action);
    /** Makes `recognizer` wait for `other` to fail before it recognizes (requireGestureRecognizerToFail:). */
    int32_t (*require_to_fail)(easel_object *recognizer, easel_object *other);
    /** Sets the delegate (not retained; NULL removes it). */
    int32_t (*set_delegate)(easel_object *recognizer, easel_object *delegate);
    /** The state, EASEL_GESTURE_*. */
    int32_t (*state)(const easel_object *recognizer);
    /** Sets the state, as a recognizer subclass does; EASEL_ERROR_INVALID_OPERATION for a value out of range. A change UIKit does not allow is reported and ignored. */
    int32_t (*set_state)(easel_object *recognizer, int32_t state);
    /** The number of touches down. */
    uint32_t (*number_of_touches)(const easel_object *recognizer);
    /** The centroid of the recognizer's touches in `view`'s coordinates (NULL: the root's). */
    easel_point (*location_in_view)(const easel_object *recognizer, const easel_object *view);
    /** A pan's translation in `view`'s coordinates; (0, 0) for other recognizers. */
    easel_point (*translation_in_view)(const easel_object *recognizer, const easel_object *view);
    /** Sets a pan's translation in `view`'s coordinates. */
    int32_t (*set_translation)(easel_object *recognizer, easel_point translation, const easel_object *view);
    /** A pan's velocity in `view`'s coordinates, points per second. */
    easel_point (*velocity_in_view)(const easel_object *recognizer, const easel_object *view);
    /** A pinch's scale (1 for other recognizers). */
    double (*scale)(const easel_object *recognizer);
    /** A rotation's angle in radians (0 for other recognizers). */
    double (*rotation)(const easel_object *recognizer);
    /** A pinch's (scale per second) or rotation's (radians per second) velocity. */
    double (*velocity)(const easel_object *recognizer);

    /** An event's time: the media clock's, in seconds. */
    double (*event_timestamp)(const easel_object *event);
    /** The number of the event's touches whose view is `view` (NULL: all of them). */
    uint32_t (*event_touch_count)(const easel_object *event, const easel_object *view);
    /** The event's touch at an index (in the order they began) among those of `view` (NULL: all); NULL past the end. */
    easel_object *(*event_touch_at)(const easel_object *event, const easel_object *view, uint32_t index);
    /** A touch's finger: the same for all its phases. */
    int64_t (*touch_identifier)(const easel_object *touch);
    /** A touch's tap count (1 for a first tap). */
    uint32_t (*touch_tap_count)(const easel_object *touch);
    /** The media clock's time of the touch's last change. */
    double (*touch_timestamp)(const easel_object *touch);
    /** The window of the touch's view, or NULL. */
    easel_object *(*touch_window)(const easel_object *touch);
    /** 1 when the view receives every finger (0 by default: only the first). */
    int32_t (*multiple_touch_enabled)(const easel_object *view);
    int32_t (*set_multiple_touch_enabled)(easel_object *view, int32_t enabled);
    /** 1 when a touch in the view excludes touches in other views. */
    int32_t (*exclusive_touch)(const easel_object *view);
    int32_t (*set_exclusive_touch)(easel_object *view, int32_t exclusive);
} easel_gesture_api;
/* ---- plugin metadata (optional; easel.metadata.v1) ---- */

#ifdef __cplusplus
extern "C" {
#endif

/**
 * The name of the optional second symbol a plugin may export: a function
 * returning its metadata (declare it with EASEL_PLUGIN_METADATA). The host
 * looks it up after the entry point has run, calls it once, and shows what
 * it returns in `easel list`, `easel inspect` and their --json output. A
 * plugin without it loads as before. Since: easel.metadata.v1
 */
#define EASEL_PLUGIN_METADATA_SYMBOL "easel_plugin_metadata_v2"

/**
 * What a class says about one of its properties: a one-line description,
 * and for an integer property (c C s S i I l L q Q) the names of its values,
 * an enumeration (a property "style" of type i with the names plain, rounded,
 * pill: a scene may write "style": "rounded" for 1). Every string is UTF-8,
 * owned by the plugin (static). The host refuses the plugin when the property
 * is not one the class declares, when names are given for a type that is not
 * an integer, when a name is empty, longer than 64 bytes or given twice, or
 * when a value does not fit the property's type.
 * Since: easel.metadata.v1 (class metadata size 48)
 */
typedef struct easel_property_metadata {
    /** EASEL_ABI_VERSION at the plugin's compile time. */
    uint32_t abi_version;
    /** sizeof(easel_property_metadata) at the plugin's compile time. */
    uint32_t struct_size;
    /** The property: one the class declares (not an inherited one). Non-NULL. */
    const char *property_name;
    /** A one-line description shown by `easel inspect`, `easel schema` and editors; may be NULL. */
    const char *description;
    /** The number of value names; 0 when the property is not an enumeration (at most 256 are read). */
    uint32_t enum_count;
    /** Reserved: 0. */
    uint32_t reserved;
    /** `enum_count` names, e.g. {"plain", "rounded", "pill"}; NULL when enum_count is 0. */
    const char *const *enum_names;
    /** `enum_count` values, one per name; NULL for 0, 1, 2, … in the order of the names. */
    const int64_t *enum_values;
} easel_property_metadata;

/**
 * sizeof(easel_class_metadata) in the first easel.metadata.v1 (no property
 * metadata): the least struct_size the host accepts. An entry at least
 * EASEL_CLASS_METADATA_PROPERTIES_SIZE bytes long has property_count and
 * properties. Since: easel.metadata.v1 (class metadata size 48)
 */
#define EASEL_CLASS_METADATA_V1_SIZE 32
/** sizeof(easel_class_metadata) with property metadata. Since: easel.metadata.v1 (class metadata size 48) */
#define EASEL_CLASS_METADATA_PROPERTIES_SIZE 48

/**
 * What one class of the plugin says about itself. Every string is UTF-8,
 * owned by the plugin (static), and may be NULL; the host copies at most
 * 4096 bytes of each (a summary: its first line). Since: easel.metadata.v1
 */
typedef struct easel_class_metadata {
    /** EASEL_ABI_VERSION at the plugin's compile time. */
    uint32_t abi_version;
    /** sizeof(easel_class_metadata) at the plugin's compile time. */
    uint32_t struct_size;
    /** The class: one this plugin describes. Non-NULL. */
    const char *class_name;
    /** A one-line summary, e.g. "A horizontal meter with a gradient bar". */
    const char *summary;
    /**
     * Preview values, as a JSON object in the form of a scene's "properties",
     * e.g. "{\"value\": 0.7, \"color\": \"#3366cc\"}": what a gallery or an
     * editor shows the class with. Shown by `easel inspect`.
     */
    const char *preview_properties;
    /**
     * Number of entries in `properties` (at most 4096 are read).
     * Since: easel.metadata.v1 (class metadata size 48)
     */
    uint32_t property_count;
    /**
     * Array of `property_count` property metadata (descriptions, value names);
     * may be NULL when the count is 0. Since: easel.metadata.v1 (class metadata size 48)
     */
    const easel_property_metadata *properties;
} easel_class_metadata;

/**
 * What the plugin says about itself: every string UTF-8, static, NULL when
 * not given; the host copies at most 4096 bytes of each. Since: easel.metadata.v1
 */
typedef struct easel_plugin_metadata {
    /** EASEL_ABI_VERSION at the plugin's compile time. */
    uint32_t abi_version;
    /** sizeof(easel_plugin_metadata) at the plugin's compile time. */
    uint32_t struct_size;
    /** What the plugin offers, in a sentence. */
    const char *description;
    /** Its version, e.g. "1.2.0". */
    const char *version;
    /** Who wrote it, e.g. "Ada Lovelace <ada@example.org>". */
    const char *author;
    /** Its licence, preferably an SPDX identifier, e.g. "MIT". */
    const char *license;
    /** Where it lives, e.g. "https://example.org/gauges". */
    const char *url;
    /** Number of entries in `classes` (at most 4096 are read). */
    uint32_t class_count;
    /** Array of `class_count` class metadata; may be NULL when the count is 0. */
    const easel_class_metadata *classes;
} easel_plugin_metadata;

/** The type of the metadata function. Since: easel.metadata.v1 */
typedef const easel_plugin_metadata *(*easel_plugin_metadata_fn)(void);

/**
 * Declares (and begins the definition of) the metadata function with the
 * right name, linkage and visibility: `EASEL_PLUGIN_METADATA() { return &kMetadata; }`.
 * Since: easel.metadata.v1
 */
#define EASEL_PLUGIN_METADATA() \
    EASEL_EXTERN_C EASEL_EXPORT const easel_plugin_metadata *easel_plugin_metadata_v2(void)

#ifdef __cplusplus
}
#endif
/* ---- extension easel.animation.v1 ---- */

/**
 * The identifier of the animation extension: `host->get_extension(EASEL_ANIMATION_EXTENSION_ID)`
 * returns a `const easel_animation_api *`, or NULL on a host without it (and
 * in the scanner). Since: easel.animation.v1
 */
#define EASEL_ANIMATION_EXTENSION_ID "easel.animation.v1"

/** sizeof(easel_animation_api) in easel.animation.v1. Since: easel.animation.v1 */
#define EASEL_ANIMATION_API_V1_SIZE 88
/** sizeof(easel_animation_options) in easel.animation.v1. Since: easel.animation.v1 */
#define EASEL_ANIMATION_OPTIONS_V1_SIZE 80

/**
 * An animation's curve (easel_animation_options.curve): Core Animation's
 * timing functions, a UIKit spring, or a cubic Bézier of your own.
 * Since: easel.animation.v1
 */
enum {
    EASEL_ANIMATION_CURVE_EASE_IN_OUT = 0, /* (0.42, 0), (0.58, 1): the default */
    EASEL_ANIMATION_CURVE_EASE_IN = 1,     /* (0.42, 0), (1, 1) */
    EASEL_ANIMATION_CURVE_EASE_OUT = 2,    /* (0, 0), (0.58, 1) */
    EASEL_ANIMATION_CURVE_LINEAR = 3,
    EASEL_ANIMATION_CURVE_SPRING = 4,      /* spring_damping, spring_velocity */
    EASEL_ANIMATION_CURVE_BEZIER = 5       /* control_points: x1, y1, x2, y2 */
};

/** Option flags (easel_animation_options.flags): UIViewAnimationOptions' values. Since: easel.animation.v1 */
enum {
    EASEL_ANIMATION_LAYOUT_SUBVIEWS = 1 << 0,
    EASEL_ANIMATION_ALLOW_USER_INTERACTION = 1 << 1,
    EASEL_ANIMATION_BEGIN_FROM_CURRENT_STATE = 1 << 2,
    EASEL_ANIMATION_REPEAT = 1 << 3,
    EASEL_ANIMATION_AUTOREVERSE = 1 << 4
};

/**
 * How an animation runs. Fill in abi_version (EASEL_ABI_VERSION) and
 * struct_size (sizeof) first; the host reads only the fields struct_size
 * covers. Since: easel.animation.v1
 */
typedef struct easel_animation_options {
    uint32_t abi_version;
    uint32_t struct_size;
    /** Seconds the animation runs (each way with AUTOREVERSE); negative counts as 0. */
    double duration;
    /** Seconds before it starts; the start values show meanwhile. */
    double delay;
    /** EASEL_ANIMATION_CURVE_*. */
    int32_t curve;
    /** EASEL_ANIMATION_* flags. */
    uint32_t flags;
    /** The spring's damping ratio (below 1 oscillates, 1 critically damped). */
    double spring_damping;
    /** The spring's initial velocity, in distances per second (1: the whole distance in a second). */
    double spring_velocity;
    /** The Bézier's control points x1, y1, x2, y2 (x in 0...1). */
    double control_points[4];
} easel_animation_options;

/** An animation block: sets the view properties to animate. Since: easel.animation.v1 */
typedef void (*easel_animation_block)(void *context);
/** A completion: called once, finished 1 when the animations ran to their end, 0 when interrupted. Since: easel.animation.v1 */
typedef void (*easel_animation_completion)(int32_t finished, void *context);

/** A layer animation (defined below, with add_layer_animation's constants). Since: easel.animation.v1 (size 160) */
typedef struct easel_layer_animation easel_layer_animation;

/**
 * Animations and time for plugin code (easel.animation.v1): UIKit's view
 * animations, performSelector:withObject:afterDelay: and a display link, all
 * on the host's media clock (never the wall clock: a render at a given time
 * is deterministic). Owned by the host, valid for the life of the process;
 * main thread only, from methods, never while a tree draws.
 *
 * Inside an animation block (or between begin_animations and
 * commit_animations, in the same method) the view and layer setters of the
 * host table and easel.layer.v1 (frame, bounds, center, transform, alpha,
 * background colour, corner radius, border, shadow, anchor point) change the
 * model value at once and animate what is drawn from the old value to the
 * new one. Completions run from the clock. Functions return EASEL_OK,
 * EASEL_ERROR_NULL_ARGUMENT, EASEL_ERROR_TYPE_MISMATCH (options with a bad
 * abi_version or struct_size), EASEL_ERROR_DOES_NOT_RESPOND (a selector the
 * target does not implement with the required signature) or
 * EASEL_ERROR_INVALID_OPERATION (commit without begin); each error is also a
 * diagnostic naming the function. Since: easel.animation.v1
 */
typedef struct easel_animation_api {
    /** EASEL_ABI_VERSION of the host. */
    uint32_t abi_version;
    /** sizeof(easel_animation_api) in the host: at least EASEL_ANIMATION_API_V1_SIZE. */
    uint32_t struct_size;
    /** Runs `animations(animations_context)`, animating what it changes; `completion` may be NULL. */
    int32_t (*animate)(const easel_animation_options *options, easel_animation_block animations, void *animations_context,
                       easel_animation_completion completion, void *completion_context);
    /** UIView's beginAnimations: the changes until commit_animations animate with `options`. Blocks nest. */
    int32_t (*begin_animations)(const easel_animation_options *options);
    /** Commits the innermost begin_animations; `completion` may be NULL. */
    int32_t (*commit_animations)(easel_animation_completion completion, void *completion_context);
    /**
     * performSelector:withObject:afterDelay: sends `selector` (v@:@, or v@: ignoring
     * `argument`) to `target` when the media clock reaches now + delay. Target
     * and argument are kept alive until then.
     */
    int32_t (*perform_after_delay)(easel_object *target, easel_sel selector, easel_object *argument, double delay);
    /**
     * cancelPreviousPerformRequestsWithTarget:selector:object: cancels the
     * pending requests of `target` with `selector` and `argument` (a NULL
     * selector cancels all of target's). Returns the number cancelled.
     */
    int32_t (*cancel_perform_requests)(easel_object *target, easel_sel selector, easel_object *argument);
    /**
     * A display link: `selector` (v@:dd: timestamp, duration) is sent to
     * `target` once per frame, after the clock advances: the frame's time and
     * the time since the previous frame (since the link was added for the
     * first). Returns the link's identifier (0 on error). The target is kept
     * alive until the link is removed.
     */
    uint64_t (*add_display_link)(easel_object *target, easel_sel selector);
    /** Removes a display link; EASEL_ERROR_INVALID_OPERATION for an unknown identifier. */
    int32_t (*remove_display_link)(uint64_t link);
    /** The media clock's time, in seconds since the start, of `object`'s host (0 for NULL). */
    double (*media_time)(const easel_object *object);
    /** Removes every running animation of a view (its completions get finished = 0). */
    int32_t (*remove_all_animations)(easel_object *view);
    /** 1 when the view has running animations. */
    int32_t (*has_animations)(const easel_object *view);

    /*
     * Layer animations by key path, keyframes and transitions. Present when
     * struct_size >= EASEL_ANIMATION_API_LAYER_SIZE; check before calling.
     */
    /**
     * Core Animation's add(_:forKey:): runs `animation` on `layer` (a view,
     * for its layer, or a Layer object) under `key` (NULL: the key path),
     * replacing the animation under that key. The model values do not
     * change; what is drawn follows the animation. `completion` (may be
     * NULL) runs once: finished 1 at the end, 0 when removed early. The host
     * copies what it needs before returning. EASEL_ERROR_TYPE_MISMATCH for
     * an unknown key path, values of the wrong type or bad timing (a
     * diagnostic says which). Since: easel.animation.v1 (size 160)
     */
    int32_t (*add_layer_animation)(easel_object *layer, const easel_layer_animation *animation, const char *key,
                                   easel_animation_completion completion, void *completion_context);
    /** Removes the animation under `key` (its completion gets 0); EASEL_ERROR_NOT_FOUND when none. Since: easel.animation.v1 (size 160) */
    int32_t (*remove_layer_animation)(easel_object *layer, const char *key);
    /** How many animations the layer has by key (Core Animation's animationKeys.count). Since: easel.animation.v1 (size 160) */
    uint32_t (*layer_animation_count)(const easel_object *layer);
    /**
     * Copies the key of the layer's animation at `index` (in the order they
     * were added) into `buffer` (NUL-terminated, cut to `capacity`); returns
     * the key's length in bytes, or -1 for an index out of range. Since: easel.animation.v1 (size 160)
     */
    int32_t (*layer_animation_key_at)(const easel_object *layer, uint32_t index, char *buffer, uint32_t capacity);
    /**
     * The presented value of an animatable key path (what is drawn at the
     * media clock's time): writes up to `capacity` numbers to `values` in
     * the EASEL_ANIMATION_VALUE_* layout of the key path's type and returns
     * how many the value has; -1 for an unknown key path. Since: easel.animation.v1 (size 160)
     */
    int32_t (*presented_value)(const easel_object *layer, const char *key_path, double *values, uint32_t capacity);
    /**
     * UIView's animateKeyframes: runs `animations`, which calls add_keyframe;
     * the whole runs over options->duration. Since: easel.animation.v1 (size 160)
     */
    int32_t (*animate_keyframes)(const easel_animation_options *options, easel_animation_block animations, void *animations_context,
                                 easel_animation_completion completion, void *completion_context);
    /**
     * UIView's addKeyframe(withRelativeStartTime:relativeDuration:), inside
     * animate_keyframes' block: the changes `animations` makes run from
     * `relative_start` for `relative_duration` (fractions of the whole). Outside
     * one the changes are made without animation. Since: easel.animation.v1 (size 160)
     */
    int32_t (*add_keyframe)(double relative_start, double relative_duration, easel_animation_block animations, void *animations_context);
    /**
     * UIView's transition(from:to:duration:options:): replaces `from` with `to`
     * in from's superview through the EASEL_ANIMATION_TRANSITION_* of
     * options->flags (options->curve times it); `from` is removed at the end.
     * EASEL_ERROR_INVALID_OPERATION when `from` has no superview. Since: easel.animation.v1 (size 160)
     */
    int32_t (*transition_from_to)(easel_object *from, easel_object *to, const easel_animation_options *options,
                                  easel_animation_completion completion, void *completion_context);
    /**
     * UIView's transition(with:duration:options:animations:): the changes
     * `animations` makes to `view` and its subviews (adding, removing, hiding
     * subviews, any property) appear through the EASEL_ANIMATION_TRANSITION_*
     * of options->flags. Since: easel.animation.v1 (size 160)
     */
    int32_t (*transition_with)(easel_object *view, const easel_animation_options *options, easel_animation_block animations,
                               void *animations_context, easel_animation_completion completion, void *completion_context);
} easel_animation_api;

/** sizeof(easel_animation_api) with the layer-animation, keyframe and transition functions. Since: easel.animation.v1 (size 160) */
#define EASEL_ANIMATION_API_LAYER_SIZE 160
/** sizeof(easel_layer_animation). Since: easel.animation.v1 (size 160) */
#define EASEL_LAYER_ANIMATION_SIZE 288

/**
 * Whether an animation table `api` (a `const easel_animation_api *`) has the slot
 * `slot`: its struct_size reaches past the slot's end. Since: easel.animation.v1 (size 160)
 */
#define EASEL_HAS_ANIMATION_SLOT(api, slot) \
    ((api) != NULL && (api)->struct_size >= offsetof(easel_animation_api, slot) + sizeof((api)->slot))

/**
 * Transitions (easel_animation_options.flags), UIViewAnimationOptions' values:
 * flips about the vertical (left, right) or horizontal (top, bottom) axis,
 * curls (approximated: rolling into or out of the top edge) and a cross dissolve.
 * Since: easel.animation.v1 (size 160)
 */
enum {
    /** Transitions hide `from` and show `to` (both in the tree) instead of removing and adding them. */
    EASEL_ANIMATION_SHOW_HIDE_TRANSITION_VIEWS = 1 << 8,
    EASEL_ANIMATION_TRANSITION_FLIP_FROM_LEFT = 1 << 20,
    EASEL_ANIMATION_TRANSITION_FLIP_FROM_RIGHT = 2 << 20,
    EASEL_ANIMATION_TRANSITION_CURL_UP = 3 << 20,
    EASEL_ANIMATION_TRANSITION_CURL_DOWN = 4 << 20,
    EASEL_ANIMATION_TRANSITION_CROSS_DISSOLVE = 5 << 20,
    EASEL_ANIMATION_TRANSITION_FLIP_FROM_TOP = 6 << 20,
    EASEL_ANIMATION_TRANSITION_FLIP_FROM_BOTTOM = 7 << 20
};

/**
 * The type of a layer animation's values (easel_layer_animation.value_type),
 * with the numbers each takes: NUMBER 1; POINT x, y; SIZE width, height;
 * RECT x, y, width, height; COLOR red, green, blue, alpha; TRANSFORM a, b, c,
 * d, tx, ty. A key path takes one type: position a POINT, position.x a
 * NUMBER, bounds a RECT, bounds.size a SIZE, opacity a NUMBER, backgroundColor
 * a COLOR, transform a TRANSFORM, transform.rotation.z and transform.scale a
 * NUMBER, transform.translation a SIZE. Since: easel.animation.v1 (size 160)
 */
enum {
    EASEL_ANIMATION_VALUE_NUMBER = 1,
    EASEL_ANIMATION_VALUE_POINT = 2,
    EASEL_ANIMATION_VALUE_SIZE = 3,
    EASEL_ANIMATION_VALUE_RECT = 4,
    EASEL_ANIMATION_VALUE_COLOR = 5,
    EASEL_ANIMATION_VALUE_TRANSFORM = 6
};

/** A layer animation's kind (easel_layer_animation.kind). Since: easel.animation.v1 (size 160) */
enum {
    EASEL_LAYER_ANIMATION_BASIC = 0,     /* CABasicAnimation: from_value, to_value, by_value */
    EASEL_LAYER_ANIMATION_KEYFRAMES = 1, /* CAKeyframeAnimation with values */
    EASEL_LAYER_ANIMATION_PATH = 2       /* CAKeyframeAnimation with a path (a POINT key path) */
};

/** Fill modes (easel_layer_animation.fill_mode), Core Animation's. Since: easel.animation.v1 (size 160) */
enum {
    EASEL_FILL_MODE_REMOVED = 0,
    EASEL_FILL_MODE_FORWARDS = 1,
    EASEL_FILL_MODE_BACKWARDS = 2,
    EASEL_FILL_MODE_BOTH = 3
};

/** Keyframe calculation modes (easel_layer_animation.calculation_mode). Since: easel.animation.v1 (size 160) */
enum {
    EASEL_CALCULATION_LINEAR = 0,
    EASEL_CALCULATION_DISCRETE = 1,
    EASEL_CALCULATION_PACED = 2
};

/** Layer animation flags (easel_layer_animation.flags). Since: easel.animation.v1 (size 160) */
enum {
    EASEL_LAYER_ANIMATION_HAS_FROM = 1 << 0,        /* from_value is set */
    EASEL_LAYER_ANIMATION_HAS_TO = 1 << 1,          /* to_value is set */
    EASEL_LAYER_ANIMATION_HAS_BY = 1 << 2,          /* by_value is set */
    EASEL_LAYER_ANIMATION_AUTOREVERSES = 1 << 3,
    EASEL_LAYER_ANIMATION_ADDITIVE = 1 << 4,
    EASEL_LAYER_ANIMATION_KEEP_ON_COMPLETION = 1 << 5, /* removedOnCompletion = NO */
    EASEL_LAYER_ANIMATION_HAS_TIMING_FUNCTION = 1 << 6 /* timing_function is set (else linear) */
};

/** A path element's kind (easel_path_element.kind): CGPathElementType's. Since: easel.animation.v1 (size 160) */
enum {
    EASEL_PATH_MOVE_TO = 0,        /* points[0] */
    EASEL_PATH_LINE_TO = 1,        /* points[0] */
    EASEL_PATH_QUAD_CURVE_TO = 2,  /* points[0] the control point, points[1] the end */
    EASEL_PATH_CURVE_TO = 3,       /* points[0], points[1] the control points, points[2] the end */
    EASEL_PATH_CLOSE = 4
};

/** One element of a path a layer animation moves along, as CGPathElement. Since: easel.animation.v1 (size 160) */
typedef struct easel_path_element {
    int32_t kind;
    uint32_t reserved;
    easel_point points[3];
} easel_path_element;

/**
 * A layer animation (CABasicAnimation / CAKeyframeAnimation with
 * CAMediaTiming), for add_layer_animation. Fill in abi_version and
 * struct_size (sizeof) first; zero the rest. The host copies it (and the
 * arrays it points to) before add_layer_animation returns. Since: easel.animation.v1 (size 160)
 */
struct easel_layer_animation {
    uint32_t abi_version;
    uint32_t struct_size;
    /** The key path (UTF-8): "position", "position.x", "opacity", "transform.rotation.z", ... */
    const char *key_path;
    /** EASEL_LAYER_ANIMATION_BASIC, _KEYFRAMES or _PATH. */
    int32_t kind;
    /** EASEL_ANIMATION_VALUE_*: the type of from/to/by and of values. */
    int32_t value_type;
    /** EASEL_LAYER_ANIMATION_* flags. */
    uint32_t flags;
    /** EASEL_FILL_MODE_*. */
    int32_t fill_mode;
    /** EASEL_CALCULATION_* (keyframes and paths). */
    int32_t calculation_mode;
    /** KEYFRAMES: how many values; PATH: how many path elements. */
    uint32_t value_count;
    /** BASIC: the values, as many numbers as value_type takes, used when their HAS_ flag is set. */
    double from_value[6];
    double to_value[6];
    double by_value[6];
    /** KEYFRAMES: value_count values, one after the other (value_count times the value_type's numbers). */
    const double *values;
    /** NULL, or one time in 0...1 per value (PATH: per vertex: the elements after the move, plus one). */
    const double *key_times;
    /** NULL, or one timing function (x1, y1, x2, y2) per keyframe segment. */
    const double *timing_functions;
    /** PATH: value_count elements, a MOVE_TO first (one subpath). */
    const easel_path_element *path;
    /** The media-clock time it begins (easel_animation_api.media_time); 0: when added. */
    double begin_time;
    /** Seconds a cycle lasts; 0: 0.25. */
    double duration;
    /** Cycles (0: one; INFINITY: forever; fractions allowed). */
    double repeat_count;
    /** How fast local time runs; 0 is taken as 1 (a zeroed struct), negative is refused. */
    double speed;
    /** Added to the local time. */
    double time_offset;
    /** The curve over each cycle (x1, y1, x2, y2), with EASEL_LAYER_ANIMATION_HAS_TIMING_FUNCTION. */
    double timing_function[4];
};

/* ---- extension easel.layout.v1 ---- */

/**
 * The identifier of the layout extension: `host->get_extension(EASEL_LAYOUT_EXTENSION_ID)`
 * returns a `const easel_layout_api *`, or NULL on a host without it (and in
 * the scanner). Since: easel.layout.v1
 */
#define EASEL_LAYOUT_EXTENSION_ID "easel.layout.v1"

/** sizeof(easel_layout_api) in easel.layout.v1: the least struct_size a host's table has. Since: easel.layout.v1 */
#define EASEL_LAYOUT_API_V1_SIZE 264

/**
 * A layout constraint made by constraint_create: a number the host hands out
 * (never 0, never reused in a process), not a pointer. 0 is "no constraint".
 * Since: easel.layout.v1
 */
typedef uint64_t easel_constraint;

/** The attributes a constraint relates (UIKit's NSLayoutAttribute values). Since: easel.layout.v1 */
enum {
    EASEL_LAYOUT_ATTRIBUTE_NOT_AN_ATTRIBUTE = 0,
    EASEL_LAYOUT_ATTRIBUTE_LEFT = 1,
    EASEL_LAYOUT_ATTRIBUTE_RIGHT = 2,
    EASEL_LAYOUT_ATTRIBUTE_TOP = 3,
    EASEL_LAYOUT_ATTRIBUTE_BOTTOM = 4,
    EASEL_LAYOUT_ATTRIBUTE_LEADING = 5,
    EASEL_LAYOUT_ATTRIBUTE_TRAILING = 6,
    EASEL_LAYOUT_ATTRIBUTE_WIDTH = 7,
    EASEL_LAYOUT_ATTRIBUTE_HEIGHT = 8,
    EASEL_LAYOUT_ATTRIBUTE_CENTER_X = 9,
    EASEL_LAYOUT_ATTRIBUTE_CENTER_Y = 10,
    EASEL_LAYOUT_ATTRIBUTE_LAST_BASELINE = 11,
    EASEL_LAYOUT_ATTRIBUTE_FIRST_BASELINE = 12
};

/** How the two sides compare (NSLayoutRelation values). Since: easel.layout.v1 */
enum {
    EASEL_LAYOUT_RELATION_LESS_THAN_OR_EQUAL = -1,
    EASEL_LAYOUT_RELATION_EQUAL = 0,
    EASEL_LAYOUT_RELATION_GREATER_THAN_OR_EQUAL = 1
};

/** An axis, for hugging and compression resistance. Since: easel.layout.v1 */
enum {
    EASEL_LAYOUT_AXIS_HORIZONTAL = 0,
    EASEL_LAYOUT_AXIS_VERTICAL = 1
};

/** UIKit's priorities: required (1000), default high (750), default low (250), fitting size (50). Since: easel.layout.v1 */
#define EASEL_LAYOUT_PRIORITY_REQUIRED 1000.0
#define EASEL_LAYOUT_PRIORITY_DEFAULT_HIGH 750.0
#define EASEL_LAYOUT_PRIORITY_DEFAULT_LOW 250.0
#define EASEL_LAYOUT_PRIORITY_FITTING_SIZE_LEVEL 50.0

/**
 * Auto Layout for plugin code (easel.layout.v1): constraints between views
 * and layout guides (NSLayoutConstraint), solved before layoutSubviews, and
 * view controllers. Owned by the host, valid for the life of the process;
 * main thread only, from methods (not the entry point), never from drawRect:.
 *
 * `item`s are views or layout guides (objects of the built-in class
 * LayoutGuide, from layout_margins_guide, safe_area_layout_guide or
 * add_layout_guide). Functions returning int32_t return EASEL_OK,
 * EASEL_ERROR_NULL_ARGUMENT for NULL, EASEL_ERROR_TYPE_MISMATCH for an
 * object of the wrong kind, EASEL_ERROR_NOT_FOUND for a constraint number
 * the host does not know (released, or never made), or
 * EASEL_ERROR_INVALID_OPERATION for a value refused (not finite, an
 * attribute or relation out of range, items without a common ancestor);
 * every error is also reported as a diagnostic naming the function.
 *
 * A plugin class also takes part through selectors the host sends:
 * `intrinsicContentSize` ({CGSize=dd}@:), `updateConstraints` (v@:),
 * `firstBaselineOffsetFromTop` and `lastBaselineOffsetFromTop` (d@:, the
 * distance from the top of the bounds to the baseline when the view has its
 * intrinsic content size: the engine takes it as a constant, read again when
 * the intrinsic size is invalidated), and on view
 * controllers the callbacks listed with view_controller_view.
 * Since: easel.layout.v1
 */
typedef struct easel_layout_api {
    /** EASEL_ABI_VERSION of the host. */
    uint32_t abi_version;
    /** sizeof(easel_layout_api) in the host: at least EASEL_LAYOUT_API_V1_SIZE. */
    uint32_t struct_size;

    /**
     * Makes an inactive constraint `item.attribute relation multiplier *
     * to_item.to_attribute + constant` at `priority` (1...1000, clamped).
     * `to_item` NULL with EASEL_LAYOUT_ATTRIBUTE_NOT_AN_ATTRIBUTE makes a
     * constant width or height. Returns 0 for a combination UIKit refuses
     * (reported: a position related to a size, leading related to left, ...).
     * The host keeps the constraint until constraint_release; an active one
     * stays active after it (its view holds it).
     */
    easel_constraint (*constraint_create)(easel_object *item, int32_t attribute, int32_t relation, easel_object *to_item,
                                          int32_t to_attribute, double multiplier, double constant, double priority);
    /** Activates (1) or deactivates (0) the constraint; activation needs the items in one view tree. */
    int32_t (*constraint_set_active)(easel_constraint constraint, int32_t active);
    /** 1 when the constraint is active, 0 otherwise (and for an unknown number). */
    int32_t (*constraint_is_active)(easel_constraint constraint);
    /** The constant (0 for an unknown number). */
    double (*constraint_constant)(easel_constraint constraint);
    /** Changes the constant; on an active constraint the solver follows incrementally. */
    int32_t (*constraint_set_constant)(easel_constraint constraint, double constant);
    /** The priority (0 for an unknown number). */
    double (*constraint_priority)(easel_constraint constraint);
    /** Changes the priority (clamped to 1...1000). */
    int32_t (*constraint_set_priority)(easel_constraint constraint, double priority);
    /** Forgets the number; the constraint itself stays as it is (active or not). */
    int32_t (*constraint_release)(easel_constraint constraint);

    /** 1 (the default) when the view's autoresizing mask places it; 0 when constraints do. */
    int32_t (*translates_autoresizing_mask)(const easel_object *view);
    int32_t (*set_translates_autoresizing_mask)(easel_object *view, int32_t translates);
    /** The content hugging priority along an EASEL_LAYOUT_AXIS_* (250 by default). */
    double (*content_hugging_priority)(const easel_object *view, int32_t axis);
    int32_t (*set_content_hugging_priority)(easel_object *view, int32_t axis, double priority);
    /** The compression resistance priority along an axis (750 by default). */
    double (*compression_resistance_priority)(const easel_object *view, int32_t axis);
    int32_t (*set_compression_resistance_priority)(easel_object *view, int32_t axis, double priority);
    /** Tells the engine that the view's intrinsicContentSize changed. */
    int32_t (*invalidate_intrinsic_content_size)(easel_object *view);
    /** Asks for updateConstraints before the next layout pass. */
    int32_t (*set_needs_update_constraints)(easel_object *view);
    /** Lays the view's tree out now where layout is pending (constraints, then layoutSubviews). */
    int32_t (*layout_if_needed)(easel_object *view);

    /** The view's layoutMarginsGuide (its bounds inset by its layout margins); NULL for a non-view. */
    easel_object *(*layout_margins_guide)(easel_object *view);
    /** The view's safeAreaLayoutGuide (its bounds); NULL for a non-view. */
    easel_object *(*safe_area_layout_guide)(easel_object *view);
    /** Makes a LayoutGuide owned by the view (UILayoutGuide + addLayoutGuide:); NULL for a non-view. */
    easel_object *(*add_layout_guide)(easel_object *view);
    /** A guide's rectangle in its owning view's coordinates as of the last layout pass, or a view's frame. */
    easel_rect (*layout_frame)(const easel_object *item);
    /** Sets the layout margins, leading and trailing in the view's layout direction (8 each by default). */
    int32_t (*set_directional_layout_margins)(easel_object *view, double top, double leading, double bottom, double trailing);
    /** Sets the semantic content attribute: 0 unspecified, 3 force left to right, 4 force right to left (UIKit's values). */
    int32_t (*set_semantic_content_attribute)(easel_object *view, int32_t attribute);
    /**
     * The size the constraints in the view's subtree give it nearest to
     * `target`, the width held at `horizontal_priority` and the height at
     * `vertical_priority` (UIKit's systemLayoutSizeFitting; EASEL_LAYOUT_PRIORITY_
     * FITTING_SIZE_LEVEL for "as small as the content allows"). Moves nothing.
     */
    easel_size (*system_layout_size_fitting)(easel_object *view, easel_size target, double horizontal_priority,
                                             double vertical_priority);

    /**
     * View controllers (UIViewController; objects of the built-in class
     * ViewController or a plugin subclass). The host sends a controller:
     * `loadView` (v@:, when its view is first asked for; it sets one with
     * view_controller_set_view, else the host makes a plain View),
     * `viewDidLoad`, `viewWillLayoutSubviews`, `viewDidLayoutSubviews`
     * (v@:), `viewWillAppear:` and `viewDidAppear:` (v@:B), and
     * `willMoveToParentViewController:` and `didMoveToParentViewController:` (v@:@).
     */
    /** The controller's view, loaded on first use; NULL for a non-controller. */
    easel_object *(*view_controller_view)(easel_object *controller);
    int32_t (*view_controller_set_view)(easel_object *controller, easel_object *view);
    /** Adds a child controller (sends it willMoveToParentViewController: with the parent). */
    int32_t (*view_controller_add_child)(easel_object *parent, easel_object *child);
    /** Removes a controller from its parent (sends it didMoveToParentViewController: with NULL). */
    int32_t (*view_controller_remove_from_parent)(easel_object *controller);
    /** Sends didMoveToParentViewController: (the parent, or NULL) as UIKit code calls it after adding the child's view. */
    int32_t (*view_controller_did_move_to_parent)(easel_object *controller, easel_object *parent);
    /** The window's root view controller, or NULL. */
    easel_object *(*window_root_view_controller)(easel_object *window);
    /** Sets it: the controller's view fills the window (flexible width and height), the old one's leaves. */
    int32_t (*window_set_root_view_controller)(easel_object *window, easel_object *controller);
    /** Sends viewWillAppear: and viewDidAppear: to the window's root view controller (UIWindow's makeKeyAndVisible). */
    int32_t (*window_make_key_and_visible)(easel_object *window);

    /**
     * Stack views (objects of the built-in class StackView, UIStackView).
     * Present when struct_size >= EASEL_LAYOUT_API_STACK_SIZE (or
     * EASEL_HAS_LAYOUT_SLOT); check before calling.
     *
     * Adds `view` at the end of the stack's arranged subviews, and as its last
     * subview unless it is one (UIStackView's addArrangedSubview:); the view is
     * then laid out by the stack's constraints. EASEL_ERROR_NULL_ARGUMENT for
     * NULL, EASEL_ERROR_TYPE_MISMATCH when `stack` is not a stack view or `view`
     * not a view, EASEL_ERROR_INVALID_OPERATION when `view` is the stack or one
     * of its ancestors (reported). Since: easel.layout.v1 (size 296)
     */
    int32_t (*stack_view_add_arranged_subview)(easel_object *stack, easel_object *view);
    /**
     * Inserts `view` among the arranged subviews at `index` (0 to the count;
     * another index is EASEL_ERROR_INVALID_OPERATION); an arranged subview
     * moves there. Since: easel.layout.v1 (size 296)
     */
    int32_t (*stack_view_insert_arranged_subview)(easel_object *stack, easel_object *view, int64_t index);
    /**
     * Takes `view` out of the arranged subviews; it stays a subview, as in
     * UIKit (remove it from the stack with views->remove_from_superview).
     * EASEL_ERROR_NOT_FOUND when it is not arranged. Since: easel.layout.v1 (size 296)
     */
    int32_t (*stack_view_remove_arranged_subview)(easel_object *stack, easel_object *view);
    /** The number of arranged subviews; -1 for a non-stack (reported). Since: easel.layout.v1 (size 296) */
    int64_t (*stack_view_arranged_subview_count)(const easel_object *stack);
} easel_layout_api;

/** sizeof(easel_layout_api) with the stack view functions. Since: easel.layout.v1 (size 296) */
#define EASEL_LAYOUT_API_STACK_SIZE 296

/**
 * Whether a layout table `api` (a `const easel_layout_api *`) has the slot
 * `slot`: its struct_size reaches past the slot's end. Since: easel.layout.v1 (size 296)
 */
#define EASEL_HAS_LAYOUT_SLOT(api, slot) \
    ((api) != NULL && (api)->struct_size >= offsetof(easel_layout_api, slot) + sizeof((api)->slot))

#endif /* EASEL_H */
