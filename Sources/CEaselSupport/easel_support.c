#include "easel_support.h"

__thread void *easel_support_active_registry EASEL_SUPPORT_TLS = 0;
__thread void *easel_support_current_context EASEL_SUPPORT_TLS = 0;
