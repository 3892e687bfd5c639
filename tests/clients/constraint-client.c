#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "client-globals.h"
#include "pointer-constraints-unstable-v1-client-protocol.h"
#include "raw-client.h"
#include "relative-pointer-unstable-v1-client-protocol.h"

/*
 * A window that watches the pointer as a game would: wl_pointer,
 * zwp_relative_pointer_v1 and a lock or confinement on command.
 *
 * constraint-client APP_ID WIDTH HEIGHT SCALE: a WIDTH x HEIGHT logical
 * window drawn at buffer scale SCALE. It prints "ready" once mapped,
 * "pointer ready" once it listens to its wl_pointer, then "pointer enter X
 * Y", "pointer leave", "pointer motion X Y" (surface coordinates), "relative
 * DX DY UDX UDY" (accelerated and unaccelerated), "locked", "unlocked",
 * "confined", "unconfined".
 *
 * Commands: lock|confine oneshot|persistent [X Y W H] (the region, else the
 * whole surface) | region X Y W H | region none | hint X Y (each applied
 * by a commit of the surface) | unconstrain (destroys the lock or
 * confinement) | title T | app-id A | inert (a wl_pointer while the seat has
 * none, with a relative pointer and a lock; prints "inert done") | sync
 * (prints "sync" once gridwl answered everything before it) | quit.
 */

struct client {
	struct wl_display *display;
	struct wl_registry *registry;
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	struct wl_seat *seat;
	struct zwp_relative_pointer_manager_v1 *relative_manager;
	struct zwp_pointer_constraints_v1 *constraints;
	struct wl_pointer *pointer;
	struct zwp_relative_pointer_v1 *relative;
	struct zwp_locked_pointer_v1 *locked;
	struct zwp_confined_pointer_v1 *confined;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	// The one buffer drawn. raw_client_pattern_buffer's buffer destroys
	// itself on release, which may come any time or never (pixman keeps it
	// while the surface lives): on a queue never dispatched it waits for
	// main to destroy it, instead of leaving a pointer that may dangle.
	struct wl_buffer *buffer;
	struct wl_event_queue *buffer_queue;
	// What "inert" asked for, kept to be destroyed at the end.
	struct wl_pointer *inert_pointer;
	struct zwp_relative_pointer_v1 *inert_relative;
	struct zwp_locked_pointer_v1 *inert_locked;
	int width, height, scale;
	bool configured;
};

static void pointer_enter(void *data, struct wl_pointer *pointer,
		uint32_t serial, struct wl_surface *surface, wl_fixed_t x,
		wl_fixed_t y) {
	raw_client_emit("pointer enter %.2f %.2f", wl_fixed_to_double(x),
			wl_fixed_to_double(y));
}

static void pointer_leave(void *data, struct wl_pointer *pointer,
		uint32_t serial, struct wl_surface *surface) {
	raw_client_emit("pointer leave");
}

static void pointer_motion(void *data, struct wl_pointer *pointer,
		uint32_t time, wl_fixed_t x, wl_fixed_t y) {
	raw_client_emit("pointer motion %.2f %.2f", wl_fixed_to_double(x),
			wl_fixed_to_double(y));
}

static void pointer_button(void *data, struct wl_pointer *pointer,
		uint32_t serial, uint32_t time, uint32_t button, uint32_t state) {
}

static void pointer_axis(void *data, struct wl_pointer *pointer, uint32_t time,
		uint32_t axis, wl_fixed_t value) {
}

static const struct wl_pointer_listener pointer_listener = {
	.enter = pointer_enter,
	.leave = pointer_leave,
	.motion = pointer_motion,
	.button = pointer_button,
	.axis = pointer_axis,
};

static void relative_motion(void *data,
		struct zwp_relative_pointer_v1 *relative, uint32_t utime_hi,
		uint32_t utime_lo, wl_fixed_t dx, wl_fixed_t dy, wl_fixed_t dx_unaccel,
		wl_fixed_t dy_unaccel) {
	raw_client_emit("relative %.2f %.2f %.2f %.2f", wl_fixed_to_double(dx),
			wl_fixed_to_double(dy), wl_fixed_to_double(dx_unaccel),
			wl_fixed_to_double(dy_unaccel));
}

