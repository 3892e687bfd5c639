#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "client-skeleton.h"
#include "pointer-constraints-unstable-v1-client-protocol.h"
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
	struct client_skeleton skel;
	struct zwp_relative_pointer_manager_v1 *relative_manager;
	struct zwp_pointer_constraints_v1 *constraints;
	struct zwp_relative_pointer_v1 *relative;
	struct zwp_locked_pointer_v1 *locked;
	struct zwp_confined_pointer_v1 *confined;
	// What "inert" asked for, kept to be destroyed at the end.
	struct wl_pointer *inert_pointer;
	struct zwp_relative_pointer_v1 *inert_relative;
	struct zwp_locked_pointer_v1 *inert_locked;
};

static void relative_motion(void *data,
		struct zwp_relative_pointer_v1 *relative, uint32_t utime_hi,
		uint32_t utime_lo, wl_fixed_t dx, wl_fixed_t dy, wl_fixed_t dx_unaccel,
		wl_fixed_t dy_unaccel) {
	client_emit("relative %.2f %.2f %.2f %.2f", wl_fixed_to_double(dx),
			wl_fixed_to_double(dy), wl_fixed_to_double(dx_unaccel),
			wl_fixed_to_double(dy_unaccel));
}

static const struct zwp_relative_pointer_v1_listener relative_listener = {
	.relative_motion = relative_motion,
};

static void pointer_added(void *data, struct wl_pointer *pointer) {
	struct client *client = data;
	client->relative = zwp_relative_pointer_manager_v1_get_relative_pointer(
			client->relative_manager, pointer);
	zwp_relative_pointer_v1_add_listener(client->relative, &relative_listener,
			client);
	client_emit("pointer ready");
}

static void locked(void *data, struct zwp_locked_pointer_v1 *locked) {
	client_emit("locked");
}

static void unlocked(void *data, struct zwp_locked_pointer_v1 *locked) {
	client_emit("unlocked");
}

static const struct zwp_locked_pointer_v1_listener locked_listener = {
	.locked = locked,
	.unlocked = unlocked,
};

static void confined(void *data, struct zwp_confined_pointer_v1 *confined) {
	client_emit("confined");
}

static void unconfined(void *data, struct zwp_confined_pointer_v1 *confined) {
	client_emit("unconfined");
}

static const struct zwp_confined_pointer_v1_listener confined_listener = {
	.confined = confined,
	.unconfined = unconfined,
};

static const struct client_global bound_globals[] = {
	{ &zwp_relative_pointer_manager_v1_interface, 1,
			offsetof(struct client, relative_manager), NULL },
	{ &zwp_pointer_constraints_v1_interface, 1,
			offsetof(struct client, constraints), NULL },
	{ 0 },
};

static struct wl_region *make_region(struct client *client, int x, int y, int w,
		int h) {
	struct wl_region *region =
			wl_compositor_create_region(client->skel.compositor);
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
						client->skel.surface, client->skel.input.pointer,
						region, how);
		zwp_locked_pointer_v1_add_listener(client->locked, &locked_listener,
				client);
	} else {
		client->confined =
				zwp_pointer_constraints_v1_confine_pointer(client->constraints,
						client->skel.surface, client->skel.input.pointer,
						region, how);
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
	if ((strcmp(command, "lock") == 0 || strcmp(command, "confine") == 0) &&
			client->skel.input.pointer != NULL) {
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
		wl_surface_commit(client->skel.surface);
	} else if (strcmp(command, "hint") == 0 && client->locked != NULL &&
			sscanf(line, "%*s %d %d", &x, &y) == 2) {
		zwp_locked_pointer_v1_set_cursor_position_hint(client->locked,
				wl_fixed_from_int(x), wl_fixed_from_int(y));
		wl_surface_commit(client->skel.surface);
	} else if (strcmp(command, "unconstrain") == 0) {
		unconstrain(client);
	} else if (strcmp(command, "inert") == 0) {
		// A wl_pointer asked for while the seat has none is inert: both
		// protocols must cope with it. A second inert replaces the first.
		inert_destroy(client);
		client->inert_pointer = wl_seat_get_pointer(client->skel.seat);
		client->inert_relative =
				zwp_relative_pointer_manager_v1_get_relative_pointer(
						client->relative_manager, client->inert_pointer);
		client->inert_locked =
				zwp_pointer_constraints_v1_lock_pointer(client->constraints,
						client->skel.surface, client->inert_pointer, NULL,
						ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_PERSISTENT);
		wl_display_roundtrip(client->skel.display);
		client_emit("inert done");
	} else if (strcmp(command, "title") == 0 &&
			sscanf(line, "%*s %127s", word) == 1) {
		xdg_toplevel_set_title(client->skel.toplevel, word);
	} else if (strcmp(command, "app-id") == 0 &&
			sscanf(line, "%*s %127s", word) == 1) {
		xdg_toplevel_set_app_id(client->skel.toplevel, word);
	} else {
		return client_skeleton_bad_command(&client->skel, line);
	}
	return true;
}

static bool start(void *data) {
	struct client *client = data;
	if (client->relative_manager == NULL || client->constraints == NULL) {
		client_emit("error missing globals");
		return false;
	}
	return true;
}

/* Destroys what the client made, children before what made them, then the
 * skeleton. */
static void client_finish(struct client *client) {
	unconstrain(client);
	inert_destroy(client);
	if (client->relative != NULL) {
		zwp_relative_pointer_v1_destroy(client->relative);
	}
	client_skeleton_finish_all(&client->skel, 0);
}

int main(int argc, char *argv[]) {
	struct client client = { 0 };
	if (argc != 5) {
		fprintf(stderr,
				"usage: constraint-client APP_ID WIDTH HEIGHT "
				"SCALE\n");
		return 2;
	}
	const struct client_skeleton_spec spec = {
		.globals = bound_globals,
		.data = &client,
		.window = true,
		.seat_version = 1,
		.pointer = CLIENT_POINTER_ENTER | CLIENT_POINTER_MOTION,
		.pointer_added = pointer_added,
		.width = atoi(argv[2]),
		.height = atoi(argv[3]),
		.scale = atoi(argv[4]),
		.pattern = { .kind = PATTERN_CHECKER },
		.start = start,
		.command = on_line,
	};
	if (spec.width <= 0 || spec.height <= 0 || spec.scale <= 0) {
		fprintf(stderr, "constraint-client: bad size or scale\n");
		return 2;
	}
	int status = client_skeleton_main(&client.skel, &spec, argv[1], argv[1]);
	client_finish(&client);
	return status;
}
