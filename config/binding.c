#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <wlr/types/wlr_keyboard.h>
#include "config/blank.h"
#include "config/config.h"

static const struct {
	const char *name;
	uint32_t mask;
} modifier_names[] = {
	{ "Shift", WLR_MODIFIER_SHIFT },
	{ "Ctrl", WLR_MODIFIER_CTRL },
	{ "Control", WLR_MODIFIER_CTRL },
	{ "Alt", WLR_MODIFIER_ALT },
	{ "Mod1", WLR_MODIFIER_ALT },
	{ "Mod2", WLR_MODIFIER_MOD2 },
	{ "Mod3", WLR_MODIFIER_MOD3 },
	{ "Mod4", WLR_MODIFIER_LOGO },
	{ "Super", WLR_MODIFIER_LOGO },
	{ "Logo", WLR_MODIFIER_LOGO },
	{ "Mod5", WLR_MODIFIER_MOD5 },
};

static const char *skip_word(const char *s) {
	while (*s != '\0' && !gridwl_config_is_blank(*s)) {
		s++;
	}
	return s;
}

static bool lookup_modifier(const char *name, uint32_t *mask) {
	for (size_t i = 0; i < sizeof(modifier_names) / sizeof(modifier_names[0]);
			i++) {
		if (strcasecmp(name, modifier_names[i].name) == 0) {
			*mask = modifier_names[i].mask;
			return true;
		}
	}
	return false;
}

/* combo is "MOD+MOD+KEY", modified in place. */
static bool parse_combo(struct gridwl_binding *binding, char *combo,
		const char *where, char **error) {
	char *part = combo;
	char *plus;
	while ((plus = strchr(part, '+')) != NULL) {
		*plus = '\0';
		if (*part == '\0') {
			return gridwl_config_error(error, where,
					"bind keys have an empty modifier before a '+'");
		}
		uint32_t mask;
		if (!lookup_modifier(part, &mask)) {
			return gridwl_config_error(error, where, "unknown modifier '%s'",
					part);
		}
		binding->modifiers |= mask;
		part = plus + 1;
	}
	if (*part == '\0') {
		return gridwl_config_error(error, where,
				"bind needs a key after the modifiers");
	}

	// Exact match first: a few keysym names differ only in case.
	xkb_keysym_t keysym = xkb_keysym_from_name(part, XKB_KEYSYM_NO_FLAGS);
	if (keysym == XKB_KEY_NoSymbol) {
		keysym = xkb_keysym_from_name(part, XKB_KEYSYM_CASE_INSENSITIVE);
	}
	if (keysym == XKB_KEY_NoSymbol) {
		return gridwl_config_error(error, where, "unknown key '%s'", part);
	}
	binding->keysym = xkb_keysym_to_lower(keysym);
	return true;
}

enum action_argument {
	ARGUMENT_NONE, // nothing may follow the name
	ARGUMENT_COMMAND, // the rest of the line is a shell command
	ARGUMENT_WORD, // one word, of choices when they are given
	ARGUMENT_LAYOUT, // next, prev, or a layout's index from 0
	ARGUMENT_OUTPUT, // NAME KEY VALUE..., as an output line after its name
	// A workspace's number or name (resolved when it runs), next, prev or
	// back-and-forth.
	ARGUMENT_WORKSPACE,
};

/* xkbcommon keymaps have at most this many layouts (XKB_MAX_GROUPS). */
#define MAX_LAYOUTS 4

