#include <stdlib.h>
#include <string.h>
#include <wlr/backend/drm.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/util/log.h>
#include "compositor/control/subscribe.h"
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/shell/session_lock.h"
#include "compositor/shell/switcher.h"
#include "compositor/view/view.h"
#include "compositor/workspace/workspace.h"
#include "config/config.h"
#include "config/default_commands.h"
#include "input/bindings.h"
#include "input/input_device.h"
#include "input/keyboard_move.h"
#include "input/seat.h"

static const struct gridwl_binding default_bindings[] = {
	{ .modifiers = WLR_MODIFIER_LOGO,
			.keysym = XKB_KEY_Return,
			.action = GRIDWL_ACTION_EXEC,
			.command = "foot" },
	{ .modifiers = WLR_MODIFIER_LOGO | WLR_MODIFIER_SHIFT,
			.keysym = XKB_KEY_q,
			.action = GRIDWL_ACTION_CLOSE },
	{ .modifiers = WLR_MODIFIER_LOGO | WLR_MODIFIER_SHIFT,
			.keysym = XKB_KEY_e,
			.action = GRIDWL_ACTION_EXIT },
	{ .modifiers = WLR_MODIFIER_LOGO | WLR_MODIFIER_SHIFT,
			.keysym = XKB_KEY_c,
			.action = GRIDWL_ACTION_RELOAD },
	{ .modifiers = WLR_MODIFIER_ALT,
			.keysym = XKB_KEY_Tab,
			.action = GRIDWL_ACTION_SWITCHER,
			.argument = "next" },
	// Shift+Tab is ISO_Left_Tab in xkb's keymaps.
	{ .modifiers = WLR_MODIFIER_ALT | WLR_MODIFIER_SHIFT,
			.keysym = XKB_KEY_ISO_Left_Tab,
			.action = GRIDWL_ACTION_SWITCHER,
			.argument = "prev" },
	{ .modifiers = WLR_MODIFIER_LOGO,
			.keysym = XKB_KEY_f,
			.action = GRIDWL_ACTION_FULLSCREEN },
	{ .modifiers = WLR_MODIFIER_LOGO,
			.keysym = XKB_KEY_m,
			.action = GRIDWL_ACTION_MAXIMIZE },
	{ .modifiers = WLR_MODIFIER_LOGO,
			.keysym = XKB_KEY_c,
			.action = GRIDWL_ACTION_CENTER },
	{ .modifiers = WLR_MODIFIER_LOGO | WLR_MODIFIER_SHIFT,
			.keysym = XKB_KEY_Left,
			.action = GRIDWL_ACTION_MOVE_TO_OUTPUT,
			.argument = "left" },
	{ .modifiers = WLR_MODIFIER_LOGO | WLR_MODIFIER_SHIFT,
			.keysym = XKB_KEY_Right,
			.action = GRIDWL_ACTION_MOVE_TO_OUTPUT,
			.argument = "right" },
	{ .modifiers = WLR_MODIFIER_LOGO | WLR_MODIFIER_SHIFT,
			.keysym = XKB_KEY_Up,
			.action = GRIDWL_ACTION_MOVE_TO_OUTPUT,
			.argument = "up" },
	{ .modifiers = WLR_MODIFIER_LOGO | WLR_MODIFIER_SHIFT,
			.keysym = XKB_KEY_Down,
			.action = GRIDWL_ACTION_MOVE_TO_OUTPUT,
			.argument = "down" },
	{ .modifiers = WLR_MODIFIER_LOGO,
			.keysym = XKB_KEY_h,
			.action = GRIDWL_ACTION_MINIMIZE },
	{ .modifiers = WLR_MODIFIER_LOGO,
			.keysym = XKB_KEY_Left,
			.action = GRIDWL_ACTION_SNAP,
			.argument = "left" },
	{ .modifiers = WLR_MODIFIER_LOGO,
			.keysym = XKB_KEY_Right,
			.action = GRIDWL_ACTION_SNAP,
			.argument = "right" },
	{ .modifiers = WLR_MODIFIER_LOGO,
			.keysym = XKB_KEY_Up,
			.action = GRIDWL_ACTION_SNAP,
			.argument = "up" },
	{ .modifiers = WLR_MODIFIER_LOGO,
			.keysym = XKB_KEY_Down,
			.action = GRIDWL_ACTION_SNAP,
			.argument = "down" },
	{ .modifiers = WLR_MODIFIER_LOGO,
			.keysym = XKB_KEY_F7,
			.action = GRIDWL_ACTION_MOVE_MODE },
	{ .modifiers = WLR_MODIFIER_LOGO,
			.keysym = XKB_KEY_F8,
			.action = GRIDWL_ACTION_RESIZE_MODE },
#define WORKSPACE_KEYS(key, number) \
	{ .modifiers = WLR_MODIFIER_LOGO, \
		.keysym = key, \
		.action = GRIDWL_ACTION_WORKSPACE, \
		.argument = number }, \
	{ \
		.modifiers = WLR_MODIFIER_LOGO | WLR_MODIFIER_SHIFT, .keysym = key, \
		.action = GRIDWL_ACTION_MOVE_TO_WORKSPACE, .argument = number \
	}
	WORKSPACE_KEYS(XKB_KEY_1, "1"),
	WORKSPACE_KEYS(XKB_KEY_2, "2"),
	WORKSPACE_KEYS(XKB_KEY_3, "3"),
	WORKSPACE_KEYS(XKB_KEY_4, "4"),
	WORKSPACE_KEYS(XKB_KEY_5, "5"),
	WORKSPACE_KEYS(XKB_KEY_6, "6"),
	WORKSPACE_KEYS(XKB_KEY_7, "7"),
	WORKSPACE_KEYS(XKB_KEY_8, "8"),
	WORKSPACE_KEYS(XKB_KEY_9, "9"),
	WORKSPACE_KEYS(XKB_KEY_0, "10"),
#undef WORKSPACE_KEYS
	{ .modifiers = WLR_MODIFIER_LOGO | WLR_MODIFIER_CTRL,
			.keysym = XKB_KEY_Left,
			.action = GRIDWL_ACTION_WORKSPACE,
			.argument = "prev" },
	{ .modifiers = WLR_MODIFIER_LOGO | WLR_MODIFIER_CTRL,
			.keysym = XKB_KEY_Right,
			.action = GRIDWL_ACTION_WORKSPACE,
			.argument = "next" },
	// A laptop's keys, also under a lock; the default config says which
	// packages the programs come in.
	{ .keysym = XKB_KEY_XF86AudioRaiseVolume,
			.locked = true,
			.action = GRIDWL_ACTION_EXEC,
			.command = GRIDWL_VOLUME_UP },
	{ .keysym = XKB_KEY_XF86AudioLowerVolume,
			.locked = true,
			.action = GRIDWL_ACTION_EXEC,
			.command = GRIDWL_VOLUME_DOWN },
	{ .keysym = XKB_KEY_XF86AudioMute,
			.locked = true,
			.action = GRIDWL_ACTION_EXEC,
			.command = GRIDWL_VOLUME_MUTE },
	{ .keysym = XKB_KEY_XF86AudioMicMute,
			.locked = true,
			.action = GRIDWL_ACTION_EXEC,
			.command = GRIDWL_MIC_MUTE },
	{ .keysym = XKB_KEY_XF86MonBrightnessUp,
			.locked = true,
			.action = GRIDWL_ACTION_EXEC,
			.command = GRIDWL_BRIGHTNESS_UP },
	{ .keysym = XKB_KEY_XF86MonBrightnessDown,
			.locked = true,
			.action = GRIDWL_ACTION_EXEC,
			.command = GRIDWL_BRIGHTNESS_DOWN },
	{ .keysym = XKB_KEY_Print,
			.action = GRIDWL_ACTION_EXEC,
			.command = GRIDWL_SCREENSHOT },
};

