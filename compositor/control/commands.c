#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/backend.h>
#include <wlr/render/swapchain.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_xdg_shell.h>
#include "compositor/control/clients.h"
#include "compositor/control/commands.h"
#include "compositor/control/fields.h"
#include "compositor/control/input_commands.h"
#include "compositor/control/inputs.h"
#include "compositor/control/seats.h"
#include "compositor/control/socket.h"
#include "compositor/control/stats.h"
#include "compositor/control/subscribe.h"
#include "compositor/control/wait.h"
#include "compositor/control/workspaces.h"
#include "compositor/frame/screenshot.h"
#include "compositor/output.h"
#include "compositor/output_scale.h"
#include "compositor/server.h"
#include "compositor/services/adaptive_sync.h"
#include "compositor/services/content_type.h"
#include "compositor/services/idle.h"
#include "compositor/services/security_context.h"
#include "compositor/services/xdg_activation.h"
#include "compositor/shell/layer_shell.h"
#include "compositor/shell/session_lock.h"
#include "compositor/shell/switcher.h"
#include "compositor/shell/xwayland.h"
#include "config/transform.h"
#include "compositor/util.h"
#include "compositor/view/view.h"
#include "config/scale.h"
#include "config/config.h"
#include "input/seat.h"
#include "render/kernels/resample.h"
#include "render/screenshot.h"

/* The output of the window with the keyboard (where most of it is), else
 * the one under the pointer: where a screenshot key aims. */
static struct gridwl_output *focused_output(struct gridwl_server *server) {
	struct gridwl_view *view = gridwl_view_keyboard_focused(server);
	struct gridwl_output *output =
			view != NULL ? gridwl_view_main_output(view) : NULL;
	if (output == NULL) {
		struct wlr_cursor *cursor = server->seat->cursor;
		output = gridwl_output_at(server, cursor->x, cursor->y);
	}
	return output;
}

static struct json_object *describe_adaptive_sync(
		struct gridwl_output *output) {
	struct gridwl_adaptive_sync_report report =
			gridwl_adaptive_sync_report(output);
	struct json_object *object = json_object_new_object();
	json_object_object_add(object, "setting",
			json_object_new_string(gridwl_adaptive_sync_name(report.setting)));
	json_object_object_add(object, "supported",
			json_object_new_boolean(report.supported));
	json_object_object_add(object, "wanted",
			json_object_new_boolean(report.wanted));
	json_object_object_add(object, "enabled",
			json_object_new_boolean(report.enabled));
	return object;
}

