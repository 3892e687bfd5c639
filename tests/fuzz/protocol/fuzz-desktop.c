#define _GNU_SOURCE // memfd_create
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>
#include "alpha-modifier-v1-client-protocol.h"
#include "content-type-v1-client-protocol.h"
#include "cursor-shape-v1-client-protocol.h"
#include "ext-foreign-toplevel-list-v1-client-protocol.h"
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
#include "virtual-keyboard-wire.h"
#include "wlr-data-control-unstable-v1-client-protocol.h"
#include "wlr-export-dmabuf-unstable-v1-client-protocol.h"
#include "wlr-gamma-control-unstable-v1-client-protocol.h"
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"
#include "xdg-activation-v1-client-protocol.h"
#include "xdg-foreign-unstable-v2-client-protocol.h"

/*
 * Issue 20's desktop protocols, reached with valid requests: each op makes
 * an object of one of them on one of the fuzzer's surfaces (or its pointer,
 * seat or outputs), sends it a request or two and destroys it (with
 * --remote-seat, a remote desktop's transient seat, with a virtual pointer
 * moving and clicking on it, lives over several), so that
 * gridwl and wlroots see them come and go under every state the other
 * operations leave the surfaces in (no role, unmapped, role gone, popups,
 * subsurfaces, layer surfaces). The foreign toplevel list lives longer: its
 * handles come and go with the fuzzer's windows. Data-control devices,
 * whose offers come with every selection, are left to the deliberate
 * errors (fuzz-errors-desktop.c). export-dmabuf frames are asked for and
 * dropped (on pixman each is cancelled at once).
 */

bool fz_desktop_op_surface_extension(struct fz *fz) {
	struct fz_desktop *d = &fz->desktop;
	struct fz_surface *s = fz_surface_pick(fz);
	if (s == NULL) {
		return false;
	}
	switch (fz_rng_below(&fz->rng, 5)) {
	case 0:
		if (d->fractional_scale == NULL) {
			return false;
		}
		fz_log(fz, "fractional scale of surface %u", s->id);
		wp_fractional_scale_v1_destroy(
				wp_fractional_scale_manager_v1_get_fractional_scale(
						d->fractional_scale, s->surface));
		return true;
	case 1:;
		if (d->alpha_modifier == NULL) {
			return false;
		}
		fz_log(fz, "alpha multiplier of surface %u", s->id);
		struct wp_alpha_modifier_surface_v1 *alpha =
				wp_alpha_modifier_v1_get_surface(d->alpha_modifier, s->surface);
		wp_alpha_modifier_surface_v1_set_multiplier(alpha,
				(uint32_t)fz_rng_next(&fz->rng));
		wp_alpha_modifier_surface_v1_destroy(alpha);
		return true;
	case 2:;
		if (d->content_type == NULL) {
			return false;
		}
		fz_log(fz, "content type of surface %u", s->id);
		struct wp_content_type_v1 *type =
				wp_content_type_manager_v1_get_surface_content_type(
						d->content_type, s->surface);
		wp_content_type_v1_set_content_type(type, fz_rng_below(&fz->rng, 4));
		wp_content_type_v1_destroy(type);
		return true;
	case 3:;
		if (d->tearing_control == NULL) {
			return false;
		}
		fz_log(fz, "tearing hint of surface %u", s->id);
		struct wp_tearing_control_v1 *tearing =
				wp_tearing_control_manager_v1_get_tearing_control(
						d->tearing_control, s->surface);
		wp_tearing_control_v1_set_presentation_hint(tearing,
				fz_rng_below(&fz->rng, 2));
		wp_tearing_control_v1_destroy(tearing);
		return true;
	default:
		if (d->shortcuts_inhibit == NULL || fz->seat == NULL) {
			return false;
		}
		fz_log(fz, "shortcuts inhibitor on surface %u", s->id);
		zwp_keyboard_shortcuts_inhibitor_v1_destroy(
				zwp_keyboard_shortcuts_inhibit_manager_v1_inhibit_shortcuts(
						d->shortcuts_inhibit, s->surface, fz->seat));
		return true;
	}
}

