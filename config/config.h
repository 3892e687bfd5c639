#ifndef GRIDWL_CONFIG_CONFIG_H
#define GRIDWL_CONFIG_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <regex.h>
#include <stdint.h>
#include <wayland-server-protocol.h>
#include <wayland-util.h>
#include <xkbcommon/xkbcommon.h>

/*
 * The configuration as parsed, free of any compositor state, so it can be
 * parsed, tested and fuzzed on its own. Every parse error is reported as
 * "WHERE: message" where WHERE is "FILE:LINE" for a file or the argument
 * text for a command-line option.
 */

/* xcursor themes go up to 256 pixels (at scale 1). */
#define GRIDWL_CURSOR_SIZE_MAX 256

#define GRIDWL_SCALE_MIN 1
#define GRIDWL_SCALE_MAX 4

enum gridwl_filter {
	GRIDWL_FILTER_NEAREST,
	GRIDWL_FILTER_BILINEAR,
};

const char *gridwl_filter_name(enum gridwl_filter filter);

/* "adaptive-sync off|on|auto": variable refresh on a screen that can do it
 * (compositor/services/adaptive_sync.c says when auto turns it on). */
enum gridwl_adaptive_sync {
	GRIDWL_ADAPTIVE_SYNC_OFF,
	GRIDWL_ADAPTIVE_SYNC_ON,
	GRIDWL_ADAPTIVE_SYNC_AUTO,
};

const char *gridwl_adaptive_sync_name(enum gridwl_adaptive_sync setting);

/* "position right-of|left-of|above|below OTHER [ALIGN]". */
enum gridwl_output_relation {
	GRIDWL_RELATION_NONE,
	GRIDWL_RELATION_RIGHT_OF,
	GRIDWL_RELATION_LEFT_OF,
	GRIDWL_RELATION_ABOVE,
	GRIDWL_RELATION_BELOW,
};

/* Along the shared edge: top or left, centre, bottom or right. */
enum gridwl_output_align {
	GRIDWL_ALIGN_START,
	GRIDWL_ALIGN_CENTER,
	GRIDWL_ALIGN_END,
};

#define GRIDWL_OUTPUT_NAME_MAX 64

struct gridwl_output_config {
	struct wl_list link; // gridwl_config.outputs
	char *name; // "*" applies to every output
	bool has_mode;
	int width, height;
	int refresh_mhz; // 0 when the line gave no @HZ
	bool has_scale;
	// config/scale.h; GRIDWL_SCALE120_AUTO for "scale auto", which is
	// what no scale at all means, and overrides an earlier number.
	int scale120;
	// The text was not a multiple of 1/120: scale120 is the nearest.
	bool scale_rounded;
	bool has_position;
	int x, y;
	// Placed against another output's logical box instead of at x, y;
	// resolved again whenever the layout changes. Either this or
	// has_position, whichever was set last.
	enum gridwl_output_relation relation;
	enum gridwl_output_align align;
	char relative_to[GRIDWL_OUTPUT_NAME_MAX];
	bool has_filter;
	enum gridwl_filter filter;
	int enabled; // -1 unset, 0 disable, 1 enable
	// "power on|off" (or sway 1.7's "dpms on|off"): -1 unset, 0 off, 1 on.
	// An output that is off stays in the layout but shows nothing.
	int power;
	// Unset: off.
	bool has_adaptive_sync;
	enum gridwl_adaptive_sync adaptive_sync;
	// Unset: normal. config/transform.h names them.
	bool has_transform;
	enum wl_output_transform transform;
};

/* The switches of a bindswitch line: libinput's lid and tablet mode. */
enum gridwl_switch_type {
	GRIDWL_SWITCH_NONE,
	GRIDWL_SWITCH_LID,
	GRIDWL_SWITCH_TABLET,
};

