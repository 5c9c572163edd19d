/*
 * ListView — sample Easel widget plugin (libListView.so).
 *
 * Intentionally empty, like Shapes.h: a plugin's interface is the one
 * exported symbol `easel_plugin_entry_v2` declared in easel.h; SwiftPM C
 * targets want a public include directory, so it lives here.
 *
 * Classes: ListView : ScrollView, ListRow : View (see ListView.c).
 */
#ifndef EASEL_SAMPLE_LISTVIEW_H
#define EASEL_SAMPLE_LISTVIEW_H
#endif