static const struct zwp_relative_pointer_v1_listener relative_listener = {
	.relative_motion = relative_motion,
};

static void seat_capabilities(void *data, struct wl_seat *seat,
		uint32_t capabilities) {
	struct client *client = data;
	if ((capabilities & WL_SEAT_CAPABILITY_POINTER) &&
			client->pointer == NULL) {
		client->pointer = wl_seat_get_pointer(seat);
		wl_pointer_add_listener(client->pointer, &pointer_listener, client);
		client->relative = zwp_relative_pointer_manager_v1_get_relative_pointer(
				client->relative_manager, client->pointer);
		zwp_relative_pointer_v1_add_listener(client->relative,
				&relative_listener, client);
		raw_client_emit("pointer ready");
	}
}

static void seat_name(void *data, struct wl_seat *seat, const char *name) {
}

static const struct wl_seat_listener seat_listener = {
	.capabilities = seat_capabilities,
	.name = seat_name,
};

static void locked(void *data, struct zwp_locked_pointer_v1 *locked) {
	raw_client_emit("locked");
}

static void unlocked(void *data, struct zwp_locked_pointer_v1 *locked) {
	raw_client_emit("unlocked");
}

static const struct zwp_locked_pointer_v1_listener locked_listener = {
	.locked = locked,
	.unlocked = unlocked,
};

static void confined(void *data, struct zwp_confined_pointer_v1 *confined) {
	raw_client_emit("confined");
}

static void unconfined(void *data, struct zwp_confined_pointer_v1 *confined) {
	raw_client_emit("unconfined");
}

static const struct zwp_confined_pointer_v1_listener confined_listener = {
	.confined = confined,
	.unconfined = unconfined,
};

static void draw(struct client *client) {
	struct pattern pattern = { .kind = PATTERN_CHECKER };
	struct wl_buffer *buffer = raw_client_pattern_buffer(client->shm,
			client->width * client->scale, client->height * client->scale,
			&pattern);
	if (buffer == NULL) {
		exit(1);
	}
	client->buffer = buffer;
	wl_proxy_set_queue((struct wl_proxy *)buffer, client->buffer_queue);
	wl_surface_set_buffer_scale(client->surface, client->scale);
	wl_surface_attach(client->surface, buffer, 0, 0);
	wl_surface_damage(client->surface, 0, 0, client->width, client->height);
	wl_surface_commit(client->surface);
}

static void xdg_surface_configure(void *data, struct xdg_surface *xdg_surface,
		uint32_t serial) {
	struct client *client = data;
	xdg_surface_ack_configure(xdg_surface, serial);
	if (!client->configured) {
		client->configured = true;
		draw(client);
	} else {
		wl_surface_commit(client->surface);
	}
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = xdg_surface_configure,
};

static const struct client_global bound_globals[] = {
	{ &wl_compositor_interface, 4, offsetof(struct client, compositor), NULL },
	{ &wl_shm_interface, 1, offsetof(struct client, shm), NULL },
	{ &xdg_wm_base_interface, 1, offsetof(struct client, wm_base),
			&client_wm_base_listener },
	// Listened to from the bind: the capabilities come at once.
	{ &wl_seat_interface, 1, offsetof(struct client, seat), &seat_listener },
	{ &zwp_relative_pointer_manager_v1_interface, 1,
			offsetof(struct client, relative_manager), NULL },
	{ &zwp_pointer_constraints_v1_interface, 1,
			offsetof(struct client, constraints), NULL },
	{ 0 },
};

static struct wl_region *make_region(struct client *client, int x, int y, int w,
		int h) {
	struct wl_region *region = wl_compositor_create_region(client->compositor);
	wl_region_add(region, x, y, w, h);
	return region;
}

