#ifndef GRIDWL_COMPOSITOR_SERVER_H
#define GRIDWL_COMPOSITOR_SERVER_H

#include <stdbool.h>
#include <sys/types.h>
#include <wayland-server-core.h>
#include <wlr/util/box.h>
#include "compositor/session/session_env.h"
#include "render/gles2_finish.h"
#include "render/gles2_models.h"
#include "render/resample_cache.h"

enum gridwl_backend_kind {
	GRIDWL_BACKEND_AUTO,
	GRIDWL_BACKEND_DRM,
	GRIDWL_BACKEND_WAYLAND,
	GRIDWL_BACKEND_X11,
	GRIDWL_BACKEND_HEADLESS,
};

const char *gridwl_backend_kind_name(enum gridwl_backend_kind kind);
bool gridwl_backend_kind_parse(const char *name,
		enum gridwl_backend_kind *kind);

/* What main() hands over: everything comes from the command line. */
struct gridwl_server_options {
	const char *config_path; // NULL: the default path, which may be missing
	// Read instead when the default path is missing: the config installed
	// with gridwl; NULL for none.
	const char *system_config_path;
	enum gridwl_backend_kind backend;
	const char *const *output_lines; // --output values
	int output_line_count;
	const char *socket_name; // NULL: the first free wayland-N
	const char *const *execs; // --exec values
	int exec_count;
	char *const *command; // after "--", NULL-terminated; NULL for none
	// Where to say the socket name once gridwl is ready (compositor/session/ready.h),
	// closed then; -1 for none (0 is a descriptor: set it).
	int ready_fd;
	// --dump-on-failure: where evidence goes when the command fails or the
	// timeout ends the session (compositor/session/failure_dump.h); NULL for none.
	const char *dump_dir;
	// --timeout: seconds after which the command and gridwl are ended, with
	// GRIDWL_EXIT_TIMEOUT; 0 for none.
	int timeout_seconds;
	// Writes gridwl's log to path, for the dump; NULL when the program
	// keeps none (compositor/session/log_ring.h).
	bool (*write_log)(const char *path);
	// Headless gridwl gives its seat gridctl's keyboard and pointer from
	// the start; a harness that brings devices of its own (wlcs) sets this
	// to keep the seat bare.
	bool bare_headless_seat;
	// --session, --no-session: whether gridwl exports its environment
	// and starts gridwl-session.target (compositor/session/session_env.h).
	enum gridwl_session_mode session_mode;
};

/* gridwl's exit status when --timeout ended the session, as timeout(1)'s. */
#define GRIDWL_EXIT_TIMEOUT 124

struct gridwl_server {
	struct wl_display *display;
	struct wl_event_loop *loop;

	enum gridwl_backend_kind backend_kind;
	struct wlr_backend *backend;
	// The headless, wayland or x11 backend that can make outputs on demand;
	// NULL on DRM, where outputs are physical.
	struct wlr_backend *output_backend;
	struct wlr_session *session;
	struct wlr_renderer *renderer;
	enum gridwl_gl_kind gl_software; // known after the first GLES2 frame
	// GLES2: gridwl's resampling programs for GPU buffers; NULL otherwise.
	struct gridwl_gles2_models *gles2_models;
	struct wlr_allocator *allocator;

	struct wlr_compositor *compositor;
	struct wlr_output_layout *output_layout;
	struct wlr_xdg_output_manager_v1 *xdg_output_manager;
	struct wlr_xdg_shell *xdg_shell;
	struct gridwl_wlroots_guard *wlroots_guard;
	// Where an interactive move would snap its window if dropped now, in
	// logical coordinates, and how (enum gridwl_snap; GRIDWL_SNAP_TOP:
	// maximized); compositor/view/view_snap.c keeps it, the frame path
	// draws it (gridwl_server_snap_preview).
	struct wlr_box snap_preview;
	bool snap_preview_shown;
	int snap_preview_where;
	struct wlr_layer_shell_v1 *layer_shell;
	struct wlr_output_manager_v1 *output_manager;
	struct wlr_screencopy_manager_v1 *screencopy;
	// NULL when output buffers are no dmabufs (every frame refused).
	struct wlr_export_dmabuf_manager_v1 *export_dmabuf;
	// Frames composed and committed on every output, and commits that
	// only moved a hardware cursor, since start (gridctl stats).
	uint64_t frames_composed;
	uint64_t cursor_commits;
	struct gridwl_output_power_manager *output_power;

	struct gridwl_config *config; // from the config file
	struct gridwl_config
			*cli_config; // --output and run-time lines, over config
	char *config_path; // what was asked for, to reload
	char *system_config_path; // see gridwl_server_options