/* Lid and tablet mode, as the default config has them: with the lid shut
 * the laptop's panel goes out of the layout, unless it is the last
 * output (see run_output). */
static const struct gridwl_binding default_switch_bindings[] = {
	{ .switch_type = GRIDWL_SWITCH_LID,
			.switch_on = true,
			.locked = true,
			.action = GRIDWL_ACTION_OUTPUT,
			.argument = "internal disable" },
	{ .switch_type = GRIDWL_SWITCH_LID,
			.switch_on = false,
			.locked = true,
			.action = GRIDWL_ACTION_OUTPUT,
			.argument = "internal enable" },
};

static struct gridwl_view *focused_view(struct gridwl_server *server) {
	struct wlr_surface *focused =
			server->seat->wlr_seat->keyboard_state.focused_surface;
	return focused != NULL ? gridwl_view_from_surface(focused) : NULL;
}

static void run_exec(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	gridwl_server_spawn(server, binding->command);
}

static void run_close(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	struct gridwl_view *view = focused_view(server);
	if (view != NULL) {
		gridwl_view_close(view);
	}
}

static void run_exit(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	gridwl_server_terminate(server, 0);
}

static void run_reload(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	char *error = NULL;
	if (!gridwl_server_reload(server, &error)) {
		wlr_log(WLR_ERROR, "Reload failed: %s", error);
		free(error);
	}
}

static void run_focus(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	gridwl_view_focus_cycle(server, strcmp(binding->argument, "next") == 0);
}

static void run_fullscreen(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	struct gridwl_view *view = gridwl_view_keyboard_focused(server);
	if (view != NULL) {
		gridwl_view_toggle_fullscreen(view);
	}
}