static struct json_object *describe_output(struct gridwl_output *output) {
	struct wlr_output *wlr_output = output->wlr_output;
	struct json_object *object = json_object_new_object();
	json_object_object_add(object, "name",
			json_object_new_string(wlr_output->name));
	// Headless outputs have neither.
	json_object_object_add(object, "make",
			json_object_new_string(
					wlr_output->make != NULL ? wlr_output->make : ""));
	json_object_object_add(object, "model",
			json_object_new_string(
					wlr_output->model != NULL ? wlr_output->model : ""));
	json_object_object_add(object, "enabled",
			json_object_new_boolean(gridwl_output_is_active(output)));
	json_object_object_add(object, "focused",
			json_object_new_boolean(output == focused_output(output->server)));
	struct json_object *mode = json_object_new_object();
	json_object_object_add(mode, "width",
			json_object_new_int(wlr_output->width));
	json_object_object_add(mode, "height",
			json_object_new_int(wlr_output->height));
	json_object_object_add(mode, "refresh_mhz",
			json_object_new_int(wlr_output->refresh));
	json_object_object_add(object, "mode", mode);
	// The true scale, a JSON number (1.5), and the integer one clients
	// without wp_fractional_scale_v1 draw at.
	json_object_object_add(object, "scale",
			gridwl_scale_is_integer(output->scale120) ?
					json_object_new_int(
							output->scale120 / GRIDWL_SCALE120_ONE) :
					json_object_new_double(
							(double)output->scale120 / GRIDWL_SCALE120_ONE));
	json_object_object_add(object, "wl_output_scale",
			json_object_new_int(output->scale));
	json_object_object_add(object, "scale_source",
			json_object_new_string(
					gridwl_scale_source_name(output->scale_source)));
	json_object_object_add(object, "transform",
			json_object_new_string(
					gridwl_transform_name(wlr_output->transform)));
	json_object_object_add(object, "filter",
			json_object_new_string(gridwl_filter_name(output->filter)));
	// Whether it shows anything: "off" when powered off or disabled.
	json_object_object_add(object, "power",
			json_object_new_string(
					gridwl_output_is_shown(output) ? "on" : "off"));
	json_object_object_add(object, "frames",
			json_object_new_int64((int64_t)output->frames));
	json_object_object_add(object, "composed_pixels",
			json_object_new_int64((int64_t)output->composed_pixels));
	// A frame's worth of memory each: what holding a buffer past its
	// commit would add to.
	int buffers = 0;
	for (size_t i = 0; wlr_output->swapchain != NULL && i < WLR_SWAPCHAIN_CAP;
			i++) {
		buffers += wlr_output->swapchain->slots[i].buffer != NULL;
	}
	json_object_object_add(object, "buffers", json_object_new_int(buffers));
	// On DRM where the CRTC has a cursor plane that took the cursor's
	// buffer at this scale; false on headless and nested outputs, and
	// where wlroots fell back to drawing the cursor into frames.
	json_object_object_add(object, "hardware_cursor",
			json_object_new_boolean(wlr_output->hardware_cursor != NULL));
	json_object_object_add(object, "cursor_commits",
			json_object_new_int64((int64_t)output->cursor_commits));
	json_object_object_add(object, "adaptive_sync",
			describe_adaptive_sync(output));
	struct wlr_box usable = gridwl_output_usable_box(output);
	json_object_object_add(object, "usable",
			gridwl_control_box_fields(json_object_new_object(), &usable));
	struct wlr_box box = gridwl_output_logical_box(output);
	return gridwl_control_box_fields(object, &box);
}

static struct json_object *cmd_outputs(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	struct json_object *reply = gridwl_control_success();
	struct json_object *list = json_object_new_array();
	struct gridwl_output *output;
	wl_list_for_each(output, &server->outputs, link) {
		json_object_array_add(list, describe_output(output));
	}
	json_object_object_add(reply, "outputs", list);
	return reply;
}

struct json_object *gridwl_control_window_identity(struct gridwl_view *view) {
	struct json_object *object = json_object_new_object();
	json_object_object_add(object, "id", json_object_new_int64(view->id));
	json_object_object_add(object, "app_id",
			json_object_new_string(gridwl_view_app_id(view)));
	json_object_object_add(object, "title",
			json_object_new_string(gridwl_view_title(view)));
	return object;
}

