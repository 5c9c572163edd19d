#include "easel_test_functions.h"

#include <complex.h>
#include <malloc.h>
#include <string.h>

static __thread void *last_receiver;
static __thread const void *last_selector;
void *easel_test_last_receiver(void) { return last_receiver; }
const void *easel_test_last_selector(void) { return last_selector; }

#define ECHO(name, T, expr)                                            \
    static T name(void *self, const void *cmd, T value) {             \
        last_receiver = self;                                          \
        last_selector = cmd;                                           \
        return (expr);                                                 \
    }

ECHO(neg_c, int8_t, (int8_t)-value)
ECHO(inc_C, uint8_t, (uint8_t)(value + 1))
ECHO(neg_s, int16_t, (int16_t)-value)
ECHO(inc_S, uint16_t, (uint16_t)(value + 1))
ECHO(neg_i, int32_t, -value)
ECHO(inc_I, uint32_t, value + 1)
ECHO(neg_q, int64_t, -value)
ECHO(inc_Q, uint64_t, value + 1)
ECHO(half_f, float, value / 2)
ECHO(half_d, double, value / 2)
ECHO(not_B, bool, !value)
ECHO(strlen_star, const char *, value + 1)
ECHO(same_at, void *, value)
ECHO(deref_pi, int32_t *, value)

static easel_rect inset_rect(void *self, const void *cmd, easel_rect r, double by) {
    (void)self; (void)cmd;
    easel_rect out = { { r.origin.x + by, r.origin.y + by }, { r.size.width - 2 * by, r.size.height - 2 * by } };
    return out;
}
static easel_size fits(void *self, const void *cmd, easel_size s) {
    (void)self; (void)cmd;
    easel_size out = { s.width / 2, s.height * 2 };
    return out;
}
static easel_point mid(void *self, const void *cmd, easel_rect r) {
    (void)self; (void)cmd;
    easel_point p = { r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2 };
    return p;
}
static double padded_sum(void *self, const void *cmd, easel_test_padded p) {
    (void)self; (void)cmd;
    return p.c + p.d;
}
static easel_test_tagged_rect retag(void *self, const void *cmd, easel_test_tagged_rect t, int32_t tag) {
    (void)self; (void)cmd;
    t.tag = tag;
    t.r.origin.x += 1;
    return t;
}
static easel_test_float_pair swap_pair(void *self, const void *cmd, easel_test_float_pair p) {
    (void)self; (void)cmd;
    easel_test_float_pair out = { p.y, p.x };
    return out;
}
static double mixed(void *self, const void *cmd, int8_t c, uint16_t S, int32_t i, int64_t q, float f,
                    double d, bool B, const char *s, easel_point p) {
    (void)self; (void)cmd;
    return c + S + i + (double)q + f + d + (B ? 1000 : 0) + (double)strlen(s) + p.x * p.y;
}
static void store_through(void *self, const void *cmd, int32_t *out, int32_t value) {
    (void)self; (void)cmd;
    *out = value;
}
static easel_affine_transform transform_translate(void *self, const void *cmd, easel_affine_transform t, double tx, double ty) {
    (void)self; (void)cmd;
    t.tx += t.a * tx + t.c * ty;
    t.ty += t.b * tx + t.d * ty;
    return t;
}

/* Structs with arrays, by value (kept here: Swift would import the
   1000-element array as a tuple). The tests build and read their bytes. */
typedef struct { int32_t tag; float v[3]; } tagged_floats;                 /* {TaggedFloats=i[3f]}, 16 bytes */
typedef struct { double scale; uint16_t samples[1000]; int8_t last; } samples_t; /* {Samples=d[1000S]c}, 2016 */
typedef struct { uint8_t bytes[24]; } bytes24;                              /* {Bytes24=[24C]} */
typedef struct { int32_t count; easel_point points[20]; } polygon;          /* {Polygon=i[20{CGPoint=dd}]} */
typedef struct { int8_t c; int16_t grid[5][7]; double d; } grid_t;          /* {Grid=c[5[7s]]d} */

