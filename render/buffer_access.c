#include <wlr/types/wlr_buffer.h>
#include <wlr/types/wlr_surface.h>
#include "render/render.h"

/*
 * The pixman renderer's texture of a wl_shm buffer points straight at the
 * client's memory, which a client can truncate under us: reading it then
 * raises SIGBUS. libwayland catches that only between
 * wl_shm_buffer_begin_access and _end_access (it maps zeroes in and, at the
 * end, disconnects the client with invalid_fd), which wlr_buffer's data
 * pointer access does for shm buffers; every direct read of those pixels
 * goes between these two calls.
 */
void gridwl_buffer_access_begin(struct wlr_surface *surface,
		struct gridwl_buffer_access *access) {
	access->buffer = NULL;
	struct wlr_client_buffer *client_buffer = surface->buffer;
	if (client_buffer == NULL || client_buffer->source == NULL ||
			client_buffer->source->accessing_data_ptr) {
		return;
	}
	void *data;
	uint32_t format;
	size_t stride;
	if (wlr_buffer_begin_data_ptr_access(client_buffer->source,
			WLR_BUFFER_DATA_PTR_ACCESS_READ, &data, &format, &stride)) {
		access->buffer = client_buffer->source;
	}
}

void gridwl_buffer_access_end(struct gridwl_buffer_access *access) {
	if (access->buffer != NULL) {
		wlr_buffer_end_data_ptr_access(access->buffer);
		access->buffer = NULL;
	}
}
