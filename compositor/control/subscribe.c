#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/util/log.h>
#include "compositor/control/socket.h"
#include "compositor/control/subscribe.h"
#include "compositor/control/workspaces.h"
#include "compositor/control/commands.h"
#include "compositor/server.h"
#include "compositor/view/view.h"
#include "compositor/workspace/workspace.h"
#include "config/config.h"
#include "config/input_config.h"
#include "input/input_device.h"
#include "input/seat.h"

enum event_kind {
	EVENT_WINDOW,
	EVENT_WORKSPACE,
	EVENT_OUTPUT,
	EVENT_BINDING,
	EVENT_INPUT,
	EVENT_KIND_COUNT,
};

static const char *const kind_names[] = {
	[EVENT_WINDOW] = "window",
	[EVENT_WORKSPACE] = "workspace",
	[EVENT_OUTPUT] = "output",
	[EVENT_BINDING] = "binding",
	[EVENT_INPUT] = "input",
};

struct subscriber {
	struct wl_list link; // gridwl_subscriptions.subscribers
	struct gridwl_control_pending *pending;
	bool kinds[EVENT_KIND_COUNT];
};

/* An output in the layout, to tell when it goes. */
struct layout_output {
	struct wl_list link; // gridwl_subscriptions.outputs
	struct gridwl_subscriptions *subscriptions;
	struct wlr_output_layout_output *layout_output;
	struct wl_listener destroy;
};

struct gridwl_subscriptions {
	struct gridwl_server *server;
	struct wl_list subscribers;
	struct wl_list outputs; // layout_output.link
	struct wl_listener layout_add;
	struct wl_listener layout_change;
	struct wl_listener focus_change;
	bool focus_listening;
};

static void subscriber_destroy(struct subscriber *subscriber) {
	wl_list_remove(&subscriber->link);
	free(subscriber);
}

/* The control socket's cancel: the subscriber hung up. */
static void subscriber_cancel(void *data) {
	subscriber_destroy(data);
}

/* Sends event (taken) to every subscriber of kind. */
static void broadcast(struct gridwl_server *server, enum event_kind kind,
		struct json_object *event) {
	struct gridwl_subscriptions *subscriptions = server->subscriptions;
	if (subscriptions == NULL) {
		json_object_put(event);
		return;
	}
	json_object_object_add(event, "event",
			json_object_new_string(kind_names[kind]));
	struct subscriber *subscriber, *tmp;
	wl_list_for_each_safe(subscriber, tmp, &subscriptions->subscribers, link) {
		if (!subscriber->kinds[kind] ||
				gridwl_control_pending_send(subscriber->pending,
						json_object_get(event))) {
			continue;
		}
		// It reads nothing: end it rather than hold its events.
		wlr_log(WLR_INFO, "subscribe: a subscriber reads nothing, ended");
		struct gridwl_control_pending *pending = subscriber->pending;
		subscriber_destroy(subscriber);
		gridwl_control_pending_reply(pending,
				gridwl_control_error("events not read: subscription ended"));
	}
	json_object_put(event);
}

static bool has_subscribers(struct gridwl_server *server) {
	return server->subscriptions != NULL &&
			!wl_list_empty(&server->subscriptions->subscribers);
}

void gridwl_subscribe_window(struct gridwl_server *server,
		struct gridwl_view *view, const char *change) {
	if (!has_subscribers(server) || !gridwl_view_is_window(view)) {
		return;
	}
	struct json_object *window = gridwl_control_window_identity(view);
	json_object_object_add(window, "workspace",
			json_object_new_int(view->workspace));
	struct json_object *event = json_object_new_object();
	json_object_object_add(event, "change", json_object_new_string(change));
	json_object_object_add(event, "window", window);
	broadcast(server, EVENT_WINDOW, event);
}

void gridwl_subscribe_workspace(struct gridwl_server *server, int previous) {
	if (!has_subscribers(server)) {
		return;
	}
	struct json_object *event = json_object_new_object();
	json_object_object_add(event, "change", json_object_new_string("shown"));
	json_object_object_add(event, "workspace",
			gridwl_control_workspace_identity(server,
					server->workspaces->shown));
	json_object_object_add(event, "previous",
			gridwl_control_workspace_identity(server, previous));
	broadcast(server, EVENT_WORKSPACE, event);
}