static tagged_floats scale_floats(void *self, const void *cmd, tagged_floats t, float by) {
    (void)self; (void)cmd;
    for (int i = 0; i < 3; i++) t.v[i] *= by;
    t.tag += 1;
    return t;
}
static samples_t weigh_samples(void *self, const void *cmd, samples_t s, int32_t offset) {
    (void)self; (void)cmd;
    for (int i = 0; i < 1000; i++) s.samples[i] = (uint16_t)(s.samples[i] * s.scale + offset);
    s.scale = -s.scale;
    s.last = (int8_t)(s.last - 1);
    return s;
}
static uint64_t sum_bytes24(void *self, const void *cmd, bytes24 b, uint8_t weight) {
    (void)self; (void)cmd;
    uint64_t sum = 0;
    for (int i = 0; i < 24; i++) sum += (uint64_t)b.bytes[i] * (uint64_t)(i + weight);
    return sum;
}
static double polygon_weight(void *self, const void *cmd, polygon p, double by) {
    (void)self; (void)cmd;
    double sum = 0;
    for (int i = 0; i < p.count && i < 20; i++) sum += p.points[i].x * (i + 1) + p.points[i].y;
    return sum * by;
}
static int64_t grid_sum(void *self, const void *cmd, int32_t before, grid_t g, int32_t after) {
    (void)self; (void)cmd;
    int64_t sum = before * 1000000 + after * 100000 + g.c * 10000 + (int64_t)g.d;
    for (int r = 0; r < 5; r++)
        for (int c = 0; c < 7; c++) sum += g.grid[r][c] * (r * 7 + c + 1);
    return sum;
}

/* long double and complex: halved, conjugated, swapped, and mixed among scalars (on the stack and in registers). */
ECHO(half_D, long double, value / 2)
ECHO(conj_jd, double _Complex, conj(value) * 2)
ECHO(swap_jf, float _Complex, cimagf(value) + crealf(value) * I)
ECHO(conj_jD, long double _Complex, conjl(value))
static long double mixed_wide(void *self, const void *cmd, int32_t a, long double b, double _Complex c, int8_t d) {
    (void)self; (void)cmd;
    return a * 1000 + b + creal(c) * 10 + cimag(c) + d * 0.5L;
}

static const struct { const char *name; const void *fn; } table[] = {
    { "scale_floats", (const void *)scale_floats }, { "weigh_samples", (const void *)weigh_samples },
    { "sum_bytes24", (const void *)sum_bytes24 }, { "polygon_weight", (const void *)polygon_weight },
    { "grid_sum", (const void *)grid_sum },
    { "half_D", (const void *)half_D }, { "conj_jd", (const void *)conj_jd }, { "swap_jf", (const void *)swap_jf },
    { "conj_jD", (const void *)conj_jD }, { "mixed_wide", (const void *)mixed_wide },
    { "neg_c", (const void *)neg_c }, { "inc_C", (const void *)inc_C },
    { "neg_s", (const void *)neg_s }, { "inc_S", (const void *)inc_S },
    { "neg_i", (const void *)neg_i }, { "inc_I", (const void *)inc_I },
    { "neg_q", (const void *)neg_q }, { "inc_Q", (const void *)inc_Q },
    { "half_f", (const void *)half_f }, { "half_d", (const void *)half_d },
    { "not_B", (const void *)not_B }, { "strlen_star", (const void *)strlen_star },
    { "same_at", (const void *)same_at }, { "deref_pi", (const void *)deref_pi },
    { "inset_rect", (const void *)inset_rect }, { "fits", (const void *)fits }, { "mid", (const void *)mid },
    { "padded_sum", (const void *)padded_sum }, { "retag", (const void *)retag },
    { "swap_pair", (const void *)swap_pair }, { "mixed", (const void *)mixed },
    { "store_through", (const void *)store_through }, { "transform_translate", (const void *)transform_translate },
};

const void *easel_test_function(const char *name) {
    for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i].name, name) == 0) return table[i].fn;
    return 0;
}

size_t easel_test_usable_size(void *block) { return malloc_usable_size(block); }