struct json_object *gridwl_control_describe_view(struct gridwl_view *view) {
	struct json_object *object = gridwl_control_window_identity(view);
	struct wlr_box box = gridwl_view_box(view);
	gridwl_control_box_fields(object, &box);
	// What gridwl draws around it, for a window with a frame.
	if (gridwl_view_has_frame(view)) {
		struct wlr_box frame = gridwl_view_frame_box(view);
		json_object_object_add(object, "frame",
				gridwl_control_box_fields(json_object_new_object(), &frame));
	}
	struct json_object *outputs = json_object_new_array();
	struct wlr_surface *surface = gridwl_view_surface(view);
	struct wlr_surface_output *surface_output;
	if (surface != NULL) {
		wl_list_for_each(surface_output, &surface->current_outputs, link) {
			json_object_array_add(outputs,
					json_object_new_string(surface_output->output->name));
		}
	}
	json_object_object_add(object, "outputs", outputs);
	json_object_object_add(object, "xwayland",
			json_object_new_boolean(gridwl_view_is_x11(view)));
	json_object_object_add(object, "buffer_scale",
			json_object_new_int(gridwl_view_buffer_scale(view)));
	json_object_object_add(object, "focused",
			json_object_new_boolean(gridwl_view_is_focused(view)));
	json_object_object_add(object, "fullscreen",
			json_object_new_boolean(view->fullscreen));
	json_object_object_add(object, "maximized",
			json_object_new_boolean(view->maximized));
	json_object_object_add(object, "workspace",
			json_object_new_int(view->workspace));
	json_object_object_add(object, "sticky",
			json_object_new_boolean(view->sticky));
	json_object_object_add(object, "minimized",
			json_object_new_boolean(gridwl_view_is_minimized(view)));
	json_object_object_add(object, "always_on_top",
			json_object_new_boolean(view->always_on_top));
	const char *snap = gridwl_snap_name(view->snap);
	json_object_object_add(object, "snapped",
			snap != NULL ? json_object_new_string(snap) : NULL);
	// The filter in effect where most of the window is, and whether a
	// window rule chose it.
	bool on_output = gridwl_view_main_output(view) != NULL;
	json_object_object_add(object, "filter",
			on_output || view->has_rule_filter ?
					json_object_new_string(gridwl_filter_name(
							gridwl_view_filter_on(view, NULL))) :
					NULL);
	json_object_object_add(object, "filter_rule",
			json_object_new_boolean(view->has_rule_filter));
	json_object_object_add(object, "urgent",
			json_object_new_boolean(
					gridwl_xdg_activation_urgent(view->server, surface)));
	// Where the window's client came through a security context
	// (Flatpak): its sandbox engine and app id, else null.
	const char *engine, *sandbox_app_id;
	struct json_object *sandbox = NULL;
	if (gridwl_security_context_of(view->server, surface, &engine,
				&sandbox_app_id)) {
		sandbox = json_object_new_object();
		json_object_object_add(sandbox, "engine",
				engine != NULL ? json_object_new_string(engine) : NULL);
		json_object_object_add(sandbox, "app_id",
				sandbox_app_id != NULL ?
						json_object_new_string(sandbox_app_id) :
						NULL);
	}
	json_object_object_add(object, "sandbox", sandbox);
	json_object_object_add(object, "content_type",
			json_object_new_string(
					gridwl_surface_content_type(view->server, surface)));
	return object;
}

static struct json_object *cmd_windows(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	struct json_object *reply = gridwl_control_success();
	struct json_object *list = json_object_new_array();
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		// X11 menus and tooltips are part of their window, not windows.
		if (view->mapped && gridwl_view_is_window(view)) {
			json_object_array_add(list, gridwl_control_describe_view(view));
		}
	}
	json_object_object_add(reply, "windows", list);
	return reply;
}

static struct json_object *cmd_layers(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	struct json_object *reply = gridwl_control_success();
	json_object_object_add(reply, "layers", gridwl_layers_describe(server));
	return reply;
}

static struct gridwl_view *find_view(struct gridwl_server *server,
		struct json_object *request, struct json_object **reply) {
	int id;
	if (!gridwl_control_get_int(request, "id", &id)) {
		*reply = gridwl_control_error("missing integer \"id\"");
		return NULL;
	}
	struct gridwl_view *view = gridwl_view_by_id(server, (uint32_t)id);
	if (view == NULL || !view->mapped || id <= 0) {
		*reply = gridwl_control_error("no window with id %d", id);
		return NULL;
	}
	return view;
}

static struct json_object *cmd_move(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	struct json_object *reply = NULL;
	struct gridwl_view *view = find_view(server, request, &reply);
	if (view == NULL) {
		return reply;
	}
	int x, y;
	if (!gridwl_control_get_int(request, "x", &x) ||
			!gridwl_control_get_int(request, "y", &y)) {
		return gridwl_control_error("missing integer \"x\" or \"y\"");
	}
	if (view->fullscreen || view->maximized) {
		return gridwl_control_error("window %u is fullscreen or maximized",
				view->id);
	}
	gridwl_view_move(view, x, y);
	return gridwl_control_success();
}

