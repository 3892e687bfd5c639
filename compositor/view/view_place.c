#include <wlr/util/log.h>
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/shell/decoration.h"
#include "compositor/shell/layer_shell.h"
#include "compositor/view/view.h"
#include "config/config.h"

/*
 * Window rules that place a window as it maps (config/window_placement.c):
 * onto an output, at a position or centred on its usable area, at a size,
 * kept on top. A rule naming an output that is not there says so in the
 * log, with its FILE:LINE, and the window goes where it would have gone;
 * the rule's other words still apply there.
 */

bool gridwl_view_rules_floating(struct gridwl_view *view) {
	struct gridwl_window_identity identity = gridwl_view_identity(view);
	struct gridwl_window_placement rules;
	gridwl_config_window_placement(view->server->config, &identity, &rules);
	return rules.floating;
}

void gridwl_view_place_by_rules(struct gridwl_view *view) {
	struct gridwl_server *server = view->server;
	if (!gridwl_view_is_window(view)) {
		return;
	}
	struct gridwl_window_identity identity = gridwl_view_identity(view);
	struct gridwl_window_placement rules;
	gridwl_config_window_placement(server->config, &identity, &rules);
	if (rules.always_on_top) {
		gridwl_view_set_always_on_top(view, true);
	}
	struct gridwl_output *output = NULL;
	if (rules.output != NULL) {
		output = gridwl_output_by_name(server, rules.output);
		if (output == NULL || !gridwl_output_is_active(output)) {
			wlr_log(WLR_ERROR,
					"%s: no output %s for window %u (%s); placed as "
					"usual",
					rules.where, rules.output, view->id,
					gridwl_view_app_id(view));
			output = NULL;
		}
	}
	if ((output == NULL && !rules.has_position && !rules.center &&
				!rules.has_size) ||
			view->fullscreen || view->maximized) {
		return;
	}
	if (output == NULL) {
		output = gridwl_view_main_output(view);
	}
	if (output == NULL) {
		return;
	}
	struct wlr_box box = gridwl_view_box(view);
	int width = rules.has_size ? rules.width : box.width;
	int height = rules.has_size ? rules.height : box.height;
	if (rules.has_size) {
		gridwl_view_request_size(view, width, height);
	}
	struct wlr_box area = gridwl_output_usable_box(output);
	int x, y;
	if (rules.has_position) {
		x = area.x + rules.x;
		y = area.y + rules.y;
	} else {
		// Centred with its frame, at the size it is about to have.
		gridwl_view_frame_center(view, &area, &x, &y);
		x -= (width - box.width) / 2;
		y -= (height - box.height) / 2;
	}
	gridwl_view_move(view, x, y);
}
