#ifndef GRIDWL_INPUT_SEAT_H
#define GRIDWL_INPUT_SEAT_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>
#include <wlr/util/box.h>
#include "input/cursor_surface.h"
#include "input/gestures.h"
#include "input/listeners.h"

struct gridwl_server;
struct gridwl_output;
struct gridwl_view;
struct gridwl_shortcuts_inhibit;
struct gridwl_input_method_relay;
struct gridwl_pointer_constraints;
struct gridwl_control_pointer;
struct gridwl_control_keyboard;
struct gridwl_control_touch;
struct gridwl_control_tablet;
struct gridwl_control_pad;
struct gridwl_control_switch;
struct gridwl_tablets;
struct gridwl_transient_seats;
struct gridwl_keyboard_move;
struct wlr_input_device;
struct wlr_keyboard;
struct wlr_surface;
struct wlr_xcursor_manager;

enum gridwl_grab_mode {
	GRIDWL_GRAB_NONE,
	GRIDWL_GRAB_MOVE,
	GRIDWL_GRAB_RESIZE,
};

struct gridwl_seat {
	struct gridwl_server *server;
	struct wlr_seat *wlr_seat;
	struct wlr_cursor *cursor;
	struct wlr_xcursor_manager *xcursor_manager;
	// What the cursor shows, as wlr_cursor keeps it to itself: the theme
	// image of this manager (which it reads again whenever an output's
	// scale changes, so the manager lives as long as that), or a client's
	// surface (which the output cursors have only the texture of, and
	// gridwl_cursor_client_surface gives the frame plan); both NULL while it
	// shows nothing.
	struct wlr_xcursor_manager *cursor_theme_shown;
	struct gridwl_cursor_surface cursor_surface;
	// The theme before the last reload, while the cursor still shows it.
	struct wlr_xcursor_manager *retired_xcursor_manager;
	// Themes loaded at a scale (input/cursor_theme.c; gridctl stats'
	// cursor_theme_loads), and whether one was found too small.
	int cursor_theme_loads;
	bool cursor_theme_small_logged;
	bool pointer_placed; // by gridwl_seat_output_placed
	// The pointer headless gridwl starts with (gridwl_seat_add_control_
	// devices), and a nested gridwl's, is nowhere until it first moves or
	// clicks (or, headless, another pointer comes): no cursor drawn and no
	// surface entered, so a window that maps under the parked pointer is
	// drawn and told nothing of it.
	bool pointer_parked;
	struct wl_list keyboards; // gridwl_keyboard.link
	// Every device, with its input config (input/input_device.h).
	struct wl_list devices; // gridwl_input_device.link
	int pointer_count;
	int touch_count;
	struct wl_list touch_points; // gridwl_touch_point.link
	struct gridwl_manager_listener *virtual_pointers;
	struct gridwl_manager_listener *virtual_keyboards;
	struct gridwl_shortcuts_inhibit *shortcuts_inhibit;
	struct gridwl_manager_listener *cursor_shape;
	struct gridwl_gestures gestures;
	// text-input-v3 and input-method-v2 (input/input_method.h).
	struct gridwl_input_method_relay *input_method_relay;
	// relative-pointer-unstable-v1; freed by wlroots with the display.
	struct wlr_relative_pointer_manager_v1 *relative_pointers;
	struct gridwl_pointer_constraints *pointer_constraints;
	// tablet-unstable-v2 (input/tablet.h).
	struct gridwl_tablets *tablets;
	// ext-transient-seat-v1 (input/transient_seat.h).
	struct gridwl_transient_seats *transient_seats;
	// The pointer gridctl drives, from its first use; NULL before.
	struct gridwl_control_pointer *control_pointer;
	// The keyboard gridctl types on, from its first use; NULL before.
	struct gridwl_control_keyboard *control_keyboard;
	// Headless, until that keyboard is made: what makes it at the first
	// wl_seat a client creates (input/control_keyboard_first_use.c).
	struct gridwl_keyboard_first_use *keyboard_first_use;
	// Keymaps compiled from input lines (gridctl stats' keymaps_compiled).
	uint64_t keymaps_compiled;
	// The touch screen gridctl touches, from its first use; NULL before.
	struct gridwl_control_touch *control_touch;
	// The tablet gridctl draws with, from its first use; NULL before.
	struct gridwl_control_tablet *control_tablet;
	// Its pad, between gridctl tablet pad add and remove; NULL else.
	struct gridwl_control_pad *control_pad;
	// The switch gridctl toggles (input/switch.h), from its first use.
	struct gridwl_control_switch *control_switch;

