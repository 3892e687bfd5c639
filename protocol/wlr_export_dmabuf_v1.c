#include <stdlib.h>
#include <wayland-server-core.h>
#include "protocol/wlr_export_dmabuf_v1.h"
#include "wlr-export-dmabuf-unstable-v1-protocol.h"

// wlroots 0.18 offers version 1, the protocol's only one.
#define EXPORT_DMABUF_MANAGER_VERSION 1

static void frame_handle_destroy(struct wl_client *client,
		struct wl_resource *resource) {
	wl_resource_destroy(resource);
}

static const struct zwlr_export_dmabuf_frame_v1_interface frame_impl = {
	.destroy = frame_handle_destroy,
};

static void manager_handle_capture_output(struct wl_client *client,
		struct wl_resource *manager_resource, uint32_t id,
		int32_t overlay_cursor, struct wl_resource *output_resource) {
	struct wl_resource *frame =
			wl_resource_create(client, &zwlr_export_dmabuf_frame_v1_interface,
					wl_resource_get_version(manager_resource), id);
	if (frame == NULL) {
		wl_client_post_no_memory(client);
		return;
	}
	// The frame holds nothing: cancelled, it only waits for its destroy.
	wl_resource_set_implementation(frame, &frame_impl, NULL, NULL);
	zwlr_export_dmabuf_frame_v1_send_cancel(frame,
			ZWLR_EXPORT_DMABUF_FRAME_V1_CANCEL_REASON_PERMANENT);
}

static void manager_handle_destroy(struct wl_client *client,
		struct wl_resource *resource) {
	wl_resource_destroy(resource);
}

static const struct zwlr_export_dmabuf_manager_v1_interface manager_impl = {
	.capture_output = manager_handle_capture_output,
	.destroy = manager_handle_destroy,
};

static void manager_bind(struct wl_client *client, void *data, uint32_t version,
		uint32_t id) {
	struct wl_resource *resource = wl_resource_create(client,
			&zwlr_export_dmabuf_manager_v1_interface, version, id);
	if (resource == NULL) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_impl, NULL, NULL);
}

static void handle_display_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_export_dmabuf_refuser_v1 *refuser =
			wl_container_of(listener, refuser, display_destroy);
	wl_list_remove(&refuser->display_destroy.link);
	wl_global_destroy(refuser->global);
	free(refuser);
}

struct gridwl_export_dmabuf_refuser_v1 *gridwl_export_dmabuf_refuser_v1_create(
		struct wl_display *display) {
	struct gridwl_export_dmabuf_refuser_v1 *refuser =
			calloc(1, sizeof(*refuser));
	if (refuser == NULL) {
		return NULL;
	}
	refuser->global =
			wl_global_create(display, &zwlr_export_dmabuf_manager_v1_interface,
					EXPORT_DMABUF_MANAGER_VERSION, refuser, manager_bind);
	if (refuser->global == NULL) {
		free(refuser);
		return NULL;
	}
	refuser->display_destroy.notify = handle_display_destroy;
	wl_display_add_destroy_listener(display, &refuser->display_destroy);
	return refuser;
}
