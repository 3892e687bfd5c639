#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <wlr/backend.h>
#include <wlr/render/allocator.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_data_device.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_primary_selection_v1.h>
#include <wlr/types/wlr_screencopy_v1.h>
#include <wlr/types/wlr_subcompositor.h>
#include <wlr/types/wlr_viewporter.h>
#include <wlr/types/wlr_xdg_output_v1.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/log.h>
#include "compositor/control/commands.h"
#include "compositor/control/socket.h"
#include "compositor/control/subscribe.h"
#include "compositor/frame/occluders.h"
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/services/alpha_modifier.h"
#include "compositor/services/adaptive_sync.h"
#include "compositor/services/content_type.h"
#include "compositor/services/data_control.h"
#include "compositor/services/export_dmabuf.h"
#include "compositor/services/ext_workspace.h"
#include "compositor/services/foreign_toplevel.h"
#include "compositor/services/foreign_toplevel_list.h"
#include "compositor/services/fractional_scale.h"
#include "compositor/services/gamma_control.h"
#include "compositor/services/global_filter.h"
#include "compositor/services/idle.h"
#include "compositor/services/output_power.h"
#include "compositor/services/presentation.h"
#include "compositor/services/screencopy_dmabuf_offer.h"
#include "compositor/services/security_context.h"
#include "compositor/services/single_pixel_buffer.h"
#include "compositor/services/tearing_control.h"
#include "compositor/services/xdg_activation.h"
#include "compositor/services/xdg_foreign.h"
#include "compositor/session/backend.h"
#include "compositor/session/failure_dump.h"
#include "compositor/session/ready.h"
#include "compositor/shell/decoration.h"
#include "compositor/shell/layer_shell.h"
#include "compositor/shell/session_lock.h"
#include "compositor/shell/switcher.h"
#include "compositor/shell/xwayland.h"
#include "compositor/surface.h"
#include "compositor/util.h"
#include "compositor/view/view.h"
#include "compositor/workspace/workspace.h"
#include "config/config.h"
#include "input/input_device.h"
#include "input/seat.h"
#include "protocol/control.h"
#include "wlr_compat/guard.h"

static void handle_new_output(struct wl_listener *listener, void *data) {
	struct gridwl_server *server =
			wl_container_of(listener, server, new_output);
	gridwl_output_handle_new(server, data);
}

static void handle_new_xdg_toplevel(struct wl_listener *listener, void *data) {
	struct gridwl_server *server =
			wl_container_of(listener, server, new_xdg_toplevel);
	gridwl_view_handle_new_xdg_toplevel(server, data);
}

static void handle_new_xdg_popup(struct wl_listener *listener, void *data) {
	struct gridwl_server *server =
			wl_container_of(listener, server, new_xdg_popup);
	gridwl_popup_create(server, data);
}

static void handle_new_surface(struct wl_listener *listener, void *data) {
	struct gridwl_server *server =
			wl_container_of(listener, server, new_surface);
	gridwl_surface_track(server, data);
}

static void handle_layout_change(struct wl_listener *listener, void *data) {
	struct gridwl_server *server =
			wl_container_of(listener, server, layout_change);
	// Outputs moved against each other: what covers what on each, in
	// its device pixels, is found again.
	gridwl_occluders_invalidate(server);
	gridwl_outputs_place_relative(server);
	gridwl_seat_layout_changed(server->seat);
	gridwl_views_arrange(server);
	gridwl_output_manager_update(server);
}

void gridwl_server_terminate(struct gridwl_server *server, int exit_code) {
	server->exit_code = exit_code;
	wl_display_terminate(server->display);
}

static int handle_terminate_signal(int signal, void *data) {
	struct gridwl_server *server = data;
	wlr_log(WLR_INFO, "Signal %d: exiting", signal);
	gridwl_server_terminate(server, 0);
	return 0;
}

/* --timeout: the command (its whole process group: it runs in a session of
 * its own) and gridwl end, with a status of their own. */