static struct json_object *cmd_resize(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	struct json_object *reply = NULL;
	struct gridwl_view *view = find_view(server, request, &reply);
	if (view == NULL) {
		return reply;
	}
	int width, height;
	if (!gridwl_control_get_int(request, "width", &width) ||
			!gridwl_control_get_int(request, "height", &height)) {
		return gridwl_control_error("missing integer \"width\" or \"height\"");
	}
	if (width <= 0 || height <= 0 || width > 16384 || height > 16384) {
		return gridwl_control_error("size %dx%d is out of range", width,
				height);
	}
	gridwl_view_request_size(view, width, height);
	return gridwl_control_success();
}

static struct json_object *cmd_focus(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	struct json_object *reply = NULL;
	struct gridwl_view *view = find_view(server, request, &reply);
	if (view == NULL) {
		return reply;
	}
	gridwl_view_focus(view);
	return gridwl_control_success();
}

static struct json_object *cmd_close(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	struct json_object *reply = NULL;
	struct gridwl_view *view = find_view(server, request, &reply);
	if (view == NULL) {
		return reply;
	}
	gridwl_view_close(view);
	return gridwl_control_success();
}

/* gridctl output NAME KEY VALUE...: as an output line, applied now and kept
 * over a reload; NAME "*" applies it to every output there is, each as if
 * it had been named. */
static struct json_object *cmd_output(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	const char *name = gridwl_control_get_string(request, "name");
	struct json_object *args;
	if (name == NULL || !json_object_object_get_ex(request, "args", &args) ||
			!json_object_is_type(args, json_type_array) ||
			json_object_array_length(args) == 0) {
		return gridwl_control_error(
				"output needs \"name\" and a non-empty \"args\" array");
	}
	bool every = strcmp(name, "*") == 0;
	if (!every && gridwl_output_by_name(server, name) == NULL) {
		return gridwl_control_error("no output named %s", name);
	}
	size_t count = json_object_array_length(args);
	if (count > 64) {
		return gridwl_control_error("too many arguments");
	}
	char *words[64];
	for (size_t i = 0; i < count; i++) {
		struct json_object *word = json_object_array_get_idx(args, i);
		if (!json_object_is_type(word, json_type_string)) {
			return gridwl_control_error("output arguments must be strings");
		}
		words[i] = (char *)json_object_get_string(word);
	}
	struct gridwl_output_config *parsed = gridwl_output_config_create(name);
	char *error = NULL;
	if (parsed == NULL ||
			!gridwl_output_config_parse_words(parsed, (int)count, words,
					"gridctl output", &error)) {
		gridwl_output_config_destroy(parsed);
		return gridwl_control_error_reply(error);
	}
	// One output refusing (no such mode, say) does not keep the others
	// from theirs; the reply is then the first error.
	struct json_object *described = json_object_new_array();
	struct gridwl_output *output;
	wl_list_for_each(output, &server->outputs, link) {
		const char *output_name = output->wlr_output->name;
		if (!every && strcmp(output_name, name) != 0) {
			continue;
		}
		struct gridwl_output_config *line =
				gridwl_output_config_create(output_name);
		char *output_error = NULL;
		if (line == NULL) {
			gridwl_set_error(&output_error, "out of memory");
		} else {
			gridwl_output_config_merge(line, parsed);
		}
		if (line != NULL &&
				gridwl_output_apply_line(output, line, &output_error)) {
			json_object_array_add(described, describe_output(output));
		} else if (error == NULL) {
			error = output_error;
		} else {
			free(output_error);
		}
	}
	gridwl_output_config_destroy(parsed);
	if (error != NULL) {
		json_object_put(described);
		return gridwl_control_error_reply(error);
	}
	struct json_object *reply = gridwl_control_success();
	if (every) {
		json_object_object_add(reply, "outputs", described);
	} else {
		json_object_object_add(reply, "output",
				json_object_get(json_object_array_get_idx(described, 0)));
		json_object_put(described);
	}
	return reply;
}

