#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "client-skeleton.h"
#include "input-method-wire.h"

/*
 * ime-client: an input method over input-method-unstable-v2, as fcitx5
 * and ibus speak it, for the input-method test.
 *
 * It narrates "activate", "deactivate", "surrounding TEXT CURSOR ANCHOR",
 * "content-type HINT PURPOSE", "done", "unavailable", "rectangle X Y W H"
 * (its popup's text_input_rectangle), "grab key KEY STATE" and "grab
 * modifiers DEPRESSED". Commands: "commit TEXT", "preedit TEXT BEGIN END",
 * "delete BEFORE AFTER" (each followed by commit with the serial of the
 * last done), "popup W H SCALE COLOUR" (a popup surface of W x H logical
 * pixels drawn at SCALE in one 0xAARRGGBB colour), "grab" (grabs the
 * keyboard), "sync", "quit".
 */

/* The popup's surface and buffer are the skeleton's. */
struct ime {
	struct client_skeleton skel;
	struct wl_proxy *manager;
	struct wl_proxy *input_method;
	struct wl_proxy *popup;
	struct wl_proxy *grab;
	uint32_t done_count;
};

static void im_activate(void *data, struct wl_proxy *im) {
	client_emit("activate");
}

static void im_deactivate(void *data, struct wl_proxy *im) {
	client_emit("deactivate");
}

static void im_surrounding_text(void *data, struct wl_proxy *im,
		const char *text, uint32_t cursor, uint32_t anchor) {
	client_emit("surrounding %s %u %u", text, cursor, anchor);
}

static void im_text_change_cause(void *data, struct wl_proxy *im,
		uint32_t cause) {
}

static void im_content_type(void *data, struct wl_proxy *im, uint32_t hint,
		uint32_t purpose) {
	client_emit("content-type %u %u", hint, purpose);
}

static void im_done(void *data, struct wl_proxy *im) {
	struct ime *ime = data;
	ime->done_count++;
	client_emit("done");
}

static void im_unavailable(void *data, struct wl_proxy *im) {
	client_emit("unavailable");
}

static const struct {
	void (*activate)(void *, struct wl_proxy *);
	void (*deactivate)(void *, struct wl_proxy *);
	void (*surrounding_text)(void *, struct wl_proxy *, const char *, uint32_t,
			uint32_t);
	void (*text_change_cause)(void *, struct wl_proxy *, uint32_t);
	void (*content_type)(void *, struct wl_proxy *, uint32_t, uint32_t);
	void (*done)(void *, struct wl_proxy *);
	void (*unavailable)(void *, struct wl_proxy *);
} im_listener = {
	im_activate,
	im_deactivate,
	im_surrounding_text,
	im_text_change_cause,
	im_content_type,
	im_done,
	im_unavailable,
};

static void popup_rectangle(void *data, struct wl_proxy *popup, int32_t x,
		int32_t y, int32_t width, int32_t height) {
	client_emit("rectangle %d %d %d %d", x, y, width, height);
}

static const struct {
	void (*text_input_rectangle)(void *, struct wl_proxy *, int32_t, int32_t,
			int32_t, int32_t);
} popup_listener = { popup_rectangle };

static void grab_keymap(void *data, struct wl_proxy *grab, uint32_t format,
		int32_t fd, uint32_t size) {
	close(fd);
}

static void grab_key(void *data, struct wl_proxy *grab, uint32_t serial,
		uint32_t time, uint32_t key, uint32_t state) {
	client_emit("grab key %u %u", key, state);
}

static void grab_modifiers(void *data, struct wl_proxy *grab, uint32_t serial,
		uint32_t depressed, uint32_t latched, uint32_t locked, uint32_t group) {
	client_emit("grab modifiers %u", depressed);
}

static void grab_repeat_info(void *data, struct wl_proxy *grab, int32_t rate,
		int32_t delay) {
}

static const struct {
	void (*keymap)(void *, struct wl_proxy *, uint32_t, int32_t, uint32_t);
	void (*key)(void *, struct wl_proxy *, uint32_t, uint32_t, uint32_t,
			uint32_t);
	void (*modifiers)(void *, struct wl_proxy *, uint32_t, uint32_t, uint32_t,
			uint32_t, uint32_t);
	void (*repeat_info)(void *, struct wl_proxy *, int32_t, int32_t);
} grab_listener = {
	grab_keymap,
	grab_key,
	grab_modifiers,
	grab_repeat_info,
};