/* The actions a binding can run; input/bindings.c has a runner for each. */
static const struct {
	const char *name;
	enum gridwl_binding_action action;
	enum action_argument argument;
	const char *choices[4]; // for ARGUMENT_WORD; none: any word
} actions[] = {
	{ "exec", GRIDWL_ACTION_EXEC, ARGUMENT_COMMAND, { NULL } },
	{ "close", GRIDWL_ACTION_CLOSE, ARGUMENT_NONE, { NULL } },
	{ "exit", GRIDWL_ACTION_EXIT, ARGUMENT_NONE, { NULL } },
	{ "reload", GRIDWL_ACTION_RELOAD, ARGUMENT_NONE, { NULL } },
	{ "focus", GRIDWL_ACTION_FOCUS, ARGUMENT_WORD, { "next", "prev", NULL } },
	{ "fullscreen", GRIDWL_ACTION_FULLSCREEN, ARGUMENT_NONE, { NULL } },
	{ "maximize", GRIDWL_ACTION_MAXIMIZE, ARGUMENT_NONE, { NULL } },
	// left, right, up, down or an output's name
	{ "move-to-output", GRIDWL_ACTION_MOVE_TO_OUTPUT, ARGUMENT_WORD, { NULL } },
	{ "center", GRIDWL_ACTION_CENTER, ARGUMENT_NONE, { NULL } },
	{ "xkb-switch-layout", GRIDWL_ACTION_XKB_SWITCH_LAYOUT, ARGUMENT_LAYOUT,
			{ NULL } },
	{ "output", GRIDWL_ACTION_OUTPUT, ARGUMENT_OUTPUT, { NULL } },
	{ "workspace", GRIDWL_ACTION_WORKSPACE, ARGUMENT_WORKSPACE, { NULL } },
	{ "move-to-workspace", GRIDWL_ACTION_MOVE_TO_WORKSPACE, ARGUMENT_WORKSPACE,
			{ NULL } },
	{ "sticky", GRIDWL_ACTION_STICKY, ARGUMENT_NONE, { NULL } },
	{ "minimize", GRIDWL_ACTION_MINIMIZE, ARGUMENT_NONE, { NULL } },
	// halves of the output's usable area, maximized, and back
	{ "snap", GRIDWL_ACTION_SNAP, ARGUMENT_WORD,
			{ "left", "right", "up", "down" } },
	{ "always-on-top", GRIDWL_ACTION_ALWAYS_ON_TOP, ARGUMENT_NONE, { NULL } },
	// the arrow keys move or resize the window until Return or Escape
	{ "move-mode", GRIDWL_ACTION_MOVE_MODE, ARGUMENT_NONE, { NULL } },
	{ "resize-mode", GRIDWL_ACTION_RESIZE_MODE, ARGUMENT_NONE, { NULL } },
	// the on-screen window list (compositor/shell/switcher.h)
	{ "switcher", GRIDWL_ACTION_SWITCHER, ARGUMENT_WORD, { "next", "prev" } },
};

_Static_assert(sizeof(actions) / sizeof(actions[0]) == GRIDWL_ACTION_COUNT,
		"every binding action needs a name");

const char *gridwl_binding_action_name(size_t index) {
	return index < sizeof(actions) / sizeof(actions[0]) ? actions[index].name :
														  NULL;
}

/* "output NAME KEY VALUE...": checked now as an output line, kept as text
 * and applied as gridctl output applies it. */
static bool parse_output_words(struct gridwl_binding *binding, const char *rest,
		const char *where, char **error) {
	const char *keys = gridwl_config_skip_blanks(skip_word(rest));
	if (*rest == '\0' || *keys == '\0') {
		return gridwl_config_error(error, where,
				"output takes an output's name (or internal) and what to "
				"set, as in 'output internal disable'");
	}
	struct gridwl_output_config *oc =
			gridwl_output_config_parse(rest, where, error);
	if (oc == NULL) {
		return false;
	}
	gridwl_output_config_destroy(oc);
	size_t len = strlen(rest);
	while (len > 0 && gridwl_config_is_blank(rest[len - 1])) {
		len--;
	}
	binding->argument = strndup(rest, len);
	if (binding->argument == NULL) {
		return gridwl_config_error(error, where, "out of memory");
	}
	return true;
}

