/*
 * MiniPicker — sample Easel widget plugin (libMiniPicker.so).
 *
 * Intentionally empty, like Shapes.h: a plugin's interface is the one
 * exported symbol `easel_plugin_entry_v2` declared in easel.h; SwiftPM C
 * targets want a public include directory, so it lives here.
 *
 * Classes: Label : View, MiniPicker : View (see MiniPicker.c).
 */
#ifndef EASEL_SAMPLE_MINIPICKER_H
#define EASEL_SAMPLE_MINIPICKER_H
#endif