bool fz_desktop_op_pointer_extension(struct fz *fz) {
	struct fz_desktop *d = &fz->desktop;
	if (fz->input.pointer == NULL) {
		return false;
	}
	if (fz_rng_chance(&fz->rng, 50)) {
		if (d->cursor_shape == NULL) {
			return false;
		}
		// Version 1's shapes; the serial of the last input event, which
		// wlroots ignores when it is not the pointer's enter.
		uint32_t shape = (uint32_t)fz_rng_range(&fz->rng, 1, 34);
		fz_log(fz, "cursor shape %u", shape);
		struct wp_cursor_shape_device_v1 *device =
				wp_cursor_shape_manager_v1_get_pointer(d->cursor_shape,
						fz->input.pointer);
		wp_cursor_shape_device_v1_set_shape(device, fz->input_serial, shape);
		wp_cursor_shape_device_v1_destroy(device);
		return true;
	}
	if (d->gestures == NULL) {
		return false;
	}
	fz_log(fz, "pointer gestures");
	zwp_pointer_gesture_swipe_v1_destroy(
			zwp_pointer_gestures_v1_get_swipe_gesture(d->gestures,
					fz->input.pointer));
	zwp_pointer_gesture_pinch_v1_destroy(
			zwp_pointer_gestures_v1_get_pinch_gesture(d->gestures,
					fz->input.pointer));
	if (zwp_pointer_gestures_v1_get_version(d->gestures) >= 3) {
		zwp_pointer_gesture_hold_v1_destroy(
				zwp_pointer_gestures_v1_get_hold_gesture(d->gestures,
						fz->input.pointer));
	}
	return true;
}

bool fz_desktop_op_activation(struct fz *fz) {
	struct fz_desktop *d = &fz->desktop;
	struct fz_surface *s = fz_surface_pick(fz);
	if (d->activation == NULL || s == NULL) {
		return false;
	}
	// A token with any of what it may say, committed and let go; then a
	// request with a token gridwl never made, which makes the window
	// urgent (W21).
	fz_log(fz, "activation token for surface %u", s->id);
	struct xdg_activation_token_v1 *token =
			xdg_activation_v1_get_activation_token(d->activation);
	if (fz->seat != NULL && fz_rng_chance(&fz->rng, 50)) {
		xdg_activation_token_v1_set_serial(token, fz->input_serial, fz->seat);
	}
	if (fz_rng_chance(&fz->rng, 50)) {
		xdg_activation_token_v1_set_surface(token, s->surface);
	}
	if (fz_rng_chance(&fz->rng, 50)) {
		char buf[32];
		xdg_activation_token_v1_set_app_id(token,
				fz_random_string(fz, buf, sizeof(buf)));
	}
	xdg_activation_token_v1_commit(token);
	xdg_activation_token_v1_destroy(token);
	char name[32];
	xdg_activation_v1_activate(d->activation,
			fz_random_string(fz, name, sizeof(name)), s->surface);
	return true;
}

bool fz_desktop_op_foreign(struct fz *fz) {
	struct fz_desktop *d = &fz->desktop;
	if (fz_rng_chance(&fz->rng, 50)) {
		if (d->importer == NULL) {
			return false;
		}
		// A handle no one exported: the import is destroyed at once, and
		// what is asked of it is ignored.
		char handle[32];
		fz_log(fz, "import of an unknown handle");
		struct zxdg_imported_v2 *imported =
				zxdg_importer_v2_import_toplevel(d->importer,
						fz_random_string(fz, handle, sizeof(handle)));
		struct fz_surface *s = fz_surface_pick(fz);
		if (s != NULL && s->toplevel != NULL && !s->role_gone) {
			zxdg_imported_v2_set_parent_of(imported, s->surface);
		}
		zxdg_imported_v2_destroy(imported);
		return true;
	}
	struct fz_surface *s = fz_surface_pick(fz);
	// Only a live toplevel may be exported (else invalid_surface, one of
	// the deliberate errors).
	if (d->exporter == NULL || s == NULL || s->toplevel == NULL ||
			s->role_gone) {
		return false;
	}
	fz_log(fz, "export of toplevel %u", s->id);
	zxdg_exported_v2_destroy(
			zxdg_exporter_v2_export_toplevel(d->exporter, s->surface));
	return true;
}

