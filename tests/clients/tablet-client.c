#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "client-skeleton.h"
#include "tablet-v2-client-protocol.h"

/*
 * A drawing program's window: it binds tablet-unstable-v2 (as GTK, Krita
 * and GIMP do) and tells what its tablets and tools do, or, with
 * --no-tablet, binds only wl_pointer, to see the pointer gridwl makes of a
 * tool for such clients.
 *
 * tablet-client APP_ID [--no-tablet]: a 200x150 window of one colour at
 * buffer scale 1. It prints "ready" once mapped, and "tablet added NAME"
 * (at the tablet's done), "tablet removed", "tool added TYPE CAPS..." (at
 * the tool's done: TYPE pen, eraser, ... or a number; CAPS among tilt,
 * pressure, distance, rotation, slider, wheel), "tool removed",
 * "proximity in" (on its window; "proximity in other" on a surface not
 * its own), "proximity out", "motion X Y", "pressure P" (0 to 65535),
 * "tilt X Y", "down", "up", "button BUTTON STATE"; of its pads "pad group
 * G modes M buttons B... rings R strips S" (at the group's done), "pad
 * added buttons N" (at the pad's done), "pad enter TABLET" (TABLET the
 * name of the tablet it comes with; "pad enter TABLET other" on a surface
 * not its own), "pad leave", "pad mode G M", "pad button BUTTON STATE",
 * "pad removed", "ring R source finger", "ring R angle DEGREES", "ring R
 * stop", "ring R frame", "strip S source finger", "strip S position P" (0
 * to 65535), "strip S stop", "strip S frame" (groups, rings and strips
 * numbered from 0 in the order announced); and of its pointer
 * "pointer enter X Y", "pointer leave", "pointer motion X Y", "pointer
 * button BUTTON STATE" (coordinates and degrees with two decimals).
 * Commands: "sync", "quit". It prints "error ..." and "disconnected" when
 * gridwl ends it.
 */

#define TABLET_CLIENT_COLOUR 0xff40a060u
// More than any test makes: the tablet and tool proxies to destroy.
#define MAX_DEVICES 16

struct client {
	struct client_skeleton skel;
	struct zwp_tablet_manager_v2 *tablet_manager;
	struct zwp_tablet_seat_v2 *tablet_seat;
	bool tablet; // else --no-tablet

	struct zwp_tablet_v2 *tablets[MAX_DEVICES];
	char *tablet_names[MAX_DEVICES];
	int tablet_count;
	struct zwp_tablet_tool_v2 *tools[MAX_DEVICES];
	uint32_t tool_types[MAX_DEVICES];
	char tool_caps[MAX_DEVICES][64];
	int tool_count;
	struct zwp_tablet_pad_v2 *pads[MAX_DEVICES];
	int pad_count;
	uint32_t pad_buttons;
	struct zwp_tablet_pad_group_v2 *groups[MAX_DEVICES];
	// What a group announced, until its done.
	char group_lines[MAX_DEVICES][128];
	int group_rings[MAX_DEVICES], group_strips[MAX_DEVICES];
	uint32_t group_modes[MAX_DEVICES];
	int group_count;
	struct zwp_tablet_pad_ring_v2 *rings[MAX_DEVICES];
	int ring_count;
	struct zwp_tablet_pad_strip_v2 *strips[MAX_DEVICES];
	int strip_count;
};

static int tablet_index(struct client *client, struct zwp_tablet_v2 *tablet) {
	for (int i = 0; i < client->tablet_count; i++) {
		if (client->tablets[i] == tablet) {
			return i;
		}
	}
	return -1;
}

static int tool_index(struct client *client, struct zwp_tablet_tool_v2 *tool) {
	for (int i = 0; i < client->tool_count; i++) {
		if (client->tools[i] == tool) {
			return i;
		}
	}
	return -1;
}

static void tablet_name(void *data, struct zwp_tablet_v2 *tablet,
		const char *name) {
	struct client *client = data;
	int i = tablet_index(client, tablet);
	if (i >= 0) {
		free(client->tablet_names[i]);
		client->tablet_names[i] = strdup(name);
	}
}

static void tablet_id(void *data, struct zwp_tablet_v2 *tablet, uint32_t vid,
		uint32_t pid) {
}

static void tablet_path(void *data, struct zwp_tablet_v2 *tablet,
		const char *path) {
}

static void tablet_done(void *data, struct zwp_tablet_v2 *tablet) {
	struct client *client = data;
	int i = tablet_index(client, tablet);
	client_emit("tablet added %s",
			i >= 0 && client->tablet_names[i] != NULL ?
					client->tablet_names[i] :
					"(no name)");
}