static int handle_timeout(void *data) {
	struct gridwl_server *server = data;
	wlr_log(WLR_ERROR, "Timed out after %d s: ending the session",
			server->timeout_seconds);
	if (server->dump_dir != NULL) {
		gridwl_failure_dump(server, server->dump_dir, "timed out");
	}
	if (server->command_pid > 0) {
		kill(-server->command_pid, SIGTERM);
		server->command_pid = 0;
	}
	gridwl_server_terminate(server, GRIDWL_EXIT_TIMEOUT);
	return 0;
}

/* An exited child to reap, 0 when none. Not the fork that starts Xwayland:
 * wlroots waits for that one itself once Xwayland is ready (0.18 does it
 * then, not right after the fork), and fails to start it if it was reaped;
 * it is looked at without reaping it, and the command's exit is still
 * seen meanwhile. The others are reaped once Xwayland is up
 * (compositor/shell/xwayland.c). */
static pid_t reap_child(struct gridwl_server *server, int *status) {
	siginfo_t info = { 0 };
	if (waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) != 0 ||
			info.si_pid == 0) {
		return 0;
	}
	pid_t pid = info.si_pid;
	if (pid == gridwl_xwayland_starting_pid(server->xwayland)) {
		if (server->command_pid <= 0) {
			return 0;
		}
		pid = server->command_pid;
	}
	return waitpid(pid, status, WNOHANG);
}

void gridwl_server_reap_children(struct gridwl_server *server) {
	int status;
	pid_t pid;
	while ((pid = reap_child(server, &status)) > 0) {
		if (gridwl_xwayland_child_exited(server->xwayland, pid, status)) {
			continue;
		}
		if (gridwl_session_env_child_exited(server->session_env, pid, status)) {
			continue;
		}
		if (pid != server->command_pid) {
			continue;
		}
		// gridwl -- CMD ends with CMD and reports how CMD ended.
		int code = WIFEXITED(status) ? WEXITSTATUS(status) :
									   128 + WTERMSIG(status);
		wlr_log(WLR_INFO, "Command exited with status %d", code);
		server->command_pid = 0;
		if (code != 0 && server->dump_dir != NULL) {
			char why[64];
			snprintf(why, sizeof(why), "the command exited with status %d",
					code);
			gridwl_failure_dump(server, server->dump_dir, why);
		}
		gridwl_server_terminate(server, code);
	}
}

static int handle_sigchld(int signal, void *data) {
	gridwl_server_reap_children(data);
	return 0;
}

/* The child starts with the signals we block for signalfd unblocked and
 * the session's variables set only in its own environment, so several
 * servers can live in one process. Its stderr is stderr_fd unless -1. */
static pid_t spawn(struct gridwl_server *server, char *const argv[],
		int stderr_fd) {
	// A program gridwl starts may bring its first window to the front
	// (xdg-activation), as one started from a launcher can.
	char *token = gridwl_xdg_activation_launch_token(server);
	pid_t pid = fork();
	if (pid != 0) {
		free(token);
	}
	if (pid < 0) {
		wlr_log_errno(WLR_ERROR, "fork failed");
		return -1;
	}
	if (pid == 0) {
		if (token != NULL) {
			setenv("XDG_ACTIVATION_TOKEN", token, 1);
		} else {
			unsetenv("XDG_ACTIVATION_TOKEN");
		}
		if (stderr_fd >= 0) {
			dup2(stderr_fd, STDERR_FILENO);
		}
		sigset_t set;
		sigemptyset(&set);
		sigprocmask(SIG_SETMASK, &set, NULL);
		setsid();
		setenv("WAYLAND_DISPLAY", server->socket, 1);
		setenv("GRIDWL_SOCK", server->control_path, 1);
		// Portals pick their backends by the desktop's name, and
		// toolkits their platform by the session's type.
		setenv("XDG_CURRENT_DESKTOP", "gridwl:wlroots", 1);
		setenv("XDG_SESSION_TYPE", "wayland", 1);
		// Readiness is gridwl's to report, not its children's (a nested
		// gridwl among them would report it again).
		unsetenv("NOTIFY_SOCKET");
		// Toolkits draw their own cursors from these: the same theme as
		// the compositor's.
		if (server->config->cursor_theme != NULL) {
			char size[16];
			snprintf(size, sizeof(size), "%d", server->config->cursor_size);
			setenv("XCURSOR_THEME", server->config->cursor_theme, 1);
			setenv("XCURSOR_SIZE", size, 1);
		}
		// X11 clients connect to our Xwayland, never to the session we
		// are nested in.
		const char *display = gridwl_xwayland_display(server->xwayland);
		if (display != NULL && display[0] != '\0') {
			setenv("DISPLAY", display, 1);
		} else {
			unsetenv("DISPLAY");
		}
		execvp(argv[0], argv);
		fprintf(stderr, "gridwl: cannot run %s: %s\n", argv[0],
				strerror(errno));
		_exit(127);
	}
	return pid;
}

