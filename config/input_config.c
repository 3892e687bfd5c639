#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xkbcommon/xkbcommon.h>
#include "config/blank.h"
#include "config/config.h"
#include "config/input_config.h"

static const char *const type_names[] = {
	[GRIDWL_INPUT_TYPE_KEYBOARD] = "keyboard",
	[GRIDWL_INPUT_TYPE_POINTER] = "pointer",
	[GRIDWL_INPUT_TYPE_TOUCHPAD] = "touchpad",
	[GRIDWL_INPUT_TYPE_TOUCH] = "touch",
	[GRIDWL_INPUT_TYPE_TABLET_TOOL] = "tablet_tool",
	[GRIDWL_INPUT_TYPE_TABLET_PAD] = "tablet_pad",
	[GRIDWL_INPUT_TYPE_SWITCH] = "switch",
};

_Static_assert(sizeof(type_names) / sizeof(type_names[0]) ==
				GRIDWL_INPUT_TYPE_COUNT,
		"every input type needs a name");

const char *gridwl_input_type_name(enum gridwl_input_type type) {
	return type < GRIDWL_INPUT_TYPE_COUNT ? type_names[type] : "unknown";
}

#define FOR(type) (1u << GRIDWL_INPUT_TYPE_##type)
#define KEYBOARDS FOR(KEYBOARD)
#define TOUCHPADS FOR(TOUCHPAD)
#define POINTERS (FOR(POINTER) | FOR(TOUCHPAD))
#define EVERY ((1u << GRIDWL_INPUT_TYPE_COUNT) - 1)

enum value_kind {
	VALUE_XKB, // a word xkbcommon takes (checked by compiling a keymap)
	VALUE_CHOICE, // one of choices
	VALUE_INTEGER, // from min to max
	VALUE_NUMBER, // a decimal number from min to max
	VALUE_BUTTON, // "disable", a BTN_* name or an evdev code
	VALUE_MATRIX, // six numbers
	VALUE_OUTPUT, // an output's name
};

static const char *const toggle_choices[] = { "disabled", "enabled", NULL };

