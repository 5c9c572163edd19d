/* C functions with Objective-C method shapes (receiver, selector, args...)
   used to test invocation of every supported type through libffi. */
#ifndef EASEL_TEST_FUNCTIONS_H
#define EASEL_TEST_FUNCTIONS_H
#include <stdbool.h>
#include <stdint.h>
#include "easel.h"

typedef struct { int8_t c; double d; } easel_test_padded;            /* {Padded=cd} */
typedef struct { easel_rect r; int32_t tag; } easel_test_tagged_rect; /* {Tagged={CGRect={CGPoint=dd}{CGSize=dd}}i} */
typedef struct { float x, y; } easel_test_float_pair;                 /* {FloatPair=ff} */

/* Returns the address of each test function, by name; NULL for unknown names. */
const void *easel_test_function(const char *name);

/* The last receiver and selector a test function saw on this thread. */
void *easel_test_last_receiver(void);
const void *easel_test_last_selector(void);
/* The usable size of a heap block (malloc_usable_size), for checks of object sizes. */
size_t easel_test_usable_size(void *block);

#endif
