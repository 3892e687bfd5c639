#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "raw-client.h"

void raw_client_emit(const char *fmt, ...)
{
	va_list args;
	va_start(args, fmt);
	vprintf(fmt, args);
	va_end(args);
	putchar('\n');
	fflush(stdout);
}

int raw_client_report_disconnect(struct wl_display *display)
{
	int err = wl_display_get_error(display);
	if (err == EPROTO) {
		const struct wl_interface *interface;
		uint32_t id;
		uint32_t code = wl_display_get_protocol_error(display,
			&interface, &id);
		raw_client_emit("error protocol interface=%s code=%u id=%u",
			interface ? interface->name : "?", code, id);
	} else {
		raw_client_emit("error %s", strerror(err ? err : EPIPE));
	}
	raw_client_emit("disconnected");
	return 1;
}

static void wm_base_ping(void *data, struct xdg_wm_base *wm_base,
		uint32_t serial)
{
	xdg_wm_base_pong(wm_base, serial);
}

const struct xdg_wm_base_listener raw_client_wm_base_listener = {
	.ping = wm_base_ping,
};

static void toplevel_configure(void *data, struct xdg_toplevel *toplevel,
		int32_t width, int32_t height, struct wl_array *states)
{
}

static void toplevel_close(void *data, struct xdg_toplevel *toplevel)
{
}

const struct xdg_toplevel_listener raw_client_toplevel_listener = {
	.configure = toplevel_configure,
	.close = toplevel_close,
};