static void tablet_removed(void *data, struct zwp_tablet_v2 *tablet) {
	client_emit("tablet removed");
}

static void tablet_bustype(void *data, struct zwp_tablet_v2 *tablet,
		uint32_t bustype) {
}

static const struct zwp_tablet_v2_listener tablet_listener = {
	.name = tablet_name,
	.id = tablet_id,
	.path = tablet_path,
	.done = tablet_done,
	.removed = tablet_removed,
	.bustype = tablet_bustype,
};

static void tool_type(void *data, struct zwp_tablet_tool_v2 *tool,
		uint32_t type) {
	struct client *client = data;
	int i = tool_index(client, tool);
	if (i >= 0) {
		client->tool_types[i] = type;
	}
}

static void tool_hardware_serial(void *data, struct zwp_tablet_tool_v2 *tool,
		uint32_t hi, uint32_t lo) {
}

static void tool_hardware_id_wacom(void *data, struct zwp_tablet_tool_v2 *tool,
		uint32_t hi, uint32_t lo) {
}

static const char *const capability_names[] = {
	[ZWP_TABLET_TOOL_V2_CAPABILITY_TILT] = "tilt",
	[ZWP_TABLET_TOOL_V2_CAPABILITY_PRESSURE] = "pressure",
	[ZWP_TABLET_TOOL_V2_CAPABILITY_DISTANCE] = "distance",
	[ZWP_TABLET_TOOL_V2_CAPABILITY_ROTATION] = "rotation",
	[ZWP_TABLET_TOOL_V2_CAPABILITY_SLIDER] = "slider",
	[ZWP_TABLET_TOOL_V2_CAPABILITY_WHEEL] = "wheel",
};

static void tool_capability(void *data, struct zwp_tablet_tool_v2 *tool,
		uint32_t capability) {
	struct client *client = data;
	int i = tool_index(client, tool);
	if (i < 0) {
		return;
	}
	char *caps = client->tool_caps[i];
	size_t len = strlen(caps);
	const char *name = capability < sizeof(capability_names) /
									sizeof(capability_names[0]) &&
					capability_names[capability] != NULL ?
			capability_names[capability] :
			"unknown";
	snprintf(caps + len, sizeof(client->tool_caps[i]) - len, " %s", name);
}

static const char *type_name(uint32_t type) {
	switch (type) {
	case ZWP_TABLET_TOOL_V2_TYPE_PEN:
		return "pen";
	case ZWP_TABLET_TOOL_V2_TYPE_ERASER:
		return "eraser";
	case ZWP_TABLET_TOOL_V2_TYPE_BRUSH:
		return "brush";
	case ZWP_TABLET_TOOL_V2_TYPE_MOUSE:
		return "mouse";
	default:
		return "other";
	}
}

static void tool_done(void *data, struct zwp_tablet_tool_v2 *tool) {
	struct client *client = data;
	int i = tool_index(client, tool);
	if (i >= 0) {
		client_emit("tool added %s%s", type_name(client->tool_types[i]),
				client->tool_caps[i]);
	}
}

static void tool_removed(void *data, struct zwp_tablet_tool_v2 *tool) {
	client_emit("tool removed");
}

static void tool_proximity_in(void *data, struct zwp_tablet_tool_v2 *tool,
		uint32_t serial, struct zwp_tablet_v2 *tablet,
		struct wl_surface *surface) {
	struct client *client = data;
	client_emit(surface == client->skel.surface ? "proximity in" :
												  "proximity in other");
}

static void tool_proximity_out(void *data, struct zwp_tablet_tool_v2 *tool) {
	client_emit("proximity out");
}

static void tool_down(void *data, struct zwp_tablet_tool_v2 *tool,
		uint32_t serial) {
	client_emit("down");
}

static void tool_up(void *data, struct zwp_tablet_tool_v2 *tool) {
	client_emit("up");
}

static void tool_motion(void *data, struct zwp_tablet_tool_v2 *tool,
		wl_fixed_t x, wl_fixed_t y) {
	client_emit("motion %.2f %.2f", wl_fixed_to_double(x),
			wl_fixed_to_double(y));
}

static void tool_pressure(void *data, struct zwp_tablet_tool_v2 *tool,
		uint32_t pressure) {
	client_emit("pressure %u", pressure);
}

static void tool_distance(void *data, struct zwp_tablet_tool_v2 *tool,
		uint32_t distance) {
}