static const char keymap[] =
		"xkb_keymap {\n"
		"xkb_keycodes \"(unnamed)\" { minimum = 8; maximum = 255; "
		"<AC01> = 38; <RTRN> = 36; };\n"
		"xkb_types \"(unnamed)\" { include \"complete\" };\n"
		"xkb_compatibility \"(unnamed)\" { include \"complete\" };\n"
		"xkb_symbols \"(unnamed)\" { key <AC01> { [ a ] }; "
		"key <RTRN> { [ Return ] }; };\n"
		"};\n";

bool fz_desktop_op_virtual_keyboard(struct fz *fz) {
	struct fz_desktop *d = &fz->desktop;
	if (d->virtual_keyboard_manager == NULL || fz->seat == NULL) {
		return false;
	}
	int fd = memfd_create("protocol-fuzz-keymap", MFD_CLOEXEC);
	if (fd < 0) {
		return false;
	}
	if (write(fd, keymap, sizeof(keymap)) != (ssize_t)sizeof(keymap)) {
		close(fd);
		return false;
	}
	fz_log(fz, "virtual keyboard");
	struct wl_proxy *keyboard =
			wl_proxy_marshal_flags(d->virtual_keyboard_manager,
					VIRTUAL_KEYBOARD_MANAGER_CREATE,
					&zwp_virtual_keyboard_v1_interface, 1, 0, fz->seat, NULL);
	wl_proxy_marshal_flags(keyboard, VIRTUAL_KEYBOARD_KEYMAP, NULL, 1, 0,
			WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd, (uint32_t)sizeof(keymap));
	close(fd);
	// Keys of the keymap, or not: the focused window gets them.
	uint32_t key =
			fz_rng_chance(&fz->rng, 50) ? 30 : fz_rng_below(&fz->rng, 248);
	fz->time_ms += 10;
	wl_proxy_marshal_flags(keyboard, VIRTUAL_KEYBOARD_KEY, NULL, 1, 0,
			fz->time_ms, key, (uint32_t)WL_KEYBOARD_KEY_STATE_PRESSED);
	if (fz_rng_chance(&fz->rng, 80)) {
		wl_proxy_marshal_flags(keyboard, VIRTUAL_KEYBOARD_KEY, NULL, 1, 0,
				fz->time_ms, key, (uint32_t)WL_KEYBOARD_KEY_STATE_RELEASED);
	}
	wl_proxy_marshal_flags(keyboard, VIRTUAL_KEYBOARD_DESTROY, NULL, 1,
			WL_MARSHAL_FLAG_DESTROY);
	return true;
}

bool fz_desktop_op_buffers(struct fz *fz) {
	struct fz_desktop *d = &fz->desktop;
	if (d->single_pixel == NULL) {
		return false;
	}
	// Made and let go: attaching one is the surfaces' business, whose
	// model knows shm buffers only.
	fz_log(fz, "single-pixel buffer");
	uint32_t r = (uint32_t)fz_rng_next(&fz->rng);
	wl_buffer_destroy(wp_single_pixel_buffer_manager_v1_create_u32_rgba_buffer(
			d->single_pixel, r, r >> 8, r << 8, r ^ 0xffffffffu));
	return true;
}

static void feedback_done(struct fz *fz,
		struct wp_presentation_feedback *feedback) {
	for (size_t i = 0; i < 8; i++) {
		if (fz->desktop.feedbacks[i] == feedback) {
			fz->desktop.feedbacks[i] = NULL;
		}
	}
	wp_presentation_feedback_destroy(feedback);
}

static void feedback_sync_output(void *data,
		struct wp_presentation_feedback *feedback, struct wl_output *output) {
}