pid_t gridwl_server_spawn(struct gridwl_server *server, const char *command) {
	return gridwl_server_spawn_stderr(server, command, -1);
}

pid_t gridwl_server_spawn_stderr(struct gridwl_server *server,
		const char *command, int stderr_fd) {
	wlr_log(WLR_INFO, "Running: %s", command);
	char *argv[] = { "/bin/sh", "-c", (char *)command, NULL };
	return spawn(server, argv, stderr_fd);
}

/* The config's exec lines, --exec and the "--" command, once; false when
 * the command cannot be started. */
static bool start_programs(struct gridwl_server *server) {
	server->programs_started = true;
	// Before the programs, so that D-Bus and systemd start what they
	// ask for in this session.
	gridwl_session_env_start(server->session_env);
	// --timeout counts from here: waiting for Xwayland's settings is part
	// of gridwl's start, not of the command's time.
	if (server->timeout_source != NULL &&
			wl_event_source_timer_update(server->timeout_source,
					server->timeout_seconds * 1000) != 0) {
		wlr_log(WLR_ERROR, "Cannot set the timeout: running without it");
	}
	struct gridwl_exec *exec;
	wl_list_for_each(exec, &server->config->execs, link) {
		gridwl_server_spawn(server, exec->command);
	}
	for (int i = 0; i < server->exec_count; i++) {
		gridwl_server_spawn(server, server->execs[i]);
	}
	if (server->command != NULL) {
		server->command_pid = spawn(server, server->command, -1);
		if (server->command_pid < 0) {
			return false;
		}
	}
	return true;
}

void gridwl_server_start_programs(struct gridwl_server *server) {
	if (server->programs_started || server->shutting_down) {
		return;
	}
	if (!start_programs(server)) {
		wlr_log(WLR_ERROR, "Cannot run %s: exiting", server->command[0]);
		gridwl_server_terminate(server, 1);
	}
}

/* Without --config the file is picked at every load, so a reload finds a
 * config the user has written since. */
static bool load_config(struct gridwl_server *server,
		struct gridwl_config *config, bool must_exist, char **error) {
	const char *path = server->config_path;
	if (!must_exist) {
		path = gridwl_config_pick(path, server->system_config_path);
	}
	if (path == NULL) {
		wlr_log(WLR_INFO, "No config file at %s or %s, using defaults",
				server->config_path ? server->config_path : "(no home)",
				server->system_config_path ? server->system_config_path :
											 "(none)");
		return true;
	}
	return gridwl_config_load(config, path, error);
}