static void tool_tilt(void *data, struct zwp_tablet_tool_v2 *tool, wl_fixed_t x,
		wl_fixed_t y) {
	client_emit("tilt %.2f %.2f", wl_fixed_to_double(x), wl_fixed_to_double(y));
}

static void tool_rotation(void *data, struct zwp_tablet_tool_v2 *tool,
		wl_fixed_t degrees) {
}

static void tool_slider(void *data, struct zwp_tablet_tool_v2 *tool,
		int32_t position) {
}

static void tool_wheel(void *data, struct zwp_tablet_tool_v2 *tool,
		wl_fixed_t degrees, int32_t clicks) {
}

static void tool_button(void *data, struct zwp_tablet_tool_v2 *tool,
		uint32_t serial, uint32_t button, uint32_t state) {
	client_emit("button %u %u", button, state);
}

static void tool_frame(void *data, struct zwp_tablet_tool_v2 *tool,
		uint32_t time) {
}

static const struct zwp_tablet_tool_v2_listener tool_listener = {
	.type = tool_type,
	.hardware_serial = tool_hardware_serial,
	.hardware_id_wacom = tool_hardware_id_wacom,
	.capability = tool_capability,
	.done = tool_done,
	.removed = tool_removed,
	.proximity_in = tool_proximity_in,
	.proximity_out = tool_proximity_out,
	.down = tool_down,
	.up = tool_up,
	.motion = tool_motion,
	.pressure = tool_pressure,
	.distance = tool_distance,
	.tilt = tool_tilt,
	.rotation = tool_rotation,
	.slider = tool_slider,
	.wheel = tool_wheel,
	.button = tool_button,
	.frame = tool_frame,
};

/* A ring's or strip's number, its place in the client's list, is its
 * listener's data. */
static int part_index(void *data) {
	return (int)(intptr_t)data;
}

static void ring_source(void *data, struct zwp_tablet_pad_ring_v2 *ring,
		uint32_t source) {
	client_emit("ring %d source %s", part_index(data),
			source == ZWP_TABLET_PAD_RING_V2_SOURCE_FINGER ? "finger" :
															 "other");
}

static void ring_angle(void *data, struct zwp_tablet_pad_ring_v2 *ring,
		wl_fixed_t degrees) {
	client_emit("ring %d angle %.2f", part_index(data),
			wl_fixed_to_double(degrees));
}

static void ring_stop(void *data, struct zwp_tablet_pad_ring_v2 *ring) {
	client_emit("ring %d stop", part_index(data));
}

static void ring_frame(void *data, struct zwp_tablet_pad_ring_v2 *ring,
		uint32_t time) {
	client_emit("ring %d frame", part_index(data));
}

static const struct zwp_tablet_pad_ring_v2_listener ring_listener = {
	.source = ring_source,
	.angle = ring_angle,
	.stop = ring_stop,
	.frame = ring_frame,
};

static void strip_source(void *data, struct zwp_tablet_pad_strip_v2 *strip,
		uint32_t source) {
	client_emit("strip %d source %s", part_index(data),
			source == ZWP_TABLET_PAD_STRIP_V2_SOURCE_FINGER ? "finger" :
															  "other");
}

static void strip_position(void *data, struct zwp_tablet_pad_strip_v2 *strip,
		uint32_t position) {
	client_emit("strip %d position %u", part_index(data), position);
}

static void strip_stop(void *data, struct zwp_tablet_pad_strip_v2 *strip) {
	client_emit("strip %d stop", part_index(data));
}

static void strip_frame(void *data, struct zwp_tablet_pad_strip_v2 *strip,
		uint32_t time) {
	client_emit("strip %d frame", part_index(data));
}

static const struct zwp_tablet_pad_strip_v2_listener strip_listener = {
	.source = strip_source,
	.position = strip_position,
	.stop = strip_stop,
	.frame = strip_frame,
};

static int group_index(struct client *client,
		struct zwp_tablet_pad_group_v2 *group) {
	for (int i = 0; i < client->group_count; i++) {
		if (client->groups[i] == group) {
			return i;
		}
	}
	return -1;
}

static void group_buttons(void *data, struct zwp_tablet_pad_group_v2 *group,
		struct wl_array *buttons) {
	struct client *client = data;
	int i = group_index(client, group);
	if (i < 0) {
		return;
	}
	char *line = client->group_lines[i];
	uint32_t *button;
	wl_array_for_each(button, buttons) {
		size_t len = strlen(line);
		snprintf(line + len, sizeof(client->group_lines[i]) - len, " %u",
				*button);
	}
}

