#ifndef EASEL_CLINKORDER_SHIM_H
#define EASEL_CLINKORDER_SHIM_H
/* The module exists for the libraries its module map links (see Package.swift,
 * "CLinkOrder"); this one declaration keeps the header a valid C translation unit. */
typedef int easel_link_order_unused;
#endif