static void run_maximize(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	struct gridwl_view *view = gridwl_view_keyboard_focused(server);
	if (view != NULL) {
		gridwl_view_toggle_maximized(view);
	}
}

static void run_move_to_output(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	struct gridwl_view *view = gridwl_view_keyboard_focused(server);
	char *error = NULL;
	if (view != NULL &&
			!gridwl_view_move_to_output(view, binding->argument, &error)) {
		wlr_log(WLR_INFO, "move-to-output %s: %s", binding->argument, error);
		free(error);
	}
}

static void run_center(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	struct gridwl_view *view = gridwl_view_keyboard_focused(server);
	if (view != NULL) {
		gridwl_view_center(view);
	}
}

static void run_xkb_switch_layout(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	char *error = NULL;
	if (!gridwl_input_switch_layout(server->seat, binding->argument, &error)) {
		wlr_log(WLR_INFO, "xkb-switch-layout %s: %s", binding->argument, error);
		free(error);
	}
}

/* A laptop's own panel: what its connector's name says on a DRM device. */
static bool is_internal_panel(struct gridwl_output *output) {
	static const char *const prefixes[] = { "eDP-", "LVDS-", "DSI-" };
	const char *name = output->wlr_output->name;
	if (!wlr_output_is_drm(output->wlr_output)) {
		return false;
	}
	for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
		if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0) {
			return true;
		}
	}
	return false;
}

static int active_output_count(struct gridwl_server *server) {
	int count = 0;
	struct gridwl_output *output;
	wl_list_for_each(output, &server->outputs, link) {
		count += gridwl_output_is_active(output);
	}
	return count;
}

/* "output NAME|internal|* KEY VALUE...", applied as gridctl output applies
 * it (kept over a reload). An output is never disabled when it is the last
 * one in the layout: a lid shut on a laptop alone leaves its panel on. */
static void run_output(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	char *error = NULL;
	struct gridwl_output_config *parsed =
			gridwl_output_config_parse(binding->argument, NULL, &error);
	if (parsed == NULL) {
		wlr_log(WLR_ERROR, "output %s: %s", binding->argument, error);
		free(error);
		return;
	}
	bool every = strcmp(parsed->name, "*") == 0;
	bool internal = strcmp(parsed->name, "internal") == 0;
	int matched = 0;
	struct gridwl_output *output;
	wl_list_for_each(output, &server->outputs, link) {
		const char *name = output->wlr_output->name;
		if (!every &&
				!(internal ? is_internal_panel(output) :
							 strcmp(name, parsed->name) == 0)) {
			continue;
		}
		matched++;
		if (parsed->enabled == 0 && gridwl_output_is_active(output) &&
				active_output_count(server) == 1) {
			wlr_log(WLR_INFO,
					"output %s: not disabled, it is the last output in the "
					"layout",
					name);
			continue;
		}
		struct gridwl_output_config *line = gridwl_output_config_create(name);
		if (line == NULL) {
			break;
		}
		gridwl_output_config_merge(line, parsed);
		if (!gridwl_output_apply_line(output, line, &error)) {
			wlr_log(WLR_ERROR, "output %s: %s", name, error);
			free(error);
			error = NULL;
		}
	}
	if (matched == 0) {
		wlr_log(WLR_INFO, "output %s: there is no such output",
				binding->argument);
	}
	gridwl_output_config_destroy(parsed);
}

/* The workspace word of a binding; 0 after logging when there is none. */
static int binding_workspace(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	char *error = NULL;
	int number = gridwl_workspace_resolve(server, binding->argument, &error);
	if (number == 0) {
		wlr_log(WLR_INFO, "workspace %s: %s", binding->argument, error);
		free(error);
	}
	return number;
}

static void run_workspace(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	int number = binding_workspace(server, binding);
	if (number != 0) {
		gridwl_workspace_show(server, number);
	}
}

static void run_move_to_workspace(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	struct gridwl_view *view = gridwl_view_keyboard_focused(server);
	int number = view != NULL ? binding_workspace(server, binding) : 0;
	if (number != 0) {
		gridwl_view_move_to_workspace(view, number);
	}
}

static void run_sticky(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	struct gridwl_view *view = gridwl_view_keyboard_focused(server);
	if (view != NULL) {
		gridwl_view_set_sticky(view, !view->sticky);
	}
}

static void run_minimize(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	struct gridwl_view *view = gridwl_view_keyboard_focused(server);
	if (view != NULL) {
		gridwl_view_set_minimized(view, true);
	}
}

static void run_snap(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	struct gridwl_view *view = gridwl_view_keyboard_focused(server);
	if (view != NULL) {
		gridwl_view_snap(view, binding->argument);
	}
}