/* Named in config/binding.c's table and run by input/bindings.c's. */
enum gridwl_binding_action {
	GRIDWL_ACTION_EXEC,
	GRIDWL_ACTION_CLOSE,
	GRIDWL_ACTION_EXIT,
	GRIDWL_ACTION_RELOAD,
	GRIDWL_ACTION_FOCUS,
	GRIDWL_ACTION_FULLSCREEN,
	GRIDWL_ACTION_MAXIMIZE,
	GRIDWL_ACTION_MOVE_TO_OUTPUT,
	GRIDWL_ACTION_CENTER,
	GRIDWL_ACTION_XKB_SWITCH_LAYOUT,
	GRIDWL_ACTION_OUTPUT,
	GRIDWL_ACTION_WORKSPACE,
	GRIDWL_ACTION_MOVE_TO_WORKSPACE,
	GRIDWL_ACTION_STICKY,
	GRIDWL_ACTION_MINIMIZE,
	GRIDWL_ACTION_SNAP,
	GRIDWL_ACTION_ALWAYS_ON_TOP,
	GRIDWL_ACTION_MOVE_MODE,
	GRIDWL_ACTION_RESIZE_MODE,
	GRIDWL_ACTION_SWITCHER,
	GRIDWL_ACTION_COUNT,
};

struct gridwl_binding {
	struct wl_list link; // gridwl_config.bindings
	uint32_t modifiers; // enum wlr_keyboard_modifier bits
	xkb_keysym_t keysym; // lower case, as xkb_keysym_to_lower gives
	enum gridwl_binding_action action;
	char *command; // for GRIDWL_ACTION_EXEC
	// For FOCUS ("next", "prev"), MOVE_TO_OUTPUT (a direction or an
	// output's name) and XKB_SWITCH_LAYOUT ("next", "prev" or an index).
	char *argument;
	// Runs also while a surface inhibits shortcuts; at most one binding
	// has it. escape_where is its line's "FILE:LINE", for the error that
	// names it when another line asks for it too.
	bool inhibit_escape;
	char *escape_where;
	// "--locked": runs also while a session lock is up.
	bool locked;
	// A bindswitch line's switch and state (GRIDWL_SWITCH_NONE for a
	// bind line's keys).
	enum gridwl_switch_type switch_type;
	bool switch_on;
};

struct gridwl_exec {
	struct wl_list link; // gridwl_config.execs
	char *command;
};

struct gridwl_window_criterion {
	char *pattern; // NULL when the rule does not look at the field
	regex_t regex;
};

/* Who draws a window's frame: "decorations server|client" says what gridwl
 * answers a client without a preference; a rule's "decorations none" is
 * GRIDWL_DECORATIONS_CLIENT (a frame of the client's own, if any). */
enum gridwl_decoration_mode {
	GRIDWL_DECORATIONS_SERVER,
	GRIDWL_DECORATIONS_CLIENT,
};

/* "decoration colors": 0xRRGGBB each. */
struct gridwl_decoration_colors {
	uint32_t focused_bg, focused_text;
	uint32_t unfocused_bg, unfocused_text;
};

#define GRIDWL_DECORATION_FONT_DEFAULT "Sans 10"

/* Where window rules put a window when it maps (config/window_placement.c,
 * compositor/view/view_place.c); logical pixels. */
struct gridwl_window_placement {
	char *output; // NULL: where it would go anyway
	char *where; // the rule's FILE:LINE, for a log line about its output
	bool has_position;
	int x, y; // from the top-left of the output's usable area
	bool has_size;
	int width, height;
	bool center;
	bool always_on_top;
	// Opens at its own size: a maximize or fullscreen asked before the
	// window's first commit is not granted.
	bool floating;
};

struct gridwl_window_rule {
	struct wl_list link; // gridwl_config.window_rules, in file order
	struct gridwl_window_criterion app_id, title, x11_class;
	bool has_filter;
	enum gridwl_filter filter;
	bool has_decorations;
	enum gridwl_decoration_mode decorations;
	// "workspace N": where the window opens (1 to
	// GRIDWL_WORKSPACE_COUNT), 0 when the rule does not say.
	int workspace;
	// "sticky": shown on every workspace.
	bool sticky;
	struct gridwl_window_placement placement;
};

