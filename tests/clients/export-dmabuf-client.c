/*
 * The export-dmabuf client (issue 20) of the VM test (frames on GLES2) and
 * of desktop-globals (refused on pixman): asks for one frame of the first
 * output through wlr-export-dmabuf-unstable-v1, as wf-recorder and OBS's
 * wlrobs do, and prints what arrives:
 *
 *   frame W H format FOURCC modifier 0xMOD objects N
 *   object I fd size S offset O stride T plane P   (one a object)
 *   ready                                          (the frame is complete)
 *   cancel temporary|permanent|resizing
 *   error ...
 *
 * Exits 0 after "ready", 1 otherwise.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wayland-client.h>
#include "wlr-export-dmabuf-unstable-v1-client-protocol.h"

struct export_client {
	struct wl_output *output;
	struct zwlr_export_dmabuf_manager_v1 *manager;
	int done; // 0 waiting, 1 ready, -1 cancelled
	uint32_t objects, objects_seen;
};

static void registry_global(void *data, struct wl_registry *registry,
		uint32_t name, const char *interface, uint32_t version) {
	struct export_client *client = data;
	if (strcmp(interface, wl_output_interface.name) == 0 &&
			client->output == NULL) {
		client->output =
				wl_registry_bind(registry, name, &wl_output_interface, 1);
	} else if (strcmp(interface,
					   zwlr_export_dmabuf_manager_v1_interface.name) == 0) {
		client->manager = wl_registry_bind(registry, name,
				&zwlr_export_dmabuf_manager_v1_interface, 1);
	}
}

static void registry_global_remove(void *data, struct wl_registry *registry,
		uint32_t name) {
}

static const struct wl_registry_listener registry_listener = {
	.global = registry_global,
	.global_remove = registry_global_remove,
};

static void frame_frame(void *data, struct zwlr_export_dmabuf_frame_v1 *frame,
		uint32_t width, uint32_t height, uint32_t offset_x, uint32_t offset_y,
		uint32_t buffer_flags, uint32_t flags, uint32_t format,
		uint32_t mod_high, uint32_t mod_low, uint32_t num_objects) {
	struct export_client *client = data;
	client->objects = num_objects;
	printf("frame %u %u format %.4s modifier 0x%016llx objects %u\n", width,
			height, (const char *)&format,
			(unsigned long long)mod_high << 32 | mod_low, num_objects);
}

static void frame_object(void *data, struct zwlr_export_dmabuf_frame_v1 *frame,
		uint32_t index, int32_t fd, uint32_t size, uint32_t offset,
		uint32_t stride, uint32_t plane_index) {
	struct export_client *client = data;
	client->objects_seen++;
	printf("object %u fd size %u offset %u stride %u plane %u\n", index, size,
			offset, stride, plane_index);
	close(fd);
}

static void frame_ready(void *data, struct zwlr_export_dmabuf_frame_v1 *frame,
		uint32_t tv_sec_hi, uint32_t tv_sec_lo, uint32_t tv_nsec) {
	struct export_client *client = data;
	printf("ready\n");
	client->done = client->objects_seen == client->objects ? 1 : -1;
}

static void frame_cancel(void *data, struct zwlr_export_dmabuf_frame_v1 *frame,
		uint32_t reason) {
	struct export_client *client = data;
	printf("cancel %s\n",
			reason == ZWLR_EXPORT_DMABUF_FRAME_V1_CANCEL_REASON_TEMPORARY ?
					"temporary" :
					reason ==
							ZWLR_EXPORT_DMABUF_FRAME_V1_CANCEL_REASON_RESIZING ?
					"resizing" :
					"permanent");
	client->done = -1;
}

static const struct zwlr_export_dmabuf_frame_v1_listener frame_listener = {
	.frame = frame_frame,
	.object = frame_object,
	.ready = frame_ready,
	.cancel = frame_cancel,
};

int main(void) {
	struct export_client client = { 0 };
	struct wl_display *display = wl_display_connect(NULL);
	if (display == NULL) {
		printf("error cannot connect\n");
		return 1;
	}
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, &client);
	wl_display_roundtrip(display);
	if (client.manager == NULL || client.output == NULL) {
		printf("error the compositor offers no %s\n",
				client.manager == NULL ? "zwlr_export_dmabuf_manager_v1" :
										 "wl_output");
		return 1;
	}
	struct zwlr_export_dmabuf_frame_v1 *frame =
			zwlr_export_dmabuf_manager_v1_capture_output(client.manager, 0,
					client.output);
	zwlr_export_dmabuf_frame_v1_add_listener(frame, &frame_listener, &client);
	while (client.done == 0 && wl_display_dispatch(display) != -1) {
		fflush(stdout);
	}
	if (client.done == 0) {
		printf("error disconnected\n");
	}
	fflush(stdout);
	zwlr_export_dmabuf_frame_v1_destroy(frame);
	zwlr_export_dmabuf_manager_v1_destroy(client.manager);
	wl_output_destroy(client.output);
	wl_registry_destroy(registry);
	wl_display_roundtrip(display);
	wl_display_disconnect(display);
	return client.done == 1 ? 0 : 1;
}
