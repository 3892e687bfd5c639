#include <errno.h>
#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include "client-globals.h"
#include "alpha-modifier-v1-client-protocol.h"
#include "content-type-v1-client-protocol.h"
#include "cursor-shape-v1-client-protocol.h"
#include "ext-transient-seat-v1-client-protocol.h"
#include "fractional-scale-v1-client-protocol.h"
#include "fuzz-protocol.h"
#include "input-method-wire.h"
#include "keyboard-shortcuts-inhibit-unstable-v1-client-protocol.h"
#include "pointer-gestures-unstable-v1-client-protocol.h"
#include "presentation-time-client-protocol.h"
#include "security-context-v1-client-protocol.h"
#include "single-pixel-buffer-v1-client-protocol.h"
#include "tablet-v2-client-protocol.h"
#include "tearing-control-v1-client-protocol.h"
#include "text-input-unstable-v3-client-protocol.h"
#include "viewporter-client-protocol.h"
#include "virtual-keyboard-wire.h"
#include "wlr-data-control-unstable-v1-client-protocol.h"
#include "wlr-export-dmabuf-unstable-v1-client-protocol.h"
#include "wlr-gamma-control-unstable-v1-client-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"
#include "wlr-output-management-unstable-v1-client-protocol.h"
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"
#include "xdg-activation-v1-client-protocol.h"
#include "xdg-foreign-unstable-v2-client-protocol.h"
#include "xdg-shell-client-protocol.h"

/*
 * One connection to the compositor: the globals, the seat's pointer and
 * keyboard (for the serials that grabs and selections want), and a round
 * trip that gives up when the compositor stops answering, since a hung
 * compositor is as much a failure as a crashed one.
 */

static uint32_t min_u32(uint32_t a, uint32_t b) {
	return a < b ? a : b;
}

/* The serials that grabs and selections want. */
static void pointer_enter(void *data, uint32_t serial,
		struct wl_surface *surface, double x, double y) {
	struct fz *fz = data;
	fz->input_serial = serial;
}

static void pointer_button(void *data, uint32_t serial, uint32_t button,
		uint32_t state) {
	struct fz *fz = data;
	fz->input_serial = serial;
}

static void keyboard_enter(void *data, uint32_t serial,
		struct wl_surface *surface, struct wl_array *keys) {
	struct fz *fz = data;
	fz->input_serial = serial;
}

static void keyboard_key(void *data, uint32_t serial, uint32_t key,
		uint32_t state) {
	struct fz *fz = data;
	fz->input_serial = serial;
}

static const struct client_input_handler input_handler = {
	.pointer_enter = pointer_enter,
	.pointer_button = pointer_button,
	.keyboard_enter = keyboard_enter,
	.key = keyboard_key,
};

static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps) {
	struct fz *fz = data;
	client_input_capabilities(&fz->input, seat, caps);
}

static void seat_name(void *data, struct wl_seat *seat, const char *name) {
}

static const struct wl_seat_listener seat_listener = {
	.capabilities = seat_capabilities,
	.name = seat_name,
};

static void shm_format(void *data, struct wl_shm *shm, uint32_t format) {
	struct fz *fz = data;
	// Only formats whose pixel size fuzz-shm.c knows; it must compute
	// strides the compositor accepts.
	static const uint32_t known[] = {
		WL_SHM_FORMAT_ARGB8888,
		WL_SHM_FORMAT_XRGB8888,
		WL_SHM_FORMAT_ABGR8888,
		WL_SHM_FORMAT_XBGR8888,
		WL_SHM_FORMAT_RGBA8888,
		WL_SHM_FORMAT_RGBX8888,
		WL_SHM_FORMAT_BGRA8888,
		WL_SHM_FORMAT_BGRX8888,
		WL_SHM_FORMAT_ARGB2101010,
		WL_SHM_FORMAT_XRGB2101010,
		WL_SHM_FORMAT_ABGR2101010,
		WL_SHM_FORMAT_XBGR2101010,
		WL_SHM_FORMAT_RGB565,
		WL_SHM_FORMAT_BGR565,
	};
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		if (known[i] == format && fz->format_count < FZ_FORMATS) {
			fz->formats[fz->format_count++] = format;
		}
	}
}

static const struct wl_shm_listener shm_listener = {
	.format = shm_format,
};