/* The one word of an action that takes one. */
static bool parse_word(struct gridwl_binding *binding, size_t i,
		const char *rest, const char *where, char **error) {
	const char *name = actions[i].name;
	const char *end = skip_word(rest);
	if (end == rest || *gridwl_config_skip_blanks(end) != '\0') {
		return gridwl_config_error(error, where, "%s takes one word, got '%s'",
				name, rest);
	}
	size_t len = (size_t)(end - rest);
	bool any = actions[i].choices[0] == NULL;
	size_t max_choices = sizeof(actions[i].choices) / sizeof(char *);
	for (size_t c = 0; !any && c < max_choices && actions[i].choices[c] != NULL;
			c++) {
		any = strlen(actions[i].choices[c]) == len &&
				strncmp(rest, actions[i].choices[c], len) == 0;
	}
	if (!any && actions[i].choices[2] != NULL) {
		return gridwl_config_error(error, where,
				"%s takes %s, %s, %s or %s, got '%.*s'", name,
				actions[i].choices[0], actions[i].choices[1],
				actions[i].choices[2], actions[i].choices[3], (int)len, rest);
	}
	if (!any) {
		return gridwl_config_error(error, where,
				"%s takes %s or %s, got '%.*s'", name, actions[i].choices[0],
				actions[i].choices[1], (int)len, rest);
	}
	binding->argument = strndup(rest, len);
	if (binding->argument == NULL) {
		return gridwl_config_error(error, where, "out of memory");
	}
	return true;
}

bool gridwl_binding_parse_action(struct gridwl_binding *binding,
		const char *text, const char *where, char **error) {
	const char *end = skip_word(text);
	size_t len = (size_t)(end - text);
	const char *rest = gridwl_config_skip_blanks(end);

	if (len == 0) {
		return gridwl_config_error(error, where, "bind needs an action");
	}
	for (size_t i = 0; i < sizeof(actions) / sizeof(actions[0]); i++) {
		const char *name = actions[i].name;
		if (strlen(name) != len || strncmp(text, name, len) != 0) {
			continue;
		}
		if (actions[i].argument == ARGUMENT_COMMAND) {
			binding->command =
					gridwl_config_parse_command(name, rest, where, error);
			if (binding->command == NULL) {
				return false;
			}
		} else if (actions[i].argument == ARGUMENT_WORD) {
			if (!parse_word(binding, i, rest, where, error)) {
				return false;
			}
		} else if (actions[i].argument == ARGUMENT_LAYOUT) {
			if (!parse_word(binding, i, rest, where, error)) {
				return false;
			}
			const char *word = binding->argument;
			bool index = word[0] >= '0' && word[0] < '0' + MAX_LAYOUTS &&
					word[1] == '\0';
			if (!index && strcmp(word, "next") != 0 &&
					strcmp(word, "prev") != 0) {
				return gridwl_config_error(error, where,
						"%s takes next, prev or a layout's index from 0 to "
						"%d, got '%s'",
						name, MAX_LAYOUTS - 1, word);
			}
		} else if (actions[i].argument == ARGUMENT_OUTPUT) {
			if (!parse_output_words(binding, rest, where, error)) {
				return false;
			}
		} else if (actions[i].argument == ARGUMENT_WORKSPACE) {
			if (!parse_word(binding, i, rest, where, error)) {
				return false;
			}
			// A number out of range is a mistake, not a name.
			const char *word = binding->argument;
			if (strspn(word, "0123456789") == strlen(word) &&
					gridwl_workspace_number(word) == 0) {
				return gridwl_config_error(error, where,
						"%s takes a number from 1 to %d, next, prev, "
						"back-and-forth or a workspace's name, got '%s'",
						name, GRIDWL_WORKSPACE_COUNT, word);
			}
		} else if (*rest != '\0') {
			return gridwl_config_error(error, where,
					"%s takes no arguments, got '%s'", name, rest);
		}
		binding->action = actions[i].action;
		return true;
	}
	return gridwl_config_error(error, where, "unknown action '%.*s'", (int)len,
			text);
}

#define INHIBIT_ESCAPE "inhibit-escape"

static bool is_word(const char *text, const char *word) {
	size_t len = strlen(word);
	return strncmp(text, word, len) == 0 &&
			(text[len] == '\0' || gridwl_config_is_blank(text[len]));
}

/* The flags between the keys and the action; returns where the action
 * starts, or NULL. */
static const char *parse_flags(struct gridwl_binding *binding, const char *text,
		const char *where, char **error) {
	while (is_word(text, INHIBIT_ESCAPE)) {
		if (binding->inhibit_escape) {
			gridwl_config_error(error, where, INHIBIT_ESCAPE " is given twice");
			return NULL;
		}
		binding->inhibit_escape = true;
		binding->escape_where = strdup(where != NULL ? where : "");
		if (binding->escape_where == NULL) {
			gridwl_config_error(error, where, "out of memory");
			return NULL;
		}
		text = gridwl_config_skip_blanks(skip_word(text));
	}
	return text;
}

