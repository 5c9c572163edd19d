/* Host-side helpers that Swift cannot express cheaply: per-thread slots.
   Not part of the plugin ABI; plugins never see this header. */
#ifndef EASEL_SUPPORT_H
#define EASEL_SUPPORT_H

/* The registry whose call is in progress on this thread (unretained). */
extern __thread void *easel_support_active_registry;
/* The top of this thread's current-context stack (unretained). */
extern __thread void *easel_support_current_context;

static inline void *easel_support_get_active_registry(void) { return easel_support_active_registry; }
static inline void easel_support_set_active_registry(void *value) { easel_support_active_registry = value; }
static inline void *easel_support_get_current_context(void) { return easel_support_current_context; }
static inline void easel_support_set_current_context(void *value) { easel_support_current_context = value; }

#endif