	// An interactive move or resize, in logical coordinates.
	enum gridwl_grab_mode grab_mode;
	struct gridwl_view *grab_view;
	double grab_x, grab_y;
	struct wlr_box grab_box;
	uint32_t grab_edges;
	// A window moved or resized with the arrow keys (input/keyboard_move.c),
	// NULL while none is.
	struct gridwl_keyboard_move *keyboard_move;
	// The last press on a title bar (input/decoration_input.c), for the
	// double-click: the window's id (0 for none) and when.
	uint32_t title_click_view;
	uint32_t title_click_msec;
	// The cursor shows a frame's shape, to be put back when it leaves.
	bool frame_cursor;
	// A finger moving a window by its title bar, or resizing it by a
	// border (the edges it holds, 0 to move): the window's id (0 for
	// none), the touch point, where it went down and the window then.
	uint32_t touch_move_view;
	int32_t touch_move_id;
	uint32_t touch_move_edges;
	double touch_move_x, touch_move_y;
	struct wlr_box touch_move_box;

	// Pending re-evaluation of pointer focus after the windows changed.
	struct wl_event_source *pointer_rebase_idle;
	// The pointer's theme image, asked for before the Wayland socket and
	// shown once the event loop runs (input/cursor.c).
	struct wl_event_source *cursor_theme_idle;

	struct wl_listener new_input;
	struct gridwl_cursor_events cursor_events;
	struct gridwl_listeners touch_listeners; // on the cursor
	struct wl_listener touch_down;
	struct wl_listener touch_up;
	struct wl_listener touch_motion;
	struct wl_listener touch_cancel;
	struct wl_listener touch_frame;
	struct wl_listener request_set_selection;
	struct wl_listener request_set_primary_selection;
};

struct gridwl_seat *gridwl_seat_create(struct gridwl_server *server);
void gridwl_seat_destroy(struct gridwl_seat *seat);

/* Shows the theme's pointer when no surface has the pointer. Run whenever
 * an output is configured (the theme is loaded once per scale, and each
 * output draws the image for its own: input/cursor_theme.h). */
void gridwl_seat_output_configured(struct gridwl_seat *seat,
		struct gridwl_output *output);
/* After outputs were added, moved, rescaled or removed. */
void gridwl_seat_layout_changed(struct gridwl_seat *seat);
/* The pointer starts at the centre of the first output that enters the
 * layout; later outputs leave it where it is. Run once the output has its
 * place in the layout. */
void gridwl_seat_output_placed(struct gridwl_seat *seat,
		struct gridwl_output *output);
/* Loads the cursor theme the configuration names again (after a reload). */
void gridwl_seat_apply_cursor_config(struct gridwl_seat *seat);
void gridwl_seat_focus_surface(struct gridwl_seat *seat,
		struct wlr_surface *surface);
/* Gives a grabbing popup (or, when it goes, the surface below it) the
 * keyboard while the popup grab holds it. */
void gridwl_seat_focus_popup(struct gridwl_seat *seat,
		struct wlr_surface *surface);
void gridwl_seat_view_unmapped(struct gridwl_seat *seat,
		struct gridwl_view *view);
void gridwl_seat_begin_move(struct gridwl_seat *seat, struct gridwl_view *view);
void gridwl_seat_begin_resize(struct gridwl_seat *seat,
		struct gridwl_view *view, uint32_t edges);
/* Box resized by dragging its edges by dx,dy, no smaller than a window may
 * be made. */
struct wlr_box gridwl_resized_box(struct wlr_box box, uint32_t edges, int dx,
		int dy);
/* Gives the pointer to whatever surface is under it now. */
void gridwl_seat_update_pointer_focus(struct gridwl_seat *seat,
		uint32_t time_msec);
/* Re-evaluates pointer focus once the current batch of requests is done:
 * for windows and surfaces that moved, restacked, resized or (un)mapped
 * under a still pointer. Cheap to call on every change. */
void gridwl_seat_schedule_pointer_rebase(struct gridwl_seat *seat);

/* Advertises what the devices attached now can do. */
void gridwl_seat_update_capabilities(struct gridwl_seat *seat);

/* Gives the seat gridctl's keyboard and pointer now rather than at their
 * first use, so clients see a seat with both from the start (headless
 * gridwl, which has no devices of its own). The pointer is parked until it
 * first moves. */
void gridwl_seat_add_control_devices(struct gridwl_seat *seat);