void gridwl_subscribe_input(struct gridwl_server *server,
		const struct gridwl_input_device *device, const char *change) {
	if (!has_subscribers(server)) {
		return;
	}
	struct json_object *input = json_object_new_object();
	json_object_object_add(input, "identifier",
			json_object_new_string(device->identifier));
	json_object_object_add(input, "type",
			json_object_new_string(gridwl_input_type_name(device->type)));
	json_object_object_add(input, "name",
			json_object_new_string(device->wlr_device->name != NULL ?
							device->wlr_device->name :
							""));
	struct json_object *event = json_object_new_object();
	json_object_object_add(event, "change", json_object_new_string(change));
	json_object_object_add(event, "input", input);
	broadcast(server, EVENT_INPUT, event);
}

void gridwl_subscribe_binding(struct gridwl_server *server,
		const struct gridwl_binding *binding) {
	if (!has_subscribers(server)) {
		return;
	}
	const char *argument =
			binding->command != NULL ? binding->command : binding->argument;
	struct json_object *event = json_object_new_object();
	json_object_object_add(event, "change", json_object_new_string("run"));
	json_object_object_add(event, "action",
			json_object_new_string(
					gridwl_binding_action_name(binding->action)));
	json_object_object_add(event, "argument",
			argument != NULL ? json_object_new_string(argument) : NULL);
	broadcast(server, EVENT_BINDING, event);
}

static void output_event(struct gridwl_subscriptions *subscriptions,
		struct wlr_output *output, const char *change) {
	if (!has_subscribers(subscriptions->server)) {
		return;
	}
	struct json_object *object = json_object_new_object();
	json_object_object_add(object, "name",
			json_object_new_string(output->name));
	struct json_object *event = json_object_new_object();
	json_object_object_add(event, "change", json_object_new_string(change));
	json_object_object_add(event, "output", object);
	broadcast(subscriptions->server, EVENT_OUTPUT, event);
}

static void layout_output_destroy(struct layout_output *tracked) {
	wl_list_remove(&tracked->destroy.link);
	wl_list_remove(&tracked->link);
	free(tracked);
}

static void handle_layout_output_destroy(struct wl_listener *listener,
		void *data) {
	struct layout_output *tracked = wl_container_of(listener, tracked, destroy);
	output_event(tracked->subscriptions, tracked->layout_output->output,
			"removed");
	layout_output_destroy(tracked);
}

static void handle_layout_add(struct wl_listener *listener, void *data) {
	struct gridwl_subscriptions *subscriptions =
			wl_container_of(listener, subscriptions, layout_add);
	struct wlr_output_layout_output *layout_output = data;
	struct layout_output *tracked = calloc(1, sizeof(*tracked));
	if (tracked == NULL) {
		wlr_log(WLR_ERROR, "subscribe: out of memory");
		return;
	}
	tracked->subscriptions = subscriptions;
	tracked->layout_output = layout_output;
	tracked->destroy.notify = handle_layout_output_destroy;
	wl_signal_add(&layout_output->events.destroy, &tracked->destroy);
	wl_list_insert(&subscriptions->outputs, &tracked->link);
	output_event(subscriptions, layout_output->output, "added");
}

/* A mode, scale, position or transform changed: the layout says which
 * output only by its boxes, so every output is "changed". */
static void handle_layout_change(struct wl_listener *listener, void *data) {
	struct gridwl_subscriptions *subscriptions =
			wl_container_of(listener, subscriptions, layout_change);
	if (!has_subscribers(subscriptions->server)) {
		return;
	}
	struct wlr_output_layout_output *layout_output;
	wl_list_for_each(layout_output,
			&subscriptions->server->output_layout->outputs, link) {
		output_event(subscriptions, layout_output->output, "changed");
	}
}

