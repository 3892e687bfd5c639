#include <stdlib.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/view.h"
#include "config/config.h"
#include "input/bindings.h"
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

typedef void (*action_runner)(struct gridwl_server *server,
		const struct gridwl_binding *binding);

/* By action; config/binding.c has the name of each. */
static const action_runner action_runners[] = {
	[GRIDWL_ACTION_EXEC] = run_exec,
	[GRIDWL_ACTION_CLOSE] = run_close,
	[GRIDWL_ACTION_EXIT] = run_exit,
	[GRIDWL_ACTION_RELOAD] = run_reload,
};

_Static_assert(sizeof(action_runners) / sizeof(action_runners[0]) ==
				GRIDWL_ACTION_COUNT,
		"every binding action needs a runner");

static void run_action(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	action_runners[binding->action](server, binding);
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
