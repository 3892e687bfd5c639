#define _GNU_SOURCE // memfd_create
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <wayland-client.h>
#include "alpha-modifier-v1-client-protocol.h"
#include "content-type-v1-client-protocol.h"
#include "cursor-shape-v1-client-protocol.h"
#include "fractional-scale-v1-client-protocol.h"
#include "fuzz-errors.h"
#include "input-method-wire.h"
#include "keyboard-shortcuts-inhibit-unstable-v1-client-protocol.h"
#include "security-context-v1-client-protocol.h"
#include "tearing-control-v1-client-protocol.h"
#include "virtual-keyboard-wire.h"
#include "wlr-data-control-unstable-v1-client-protocol.h"
#include "xdg-activation-v1-client-protocol.h"
#include "xdg-foreign-unstable-v2-client-protocol.h"

/*
 * Deliberate protocol errors of issue 20's desktop protocols, with the codes
 * and interfaces of wlroots 0.18.2 (types/wlr_fractional_scale_v1.c,
 * wlr_alpha_modifier_v1.c, wlr_content_type_v1.c, wlr_tearing_control_v1.c,
 * wlr_keyboard_shortcuts_inhibit_v1.c, wlr_cursor_shape_v1.c,
 * wlr_xdg_activation_v1.c, wlr_xdg_foreign_v2.c, wlr_security_context_v1.c,
 * wlr_virtual_keyboard_v1.c, wlr_data_control_v1.c, wlr_input_method_v2.c).
 * A case whose global
 * gridwl does not offer makes nothing.
 */

FZ_ERR_DESTROYER(wp_fractional_scale_v1)
FZ_ERR_DESTROYER(wp_alpha_modifier_surface_v1)
FZ_ERR_DESTROYER(wp_content_type_v1)
FZ_ERR_DESTROYER(wp_tearing_control_v1)
FZ_ERR_DESTROYER(zwp_keyboard_shortcuts_inhibitor_v1)
FZ_ERR_DESTROYER(wp_cursor_shape_device_v1)
FZ_ERR_DESTROYER(xdg_activation_token_v1)
FZ_ERR_DESTROYER(zxdg_exported_v2)
FZ_ERR_DESTROYER(wp_security_context_v1)
FZ_ERR_DESTROYER(zwlr_data_control_device_v1)
FZ_ERR_DESTROYER(zwlr_data_control_source_v1)
FZ_ERR_DESTROYER(zwlr_data_control_offer_v1)

static void destroy_virtual_keyboard(void *proxy) {
	wl_proxy_marshal_flags(proxy, VIRTUAL_KEYBOARD_DESTROY, NULL, 1,
			WL_MARSHAL_FLAG_DESTROY);
}

static void destroy_input_method(void *proxy) {
	wl_proxy_marshal_flags(proxy, IM_DESTROY, NULL, 1, WL_MARSHAL_FLAG_DESTROY);
}

static void destroy_input_popup(void *proxy) {
	wl_proxy_marshal_flags(proxy, IM_POPUP_DESTROY, NULL, 1,
			WL_MARSHAL_FLAG_DESTROY);
}

/*
 * The protocols that give a surface one extension object and post an error
 * on their manager when asked for a second: the same case for each, told
 * apart by the manager, its get request (new_id, then the surface) and the
 * code.
 */
struct second_extension {
	size_t manager; // offset of the manager's proxy in struct fz
	uint32_t get_opcode;
	const struct wl_interface *extension;
	void (*destroy)(void *proxy);
	uint32_t code;
};

