/*
 * Shapes — sample Easel widget plugin (libShapes.so).
 *
 * This header is intentionally empty: a plugin's interface is the one
 * exported symbol `easel_plugin_entry_v2` declared in easel.h, and its classes
 * are discovered at run time from the descriptor that entry point returns.
 * SwiftPM C targets want a public include directory, so it lives here.
 *
 * Classes: Swatch : View, Tally : View (see Shapes.c).
 */
#ifndef EASEL_SAMPLE_SHAPES_H
#define EASEL_SAMPLE_SHAPES_H
#endif