bool gridwl_server_reload(struct gridwl_server *server, char **error) {
	struct gridwl_config *config = gridwl_config_create();
	if (config == NULL) {
		gridwl_set_error(error, "out of memory");
		return false;
	}
	if (!load_config(server, config, false, error)) {
		gridwl_config_destroy(config);
		return false;
	}
	gridwl_config_destroy(server->config);
	server->config = config;
	wlr_log(WLR_INFO, "Configuration reloaded");
	struct gridwl_view *view;
	wl_list_for_each(view, &server->views, link) {
		gridwl_view_apply_rules(view);
	}
	gridwl_decorations_apply_config(server->decorations);
	gridwl_seat_apply_cursor_config(server->seat);
	gridwl_input_devices_apply(server->seat);
	bool ok = true;
	struct gridwl_output *output, *tmp;
	wl_list_for_each_safe(output, tmp, &server->outputs, link) {
		char *output_error = NULL;
		if (!gridwl_output_configure(output, &output_error)) {
			wlr_log(WLR_ERROR, "%s", output_error);
			if (ok) {
				*error = output_error;
				ok = false;
			} else {
				free(output_error);
			}
		}
	}
	gridwl_xwayland_scale_may_have_changed(server->xwayland);
	return ok;
}

static bool parse_output_lines(struct gridwl_server *server,
		const struct gridwl_server_options *options, char **error) {
	for (int i = 0; i < options->output_line_count; i++) {
		const char *line = options->output_lines[i];
		// "--output 'output NAME ...'" and "--output 'NAME ...'" both work.
		const char *text = line;
		if (strncmp(text, "output ", 7) == 0) {
			text += 7;
		}
		char where[64];
		snprintf(where, sizeof(where), "--output argument %d", i + 1);
		char *line_error = NULL;
		struct gridwl_output_config *oc =
				gridwl_output_config_parse(text, where, &line_error);
		if (oc == NULL) {
			gridwl_set_error(error, "%s ('%s')", line_error, line);
			free(line_error);
			return false;
		}
		gridwl_config_add_output(server->cli_config, oc);
	}
	return true;
}

/* Headless and nested sessions have only the outputs that are asked for:
 * one for every named output line, in file then command-line order. */
static bool create_configured_outputs(struct gridwl_server *server,
		char **error) {
	struct gridwl_config *configs[] = { server->config, server->cli_config };
	int created = 0;
	for (size_t i = 0; i < 2; i++) {
		struct gridwl_output_config *oc;
		wl_list_for_each(oc, &configs[i]->outputs, link) {
			if (strcmp(oc->name, "*") == 0 ||
					gridwl_output_by_name(server, oc->name) != NULL) {
				continue;
			}
			struct gridwl_output_config *merged =
					gridwl_server_output_config_for(server, oc->name);
			bool wanted = merged->enabled != 0;
			gridwl_output_config_destroy(merged);
			if (!wanted) {
				continue;
			}
			if (gridwl_output_create(server, oc->name, NULL, error) == NULL) {
				return false;
			}
			created++;
		}
	}
	if (created == 0 &&
			gridwl_output_create(server, NULL, NULL, error) == NULL) {
		return false;
	}
	return true;
}

