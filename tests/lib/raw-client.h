#ifndef GRIDWL_TESTS_RAW_CLIENT_H
#define GRIDWL_TESTS_RAW_CLIENT_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-client.h>
#include "client-emit.h"
#include "pattern.h"
#include "xdg-shell-client-protocol.h"

/*
 * What the hand-written test clients (bad-buffer-client, bad-tree-client,
 * layer-client, lock-client, ...) share: their line protocol on stdout,
 * their event loop, and the listeners that do nothing but answer.
 */

/* Connects to the compositor; NULL after printing "error cannot connect:
 * REASON" and "disconnected", as a client the compositor drops does. */
struct wl_display *raw_client_connect(void);

/* Prints how the connection ended ("error protocol interface=I code=C
 * id=N" or "error REASON", then "disconnected") and returns 1, the exit
 * status. */
int raw_client_report_disconnect(struct wl_display *display);

/* A client's event loop: the display's events and the lines on stdin. */
struct raw_client_loop {
	// Each line read on stdin, without its newline; false ends the loop.
	// NULL: lines are ignored.
	bool (*on_line)(void *data, char *line);
	// Before each wait, once the events there were are dispatched; may be
	// NULL (a client that draws what its commands changed).
	void (*idle)(void *data);
	void *data;
	// Stdin is not read, and its end does not end the loop (a demo).
	bool ignore_stdin;
	// Set by an event or a line: the loop ends with status.
	bool done;
	int status;
};

/* The longest line on stdin; a longer one is an error and dropped. */
#define RAW_CLIENT_LINE_MAX 4096

/* Dispatches the display's events and hands on the lines read on stdin
 * until stdin ends or on_line returns false (0 then), loop->done is set
 * (loop->status) or the compositor drops the client (what
 * raw_client_report_disconnect returns). Waits for room in the socket
 * when requests fill it. */
int raw_client_loop_run(struct wl_display *display,
		struct raw_client_loop *loop);

/* The same with on_line and data alone. */
int raw_client_run(struct wl_display *display,
		bool (*on_line)(void *data, char *line), void *data);

/* An ARGB8888 client_shm_buffer, its pixels mapped at *pixels; NULL after
 * printing "error no memory for a WxH buffer: REASON". */
struct wl_buffer *raw_client_shm_buffer(struct wl_shm *shm, int width,
		int height, uint32_t **pixels);

/* A width x height ARGB8888 wl_shm buffer holding pattern (its own pool,
 * already gone); it destroys itself when the compositor releases it. NULL
 * after printing "error ..." when there is no memory for it. */
struct wl_buffer *raw_client_pattern_buffer(struct wl_shm *shm, int width,
		int height, const struct pattern *pattern);

/* Commits on surface a raw_client_pattern_buffer of width x height
 * logical pixels at scale, damaged whole, with a frame callback that
 * frame_listener hears with data (it destroys the callback). false, with
 * nothing committed, when there is no memory for the buffer. */
bool raw_client_show_pattern(struct wl_shm *shm, struct wl_surface *surface,
		int width, int height, int scale, const struct pattern *pattern,
		const struct wl_callback_listener *frame_listener, void *data);

/* The buffers a client has handed to the compositor and not had back: each
 * destroys itself when released, and whatever is still out at exit is
 * destroyed by raw_client_buffers_finish (LeakSanitizer counts proxies
 * still allocated). */
struct raw_client_buffers {
	struct wl_list list; // private
};
void raw_client_buffers_init(struct raw_client_buffers *buffers);
/* Takes buffer (from wl_shm or any other factory) into the list; false,
 * with the buffer destroyed, without memory. */
bool raw_client_buffers_add(struct raw_client_buffers *buffers,
		struct wl_buffer *buffer);
void raw_client_buffers_finish(struct raw_client_buffers *buffers);
/* raw_client_pattern_buffer, kept in buffers rather than self-destroying;
 * NULL as it is. */
struct wl_buffer *raw_client_tracked_pattern_buffer(
		struct raw_client_buffers *buffers, struct wl_shm *shm, int width,
		int height, const struct pattern *pattern);

/* Takes whatever size the compositor asks for and ignores close. */
extern const struct xdg_toplevel_listener raw_client_toplevel_listener;

#endif