static void bind_output(struct fz *fz, uint32_t name, uint32_t version) {
	for (int i = 0; i < FZ_OUTPUTS; i++) {
		struct fz_output *o = &fz->outputs[i];
		if (o->output == NULL) {
			o->output = wl_registry_bind(fz->registry, name,
					&wl_output_interface, min_u32(version, 4));
			// No listener: libwayland-client drops the events of a
			// proxy without one, and the fuzzer wants none of them.
			o->global_name = name;
			return;
		}
	}
}

static void release_output(struct fz_output *o) {
	if (wl_output_get_version(o->output) >= WL_OUTPUT_RELEASE_SINCE_VERSION) {
		wl_output_release(o->output);
	} else {
		wl_output_destroy(o->output);
	}
	o->output = NULL;
}

static const struct client_global bound_globals[] = {
	{ &wl_compositor_interface, 4, offsetof(struct fz, compositor), NULL },
	{ &wl_subcompositor_interface, 1, offsetof(struct fz, subcompositor),
			NULL },
	{ &wl_shm_interface, 1, offsetof(struct fz, shm), &shm_listener },
	// Version 2 is what wlroots 0.15 offers; nothing newer is needed.
	{ &xdg_wm_base_interface, 2, offsetof(struct fz, wm_base),
			&client_wm_base_listener },
	// Version 3 brought destroy, 4 on_demand keyboard focus.
	{ &zwlr_layer_shell_v1_interface, 4, offsetof(struct fz, layer_shell),
			NULL },
	{ &wp_viewporter_interface, 1, offsetof(struct fz, viewporter), NULL },
	{ &wl_data_device_manager_interface, 3,
			offsetof(struct fz, data_device_manager), NULL },
	{ &wl_seat_interface, 7, offsetof(struct fz, seat), &seat_listener },
	// Issue 20's (fuzz-desktop.c), at the versions wlroots 0.18 offers.
	{ &wp_fractional_scale_manager_v1_interface, 1,
			offsetof(struct fz, desktop.fractional_scale), NULL },
	{ &wp_alpha_modifier_v1_interface, 1,
			offsetof(struct fz, desktop.alpha_modifier), NULL },
	{ &wp_content_type_manager_v1_interface, 1,
			offsetof(struct fz, desktop.content_type), NULL },
	{ &wp_tearing_control_manager_v1_interface, 1,
			offsetof(struct fz, desktop.tearing_control), NULL },
	{ &wp_cursor_shape_manager_v1_interface, 1,
			offsetof(struct fz, desktop.cursor_shape), NULL },
	{ &zwp_keyboard_shortcuts_inhibit_manager_v1_interface, 1,
			offsetof(struct fz, desktop.shortcuts_inhibit), NULL },
	{ &zwp_pointer_gestures_v1_interface, 3,
			offsetof(struct fz, desktop.gestures), NULL },
	{ &xdg_activation_v1_interface, 1, offsetof(struct fz, desktop.activation),
			NULL },
	{ &zxdg_exporter_v2_interface, 1, offsetof(struct fz, desktop.exporter),
			NULL },
	{ &zxdg_importer_v2_interface, 1, offsetof(struct fz, desktop.importer),
			NULL },
	{ &wp_security_context_manager_v1_interface, 1,
			offsetof(struct fz, desktop.security_context), NULL },
	{ &zwp_virtual_keyboard_manager_v1_interface, 1,
			offsetof(struct fz, desktop.virtual_keyboard_manager), NULL },
	{ &zwlr_data_control_manager_v1_interface, 2,
			offsetof(struct fz, desktop.data_control), NULL },
	{ &wp_single_pixel_buffer_manager_v1_interface, 1,
			offsetof(struct fz, desktop.single_pixel), NULL },
	{ &wp_presentation_interface, 1, offsetof(struct fz, desktop.presentation),
			NULL },
	{ &zwp_tablet_manager_v2_interface, 1, offsetof(struct fz, desktop.tablet),
			NULL },
	{ &ext_transient_seat_manager_v1_interface, 1,
			offsetof(struct fz, desktop.transient_seat), NULL },
	{ &zwlr_gamma_control_manager_v1_interface, 1,
			offsetof(struct fz, desktop.gamma), NULL },
	{ &zwp_text_input_manager_v3_interface, 1,
			offsetof(struct fz, desktop.text_input), NULL },
	{ &zwp_input_method_manager_v2_interface, 1,
			offsetof(struct fz, desktop.input_method_manager), NULL },
	{ &zwlr_export_dmabuf_manager_v1_interface, 1,
			offsetof(struct fz, desktop.export_dmabuf), NULL },
	{ 0 },
};