/* Workspaces are numbered from 1; Super+0 is the tenth. */
#define GRIDWL_WORKSPACE_COUNT 10

/* What rules look at; NULL for a field the window does not have. */
struct gridwl_window_identity {
	const char *app_id;
	const char *title;
	const char *x11_class;
};

struct gridwl_config {
	char *path; // NULL when nothing was loaded from a file
	struct wl_list outputs; // gridwl_output_config.link, in file order
	struct wl_list bindings;
	// bindswitch lines, gridwl_binding.link; one a switch and state.
	struct wl_list switch_bindings;
	struct wl_list execs;
	struct wl_list window_rules; // gridwl_window_rule.link
	struct wl_list inputs; // gridwl_input_config.link (config/input_config.h)
	// "cursor THEME SIZE": NULL and 0 when no line gave them.
	char *cursor_theme;
	int cursor_size;
	// "xwayland enable|disable": -1 when no line gave it, which means on
	// when the Xwayland binary is installed.
	int xwayland;
	// "decorations server|client": -1 when no line gave it (server).
	int decorations;
	// "decoration font" (a Pango font description) and "decoration
	// colors": NULL and false when no line gave them.
	char *decoration_font;
	bool has_decoration_colors;
	struct gridwl_decoration_colors decoration_colors;
	// "xwayland scale auto|1|2|3|4": -1 when no line gave it, 0 for auto
	// (the largest output scale in the layout when Xwayland starts).
	int xwayland_scale;
	// "workspace N name NAME": by number less one, NULL when no line
	// named it.
	char *workspace_names[GRIDWL_WORKSPACE_COUNT];
};

struct gridwl_config *gridwl_config_create(void);
void gridwl_config_destroy(struct gridwl_config *config);

/* Reads a whole file; on failure *error is a malloc'd "FILE:LINE: message"
 * (or "FILE: strerror" when it cannot be read) and config is unchanged. */
bool gridwl_config_load(struct gridwl_config *config, const char *path,
		char **error);
/* Gets each error --check-config finds, "FILE:LINE: message". */
typedef void (*gridwl_config_report_fn)(const char *error, void *data);
/* Parses a whole file as gridwl_config_load does, keeping nothing, but goes
 * on past a bad line so that every error is reported; returns how many there
 * were (a file that cannot be read is one). */
int gridwl_config_check(const char *path, gridwl_config_report_fn report,
		void *data);
/* One line of the config language; where names it in error messages. */
bool gridwl_config_parse_line(struct gridwl_config *config, const char *line,
		const char *where, char **error);

/* "ACTION [ARGUMENT]" into binding (its action, command or argument), as
 * a bind line has it after the keys; gridctl action runs the same. */
bool gridwl_binding_parse_action(struct gridwl_binding *binding,
		const char *text, const char *where, char **error);
/* "MODS+KEY ACTION", the words after "bind"; NULL and *error on failure. */
struct gridwl_binding *gridwl_binding_parse(const char *text, const char *where,
		char **error);
/* "[--locked] lid:on|lid:off|tablet:on|tablet:off ACTION", the words after
 * "bindswitch"; NULL and *error on failure. */
struct gridwl_binding *gridwl_switch_binding_parse(const char *text,
		const char *where, char **error);
/* Adds binding (taking ownership), replacing the one for the same switch
 * and state. */
void gridwl_config_add_switch_binding(struct gridwl_config *config,
		struct gridwl_binding *binding);
/* The bindswitch binding for this switch and state, or NULL. */
struct gridwl_binding *gridwl_config_find_switch_binding(
		const struct gridwl_config *config, enum gridwl_switch_type type,
		bool on);
/* Does not unlink it: remove it from a list first. */
void gridwl_binding_destroy(struct gridwl_binding *binding);
/* The inhibit-escape binding of config that binding, with another chord,
 * would make a second one; NULL when there is none. */