static const struct {
	const char *name;
	enum value_kind kind;
	unsigned types; // the device types that take it
	const char *const *choices;
	double min, max;
} keys[] = {
	[GRIDWL_INPUT_XKB_LAYOUT] = { "xkb_layout", VALUE_XKB, KEYBOARDS },
	[GRIDWL_INPUT_XKB_VARIANT] = { "xkb_variant", VALUE_XKB, KEYBOARDS },
	[GRIDWL_INPUT_XKB_OPTIONS] = { "xkb_options", VALUE_XKB, KEYBOARDS },
	[GRIDWL_INPUT_XKB_MODEL] = { "xkb_model", VALUE_XKB, KEYBOARDS },
	[GRIDWL_INPUT_XKB_RULES] = { "xkb_rules", VALUE_XKB, KEYBOARDS },
	[GRIDWL_INPUT_XKB_NUMLOCK] = { "xkb_numlock", VALUE_CHOICE, KEYBOARDS,
			toggle_choices },
	[GRIDWL_INPUT_REPEAT_RATE] = { "repeat_rate", VALUE_INTEGER, KEYBOARDS,
			NULL, 0, GRIDWL_INPUT_REPEAT_RATE_MAX },
	[GRIDWL_INPUT_REPEAT_DELAY] = { "repeat_delay", VALUE_INTEGER, KEYBOARDS,
			NULL, 0, GRIDWL_INPUT_REPEAT_DELAY_MAX },
	[GRIDWL_INPUT_TAP] = { "tap", VALUE_CHOICE, TOUCHPADS, toggle_choices },
	[GRIDWL_INPUT_TAP_BUTTON_MAP] = { "tap_button_map", VALUE_CHOICE, TOUCHPADS,
			(const char *const[]){ "lrm", "lmr", NULL } },
	[GRIDWL_INPUT_DRAG] = { "drag", VALUE_CHOICE, TOUCHPADS, toggle_choices },
	[GRIDWL_INPUT_DRAG_LOCK] = { "drag_lock", VALUE_CHOICE, TOUCHPADS,
			toggle_choices },
	[GRIDWL_INPUT_NATURAL_SCROLL] = { "natural_scroll", VALUE_CHOICE, POINTERS,
			toggle_choices },
	[GRIDWL_INPUT_ACCEL_PROFILE] = { "accel_profile", VALUE_CHOICE, POINTERS,
			(const char *const[]){ "adaptive", "flat", NULL } },
	[GRIDWL_INPUT_POINTER_ACCEL] = { "pointer_accel", VALUE_NUMBER, POINTERS,
			NULL, -1, 1 },
	[GRIDWL_INPUT_LEFT_HANDED] = { "left_handed", VALUE_CHOICE,
			POINTERS | FOR(TABLET_TOOL), toggle_choices },
	[GRIDWL_INPUT_MIDDLE_EMULATION] = { "middle_emulation", VALUE_CHOICE,
			POINTERS, toggle_choices },
	[GRIDWL_INPUT_SCROLL_METHOD] = { "scroll_method", VALUE_CHOICE, POINTERS,
			(const char *const[]){ "none", "two_finger", "edge",
					"on_button_down", NULL } },
	[GRIDWL_INPUT_SCROLL_BUTTON] = { "scroll_button", VALUE_BUTTON, POINTERS },
	[GRIDWL_INPUT_SCROLL_FACTOR] = { "scroll_factor", VALUE_NUMBER, POINTERS,
			NULL, 0, GRIDWL_INPUT_SCROLL_FACTOR_MAX },
	[GRIDWL_INPUT_DWT] = { "dwt", VALUE_CHOICE, TOUCHPADS, toggle_choices },
	[GRIDWL_INPUT_CLICK_METHOD] = { "click_method", VALUE_CHOICE, TOUCHPADS,
			(const char *const[]){ "none", "button_areas", "clickfinger",
					NULL } },
	[GRIDWL_INPUT_EVENTS] = { "events", VALUE_CHOICE, EVERY,
			(const char *const[]){ "enabled", "disabled",
					"disabled_on_external_mouse", NULL } },
	[GRIDWL_INPUT_CALIBRATION_MATRIX] = { "calibration_matrix", VALUE_MATRIX,
			FOR(TOUCH) },
	[GRIDWL_INPUT_MAP_TO_OUTPUT] = { "map_to_output", VALUE_OUTPUT,
			FOR(POINTER) | FOR(TOUCH) | FOR(TABLET_TOOL) },
};

_Static_assert(sizeof(keys) / sizeof(keys[0]) == GRIDWL_INPUT_KEY_COUNT,
		"every input key needs a name");

/* scroll_button's names, as sway takes them (libevdev's), for the buttons
 * a mouse has. */
static const struct {
	const char *name;
	int code;
} button_names[] = {
	{ "BTN_LEFT", 0x110 },
	{ "BTN_RIGHT", 0x111 },
	{ "BTN_MIDDLE", 0x112 },
	{ "BTN_SIDE", 0x113 },
	{ "BTN_EXTRA", 0x114 },
	{ "BTN_FORWARD", 0x115 },
	{ "BTN_BACK", 0x116 },
	{ "BTN_TASK", 0x117 },
};

/* Evdev's key and button codes end at KEY_MAX. */
#define BUTTON_CODE_MAX 0x2ff

const char *gridwl_input_key_name(enum gridwl_input_key key) {
	return key < GRIDWL_INPUT_KEY_COUNT ? keys[key].name : "unknown";
}

bool gridwl_input_key_fits(enum gridwl_input_key key,
		enum gridwl_input_type type) {
	return key < GRIDWL_INPUT_KEY_COUNT && type < GRIDWL_INPUT_TYPE_COUNT &&
			(keys[key].types & (1u << type)) != 0;
}

