/*
 * easel_util.h — optional helpers for writing an Easel plugin in C or C++.
 *
 * easel.h is the ABI; this header adds nothing to it. It holds macros that
 * fill the description structs in the right order with the right version and
 * size (so a plugin never writes `EASEL_ABI_VERSION, sizeof(...)` by hand),
 * and static inline drawing helpers built only from the host's drawing table.
 * Like easel.h it is plain C99 and C++11 and compiles cleanly under
 * -pedantic-errors -Wall -Wextra -Werror.
 *
 *     static const easel_property_desc kDotProperties[] = {
 *         EASEL_PROPERTY("color", EASEL_ENCODE_COLOR, DotStorage, color, &kDefaultColor),
 *     };
 *     static const easel_method_desc kDotMethods[] = {
 *         EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, Dot_drawRect),
 *     };
 *     static const easel_class_desc kClasses[] = {
 *         EASEL_CLASS("Dot", "View", sizeof(DotStorage), kDotProperties, kDotMethods),
 *     };
 *     EASEL_DEFINE_PLUGIN(kPlugin, "Dots", kClasses);
 *
 *     EASEL_PLUGIN_ENTRY(host) {
 *         g_host = host;
 *         return &kPlugin;
 *     }
 */
#ifndef EASEL_UTIL_H
#define EASEL_UTIL_H

#include "easel.h"

/** The number of elements of an array (not a pointer), as uint32_t. */
#define EASEL_COUNT(array) ((uint32_t)(sizeof(array) / sizeof((array)[0])))

/**
 * An easel_method_desc: a selector, its full type encoding, and the C
 * function that implements it (any function pointer type; cast to easel_imp).
 */
#define EASEL_METHOD(selector, type_encoding, function) \
    { (uint32_t)EASEL_ABI_VERSION, (uint32_t)sizeof(easel_method_desc), (selector), (type_encoding), (easel_imp)(function) }

/**
 * An easel_property_desc for the field `member` of the class's storage struct
 * `storage_type`; `default_value` points to the initial value, or is NULL for
 * zeroes.
 */
#define EASEL_PROPERTY(name, type_encoding, storage_type, member, default_value)                       \
    { (uint32_t)EASEL_ABI_VERSION, (uint32_t)sizeof(easel_property_desc), (name), (type_encoding),      \
      (uint64_t)offsetof(storage_type, member), (default_value) }

/**
 * An easel_property_desc at an explicit byte offset (for storage that is not
 * one struct, or to describe a deliberately wrong offset in a test).
 */
#define EASEL_PROPERTY_AT(name, type_encoding, offset, default_value)                                 \
    { (uint32_t)EASEL_ABI_VERSION, (uint32_t)sizeof(easel_property_desc), (name), (type_encoding),      \
      (uint64_t)(offset), (default_value) }

/**
 * An easel_class_desc with every field given: counts and arrays separately
 * (NULL arrays with zero counts).
 */
#define EASEL_CLASS_WITH_COUNTS(name, superclass_name, instance_size, property_count, properties,   \
                                method_count, methods)                                              \
    { (uint32_t)EASEL_ABI_VERSION, (uint32_t)sizeof(easel_class_desc), (name), (superclass_name),     \
      (uint64_t)(instance_size), (uint32_t)(property_count), (uint32_t)(method_count), (properties),  \
      (methods) }

/** An easel_class_desc with arrays of properties and of methods (arrays, not pointers: they are counted). */
#define EASEL_CLASS(name, superclass_name, instance_size, properties, methods) \
    EASEL_CLASS_WITH_COUNTS(name, superclass_name, instance_size, EASEL_COUNT(properties), properties, \
                            EASEL_COUNT(methods), methods)

/** An easel_class_desc with methods and no properties. */
#define EASEL_CLASS_WITHOUT_PROPERTIES(name, superclass_name, instance_size, methods) \
    EASEL_CLASS_WITH_COUNTS(name, superclass_name, instance_size, 0, NULL, EASEL_COUNT(methods), methods)

/**
 * An easel_plugin_desc initializer with every field given: the packed ABI
 * version, the name, a pointer to the layout handshake, the class count and
 * the classes.
 */
#define EASEL_PLUGIN_DESC_INIT(abi_version, name, layout, class_count, classes) \
    { (uint32_t)(abi_version), (uint32_t)sizeof(easel_plugin_desc), (name), (layout), (uint32_t)(class_count), (classes) }

/**
 * Defines `static const easel_plugin_desc symbol` for the plugin `name` with
 * an array of classes, and the layout handshake it points to
 * (`symbol##_layout`, filled with EASEL_LAYOUT_INIT).
 */
