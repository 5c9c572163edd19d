/* NOT BROKEN: one method per type the registry accepts, for `easel invoke`'s table of types in and out.
 * Class `Types : Object` (properties count: int, label: char *, ratio: float). Each `echoT:` returns its
 * argument, so what invoke reads is what it prints; the others compute something from their argument
 * (idSum:, readInt:, hasContext:, nameOfClass:, selectorName:, classOf:) or return a value of their own
 * (tenth, third, selfie, made, viewClass, drawSelector). */
#include "easel.h"
#include "easel_util.h"

#include <complex.h>
#include <stddef.h>
#include <stdint.h>

static const easel_host_api *host;

typedef struct ID { int32_t i; double d; } ID;
typedef struct FF { float a; float b; } FF;
typedef struct FI { float f; int32_t i; } FI;
typedef struct CCC { int8_t a, b, c; } CCC;
typedef struct Arr { int32_t values[3]; double scale; } Arr;
typedef struct Nest { ID id; FF ff; int8_t tag; } Nest;
typedef struct Named { const char *text; easel_class *cls; easel_sel sel; } Named;
typedef struct Wide { long double value; int8_t tag; } Wide;

typedef struct TypesState { int32_t count; const char *label; float ratio; } TypesState;

static easel_class *types_class(void) { return host->class_named("Types"); }

#define ECHO(name, type) static type name(easel_object *self, easel_sel cmd, type value) { (void)self; (void)cmd; return value; }
ECHO(echo_char, int8_t)
ECHO(echo_uchar, uint8_t)
ECHO(echo_short, int16_t)
ECHO(echo_ushort, uint16_t)
ECHO(echo_int, int32_t)
ECHO(echo_uint, uint32_t)
ECHO(echo_longlong, int64_t)
ECHO(echo_ulonglong, uint64_t)
ECHO(echo_float, float)
ECHO(echo_double, double)
ECHO(echo_longdouble, long double)
ECHO(echo_bool, _Bool)
ECHO(echo_string, const char *)
ECHO(echo_class, easel_class *)
ECHO(echo_sel, easel_sel)
ECHO(echo_object, easel_object *)
ECHO(echo_cfloat, float _Complex)
ECHO(echo_cdouble, double _Complex)
ECHO(echo_clongdouble, long double _Complex)
ECHO(echo_id, ID)
ECHO(echo_ff, FF)
ECHO(echo_fi, FI)
ECHO(echo_ccc, CCC)
ECHO(echo_arr, Arr)
ECHO(echo_nest, Nest)
ECHO(echo_named, Named)
ECHO(echo_wide, Wide)
ECHO(echo_point, easel_point)
ECHO(echo_size, easel_size)
ECHO(echo_rect, easel_rect)
ECHO(echo_color, easel_color)
ECHO(echo_transform, easel_affine_transform)

static double id_sum(easel_object *self, easel_sel cmd, ID value) { (void)self; (void)cmd; return value.i + value.d; }
static int32_t read_int(easel_object *self, easel_sel cmd, const int32_t *pointer) {
    (void)self; (void)cmd;
    return pointer ? *pointer : -1;
}
static int32_t has_context(easel_object *self, easel_sel cmd, void *context) { (void)self; (void)cmd; return context != NULL; }
static const char *name_of_class(easel_object *self, easel_sel cmd, easel_class *cls) {
    (void)self; (void)cmd;
    return cls ? host->class_name(cls) : "(Nil)";
}
static const char *selector_name(easel_object *self, easel_sel cmd, easel_sel sel) {
    (void)self; (void)cmd;
    return sel ? host->sel_name(sel) : "(NULL)";
}
static easel_class *class_of(easel_object *self, easel_sel cmd, easel_object *object) {
    (void)self; (void)cmd;
    return object ? host->object_class(object) : NULL;
}
static int32_t count_of(easel_object *self, easel_sel cmd, easel_object *object) {
    (void)self; (void)cmd;
    if (!object) return -1;
    TypesState *state = host->object_storage(object, types_class());
    return state ? state->count : -2;
}
static float tenth(easel_object *self, easel_sel cmd) { (void)self; (void)cmd; return 0.1f; }
static long double third(easel_object *self, easel_sel cmd) { (void)self; (void)cmd; return 1.0L / 3; }
static easel_object *selfie(easel_object *self, easel_sel cmd) { (void)cmd; return self; }
static easel_object *made(easel_object *self, easel_sel cmd) {
    (void)self; (void)cmd;
    easel_object *object = host->object_create("Types");
    TypesState *state = object ? host->object_storage(object, types_class()) : NULL;
    if (state) state->count = 7;
    return object;
}
static easel_class *view_class(easel_object *self, easel_sel cmd) { (void)self; (void)cmd; return host->class_named("View"); }
static easel_sel draw_selector(easel_object *self, easel_sel cmd) { (void)self; (void)cmd; return host->sel_register("drawRect:"); }