static const struct second_extension second_extensions[] = {
	{ offsetof(struct fz, desktop.fractional_scale),
			WP_FRACTIONAL_SCALE_MANAGER_V1_GET_FRACTIONAL_SCALE,
			&wp_fractional_scale_v1_interface, destroy_wp_fractional_scale_v1,
			WP_FRACTIONAL_SCALE_MANAGER_V1_ERROR_FRACTIONAL_SCALE_EXISTS },
	{ offsetof(struct fz, desktop.alpha_modifier),
			WP_ALPHA_MODIFIER_V1_GET_SURFACE,
			&wp_alpha_modifier_surface_v1_interface,
			destroy_wp_alpha_modifier_surface_v1,
			WP_ALPHA_MODIFIER_V1_ERROR_ALREADY_CONSTRUCTED },
	{ offsetof(struct fz, desktop.content_type),
			WP_CONTENT_TYPE_MANAGER_V1_GET_SURFACE_CONTENT_TYPE,
			&wp_content_type_v1_interface, destroy_wp_content_type_v1,
			WP_CONTENT_TYPE_MANAGER_V1_ERROR_ALREADY_CONSTRUCTED },
	{ offsetof(struct fz, desktop.tearing_control),
			WP_TEARING_CONTROL_MANAGER_V1_GET_TEARING_CONTROL,
			&wp_tearing_control_v1_interface, destroy_wp_tearing_control_v1,
			WP_TEARING_CONTROL_MANAGER_V1_ERROR_TEARING_CONTROL_EXISTS },
};

static bool second_extension(struct fz *fz, struct fz_expect *e,
		const struct second_extension *x) {
	struct wl_proxy *m = *(struct wl_proxy **)((char *)fz + x->manager);
	if (m == NULL) {
		return false;
	}
	struct wl_surface *s = fz_err_surface(fz);
	for (int i = 0; i < 2; i++) {
		fz_err_defer(x->destroy,
				wl_proxy_marshal_flags(m, x->get_opcode, x->extension,
						wl_proxy_get_version(m), 0, NULL, s));
	}
	// A proxy's class is its interface's name, which outlives it.
	*e = (struct fz_expect){ wl_proxy_get_class(m), x->code };
	return true;
}

static bool fractional_scale_twice(struct fz *fz, struct fz_expect *e) {
	return second_extension(fz, e, &second_extensions[0]);
}

static bool alpha_modifier_twice(struct fz *fz, struct fz_expect *e) {
	return second_extension(fz, e, &second_extensions[1]);
}

static bool content_type_twice(struct fz *fz, struct fz_expect *e) {
	return second_extension(fz, e, &second_extensions[2]);
}

static bool tearing_control_twice(struct fz *fz, struct fz_expect *e) {
	return second_extension(fz, e, &second_extensions[3]);
}

static bool alpha_modifier_no_surface(struct fz *fz, struct fz_expect *e) {
	struct wp_alpha_modifier_v1 *m = fz->desktop.alpha_modifier;
	if (m == NULL) {
		return false;
	}
	struct wl_surface *s = fz_err_surface(fz);
	struct wp_alpha_modifier_surface_v1 *alpha =
			LATER(wp_alpha_modifier_surface_v1,
					wp_alpha_modifier_v1_get_surface(m, s));
	fz_err_undefer(s);
	wl_surface_destroy(s);
	wp_alpha_modifier_surface_v1_set_multiplier(alpha, 0x80000000u);
	*e = (struct fz_expect){ "wp_alpha_modifier_surface_v1",
		WP_ALPHA_MODIFIER_SURFACE_V1_ERROR_NO_SURFACE };
	return true;
}

static bool inhibit_twice(struct fz *fz, struct fz_expect *e) {
	struct zwp_keyboard_shortcuts_inhibit_manager_v1 *m =
			fz->desktop.shortcuts_inhibit;
	if (m == NULL || fz->seat == NULL) {
		return false;
	}
	struct wl_surface *s = fz_err_surface(fz);
	LATER(zwp_keyboard_shortcuts_inhibitor_v1,
			zwp_keyboard_shortcuts_inhibit_manager_v1_inhibit_shortcuts(m, s,
					fz->seat));
	LATER(zwp_keyboard_shortcuts_inhibitor_v1,
			zwp_keyboard_shortcuts_inhibit_manager_v1_inhibit_shortcuts(m, s,
					fz->seat));
	*e = (struct fz_expect){ "zwp_keyboard_shortcuts_inhibit_manager_v1",
		ZWP_KEYBOARD_SHORTCUTS_INHIBIT_MANAGER_V1_ERROR_ALREADY_INHIBITED };
	return true;
}