const char *gridwl_input_config_key(size_t index) {
	return index < GRIDWL_INPUT_KEY_COUNT ? keys[index].name : NULL;
}

const char *gridwl_input_setting_format(enum gridwl_input_key key,
		const struct gridwl_input_setting *setting, char *buf, size_t size) {
	switch (keys[key].kind) {
	case VALUE_XKB:
	case VALUE_OUTPUT:
		snprintf(buf, size, "%s", setting->text);
		break;
	case VALUE_CHOICE:
		snprintf(buf, size, "%s", keys[key].choices[setting->choice]);
		break;
	case VALUE_INTEGER:
		snprintf(buf, size, "%d", setting->choice);
		break;
	case VALUE_BUTTON:
		if (setting->choice == 0) {
			snprintf(buf, size, "disable");
		} else {
			snprintf(buf, size, "%d", setting->choice);
		}
		break;
	case VALUE_NUMBER:
		snprintf(buf, size, "%g", setting->number);
		break;
	case VALUE_MATRIX: {
		const double *m = setting->matrix;
		snprintf(buf, size, "%g %g %g %g %g %g", m[0], m[1], m[2], m[3], m[4],
				m[5]);
		break;
	}
	}
	return buf;
}

struct gridwl_input_config *gridwl_input_config_create(const char *identifier) {
	struct gridwl_input_config *ic = calloc(1, sizeof(*ic));
	if (ic == NULL) {
		return NULL;
	}
	ic->identifier = strdup(identifier);
	if (ic->identifier == NULL) {
		free(ic);
		return NULL;
	}
	wl_list_init(&ic->link);
	return ic;
}

void gridwl_input_config_destroy(struct gridwl_input_config *ic) {
	if (ic == NULL) {
		return;
	}
	for (size_t i = 0; i < GRIDWL_INPUT_KEY_COUNT; i++) {
		free(ic->settings[i].text);
	}
	free(ic->identifier);
	free(ic);
}

void gridwl_input_config_merge(struct gridwl_input_config *dst,
		const struct gridwl_input_config *src) {
	for (size_t i = 0; i < GRIDWL_INPUT_KEY_COUNT; i++) {
		const struct gridwl_input_setting *from = &src->settings[i];
		if (!from->set) {
			continue;
		}
		char *text = NULL;
		// Out of memory keeps what dst had rather than half a setting.
		if (from->text != NULL && (text = strdup(from->text)) == NULL) {
			continue;
		}
		free(dst->settings[i].text);
		dst->settings[i] = *from;
		dst->settings[i].text = text;
	}
}

/* "*", "type:TYPE", or "VENDOR:PRODUCT:NAME" with decimal numbers and a
 * name. *type is set for "type:" identifiers, -1 otherwise. */
static bool check_identifier(const char *identifier, int *type,
		const char *where, char **error) {
	*type = -1;
	if (strcmp(identifier, "*") == 0) {
		return true;
	}
	if (strncmp(identifier, "type:", 5) == 0) {
		for (int t = 0; t < GRIDWL_INPUT_TYPE_COUNT; t++) {
			if (strcmp(identifier + 5, type_names[t]) == 0) {
				*type = t;
				return true;
			}
		}
		return gridwl_config_error(error, where,
				"unknown input type '%s': keyboard, pointer, touchpad, touch, "
				"tablet_tool, tablet_pad or switch",
				identifier + 5);
	}
	const char *p = identifier;
	for (int field = 0; field < 2; field++) {
		const char *start = p;
		while (isdigit((unsigned char)*p)) {
			p++;
		}
		if (p == start || *p != ':') {
			return gridwl_config_error(error, where,
					"input identifier '%s' is not *, type:TYPE or "
					"VENDOR:PRODUCT:NAME (see gridctl inputs)",
					identifier);
		}
		p++;
	}
	if (*p == '\0') {
		return gridwl_config_error(error, where,
				"input identifier '%s' has no name after VENDOR:PRODUCT:",
				identifier);
	}
	return true;
}