static void group_ring(void *data, struct zwp_tablet_pad_group_v2 *group,
		struct zwp_tablet_pad_ring_v2 *ring) {
	struct client *client = data;
	int i = group_index(client, group);
	if (i < 0 || client->ring_count == MAX_DEVICES) {
		client_emit("error too many rings");
		zwp_tablet_pad_ring_v2_destroy(ring);
		return;
	}
	client->group_rings[i]++;
	zwp_tablet_pad_ring_v2_add_listener(ring, &ring_listener,
			(void *)(intptr_t)client->ring_count);
	client->rings[client->ring_count++] = ring;
}

static void group_strip(void *data, struct zwp_tablet_pad_group_v2 *group,
		struct zwp_tablet_pad_strip_v2 *strip) {
	struct client *client = data;
	int i = group_index(client, group);
	if (i < 0 || client->strip_count == MAX_DEVICES) {
		client_emit("error too many strips");
		zwp_tablet_pad_strip_v2_destroy(strip);
		return;
	}
	client->group_strips[i]++;
	zwp_tablet_pad_strip_v2_add_listener(strip, &strip_listener,
			(void *)(intptr_t)client->strip_count);
	client->strips[client->strip_count++] = strip;
}

static void group_modes(void *data, struct zwp_tablet_pad_group_v2 *group,
		uint32_t modes) {
	struct client *client = data;
	int i = group_index(client, group);
	if (i >= 0) {
		client->group_modes[i] = modes;
	}
}

static void group_done(void *data, struct zwp_tablet_pad_group_v2 *group) {
	struct client *client = data;
	int i = group_index(client, group);
	if (i >= 0) {
		client_emit("pad group %d modes %u buttons%s rings %d strips %d", i,
				client->group_modes[i], client->group_lines[i],
				client->group_rings[i], client->group_strips[i]);
	}
}

static void group_mode_switch(void *data, struct zwp_tablet_pad_group_v2 *group,
		uint32_t time, uint32_t serial, uint32_t mode) {
	struct client *client = data;
	client_emit("pad mode %d %u", group_index(client, group), mode);
}

static const struct zwp_tablet_pad_group_v2_listener group_listener = {
	.buttons = group_buttons,
	.ring = group_ring,
	.strip = group_strip,
	.modes = group_modes,
	.done = group_done,
	.mode_switch = group_mode_switch,
};

static void pad_group(void *data, struct zwp_tablet_pad_v2 *pad,
		struct zwp_tablet_pad_group_v2 *group) {
	struct client *client = data;
	if (client->group_count == MAX_DEVICES) {
		client_emit("error too many pad groups");
		zwp_tablet_pad_group_v2_destroy(group);
		return;
	}
	client->groups[client->group_count++] = group;
	zwp_tablet_pad_group_v2_add_listener(group, &group_listener, client);
}

static void pad_path(void *data, struct zwp_tablet_pad_v2 *pad,
		const char *path) {
}

static void pad_buttons(void *data, struct zwp_tablet_pad_v2 *pad,
		uint32_t buttons) {
	struct client *client = data;
	client->pad_buttons = buttons;
}

static void pad_done(void *data, struct zwp_tablet_pad_v2 *pad) {
	struct client *client = data;
	client_emit("pad added buttons %u", client->pad_buttons);
}

static void pad_button(void *data, struct zwp_tablet_pad_v2 *pad, uint32_t time,
		uint32_t button, uint32_t state) {
	client_emit("pad button %u %u", button, state);
}

static void pad_enter(void *data, struct zwp_tablet_pad_v2 *pad,
		uint32_t serial, struct zwp_tablet_v2 *tablet,
		struct wl_surface *surface) {
	struct client *client = data;
	int i = tablet_index(client, tablet);
	client_emit("pad enter %s%s",
			i >= 0 && client->tablet_names[i] != NULL ?
					client->tablet_names[i] :
					"(unknown tablet)",
			surface == client->skel.surface ? "" : " other");
}

static void pad_leave(void *data, struct zwp_tablet_pad_v2 *pad,
		uint32_t serial, struct wl_surface *surface) {
	client_emit("pad leave");
}

static void pad_removed(void *data, struct zwp_tablet_pad_v2 *pad) {
	client_emit("pad removed");
}

static const struct zwp_tablet_pad_v2_listener pad_listener = {
	.group = pad_group,
	.path = pad_path,
	.buttons = pad_buttons,
	.done = pad_done,
	.button = pad_button,
	.enter = pad_enter,
	.leave = pad_leave,
	.removed = pad_removed,
};