static void feedback_presented(void *data,
		struct wp_presentation_feedback *feedback, uint32_t tv_sec_hi,
		uint32_t tv_sec_lo, uint32_t tv_nsec, uint32_t refresh, uint32_t seq_hi,
		uint32_t seq_lo, uint32_t flags) {
	feedback_done(data, feedback);
}

static void feedback_discarded(void *data,
		struct wp_presentation_feedback *feedback) {
	feedback_done(data, feedback);
}

static const struct wp_presentation_feedback_listener feedback_listener = {
	.sync_output = feedback_sync_output,
	.presented = feedback_presented,
	.discarded = feedback_discarded,
};

bool fz_desktop_op_presentation(struct fz *fz) {
	struct fz_desktop *d = &fz->desktop;
	struct fz_surface *s = fz_surface_pick(fz);
	if (d->presentation == NULL || s == NULL) {
		return false;
	}
	for (size_t i = 0; i < 8; i++) {
		if (d->feedbacks[i] == NULL) {
			// For the surface's next commit, whenever that is.
			fz_log(fz, "presentation feedback of surface %u", s->id);
			d->feedbacks[i] =
					wp_presentation_feedback(d->presentation, s->surface);
			wp_presentation_feedback_add_listener(d->feedbacks[i],
					&feedback_listener, fz);
			return true;
		}
	}
	return false;
}

static void remote_ready(void *data, struct ext_transient_seat_v1 *seat,
		uint32_t global_name) {
	struct fz_desktop *d = data;
	d->remote_global = global_name;
}

static void remote_denied(void *data, struct ext_transient_seat_v1 *seat) {
}

static const struct ext_transient_seat_v1_listener remote_listener = {
	.ready = remote_ready,
	.denied = remote_denied,
};

/* The remote's seat made, its pointer made on it, moved, clicked and
 * scrolled anywhere (into any of the fuzzer's surfaces, whatever their
 * state: the seat's own focus follows), or the seat or the pointer
 * destroyed. */
static bool remote_step(struct fz *fz) {
	struct fz_desktop *d = &fz->desktop;
	if (d->remote == NULL) {
		fz_log(fz, "remote seat");
		d->remote = ext_transient_seat_manager_v1_create(d->transient_seat);
		d->remote_global = 0;
		ext_transient_seat_v1_add_listener(d->remote, &remote_listener, d);
		return true;
	}
	if (d->remote_global != 0 && d->remote_seat == NULL &&
			fz->virtual_pointer_manager != NULL) {
		fz_log(fz, "remote seat's pointer");
		if (d->remote_pointer != NULL) {
			zwlr_virtual_pointer_v1_destroy(d->remote_pointer);
		}
		d->remote_seat = wl_registry_bind(fz->registry, d->remote_global,
				&wl_seat_interface, 1);
		d->remote_pointer =
				zwlr_virtual_pointer_manager_v1_create_virtual_pointer(
						fz->virtual_pointer_manager, d->remote_seat);
		return true;
	}
	switch (fz_rng_below(&fz->rng, 8)) {
	case 0:
		// Its pointer (and wl_seat) stay, inert.
		fz_log(fz, "remote seat destroyed");
		ext_transient_seat_v1_destroy(d->remote);
		d->remote = NULL;
		if (d->remote_seat != NULL) {
			wl_seat_destroy(d->remote_seat);
			d->remote_seat = NULL;
		}
		return true;
	case 1:
		if (d->remote_pointer == NULL) {
			return false;
		}
		fz_log(fz, "remote pointer destroyed");
		zwlr_virtual_pointer_v1_destroy(d->remote_pointer);
		d->remote_pointer = NULL;
		return true;
	}
	if (d->remote_pointer == NULL) {
		return false;
	}
	uint32_t time = fz->time_ms += 10;
	switch (fz_rng_below(&fz->rng, 4)) {
	case 0:
		fz_log(fz, "remote pointer button");
		zwlr_virtual_pointer_v1_button(d->remote_pointer, time,
				fz_rng_chance(&fz->rng, 70) ? 0x110 : 0x111,
				fz_rng_below(&fz->rng, 2));
		break;
	case 1:
		fz_log(fz, "remote pointer axis");
		zwlr_virtual_pointer_v1_axis(d->remote_pointer, time,
				fz_rng_below(&fz->rng, 2),
				wl_fixed_from_int(fz_rng_range(&fz->rng, -30, 30)));
		break;
	case 2:
		fz_log(fz, "remote pointer motion");
		zwlr_virtual_pointer_v1_motion(d->remote_pointer, time,
				wl_fixed_from_int(fz_rng_range(&fz->rng, -200, 200)),
				wl_fixed_from_int(fz_rng_range(&fz->rng, -200, 200)));
		break;
	default:
		fz_log(fz, "remote pointer moved");
		zwlr_virtual_pointer_v1_motion_absolute(d->remote_pointer, time,
				fz_rng_below(&fz->rng, 1001), fz_rng_below(&fz->rng, 1001),
				1000, 1000);
		break;
	}
	zwlr_virtual_pointer_v1_frame(d->remote_pointer);
	return true;
}