static bool cursor_shape_invalid(struct fz *fz, struct fz_expect *e) {
	struct wp_cursor_shape_manager_v1 *m = fz->desktop.cursor_shape;
	if (m == NULL || fz->input.pointer == NULL) {
		return false;
	}
	struct wp_cursor_shape_device_v1 *device = LATER(wp_cursor_shape_device_v1,
			wp_cursor_shape_manager_v1_get_pointer(m, fz->input.pointer));
	// 0, or past version 1's last shape (34).
	uint32_t shape = fz_rng_chance(&fz->rng, 50) ?
			0 :
			(uint32_t)fz_rng_range(&fz->rng, 35, 0x7fffffff);
	wp_cursor_shape_device_v1_set_shape(device, fz->input_serial, shape);
	*e = (struct fz_expect){ "wp_cursor_shape_device_v1",
		WP_CURSOR_SHAPE_DEVICE_V1_ERROR_INVALID_SHAPE };
	return true;
}

static bool activation_token_used(struct fz *fz, struct fz_expect *e) {
	struct xdg_activation_v1 *m = fz->desktop.activation;
	if (m == NULL) {
		return false;
	}
	struct xdg_activation_token_v1 *token = LATER(xdg_activation_token_v1,
			xdg_activation_v1_get_activation_token(m));
	xdg_activation_token_v1_commit(token);
	// Anything after the commit.
	if (fz_rng_chance(&fz->rng, 50)) {
		xdg_activation_token_v1_commit(token);
	} else {
		xdg_activation_token_v1_set_app_id(token, "protocol-fuzz");
	}
	*e = (struct fz_expect){ "xdg_activation_token_v1",
		XDG_ACTIVATION_TOKEN_V1_ERROR_ALREADY_USED };
	return true;
}

static bool export_not_toplevel(struct fz *fz, struct fz_expect *e) {
	struct zxdg_exporter_v2 *m = fz->desktop.exporter;
	if (m == NULL) {
		return false;
	}
	struct wl_surface *s = fz_err_surface(fz);
	LATER(zxdg_exported_v2, zxdg_exporter_v2_export_toplevel(m, s));
	*e = (struct fz_expect){ "zxdg_exporter_v2",
		ZXDG_EXPORTER_V2_ERROR_INVALID_SURFACE };
	return true;
}

/* A listening socket of an abstract name of its own; -1 on failure. */
static int listening_socket(void) {
	static unsigned count;
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		return -1;
	}
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int len = snprintf(addr.sun_path + 1, sizeof(addr.sun_path) - 1,
			"protocol-fuzz-%d-%u", (int)getpid(), count++);
	socklen_t size = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 +
			(size_t)len);
	if (bind(fd, (struct sockaddr *)&addr, size) != 0 || listen(fd, 1) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

static bool security_context_invalid(struct fz *fz, struct fz_expect *e) {
	struct wp_security_context_manager_v1 *m = fz->desktop.security_context;
	if (m == NULL) {
		return false;
	}
	bool listening = fz_rng_chance(&fz->rng, 50);
	int listen_fds[2] = { -1, -1 }, close_fds[2];
	if (listening) {
		listen_fds[0] = listening_socket();
	} else if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, listen_fds) !=
			0) {
		listen_fds[0] = -1;
	}
	if (listen_fds[0] < 0) {
		return false;
	}
	if (pipe2(close_fds, O_CLOEXEC) != 0) {
		close(listen_fds[0]);
		if (listen_fds[1] >= 0) {
			close(listen_fds[1]);
		}
		return false;
	}
	// Never committed: gridwl closes its copies with the context.
	struct wp_security_context_v1 *context = LATER(wp_security_context_v1,
			wp_security_context_manager_v1_create_listener(m, listen_fds[0],
					close_fds[0]));
	for (int i = 0; i < 2; i++) {
		if (listen_fds[i] >= 0) {
			close(listen_fds[i]);
		}
		close(close_fds[i]);
	}
	if (!listening) {
		// A socket, but not one that listens.
		*e = (struct fz_expect){ "wp_security_context_manager_v1",
			WP_SECURITY_CONTEXT_MANAGER_V1_ERROR_INVALID_LISTEN_FD };
		return true;
	}
	wp_security_context_v1_set_sandbox_engine(context, "org.example.fuzz");
	wp_security_context_v1_set_sandbox_engine(context, "org.example.fuzz");
	*e = (struct fz_expect){ "wp_security_context_v1",
		WP_SECURITY_CONTEXT_V1_ERROR_ALREADY_SET };
	return true;
}