static void unconstrain(struct client *client) {
	if (client->locked != NULL) {
		zwp_locked_pointer_v1_destroy(client->locked);
		client->locked = NULL;
	}
	if (client->confined != NULL) {
		zwp_confined_pointer_v1_destroy(client->confined);
		client->confined = NULL;
	}
}

static void constrain(struct client *client, bool lock, const char *lifetime,
		struct wl_region *region) {
	uint32_t how = strcmp(lifetime, "oneshot") == 0 ?
			ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_ONESHOT :
			ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_PERSISTENT;
	// One constraint a surface: the old one goes first.
	unconstrain(client);
	if (lock) {
		client->locked =
				zwp_pointer_constraints_v1_lock_pointer(client->constraints,
						client->surface, client->pointer, region, how);
		zwp_locked_pointer_v1_add_listener(client->locked, &locked_listener,
				client);
	} else {
		client->confined =
				zwp_pointer_constraints_v1_confine_pointer(client->constraints,
						client->surface, client->pointer, region, how);
		zwp_confined_pointer_v1_add_listener(client->confined,
				&confined_listener, client);
	}
}

static void inert_destroy(struct client *client) {
	if (client->inert_locked != NULL) {
		zwp_locked_pointer_v1_destroy(client->inert_locked);
		client->inert_locked = NULL;
	}
	if (client->inert_relative != NULL) {
		zwp_relative_pointer_v1_destroy(client->inert_relative);
		client->inert_relative = NULL;
	}
	if (client->inert_pointer != NULL) {
		wl_pointer_destroy(client->inert_pointer);
		client->inert_pointer = NULL;
	}
}

static bool on_line(void *data, char *line) {
	struct client *client = data;
	char command[32], word[128];
	int x, y, w, h;
	if (sscanf(line, "%31s", command) != 1) {
		return true;
	}
	if (strcmp(command, "quit") == 0) {
		return false;
	} else if (strcmp(command, "sync") == 0) {
		wl_display_roundtrip(client->display);
		raw_client_emit("sync");
	} else if ((strcmp(command, "lock") == 0 ||
					   strcmp(command, "confine") == 0) &&
			client->pointer != NULL) {
		int n = sscanf(line, "%*s %127s %d %d %d %d", word, &x, &y, &w, &h);
		struct wl_region *region =
				n == 5 ? make_region(client, x, y, w, h) : NULL;
		constrain(client, strcmp(command, "lock") == 0, word, region);
		if (region != NULL) {
			wl_region_destroy(region);
		}
	} else if (strcmp(command, "region") == 0) {
		struct wl_region *region = NULL;
		if (sscanf(line, "%*s %d %d %d %d", &x, &y, &w, &h) == 4) {
			region = make_region(client, x, y, w, h);
		}
		if (client->locked != NULL) {
			zwp_locked_pointer_v1_set_region(client->locked, region);
		} else if (client->confined != NULL) {
			zwp_confined_pointer_v1_set_region(client->confined, region);
		}
		if (region != NULL) {
			wl_region_destroy(region);
		}
		wl_surface_commit(client->surface);
	} else if (strcmp(command, "hint") == 0 && client->locked != NULL &&
			sscanf(line, "%*s %d %d", &x, &y) == 2) {
		zwp_locked_pointer_v1_set_cursor_position_hint(client->locked,
				wl_fixed_from_int(x), wl_fixed_from_int(y));
		wl_surface_commit(client->surface);
	} else if (strcmp(command, "unconstrain") == 0) {
		unconstrain(client);
	} else if (strcmp(command, "inert") == 0) {
		// A wl_pointer asked for while the seat has none is inert: both
		// protocols must cope with it. A second inert replaces the first.
		inert_destroy(client);
		client->inert_pointer = wl_seat_get_pointer(client->seat);
		client->inert_relative =
				zwp_relative_pointer_manager_v1_get_relative_pointer(
						client->relative_manager, client->inert_pointer);
		client->inert_locked =
				zwp_pointer_constraints_v1_lock_pointer(client->constraints,
						client->surface, client->inert_pointer, NULL,
						ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_PERSISTENT);
		wl_display_roundtrip(client->display);
		raw_client_emit("inert done");
	} else if (strcmp(command, "title") == 0 &&
			sscanf(line, "%*s %127s", word) == 1) {
		xdg_toplevel_set_title(client->toplevel, word);
	} else if (strcmp(command, "app-id") == 0 &&
			sscanf(line, "%*s %127s", word) == 1) {
		xdg_toplevel_set_app_id(client->toplevel, word);
	} else {
		raw_client_emit("error bad command \"%s\"", line);
	}
	return true;
}