bool fz_desktop_op_seats(struct fz *fz) {
	struct fz_desktop *d = &fz->desktop;
	if (fz_rng_chance(&fz->rng, 50)) {
		if (d->transient_seat == NULL) {
			return false;
		}
		if (fz->options.remote_seat && fz_rng_chance(&fz->rng, 70)) {
			return remote_step(fz);
		}
		// Made and destroyed before its ready: its wl_seat global comes
		// and goes.
		fz_log(fz, "transient seat");
		ext_transient_seat_v1_destroy(
				ext_transient_seat_manager_v1_create(d->transient_seat));
		return true;
	}
	if (d->tablet == NULL || fz->seat == NULL) {
		return false;
	}
	// Headless gridwl has no tablet: the tablet seat says nothing.
	fz_log(fz, "tablet seat");
	zwp_tablet_seat_v2_destroy(
			zwp_tablet_manager_v2_get_tablet_seat(d->tablet, fz->seat));
	return true;
}

bool fz_desktop_op_gamma(struct fz *fz) {
	struct fz_desktop *d = &fz->desktop;
	struct wl_output *output = fz_pick_output(fz);
	if (d->gamma == NULL || output == NULL) {
		return false;
	}
	// Headless outputs have no ramps: failed, which the control being gone
	// by then does not hear.
	fz_log(fz, "gamma control");
	zwlr_gamma_control_v1_destroy(
			zwlr_gamma_control_manager_v1_get_gamma_control(d->gamma, output));
	return true;
}

bool fz_desktop_op_export_dmabuf(struct fz *fz) {
	struct fz_desktop *d = &fz->desktop;
	struct wl_output *output = fz_pick_output(fz);
	if (d->export_dmabuf == NULL || output == NULL) {
		return false;
	}
	// Cancelled at once on pixman, which the frame gone by then (or not
	// yet, when the batch's round trip comes first) may hear.
	fz_log(fz, "export-dmabuf frame");
	zwlr_export_dmabuf_frame_v1_destroy(
			zwlr_export_dmabuf_manager_v1_capture_output(d->export_dmabuf,
					fz_rng_below(&fz->rng, 2), output));
	return true;
}

bool fz_desktop_op_text_input(struct fz *fz) {
	struct fz_desktop *d = &fz->desktop;
	if (d->text_input == NULL || fz->seat == NULL) {
		return false;
	}
	fz_log(fz, "text input");
	struct zwp_text_input_v3 *text_input =
			zwp_text_input_manager_v3_get_text_input(d->text_input, fz->seat);
	if (fz_rng_chance(&fz->rng, 70)) {
		char buf[48];
		zwp_text_input_v3_enable(text_input);
		zwp_text_input_v3_set_surrounding_text(text_input,
				fz_random_string(fz, buf, sizeof(buf)), 0, 0);
		zwp_text_input_v3_set_content_type(text_input,
				fz_rng_below(&fz->rng, 0x400), fz_rng_below(&fz->rng, 14));
		zwp_text_input_v3_set_cursor_rectangle(text_input,
				fz_rng_range(&fz->rng, -100, 1000),
				fz_rng_range(&fz->rng, -100, 1000),
				fz_rng_range(&fz->rng, 0, 100), fz_rng_range(&fz->rng, 0, 100));
		zwp_text_input_v3_commit(text_input);
		if (fz_rng_chance(&fz->rng, 50)) {
			zwp_text_input_v3_disable(text_input);
			zwp_text_input_v3_commit(text_input);
		}
	}
	zwp_text_input_v3_destroy(text_input);
	return true;
}

