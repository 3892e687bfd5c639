#ifndef GRIDWL_TESTS_CLIENT_SKELETON_H
#define GRIDWL_TESTS_CLIENT_SKELETON_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-client.h>
#include "client-globals.h"
#include "client-input.h"
#include "pattern.h"
#include "raw-client.h"
#include "xdg-shell-client-protocol.h"

/*
 * What a hand-written test client (tests/clients) is made of before the
 * protocol it tests: the connection, the globals every window needs next
 * to its own, a seat whose pointer narrates, one xdg toplevel with its
 * first buffer, the stdin commands "sync" and "quit", and the teardown
 * that leaves no proxy behind (LeakSanitizer counts them). A client
 * describes itself in a client_skeleton_spec and keeps what is its own.
 */

/* The pointer lines a client narrates (client_skeleton_spec.pointer). */
enum client_pointer_lines {
	// "pointer enter X Y" and "pointer leave" (surface-local, two
	// decimals).
	CLIENT_POINTER_ENTER = 1 << 0,
	// "pointer motion X Y".
	CLIENT_POINTER_MOTION = 1 << 1,
	// "pointer button BUTTON STATE".
	CLIENT_POINTER_BUTTON = 1 << 2,
};

struct client_skeleton_spec {
	// The client's own globals, offsets into data, bound as announced
	// among the skeleton's; the rest go to global. Either may be NULL.
	const struct client_global *globals;
	// Every one of globals is needed: connecting fails without it.
	bool globals_required;
	void (*global)(void *data, struct wl_registry *registry, uint32_t name,
			const char *interface, uint32_t version);
	void (*global_remove)(void *data, struct wl_registry *registry,
			uint32_t name);
	// Every output that tells its name, bound there before global hears
	// the rest (client_named_outputs_global), and released by
	// client_skeleton_finish. May be NULL.
	struct client_named_outputs *outputs;
	// What the functions here are handed.
	void *data;
	// A client with a window: wl_compositor 4, wl_shm 1, xdg_wm_base 1
	// (or the versions below).
	bool window;
	// A client that draws surfaces of another role (window false):
	// wl_compositor 4 and wl_shm 1 alone.
	bool surfaces;
	uint32_t compositor_version, wm_base_version;
	// The version of wl_seat to bind; 0 binds none.
	uint32_t seat_version;
	// The seat's pointer, taken once it has one when either is set: the
	// lines it prints, and what the client adds to it (gestures, a cursor
	// shape...).
	unsigned pointer;
	void (*pointer_added)(void *data, struct wl_pointer *pointer);
	// The seat's keyboard, taken once it has one when either is set: its
	// focus, with the event's serial (the keymap is closed unread, keys
	// and modifiers ignored).
	void (*keyboard_enter)(void *data, uint32_t serial,
			struct wl_surface *surface);
	void (*keyboard_leave)(void *data, uint32_t serial,
			struct wl_surface *surface);
	// A client that hears the seat itself: every device the handler
	// hears, its events handed to data (pointer, pointer_added and the
	// keyboard functions above are then unused).
	const struct client_input_handler *input;
	// The toplevel's logical size and buffer scale (0: none set), and its
	// first buffer: pattern at width x height times the scale, unless draw
	// does the first frame itself.
	int width, height, scale;
	struct pattern pattern;
	void (*draw)(void *data);
	// Every configure, acknowledged, when the client draws each itself
	// (draw is then unused): it commits.
	void (*configure)(void *data);
	// The toplevel's listener, with data; NULL takes any size and
	// ignores close.
	const struct xdg_toplevel_listener *toplevel;
	// Called once the globals are bound: checks the client's own
	// (printing what is missing) and makes what comes before the window.
	// false ends the client (status 1). May be NULL.
	bool (*start)(void *data);
	// A line on stdin that is neither "sync" nor "quit"; false ends the
	// client. NULL has each print "error WORD command "LINE"", WORD
	// bad_command_word or "bad".
	bool (*command)(void *data, char *line);
	const char *bad_command_word;
	// Before each wait for events or lines, and before "sync" is
	// answered: a client draws there what its commands changed. May be
	// NULL.
	void (*idle)(void *data);
	// No commands: stdin is not read, and its end does not end the client
	// (a demo).
	bool ignore_stdin;
};

struct client_skeleton {
	struct wl_display *display;
	struct wl_registry *registry;
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	struct wl_seat *seat;
	// The seat's devices (input.pointer...), as the spec hears them.
	struct client_input input;
	// The serial of the pointer's last enter.
	uint32_t pointer_serial;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	// The first buffer. raw_client_pattern_buffer's destroys itself on
	// release, which may come any time or never (pixman keeps it while the
	// surface lives): on a queue never dispatched it waits for the end
	// instead of leaving a pointer that may dangle.
	struct wl_buffer *buffer;
	struct wl_event_queue *buffer_queue;
	bool configured;
	// The event loop of client_skeleton_run.
	struct raw_client_loop loop;

