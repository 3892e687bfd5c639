#ifndef GRIDWL_CONFIG_INPUT_CONFIG_H
#define GRIDWL_CONFIG_INPUT_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <wayland-util.h>

struct gridwl_config;

/*
 * "input IDENTIFIER KEY VALUE...", with sway's keys and values. IDENTIFIER
 * is "*", "type:TYPE" or sway's "VENDOR:PRODUCT:NAME" (the device's name
 * with blanks as '_'). Lines for one identifier merge, later keys winning;
 * a device gets "*", then its type's line, then its own, merged.
 */

/* The device types of "type:" identifiers. */
enum gridwl_input_type {
	GRIDWL_INPUT_TYPE_KEYBOARD,
	GRIDWL_INPUT_TYPE_POINTER,
	GRIDWL_INPUT_TYPE_TOUCHPAD,
	GRIDWL_INPUT_TYPE_TOUCH,
	GRIDWL_INPUT_TYPE_TABLET_TOOL,
	GRIDWL_INPUT_TYPE_TABLET_PAD,
	GRIDWL_INPUT_TYPE_SWITCH,
	GRIDWL_INPUT_TYPE_COUNT,
};

const char *gridwl_input_type_name(enum gridwl_input_type type);

/* The keys, in the order the manual and gridctl inputs list them. */
enum gridwl_input_key {
	GRIDWL_INPUT_XKB_LAYOUT,
	GRIDWL_INPUT_XKB_VARIANT,
	GRIDWL_INPUT_XKB_OPTIONS,
	GRIDWL_INPUT_XKB_MODEL,
	GRIDWL_INPUT_XKB_RULES,
	GRIDWL_INPUT_XKB_NUMLOCK,
	GRIDWL_INPUT_REPEAT_RATE,
	GRIDWL_INPUT_REPEAT_DELAY,
	GRIDWL_INPUT_TAP,
	GRIDWL_INPUT_TAP_BUTTON_MAP,
	GRIDWL_INPUT_DRAG,
	GRIDWL_INPUT_DRAG_LOCK,
	GRIDWL_INPUT_NATURAL_SCROLL,
	GRIDWL_INPUT_ACCEL_PROFILE,
	GRIDWL_INPUT_POINTER_ACCEL,
	GRIDWL_INPUT_LEFT_HANDED,
	GRIDWL_INPUT_MIDDLE_EMULATION,
	GRIDWL_INPUT_SCROLL_METHOD,
	GRIDWL_INPUT_SCROLL_BUTTON,
	GRIDWL_INPUT_SCROLL_FACTOR,
	GRIDWL_INPUT_DWT,
	GRIDWL_INPUT_CLICK_METHOD,
	GRIDWL_INPUT_EVENTS,
	GRIDWL_INPUT_CALIBRATION_MATRIX,
	GRIDWL_INPUT_MAP_TO_OUTPUT,
	GRIDWL_INPUT_KEY_COUNT,
};

/* Choices of the keys that take a word; the values are libinput's order
 * where libinput has one, the index in the word list otherwise. */
enum gridwl_input_toggle {
	GRIDWL_INPUT_DISABLED,
	GRIDWL_INPUT_ENABLED,
};
enum gridwl_input_tap_button_map {
	GRIDWL_INPUT_TAP_MAP_LRM,
	GRIDWL_INPUT_TAP_MAP_LMR,
};
enum gridwl_input_accel_profile {
	GRIDWL_INPUT_ACCEL_ADAPTIVE,
	GRIDWL_INPUT_ACCEL_FLAT,
};
enum gridwl_input_scroll_method {
	GRIDWL_INPUT_SCROLL_NONE,
	GRIDWL_INPUT_SCROLL_TWO_FINGER,
	GRIDWL_INPUT_SCROLL_EDGE,
	GRIDWL_INPUT_SCROLL_ON_BUTTON_DOWN,
};
enum gridwl_input_click_method {
	GRIDWL_INPUT_CLICK_NONE,
	GRIDWL_INPUT_CLICK_BUTTON_AREAS,
	GRIDWL_INPUT_CLICK_CLICKFINGER,
};
enum gridwl_input_events {
	GRIDWL_INPUT_EVENTS_ENABLED,
	GRIDWL_INPUT_EVENTS_DISABLED,
	GRIDWL_INPUT_EVENTS_DISABLED_ON_EXTERNAL_MOUSE,
};

