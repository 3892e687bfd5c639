#include "virtual-keyboard-wire.h"

static const struct wl_interface *manager_create_types[] = {
	&wl_seat_interface,
	&zwp_virtual_keyboard_v1_interface,
};

static const struct wl_message manager_requests[] = {
	{ "create_virtual_keyboard", "on", manager_create_types },
};

const struct wl_interface zwp_virtual_keyboard_manager_v1_interface = {
	"zwp_virtual_keyboard_manager_v1",
	1,
	1,
	manager_requests,
	0,
	NULL,
};

static const struct wl_interface *no_types[] = { NULL, NULL, NULL, NULL };

static const struct wl_message keyboard_requests[] = {
	{ "keymap", "uhu", no_types },
	{ "key", "uuu", no_types },
	{ "modifiers", "uuuu", no_types },
	{ "destroy", "", no_types },
};

const struct wl_interface zwp_virtual_keyboard_v1_interface = {
	"zwp_virtual_keyboard_v1",
	1,
	4,
	keyboard_requests,
	0,
	NULL,
};