static void handle_focus_change(struct wl_listener *listener, void *data) {
	struct gridwl_subscriptions *subscriptions =
			wl_container_of(listener, subscriptions, focus_change);
	struct wlr_seat_keyboard_focus_change_event *event = data;
	struct gridwl_view *view = event->new_surface != NULL ?
			gridwl_view_from_surface(event->new_surface) :
			NULL;
	struct gridwl_view *old = event->old_surface != NULL ?
			gridwl_view_from_surface(event->old_surface) :
			NULL;
	// Between a window and its own menus the window keeps the focus.
	if (view != NULL && view != old && view->mapped) {
		gridwl_subscribe_window(subscriptions->server, view, "focus");
	}
}

bool gridwl_subscribe_init(struct gridwl_server *server) {
	struct gridwl_subscriptions *subscriptions =
			calloc(1, sizeof(*subscriptions));
	if (subscriptions == NULL) {
		return false;
	}
	subscriptions->server = server;
	wl_list_init(&subscriptions->subscribers);
	wl_list_init(&subscriptions->outputs);
	wl_list_init(&subscriptions->focus_change.link);
	subscriptions->layout_add.notify = handle_layout_add;
	wl_signal_add(&server->output_layout->events.add,
			&subscriptions->layout_add);
	subscriptions->layout_change.notify = handle_layout_change;
	wl_signal_add(&server->output_layout->events.change,
			&subscriptions->layout_change);
	server->subscriptions = subscriptions;
	return true;
}

void gridwl_subscribe_finish(struct gridwl_server *server) {
	struct gridwl_subscriptions *subscriptions = server->subscriptions;
	if (subscriptions == NULL) {
		return;
	}
	// The control socket is gone, and with it every subscriber.
	struct layout_output *tracked, *tmp;
	wl_list_for_each_safe(tracked, tmp, &subscriptions->outputs, link) {
		layout_output_destroy(tracked);
	}
	wl_list_remove(&subscriptions->layout_add.link);
	wl_list_remove(&subscriptions->layout_change.link);
	wl_list_remove(&subscriptions->focus_change.link);
	free(subscriptions);
	server->subscriptions = NULL;
}

struct json_object *gridwl_control_cmd_subscribe(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	struct gridwl_subscriptions *subscriptions = server->subscriptions;
	struct json_object *kinds;
	if (!json_object_object_get_ex(request, "events", &kinds) ||
			!json_object_is_type(kinds, json_type_array)) {
		return gridwl_control_error("subscribe needs an \"events\" array");
	}
	struct subscriber *subscriber = calloc(1, sizeof(*subscriber));
	if (subscriber == NULL) {
		return gridwl_control_error("out of memory");
	}
	size_t count = json_object_array_length(kinds);
	for (size_t i = 0; i < count; i++) {
		const char *name =
				json_object_get_string(json_object_array_get_idx(kinds, i));
		bool known = false;
		for (int kind = 0; kind < EVENT_KIND_COUNT && name != NULL; kind++) {
			if (strcmp(name, kind_names[kind]) == 0) {
				subscriber->kinds[kind] = known = true;
			}
		}
		if (!known) {
			free(subscriber);
			return gridwl_control_error("unknown event kind '%s' (want "
										"window, workspace, output, input "
										"or binding)",
					name != NULL ? name : "");
		}
	}
	// None named: every kind.
	for (int kind = 0; count == 0 && kind < EVENT_KIND_COUNT; kind++) {
		subscriber->kinds[kind] = true;
	}
	if (!subscriptions->focus_listening) {
		subscriptions->focus_change.notify = handle_focus_change;
		wl_signal_add(
				&server->seat->wlr_seat->keyboard_state.events.focus_change,
				&subscriptions->focus_change);
		subscriptions->focus_listening = true;
	}
	struct json_object *reply = gridwl_control_success();
	struct json_object *list = json_object_new_array();
	for (int kind = 0; kind < EVENT_KIND_COUNT; kind++) {
		if (subscriber->kinds[kind]) {
			json_object_array_add(list,
					json_object_new_string(kind_names[kind]));
		}
	}
	json_object_object_add(reply, "events", list);
	// The reply goes first, as the first line of the stream.
	subscriber->pending = pending;
	wl_list_insert(subscriptions->subscribers.prev, &subscriber->link);
	gridwl_control_defer(pending, subscriber_cancel, subscriber);
	gridwl_control_pending_send(pending, reply);
	return NULL;
}
