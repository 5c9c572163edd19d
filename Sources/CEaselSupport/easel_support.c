#include "easel_support.h"

__thread void *easel_support_active_registry = 0;
__thread void *easel_support_current_context = 0;