const struct gridwl_binding *gridwl_config_other_escape_binding(
		const struct gridwl_config *config,
		const struct gridwl_binding *binding);
/* Adds binding (taking ownership), replacing the one with the same modifiers
 * and keysym when there is one. */
void gridwl_config_add_binding(struct gridwl_config *config,
		struct gridwl_binding *binding);
/* The binding for exactly these modifiers and lower case keysym, or NULL. */
struct gridwl_binding *gridwl_config_find_binding(
		const struct gridwl_config *config, uint32_t modifiers,
		xkb_keysym_t keysym);

/* Sets *error (unless error is NULL) to a malloc'd "WHERE: message", or just
 * "message" when where is NULL, and returns false so that parsers can
 * "return gridwl_config_error(...)". *error is NULL if memory ran out. */
bool gridwl_config_error(char **error, const char *where, const char *fmt, ...)
		__attribute__((format(printf, 3, 4)));

/* The shell command that is the rest of an exec line or exec binding (text),
 * without blanks at its end; NULL and *error ("KEYWORD needs a command")
 * when there is none. */
char *gridwl_config_parse_command(const char *keyword, const char *text,
		const char *where, char **error);

/* The default path: $XDG_CONFIG_HOME/gridwl/config or ~/.config/gridwl/config.
 * Returns a malloc'd string, or NULL when neither variable is set. */
char *gridwl_config_default_path(void);

/* The file to read when no --config names one: user_path (the default
 * path above) when it exists, else system_path (the config installed with
 * gridwl) when it exists; NULL when neither does and the built-in defaults
 * apply. Returns one of its arguments. */
const char *gridwl_config_pick(const char *user_path, const char *system_path);

/* The words of the language, taken from the parsers' own tables so that
 * tests/docs can check that the manual names every one: the line keywords
 * ("output", "bind", ...), the keys of output lines ("mode", "enable", ...)
 * and the actions of bind lines ("exec", ...). NULL past the last. */
const char *gridwl_config_keyword(size_t index);
const char *gridwl_output_config_key(size_t index);
const char *gridwl_binding_action_name(size_t index);
/* The keys of input lines are config/input_config.h's
 * gridwl_input_config_key. */
/* The words of window rules: the criteria's keys (app_id, ...), then the
 * actions (filter, ...). */
const char *gridwl_window_rule_word(size_t index);

/* "NAME [mode WxH[@HZ]] [scale N] [position X,Y] [filter F] [power on|off]
 * [enable|disable]",
 * the words after "output"; NULL and *error on failure. */
struct gridwl_output_config *gridwl_output_config_parse(const char *text,
		const char *where, char **error);
/* The same keys without the name, as argument words (gridctl output NAME KEY
 * VALUE...); fields not named are left as they were. */
bool gridwl_output_config_parse_words(struct gridwl_output_config *oc, int argc,
		char **argv, const char *where, char **error);
/* Where an output of size width x height (logical) goes placed as oc says
 * against other (its logical box). */
void gridwl_output_config_place(const struct gridwl_output_config *oc,
		int other_x, int other_y, int other_width, int other_height, int width,
		int height, int *x, int *y);
/* Whether placing oc->name as oc says, with the outputs config already has,
 * is well founded: the other output is named by a line of config and no
 * chain of relative positions leads back to oc->name. */
bool gridwl_output_config_check_relation(const struct gridwl_config *config,
		const struct gridwl_output_config *oc, const char *where, char **error);
/* Fields set in src override those in dst. */
void gridwl_output_config_merge(struct gridwl_output_config *dst,
		const struct gridwl_output_config *src);
struct gridwl_output_config *gridwl_output_config_create(const char *name);
/* Does not unlink it: remove it from a list first. */
void gridwl_output_config_destroy(struct gridwl_output_config *oc);

/* What applies to an output called name: "*" lines, then lines naming it, in
 * file order, merged. Always returns a fresh config (possibly all unset). */