static bool setup_globals(struct gridwl_server *server) {
	struct wl_display *display = server->display;
	// Version 6: surfaces are told the scale to draw at
	// (preferred_buffer_scale), not left to guess it from their outputs.
	server->compositor = wlr_compositor_create(display, 6, server->renderer);
	if (server->compositor == NULL ||
			wlr_subcompositor_create(display) == NULL) {
		return false;
	}
	wlr_data_device_manager_create(display);
	wlr_primary_selection_v1_device_manager_create(display);
	wlr_viewporter_create(display);
	server->screencopy = wlr_screencopy_manager_v1_create(display);

	server->output_layout = wlr_output_layout_create(display);
	if (server->output_layout == NULL) {
		return false;
	}
	server->xdg_output_manager =
			wlr_xdg_output_manager_v1_create(display, server->output_layout);
	server->layout_change.notify = handle_layout_change;
	wl_signal_add(&server->output_layout->events.change,
			&server->layout_change);

	// Version 6, the most wlroots 0.18 has: wm_capabilities (5) tells
	// clients that gridwl minimizes, maximizes and goes fullscreen, and no
	// window menu.
	server->xdg_shell = wlr_xdg_shell_create(display, 6);
	server->wlroots_guard = gridwl_wlroots_guard_create(display);
	if (server->xdg_shell == NULL || server->wlroots_guard == NULL) {
		return false;
	}
	if (!gridwl_workspaces_init(server) || !gridwl_ext_workspace_init(server) ||
			!gridwl_subscribe_init(server)) {
		return false;
	}
	if (!gridwl_layer_shell_init(server) || !gridwl_session_lock_init(server) ||
			!gridwl_idle_init(server) || !gridwl_output_power_init(server)) {
		return false;
	}
	// The protocols of a current desktop (issue 20), one file each in
	// services/.
	if (!gridwl_data_control_init(server) ||
			!gridwl_fractional_scale_init(server) ||
			!gridwl_presentation_init(server) ||
			!gridwl_single_pixel_buffer_init(server) ||
			!gridwl_alpha_modifier_init(server) ||
			!gridwl_content_type_init(server) ||
			!gridwl_tearing_control_init(server) ||
			!gridwl_xdg_foreign_init(server) ||
			!gridwl_foreign_toplevel_list_init(server) ||
			!gridwl_gamma_control_init(server) ||
			!gridwl_adaptive_sync_init(server) ||
			!gridwl_export_dmabuf_init(server) ||
			!gridwl_screencopy_dmabuf_offer_init(server) ||
			!gridwl_security_context_init(server)) {
		return false;
	}
	server->new_xdg_toplevel.notify = handle_new_xdg_toplevel;
	wl_signal_add(&server->xdg_shell->events.new_toplevel,
			&server->new_xdg_toplevel);
	server->new_xdg_popup.notify = handle_new_xdg_popup;
	wl_signal_add(&server->xdg_shell->events.new_popup, &server->new_xdg_popup);
	server->new_surface.notify = handle_new_surface;
	wl_signal_add(&server->compositor->events.new_surface,
			&server->new_surface);

	gridwl_output_manager_init(server);
	return true;
}

static bool setup_control(struct gridwl_server *server, char **error) {
	// Where gridctl looks for it, given the WAYLAND_DISPLAY we give out.
	server->control_path = gridwl_control_socket_path(getenv("XDG_RUNTIME_DIR"),
			server->socket, error);
	if (server->control_path == NULL) {
		if (*error == NULL) {
			gridwl_set_error(error, "out of memory");
		}
		return false;
	}
	server->control = gridwl_control_create(server->loop, server->control_path,
			gridwl_control_handle_request, server);
	if (server->control == NULL) {
		gridwl_set_error(error, "cannot listen on %s", server->control_path);
		return false;
	}
	return true;
}