static const int32_t default_count = 2;
static const float default_ratio = 0.1f;
static const easel_property_desc properties[] = {
    EASEL_PROPERTY("count", "i", TypesState, count, &default_count),
    EASEL_PROPERTY("label", "*", TypesState, label, NULL),
    EASEL_PROPERTY("ratio", "f", TypesState, ratio, &default_ratio),
};

static const easel_method_desc methods[] = {
    EASEL_METHOD("echoChar:", "c@:c", echo_char),
    EASEL_METHOD("echoUChar:", "C@:C", echo_uchar),
    EASEL_METHOD("echoShort:", "s@:s", echo_short),
    EASEL_METHOD("echoUShort:", "S@:S", echo_ushort),
    EASEL_METHOD("echoInt:", "i@:i", echo_int),
    EASEL_METHOD("echoUInt:", "I@:I", echo_uint),
    EASEL_METHOD("echoLong:", "l@:l", echo_int),
    EASEL_METHOD("echoULong:", "L@:L", echo_uint),
    EASEL_METHOD("echoLongLong:", "q@:q", echo_longlong),
    EASEL_METHOD("echoULongLong:", "Q@:Q", echo_ulonglong),
    EASEL_METHOD("echoFloat:", "f@:f", echo_float),
    EASEL_METHOD("echoDouble:", "d@:d", echo_double),
    EASEL_METHOD("echoLongDouble:", "D@:D", echo_longdouble),
    EASEL_METHOD("echoBool:", "B@:B", echo_bool),
    EASEL_METHOD("echoString:", "*@:*", echo_string),
    EASEL_METHOD("echoClass:", "#@:#", echo_class),
    EASEL_METHOD("echoSelector:", ":@::", echo_sel),
    EASEL_METHOD("echoObject:", "@@:@", echo_object),
    EASEL_METHOD("echoComplexFloat:", "jf@:jf", echo_cfloat),
    EASEL_METHOD("echoComplexDouble:", "jd@:jd", echo_cdouble),
    EASEL_METHOD("echoComplexLongDouble:", "jD@:jD", echo_clongdouble),
    EASEL_METHOD("echoID:", "{ID=id}@:{ID=id}", echo_id),
    EASEL_METHOD("echoFF:", "{FF=ff}@:{FF=ff}", echo_ff),
    EASEL_METHOD("echoFI:", "{FI=fi}@:{FI=fi}", echo_fi),
    EASEL_METHOD("echoCCC:", "{?=ccc}@:{?=ccc}", echo_ccc),
    EASEL_METHOD("echoArr:", "{Arr=[3i]d}@:{Arr=[3i]d}", echo_arr),
    EASEL_METHOD("echoNest:", "{Nest={ID=id}{FF=ff}c}@:{Nest={ID=id}{FF=ff}c}", echo_nest),
    EASEL_METHOD("echoNamed:", "{Named=*#:}@:{Named=*#:}", echo_named),
    EASEL_METHOD("echoWide:", "{Wide=Dc}@:{Wide=Dc}", echo_wide),
    EASEL_METHOD("echoPoint:", EASEL_ENCODE_POINT "@:" EASEL_ENCODE_POINT, echo_point),
    EASEL_METHOD("echoSize:", EASEL_ENCODE_SIZE "@:" EASEL_ENCODE_SIZE, echo_size),
    EASEL_METHOD("echoRect:", EASEL_ENCODE_RECT "@:" EASEL_ENCODE_RECT, echo_rect),
    EASEL_METHOD("echoColor:", EASEL_ENCODE_COLOR "@:" EASEL_ENCODE_COLOR, echo_color),
    EASEL_METHOD("echoTransform:", EASEL_ENCODE_TRANSFORM "@:" EASEL_ENCODE_TRANSFORM, echo_transform),
    EASEL_METHOD("idSum:", "d@:{ID=id}", id_sum),
    EASEL_METHOD("readInt:", "i@:^i", read_int),
    EASEL_METHOD("hasContext:", "i@:^v", has_context),
    EASEL_METHOD("nameOfClass:", "*@:#", name_of_class),
    EASEL_METHOD("selectorName:", "*@::", selector_name),
    EASEL_METHOD("classOf:", "#@:@", class_of),
    EASEL_METHOD("countOf:", "i@:@", count_of),
    EASEL_METHOD("tenth", "f@:", tenth),
    EASEL_METHOD("third", "D@:", third),
    EASEL_METHOD("selfie", "@@:", selfie),
    EASEL_METHOD("made", "@@:", made),
    EASEL_METHOD("viewClass", "#@:", view_class),
    EASEL_METHOD("drawSelector", ":@:", draw_selector),
};

static const easel_class_desc classes[] = {
    EASEL_CLASS("Types", "Object", sizeof(TypesState), properties, methods),
};
EASEL_DEFINE_PLUGIN(plugin, "Types", classes);

EASEL_PLUGIN_ENTRY(api) {
    host = api;
    return &plugin;
}
