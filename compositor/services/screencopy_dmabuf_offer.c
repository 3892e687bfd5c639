#include <drm_fourcc.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-server-core.h>
#include <wlr/render/allocator.h>
#include <wlr/types/wlr_buffer.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/services/screencopy_dmabuf_offer.h"
#include "wlr-screencopy-unstable-v1-protocol.h"

struct screencopy_dmabuf_offer {
	struct wl_protocol_logger *logger;
	struct wl_listener display_destroy;
};

/* wl_shm's two formats that are not their DRM fourcc. */
static uint32_t drm_format_of_shm(uint32_t format) {
	switch (format) {
	case WL_SHM_FORMAT_ARGB8888:
		return DRM_FORMAT_ARGB8888;
	case WL_SHM_FORMAT_XRGB8888:
		return DRM_FORMAT_XRGB8888;
	default:
		return format;
	}
}

/* wlroots sends a frame's offers from its own request handler, with no
 * signal between them; a protocol logger sees the wl_shm offer before it
 * goes out, and the linux_dmabuf offer posted from here goes out first,
 * before buffer_done as the protocol wants. */
static void log_message(void *data, enum wl_protocol_logger_type type,
		const struct wl_protocol_logger_message *message) {
	if (type != WL_PROTOCOL_LOGGER_EVENT ||
			strcmp(message->message->name, "buffer") != 0 ||
			strcmp(wl_resource_get_class(message->resource),
					"zwlr_screencopy_frame_v1") != 0 ||
			wl_resource_get_version(message->resource) <
					ZWLR_SCREENCOPY_FRAME_V1_LINUX_DMABUF_SINCE_VERSION ||
			message->arguments_count != 4) {
		return;
	}
	const union wl_argument *args = message->arguments;
	// buffer(format, width, height, stride)
	zwlr_screencopy_frame_v1_send_linux_dmabuf(message->resource,
			drm_format_of_shm(args[0].u), args[1].u, args[2].u);
}

static void handle_display_destroy(struct wl_listener *listener, void *data) {
	struct screencopy_dmabuf_offer *offer =
			wl_container_of(listener, offer, display_destroy);
	wl_protocol_logger_destroy(offer->logger);
	wl_list_remove(&offer->display_destroy.link);
	free(offer);
}

bool gridwl_screencopy_dmabuf_offer_init(struct gridwl_server *server) {
	if (server->allocator != NULL &&
			(server->allocator->buffer_caps & WLR_BUFFER_CAP_DMABUF)) {
		// wlroots makes the offer itself.
		return true;
	}
	struct screencopy_dmabuf_offer *offer = calloc(1, sizeof(*offer));
	if (offer == NULL) {
		return false;
	}
	offer->logger =
			wl_display_add_protocol_logger(server->display, log_message, offer);
	if (offer->logger == NULL) {
		free(offer);
		return false;
	}
	offer->display_destroy.notify = handle_display_destroy;
	wl_display_add_destroy_listener(server->display, &offer->display_destroy);
	wlr_log(WLR_INFO,
			"Output buffers are no dmabufs: wlr-screencopy frames offer "
			"linux-dmabuf too, for xdg-desktop-portal-wlr 0.7");
	return true;
}