static void seat_tablet_added(void *data, struct zwp_tablet_seat_v2 *seat,
		struct zwp_tablet_v2 *tablet) {
	struct client *client = data;
	if (client->tablet_count == MAX_DEVICES) {
		client_emit("error too many tablets");
		zwp_tablet_v2_destroy(tablet);
		return;
	}
	client->tablets[client->tablet_count++] = tablet;
	zwp_tablet_v2_add_listener(tablet, &tablet_listener, client);
}

static void seat_tool_added(void *data, struct zwp_tablet_seat_v2 *seat,
		struct zwp_tablet_tool_v2 *tool) {
	struct client *client = data;
	if (client->tool_count == MAX_DEVICES) {
		client_emit("error too many tools");
		zwp_tablet_tool_v2_destroy(tool);
		return;
	}
	client->tools[client->tool_count++] = tool;
	zwp_tablet_tool_v2_add_listener(tool, &tool_listener, client);
}

static void seat_pad_added(void *data, struct zwp_tablet_seat_v2 *seat,
		struct zwp_tablet_pad_v2 *pad) {
	struct client *client = data;
	if (client->pad_count == MAX_DEVICES) {
		client_emit("error too many pads");
		zwp_tablet_pad_v2_destroy(pad);
		return;
	}
	client->pads[client->pad_count++] = pad;
	client->pad_buttons = 0;
	zwp_tablet_pad_v2_add_listener(pad, &pad_listener, client);
}

static const struct zwp_tablet_seat_v2_listener tablet_seat_listener = {
	.tablet_added = seat_tablet_added,
	.tool_added = seat_tool_added,
	.pad_added = seat_pad_added,
};

static const struct client_global with_tablet[] = {
	{ &zwp_tablet_manager_v2_interface, 1,
			offsetof(struct client, tablet_manager), NULL },
	{ 0 },
};

/* The tablet seat, when the client has tablets. */
static bool start(void *data) {
	struct client *client = data;
	if (!client->tablet) {
		return true;
	}
	if (client->tablet_manager == NULL) {
		client_emit("error missing globals");
		return false;
	}
	client->tablet_seat =
			zwp_tablet_manager_v2_get_tablet_seat(client->tablet_manager,
					client->skel.seat);
	zwp_tablet_seat_v2_add_listener(client->tablet_seat, &tablet_seat_listener,
			client);
	return true;
}

/* Destroys what the client made, then the skeleton. */
static void client_finish(struct client *client) {
	for (int i = 0; i < client->tool_count; i++) {
		zwp_tablet_tool_v2_destroy(client->tools[i]);
	}
	for (int i = 0; i < client->tablet_count; i++) {
		zwp_tablet_v2_destroy(client->tablets[i]);
		free(client->tablet_names[i]);
	}
	// A pad's parts before the pad.
	for (int i = 0; i < client->ring_count; i++) {
		zwp_tablet_pad_ring_v2_destroy(client->rings[i]);
	}
	for (int i = 0; i < client->strip_count; i++) {
		zwp_tablet_pad_strip_v2_destroy(client->strips[i]);
	}
	for (int i = 0; i < client->group_count; i++) {
		zwp_tablet_pad_group_v2_destroy(client->groups[i]);
	}
	for (int i = 0; i < client->pad_count; i++) {
		zwp_tablet_pad_v2_destroy(client->pads[i]);
	}
	if (client->tablet_seat != NULL) {
		zwp_tablet_seat_v2_destroy(client->tablet_seat);
	}
	client_skeleton_finish_all(&client->skel, 0);
}

int main(int argc, char *argv[]) {
	bool tablet = argc == 2;
	if (argc < 2 || argc > 3 ||
			(argc == 3 && strcmp(argv[2], "--no-tablet") != 0)) {
		fprintf(stderr, "usage: tablet-client APP_ID [--no-tablet]\n");
		return 2;
	}
	struct client client = { .tablet = tablet };
	const struct client_skeleton_spec spec = {
		// Without a tablet, only wl_pointer.
		.globals = tablet ? with_tablet : NULL,
		.data = &client,
		.window = true,
		.seat_version = 1,
		.pointer = CLIENT_POINTER_ENTER | CLIENT_POINTER_MOTION |
				CLIENT_POINTER_BUTTON,
		.width = 200,
		.height = 150,
		.pattern = { .kind = PATTERN_SOLID, .colour = TABLET_CLIENT_COLOUR },
		.start = start,
	};
	int status = client_skeleton_main(&client.skel, &spec, argv[1], NULL);
	client_finish(&client);
	return status;
}
