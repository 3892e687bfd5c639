#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/interfaces/wlr_keyboard.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_pointer.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/util/box.h>
#include <wlr/util/log.h>
#include <wlr/util/transform.h>
#include <xkbcommon/xkbcommon.h>
#include "compositor/control/subscribe.h"
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/util.h"
#include "config/config.h"
#include "input/input_device.h"
#include "input/seat.h"

/* The same defaults as sway's and weston's. */
#define DEFAULT_REPEAT_RATE 25
#define DEFAULT_REPEAT_DELAY 600

static enum gridwl_input_type device_type(struct wlr_input_device *device) {
	switch (device->type) {
	case WLR_INPUT_DEVICE_KEYBOARD:
		return GRIDWL_INPUT_TYPE_KEYBOARD;
	case WLR_INPUT_DEVICE_POINTER:
		return gridwl_libinput_is_touchpad(device) ?
				GRIDWL_INPUT_TYPE_TOUCHPAD :
				GRIDWL_INPUT_TYPE_POINTER;
	case WLR_INPUT_DEVICE_TOUCH:
		return GRIDWL_INPUT_TYPE_TOUCH;
	case WLR_INPUT_DEVICE_TABLET:
		return GRIDWL_INPUT_TYPE_TABLET_TOOL;
	case WLR_INPUT_DEVICE_TABLET_PAD:
		return GRIDWL_INPUT_TYPE_TABLET_PAD;
	case WLR_INPUT_DEVICE_SWITCH:
		return GRIDWL_INPUT_TYPE_SWITCH;
	}
	return GRIDWL_INPUT_TYPE_POINTER;
}

/* sway's: "VENDOR:PRODUCT:NAME", blanks in the name as '_'. */
static char *device_identifier(struct wlr_input_device *device) {
	unsigned vendor, product;
	gridwl_libinput_ids(device, &vendor, &product);
	const char *name = device->name != NULL ? device->name : "";
	size_t size = strlen(name) + 32;
	char *identifier = malloc(size);
	if (identifier == NULL) {
		return NULL;
	}
	int prefix = snprintf(identifier, size, "%u:%u:", vendor, product);
	char *p = identifier + prefix;
	for (const char *s = name; *s != '\0'; s++) {
		*p++ = *s == ' ' || *s == '\t' ? '_' : *s;
	}
	*p = '\0';
	return identifier;
}

static const struct gridwl_input_setting *setting(
		const struct gridwl_input_device *device, enum gridwl_input_key key) {
	// No config only when memory ran out making the first.
	if (device->config == NULL) {
		return NULL;
	}
	const struct gridwl_input_setting *s = &device->config->settings[key];
	return s->set ? s : NULL;
}

static const enum gridwl_input_key xkb_name_keys[5] = {
	GRIDWL_INPUT_XKB_RULES,
	GRIDWL_INPUT_XKB_MODEL,
	GRIDWL_INPUT_XKB_LAYOUT,
	GRIDWL_INPUT_XKB_VARIANT,
	GRIDWL_INPUT_XKB_OPTIONS,
};

static bool same_text(const char *a, const char *b) {
	return (a == NULL && b == NULL) ||
			(a != NULL && b != NULL && strcmp(a, b) == 0);
}

/* The keymap the config asks for, unless the keyboard has it already;
 * unset names are xkbcommon's defaults (XKB_DEFAULT_*, as before any
 * input line). */