#define LOCKED_FLAG "--locked"

/* What may run under a session lock: nothing that acts on windows, which
 * the lock hides and keeps from the keyboard. */
static const enum gridwl_binding_action locked_actions[] = {
	GRIDWL_ACTION_EXEC,
	GRIDWL_ACTION_EXIT,
	GRIDWL_ACTION_RELOAD,
	GRIDWL_ACTION_XKB_SWITCH_LAYOUT,
	GRIDWL_ACTION_OUTPUT,
};

static const char *action_name(enum gridwl_binding_action action) {
	size_t i = 0;
	while (i + 1 < sizeof(actions) / sizeof(actions[0]) &&
			actions[i].action != action) {
		i++;
	}
	return actions[i].name;
}

static bool check_locked(const struct gridwl_binding *binding,
		const char *keyword, const char *where, char **error) {
	if (!binding->locked) {
		return true;
	}
	for (size_t i = 0; i < sizeof(locked_actions) / sizeof(locked_actions[0]);
			i++) {
		if (binding->action == locked_actions[i]) {
			return true;
		}
	}
	return gridwl_config_error(error, where,
			"%s " LOCKED_FLAG " %s makes no sense: a locked session hides the "
			"windows and takes no commands for them (" LOCKED_FLAG
			" suits exec, output, xkb-switch-layout, reload and exit)",
			keyword, action_name(binding->action));
}

/* The flags before the keys or the switch ("--locked"); returns where
 * those start, or NULL. */
static const char *parse_leading_flags(struct gridwl_binding *binding,
		const char *text, const char *keyword, const char *where,
		char **error) {
	text = gridwl_config_skip_blanks(text);
	while (text[0] == '-' && text[1] == '-') {
		const char *end = skip_word(text);
		if (!is_word(text, LOCKED_FLAG)) {
			gridwl_config_error(error, where,
					"unknown flag '%.*s': %s knows " LOCKED_FLAG,
					(int)(end - text), text, keyword);
			return NULL;
		}
		if (binding->locked) {
			gridwl_config_error(error, where, LOCKED_FLAG " is given twice");
			return NULL;
		}
		binding->locked = true;
		text = gridwl_config_skip_blanks(end);
	}
	return text;
}

struct gridwl_binding *gridwl_binding_parse(const char *text, const char *where,
		char **error) {
	struct gridwl_binding flags = { 0 };
	const char *start = parse_leading_flags(&flags, text, "bind", where, error);
	if (start == NULL) {
		return NULL;
	}
	const char *end = skip_word(start);
	if (end == start) {
		gridwl_config_error(error, where, "bind needs keys and an action");
		return NULL;
	}
	if (is_word(start, INHIBIT_ESCAPE)) {
		gridwl_config_error(error, where,
				INHIBIT_ESCAPE " goes after the keys: bind KEYS " INHIBIT_ESCAPE
							   " ACTION");
		return NULL;
	}

	struct gridwl_binding *binding = calloc(1, sizeof(*binding));
	char *combo = strndup(start, (size_t)(end - start));
	if (binding == NULL || combo == NULL) {
		gridwl_config_error(error, where, "out of memory");
		goto error;
	}
	wl_list_init(&binding->link);
	binding->locked = flags.locked;
	const char *action = NULL;
	if (!parse_combo(binding, combo, where, error) ||
			(action = parse_flags(binding, gridwl_config_skip_blanks(end),
					 where, error)) == NULL ||
			!gridwl_binding_parse_action(binding, action, where, error) ||
			!check_locked(binding, "bind", where, error)) {
		goto error;
	}
	free(combo);
	return binding;

error:
	free(combo);
	gridwl_binding_destroy(binding);
	return NULL;
}

