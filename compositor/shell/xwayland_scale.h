#ifndef GRIDWL_COMPOSITOR_SHELL_XWAYLAND_SCALE_H
#define GRIDWL_COMPOSITOR_SHELL_XWAYLAND_SCALE_H

#include <stdbool.h>
#include <sys/types.h>
#include <wayland-server-core.h>

struct gridwl_server;
struct wl_client;
struct wl_global;
struct wlr_surface;
struct wlr_xwayland_server;

/*
 * Xwayland at scale N (issue 19). Rootless Xwayland lays its screen out from
 * the xdg-output logical positions and sizes and never reads wl_output.scale
 * nor sets a buffer scale. Xwayland alone is shown a layout N times larger
 * (xwayland_output.c), and every surface of Xwayland is taken as a buffer at
 * scale N: an X window of N*W x N*H pixels is a W x H window here, drawn 1:1
 * on a scale-N output like any buffer at that scale.
 *
 * Coordinates: X = logical * N, exactly. A position is logical =
 * floor(X / N), so one that is not a multiple of N (an override-redirect
 * window's) is off by less than one logical pixel. A size is rounded up,
 * ceil(X / N): an odd-sized window (a 41x31 menu at N = 2 is 21x16) shows
 * every X pixel it has, each on exactly its own output pixels, the last
 * logical pixel only partly covered (render/ragged.h). Sizes gridwl gives
 * X windows are multiples of N.
 *
 * N is chosen when Xwayland starts ("xwayland scale", auto: the largest
 * output scale in the layout) and kept until it exits.
 */
enum gridwl_xwayland_settings_state {
	GRIDWL_XWAYLAND_SETTINGS_NONE, // N = 1, or no Xwayland yet
	// xrdb has not ended, or xsettingsd does not own the selection yet
	GRIDWL_XWAYLAND_SETTINGS_PENDING,
	// xrdb merged them, xsettingsd owns _XSETTINGS_S0
	GRIDWL_XWAYLAND_SETTINGS_APPLIED,
	GRIDWL_XWAYLAND_SETTINGS_FAILED, // logged once
};

/* compositor/shell/xwayland_settings.c: Xft.dpi, Xcursor.size and
 * XSETTINGS at N, for the X11 programs that read them. */
struct gridwl_xwayland_settings {
	enum gridwl_xwayland_settings_state state;
	pid_t xrdb_pid, xsettingsd_pid; // 0 when not running
	bool xrdb_done, xsettings_owned;
	// xsettingsd's stderr, which says when it owns the selection; -1 and
	// NULL once it is closed.
	int xsettingsd_log_fd;
	struct wl_event_source *xsettingsd_log;
	char log_line[256];
	size_t log_len;
	struct {
		// The state changed (data: NULL).
		struct wl_signal changed;
	} events;
};

struct gridwl_xwayland_scale {
	struct gridwl_server *server;
	struct wlr_xwayland_server *xserver;
	// N for the Xwayland running, or last run; 1 before the first.
	int factor;
	struct gridwl_xwayland_outputs *outputs;
	struct gridwl_xwayland_settings settings;
	struct wl_listener server_start;
	struct wl_listener new_surface;
};

/* X coordinate to logical and back (see above). */
int gridwl_xwayland_to_logical(int x, int factor);
/* An X size in logical pixels, rounded up. */
int gridwl_xwayland_size_to_logical(int size, int factor);
/* A logical size in X pixels, at least 1. */
int gridwl_xwayland_size_to_x(int size, int factor);

/* The N an Xwayland starting now would have (without logging why it is
 * smaller than asked for, which its start does). */
int gridwl_xwayland_scale_planned(struct gridwl_server *server);

bool gridwl_xwayland_scale_init(struct gridwl_xwayland_scale *scale,
		struct gridwl_server *server, struct wlr_xwayland_server *xserver);
/* Before the Xwayland server is destroyed; the outputs go after it, with
 * Xwayland's resources. */
void gridwl_xwayland_scale_finish(struct gridwl_xwayland_scale *scale);
/* Whether client is the Xwayland running. */
bool gridwl_xwayland_scale_is_xwayland(struct gridwl_xwayland_scale *scale,
		const struct wl_client *client);

/* Before the first start. */
void gridwl_xwayland_settings_init(struct gridwl_xwayland_settings *settings);
/* Once Xwayland is ready: starts xrdb and xsettingsd when N > 1. */
void gridwl_xwayland_settings_start(struct gridwl_xwayland_scale *scale);
/* From the reaping of gridwl's children: true when pid was one of them. */
bool gridwl_xwayland_settings_child_exited(struct gridwl_xwayland_scale *scale,
		pid_t pid, int status);
/* Ends xsettingsd (and xrdb) if still running, stops reading it and
 * forgets them (their exits are not the settings' news). */
void gridwl_xwayland_settings_stop(struct gridwl_xwayland_scale *scale);
/* "pending", "applied", "failed"; NULL for none. */
const char *gridwl_xwayland_settings_state_name(
		enum gridwl_xwayland_settings_state state);

/* compositor/shell/xwayland_output.c: zxdg_output_manager_v1 for Xwayland
 * alone, with positions and sizes x N; wlroots' own is hidden from it. */
struct gridwl_xwayland_outputs;
struct gridwl_xwayland_outputs *gridwl_xwayland_outputs_create(
		struct gridwl_xwayland_scale *scale);
void gridwl_xwayland_outputs_destroy(struct gridwl_xwayland_outputs *outputs);
const struct wl_global *gridwl_xwayland_outputs_global(
		struct gridwl_xwayland_outputs *outputs);

#endif
