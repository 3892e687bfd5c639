#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-server-core.h>
#include <wlr/util/log.h>
#include "compositor/control/commands.h"
#include "compositor/control/socket.h"
#include "compositor/control/wait.h"
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/view/view.h"

/*
 * gridctl wait: requests answered once something has happened on screen,
 * so scripts and tests need not sleep. Each wait is its own object, living
 * from the request until it is answered (then freed) or its client hangs
 * up (the control socket cancels it). It follows the server's events and
 * two timers of the event loop; it holds no view or output, and looks at
 * the current ones each time something changed.
 */

#define DEFAULT_TIMEOUT_S 10.0
#define MAX_TIMEOUT_S 86400.0
#define DEFAULT_QUIET_MS 200
#define MAX_QUIET_MS 3600000

enum wait_kind {
	WAIT_WINDOW,
	WAIT_SETTLED,
};

struct gridwl_wait {
	struct gridwl_server *server;
	struct gridwl_control_pending *pending;
	enum wait_kind kind;
	double timeout_s;

	// WAIT_WINDOW: the criteria of a window rule, matched as rules are.
	struct gridwl_window_rule criteria;
	// WAIT_SETTLED
	int quiet_ms;

	struct wl_event_source *timeout;
	struct wl_event_source *quiet; // WAIT_SETTLED
	struct wl_listener surface_commit; // WAIT_SETTLED
	struct wl_listener output_frame;
	struct wl_listener view_map; // WAIT_WINDOW
};

static void wait_destroy(struct gridwl_wait *wait) {
	if (wait->timeout != NULL) {
		wl_event_source_remove(wait->timeout);
	}
	if (wait->quiet != NULL) {
		wl_event_source_remove(wait->quiet);
	}
	wl_list_remove(&wait->surface_commit.link);
	wl_list_remove(&wait->output_frame.link);
	wl_list_remove(&wait->view_map.link);
	gridwl_window_rule_finish(&wait->criteria);
	free(wait);
}

/* The control socket's cancel: the client hung up. */
static void wait_handle_cancel(void *data) {
	struct gridwl_wait *wait = data;
	wait_destroy(wait);
}

/* Answers and frees the wait; takes reply. */
static void wait_finish(struct gridwl_wait *wait, struct json_object *reply) {
	gridwl_control_pending_reply(wait->pending, reply);
	wait_destroy(wait);
}

static bool wait_matches(struct gridwl_wait *wait, struct gridwl_view *view) {
	if (!view->mapped || !gridwl_view_is_window(view)) {
		return false;
	}
	struct gridwl_window_identity identity = gridwl_view_identity(view);
	return gridwl_window_rule_matches(&wait->criteria, &identity);
}

/* The topmost window that matches and whose current buffers every output
 * it is on has presented. */
static struct gridwl_view *find_presented_window(struct gridwl_wait *wait) {
	struct gridwl_view *view;
	wl_list_for_each(view, &wait->server->views, link) {
		if (wait_matches(wait, view) && gridwl_view_is_presented(view)) {
			return view;
		}
	}
	return NULL;
}

static struct json_object *window_reply(struct gridwl_view *view) {
	struct json_object *reply = gridwl_control_success();
	json_object_object_add(reply, "window", gridwl_control_describe_view(view));
	return reply;
}

/* Returns whether the wait was answered (and freed). */
static bool wait_window_check(struct gridwl_wait *wait) {
	struct gridwl_view *view = find_presented_window(wait);
	if (view == NULL) {
		return false;
	}
	wait_finish(wait, window_reply(view));
	return true;
}

static void wait_handle_output_frame(struct wl_listener *listener, void *data) {
	struct gridwl_wait *wait = wl_container_of(listener, wait, output_frame);
	struct gridwl_output_frame_event *event = data;
	if (wait->kind == WAIT_WINDOW) {
		wait_window_check(wait);
	} else if (event->repainted) {
		wl_event_source_timer_update(wait->quiet, wait->quiet_ms);
	}
}

static void wait_handle_view_map(struct wl_listener *listener, void *data) {
	struct gridwl_wait *wait = wl_container_of(listener, wait, view_map);
	wait_window_check(wait);
}

static void wait_handle_surface_commit(struct wl_listener *listener,
		void *data) {
	struct gridwl_wait *wait = wl_container_of(listener, wait, surface_commit);
	// Something will change on screen: the quiet time starts again.
	wl_event_source_timer_update(wait->quiet, wait->quiet_ms);
}

static int wait_handle_quiet(void *data) {
	struct gridwl_wait *wait = data;
	wait_finish(wait, gridwl_control_success());
	return 0;
}

static int wait_handle_timeout(void *data) {
	struct gridwl_wait *wait = data;
	const char *what = wait->kind == WAIT_WINDOW ?
			"a matching window to be shown" :
			"the screen to settle";
	wait_finish(wait,
			gridwl_control_error("timed out after %g s waiting for %s",
					wait->timeout_s, what));
	return 0;
}

static const char *get_string(struct json_object *request, const char *key,
		bool *bad) {
	struct json_object *field;
	if (!json_object_object_get_ex(request, key, &field)) {
		return NULL;
	}
	if (!json_object_is_type(field, json_type_string)) {
		*bad = true;
		return NULL;
	}
	return json_object_get_string(field);
}

