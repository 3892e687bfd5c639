#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <wlr/interfaces/wlr_keyboard.h>
#include <wlr/types/wlr_keyboard.h>
#include <xkbcommon/xkbcommon.h>
#include "compositor/server.h"
#include "compositor/util.h"
#include "input/control_device.h"
#include "input/seat.h"

/*
 * The keyboard gridctl types on: a device like any other, handled by
 * input/keyboard.c as a real one is (its keymap, bindings, the seat's
 * focus), so a key from gridctl is a key. gridwl owns it; it is made on
 * the first gridctl key command, or, when gridwl is headless, when the
 * first client creates a wl_seat (input/control_keyboard_first_use.c).
 */
struct gridwl_control_keyboard {
	struct wlr_keyboard keyboard;
};

static const struct wlr_keyboard_impl keyboard_impl = {
	.name = "gridctl-keyboard",
};

static bool attach_keyboard(struct gridwl_seat *seat, void *made,
		char **error) {
	struct gridwl_control_keyboard *control = made;
	wlr_keyboard_init(&control->keyboard, &keyboard_impl, "gridctl-keyboard");
	gridwl_seat_add_input(seat, &control->keyboard.base, NULL);
	if (control->keyboard.keymap == NULL) {
		// gridwl_keyboard_create logged why.
		gridwl_set_error(error, "no keyboard: its keymap does not compile");
		wlr_keyboard_finish(&control->keyboard);
		return false;
	}
	seat->control_keyboard = control;
	// Made by gridctl before any client asked for a seat.
	gridwl_keyboard_first_use_destroy(seat->keyboard_first_use);
	seat->keyboard_first_use = NULL;
	return true;
}

static struct gridwl_control_keyboard *get_keyboard(struct gridwl_seat *seat,
		char **error) {
	return gridwl_control_device_get(seat, seat->control_keyboard,
			sizeof(*seat->control_keyboard), attach_keyboard, error);
}

bool gridwl_control_keyboard_ensure(struct gridwl_seat *seat) {
	return get_keyboard(seat, NULL) != NULL;
}

void gridwl_control_keyboard_destroy(struct gridwl_seat *seat) {
	gridwl_keyboard_first_use_destroy(seat->keyboard_first_use);
	seat->keyboard_first_use = NULL;
	if (seat->control_keyboard != NULL) {
		// The seat's destroy listener lets go of it.
		wlr_keyboard_finish(&seat->control_keyboard->keyboard);
		free(seat->control_keyboard);
		seat->control_keyboard = NULL;
	}
}

/* The chord's modifiers as the config's bind lines name them, to the
 * keymap's modifier names. */
static const struct {
	const char *name;
	const char *xkb_name;
} modifier_names[] = {
	{ "Shift", XKB_MOD_NAME_SHIFT },
	{ "Ctrl", XKB_MOD_NAME_CTRL },
	{ "Control", XKB_MOD_NAME_CTRL },
	{ "Alt", XKB_MOD_NAME_ALT },
	{ "Mod1", XKB_MOD_NAME_ALT },
	{ "Mod2", XKB_MOD_NAME_NUM },
	{ "Mod3", "Mod3" },
	{ "Mod4", XKB_MOD_NAME_LOGO },
	{ "Super", XKB_MOD_NAME_LOGO },
	{ "Logo", XKB_MOD_NAME_LOGO },
	{ "Mod5", "Mod5" },
};

static bool modifier_mask(struct xkb_keymap *keymap, const char *name,
		xkb_mod_mask_t *mask, char **error) {
	for (size_t i = 0; i < sizeof(modifier_names) / sizeof(modifier_names[0]);
			i++) {
		if (strcasecmp(name, modifier_names[i].name) != 0) {
			continue;
		}
		xkb_mod_index_t index =
				xkb_keymap_mod_get_index(keymap, modifier_names[i].xkb_name);
		if (index == XKB_MOD_INVALID) {
			gridwl_set_error(error, "no modifier %s in the keymap", name);
			return false;
		}
		*mask |= (xkb_mod_mask_t)1 << index;
		return true;
	}
	gridwl_set_error(error, "unknown modifier '%s'", name);
	return false;
}

