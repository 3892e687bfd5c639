#include <stdlib.h>
#include <string.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/view/view.h"
#include "config/config.h"
#include "input/bindings.h"
#include "input/input_device.h"
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
			.action = GRIDWL_ACTION_FOCUS,
			.argument = "next" },
	// Shift+Tab is ISO_Left_Tab in xkb's keymaps.
	{ .modifiers = WLR_MODIFIER_ALT | WLR_MODIFIER_SHIFT,
			.keysym = XKB_KEY_ISO_Left_Tab,
			.action = GRIDWL_ACTION_FOCUS,
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
	[GRIDWL_ACTION_MINIMIZE] = run_minimize,
	[GRIDWL_ACTION_SNAP] = run_snap,
	[GRIDWL_ACTION_ALWAYS_ON_TOP] = run_always_on_top,
};

_Static_assert(sizeof(action_runners) / sizeof(action_runners[0]) ==
				GRIDWL_ACTION_COUNT,
		"every binding action needs a runner");

static void run_action(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	action_runners[binding->action](server, binding);
}

void gridwl_bindings_run_action(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	run_action(server, binding);
}

bool gridwl_bindings_run(struct gridwl_server *server, uint32_t modifiers,
		xkb_keysym_t keysym, bool escape_only) {
	if (!wl_list_empty(&server->config->bindings)) {
		struct gridwl_binding *binding;
		wl_list_for_each(binding, &server->config->bindings, link) {
			if (binding->modifiers == modifiers && binding->keysym == keysym &&
					(binding->inhibit_escape || !escape_only)) {
				run_action(server, binding);
				return true;
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
			run_action(server, &default_bindings[i]);
			return true;
		}
	}
	return false;
}