/* Attaches a device that does not come from the backend (gridctl's, a
 * virtual pointer, a test's) the way the backend's are. A tablet pad is part
 * of tablet, or, for NULL, of the tablet libinput or the backend says;
 * tablet is NULL for every other device. */
void gridwl_seat_add_input(struct gridwl_seat *seat,
		struct wlr_input_device *device, struct wlr_input_device *tablet);

/* input/keyboard.c */
void gridwl_keyboard_create(struct gridwl_seat *seat,
		struct wlr_keyboard *wlr_keyboard);
/* The same for a keyboard whose client sets its keymap (a virtual
 * keyboard): its keys take the same path, bindings included. */
void gridwl_keyboard_create_with_client_keymap(struct gridwl_seat *seat,
		struct wlr_keyboard *wlr_keyboard);
void gridwl_keyboard_destroy_all(struct gridwl_seat *seat);
/* The keys held on keyboard whose press went to clients, leaving out those
 * a binding took, for wl_keyboard.enter; keycodes has room for
 * WLR_KEYBOARD_KEYS_CAP. Returns how many. */
size_t gridwl_keyboard_client_keys(struct gridwl_seat *seat,
		struct wlr_keyboard *keyboard, uint32_t *keycodes);

/* input/control_pointer.c: gridctl pointer, click and scroll, through a
 * pointer device of gridwl's own. Positions are logical layout
 * coordinates; false with *error set when refused. */
bool gridwl_control_pointer_move(struct gridwl_seat *seat, double x, double y,
		char **error);
/* Presses and releases button (BTN_LEFT, ...) where the pointer is. */
bool gridwl_control_pointer_click(struct gridwl_seat *seat, uint32_t button,
		char **error);
/* Wheel scrolling by dx, dy logical pixels, 15 to a notch. */
bool gridwl_control_pointer_scroll(struct gridwl_seat *seat, double dx,
		double dy, char **error);
enum gridwl_control_gesture {
	GRIDWL_CONTROL_GESTURE_SWIPE,
	GRIDWL_CONTROL_GESTURE_PINCH,
	GRIDWL_CONTROL_GESTURE_HOLD,
};
/* gridctl gesture: a touchpad gesture of fingers on gridctl's pointer,
 * begun, updated once and ended where the pointer is: a swipe by a, b
 * (dx, dy), a pinch to scale a rotated by b degrees, a hold (a, b
 * unused). */
bool gridwl_control_pointer_gesture(struct gridwl_seat *seat,
		enum gridwl_control_gesture kind, int fingers, double a, double b,
		char **error);
void gridwl_control_pointer_destroy(struct gridwl_seat *seat);
/* Whether device is that pointer. */
bool gridwl_control_pointer_is(struct gridwl_seat *seat,
		struct wlr_input_device *device);
/* Makes the pointer if it is not there yet; false when out of memory. */
bool gridwl_control_pointer_ensure(struct gridwl_seat *seat);
enum gridwl_control_touch_kind {
	GRIDWL_CONTROL_TOUCH_DOWN,
	GRIDWL_CONTROL_TOUCH_MOTION,
	GRIDWL_CONTROL_TOUCH_UP,
};
/* gridctl touch: finger id down at, moving to or up (x, y unused) from
 * logical layout x,y, on a touch screen of gridwl's own over the whole
 * layout. */
bool gridwl_control_touch(struct gridwl_seat *seat,
		enum gridwl_control_touch_kind kind, int32_t id, double x, double y,
		char **error);
void gridwl_control_touch_destroy(struct gridwl_seat *seat);

/* input/control_tablet.c: gridctl tablet, a pen on a tablet spanning the
 * layout (x, y logical layout coordinates). A NAN pressure or tilt_x
 * leaves that axis as it was. */
enum gridwl_control_tablet_kind {
	GRIDWL_CONTROL_TABLET_PROXIMITY_IN,
	GRIDWL_CONTROL_TABLET_MOTION,
	GRIDWL_CONTROL_TABLET_DOWN,
	GRIDWL_CONTROL_TABLET_UP,
	GRIDWL_CONTROL_TABLET_PROXIMITY_OUT,
};
struct gridwl_control_tablet_axes {
	double x, y;
	double pressure; // 0 to 1
	double tilt_x, tilt_y; // degrees, -90 to 90
};
bool gridwl_control_tablet(struct gridwl_seat *seat,
		enum gridwl_control_tablet_kind kind,
		const struct gridwl_control_tablet_axes *axes, char **error);