static bool virtual_key_first(struct fz *fz, struct fz_expect *e) {
	struct wl_proxy *m = fz->desktop.virtual_keyboard_manager;
	if (m == NULL || fz->seat == NULL) {
		return false;
	}
	struct wl_proxy *keyboard = fz_err_defer(destroy_virtual_keyboard,
			wl_proxy_marshal_flags(m, VIRTUAL_KEYBOARD_MANAGER_CREATE,
					&zwp_virtual_keyboard_v1_interface, 1, 0, fz->seat, NULL));
	// A key (or modifiers) before any keymap.
	if (fz_rng_chance(&fz->rng, 50)) {
		wl_proxy_marshal_flags(keyboard, VIRTUAL_KEYBOARD_KEY, NULL, 1, 0, 0u,
				30u, (uint32_t)WL_KEYBOARD_KEY_STATE_PRESSED);
	} else {
		wl_proxy_marshal_flags(keyboard, VIRTUAL_KEYBOARD_MODIFIERS, NULL, 1, 0,
				1u, 0u, 0u, 0u);
	}
	// Virtual-keyboard-unstable-v1's only error, no_keymap.
	*e = (struct fz_expect){ "zwp_virtual_keyboard_v1", 0 };
	return true;
}

/* An input method's popup surface made of a surface with a role already:
 * an xdg toplevel's, or a popup surface's of the same input method. */
static bool input_popup_role(struct fz *fz, struct fz_expect *e) {
	struct wl_proxy *m = fz->desktop.input_method_manager;
	if (m == NULL || fz->seat == NULL) {
		return false;
	}
	struct wl_proxy *im = fz_err_defer(destroy_input_method,
			wl_proxy_marshal_flags(m, IM_MANAGER_GET_INPUT_METHOD,
					&zwp_input_method_v2_interface, 1, 0, fz->seat, NULL));
	struct wl_surface *surface;
	if (fz_rng_chance(&fz->rng, 50)) {
		struct fz_err_toplevel t;
		fz_err_toplevel_make(fz, &t, false);
		surface = t.surface;
	} else {
		surface = fz_err_surface(fz);
		fz_err_defer(destroy_input_popup,
				wl_proxy_marshal_flags(im, IM_GET_INPUT_POPUP_SURFACE,
						&zwp_input_popup_surface_v2_interface, 1, 0, NULL,
						surface));
	}
	fz_err_defer(destroy_input_popup,
			wl_proxy_marshal_flags(im, IM_GET_INPUT_POPUP_SURFACE,
					&zwp_input_popup_surface_v2_interface, 1, 0, NULL,
					surface));
	*e = (struct fz_expect){ "zwp_input_method_v2", IM_ERROR_ROLE };
	return true;
}

/* The offers the case's data-control device is given are destroyed with
 * the rest of it. */
static void control_data_offer(void *data,
		struct zwlr_data_control_device_v1 *device,
		struct zwlr_data_control_offer_v1 *offer) {
	LATER(zwlr_data_control_offer_v1, offer);
}

static void control_selection(void *data,
		struct zwlr_data_control_device_v1 *device,
		struct zwlr_data_control_offer_v1 *offer) {
}

static void control_finished(void *data,
		struct zwlr_data_control_device_v1 *device) {
}

