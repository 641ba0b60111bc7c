#include <cairo/cairo.h>

#ifdef __linux__
#include <limits.h>
#include <malloc.h>
/* Keeps large bitmaps on glibc's heap, never trimmed back to the system (see Surface.swift). */
static inline void strokebench_keep_bitmaps_on_heap(void) {
    mallopt(M_MMAP_THRESHOLD, 1 << 30);
    mallopt(M_TRIM_THRESHOLD, INT_MAX);
}
#else
static inline void strokebench_keep_bitmaps_on_heap(void) {}
#endif