static bool apply_keymap(struct gridwl_input_device *device,
		struct wlr_keyboard *keyboard) {
	const char *names[5];
	bool same = device->has_keymap;
	for (int i = 0; i < 5; i++) {
		const struct gridwl_input_setting *s =
				setting(device, xkb_name_keys[i]);
		names[i] = s != NULL ? s->text : NULL;
		same = same && same_text(names[i], device->keymap_names[i]);
	}
	if (same) {
		return false;
	}
	struct xkb_rule_names rule_names = {
		.rules = names[0],
		.model = names[1],
		.layout = names[2],
		.variant = names[3],
		.options = names[4],
	};
	struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
	struct xkb_keymap *keymap = context == NULL ?
			NULL :
			xkb_keymap_new_from_names(context, &rule_names,
					XKB_KEYMAP_COMPILE_NO_FLAGS);
	if (keymap == NULL && keyboard->keymap == NULL && context != NULL) {
		// "*" and a type's line that are fine alone may not compile
		// together; a keyboard with no keymap has no keys at all.
		keymap = xkb_keymap_new_from_names(context, NULL,
				XKB_KEYMAP_COMPILE_NO_FLAGS);
	}
	xkb_context_unref(context);
	if (keymap == NULL) {
		wlr_log(WLR_ERROR,
				"Keyboard %s: no keymap for xkb_layout '%s' xkb_variant "
				"'%s' xkb_options '%s'; keeping the one it has",
				device->identifier, names[2] ? names[2] : "",
				names[3] ? names[3] : "", names[4] ? names[4] : "");
		return false;
	}
	wlr_keyboard_set_keymap(keyboard, keymap);
	xkb_keymap_unref(keymap);
	device->seat->keymaps_compiled++;
	device->has_keymap = true;
	for (int i = 0; i < 5; i++) {
		free(device->keymap_names[i]);
		device->keymap_names[i] = names[i] != NULL ? strdup(names[i]) : NULL;
	}
	return true;
}

static void apply_numlock(struct gridwl_input_device *device,
		struct wlr_keyboard *keyboard, bool new_keymap) {
	const struct gridwl_input_setting *s =
			setting(device, GRIDWL_INPUT_XKB_NUMLOCK);
	int numlock = s != NULL ? s->choice == GRIDWL_INPUT_ENABLED : -1;
	// A new keymap starts with Num Lock off, as a keyboard plugged in.
	if (keyboard->keymap == NULL || numlock == -1 ||
			(numlock == device->numlock && !new_keymap)) {
		device->numlock = numlock;
		return;
	}
	device->numlock = numlock;
	xkb_mod_index_t index =
			xkb_keymap_mod_get_index(keyboard->keymap, XKB_MOD_NAME_NUM);
	if (index == XKB_MOD_INVALID) {
		return;
	}
	struct wlr_keyboard_modifiers mods = keyboard->modifiers;
	xkb_mod_mask_t mask = (xkb_mod_mask_t)1 << index;
	uint32_t locked = numlock ? mods.locked | mask : mods.locked & ~mask;
	wlr_keyboard_notify_modifiers(keyboard, mods.depressed, mods.latched,
			locked, mods.group);
}

static void apply_keyboard(struct gridwl_input_device *device) {
	struct wlr_keyboard *keyboard =
			wlr_keyboard_from_input_device(device->wlr_device);
	bool new_keymap = !device->client_keymap && apply_keymap(device, keyboard);
	if (!device->client_keymap) {
		apply_numlock(device, keyboard, new_keymap);
	}
	const struct gridwl_input_setting *rate =
			setting(device, GRIDWL_INPUT_REPEAT_RATE);
	const struct gridwl_input_setting *delay =
			setting(device, GRIDWL_INPUT_REPEAT_DELAY);
	wlr_keyboard_set_repeat_info(keyboard,
			rate != NULL ? rate->choice : DEFAULT_REPEAT_RATE,
			delay != NULL ? delay->choice : DEFAULT_REPEAT_DELAY);
}

/* The output a pointer or touch screen of a nested gridwl belongs to: its
 * window's (the backend announces the output first). */
static const char *backend_output_name(struct wlr_input_device *device) {
	if (device->type == WLR_INPUT_DEVICE_POINTER) {
		return wlr_pointer_from_input_device(device)->output_name;
	} else if (device->type == WLR_INPUT_DEVICE_TOUCH) {
		return wlr_touch_from_input_device(device)->output_name;
	}
	return NULL;
}

static bool is_cursor_device(const struct gridwl_input_device *device) {
	enum wlr_input_device_type type = device->wlr_device->type;
	return type == WLR_INPUT_DEVICE_POINTER || type == WLR_INPUT_DEVICE_TOUCH ||
			type == WLR_INPUT_DEVICE_TABLET;
}

