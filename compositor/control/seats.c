#include <json-c/json.h>
#include <sys/types.h>
#include <wayland-server-core.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_seat.h>
#include "compositor/control/seats.h"
#include "compositor/server.h"
#include "compositor/view/view.h"
#include "input/seat.h"
#include "input/transient_seat.h"
#include "protocol/control.h"

/*
 * gridctl seats: which seats there are (the user's seat0 and the seats
 * remote desktops make for themselves, ext-transient-seat-v1), and for
 * each one the view its keyboard and its pointer are in and where its
 * cursor is, so that one can tell a remote user's input from the local
 * one's.
 */

/* The id of the view surface is part of, or null (nothing, or a surface
 * of no view). */
static struct json_object *view_id(struct wlr_surface *surface) {
	struct gridwl_view *view =
			surface != NULL ? gridwl_view_from_surface(surface) : NULL;
	return view != NULL ? json_object_new_int64(view->id) : NULL;
}

static struct json_object *position(bool shown, double x, double y) {
	if (!shown) {
		return NULL;
	}
	struct json_object *object = json_object_new_object();
	json_object_object_add(object, "x", json_object_new_double(x));
	json_object_object_add(object, "y", json_object_new_double(y));
	return object;
}

static struct json_object *describe_seat(struct wlr_seat *wlr_seat,
		bool transient) {
	struct json_object *object = json_object_new_object();
	json_object_object_add(object, "name",
			json_object_new_string(wlr_seat->name));
	json_object_object_add(object, "transient",
			json_object_new_boolean(transient));
	json_object_object_add(object, "keyboard_focus",
			view_id(wlr_seat->keyboard_state.focused_surface));
	json_object_object_add(object, "pointer_focus",
			view_id(wlr_seat->pointer_state.focused_surface));
	return object;
}

static void add_transient(const struct gridwl_transient_seat_info *info,
		void *data) {
	struct json_object *seats = data;
	struct json_object *object = describe_seat(info->wlr_seat, true);
	pid_t pid;
	uid_t uid;
	gid_t gid;
	wl_client_get_credentials(info->client, &pid, &uid, &gid);
	json_object_object_add(object, "pid", json_object_new_int(pid));
	json_object_object_add(object, "own_focus",
			json_object_new_boolean(info->own_focus));
	json_object_object_add(object, "cursor",
			position(info->cursor_shown, info->x, info->y));
	const char *image = info->client_cursor ? "client" : info->cursor_image;
	json_object_object_add(object, "cursor_image",
			image != NULL ? json_object_new_string(image) : NULL);
	json_object_array_add(seats, object);
}

struct json_object *gridwl_control_cmd_seats(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending) {
	struct gridwl_seat *seat = server->seat;
	struct json_object *seats = json_object_new_array();
	struct json_object *user = describe_seat(seat->wlr_seat, false);
	// Parked, or with no pointing device, the cursor is nowhere.
	bool shown = seat->pointer_count > 0 && !seat->pointer_parked;
	json_object_object_add(user, "cursor",
			position(shown, seat->cursor->x, seat->cursor->y));
	json_object_array_add(seats, user);
	gridwl_transient_seats_for_each(seat->transient_seats, add_transient,
			seats);
	struct json_object *reply = gridwl_control_success();
	json_object_object_add(reply, "seats", seats);
	return reply;
}