/* Every output, and what the options may leave out. */
static void registry_global(void *data, struct wl_registry *registry,
		uint32_t name, const char *interface, uint32_t version) {
	struct fz *fz = data;
	if (strcmp(interface, wl_output_interface.name) == 0) {
		bind_output(fz, name, version);
	} else if (strcmp(interface, zwlr_output_manager_v1_interface.name) == 0 &&
			!fz->options.no_output_management) {
		fz->output_manager = wl_registry_bind(registry, name,
				&zwlr_output_manager_v1_interface, min_u32(version, 2));
		fz_output_manager_bound(fz);
	} else if (strcmp(interface, "ext_foreign_toplevel_list_v1") == 0) {
		// Bound by its op, which makes and stops lists.
		fz->desktop.toplevel_list_name = name;
	} else if (strcmp(interface,
					   zwlr_virtual_pointer_manager_v1_interface.name) == 0 &&
			!fz->options.no_pointer) {
		fz->virtual_pointer_manager = wl_registry_bind(registry, name,
				&zwlr_virtual_pointer_manager_v1_interface, 1);
	}
}

static void registry_global_remove(void *data, struct wl_registry *registry,
		uint32_t name) {
	struct fz *fz = data;
	// Outputs come and go with wlr-output-management's enable/disable.
	for (int i = 0; i < FZ_OUTPUTS; i++) {
		if (fz->outputs[i].output != NULL &&
				fz->outputs[i].global_name == name) {
			release_output(&fz->outputs[i]);
		}
	}
}

bool fz_connect(struct fz *fz) {
	fz->display = wl_display_connect(NULL);
	if (fz->display == NULL) {
		return false;
	}
	fz->stats.connections++;
	fz->input = (struct client_input){ .handler = &input_handler, .data = fz };
	fz->globals = (struct client_globals){
		.table = bound_globals,
		.global = registry_global,
		.global_remove = registry_global_remove,
		.data = fz,
	};
	fz->registry = client_globals_listen(fz->display, &fz->globals);
	// Globals, then what binding them sent (formats, capabilities,
	// output heads).
	if (fz_roundtrip(fz, false) < 0 || fz_roundtrip(fz, false) < 0) {
		return true; // the caller sees the error on the display
	}
	if (fz->compositor == NULL || fz->shm == NULL || fz->wm_base == NULL) {
		fprintf(stderr,
				"protocol-fuzz: the compositor lacks wl_compositor, "
				"wl_shm or xdg_wm_base\n");
		fz_disconnect(fz);
		return false;
	}
	if (fz->virtual_pointer_manager != NULL) {
		fz->virtual_pointer =
				zwlr_virtual_pointer_manager_v1_create_virtual_pointer(
						fz->virtual_pointer_manager, fz->seat);
	}
	fz_data_device_start(fz);
	return true;
}

void fz_disconnect(struct fz *fz) {
	if (fz->display == NULL) {
		return;
	}
	// Children before parents, then the globals; after a protocol error
	// this only frees our proxies.
	fz_data_destroy_all(fz);
	fz_desktop_destroy_all(fz);
	fz_surface_destroy_all(fz);
	fz_shm_destroy_all(fz);
	fz_output_destroy_all(fz);
	fz_pointer_destroy(fz);
	for (int i = 0; i < FZ_OUTPUTS; i++) {
		if (fz->outputs[i].output != NULL) {
			release_output(&fz->outputs[i]);
		}
	}
	client_input_finish(&fz->input);
	FZ_DESTROY(fz->virtual_pointer_manager,
			zwlr_virtual_pointer_manager_v1_destroy);
	FZ_DESTROY(fz->output_manager, zwlr_output_manager_v1_destroy);
	// Each with its destroy or release request, when it has one.
	client_globals_destroy(bound_globals, fz);
	FZ_DESTROY(fz->registry, wl_registry_destroy);
	wl_display_disconnect(fz->display);
	fz->display = NULL;
	fz->format_count = 0;
	fz->input_serial = 0;
	fz->output_manager_serial = 0;
	fz->buttons_down = false;
}

