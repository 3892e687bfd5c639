#ifndef GRIDWL_TESTS_CLIENT_SHM_H
#define GRIDWL_TESTS_CLIENT_SHM_H

#include <stddef.h>
#include <stdint.h>
#include <wayland-client.h>

/*
 * wl_shm buffers for the test clients, the plain kind: four bytes a pixel,
 * rows packed, at offset 0 of a pool of their own. (The clients that
 * misuse pools on purpose make theirs by hand.)
 */

/* The bytes of such a buffer, and of its mapping. */
static inline size_t client_shm_size(int width, int height) {
	return (size_t)width * (size_t)height * 4;
}

/* A width x height buffer of format whose pool is gone already: the buffer
 * keeps the memory, on both sides. Its pixels are mapped at *pixels for
 * the caller to draw, and to munmap (client_shm_size bytes) once it no
 * longer writes them. NULL with errno set, and nothing left behind, when
 * the memory is not to be had. */
struct wl_buffer *client_shm_buffer(struct wl_shm *shm, int width, int height,
		uint32_t format, uint32_t **pixels);

#endif
