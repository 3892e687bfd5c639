#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_output.h>
#include <wlr/util/log.h>
#include <xkbcommon/xkbcommon.h>
#include "compositor/control/fields.h"
#include "compositor/control/inputs.h"
#include "compositor/output.h"
#include "compositor/server.h"
#include "config/config.h"
#include "config/input_config.h"
#include "input/input_device.h"
#include "input/seat.h"
#include "protocol/control.h"

/*
 * gridctl inputs and gridctl input: the seat's devices as swaymsg -t
 * get_inputs lists them, and input lines applied at run time, kept over a
 * reload as gridctl output's are.
 */

#define MAX_ARGS 64

static struct json_object *setting_json(enum gridwl_input_key key,
		const struct gridwl_input_setting *setting) {
	switch (key) {
	case GRIDWL_INPUT_POINTER_ACCEL:
	case GRIDWL_INPUT_SCROLL_FACTOR:
		return json_object_new_double(setting->number);
	case GRIDWL_INPUT_REPEAT_RATE:
	case GRIDWL_INPUT_REPEAT_DELAY:
	case GRIDWL_INPUT_SCROLL_BUTTON:
		return json_object_new_int(setting->choice);
	case GRIDWL_INPUT_CALIBRATION_MATRIX: {
		struct json_object *matrix = json_object_new_array();
		for (int i = 0; i < 6; i++) {
			json_object_array_add(matrix,
					json_object_new_double(setting->matrix[i]));
		}
		return matrix;
	}
	default: {
		char buf[512];
		return json_object_new_string(
				gridwl_input_setting_format(key, setting, buf, sizeof(buf)));
	}
	}
}

/* The keys set in settings, as an object of their values. */
static struct json_object *settings_json(
		const struct gridwl_input_setting *settings) {
	struct json_object *object = json_object_new_object();
	for (int key = 0; key < GRIDWL_INPUT_KEY_COUNT; key++) {
		if (settings[key].set) {
			json_object_object_add(object, gridwl_input_key_name(key),
					setting_json(key, &settings[key]));
		}
	}
	return object;
}

static void describe_keyboard(struct json_object *object,
		const struct gridwl_input_device *device) {
	struct wlr_keyboard *keyboard =
			wlr_keyboard_from_input_device(device->wlr_device);
	const char *active = gridwl_input_device_active_layout(device);
	json_object_object_add(object, "xkb_active_layout_name",
			active != NULL ? json_object_new_string(active) : NULL);
	struct json_object *names = json_object_new_array();
	xkb_layout_index_t index = 0;
	if (keyboard->keymap != NULL) {
		xkb_layout_index_t count = xkb_keymap_num_layouts(keyboard->keymap);
		for (xkb_layout_index_t i = 0; i < count; i++) {
			const char *name = xkb_keymap_layout_get_name(keyboard->keymap, i);
			json_object_array_add(names,
					json_object_new_string(name != NULL ? name : ""));
		}
		index = xkb_state_serialize_layout(keyboard->xkb_state,
				XKB_STATE_LAYOUT_EFFECTIVE);
	}
	json_object_object_add(object, "xkb_layout_names", names);
	json_object_object_add(object, "xkb_active_layout_index",
			json_object_new_int((int)index));
	json_object_object_add(object, "repeat_rate",
			json_object_new_int(keyboard->repeat_info.rate));
	json_object_object_add(object, "repeat_delay",
			json_object_new_int(keyboard->repeat_info.delay));
}

static struct json_object *describe_device(
		const struct gridwl_input_device *device) {
	struct json_object *object = json_object_new_object();
	struct wlr_input_device *wlr_device = device->wlr_device;
	json_object_object_add(object, "identifier",
			json_object_new_string(device->identifier));
	json_object_object_add(object, "name",
			json_object_new_string(
					wlr_device->name != NULL ? wlr_device->name : ""));
	json_object_object_add(object, "type",
			json_object_new_string(gridwl_input_type_name(device->type)));
	if (wlr_device->type == WLR_INPUT_DEVICE_KEYBOARD) {
		describe_keyboard(object, device);
	}
	if (wlr_device->type == WLR_INPUT_DEVICE_POINTER ||
			wlr_device->type == WLR_INPUT_DEVICE_TOUCH ||
			wlr_device->type == WLR_INPUT_DEVICE_TABLET) {
		// The output its absolute positions span, null for the layout.
		struct gridwl_output *output =
				gridwl_input_device_mapped_output(device);
		json_object_object_add(object, "mapped_to_output",
				output != NULL ?
						json_object_new_string(output->wlr_output->name) :
						NULL);
	}
	if (wlr_device->type == WLR_INPUT_DEVICE_POINTER) {
		json_object_object_add(object, "scroll_factor",
				json_object_new_double(
						gridwl_input_device_scroll_factor(device->seat,
								wlr_device)));
	}
	struct gridwl_input_setting settings[GRIDWL_INPUT_KEY_COUNT] = { 0 };
	json_object_object_add(object, "libinput",
			gridwl_libinput_read(wlr_device, settings) ?
					settings_json(settings) :
					NULL);
	struct gridwl_input_setting none[GRIDWL_INPUT_KEY_COUNT] = { 0 };
	json_object_object_add(object, "config",
			settings_json(
					device->config != NULL ? device->config->settings : none));
	struct json_object *not_applied = json_object_new_array();
	for (int key = 0; key < GRIDWL_INPUT_KEY_COUNT; key++) {
		if (device->not_applied & (1u << key)) {
			json_object_array_add(not_applied,
					json_object_new_string(gridwl_input_key_name(key)));
		}
	}
	json_object_object_add(object, "not_applied", not_applied);
	return object;
}