	// Private.
	const struct client_skeleton_spec *spec;
	struct client_global table[5];
	struct client_input_handler input_handler;
	struct wl_list sync_lines;
	struct client_globals own, theirs;
};

/* Connects and binds the globals there are (one roundtrip). 0 when every
 * global the skeleton binds is there, and the client's too when
 * globals_required; else 1, after printing "error missing global NAME"
 * (or what raw_client_connect prints). The client checks
 * its own, and calls client_skeleton_finish in every case. spec must stay
 * as long as skel. */
int client_skeleton_connect(struct client_skeleton *skel,
		const struct client_skeleton_spec *spec);

/* Makes the toplevel (on skel->surface when the client made it already,
 * in its start) with app_id, and title when not NULL; nothing committed. */
void client_skeleton_make_toplevel(struct client_skeleton *skel,
		const char *app_id, const char *title);
/* Commits it and dispatches until its first configure is drawn, then one
 * roundtrip more. 0 then, or raw_client_report_disconnect's status. */
int client_skeleton_show(struct client_skeleton *skel);
/* Both. */
int client_skeleton_map(struct client_skeleton *skel, const char *app_id,
		const char *title);

/* The skeleton's own first frame: the spec's pattern, scale and size,
 * attached, damaged and committed. Exits when there is no memory. */
void client_skeleton_draw(struct client_skeleton *skel);
/* The same with a pattern, size and scale of the client's (a surface of
 * another role it made as skel->surface); once, skel->buffer being the
 * one. */
void client_skeleton_draw_pattern(struct client_skeleton *skel, int width,
		int height, int scale, const struct pattern *pattern);

/* Answers the display and stdin (raw_client_run) until "quit", the end
 * of stdin or the compositor's disconnect; its exit status. "sync" prints
 * "sync" once gridwl has answered everything before it. */
int client_skeleton_run(struct client_skeleton *skel);

/* Prints line once the compositor has handled every request sent before
 * it (without blocking, as "sync" does), then calls done with data when
 * it is not NULL. */
void client_skeleton_sync_line(struct client_skeleton *skel, const char *line,
		void (*done)(void *data), void *data);

/* Ends client_skeleton_run with status once the event or line at hand is
 * handled. */
void client_skeleton_quit(struct client_skeleton *skel, int status);

/* Prints "error WORD command "LINE"" (client_skeleton_spec.command) and
 * goes on (true). */
bool client_skeleton_bad_command(const struct client_skeleton *skel,
		const char *line);

/* Prints "ready", runs the client and finishes it: the end of every main
 * whose toplevel is mapped. */
int client_skeleton_ready_run(struct client_skeleton *skel);

/* A window client's life up to its end: connects, starts (spec->start),
 * maps the toplevel, prints "ready" and runs. Its exit status; the client
 * finishes the skeleton after its own objects. */
int client_skeleton_main(struct client_skeleton *skel,
		const struct client_skeleton_spec *spec, const char *app_id,
		const char *title);

/* Destroys what the skeleton made and bound, after the client destroyed
 * its own, and disconnects; returns status. */
int client_skeleton_finish(struct client_skeleton *skel, int status);
/* The same after destroying the client's globals too, those of
 * spec->globals (client_globals_destroy): the end of a client that leaves
 * them to the skeleton. */
int client_skeleton_finish_all(struct client_skeleton *skel, int status);

/* The outputs a client names (wl_output version 4, for the name event),
 * in the order they were announced. */
#define CLIENT_MAX_OUTPUTS 8
struct client_named_output {
	struct wl_output *wl_output;
	char name[64];
	// wl_output.scale; 1 until told.
	int32_t scale;
	// Private.
	struct client_named_outputs *outputs;
};
struct client_named_outputs {
	struct client_named_output output[CLIENT_MAX_OUTPUTS];
	int count;
	// Each wl_output.done, with the output's index, when not NULL.
	void (*done)(void *data, int index);
	void *data;
};

/* Binds the global when it is an output that tells its name and there is
 * room; false when the global is something else. */
bool client_named_outputs_global(struct client_named_outputs *outputs,
		struct wl_registry *registry, uint32_t name, const char *interface,
		uint32_t version);
/* The output named name, or NULL. */
struct client_named_output *client_named_outputs_find(
		struct client_named_outputs *outputs, const char *name);
/* The output behind wl_output, or NULL. */
struct client_named_output *client_named_outputs_of(
		struct client_named_outputs *outputs, struct wl_output *wl_output);
void client_named_outputs_release(struct client_named_outputs *outputs);

#endif