static struct gridwl_output *mapped_output(
		const struct gridwl_input_device *device, struct wlr_output *leaving) {
	const struct gridwl_input_setting *s =
			setting(device, GRIDWL_INPUT_MAP_TO_OUTPUT);
	const char *name = s != NULL ? s->text :
			device->default_output != NULL ?
								   device->default_output->name :
								   backend_output_name(device->wlr_device);
	struct gridwl_output *output = name != NULL ?
			gridwl_output_by_name(device->seat->server, name) :
			NULL;
	if (output == NULL || output->wlr_output == leaving ||
			wlr_output_layout_get(device->seat->server->output_layout,
					output->wlr_output) == NULL) {
		return NULL;
	}
	return output;
}

static void apply_mapping(struct gridwl_input_device *device,
		struct wlr_output *leaving) {
	if (!is_cursor_device(device)) {
		return;
	}
	// An output not in the layout (yet): the whole layout until it is,
	// as wlroots does with no mapping.
	struct gridwl_output *output = mapped_output(device, leaving);
	wlr_cursor_map_input_to_output(device->seat->cursor, device->wlr_device,
			output != NULL ? output->wlr_output : NULL);
}

/* Keys set for this device that it does not take: libinput's on a
 * device libinput does not drive (or that its libinput refused), the xkb
 * keymap on a keyboard whose client sets its own. */
static uint32_t keys_not_for(const struct gridwl_input_device *device,
		uint32_t libinput_refused) {
	uint32_t bits = libinput_refused;
	if (device->client_keymap) {
		for (int key = GRIDWL_INPUT_XKB_LAYOUT; key <= GRIDWL_INPUT_XKB_NUMLOCK;
				key++) {
			if (setting(device, key) != NULL) {
				bits |= 1u << key;
			}
		}
	}
	return bits;
}

static void apply(struct gridwl_input_device *device) {
	struct gridwl_server *server = device->seat->server;
	struct gridwl_input_config *config =
			gridwl_input_config_create(device->identifier);
	if (config == NULL) {
		wlr_log(WLR_ERROR, "Out of memory for input %s", device->identifier);
		return;
	}
	// Run-time lines (gridctl input) over the file's.
	gridwl_config_input_merge_for(config, server->config, device->identifier,
			device->type);
	gridwl_config_input_merge_for(config, server->cli_config,
			device->identifier, device->type);
	// "input * repeat_rate 40" is for the keyboards among them.
	for (int key = 0; key < GRIDWL_INPUT_KEY_COUNT; key++) {
		if (!gridwl_input_key_fits(key, device->type)) {
			free(config->settings[key].text);
			config->settings[key] = (struct gridwl_input_setting){ 0 };
		}
	}
	gridwl_input_config_destroy(device->config);
	device->config = config;

	if (device->wlr_device->type == WLR_INPUT_DEVICE_KEYBOARD) {
		apply_keyboard(device);
	}
	apply_mapping(device, NULL);
	uint32_t refused = gridwl_libinput_apply(device->wlr_device, config);
	device->not_applied = keys_not_for(device, refused);
	uint32_t news = device->not_applied & ~device->logged;
	for (int key = 0; key < GRIDWL_INPUT_KEY_COUNT; key++) {
		if (news & (1u << key)) {
			wlr_log(WLR_INFO, "Input %s (%s) does not take %s",
					device->identifier, gridwl_input_type_name(device->type),
					gridwl_input_key_name(key));
		}
	}
	device->logged |= news;
}

static void device_destroy(struct gridwl_input_device *device) {
	wl_list_remove(&device->destroy.link);
	wl_list_remove(&device->link);
	gridwl_input_config_destroy(device->config);
	for (int i = 0; i < 5; i++) {
		free(device->keymap_names[i]);
	}
	free(device->identifier);
	free(device);
}

static void device_handle_destroy(struct wl_listener *listener, void *data) {
	struct gridwl_input_device *device =
			wl_container_of(listener, device, destroy);
	gridwl_subscribe_input(device->seat->server, device, "removed");
	device_destroy(device);
}