/* A key of the active layout that gives keysym at some level, with the
 * modifiers that choose that level; false when there is none. As a person
 * typing: with a German layout active, z is the key US keyboards call Y. */
static bool find_key(struct xkb_keymap *keymap, xkb_layout_index_t layout,
		xkb_keysym_t keysym, xkb_keycode_t *keycode, xkb_mod_mask_t *mods) {
	xkb_keycode_t min = xkb_keymap_min_keycode(keymap);
	xkb_keycode_t max = xkb_keymap_max_keycode(keymap);
	// Level by level, so that "a" is the plain key and not Shift+something.
	for (xkb_level_index_t level = 0; level < 4; level++) {
		for (xkb_keycode_t kc = min; kc <= max; kc++) {
			// A key with fewer layouts wraps, as xkbcommon does.
			xkb_layout_index_t layouts =
					xkb_keymap_num_layouts_for_key(keymap, kc);
			xkb_layout_index_t key_layout = layouts > 0 ? layout % layouts : 0;
			if (level >=
					xkb_keymap_num_levels_for_key(keymap, kc, key_layout)) {
				continue;
			}
			const xkb_keysym_t *syms;
			int count = xkb_keymap_key_get_syms_by_level(keymap, kc, key_layout,
					level, &syms);
			if (count != 1 || syms[0] != keysym) {
				continue;
			}
			xkb_mod_mask_t masks[1] = { 0 };
			if (level > 0 &&
					xkb_keymap_key_get_mods_for_level(keymap, kc, key_layout,
							level, masks, 1) < 1) {
				continue;
			}
			*keycode = kc;
			*mods = masks[0];
			return true;
		}
	}
	return false;
}

struct chord {
	xkb_keycode_t keycode;
	xkb_mod_mask_t mods;
};

/* "Ctrl+Shift+t": the modifiers, then one keysym name. */
static bool parse_chord(struct wlr_keyboard *keyboard, const char *text,
		struct chord *chord, char **error) {
	struct xkb_keymap *keymap = keyboard->keymap;
	char *copy = strdup(text);
	if (copy == NULL) {
		gridwl_set_error(error, "out of memory");
		return false;
	}
	chord->mods = 0;
	char *part = copy;
	char *plus;
	bool ok = true;
	// A trailing "+" is the plus key itself ("Ctrl++" is Ctrl and plus).
	while (ok && (plus = strchr(part + 1, '+')) != NULL) {
		*plus = '\0';
		ok = modifier_mask(keymap, part, &chord->mods, error);
		part = plus + 1;
	}
	if (!ok) {
		free(copy);
		return false;
	}
	// Exact match first: a few keysym names differ only in case.
	xkb_keysym_t keysym = xkb_keysym_from_name(part, XKB_KEYSYM_NO_FLAGS);
	if (keysym == XKB_KEY_NoSymbol) {
		keysym = xkb_keysym_from_name(part, XKB_KEYSYM_CASE_INSENSITIVE);
	}
	if (keysym == XKB_KEY_NoSymbol && strcmp(part, "+") == 0) {
		keysym = XKB_KEY_plus;
	}
	if (keysym == XKB_KEY_NoSymbol) {
		gridwl_set_error(error, "unknown keysym '%s'", part);
		free(copy);
		return false;
	}
	xkb_mod_mask_t level_mods;
	xkb_layout_index_t layout = xkb_state_serialize_layout(keyboard->xkb_state,
			XKB_STATE_LAYOUT_EFFECTIVE);
	if (!find_key(keymap, layout, keysym, &chord->keycode, &level_mods)) {
		gridwl_set_error(error, "no key for %s in the keymap", part);
		free(copy);
		return false;
	}
	chord->mods |= level_mods;
	free(copy);
	return true;
}

static void send_key(struct wlr_keyboard *keyboard, xkb_keycode_t keycode,
		enum wl_keyboard_key_state state) {
	struct wlr_keyboard_key_event event = {
		.time_msec = gridwl_now_msec(),
		.keycode = keycode - 8, // xkb to evdev
		.update_state = true,
		.state = state,
	};
	wlr_keyboard_notify_key(keyboard, &event);
}

