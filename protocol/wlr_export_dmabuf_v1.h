#ifndef GRIDWL_PROTOCOL_WLR_EXPORT_DMABUF_V1_H
#define GRIDWL_PROTOCOL_WLR_EXPORT_DMABUF_V1_H

#include <wayland-server-core.h>

/*
 * wlr-export-dmabuf-unstable-v1 where output buffers are no dmabufs
 * (pixman on headless or nested outputs, shared memory): the global is
 * offered, as sway offers it there, and every capture_output is cancelled
 * at once as "permanent", since no frame of this compositor will ever be
 * one. wlroots 0.18's helper would wait for the next frame and cancel it
 * as "temporary", so that clients (wf-recorder) retry for ever instead of
 * falling back to screencopy. Where output buffers are dmabufs, wlroots'
 * helper is used (compositor/services/export_dmabuf.c).
 *
 * Destroyed with the display.
 */
struct gridwl_export_dmabuf_refuser_v1 {
	struct wl_global *global;

	// private state

	struct wl_listener display_destroy;
};

struct gridwl_export_dmabuf_refuser_v1 *gridwl_export_dmabuf_refuser_v1_create(
		struct wl_display *display);

#endif