static const struct client_global bound_globals[] = {
	{ &zwp_input_method_manager_v2_interface, 1, offsetof(struct ime, manager),
			NULL },
	{ 0 },
};

static void commit(struct ime *ime) {
	wl_proxy_marshal_flags(ime->input_method, IM_COMMIT, NULL, 1, 0,
			ime->done_count);
}

static void make_popup(struct ime *ime, int width, int height, int scale,
		uint32_t colour) {
	if (ime->popup != NULL) {
		client_emit("error a popup exists already");
		return;
	}
	struct client_skeleton *skel = &ime->skel;
	skel->surface = wl_compositor_create_surface(skel->compositor);
	ime->popup = wl_proxy_marshal_flags(ime->input_method,
			IM_GET_INPUT_POPUP_SURFACE, &zwp_input_popup_surface_v2_interface,
			1, 0, NULL, skel->surface);
	wl_proxy_add_listener(ime->popup, (void (**)(void))&popup_listener, ime);
	struct pattern pattern = { .kind = PATTERN_SOLID, .colour = colour };
	client_skeleton_draw_pattern(skel, width, height, scale, &pattern);
}

static bool on_line(void *data, char *line) {
	struct ime *ime = data;
	char text[256];
	int a, b, scale;
	unsigned colour;
	if (sscanf(line, "commit %255s", text) == 1) {
		wl_proxy_marshal_flags(ime->input_method, IM_COMMIT_STRING, NULL, 1, 0,
				text);
		commit(ime);
	} else if (sscanf(line, "preedit %255s %d %d", text, &a, &b) == 3) {
		wl_proxy_marshal_flags(ime->input_method, IM_SET_PREEDIT_STRING, NULL,
				1, 0, text, a, b);
		commit(ime);
	} else if (sscanf(line, "delete %d %d", &a, &b) == 2) {
		wl_proxy_marshal_flags(ime->input_method, IM_DELETE_SURROUNDING_TEXT,
				NULL, 1, 0, (uint32_t)a, (uint32_t)b);
		commit(ime);
	} else if (sscanf(line, "popup %d %d %d %x", &a, &b, &scale, &colour) ==
					4 &&
			a > 0 && b > 0 && scale > 0) {
		make_popup(ime, a, b, scale, colour);
	} else if (strcmp(line, "grab") == 0 && ime->grab == NULL) {
		ime->grab = wl_proxy_marshal_flags(ime->input_method, IM_GRAB_KEYBOARD,
				&zwp_input_method_keyboard_grab_v2_interface, 1, 0, NULL);
		wl_proxy_add_listener(ime->grab, (void (**)(void))&grab_listener, ime);
	} else {
		client_emit("error bad command \"%s\"", line);
	}
	wl_display_flush(ime->skel.display);
	return true;
}

/* Destroys every object it made, then the skeleton's. */
static int ime_finish(struct ime *ime, int status) {
	if (ime->grab != NULL) {
		wl_proxy_marshal_flags(ime->grab, IM_GRAB_RELEASE, NULL, 1,
				WL_MARSHAL_FLAG_DESTROY);
	}
	if (ime->popup != NULL) {
		wl_proxy_marshal_flags(ime->popup, IM_POPUP_DESTROY, NULL, 1,
				WL_MARSHAL_FLAG_DESTROY);
	}
	if (ime->input_method != NULL) {
		wl_proxy_marshal_flags(ime->input_method, IM_DESTROY, NULL, 1,
				WL_MARSHAL_FLAG_DESTROY);
	}
	return client_skeleton_finish_all(&ime->skel, status);
}

int main(void) {
	struct ime ime = { 0 };
	const struct client_skeleton_spec spec = {
		.globals = bound_globals,
		.globals_required = true,
		.data = &ime,
		.surfaces = true,
		.seat_version = 1,
		.command = on_line,
	};
	int status = client_skeleton_connect(&ime.skel, &spec);
	if (status != 0) {
		return ime_finish(&ime, status);
	}
	ime.input_method =
			wl_proxy_marshal_flags(ime.manager, IM_MANAGER_GET_INPUT_METHOD,
					&zwp_input_method_v2_interface, 1, 0, ime.skel.seat, NULL);
	wl_proxy_add_listener(ime.input_method, (void (**)(void))&im_listener,
			&ime);
	wl_display_roundtrip(ime.skel.display);
	return ime_finish(&ime, client_skeleton_ready_run(&ime.skel));
}
