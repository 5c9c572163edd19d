#ifndef EASEL_CLINKORDER_SHIM_H
#define EASEL_CLINKORDER_SHIM_H
/* Nothing to declare: the module exists for the libraries its module map links
 * (see Package.swift, "CLinkOrder"). */
#endif
