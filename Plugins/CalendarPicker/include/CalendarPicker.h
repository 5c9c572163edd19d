/*
 * CalendarPicker — sample Easel widget plugin (libCalendarPicker.so).
 *
 * Intentionally empty, like Shapes.h: a plugin's interface is the one
 * exported symbol `easel_plugin_entry_v2` declared in easel.h; SwiftPM C
 * targets want a public include directory, so it lives here.
 *
 * Classes: CalendarPicker : View (see CalendarPicker.c); its header uses
 * MiniPicker from libMiniPicker.so.
 */
#ifndef EASEL_SAMPLE_CALENDARPICKER_H
#define EASEL_SAMPLE_CALENDARPICKER_H
#endif