struct gridwl_input_setting {
	bool set;
	int choice; // a word's enum, an integer (rate, delay, button code)
	double number; // pointer_accel, scroll_factor
	double matrix[6]; // calibration_matrix
	char *text; // the xkb_* strings, map_to_output
};

struct gridwl_input_config {
	struct wl_list link; // gridwl_config.inputs
	char *identifier;
	struct gridwl_input_setting settings[GRIDWL_INPUT_KEY_COUNT];
};

#define GRIDWL_INPUT_REPEAT_RATE_MAX 1000
#define GRIDWL_INPUT_REPEAT_DELAY_MAX 10000
#define GRIDWL_INPUT_SCROLL_FACTOR_MAX 100

/* The key's name ("xkb_layout", ...) and whether a device of type takes
 * it. */
const char *gridwl_input_key_name(enum gridwl_input_key key);
bool gridwl_input_key_fits(enum gridwl_input_key key,
		enum gridwl_input_type type);
/* The value of a set setting as the config language writes it, into buf;
 * returns buf. */
const char *gridwl_input_setting_format(enum gridwl_input_key key,
		const struct gridwl_input_setting *setting, char *buf, size_t size);

/* The keys for the manual's test, NULL past the last. */
const char *gridwl_input_config_key(size_t index);

struct gridwl_input_config *gridwl_input_config_create(const char *identifier);
/* Does not unlink it: remove it from a list first. */
void gridwl_input_config_destroy(struct gridwl_input_config *ic);
/* Settings set in src override those in dst. */
void gridwl_input_config_merge(struct gridwl_input_config *dst,
		const struct gridwl_input_config *src);

/* "IDENTIFIER KEY VALUE...", the words after "input"; NULL and *error
 * ("WHERE: ...") on failure: an identifier of no known form, an unknown
 * key, a value out of range, a key a "type:" identifier's devices do not
 * take. */
struct gridwl_input_config *gridwl_input_config_parse(const char *text,
		const char *where, char **error);
/* The same for argument words (gridctl input IDENTIFIER KEY VALUE...). */
struct gridwl_input_config *gridwl_input_config_parse_words(
		const char *identifier, int argc, char **argv, const char *where,
		char **error);
/* Whether the xkb_* settings of ic (unset ones from XKB_DEFAULT_*, as
 * xkbcommon takes them) give a keymap that compiles; false and *error
 * naming them otherwise. True when ic sets none. */
bool gridwl_input_config_check_keymap(const struct gridwl_input_config *ic,
		const char *where, char **error);

/* The line for exactly this identifier, or NULL. */
struct gridwl_input_config *gridwl_config_find_input(
		const struct gridwl_config *config, const char *identifier);
/* Adds ic (taking ownership), merging it into the line of the same
 * identifier when there is one. */
void gridwl_config_add_input(struct gridwl_config *config,
		struct gridwl_input_config *ic);
/* Merges into dst what config says for a device with that identifier and
 * type: "*", then "type:TYPE", then the identifier's own line. */
void gridwl_config_input_merge_for(struct gridwl_input_config *dst,
		const struct gridwl_config *config, const char *identifier,
		enum gridwl_input_type type);
/* Adds ic, as gridwl_config_add_input does, when the keymap that the merged
 * line has then compiles; otherwise false with *error, config unchanged
 * (ic is freed either way). */
bool gridwl_config_add_input_checked(struct gridwl_config *config,
		struct gridwl_input_config *ic, const char *where, char **error);

#endif