/* An input method on the seat, as fcitx5 is one, that commits text,
 * preedit and deletions (to whichever text input is enabled, if any), maybe
 * shows a popup surface of its own and grabs the keyboard, and goes. The
 * seat has one at a time: none is left for the next op. */
bool fz_desktop_op_input_method(struct fz *fz) {
	struct fz_desktop *d = &fz->desktop;
	if (d->input_method_manager == NULL || fz->seat == NULL) {
		return false;
	}
	fz_log(fz, "input method");
	struct wl_proxy *im = wl_proxy_marshal_flags(d->input_method_manager,
			IM_MANAGER_GET_INPUT_METHOD, &zwp_input_method_v2_interface, 1, 0,
			fz->seat, NULL);
	char buf[48];
	int requests = (int)fz_rng_range(&fz->rng, 1, 6);
	for (int i = 0; i < requests; i++) {
		switch (fz_rng_below(&fz->rng, 4)) {
		case 0:
			wl_proxy_marshal_flags(im, IM_COMMIT_STRING, NULL, 1, 0,
					fz_random_string(fz, buf, sizeof(buf)));
			break;
		case 1:
			wl_proxy_marshal_flags(im, IM_SET_PREEDIT_STRING, NULL, 1, 0,
					fz_random_string(fz, buf, sizeof(buf)),
					(int32_t)fz_rng_range(&fz->rng, -1, 60),
					(int32_t)fz_rng_range(&fz->rng, -1, 60));
			break;
		case 2:
			wl_proxy_marshal_flags(im, IM_DELETE_SURROUNDING_TEXT, NULL, 1, 0,
					fz_rng_below(&fz->rng, 64), fz_rng_below(&fz->rng, 64));
			break;
		case 3:
			// The serial of no done event, or of one: both are allowed.
			wl_proxy_marshal_flags(im, IM_COMMIT, NULL, 1, 0,
					fz_rng_below(&fz->rng, 8));
			break;
		}
	}
	struct wl_surface *surface = NULL;
	struct wl_proxy *popup = NULL;
	if (fz_rng_chance(&fz->rng, 50)) {
		surface = wl_compositor_create_surface(fz->compositor);
		popup = wl_proxy_marshal_flags(im, IM_GET_INPUT_POPUP_SURFACE,
				&zwp_input_popup_surface_v2_interface, 1, 0, NULL, surface);
		struct fz_buffer *b = fz_shm_pick_buffer(fz);
		if (b != NULL) {
			wl_surface_attach(surface, b->buffer, 0, 0);
			wl_surface_damage(surface, 0, 0, b->width, b->height);
		}
		wl_surface_commit(surface);
	}
	if (fz_rng_chance(&fz->rng, 30)) {
		wl_proxy_marshal_flags(
				wl_proxy_marshal_flags(im, IM_GRAB_KEYBOARD,
						&zwp_input_method_keyboard_grab_v2_interface, 1, 0,
						NULL),
				IM_GRAB_RELEASE, NULL, 1, WL_MARSHAL_FLAG_DESTROY);
	}
	// The popup before or after its input method, and before its surface
	// (wl_surface's defunct_role_object otherwise).
	if (popup != NULL && fz_rng_chance(&fz->rng, 50)) {
		wl_proxy_marshal_flags(popup, IM_POPUP_DESTROY, NULL, 1,
				WL_MARSHAL_FLAG_DESTROY);
		popup = NULL;
	}
	wl_proxy_marshal_flags(im, IM_DESTROY, NULL, 1, WL_MARSHAL_FLAG_DESTROY);
	if (popup != NULL) {
		wl_proxy_marshal_flags(popup, IM_POPUP_DESTROY, NULL, 1,
				WL_MARSHAL_FLAG_DESTROY);
	}
	if (surface != NULL) {
		wl_surface_destroy(surface);
	}
	return true;
}