struct gridwl_input_device *gridwl_input_device_add(struct gridwl_seat *seat,
		struct wlr_input_device *wlr_device, bool client_keymap) {
	struct gridwl_input_device *device = calloc(1, sizeof(*device));
	char *identifier = device_identifier(wlr_device);
	if (device == NULL || identifier == NULL) {
		wlr_log(WLR_ERROR, "Out of memory for input %s", wlr_device->name);
		free(device);
		free(identifier);
		return NULL;
	}
	device->seat = seat;
	device->wlr_device = wlr_device;
	device->identifier = identifier;
	device->type = device_type(wlr_device);
	device->client_keymap = client_keymap;
	device->numlock = -1;
	device->destroy.notify = device_handle_destroy;
	wl_signal_add(&wlr_device->events.destroy, &device->destroy);
	wl_list_insert(seat->devices.prev, &device->link);
	apply(device);
	gridwl_subscribe_input(seat->server, device, "added");
	return device;
}

struct gridwl_input_device *gridwl_input_device_find(struct gridwl_seat *seat,
		struct wlr_input_device *wlr_device) {
	struct gridwl_input_device *device;
	wl_list_for_each(device, &seat->devices, link) {
		if (device->wlr_device == wlr_device) {
			return device;
		}
	}
	return NULL;
}

void gridwl_input_devices_apply(struct gridwl_seat *seat) {
	struct gridwl_input_device *device;
	wl_list_for_each(device, &seat->devices, link) {
		apply(device);
	}
}

void gridwl_input_devices_map(struct gridwl_seat *seat,
		struct wlr_output *leaving) {
	if (seat == NULL) {
		return;
	}
	struct gridwl_input_device *device;
	wl_list_for_each(device, &seat->devices, link) {
		apply_mapping(device, leaving);
	}
}

void gridwl_input_device_set_default_output(struct gridwl_seat *seat,
		struct wlr_input_device *wlr_device, struct wlr_output *output) {
	struct gridwl_input_device *device =
			gridwl_input_device_find(seat, wlr_device);
	if (device != NULL) {
		device->default_output = output;
		apply_mapping(device, NULL);
	}
}

struct gridwl_output *gridwl_input_device_mapped_output(
		const struct gridwl_input_device *device) {
	return is_cursor_device(device) ? mapped_output(device, NULL) : NULL;
}

/* The output a device's absolute positions span (NULL: the layout), and
 * its box in the layout. */
static struct gridwl_output *absolute_area(struct gridwl_seat *seat,
		struct wlr_input_device *wlr_device, struct wlr_box *box) {
	*box = (struct wlr_box){ 0 };
	struct gridwl_input_device *device =
			gridwl_input_device_find(seat, wlr_device);
	struct gridwl_output *output =
			device != NULL ? mapped_output(device, NULL) : NULL;
	wlr_output_layout_get_box(seat->server->output_layout,
			output != NULL ? output->wlr_output : NULL, box);
	return output;
}

struct wlr_box gridwl_input_device_absolute_box(struct gridwl_seat *seat,
		struct wlr_input_device *wlr_device) {
	struct wlr_box box;
	absolute_area(seat, wlr_device, &box);
	return box;
}

void gridwl_input_device_absolute_fraction(struct gridwl_seat *seat,
		struct wlr_input_device *wlr_device, double lx, double ly, double *x,
		double *y) {
	struct wlr_box box;
	struct gridwl_output *output = absolute_area(seat, wlr_device, &box);
	double u = (lx - box.x) / box.width, v = (ly - box.y) / box.height;
	enum wl_output_transform transform = output != NULL ?
			output->wlr_output->transform :
			WL_OUTPUT_TRANSFORM_NORMAL;
	// wlr_cursor turns a mapped device's fractions by the output's
	// transform; undo that turn on a point of the unit square.
	struct wlr_fbox point = { .x = u, .y = v };
	wlr_fbox_transform(&point, &point, wlr_output_transform_invert(transform),
			1, 1);
	*x = point.x;
	*y = point.y;
}

