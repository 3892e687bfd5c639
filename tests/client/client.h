#ifndef GRIDWL_TESTS_CLIENT_H
#define GRIDWL_TESTS_CLIENT_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-client.h>
#include "pattern.h"

/*
 * pattern-client: a plain wl_shm client that shows a known pattern at a
 * chosen buffer scale and narrates on stdout, one line per event, what the
 * compositor told it. The integration tests read those lines; people can
 * read them too.
 */

struct client_options {
	int scale;
	struct pattern pattern;
	int width, height; // logical, used when the compositor leaves it to us
	const char *fullscreen; // output name, or NULL
	const char *app_id;
	const char *title;
	bool bad_scale_set;
	int bad_scale;
	bool odd_buffer;
};

struct client_output {
	struct wl_list link; // client.outputs
	struct client *client;
	uint32_t global_name;
	uint32_t version;
	struct wl_output *wl_output;
	struct zxdg_output_v1 *xdg_output;
	char *xdg_name; // from xdg-output
	char *wl_name; // from wl_output version 4
	char *make, *model;
	int32_t scale;
	int32_t mode_width, mode_height;
	bool xdg_seen; // an xdg_output event has arrived since it was created
	bool has_logical;
	int32_t x, y, logical_width, logical_height;
	bool done; // a wl_output.done has arrived
	bool announced; // its output line has been printed
};

struct client_buffer {
	struct wl_list link; // window.buffers
	struct wl_buffer *wl_buffer;
	uint32_t *data;
	size_t size;
	int width, height;
	bool busy; // the compositor holds it until release
};

struct window {
	struct client *client;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *xdg_toplevel;
	struct wl_list buffers; // client_buffer.link
	struct client_buffer *front; // the buffer last committed
	int32_t pending_width, pending_height; // from xdg_toplevel.configure
	int width, height; // logical size in use
	int scale;
	struct pattern pattern;
	bool configured;
	bool needs_redraw;
	bool shown; // a frame has been committed and seen by the compositor
};

struct client {
	struct client_options options;
	struct wl_display *display;
	struct wl_registry *registry;
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	struct zxdg_output_manager_v1 *xdg_output_manager;
	struct wl_list outputs; // client_output.link
	bool globals_known; // the first registry roundtrip is done
	struct window *window;
	struct wl_list sync_notes; // sync_note.link, awaiting the compositor
	bool running;
	int exit_status;
};

/* Prints one line to stdout and flushes it, so a reader sees each event as
 * it happens. */
void client_emit(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* output.c */
void client_output_create(struct client *client, uint32_t global_name,
	uint32_t version);
void client_output_destroy(struct client_output *output);
/* Creates the xdg_output of every output that lacks one. */
void client_outputs_bind_xdg(struct client *client);
/* Called once the initial globals are known: without xdg-output, outputs
 * get named from wl_output alone and are announced now. */
void client_outputs_globals_known(struct client *client);
struct client_output *client_output_from_global(struct client *client,
	uint32_t global_name);
struct client_output *client_output_from_name(struct client *client,
	const char *name);
/* The name tests know the output by; "?" while none is known. */
const char *client_output_name(const struct client_output *output);

/* window.c */
struct window *window_create(struct client *client);
void window_destroy(struct window *window);
/* Draws the whole pattern and commits it when a redraw is due. */
void window_redraw_if_needed(struct window *window);
void window_set_scale(struct window *window, int scale);
void window_set_pattern(struct window *window, const struct pattern *pattern);
/* Redraws only the rectangle, in buffer pixels, with the pattern's colours
 * inverted, and damages only that. */
bool window_damage(struct window *window, int x, int y, int w, int h);
/* Prints line once the compositor has handled everything sent so far. */
void client_sync(struct client *client, const char *line);
/* Drops the syncs still pending, when the connection ends. */
void client_sync_finish(struct client *client);

#endif
