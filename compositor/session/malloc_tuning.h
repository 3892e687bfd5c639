#ifndef GRIDWL_COMPOSITOR_SESSION_MALLOC_TUNING_H
#define GRIDWL_COMPOSITOR_SESSION_MALLOC_TUNING_H

/*
 * Pins glibc's mmap threshold at its initial 128 KiB for the whole process,
 * unless the user set one through GLIBC_TUNABLES. The program's alone, like
 * the log ring: wlcs and tests that run compositors in their own process
 * keep their allocator as it is.
 */
void gridwl_malloc_tuning_init(void);

#endif