/* The chord as wtype sends one: the modifiers set, the key pressed and
 * released, the modifiers as they were. */
static void send_chord(struct wlr_keyboard *keyboard,
		const struct chord *chord) {
	struct wlr_keyboard_modifiers before = keyboard->modifiers;
	wlr_keyboard_notify_modifiers(keyboard, before.depressed | chord->mods,
			before.latched, before.locked, before.group);
	send_key(keyboard, chord->keycode, WL_KEYBOARD_KEY_STATE_PRESSED);
	send_key(keyboard, chord->keycode, WL_KEYBOARD_KEY_STATE_RELEASED);
	// The layout the chord may have switched to (xkb-switch-layout) stays.
	wlr_keyboard_notify_modifiers(keyboard, before.depressed, before.latched,
			before.locked, keyboard->modifiers.group);
}

bool gridwl_control_keyboard_keys(struct gridwl_seat *seat,
		const char *const *chords, size_t count, char **error) {
	struct gridwl_control_keyboard *control = get_keyboard(seat, error);
	if (control == NULL) {
		return false;
	}
	struct wlr_keyboard *keyboard = &control->keyboard;
	// All parsed first: a typo sends nothing rather than half the keys.
	struct chord *parsed = calloc(count, sizeof(*parsed));
	if (parsed == NULL) {
		gridwl_set_error(error, "out of memory");
		return false;
	}
	for (size_t i = 0; i < count; i++) {
		if (!parse_chord(keyboard, chords[i], &parsed[i], error)) {
			free(parsed);
			return false;
		}
	}
	for (size_t i = 0; i < count; i++) {
		send_chord(keyboard, &parsed[i]);
	}
	free(parsed);
	return true;
}

/* The next code point of UTF-8 text at *s, advancing *s; false at an
 * invalid sequence. */
static bool next_code_point(const char **s, uint32_t *code_point) {
	const unsigned char *p = (const unsigned char *)*s;
	int length;
	uint32_t value;
	if (p[0] < 0x80) {
		length = 1;
		value = p[0];
	} else if ((p[0] & 0xe0) == 0xc0) {
		length = 2;
		value = p[0] & 0x1f;
	} else if ((p[0] & 0xf0) == 0xe0) {
		length = 3;
		value = p[0] & 0x0f;
	} else if ((p[0] & 0xf8) == 0xf0) {
		length = 4;
		value = p[0] & 0x07;
	} else {
		return false;
	}
	for (int i = 1; i < length; i++) {
		if ((p[i] & 0xc0) != 0x80) {
			return false;
		}
		value = (value << 6) | (p[i] & 0x3f);
	}
	// Overlong forms, surrogates and beyond Unicode are not text.
	static const uint32_t least[] = { 0, 0, 0x80, 0x800, 0x10000 };
	if (value < least[length] || value > 0x10ffff ||
			(value >= 0xd800 && value <= 0xdfff)) {
		return false;
	}
	*s += length;
	*code_point = value;
	return true;
}

static xkb_keysym_t text_keysym(uint32_t code_point) {
	// Text's line breaks and tabs are the keys that make them.
	if (code_point == '\n') {
		return XKB_KEY_Return;
	} else if (code_point == '\t') {
		return XKB_KEY_Tab;
	}
	return xkb_utf32_to_keysym(code_point);
}

/* The keymap types keys from evdev code 1 (xkb 9) on, one a keysym. */
#define TYPE_FIRST_KEYCODE 9
#define TYPE_MAX_KEYSYMS (255 - TYPE_FIRST_KEYCODE + 1)

/*
 * As wtype does: a keymap made for the text, whose keys give exactly its
 * characters at the first level, so any text can be typed whatever the
 * keyboard's own layout, with no modifiers involved.
 */
