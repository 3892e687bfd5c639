#ifndef GRIDWL_RENDER_BUFFER_ACCESS_H
#define GRIDWL_RENDER_BUFFER_ACCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "render/kernels/resample.h"

struct wlr_buffer;
struct wlr_surface;

/* Direct reads of a surface's shm pixels, at the pool's mapping of now and
 * guarded against a client that truncates its pool (see
 * render/buffer_access.c). Not nestable on one buffer; end it before
 * anything else begins one. Begin fails when the surface has no buffer
 * with a data pointer. */
struct gridwl_buffer_access {
	struct wlr_buffer *buffer; // NULL when not begun
	const void *data;
	uint32_t format; // DRM_FORMAT_*
	size_t stride; // in bytes
	int width, height;
	void *copy; // aligned rows, for a buffer that is not
};
bool gridwl_buffer_access_begin(struct wlr_surface *surface,
		struct gridwl_buffer_access *access);
/* Bytes per pixel of a DRM format wl_shm buffers come in, 0 if unknown. */
int gridwl_drm_format_bytes_per_pixel(uint32_t format);
/* Whether a row of width pixels of format fits in stride bytes (libwayland
 * checks only that the stride is at least the width); true for an unknown
 * format. */
bool gridwl_buffer_rows_fit(uint32_t format, int width, size_t stride);
/* Rows y1 to y2 (exclusive) of the buffer, 4-byte aligned: the buffer's
 * own pixels, or a copy of those rows that lives until the access ends.
 * False for an unknown format or a row that does not fit its stride. */
bool gridwl_buffer_access_rows(struct gridwl_buffer_access *access, int y1,
		int y2, const void **data, size_t *stride);
/* The same as 32-bit pixels for the kernels: ARGB8888 and XRGB8888 only. */
bool gridwl_buffer_access_pixels(struct gridwl_buffer_access *access, int y1,
		int y2, struct gridwl_pixels *pixels, bool *opaque);
void gridwl_buffer_access_end(struct gridwl_buffer_access *access);

#endif
