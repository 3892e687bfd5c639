#include <drm_fourcc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/types/wlr_buffer.h>
#include <wlr/types/wlr_compositor.h>
#include "render/buffer_access.h"

/*
 * Every direct read of a surface's shm pixels goes through here, for two
 * reasons.
 *
 * A client can truncate its pool under us: reading it then raises SIGBUS.
 * libwayland catches that only between wl_shm_buffer_begin_access and
 * _end_access (it maps zeroes in and, at the end, disconnects the client
 * with invalid_fd), which wlr_buffer's data pointer access does for shm
 * buffers.
 *
 * And a client can grow its pool with wl_shm_pool.resize while a buffer of
 * it is on screen: libwayland then mremaps the pool, which may move it, and
 * the pointer the pixman renderer's texture took at commit time points at
 * nothing. The pointer this access returns is the pool's mapping of now.
 */
bool gridwl_buffer_access_begin(struct wlr_surface *surface,
		struct gridwl_buffer_access *access) {
	*access = (struct gridwl_buffer_access){ 0 };
	struct wlr_client_buffer *client_buffer = surface->buffer;
	if (client_buffer == NULL || client_buffer->source == NULL ||
			client_buffer->source->accessing_data_ptr) {
		return false;
	}
	struct wlr_buffer *buffer = client_buffer->source;
	void *data;
	uint32_t format;
	size_t stride;
	if (!wlr_buffer_begin_data_ptr_access(buffer,
				WLR_BUFFER_DATA_PTR_ACCESS_READ, &data, &format, &stride)) {
		return false;
	}
	access->buffer = buffer;
	access->data = data;
	access->format = format;
	access->stride = stride;
	access->width = buffer->width;
	access->height = buffer->height;
	return true;
}

/* Bytes per pixel of the shm formats the wlroots 0.15 renderers take. */
int gridwl_drm_format_bytes_per_pixel(uint32_t format) {
	switch (format) {
	case DRM_FORMAT_ARGB8888:
	case DRM_FORMAT_XRGB8888:
	case DRM_FORMAT_ABGR8888:
	case DRM_FORMAT_XBGR8888:
	case DRM_FORMAT_RGBA8888:
	case DRM_FORMAT_RGBX8888:
	case DRM_FORMAT_BGRA8888:
	case DRM_FORMAT_BGRX8888:
	case DRM_FORMAT_ARGB2101010:
	case DRM_FORMAT_XRGB2101010:
	case DRM_FORMAT_ABGR2101010:
	case DRM_FORMAT_XBGR2101010:
		return 4;
	case DRM_FORMAT_RGB888:
	case DRM_FORMAT_BGR888:
		return 3;
	case DRM_FORMAT_RGB565:
	case DRM_FORMAT_BGR565:
	case DRM_FORMAT_RGBA4444:
	case DRM_FORMAT_RGBX4444:
	case DRM_FORMAT_RGBA5551:
	case DRM_FORMAT_RGBX5551:
		return 2;
	case DRM_FORMAT_ABGR16161616F:
	case DRM_FORMAT_XBGR16161616F:
		return 8;
	default:
		return 0;
	}
}

bool gridwl_buffer_rows_fit(uint32_t format, int width, size_t stride) {
	int bytes = gridwl_drm_format_bytes_per_pixel(format);
	return bytes == 0 || stride >= (size_t)width * bytes;
}

static bool is_aligned(const struct gridwl_buffer_access *access) {
	return (uintptr_t)access->data % 4 == 0 && access->stride % 4 == 0;
}

/*
 * wl_shm allows any offset and stride, but the kernels and pixman read
 * whole 32-bit words: a buffer that is not aligned to them is read from an
 * aligned copy of the rows asked for. Only a client that misaligns its
 * buffers pays for the copy.
 */
bool gridwl_buffer_access_rows(struct gridwl_buffer_access *access, int y1,
		int y2, const void **data, size_t *stride) {
	int bytes_per_pixel = gridwl_drm_format_bytes_per_pixel(access->format);
	size_t row_bytes = (size_t)access->width * bytes_per_pixel;
	if (access->buffer == NULL || bytes_per_pixel == 0 ||
			access->stride < row_bytes) {
		// A short stride would make every row read into the next one and
		// the last past the end of the pool; the commit refuses it.
		return false;
	}
	if (is_aligned(access)) {
		*data = access->data;
		*stride = access->stride;
		return true;
	}
	y1 = y1 < 0 ? 0 : y1;
	y2 = y2 > access->height ? access->height : y2;
	size_t copy_stride = (row_bytes + 3) & ~(size_t)3;
	if (access->copy == NULL) {
		// Rows outside [y1, y2) are never touched, so the pages behind
		// them are never made real.
		access->copy = malloc(copy_stride * access->height);
		if (access->copy == NULL) {
			return false;
		}
	}
	const uint8_t *src = access->data;
	uint8_t *dst = access->copy;
	for (int y = y1; y < y2; y++) {
		memcpy(dst + (size_t)y * copy_stride, src + (size_t)y * access->stride,
				row_bytes);
	}
	*data = access->copy;
	*stride = copy_stride;
	return true;
}

bool gridwl_buffer_access_pixels(struct gridwl_buffer_access *access, int y1,
		int y2, struct gridwl_pixels *pixels, bool *opaque) {
	if (access->format != DRM_FORMAT_ARGB8888 &&
			access->format != DRM_FORMAT_XRGB8888) {
		return false;
	}
	const void *data;
	size_t stride;
	if (!gridwl_buffer_access_rows(access, y1, y2, &data, &stride)) {
		return false;
	}
	*pixels = (struct gridwl_pixels){
		.data = data,
		.width = access->width,
		.height = access->height,
		.stride = (int)(stride / 4),
	};
	*opaque = access->format == DRM_FORMAT_XRGB8888;
	return true;
}

void gridwl_buffer_access_end(struct gridwl_buffer_access *access) {
	free(access->copy);
	access->copy = NULL;
	if (access->buffer != NULL) {
		wlr_buffer_end_data_ptr_access(access->buffer);
		access->buffer = NULL;
	}
}