static struct json_object *cmd_create_output(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	int width, height, scale = 1, phys_width = 0, phys_height = 0;
	if (!gridwl_control_get_int(request, "width", &width) ||
			!gridwl_control_get_int(request, "height", &height)) {
		return gridwl_control_error("missing integer \"width\" or \"height\"");
	}
	if (width <= 0 || height <= 0 || width > 16384 || height > 16384) {
		return gridwl_control_error("size %dx%d is out of range", width,
				height);
	}
	struct json_object *field;
	bool has_scale = json_object_object_get_ex(request, "scale", &field);
	if (has_scale &&
			(!gridwl_control_get_int(request, "scale", &scale) ||
					scale < GRIDWL_SCALE_MIN || scale > GRIDWL_SCALE_MAX)) {
		return gridwl_control_error("scale must be an integer from %d to %d",
				GRIDWL_SCALE_MIN, GRIDWL_SCALE_MAX);
	}
	// What an EDID would say, so that the automatic scale can be tested.
	if (json_object_object_get_ex(request, "physical_width_mm", &field) &&
			(!gridwl_control_get_int(request, "physical_width_mm",
					 &phys_width) ||
					!gridwl_control_get_int(request, "physical_height_mm",
							&phys_height) ||
					phys_width < 1 || phys_height < 1 || phys_width > 10000 ||
					phys_height > 10000)) {
		return gridwl_control_error(
				"physical size must be WMMxHMM in millimetres from 1 to 10000");
	}
	struct gridwl_output_config *oc = gridwl_output_config_create("*");
	if (oc == NULL) {
		return gridwl_control_error("out of memory");
	}
	oc->has_mode = true;
	oc->width = width;
	oc->height = height;
	// Without one, the output's scale is what the config gives it, or
	// the automatic one.
	oc->has_scale = has_scale;
	oc->scale120 = scale * GRIDWL_SCALE120_ONE;
	char *error = NULL;
	server->next_output_phys_width_mm = phys_width;
	server->next_output_phys_height_mm = phys_height;
	struct gridwl_output *output =
			gridwl_output_create(server, NULL, oc, &error);
	server->next_output_phys_width_mm = 0;
	server->next_output_phys_height_mm = 0;
	gridwl_output_config_destroy(oc);
	if (output == NULL) {
		return gridwl_control_error_reply(error);
	}
	struct json_object *reply = gridwl_control_success();
	json_object_object_add(reply, "name",
			json_object_new_string(output->wlr_output->name));
	json_object_object_add(reply, "output", describe_output(output));
	return reply;
}

static struct json_object *cmd_destroy_output(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	const char *name = gridwl_control_get_string(request, "name");
	if (name == NULL) {
		return gridwl_control_error("missing string \"name\"");
	}
	struct gridwl_output *output = gridwl_output_by_name(server, name);
	if (output == NULL) {
		return gridwl_control_error("no output named %s", name);
	}
	if (server->output_backend == NULL) {
		return gridwl_control_error("outputs of the %s backend are physical; "
									"disable it instead",
				gridwl_backend_kind_name(server->backend_kind));
	}
	wlr_output_destroy(output->wlr_output);
	return gridwl_control_success();
}

/* [x, y, width, height] of ints, the size above 0 and the sums in range. */
static bool get_box(struct json_object *array, struct wlr_box *box) {
	if (!json_object_is_type(array, json_type_array) ||
			json_object_array_length(array) != 4) {
		return false;
	}
	int64_t values[4];
	for (size_t i = 0; i < 4; i++) {
		struct json_object *item = json_object_array_get_idx(array, i);
		if (!json_object_is_type(item, json_type_int)) {
			return false;
		}
		values[i] = json_object_get_int64(item);
		if (values[i] < -1000000 || values[i] > 1000000) {
			return false;
		}
	}
	*box = (struct wlr_box){ (int)values[0], (int)values[1], (int)values[2],
		(int)values[3] };
	return box->width > 0 && box->height > 0;
}