struct gridwl_server *gridwl_server_create(
		const struct gridwl_server_options *options, char **error) {
	struct gridwl_server *server = calloc(1, sizeof(*server));
	if (server == NULL) {
		gridwl_set_error(error, "out of memory");
		return NULL;
	}
	wl_list_init(&server->outputs);
	wl_list_init(&server->views);
	wl_signal_init(&server->events.surface_commit);
	wl_signal_init(&server->events.view_map);
	wl_signal_init(&server->events.output_frame);
	wl_list_init(&server->new_output.link);
	wl_list_init(&server->layout_change.link);
	wl_list_init(&server->new_xdg_toplevel.link);
	wl_list_init(&server->new_xdg_popup.link);
	wl_list_init(&server->new_layer_surface.link);
	wl_list_init(&server->new_surface.link);
	server->command = options->command;
	server->dump_dir = options->dump_dir;
	server->write_log = options->write_log;

	server->config = gridwl_config_create();
	server->cli_config = gridwl_config_create();
	if (server->config == NULL || server->cli_config == NULL) {
		gridwl_set_error(error, "out of memory");
		goto fail;
	}
	bool explicit_config = options->config_path != NULL;
	server->config_path = explicit_config ? strdup(options->config_path) :
											gridwl_config_default_path();
	// A file named with --config is never replaced by the system's, not
	// even when a reload finds it gone.
	if (options->system_config_path != NULL && !explicit_config) {
		server->system_config_path = strdup(options->system_config_path);
	}
	if (!load_config(server, server->config, explicit_config, error) ||
			!parse_output_lines(server, options, error)) {
		goto fail;
	}

	server->display = wl_display_create();
	if (server->display == NULL) {
		gridwl_set_error(error, "cannot create the Wayland display");
		goto fail;
	}
	server->loop = wl_display_get_event_loop(server->display);
	server->sigint_source = wl_event_loop_add_signal(server->loop, SIGINT,
			handle_terminate_signal, server);
	server->sigterm_source = wl_event_loop_add_signal(server->loop, SIGTERM,
			handle_terminate_signal, server);
	// The terminal or session a gridwl runs in going away (and
	// tools/in-root passing that on) ends it cleanly too: its Xwayland
	// lock and sockets are removed on the way out.
	server->sighup_source = wl_event_loop_add_signal(server->loop, SIGHUP,
			handle_terminate_signal, server);
	server->sigchld_source = wl_event_loop_add_signal(server->loop, SIGCHLD,
			handle_sigchld, server);

	if (!gridwl_backend_create(server, options->backend, error)) {
		goto fail;
	}
	if (!setup_globals(server)) {
		gridwl_set_error(error, "cannot create the Wayland globals");
		goto fail;
	}
	server->seat = gridwl_seat_create(server);
	if (server->seat == NULL) {
		gridwl_set_error(error, "cannot create the seat");
		goto fail;
	}
	server->decorations = gridwl_decorations_create(server);
	if (server->decorations == NULL) {
		gridwl_set_error(error, "cannot create the decoration managers");
		goto fail;
	}
	server->switcher = gridwl_switcher_create(server);
	if (server->switcher == NULL) {
		gridwl_set_error(error, "cannot create the window switcher");
		goto fail;
	}
	if (!gridwl_foreign_toplevel_init(server)) {
		gridwl_set_error(error, "cannot create the foreign toplevel manager");
		goto fail;
	}
	if (!gridwl_xdg_activation_init(server)) {
		gridwl_set_error(error, "cannot create the xdg activation global");
		goto fail;
	}
	server->new_output.notify = handle_new_output;
	wl_signal_add(&server->backend->events.new_output, &server->new_output);
	gridwl_global_filter_init(server);

	if (!wlr_backend_start(server->backend)) {
		gridwl_set_error(error, "cannot start the %s backend",
				gridwl_backend_kind_name(server->backend_kind));
		goto fail;
	}
	if (server->output_backend != NULL &&
			!create_configured_outputs(server, error)) {
		goto fail;
	}
	// Toolkits expect a keyboard on the seat, and tests type and click
	// through these anyway; with no devices of its own a headless seat
	// would have neither.
	if (server->backend_kind == GRIDWL_BACKEND_HEADLESS &&
			!options->bare_headless_seat) {
		gridwl_seat_add_control_devices(server->seat);
	}
	// Once the outputs are there: at "xwayland scale auto" their scales
	// decide whether Xwayland starts now.
	server->xwayland = gridwl_xwayland_create(server);

	// Outputs exist and are advertised before the socket does, so a client
	// that connects as soon as it appears sees all of them.
	if (options->socket_name != NULL) {
		if (wl_display_add_socket(server->display, options->socket_name) != 0) {
			gridwl_set_error(error, "cannot create the Wayland socket %s",
					options->socket_name);
			goto fail;
		}
		server->socket = options->socket_name;
	} else {
		server->socket = wl_display_add_socket_auto(server->display);
		if (server->socket == NULL) {
			gridwl_set_error(error, "cannot create a Wayland socket");
			goto fail;
		}
	}
	if (!setup_control(server, error)) {
		goto fail;
	}
	wlr_log(WLR_INFO, "Running on WAYLAND_DISPLAY=%s, control socket %s",
			server->socket, server->control_path);

	if (options->timeout_seconds > 0) {
		server->timeout_seconds = options->timeout_seconds;
		server->timeout_source =
				wl_event_loop_add_timer(server->loop, handle_timeout, server);
		if (server->timeout_source == NULL) {
			gridwl_set_error(error, "cannot set the timeout");
			goto fail;
		}
	}
	server->execs = options->execs;
	server->exec_count = options->exec_count;
	server->session_env =
			gridwl_session_env_create(server, options->session_mode);
	if (!gridwl_xwayland_holds_programs(server->xwayland) &&
			!start_programs(server)) {
		gridwl_set_error(error, "cannot run %s", server->command[0]);
		goto fail;
	}
	gridwl_ready_notify(server->socket, options->ready_fd);
	return server;

fail:
	gridwl_server_destroy(server);
	return NULL;
}