static void run_always_on_top(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	struct gridwl_view *view = gridwl_view_keyboard_focused(server);
	if (view != NULL) {
		gridwl_view_set_always_on_top(view, !view->always_on_top);
	}
}

static void run_keyboard_move(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	struct gridwl_view *view = gridwl_view_keyboard_focused(server);
	if (view != NULL) {
		gridwl_keyboard_move_begin(server->seat, view,
				binding->action == GRIDWL_ACTION_RESIZE_MODE);
	}
}

static void run_switcher(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	gridwl_switcher_step(server->switcher,
			strcmp(binding->argument, "next") == 0, binding->modifiers,
			binding->keysym);
}

typedef void (*action_runner)(struct gridwl_server *server,
		const struct gridwl_binding *binding);

/* By action; config/binding.c has the name of each. */
static const action_runner action_runners[] = {
	[GRIDWL_ACTION_EXEC] = run_exec,
	[GRIDWL_ACTION_CLOSE] = run_close,
	[GRIDWL_ACTION_EXIT] = run_exit,
	[GRIDWL_ACTION_RELOAD] = run_reload,
	[GRIDWL_ACTION_FOCUS] = run_focus,
	[GRIDWL_ACTION_FULLSCREEN] = run_fullscreen,
	[GRIDWL_ACTION_MAXIMIZE] = run_maximize,
	[GRIDWL_ACTION_MOVE_TO_OUTPUT] = run_move_to_output,
	[GRIDWL_ACTION_CENTER] = run_center,
	[GRIDWL_ACTION_XKB_SWITCH_LAYOUT] = run_xkb_switch_layout,
	[GRIDWL_ACTION_OUTPUT] = run_output,
	[GRIDWL_ACTION_WORKSPACE] = run_workspace,
	[GRIDWL_ACTION_MOVE_TO_WORKSPACE] = run_move_to_workspace,
	[GRIDWL_ACTION_STICKY] = run_sticky,
	[GRIDWL_ACTION_MINIMIZE] = run_minimize,
	[GRIDWL_ACTION_SNAP] = run_snap,
	[GRIDWL_ACTION_ALWAYS_ON_TOP] = run_always_on_top,
	[GRIDWL_ACTION_MOVE_MODE] = run_keyboard_move,
	[GRIDWL_ACTION_RESIZE_MODE] = run_keyboard_move,
	[GRIDWL_ACTION_SWITCHER] = run_switcher,
};

_Static_assert(sizeof(action_runners) / sizeof(action_runners[0]) ==
				GRIDWL_ACTION_COUNT,
		"every binding action needs a runner");

static void run_action(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	gridwl_subscribe_binding(server, binding);
	action_runners[binding->action](server, binding);
}

void gridwl_bindings_run_action(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	// Not a key: subscribers hear of bindings only.
	action_runners[binding->action](server, binding);
}

/* Runs binding unless the session is locked and it is not --locked. */
static bool run_unless_locked(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	// A locked session takes no other commands: the keys are the locker's.
	if (!binding->locked && gridwl_session_is_locked(server)) {
		return false;
	}
	run_action(server, binding);
	return true;
}

bool gridwl_bindings_run(struct gridwl_server *server, uint32_t modifiers,
		xkb_keysym_t keysym, bool escape_only) {
	if (!wl_list_empty(&server->config->bindings)) {
		struct gridwl_binding *binding;
		wl_list_for_each(binding, &server->config->bindings, link) {
			if (binding->modifiers == modifiers && binding->keysym == keysym &&
					(binding->inhibit_escape || !escape_only)) {
				return run_unless_locked(server, binding);
			}
		}
		return false;
	}
	if (escape_only) {
		// No default binding is an escape.
		return false;
	}
	size_t count = sizeof(default_bindings) / sizeof(default_bindings[0]);
	for (size_t i = 0; i < count; i++) {
		if (default_bindings[i].modifiers == modifiers &&
				default_bindings[i].keysym == keysym) {
			return run_unless_locked(server, &default_bindings[i]);
		}
	}
	return false;
}

void gridwl_bindings_run_switch(struct gridwl_server *server,
		enum gridwl_switch_type type, bool on) {
	const struct gridwl_binding *binding = NULL;
	if (!wl_list_empty(&server->config->switch_bindings)) {
		binding = gridwl_config_find_switch_binding(server->config, type, on);
	} else {
		size_t count = sizeof(default_switch_bindings) /
				sizeof(default_switch_bindings[0]);
		for (size_t i = 0; i < count; i++) {
			if (default_switch_bindings[i].switch_type == type &&
					default_switch_bindings[i].switch_on == on) {
				binding = &default_switch_bindings[i];
			}
		}
	}
	if (binding != NULL && !run_unless_locked(server, binding)) {
		wlr_log(WLR_INFO, "Switch binding not run: the session is locked");
	}
}