static struct json_object *cmd_screenshot(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	const char *path = gridwl_control_get_string(request, "path");
	if (path == NULL || path[0] != '/') {
		return gridwl_control_error("screenshot needs an absolute \"path\"");
	}
	struct json_object *cursor;
	bool with_cursor = json_object_object_get_ex(request, "cursor", &cursor) &&
			json_object_get_boolean(cursor);
	const char *name = gridwl_control_get_string(request, "output");
	struct wlr_box region;
	struct json_object *region_field = NULL;
	if (json_object_object_get_ex(request, "region", &region_field)) {
		if (!get_box(region_field, &region)) {
			return gridwl_control_error("\"region\" must be [x, y, width, "
										"height], width and height above 0");
		}
		if (name != NULL) {
			return gridwl_control_error("a region is of the layout: no "
										"\"output\" with it");
		}
	}
	struct json_object *field;
	bool has_window = json_object_object_get_ex(request, "window", &field);
	int window_id = 0, scale120 = 0;
	if (has_window &&
			(!gridwl_control_get_int(request, "window", &window_id) ||
					window_id <= 0)) {
		return gridwl_control_error("\"window\" must be a window id");
	}
	if (has_window && (region_field != NULL || name != NULL)) {
		return gridwl_control_error("a window is shot alone: no \"output\" "
									"or \"region\" with it");
	}
	// A JSON number from 1 to 4 (1.5), to the nearest 120th.
	bool has_scale = json_object_object_get_ex(request, "scale", &field);
	if (has_scale) {
		double value = json_object_is_type(field, json_type_int) ||
						json_object_is_type(field, json_type_double) ?
				json_object_get_double(field) :
				0;
		if (!(value >= GRIDWL_SCALE_MIN && value <= GRIDWL_SCALE_MAX)) {
			return gridwl_control_error(
					"\"scale\" must be a number from %d to %d",
					GRIDWL_SCALE_MIN, GRIDWL_SCALE_MAX);
		}
		scale120 = (int)(value * GRIDWL_SCALE120_ONE + 0.5);
	}
	if (has_scale && !has_window && region_field == NULL) {
		return gridwl_control_error("\"scale\" goes with \"window\" or "
									"\"region\": an output is taken at its "
									"own scale");
	}
	if ((has_window || has_scale) && with_cursor) {
		return gridwl_control_error("a picture composed at a scale of its own "
									"has no cursor");
	}
	struct gridwl_image image = { 0 };
	char *error = NULL;
	bool ok;
	if (has_window) {
		struct gridwl_view *view =
				gridwl_view_by_id(server, (uint32_t)window_id);
		if (view == NULL) {
			return gridwl_control_error("no window with id %d", window_id);
		}
		ok = gridwl_screenshot_window(view,
				has_scale ? scale120 : gridwl_screenshot_window_scale(view),
				&image, &error);
	} else if (has_scale) {
		ok = gridwl_screenshot_region_at_scale(server, &region, scale120,
				&image, &error);
	} else if (region_field != NULL) {
		ok = gridwl_screenshot_region(server, with_cursor, &region, &image,
				&error);
	} else if (name != NULL) {
		struct gridwl_output *output = gridwl_output_by_name(server, name);
		if (output == NULL) {
			return gridwl_control_error("no output named %s", name);
		}
		ok = gridwl_screenshot_output(output, with_cursor, &image, &error);
	} else {
		ok = gridwl_screenshot_layout(server, with_cursor, &image, &error);
	}
	// PPM by its extension, for speed; PNG otherwise.
	size_t len = strlen(path);
	bool ppm = len > 4 && strcmp(path + len - 4, ".ppm") == 0;
	if (!ok ||
			!(ppm ? gridwl_ppm_write(path, &image, &error) :
					gridwl_png_write(path, &image, &error))) {
		gridwl_image_finish(&image);
		return gridwl_control_error_reply(error);
	}
	struct json_object *reply = gridwl_control_success();
	json_object_object_add(reply, "path", json_object_new_string(path));
	json_object_object_add(reply, "width", json_object_new_int(image.width));
	json_object_object_add(reply, "height", json_object_new_int(image.height));
	gridwl_image_finish(&image);
	return reply;
}

static struct json_object *cmd_reload(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	char *error = NULL;
	if (!gridwl_server_reload(server, &error)) {
		return gridwl_control_error_reply(error);
	}
	return gridwl_control_success();
}