static void forget_handle(struct fz *fz,
		struct ext_foreign_toplevel_handle_v1 *handle) {
	for (size_t i = 0; i < 32; i++) {
		if (fz->desktop.handles[i] == handle) {
			fz->desktop.handles[i] = NULL;
		}
	}
	ext_foreign_toplevel_handle_v1_destroy(handle);
}

static void handle_closed(void *data,
		struct ext_foreign_toplevel_handle_v1 *handle) {
	forget_handle(data, handle);
}

static void handle_done(void *data,
		struct ext_foreign_toplevel_handle_v1 *handle) {
}

static void handle_string(void *data,
		struct ext_foreign_toplevel_handle_v1 *handle, const char *value) {
}

static const struct ext_foreign_toplevel_handle_v1_listener handle_listener = {
	.closed = handle_closed,
	.done = handle_done,
	.title = handle_string,
	.app_id = handle_string,
	.identifier = handle_string,
};

static void list_toplevel(void *data, struct ext_foreign_toplevel_list_v1 *list,
		struct ext_foreign_toplevel_handle_v1 *handle) {
	struct fz *fz = data;
	for (size_t i = 0; i < 32; i++) {
		if (fz->desktop.handles[i] == NULL) {
			fz->desktop.handles[i] = handle;
			ext_foreign_toplevel_handle_v1_add_listener(handle,
					&handle_listener, fz);
			return;
		}
	}
	// More windows than the fuzzer keeps handles of: let it go at once.
	ext_foreign_toplevel_handle_v1_destroy(handle);
}

static void list_finished(void *data,
		struct ext_foreign_toplevel_list_v1 *list) {
	struct fz *fz = data;
	ext_foreign_toplevel_list_v1_destroy(list);
	fz->desktop.toplevel_list = NULL;
}

static const struct ext_foreign_toplevel_list_v1_listener list_listener = {
	.toplevel = list_toplevel,
	.finished = list_finished,
};

bool fz_desktop_op_toplevel_list(struct fz *fz) {
	struct fz_desktop *d = &fz->desktop;
	if (d->toplevel_list_name == 0) {
		return false;
	}
	if (d->toplevel_list == NULL) {
		fz_log(fz, "foreign toplevel list");
		d->toplevel_list = wl_registry_bind(fz->registry, d->toplevel_list_name,
				&ext_foreign_toplevel_list_v1_interface, 1);
		d->toplevel_list_stopped = false;
		ext_foreign_toplevel_list_v1_add_listener(d->toplevel_list,
				&list_listener, fz);
		return true;
	}
	if (d->toplevel_list_stopped) {
		return false;
	}
	// Its handles stay until closed (or the connection goes); finished
	// destroys the list.
	fz_log(fz, "foreign toplevel list: stop");
	ext_foreign_toplevel_list_v1_stop(d->toplevel_list);
	d->toplevel_list_stopped = true;
	return true;
}

/* The objects made from the desktop globals; the globals themselves go with
 * the connection's (fz_disconnect). */
void fz_desktop_destroy_all(struct fz *fz) {
	struct fz_desktop *d = &fz->desktop;
	for (size_t i = 0; i < 8; i++) {
		FZ_DESTROY(d->feedbacks[i], wp_presentation_feedback_destroy);
	}
	for (size_t i = 0; i < 32; i++) {
		FZ_DESTROY(d->handles[i], ext_foreign_toplevel_handle_v1_destroy);
	}
	FZ_DESTROY(d->toplevel_list, ext_foreign_toplevel_list_v1_destroy);
	d->toplevel_list_name = 0;
	FZ_DESTROY(d->remote_pointer, zwlr_virtual_pointer_v1_destroy);
	FZ_DESTROY(d->remote_seat, wl_seat_destroy);
	FZ_DESTROY(d->remote, ext_transient_seat_v1_destroy);
	d->remote_global = 0;
}