int gridwl_server_run(struct gridwl_server *server) {
	wl_display_run(server->display);
	return server->exit_code;
}

void gridwl_server_destroy(struct gridwl_server *server) {
	if (server == NULL) {
		return;
	}
	server->shutting_down = true;
	// First: its last step runs with the session's environment.
	gridwl_session_env_destroy(server->session_env);
	server->session_env = NULL;
	if (server->command_pid > 0) {
		kill(server->command_pid, SIGTERM);
	}
	gridwl_control_destroy(server->control);
	gridwl_subscribe_finish(server);
	free(server->control_path);
	// X11 windows go with it, while the seat they may hold focus on is
	// still there. Before the other clients: wlroots (0.18) starts a new
	// Xwayland at once when the client of one started with gridwl goes.
	gridwl_xwayland_destroy(server->xwayland);
	// The global filter asks it until the display goes.
	server->xwayland = NULL;
	if (server->display != NULL) {
		wl_display_destroy_clients(server->display);
	}
	// After the last client: it guards their going too.
	gridwl_wlroots_guard_destroy(server->wlroots_guard);
	server->wlroots_guard = NULL;
	wl_list_remove(&server->new_output.link);
	wl_list_remove(&server->layout_change.link);
	wl_list_remove(&server->new_xdg_toplevel.link);
	wl_list_remove(&server->new_xdg_popup.link);
	gridwl_layer_shell_finish(server);
	gridwl_session_lock_finish(server);
	gridwl_idle_finish(server);
	gridwl_output_power_finish(server);
	wl_list_remove(&server->new_surface.link);
	gridwl_output_manager_finish(server);
	if (server->backend != NULL) {
		// Outputs and input devices go first, while the seat and layout
		// their listeners point at still exist.
		wlr_backend_destroy(server->backend);
	}
	gridwl_foreign_toplevel_finish(server);
	// After the clients: their windows' title bars went with them.
	gridwl_decorations_destroy(server->decorations);
	server->decorations = NULL;
	// After the keyboards, which it may listen to.
	gridwl_switcher_destroy(server->switcher);
	server->switcher = NULL;
	gridwl_xdg_activation_finish(server);
	gridwl_foreign_toplevel_list_finish(server);
	gridwl_gamma_control_finish(server);
	gridwl_adaptive_sync_finish(server);
	gridwl_presentation_finish(server);
	gridwl_seat_destroy(server->seat);
	gridwl_ext_workspace_finish(server);
	gridwl_workspaces_finish(server);
	if (server->sigint_source != NULL) {
		wl_event_source_remove(server->sigint_source);
		wl_event_source_remove(server->sigterm_source);
		wl_event_source_remove(server->sighup_source);
		if (server->timeout_source != NULL) {
			wl_event_source_remove(server->timeout_source);
		}
		wl_event_source_remove(server->sigchld_source);
	}
	// Before the display, which would destroy the layout itself.
	if (server->output_layout != NULL) {
		wlr_output_layout_destroy(server->output_layout);
	}
	if (server->display != NULL) {
		wl_display_destroy(server->display);
	}
	if (server->allocator != NULL) {
		wlr_allocator_destroy(server->allocator);
	}
	gridwl_gles2_models_destroy(server->gles2_models);
	if (server->renderer != NULL) {
		wlr_renderer_destroy(server->renderer);
	}
	gridwl_config_destroy(server->config);
	gridwl_config_destroy(server->cli_config);
	free(server->config_path);
	free(server->system_config_path);
	free(server);
}