/* A decimal number, all of value; strtod's hexadecimal, infinities and
 * NaN are not numbers a person writes in a config. */
static bool parse_number(const char *value, double *number) {
	for (const char *p = value; *p != '\0'; p++) {
		if (!isdigit((unsigned char)*p) && *p != '.' && *p != '-' &&
				*p != '+') {
			return false;
		}
	}
	char *end;
	double v = strtod(value, &end);
	if (end == value || *end != '\0' || !isfinite(v)) {
		return false;
	}
	*number = v;
	return true;
}

static bool parse_button(const char *value, int *code) {
	if (strcmp(value, "disable") == 0) {
		*code = 0;
		return true;
	}
	for (size_t i = 0; i < sizeof(button_names) / sizeof(button_names[0]);
			i++) {
		if (strcmp(value, button_names[i].name) == 0) {
			*code = button_names[i].code;
			return true;
		}
	}
	double number;
	if (!parse_number(value, &number) || number != floor(number) ||
			number < 1 || number > BUTTON_CODE_MAX) {
		return false;
	}
	*code = (int)number;
	return true;
}

/* One key and its values from argv[*i] on; *i is left on the last word
 * used. */
static bool parse_setting(struct gridwl_input_config *ic, int type, int argc,
		char **argv, int *i, const char *where, char **error) {
	const char *name = argv[*i];
	size_t key = 0;
	while (key < GRIDWL_INPUT_KEY_COUNT && strcmp(name, keys[key].name) != 0) {
		key++;
	}
	if (key == GRIDWL_INPUT_KEY_COUNT) {
		return gridwl_config_error(error, where, "unknown input key '%s'",
				name);
	}
	if (type >= 0 && !gridwl_input_key_fits(key, type)) {
		return gridwl_config_error(error, where,
				"%s does not apply to devices of type %s", name,
				type_names[type]);
	}
	int values = keys[key].kind == VALUE_MATRIX ? 6 : 1;
	if (*i + values >= argc) {
		return gridwl_config_error(error, where, "%s needs %s", name,
				values == 6 ? "six numbers" : "a value");
	}
	struct gridwl_input_setting setting = { .set = true };
	const char *value = argv[*i + 1];
	switch (keys[key].kind) {
	case VALUE_XKB:
		// xkbcommon reads these as comma separated lists of names;
		// whether they exist is for the keymap to tell.
		if (strlen(value) > 255) {
			return gridwl_config_error(error, where, "%s is too long", name);
		}
		setting.text = strdup(value);
		break;
	case VALUE_OUTPUT:
		if (strlen(value) >= GRIDWL_OUTPUT_NAME_MAX ||
				strcmp(value, "*") == 0) {
			return gridwl_config_error(error, where,
					"map_to_output needs an output's name, got '%s'", value);
		}
		setting.text = strdup(value);
		break;
	case VALUE_CHOICE: {
		const char *const *choices = keys[key].choices;
		int c = 0;
		while (choices[c] != NULL && strcmp(value, choices[c]) != 0) {
			c++;
		}
		if (choices[c] == NULL) {
			char list[128] = "";
			for (int k = 0; choices[k] != NULL; k++) {
				size_t len = strlen(list);
				snprintf(list + len, sizeof(list) - len, "%s%s",
						k == 0                         ? "" :
								choices[k + 1] == NULL ? " or " :
														 ", ",
						choices[k]);
			}
			return gridwl_config_error(error, where, "%s must be %s, got '%s'",
					name, list, value);
		}
		setting.choice = c;
		break;
	}
	case VALUE_INTEGER: {
		double number;
		if (!parse_number(value, &number) || number != floor(number) ||
				number < keys[key].min || number > keys[key].max) {
			return gridwl_config_error(error, where,
					"%s must be an integer from %g to %g, got '%s'", name,
					keys[key].min, keys[key].max, value);
		}
		setting.choice = (int)number;
		break;
	}
	case VALUE_NUMBER:
		if (!parse_number(value, &setting.number) ||
				setting.number < keys[key].min ||
				setting.number > keys[key].max) {
			return gridwl_config_error(error, where,
					"%s must be a number from %g to %g, got '%s'", name,
					keys[key].min, keys[key].max, value);
		}
		break;
	case VALUE_BUTTON:
		if (!parse_button(value, &setting.choice)) {
			return gridwl_config_error(error, where,
					"scroll_button must be disable, a button name such as "
					"BTN_MIDDLE or an event code, got '%s'",
					value);
		}
		break;
	case VALUE_MATRIX:
		for (int m = 0; m < 6; m++) {
			if (!parse_number(argv[*i + 1 + m], &setting.matrix[m])) {
				return gridwl_config_error(error, where,
						"calibration_matrix needs six numbers, got '%s'",
						argv[*i + 1 + m]);
			}
		}
		break;
	}
	if ((keys[key].kind == VALUE_XKB || keys[key].kind == VALUE_OUTPUT) &&
			setting.text == NULL) {
		return gridwl_config_error(error, where, "out of memory");
	}
	free(ic->settings[key].text);
	ic->settings[key] = setting;
	*i += values;
	return true;
}