double gridwl_input_device_scroll_factor(struct gridwl_seat *seat,
		struct wlr_input_device *wlr_device) {
	struct gridwl_input_device *device =
			gridwl_input_device_find(seat, wlr_device);
	const struct gridwl_input_setting *s =
			device != NULL ? setting(device, GRIDWL_INPUT_SCROLL_FACTOR) : NULL;
	return s != NULL ? s->number : 1.0;
}

static xkb_layout_index_t active_layout(struct wlr_keyboard *keyboard) {
	return xkb_state_serialize_layout(keyboard->xkb_state,
			XKB_STATE_LAYOUT_EFFECTIVE);
}

const char *gridwl_input_device_active_layout(
		const struct gridwl_input_device *device) {
	if (device->wlr_device->type != WLR_INPUT_DEVICE_KEYBOARD) {
		return NULL;
	}
	struct wlr_keyboard *keyboard =
			wlr_keyboard_from_input_device(device->wlr_device);
	if (keyboard->keymap == NULL) {
		return NULL;
	}
	return xkb_keymap_layout_get_name(keyboard->keymap,
			active_layout(keyboard));
}

static bool parse_layout_index(const char *which, long *index) {
	char *end;
	long value = strtol(which, &end, 10);
	if (end == which || *end != '\0' || value < 0 || value > 255) {
		return false;
	}
	*index = value;
	return true;
}

bool gridwl_input_switch_layout(struct gridwl_seat *seat, const char *which,
		char **error) {
	int step = strcmp(which, "next") == 0 ? 1 :
			strcmp(which, "prev") == 0    ? -1 :
											0;
	long index = -1;
	if (step == 0 && !parse_layout_index(which, &index)) {
		gridwl_set_error(error,
				"xkb-switch-layout takes next, prev or a layout's index from "
				"0, got '%s'",
				which);
		return false;
	}
	struct wlr_keyboard *seat_keyboard = wlr_seat_get_keyboard(seat->wlr_seat);
	bool switched = false;
	struct gridwl_input_device *device;
	wl_list_for_each(device, &seat->devices, link) {
		if (device->wlr_device->type != WLR_INPUT_DEVICE_KEYBOARD ||
				device->client_keymap) {
			continue;
		}
		struct wlr_keyboard *keyboard =
				wlr_keyboard_from_input_device(device->wlr_device);
		if (keyboard->keymap == NULL) {
			continue;
		}
		xkb_layout_index_t count = xkb_keymap_num_layouts(keyboard->keymap);
		if (count < 2 || (step == 0 && index >= (long)count)) {
			continue;
		}
		xkb_layout_index_t layout = step == 0 ?
				(xkb_layout_index_t)index :
				(active_layout(keyboard) + count + (xkb_layout_index_t)step) %
						count;
		struct wlr_keyboard_modifiers mods = keyboard->modifiers;
		// Locked, as a layout switched by a key is until switched again.
		wlr_keyboard_notify_modifiers(keyboard, mods.depressed, mods.latched,
				mods.locked, layout);
		switched = true;
	}
	// Each keyboard's modifiers event made it the seat's: the one that
	// was is again.
	if (seat_keyboard != NULL) {
		wlr_seat_set_keyboard(seat->wlr_seat, seat_keyboard);
	}
	if (!switched && step != 0) {
		gridwl_set_error(error, "no keyboard has more than one layout");
	} else if (!switched) {
		gridwl_set_error(error, "no keyboard has a layout %ld", index);
	}
	return switched;
}

void gridwl_input_devices_finish(struct gridwl_seat *seat) {
	struct gridwl_input_device *device, *tmp;
	wl_list_for_each_safe(device, tmp, &seat->devices, link) {
		device_destroy(device);
	}
}

void *gridwl_input_device_state_alloc(size_t size, const char *kind,
		const struct wlr_input_device *device) {
	void *state = calloc(1, size);
	if (state == NULL) {
		wlr_log(WLR_ERROR, "Out of memory for %s %s", kind, device->name);
	}
	return state;
}
