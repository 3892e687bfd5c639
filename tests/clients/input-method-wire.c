#include "input-method-wire.h"

static const struct wl_interface *manager_get_types[] = {
	&wl_seat_interface,
	&zwp_input_method_v2_interface,
};
static const struct wl_message manager_requests[] = {
	{ "get_input_method", "on", manager_get_types },
	{ "destroy", "", NULL },
};
const struct wl_interface zwp_input_method_manager_v2_interface = {
	"zwp_input_method_manager_v2",
	1,
	2,
	manager_requests,
	0,
	NULL,
};

static const struct wl_interface *null_types[] = { NULL, NULL, NULL, NULL,
	NULL };
static const struct wl_interface *popup_types[] = {
	&zwp_input_popup_surface_v2_interface,
	&wl_surface_interface,
};
static const struct wl_interface *grab_types[] = {
	&zwp_input_method_keyboard_grab_v2_interface,
};
static const struct wl_message im_requests[] = {
	{ "commit_string", "s", null_types },
	{ "set_preedit_string", "sii", null_types },
	{ "delete_surrounding_text", "uu", null_types },
	{ "commit", "u", null_types },
	{ "get_input_popup_surface", "no", popup_types },
	{ "grab_keyboard", "n", grab_types },
	{ "destroy", "", null_types },
};
static const struct wl_message im_events[] = {
	{ "activate", "", null_types },
	{ "deactivate", "", null_types },
	{ "surrounding_text", "suu", null_types },
	{ "text_change_cause", "u", null_types },
	{ "content_type", "uu", null_types },
	{ "done", "", null_types },
	{ "unavailable", "", null_types },
};
const struct wl_interface zwp_input_method_v2_interface = {
	"zwp_input_method_v2",
	1,
	7,
	im_requests,
	7,
	im_events,
};

static const struct wl_message popup_requests[] = {
	{ "destroy", "", null_types },
};
static const struct wl_message popup_events[] = {
	{ "text_input_rectangle", "iiii", null_types },
};
const struct wl_interface zwp_input_popup_surface_v2_interface = {
	"zwp_input_popup_surface_v2",
	1,
	1,
	popup_requests,
	1,
	popup_events,
};

static const struct wl_message grab_requests[] = {
	{ "release", "", null_types },
};
static const struct wl_message grab_events[] = {
	{ "keymap", "uhu", null_types },
	{ "key", "uuuu", null_types },
	{ "modifiers", "uuuuu", null_types },
	{ "repeat_info", "ii", null_types },
};
const struct wl_interface zwp_input_method_keyboard_grab_v2_interface = {
	"zwp_input_method_keyboard_grab_v2",
	1,
	1,
	grab_requests,
	4,
	grab_events,
};