/* Compiles the request's key, if it has one, as a rule's KEY=REGEX; NULL
 * or an error reply. */
static struct json_object *compile_criterion(
		struct gridwl_window_criterion *criterion, struct json_object *request,
		const char *key) {
	bool bad = false;
	const char *pattern = get_string(request, key, &bad);
	if (bad) {
		return gridwl_control_error("\"%s\" must be a string", key);
	}
	char *error = NULL;
	if (pattern != NULL &&
			!gridwl_window_criterion_compile(criterion, key, pattern, NULL,
					&error)) {
		struct json_object *reply = gridwl_control_error("%s",
				error != NULL ? error : "out of memory");
		free(error);
		return reply;
	}
	return NULL;
}

/* Reads the request's options into wait; NULL or an error reply. */
static struct json_object *parse_options(struct gridwl_wait *wait,
		struct json_object *request) {
	struct json_object *field;
	wait->timeout_s = DEFAULT_TIMEOUT_S;
	if (json_object_object_get_ex(request, "timeout", &field)) {
		if (!json_object_is_type(field, json_type_int) &&
				!json_object_is_type(field, json_type_double)) {
			return gridwl_control_error("\"timeout\" must be a number");
		}
		double timeout = json_object_get_double(field);
		if (!isfinite(timeout) || timeout <= 0 || timeout > MAX_TIMEOUT_S) {
			return gridwl_control_error(
					"timeout %g s is out of range (above 0, at most %g)",
					timeout, MAX_TIMEOUT_S);
		}
		wait->timeout_s = timeout;
	}
	if (wait->kind == WAIT_SETTLED) {
		wait->quiet_ms = DEFAULT_QUIET_MS;
		if (json_object_object_get_ex(request, "quiet", &field)) {
			int64_t quiet = json_object_get_int64(field);
			if (!json_object_is_type(field, json_type_int) || quiet < 1 ||
					quiet > MAX_QUIET_MS) {
				return gridwl_control_error(
						"\"quiet\" must be milliseconds from 1 to %d",
						MAX_QUIET_MS);
			}
			wait->quiet_ms = (int)quiet;
		}
		return NULL;
	}
	struct json_object *error =
			compile_criterion(&wait->criteria.app_id, request, "app_id");
	if (error == NULL) {
		error = compile_criterion(&wait->criteria.title, request, "title");
	}
	if (error == NULL) {
		error = compile_criterion(&wait->criteria.x11_class, request, "class");
	}
	return error;
}

struct json_object *gridwl_control_wait(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	bool bad = false;
	const char *what = get_string(request, "for", &bad);
	enum wait_kind kind;
	if (what != NULL && strcmp(what, "window") == 0) {
		kind = WAIT_WINDOW;
	} else if (what != NULL && strcmp(what, "settled") == 0) {
		kind = WAIT_SETTLED;
	} else {
		return gridwl_control_error(
				"wait needs \"for\": \"window\" or \"settled\"");
	}

	struct gridwl_wait *wait = calloc(1, sizeof(*wait));
	if (wait == NULL) {
		return gridwl_control_error("out of memory");
	}
	wait->server = server;
	wait->pending = pending;
	wait->kind = kind;
	wl_list_init(&wait->surface_commit.link);
	wl_list_init(&wait->output_frame.link);
	wl_list_init(&wait->view_map.link);
	struct json_object *error = parse_options(wait, request);
	if (error != NULL) {
		wait_destroy(wait);
		return error;
	}

	if (kind == WAIT_WINDOW) {
		// Already on screen as it is now: nothing to wait for.
		struct gridwl_view *view = find_presented_window(wait);
		if (view != NULL) {
			wait_destroy(wait);
			return window_reply(view);
		}
	}

	wait->timeout =
			wl_event_loop_add_timer(server->loop, wait_handle_timeout, wait);
	if (wait->timeout == NULL) {
		wait_destroy(wait);
		return gridwl_control_error("cannot create a timer");
	}
	// Rounded up, so a wait never ends before its time.
	wl_event_source_timer_update(wait->timeout,
			(int)ceil(wait->timeout_s * 1000.0));

	wait->output_frame.notify = wait_handle_output_frame;
	wl_signal_add(&server->events.output_frame, &wait->output_frame);
	if (kind == WAIT_WINDOW) {
		wait->view_map.notify = wait_handle_view_map;
		wl_signal_add(&server->events.view_map, &wait->view_map);
	} else {
		wait->quiet =
				wl_event_loop_add_timer(server->loop, wait_handle_quiet, wait);
		if (wait->quiet == NULL) {
			wait_destroy(wait);
			return gridwl_control_error("cannot create a timer");
		}
		// Counted from the request: what happened before is not known.
		wl_event_source_timer_update(wait->quiet, wait->quiet_ms);
		wait->surface_commit.notify = wait_handle_surface_commit;
		wl_signal_add(&server->events.surface_commit, &wait->surface_commit);
	}
	gridwl_control_defer(pending, wait_handle_cancel, wait);
	return NULL;
}
