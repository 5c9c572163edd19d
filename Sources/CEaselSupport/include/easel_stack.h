/* Host-side helpers for reading this process's own stack, on the way out
   (the exit handler that names the plugin method that called exit()).
   Not part of the plugin ABI; plugins never see this header. */
#ifndef EASEL_STACK_H
#define EASEL_STACK_H

/* The return addresses of the calls in progress, innermost first (glibc's
   backtrace, through the unwind tables); how many were stored. */
int easel_support_backtrace(void **frames, int capacity);

/* The start of the function that contains `address`, from the unwind
   tables (every function has an entry there, static ones too), or NULL. */
void *easel_support_enclosing_function(void *address);

/* The file of the loaded object (executable or shared library) that
   contains `address`, as it was loaded (dladdr), or NULL. */
const char *easel_support_object_path(void *address);

#endif