/* Destroys every object the client made, children before what made them,
 * and disconnects: a clean exit leaves nothing behind (LeakSanitizer
 * counts proxies still allocated). */
static void client_finish(struct client *client) {
	unconstrain(client);
	inert_destroy(client);
	if (client->relative != NULL) {
		zwp_relative_pointer_v1_destroy(client->relative);
	}
	// Bound at version 1: wl_pointer.release needs 3.
	if (client->pointer != NULL) {
		wl_pointer_destroy(client->pointer);
	}
	if (client->toplevel != NULL) {
		xdg_toplevel_destroy(client->toplevel);
	}
	if (client->xdg_surface != NULL) {
		xdg_surface_destroy(client->xdg_surface);
	}
	if (client->surface != NULL) {
		wl_surface_destroy(client->surface);
	}
	if (client->buffer != NULL) {
		wl_buffer_destroy(client->buffer);
	}
	if (client->buffer_queue != NULL) {
		wl_event_queue_destroy(client->buffer_queue);
	}
	if (client->constraints != NULL) {
		zwp_pointer_constraints_v1_destroy(client->constraints);
	}
	if (client->relative_manager != NULL) {
		zwp_relative_pointer_manager_v1_destroy(client->relative_manager);
	}
	if (client->seat != NULL) {
		wl_seat_destroy(client->seat);
	}
	if (client->wm_base != NULL) {
		xdg_wm_base_destroy(client->wm_base);
	}
	if (client->shm != NULL) {
		wl_shm_destroy(client->shm);
	}
	if (client->compositor != NULL) {
		wl_compositor_destroy(client->compositor);
	}
	if (client->registry != NULL) {
		wl_registry_destroy(client->registry);
	}
	wl_display_disconnect(client->display);
}

int main(int argc, char *argv[]) {
	struct client client = { 0 };
	if (argc != 5) {
		fprintf(stderr,
				"usage: constraint-client APP_ID WIDTH HEIGHT "
				"SCALE\n");
		return 2;
	}
	client.width = atoi(argv[2]);
	client.height = atoi(argv[3]);
	client.scale = atoi(argv[4]);
	if (client.width <= 0 || client.height <= 0 || client.scale <= 0) {
		fprintf(stderr, "constraint-client: bad size or scale\n");
		return 2;
	}
	client.display = wl_display_connect(NULL);
	if (client.display == NULL) {
		fprintf(stderr, "constraint-client: cannot connect\n");
		return 1;
	}
	client.buffer_queue = wl_display_create_queue(client.display);
	struct client_globals globals = {
		.table = bound_globals,
		.data = &client,
	};
	client.registry = client_globals_listen(client.display, &globals);
	wl_display_roundtrip(client.display);
	if (client.compositor == NULL || client.shm == NULL ||
			client.wm_base == NULL || client.seat == NULL ||
			client.relative_manager == NULL || client.constraints == NULL) {
		raw_client_emit("error missing globals");
		client_finish(&client);
		return 1;
	}
	client.surface = wl_compositor_create_surface(client.compositor);
	int status = raw_client_map_toplevel(client.display, client.wm_base,
			client.surface, &client.xdg_surface, &client.toplevel,
			&xdg_surface_listener, &client, argv[1], argv[1],
			&client.configured);
	if (status != 0) {
		client_finish(&client);
		return status;
	}
	wl_display_roundtrip(client.display);
	raw_client_emit("ready");
	status = raw_client_run(client.display, on_line, &client);
	client_finish(&client);
	return status;
}