struct gridwl_input_config *gridwl_input_config_parse_words(
		const char *identifier, int argc, char **argv, const char *where,
		char **error) {
	int type;
	if (!check_identifier(identifier, &type, where, error)) {
		return NULL;
	}
	if (argc == 0) {
		gridwl_config_error(error, where, "input %s needs a KEY and a VALUE",
				identifier);
		return NULL;
	}
	struct gridwl_input_config *ic = gridwl_input_config_create(identifier);
	if (ic == NULL) {
		gridwl_config_error(error, where, "out of memory");
		return NULL;
	}
	for (int i = 0; i < argc; i++) {
		if (!parse_setting(ic, type, argc, argv, &i, where, error)) {
			gridwl_input_config_destroy(ic);
			return NULL;
		}
	}
	return ic;
}

struct gridwl_input_config *gridwl_input_config_parse(const char *text,
		const char *where, char **error) {
	char *buf = strdup(text);
	// A line has fewer words than half its length plus one.
	size_t max_words = strlen(text) / 2 + 1;
	char **argv = max_words < INT_MAX ? calloc(max_words, sizeof(*argv)) : NULL;
	if (buf == NULL || argv == NULL) {
		free(buf);
		free(argv);
		gridwl_config_error(error, where, "out of memory");
		return NULL;
	}
	int argc = 0;
	for (char *p = buf; *p != '\0';) {
		while (gridwl_config_is_blank(*p)) {
			*p++ = '\0';
		}
		if (*p == '\0') {
			break;
		}
		argv[argc++] = p;
		while (*p != '\0' && !gridwl_config_is_blank(*p)) {
			p++;
		}
	}
	struct gridwl_input_config *ic = NULL;
	if (argc == 0) {
		gridwl_config_error(error, where, "input needs an identifier");
	} else {
		ic = gridwl_input_config_parse_words(argv[0], argc - 1, argv + 1, where,
				error);
	}
	free(argv);
	free(buf);
	return ic;
}

static const enum gridwl_input_key xkb_keys[] = {
	GRIDWL_INPUT_XKB_RULES,
	GRIDWL_INPUT_XKB_MODEL,
	GRIDWL_INPUT_XKB_LAYOUT,
	GRIDWL_INPUT_XKB_VARIANT,
	GRIDWL_INPUT_XKB_OPTIONS,
};