static struct xkb_keymap *type_keymap(const xkb_keysym_t *keysyms, size_t count,
		char **error) {
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);
	if (out == NULL) {
		gridwl_set_error(error, "out of memory");
		return NULL;
	}
	fprintf(out,
			"xkb_keymap {\nxkb_keycodes \"gridctl\" {\n"
			"minimum = 8;\nmaximum = 255;\n");
	for (size_t i = 0; i < count; i++) {
		fprintf(out, "<K%zu> = %zu;\n", i, i + TYPE_FIRST_KEYCODE);
	}
	fprintf(out,
			"};\nxkb_types \"gridctl\" { include \"complete\" };\n"
			"xkb_compatibility \"gridctl\" { include \"complete\" };\n"
			"xkb_symbols \"gridctl\" {\n");
	for (size_t i = 0; i < count; i++) {
		char name[64];
		xkb_keysym_get_name(keysyms[i], name, sizeof(name));
		fprintf(out, "key <K%zu> { [ %s ] };\n", i, name);
	}
	fprintf(out, "};\n};\n");
	if (fclose(out) != 0) {
		free(text);
		gridwl_set_error(error, "out of memory");
		return NULL;
	}
	struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
	struct xkb_keymap *keymap = context == NULL ?
			NULL :
			xkb_keymap_new_from_string(context, text, XKB_KEYMAP_FORMAT_TEXT_V1,
					XKB_KEYMAP_COMPILE_NO_FLAGS);
	xkb_context_unref(context);
	free(text);
	if (keymap == NULL) {
		gridwl_set_error(error, "cannot compile a keymap for the text");
	}
	return keymap;
}

bool gridwl_control_keyboard_type(struct gridwl_seat *seat, const char *text,
		char **error) {
	// The text's characters as key indexes, and the keysyms of the keys.
	size_t length = strlen(text);
	uint8_t *keys = malloc(length > 0 ? length : 1);
	xkb_keysym_t keysyms[TYPE_MAX_KEYSYMS];
	size_t keysym_count = 0, key_count = 0;
	if (keys == NULL) {
		gridwl_set_error(error, "out of memory");
		return false;
	}
	const char *s = text;
	while (*s != '\0') {
		uint32_t code_point;
		if (!next_code_point(&s, &code_point)) {
			gridwl_set_error(error, "the text is not UTF-8");
			free(keys);
			return false;
		}
		xkb_keysym_t keysym = text_keysym(code_point);
		if (keysym == XKB_KEY_NoSymbol) {
			gridwl_set_error(error, "no keysym for U+%04X", code_point);
			free(keys);
			return false;
		}
		size_t i = 0;
		while (i < keysym_count && keysyms[i] != keysym) {
			i++;
		}
		if (i == keysym_count) {
			if (keysym_count == TYPE_MAX_KEYSYMS) {
				gridwl_set_error(error,
						"more than %d different characters in the text",
						TYPE_MAX_KEYSYMS);
				free(keys);
				return false;
			}
			keysyms[keysym_count++] = keysym;
		}
		keys[key_count++] = (uint8_t)i;
	}
	if (key_count == 0) {
		free(keys);
		return true;
	}
	struct gridwl_control_keyboard *control = get_keyboard(seat, error);
	struct xkb_keymap *keymap =
			control != NULL ? type_keymap(keysyms, keysym_count, error) : NULL;
	if (keymap == NULL) {
		free(keys);
		return false;
	}
	struct wlr_keyboard *keyboard = &control->keyboard;
	// Typed with the text's keymap, which the focused client is sent
	// first; then the keyboard's own again, sent to it as well.
	struct xkb_keymap *own = xkb_keymap_ref(keyboard->keymap);
	wlr_keyboard_set_keymap(keyboard, keymap);
	xkb_keymap_unref(keymap);
	for (size_t i = 0; i < key_count; i++) {
		xkb_keycode_t keycode = keys[i] + TYPE_FIRST_KEYCODE;
		send_key(keyboard, keycode, WL_KEYBOARD_KEY_STATE_PRESSED);
		send_key(keyboard, keycode, WL_KEYBOARD_KEY_STATE_RELEASED);
	}
	wlr_keyboard_set_keymap(keyboard, own);
	xkb_keymap_unref(own);
	free(keys);
	return true;
}