static const struct {
	const char *name;
	enum gridwl_switch_type type;
	bool on;
} switch_states[] = {
	{ "lid:on", GRIDWL_SWITCH_LID, true },
	{ "lid:off", GRIDWL_SWITCH_LID, false },
	{ "tablet:on", GRIDWL_SWITCH_TABLET, true },
	{ "tablet:off", GRIDWL_SWITCH_TABLET, false },
};

struct gridwl_binding *gridwl_switch_binding_parse(const char *text,
		const char *where, char **error) {
	struct gridwl_binding *binding = calloc(1, sizeof(*binding));
	if (binding == NULL) {
		gridwl_config_error(error, where, "out of memory");
		return NULL;
	}
	wl_list_init(&binding->link);
	const char *start =
			parse_leading_flags(binding, text, "bindswitch", where, error);
	if (start == NULL) {
		goto error;
	}
	const char *end = skip_word(start);
	for (size_t i = 0; i < sizeof(switch_states) / sizeof(switch_states[0]);
			i++) {
		if (strlen(switch_states[i].name) == (size_t)(end - start) &&
				strncmp(start, switch_states[i].name, (size_t)(end - start)) ==
						0) {
			binding->switch_type = switch_states[i].type;
			binding->switch_on = switch_states[i].on;
		}
	}
	if (end == start) {
		gridwl_config_error(error, where,
				"bindswitch needs a switch and an action");
		goto error;
	}
	if (binding->switch_type == GRIDWL_SWITCH_NONE) {
		gridwl_config_error(error, where,
				"unknown switch or state '%.*s': bindswitch takes lid:on, "
				"lid:off, tablet:on or tablet:off",
				(int)(end - start), start);
		goto error;
	}
	if (!gridwl_binding_parse_action(binding, gridwl_config_skip_blanks(end),
				where, error) ||
			!check_locked(binding, "bindswitch", where, error)) {
		goto error;
	}
	return binding;

error:
	gridwl_binding_destroy(binding);
	return NULL;
}

struct gridwl_binding *gridwl_config_find_switch_binding(
		const struct gridwl_config *config, enum gridwl_switch_type type,
		bool on) {
	struct gridwl_binding *binding;
	wl_list_for_each(binding, &config->switch_bindings, link) {
		if (binding->switch_type == type && binding->switch_on == on) {
			return binding;
		}
	}
	return NULL;
}

void gridwl_binding_destroy(struct gridwl_binding *binding) {
	if (binding == NULL) {
		return;
	}
	free(binding->command);
	free(binding->argument);
	free(binding->escape_where);
	free(binding);
}

struct gridwl_binding *gridwl_config_find_binding(
		const struct gridwl_config *config, uint32_t modifiers,
		xkb_keysym_t keysym) {
	struct gridwl_binding *binding;
	wl_list_for_each(binding, &config->bindings, link) {
		if (binding->modifiers == modifiers && binding->keysym == keysym) {
			return binding;
		}
	}
	return NULL;
}

const struct gridwl_binding *gridwl_config_other_escape_binding(
		const struct gridwl_config *config,
		const struct gridwl_binding *binding) {
	struct gridwl_binding *other;
	wl_list_for_each(other, &config->bindings, link) {
		if (other->inhibit_escape &&
				(other->modifiers != binding->modifiers ||
						other->keysym != binding->keysym)) {
			return other;
		}
	}
	return NULL;
}

/* binding takes old's place, so that file order stays meaningful, or goes
 * last in list when there is no old one. */
static void replace_binding(struct wl_list *list, struct gridwl_binding *old,
		struct gridwl_binding *binding) {
	wl_list_insert(old != NULL ? &old->link : list->prev, &binding->link);
	if (old != NULL) {
		wl_list_remove(&old->link);
		gridwl_binding_destroy(old);
	}
}

void gridwl_config_add_binding(struct gridwl_config *config,
		struct gridwl_binding *binding) {
	replace_binding(&config->bindings,
			gridwl_config_find_binding(config, binding->modifiers,
					binding->keysym),
			binding);
}

void gridwl_config_add_switch_binding(struct gridwl_config *config,
		struct gridwl_binding *binding) {
	replace_binding(&config->switch_bindings,
			gridwl_config_find_switch_binding(config, binding->switch_type,
					binding->switch_on),
			binding);
}