static struct json_object *cmd_exit(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	gridwl_server_terminate(server, 0);
	return gridwl_control_success();
}

typedef struct json_object *(*command_handler)(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending);

static struct json_object *cmd_wait(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	return gridwl_control_wait(server, request, pending);
}

static const command_handler handlers[] = {
	[GRIDWL_CONTROL_OUTPUTS] = cmd_outputs,
	[GRIDWL_CONTROL_WINDOWS] = cmd_windows,
	[GRIDWL_CONTROL_LAYERS] = cmd_layers,
	[GRIDWL_CONTROL_MOVE] = cmd_move,
	[GRIDWL_CONTROL_RESIZE] = cmd_resize,
	[GRIDWL_CONTROL_FOCUS] = cmd_focus,
	[GRIDWL_CONTROL_CLOSE] = cmd_close,
	[GRIDWL_CONTROL_OUTPUT] = cmd_output,
	[GRIDWL_CONTROL_CREATE_OUTPUT] = cmd_create_output,
	[GRIDWL_CONTROL_DESTROY_OUTPUT] = cmd_destroy_output,
	[GRIDWL_CONTROL_SCREENSHOT] = cmd_screenshot,
	[GRIDWL_CONTROL_RELOAD] = cmd_reload,
	[GRIDWL_CONTROL_EXIT] = cmd_exit,
	[GRIDWL_CONTROL_STATS] = gridwl_control_cmd_stats,
	[GRIDWL_CONTROL_WAIT] = cmd_wait,
	[GRIDWL_CONTROL_POINTER] = gridwl_control_cmd_pointer,
	[GRIDWL_CONTROL_CLICK] = gridwl_control_cmd_click,
	[GRIDWL_CONTROL_SCROLL] = gridwl_control_cmd_scroll,
	[GRIDWL_CONTROL_KEY] = gridwl_control_cmd_key,
	[GRIDWL_CONTROL_TYPE] = gridwl_control_cmd_type,
	[GRIDWL_CONTROL_TOUCH] = gridwl_control_cmd_touch,
	[GRIDWL_CONTROL_GESTURE] = gridwl_control_cmd_gesture,
	[GRIDWL_CONTROL_ACTION] = gridwl_control_cmd_action,
	[GRIDWL_CONTROL_CLIENTS] = gridwl_control_cmd_clients,
	[GRIDWL_CONTROL_INPUTS] = gridwl_control_cmd_inputs,
	[GRIDWL_CONTROL_INPUT] = gridwl_control_cmd_input,
	[GRIDWL_CONTROL_TABLET] = gridwl_control_cmd_tablet,
	[GRIDWL_CONTROL_SEATS] = gridwl_control_cmd_seats,
	[GRIDWL_CONTROL_SWITCH] = gridwl_control_cmd_switch,
	[GRIDWL_CONTROL_WORKSPACES] = gridwl_control_cmd_workspaces,
	[GRIDWL_CONTROL_WORKSPACE] = gridwl_control_cmd_workspace,
	[GRIDWL_CONTROL_MOVE_TO_WORKSPACE] = gridwl_control_cmd_move_to_workspace,
	[GRIDWL_CONTROL_SUBSCRIBE] = gridwl_control_cmd_subscribe,
};

_Static_assert(sizeof(handlers) / sizeof(handlers[0]) ==
				GRIDWL_CONTROL_COMMAND_COUNT,
		"every control command needs a handler");

bool gridwl_control_handles(enum gridwl_control_command command) {
	return handlers[command] != NULL;
}

struct json_object *gridwl_control_handle_request(void *data,
		struct json_object *request, struct gridwl_control_pending *pending) {
	struct gridwl_server *server = data;
	const char *name = gridwl_control_get_string(request, "command");
	if (name == NULL) {
		return gridwl_control_error("missing string \"command\"");
	}
	enum gridwl_control_command command;
	if (!gridwl_control_command_from_name(name, &command) ||
			!gridwl_control_handles(command)) {
		return gridwl_control_error("unknown command '%s'", name);
	}
	return handlers[command](server, request, pending);
}