/* A stylus button (BTN_STYLUS, ...) pressed or released. */
bool gridwl_control_tablet_button(struct gridwl_seat *seat, uint32_t button,
		bool pressed, char **error);
void gridwl_control_tablet_destroy(struct gridwl_seat *seat);
/* gridctl's tablet, made if it is not there yet; NULL when out of
 * memory. */
struct wlr_input_device *gridwl_control_tablet_device(struct gridwl_seat *seat);

/* input/control_pad.c: gridctl tablet pad, the pad of gridctl's tablet:
 * one group of GRIDWL_CONTROL_PAD_MODES modes with
 * GRIDWL_CONTROL_PAD_BUTTONS buttons (button 0 switches the mode), a ring
 * and a strip. Each is false with *error set when refused. */
#define GRIDWL_CONTROL_PAD_BUTTONS 4
#define GRIDWL_CONTROL_PAD_MODES 4
bool gridwl_control_pad_add(struct gridwl_seat *seat, char **error);
bool gridwl_control_pad_remove(struct gridwl_seat *seat, char **error);
bool gridwl_control_pad_button(struct gridwl_seat *seat, uint32_t button,
		bool pressed, char **error);
/* The ring at degrees, 0 to 360 (clockwise from the top, as libinput has
 * it), or the finger lifted from it for NAN. */
bool gridwl_control_pad_ring(struct gridwl_seat *seat, uint32_t ring,
		double degrees, char **error);
/* The strip at position, 0 (top) to 1, or the finger lifted for NAN. */
bool gridwl_control_pad_strip(struct gridwl_seat *seat, uint32_t strip,
		double position, char **error);
/* Switches to mode, as the mode button does: pressed and released with
 * it. */
bool gridwl_control_pad_mode(struct gridwl_seat *seat, uint32_t mode,
		char **error);
void gridwl_control_pad_destroy(struct gridwl_seat *seat);

/* input/control_keyboard.c: gridctl key. Each chord is "MOD+...+KEYSYM"
 * (modifiers as in bind lines); the key is one that gives the keysym in
 * the keyboard's keymap, at whichever level. All are checked before any is
 * sent; false with *error set when one is refused. */
bool gridwl_control_keyboard_keys(struct gridwl_seat *seat,
		const char *const *chords, size_t count, char **error);
/* gridctl type: UTF-8 text, any characters, typed through a keymap made
 * for it (as wtype does) that the keyboard has while it types; '\n' and
 * '\t' are Return and Tab. */
bool gridwl_control_keyboard_type(struct gridwl_seat *seat, const char *text,
		char **error);
void gridwl_control_keyboard_destroy(struct gridwl_seat *seat);
/* Makes the keyboard if it is not there yet; false when it cannot. */
bool gridwl_control_keyboard_ensure(struct gridwl_seat *seat);
/* input/control_keyboard_first_use.c: makes that keyboard when the first
 * client creates a wl_seat (headless, issue 34); NULL when out of memory. */
struct gridwl_keyboard_first_use *gridwl_keyboard_first_use_create(
		struct gridwl_seat *seat);
void gridwl_keyboard_first_use_destroy(
		struct gridwl_keyboard_first_use *first_use);

/* input/virtual_pointer.c: wlr-virtual-pointer, for input tests and tools
 * such as wlrctl and the compositor benchmark. The three below go with
 * gridwl_manager_listener_destroy. */
struct gridwl_manager_listener *gridwl_virtual_pointer_manager_create(
		struct gridwl_seat *seat);

/* input/virtual_keyboard.c: virtual-keyboard-unstable-v1 (wtype, wayvnc,
 * on-screen keyboards). */
struct gridwl_manager_listener *gridwl_virtual_keyboard_manager_create(
		struct gridwl_seat *seat);

/* input/shortcuts_inhibit.c: keyboard-shortcuts-inhibit-unstable-v1. */
struct gridwl_shortcuts_inhibit *gridwl_shortcuts_inhibit_create(
		struct gridwl_seat *seat);
void gridwl_shortcuts_inhibit_destroy(struct gridwl_shortcuts_inhibit *inhibit);
/* Whether the surface with the keyboard inhibits shortcuts now: bindings
 * other than the inhibit-escape one give their keys to it. */
bool gridwl_shortcuts_inhibited(struct gridwl_seat *seat);

/* input/cursor_shape.c: cursor-shape-v1. */
struct gridwl_manager_listener *gridwl_cursor_shape_create(
		struct gridwl_seat *seat);

#endif