	struct wl_list outputs; // gridwl_output.link
	// Set while gridwl_output_create asks the backend for an output, so
	// new_output names it as the config line does.
	const char *next_output_name;
	// gridctl create-output ... physical WMMxHMM, for the same output.
	int next_output_phys_width_mm, next_output_phys_height_mm;
	struct wl_list views; // gridwl_view.link, topmost first
	uint32_t next_view_id;
	// Bumped when the stack or a view's bounds change: what covered each
	// view at the last plans is no longer known (compositor/frame/occluders.h).
	uint64_t cover_epoch;

	struct gridwl_seat *seat;
	struct gridwl_control *control;
	struct gridwl_xwayland *xwayland; // NULL when X11 clients are off
	struct gridwl_foreign_toplevels *foreign_toplevels;
	struct gridwl_session_lock_manager *session_lock;
	struct gridwl_idle *idle;
	struct gridwl_nested *nested; // wayland backend, from its first output
	struct gridwl_session_env *session_env; // NULL when not the session
	struct gridwl_presentation *presentation;
	struct wlr_content_type_manager_v1 *content_type;
	struct gridwl_foreign_toplevel_list *foreign_toplevel_list;
	struct gridwl_gamma_control *gamma_control;
	struct gridwl_adaptive_sync_service *adaptive_sync;
	struct gridwl_xdg_activation *xdg_activation;
	struct gridwl_decorations *decorations;
	struct gridwl_switcher *switcher; // the Alt+Tab list
	struct gridwl_workspaces *workspaces;
	struct gridwl_ext_workspace *ext_workspace;
	struct gridwl_subscriptions *subscriptions; // gridctl subscribe
	struct wlr_security_context_manager_v1 *security_context;
	struct gridwl_resample_stats resample_stats;
	bool placing_outputs; // in gridwl_outputs_place_relative

	const char *socket;
	char *control_path;

	const char *const *execs; // --exec values, main()'s
	int exec_count;
	char *const *command;
	pid_t command_pid;
	// The exec lines, --exec and the command have run (at start, or
	// once X11 programs can read their settings: gridwl_xwayland_create).
	bool programs_started;
	int exit_code;
	bool shutting_down;

	struct wl_event_source *sigchld_source;
	struct wl_event_source *sigint_source;
	struct wl_event_source *sigterm_source;
	struct wl_event_source *sighup_source;
	struct wl_event_source *timeout_source; // NULL without --timeout
	int timeout_seconds;
	const char *dump_dir; // NULL without --dump-on-failure
	bool (*write_log)(const char *path);

	// What gridctl's waits (compositor/control/wait.c) follow.
	struct {
		// Any wl_surface committed (data: the wlr_surface).
		struct wl_signal surface_commit;
		// A view mapped (data: the gridwl_view).
		struct wl_signal view_map;
		// An output that is shown is up to date with everything on it:
		// it committed a frame or had nothing to repaint (data: struct
		// gridwl_output_frame_event). Views record what it showed first.
		struct wl_signal output_frame;
	} events;

	struct wl_listener new_output;
	struct wl_listener new_xdg_toplevel;
	struct wl_listener new_xdg_popup;
	struct wl_listener new_layer_surface;
	struct wl_listener new_surface;
	struct wl_listener layout_change;
	struct wl_listener output_manager_apply;
	struct wl_listener output_manager_test;
};

/* Creates the whole compositor, outputs advertised and sockets listening.
 * On failure returns NULL with *error set (malloc'd) to the reason. */
struct gridwl_server *gridwl_server_create(
		const struct gridwl_server_options *options, char **error);
/* Runs until exit is asked for or the "--" command ends; returns the exit
 * status gridwl should end with. */
int gridwl_server_run(struct gridwl_server *server);
void gridwl_server_destroy(struct gridwl_server *server);

void gridwl_server_terminate(struct gridwl_server *server, int exit_code);
/* Reaps the children that have exited (SIGCHLD); Xwayland's once it is
 * up, as wlroots waits for one of its own until then. */
void gridwl_server_reap_children(struct gridwl_server *server);
/* Runs the config's exec lines, --exec and the "--" command, unless they
 * have run: from Xwayland once X11 programs can read their settings, when
 * it held them back (compositor/shell/xwayland.h). */
void gridwl_server_start_programs(struct gridwl_server *server);
/* Runs "sh -c command" with the session's environment. */
pid_t gridwl_server_spawn(struct gridwl_server *server, const char *command);
/* The same with its stderr on stderr_fd (which may be close-on-exec: the
 * child gets a copy). */
pid_t gridwl_server_spawn_stderr(struct gridwl_server *server,
		const char *command, int stderr_fd);
/* Re-reads the config file and applies it; false and *error on failure, the
 * running configuration then unchanged. */
bool gridwl_server_reload(struct gridwl_server *server, char **error);

#endif