#define EASEL_DEFINE_PLUGIN(symbol, name, classes)                                   \
    static const easel_layout symbol##_layout = EASEL_LAYOUT_INIT;                   \
    static const easel_plugin_desc symbol =                                          \
        EASEL_PLUGIN_DESC_INIT(EASEL_ABI_VERSION, name, &symbol##_layout, EASEL_COUNT(classes), classes)

/**
 * Adds a rounded rectangle to the current path, clockwise on screen from the
 * end of the top-left corner, as a closed subpath of lines and quarter arcs.
 * `radius` is clamped to 0...half the shorter side (larger would make the
 * arcs overlap), so a radius of 0 adds a plain rectangle's outline.
 */
static inline void easel_add_rounded_rect(const easel_graphics_api *g, easel_context *ctx, easel_rect r,
                                          double radius) {
    const double pi = 3.14159265358979323846;
    double minX = r.origin.x, minY = r.origin.y;
    double maxX = minX + r.size.width, maxY = minY + r.size.height;
    double limit = (r.size.width < r.size.height ? r.size.width : r.size.height) / 2;
    if (radius > limit) {
        radius = limit;
    }
    if (radius < 0) {
        radius = 0;
    }
    g->move_to(ctx, minX + radius, minY);
    g->add_line_to(ctx, maxX - radius, minY);
    g->add_arc(ctx, maxX - radius, minY + radius, radius, -pi / 2, 0, 0);
    g->add_line_to(ctx, maxX, maxY - radius);
    g->add_arc(ctx, maxX - radius, maxY - radius, radius, 0, pi / 2, 0);
    g->add_line_to(ctx, minX + radius, maxY);
    g->add_arc(ctx, minX + radius, maxY - radius, radius, pi / 2, pi, 0);
    g->add_line_to(ctx, minX, minY + radius);
    g->add_arc(ctx, minX + radius, minY + radius, radius, pi, 3 * pi / 2, 0);
    g->close_path(ctx);
}

/**
 * An easel_class_metadata: a class name, a one-line summary (or NULL) and
 * preview property values as a JSON object (or NULL). Since: easel.metadata.v1
 */
#define EASEL_CLASS_METADATA(class_name, summary, preview_properties) \
    { (uint32_t)EASEL_ABI_VERSION, (uint32_t)sizeof(easel_class_metadata), (class_name), (summary), (preview_properties), 0, NULL }

/**
 * An easel_class_metadata with property metadata: EASEL_CLASS_METADATA's
 * three fields, then an array of easel_property_metadata (EASEL_PROPERTY_INFO,
 * EASEL_PROPERTY_ENUM). Since: easel.metadata.v1 (class metadata size 48)
 *
 *     static const char *const kStyleNames[] = {"plain", "rounded", "pill"};
 *     static const easel_property_metadata kBadgeProperties[] = {
 *         EASEL_PROPERTY_INFO("title", "The text in the badge"),
 *         EASEL_PROPERTY_ENUM("style", "The shape of its ends", kStyleNames, NULL),
 *     };
 *     static const easel_class_metadata kClassMetadata[] = {
 *         EASEL_CLASS_METADATA_WITH_PROPERTIES("Badge", "A rounded label", NULL, kBadgeProperties),
 *     };
 */
#define EASEL_CLASS_METADATA_WITH_PROPERTIES(class_name, summary, preview_properties, property_metadata)                \
    { (uint32_t)EASEL_ABI_VERSION, (uint32_t)sizeof(easel_class_metadata), (class_name), (summary), (preview_properties), \
      EASEL_COUNT(property_metadata), (property_metadata) }

/**
 * An easel_property_metadata with a description only (a string or NULL).
 * Since: easel.metadata.v1 (class metadata size 48)
 */
#define EASEL_PROPERTY_INFO(property_name, description) \
    { (uint32_t)EASEL_ABI_VERSION, (uint32_t)sizeof(easel_property_metadata), (property_name), (description), 0, 0, NULL, NULL }

/**
 * An easel_property_metadata of an enumeration: a description (or NULL), an
 * array of names, and an array of as many int64_t values or NULL for
 * 0, 1, 2, …. Since: easel.metadata.v1 (class metadata size 48)
 */
#define EASEL_PROPERTY_ENUM(property_name, description, names, values)                                         \
    { (uint32_t)EASEL_ABI_VERSION, (uint32_t)sizeof(easel_property_metadata), (property_name), (description), \
      EASEL_COUNT(names), 0, (names), (values) }

/**
 * Defines `static const easel_plugin_metadata symbol` with a description,
 * version, author, licence, URL (each a string or NULL) and an array of
 * easel_class_metadata, and the metadata function returning it
 * (EASEL_PLUGIN_METADATA). Since: easel.metadata.v1
 *
 *     static const easel_class_metadata kClassMetadata[] = {
 *         EASEL_CLASS_METADATA("Dot", "A filled circle", "{\"color\": \"#3366cc\"}"),
 *     };
 *     EASEL_DEFINE_METADATA(kMetadata, "Dots of colour", "1.0.0", "Ada", "MIT", NULL, kClassMetadata);
 */
#define EASEL_DEFINE_METADATA(symbol, description, version, author, license, url, class_metadata)          \
    static const easel_plugin_metadata symbol = {(uint32_t)EASEL_ABI_VERSION,                               \
                                                 (uint32_t)sizeof(easel_plugin_metadata),                   \
                                                 (description), (version), (author), (license), (url),      \
                                                 EASEL_COUNT(class_metadata), (class_metadata)};            \
    EASEL_PLUGIN_METADATA() { return &symbol; }

#endif /* EASEL_UTIL_H */