/* Whether an input line for identifier is for device. */
static bool identifier_matches(const char *identifier,
		const struct gridwl_input_device *device) {
	if (strcmp(identifier, "*") == 0) {
		return true;
	}
	if (strncmp(identifier, "type:", 5) == 0) {
		return strcmp(identifier + 5, gridwl_input_type_name(device->type)) ==
				0;
	}
	return strcmp(identifier, device->identifier) == 0;
}

static struct json_object *describe_devices(struct gridwl_server *server,
		const char *identifier) {
	struct json_object *list = json_object_new_array();
	struct gridwl_input_device *device;
	wl_list_for_each(device, &server->seat->devices, link) {
		if (identifier_matches(identifier, device)) {
			json_object_array_add(list, describe_device(device));
		}
	}
	return list;
}

/* Headless, gridctl's keyboard is listed from the start, as it was when it
 * was made at start, even before a client made it. */
static void keyboard_made(struct gridwl_server *server) {
	if (server->seat->keyboard_first_use != NULL &&
			!gridwl_control_keyboard_ensure(server->seat)) {
		wlr_log(WLR_ERROR, "Cannot make gridctl's keyboard");
	}
}

struct json_object *gridwl_control_cmd_inputs(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	keyboard_made(server);
	struct json_object *reply = gridwl_control_success();
	json_object_object_add(reply, "inputs", describe_devices(server, "*"));
	return reply;
}

struct json_object *gridwl_control_cmd_input(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	const char *identifier = gridwl_control_get_string(request, "identifier");
	struct json_object *args;
	if (identifier == NULL ||
			!json_object_object_get_ex(request, "args", &args) ||
			!json_object_is_type(args, json_type_array) ||
			json_object_array_length(args) == 0) {
		return gridwl_control_error(
				"input needs \"identifier\" and a non-empty \"args\" array");
	}
	size_t count = json_object_array_length(args);
	if (count > MAX_ARGS) {
		return gridwl_control_error("too many arguments");
	}
	char *words[MAX_ARGS];
	for (size_t i = 0; i < count; i++) {
		struct json_object *word = json_object_array_get_idx(args, i);
		if (!json_object_is_type(word, json_type_string)) {
			return gridwl_control_error("input arguments must be strings");
		}
		words[i] = (char *)json_object_get_string(word);
	}
	char *error = NULL;
	struct gridwl_input_config *ic = gridwl_input_config_parse_words(identifier,
			(int)count, words, "gridctl input", &error);
	if (ic == NULL) {
		return gridwl_control_error_reply(error);
	}
	// The keymap the identifier's lines ask for with this one, the file's
	// and earlier run-time ones together.
	struct gridwl_input_config *merged = gridwl_input_config_create(identifier);
	if (merged == NULL) {
		gridwl_input_config_destroy(ic);
		return gridwl_control_error("out of memory");
	}
	struct gridwl_config *layers[] = { server->config, server->cli_config };
	for (size_t i = 0; i < 2; i++) {
		const struct gridwl_input_config *line =
				gridwl_config_find_input(layers[i], identifier);
		if (line != NULL) {
			gridwl_input_config_merge(merged, line);
		}
	}
	gridwl_input_config_merge(merged, ic);
	bool ok = gridwl_input_config_check_keymap(merged, "gridctl input", &error);
	gridwl_input_config_destroy(merged);
	if (!ok) {
		gridwl_input_config_destroy(ic);
		return gridwl_control_error_reply(error);
	}
	gridwl_config_add_input(server->cli_config, ic);
	keyboard_made(server);
	gridwl_input_devices_apply(server->seat);
	// Keymaps and modifiers left for the clients before the reply.
	wl_display_flush_clients(server->display);
	struct json_object *reply = gridwl_control_success();
	json_object_object_add(reply, "inputs",
			describe_devices(server, identifier));
	return reply;
}