bool gridwl_input_config_check_keymap(const struct gridwl_input_config *ic,
		const char *where, char **error) {
	bool any = false;
	for (size_t i = 0; i < sizeof(xkb_keys) / sizeof(xkb_keys[0]); i++) {
		any = any || ic->settings[xkb_keys[i]].set;
	}
	if (!any) {
		return true;
	}
	const struct gridwl_input_setting *s = ic->settings;
	struct xkb_rule_names names = {
		.rules = s[GRIDWL_INPUT_XKB_RULES].text,
		.model = s[GRIDWL_INPUT_XKB_MODEL].text,
		.layout = s[GRIDWL_INPUT_XKB_LAYOUT].text,
		.variant = s[GRIDWL_INPUT_XKB_VARIANT].text,
		.options = s[GRIDWL_INPUT_XKB_OPTIONS].text,
	};
	struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
	if (context == NULL) {
		return gridwl_config_error(error, where, "cannot use xkbcommon");
	}
	// The error is ours to report, as FILE:LINE, not xkbcommon's lines
	// on stderr.
	xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL);
	struct xkb_keymap *keymap = xkb_keymap_new_from_names(context, &names,
			XKB_KEYMAP_COMPILE_NO_FLAGS);
	xkb_context_unref(context);
	if (keymap != NULL) {
		xkb_keymap_unref(keymap);
		return true;
	}
	return gridwl_config_error(error, where,
			"no keymap for input %s: xkb_layout '%s', xkb_variant '%s', "
			"xkb_options '%s', xkb_model '%s', xkb_rules '%s' do not compile "
			"(see xkeyboard-config(7) for the names)",
			ic->identifier, names.layout ? names.layout : "",
			names.variant ? names.variant : "",
			names.options ? names.options : "", names.model ? names.model : "",
			names.rules ? names.rules : "");
}

struct gridwl_input_config *gridwl_config_find_input(
		const struct gridwl_config *config, const char *identifier) {
	struct gridwl_input_config *ic;
	wl_list_for_each(ic, &config->inputs, link) {
		if (strcmp(ic->identifier, identifier) == 0) {
			return ic;
		}
	}
	return NULL;
}

void gridwl_config_add_input(struct gridwl_config *config,
		struct gridwl_input_config *ic) {
	struct gridwl_input_config *existing =
			gridwl_config_find_input(config, ic->identifier);
	if (existing != NULL) {
		gridwl_input_config_merge(existing, ic);
		gridwl_input_config_destroy(ic);
		return;
	}
	wl_list_insert(config->inputs.prev, &ic->link);
}

bool gridwl_config_add_input_checked(struct gridwl_config *config,
		struct gridwl_input_config *ic, const char *where, char **error) {
	// The keymap the identifier's merged line asks for, which is what a
	// device named by it gets (over "*" and its type's, which are
	// checked on their own lines).
	struct gridwl_input_config *merged =
			gridwl_input_config_create(ic->identifier);
	if (merged == NULL) {
		gridwl_input_config_destroy(ic);
		return gridwl_config_error(error, where, "out of memory");
	}
	const struct gridwl_input_config *existing =
			gridwl_config_find_input(config, ic->identifier);
	if (existing != NULL) {
		gridwl_input_config_merge(merged, existing);
	}
	gridwl_input_config_merge(merged, ic);
	bool ok = gridwl_input_config_check_keymap(merged, where, error);
	gridwl_input_config_destroy(merged);
	if (!ok) {
		gridwl_input_config_destroy(ic);
		return false;
	}
	gridwl_config_add_input(config, ic);
	return true;
}

static void merge_identifier(struct gridwl_input_config *dst,
		const struct gridwl_config *config, const char *identifier) {
	const struct gridwl_input_config *ic =
			gridwl_config_find_input(config, identifier);
	if (ic != NULL) {
		gridwl_input_config_merge(dst, ic);
	}
}

void gridwl_config_input_merge_for(struct gridwl_input_config *dst,
		const struct gridwl_config *config, const char *identifier,
		enum gridwl_input_type type) {
	char type_identifier[32];
	snprintf(type_identifier, sizeof(type_identifier), "type:%s",
			gridwl_input_type_name(type));
	merge_identifier(dst, config, "*");
	merge_identifier(dst, config, type_identifier);
	merge_identifier(dst, config, identifier);
}