static const struct zwlr_data_control_device_v1_listener control_listener = {
	.data_offer = control_data_offer,
	.selection = control_selection,
	.finished = control_finished,
	.primary_selection = control_selection,
};

static void source_send(void *data, struct zwlr_data_control_source_v1 *source,
		const char *mime_type, int32_t fd) {
	close(fd);
}

static void source_cancelled(void *data,
		struct zwlr_data_control_source_v1 *source) {
}

static const struct zwlr_data_control_source_v1_listener source_listener = {
	.send = source_send,
	.cancelled = source_cancelled,
};

static bool data_control_used_source(struct fz *fz, struct fz_expect *e) {
	struct zwlr_data_control_manager_v1 *m = fz->desktop.data_control;
	if (m == NULL || fz->seat == NULL) {
		return false;
	}
	struct zwlr_data_control_device_v1 *device =
			LATER(zwlr_data_control_device_v1,
					zwlr_data_control_manager_v1_get_data_device(m, fz->seat));
	zwlr_data_control_device_v1_add_listener(device, &control_listener, NULL);
	struct zwlr_data_control_source_v1 *source =
			LATER(zwlr_data_control_source_v1,
					zwlr_data_control_manager_v1_create_data_source(m));
	zwlr_data_control_source_v1_add_listener(source, &source_listener, NULL);
	zwlr_data_control_source_v1_offer(source, "text/plain");
	zwlr_data_control_device_v1_set_selection(device, source);
	// The new selection's offers (to this device, and to the fuzzer's
	// wl_data_device) are taken in before the error: after it, libwayland
	// makes their proxies but dispatches nothing, and they would leak.
	fz_roundtrip(fz, false);
	if (fz_rng_chance(&fz->rng, 50)) {
		// The same source again.
		zwlr_data_control_device_v1_set_selection(device, source);
		*e = (struct fz_expect){ "zwlr_data_control_device_v1",
			ZWLR_DATA_CONTROL_DEVICE_V1_ERROR_USED_SOURCE };
	} else {
		// An offer once it is the selection.
		zwlr_data_control_source_v1_offer(source, "text/html");
		*e = (struct fz_expect){ "zwlr_data_control_source_v1",
			ZWLR_DATA_CONTROL_SOURCE_V1_ERROR_INVALID_OFFER };
	}
	return true;
}

static const struct fz_error_case cases[] = {
	{ "fractional-scale-twice", "second wp_fractional_scale_v1 of a surface",
			fractional_scale_twice, 0 },
	{ "alpha-twice", "second wp_alpha_modifier_surface_v1 of a surface",
			alpha_modifier_twice, 0 },
	{ "alpha-no-surface", "alpha multiplier of a destroyed surface",
			alpha_modifier_no_surface, 0 },
	{ "content-type-twice", "second wp_content_type_v1 of a surface",
			content_type_twice, 0 },
	{ "tearing-twice", "second wp_tearing_control_v1 of a surface",
			tearing_control_twice, 0 },
	{ "inhibit-twice", "second shortcuts inhibitor of a surface and seat",
			inhibit_twice, 0 },
	{ "cursor-shape", "wp_cursor_shape_device_v1.set_shape out of range",
			cursor_shape_invalid, 0 },
	{ "activation-token-used", "xdg_activation_token_v1 request after commit",
			activation_token_used, 0 },
	{ "export-not-toplevel", "zxdg_exporter_v2 export of a plain surface",
			export_not_toplevel, 0 },
	{ "security-context",
			"security context of a socket that does not "
			"listen, or its engine set twice",
			security_context_invalid, 0 },
	{ "virtual-key-first", "virtual keyboard key before its keymap",
			virtual_key_first, 0 },
	{ "data-control-source", "data-control source used twice or offered late",
			data_control_used_source, 0 },
	{ "input-popup-role",
			"input method popup surface of a surface with another role "
			"or one already",
			input_popup_role, 0 },
};

FZ_ERROR_FAMILY(fz_errors_desktop, cases);