struct gridwl_output_config *gridwl_config_output_for(
		const struct gridwl_config *config, const char *name);
/* The line for exactly this name, or NULL. */
struct gridwl_output_config *gridwl_config_find_output(
		const struct gridwl_config *config, const char *name);
/* Adds oc (taking ownership), merging it into an existing line of the same
 * name when there is one. */
void gridwl_config_add_output(struct gridwl_config *config,
		struct gridwl_output_config *oc);

/* "CRITERION... ACTION...", the words after "window"; NULL and *error on
 * failure. */
struct gridwl_window_rule *gridwl_window_rule_parse(const char *text,
		const char *where, char **error);
/* Does not unlink it: remove it from a list first. */
void gridwl_window_rule_destroy(struct gridwl_window_rule *rule);
/* Frees what the criteria of a rule that is not the parser's own (one a
 * zeroed struct started, as gridctl wait's) hold. */
void gridwl_window_rule_finish(struct gridwl_window_rule *rule);
/* The KEY=REGEX of a rule: compiles pattern (POSIX extended) into an unset
 * criterion; false and *error ("WHERE: invalid regex for KEY ..."; no
 * prefix when where is NULL) otherwise. */
bool gridwl_window_criterion_compile(struct gridwl_window_criterion *criterion,
		const char *key, const char *pattern, const char *where, char **error);
bool gridwl_window_rule_matches(const struct gridwl_window_rule *rule,
		const struct gridwl_window_identity *window);
/* The filter the last matching rule with a filter gives; false when none
 * does. */
bool gridwl_config_window_filter(const struct gridwl_config *config,
		const struct gridwl_window_identity *window,
		enum gridwl_filter *filter);

/* The decorations the last matching rule with one gives; false when none
 * does. */
bool gridwl_config_window_decorations(const struct gridwl_config *config,
		const struct gridwl_window_identity *window,
		enum gridwl_decoration_mode *decorations);
/* config/workspace_config.c. The number of "1" to "10", else 0. */
int gridwl_workspace_number(const char *word);
/* The words after "workspace". */
bool gridwl_config_parse_workspace(struct gridwl_config *config,
		const char *text, const char *where, char **error);
/* Moves parsed's workspace names into config, as if they came last. */
void gridwl_config_append_workspaces(struct gridwl_config *config,
		struct gridwl_config *parsed);
/* The workspace the last matching rule with one puts the window on (0:
 * none does), and whether a matching rule makes it sticky. */
int gridwl_config_window_workspace(const struct gridwl_config *config,
		const struct gridwl_window_identity *window, bool *sticky);

/* config/window_placement.c. 1 for a placement word of window rules that
 * takes a value, 0 for one that takes none, -1 for any other word. */
int gridwl_window_placement_word(const char *word);
/* One placement word and its value (NULL for none) into placement. */
bool gridwl_window_placement_parse(struct gridwl_window_placement *placement,
		const char *word, const char *value, const char *where, char **error);
bool gridwl_window_placement_any(const struct gridwl_window_placement *p);
void gridwl_window_placement_finish(struct gridwl_window_placement *p);
/* What the matching rules say, later lines winning word by word; the
 * strings are the config's. */
void gridwl_config_window_placement(const struct gridwl_config *config,
		const struct gridwl_window_identity *window,
		struct gridwl_window_placement *out);
/* config/decoration.c: the words after "decorations" and "decoration". */
bool gridwl_config_parse_decorations(struct gridwl_config *config,
		const char *text, const char *where, char **error);
bool gridwl_config_parse_decoration(struct gridwl_config *config,
		const char *text, const char *where, char **error);
/* The settings of decoration lines (font, ...), NULL past the last. */
const char *gridwl_config_decoration_key(size_t index);
/* Moves parsed's decoration lines into config, as if they came last. */
void gridwl_config_append_decoration(struct gridwl_config *config,
		struct gridwl_config *parsed);

#endif