static int64_t now_ms(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void sync_done(void *data, struct wl_callback *callback,
		uint32_t serial) {
	bool *done = data;
	*done = true;
}

static const struct wl_callback_listener sync_listener = {
	.done = sync_done,
};

static int fail(struct fz *fz, int error) {
	int display_error = wl_display_get_error(fz->display);
	errno = display_error != 0 ? display_error : error;
	return -1;
}

int fz_wait(struct fz *fz, const bool *done, int timeout_ms) {
	struct wl_display *display = fz->display;
	if (wl_display_get_error(display) != 0) {
		errno = wl_display_get_error(display);
		return -1;
	}
	int64_t deadline = now_ms() + timeout_ms;
	while (!*done) {
		while (wl_display_prepare_read(display) != 0) {
			if (wl_display_dispatch_pending(display) < 0) {
				return fail(fz, EPIPE);
			}
		}
		if (*done) {
			wl_display_cancel_read(display);
			break;
		}
		struct pollfd pfd = {
			.fd = wl_display_get_fd(display),
			.events = POLLIN,
		};
		// A full socket is no error: wait until it drains, reading
		// meanwhile so that the compositor is never stuck writing.
		if (wl_display_flush(display) < 0) {
			if (errno != EAGAIN) {
				wl_display_cancel_read(display);
				return fail(fz, errno);
			}
			pfd.events |= POLLOUT;
		}
		int64_t left = deadline - now_ms();
		int ready = left > 0 ? poll(&pfd, 1, (int)left) : 0;
		if (ready < 0 && errno == EINTR) {
			wl_display_cancel_read(display);
			continue;
		}
		if (ready <= 0) {
			wl_display_cancel_read(display);
			errno = ready == 0 ? ETIMEDOUT : errno;
			return -1;
		}
		if (pfd.revents & (POLLIN | POLLHUP | POLLERR)) {
			if (wl_display_read_events(display) < 0) {
				return fail(fz, EPIPE);
			}
		} else {
			wl_display_cancel_read(display);
		}
		if (wl_display_dispatch_pending(display) < 0) {
			return fail(fz, EPIPE);
		}
	}
	return 0;
}

static int roundtrip_once(struct fz *fz) {
	if (wl_display_get_error(fz->display) != 0) {
		errno = wl_display_get_error(fz->display);
		return -1;
	}
	bool done = false;
	struct wl_callback *callback = wl_display_sync(fz->display);
	wl_callback_add_listener(callback, &sync_listener, &done);
	int r = fz_wait(fz, &done, fz->options.timeout_ms);
	int error = errno;
	wl_callback_destroy(callback);
	errno = error;
	return r;
}

int fz_roundtrip(struct fz *fz, bool deep) {
	if (roundtrip_once(fz) < 0) {
		return -1;
	}
	if (deep && roundtrip_once(fz) < 0) {
		return -1;
	}
	// Whatever gridwl closed by then, its closed event is in.
	fz->layers_unsettled = false;
	return 0;
}

const char *fz_random_string(struct fz *fz, char *buf, size_t size) {
	static const char *const pieces[] = {
		"a",
		"Z",
		"0",
		" ",
		"-",
		"_",
		".",
		"/",
		"\"",
		"\\",
		"%s",
		"\t",
		"é",
		"ß",
		"€",
		"日本",
		"🙂",
		"\u200b",
		"\u202e",
	};
	size_t n = 0;
	// Mostly short; now and then long enough to stress whatever copies or
	// prints it (gridctl windows, rules matching).
	uint32_t count = fz_rng_chance(&fz->rng, 5) ? fz_rng_below(&fz->rng, 400) :
												  fz_rng_below(&fz->rng, 24);
	for (uint32_t i = 0; i < count; i++) {
		const char *piece = pieces[fz_rng_below(&fz->rng,
				sizeof(pieces) / sizeof(pieces[0]))];
		size_t len = strlen(piece);
		if (n + len + 1 > size) {
			break;
		}
		memcpy(buf + n, piece, len);
		n += len;
	}
	buf[n] = '\0';
	return buf;
}
