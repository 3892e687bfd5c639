#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <wlr/types/wlr_xcursor_manager.h>
#include <wlr/util/log.h>
#include <wlr/xwayland.h>
#include "compositor/server.h"
#include "compositor/shell/xwayland_scale.h"
#include "input/seat.h"

/*
 * What X11 programs read to draw at the Xwayland scale N: Xft.dpi and
 * Xcursor.size in the resource database (xrdb, read at XOpenDisplay by
 * Xft, xterm, Tk, Emacs, libXcursor) and XSETTINGS (xsettingsd, read and
 * followed live by GTK and Qt). Both are X clients of the Xwayland just
 * up; nothing is exported to the environment, which Wayland programs
 * share. They are applied once xrdb has merged the resources and
 * xsettingsd owns the _XSETTINGS_S0 selection, which it says on its
 * stderr (xsettingsd 1.0: "Took ownership of selection"); the programs
 * gridwl starts wait for that (compositor/shell/xwayland.c). A program
 * started before they are in place draws at scale-1 sizes: shown small,
 * but exact.
 */

/* The cursor size at scale 1 when no theme is loaded, as wlroots'. */
#define DEFAULT_CURSOR_SIZE 24

/* What xsettingsd says once X11 programs can read its settings. */
#define XSETTINGSD_OWNS "Took ownership of selection"

/* The size of gridwl's own cursor at scale 1 (config, else XCURSOR_SIZE,
 * else 24: input/seat.c). */
static int cursor_size(struct gridwl_server *server) {
	struct wlr_xcursor_manager *manager = server->seat->xcursor_manager;
	return manager != NULL ? (int)manager->size : DEFAULT_CURSOR_SIZE;
}

void gridwl_xwayland_settings_init(struct gridwl_xwayland_settings *settings) {
	settings->xsettingsd_log_fd = -1;
	wl_signal_init(&settings->events.changed);
}

static void set_state(struct gridwl_xwayland_settings *settings,
		enum gridwl_xwayland_settings_state state) {
	if (settings->state != state) {
		settings->state = state;
		wl_signal_emit_mutable(&settings->events.changed, NULL);
	}
}

static void update_applied(struct gridwl_xwayland_settings *settings) {
	if (settings->state == GRIDWL_XWAYLAND_SETTINGS_PENDING &&
			settings->xrdb_done && settings->xsettings_owned) {
		set_state(settings, GRIDWL_XWAYLAND_SETTINGS_APPLIED);
	}
}

static void close_xsettingsd_log(struct gridwl_xwayland_settings *settings) {
	if (settings->xsettingsd_log != NULL) {
		wl_event_source_remove(settings->xsettingsd_log);
		settings->xsettingsd_log = NULL;
	}
	if (settings->xsettingsd_log_fd >= 0) {
		close(settings->xsettingsd_log_fd);
		settings->xsettingsd_log_fd = -1;
	}
	settings->log_len = 0;
}

static void handle_log_line(struct gridwl_xwayland_settings *settings,
		const char *line) {
	wlr_log(WLR_INFO, "%s", line);
	if (strstr(line, XSETTINGSD_OWNS) != NULL) {
		settings->xsettings_owned = true;
		update_applied(settings);
	}
}

/* xsettingsd's stderr, line by line, into gridwl's log. */
static int handle_xsettingsd_log(int fd, uint32_t mask, void *data) {
	struct gridwl_xwayland_settings *settings = data;
	char *buf = settings->log_line;
	size_t room = sizeof(settings->log_line) - 1 - settings->log_len;
	ssize_t n = (mask & WL_EVENT_READABLE) ?
			read(fd, buf + settings->log_len, room) :
			0;
	if (n <= 0) {
		// It ended (reaped elsewhere), or closed its stderr.
		if (settings->log_len > 0) {
			buf[settings->log_len] = '\0';
			handle_log_line(settings, buf);
		}
		close_xsettingsd_log(settings);
		return 0;
	}
	settings->log_len += (size_t)n;
	buf[settings->log_len] = '\0';
	char *newline;
	while ((newline = strchr(buf, '\n')) != NULL) {
		*newline = '\0';
		handle_log_line(settings, buf);
		settings->log_len -= (size_t)(newline + 1 - buf);
		memmove(buf, newline + 1, settings->log_len + 1);
	}
	if (settings->log_len == sizeof(settings->log_line) - 1) {
		handle_log_line(settings, buf); // a line too long: as it is
		settings->log_len = 0;
	}
	return 0;
}

/* Runs xsettingsd with its stderr into a pipe read by gridwl; 0 when it
 * cannot be started. Both ends are close-on-exec: only xsettingsd's stderr
 * keeps the pipe open. */
static pid_t spawn_xsettingsd(struct gridwl_xwayland_scale *scale,
		const char *settings_text) {
	struct gridwl_xwayland_settings *settings = &scale->settings;
	int fds[2];
	if (pipe2(fds, O_CLOEXEC) != 0) {
		wlr_log_errno(WLR_ERROR, "Cannot make a pipe for xsettingsd");
		return 0;
	}
	char command[768];
	snprintf(command, sizeof(command),
			"exec xsettingsd -c /dev/stdin <<EOF\n%sEOF\n", settings_text);
	pid_t pid = gridwl_server_spawn_stderr(scale->server, command, fds[1]);
	close(fds[1]);
	if (pid <= 0) {
		close(fds[0]);
		return 0;
	}
	settings->xsettingsd_log_fd = fds[0];
	settings->xsettingsd_log = wl_event_loop_add_fd(scale->server->loop, fds[0],
			WL_EVENT_READABLE, handle_xsettingsd_log, settings);
	if (settings->xsettingsd_log == NULL) {
		// Unread, it would block xsettingsd once the pipe fills: take
		// it as owning the selection, as before this was read.
		close_xsettingsd_log(settings);
		settings->xsettings_owned = true;
	}
	return pid;
}

void gridwl_xwayland_settings_start(struct gridwl_xwayland_scale *scale) {
	struct gridwl_xwayland_settings *settings = &scale->settings;
	// The xsettingsd of an Xwayland before: it ends with it.
	close_xsettingsd_log(settings);
	settings->xrdb_done = false;
	settings->xsettings_owned = false;
	settings->state = GRIDWL_XWAYLAND_SETTINGS_NONE;
	if (scale->factor <= 1) {
		return;
	}
	int n = scale->factor;
	char command[512];
	// -nocpp: no C preprocessor needed (cpp is not always installed).
	snprintf(command, sizeof(command),
			"printf 'Xft.dpi: %d\\nXcursor.size: %d\\n' | "
			"exec xrdb -nocpp -merge",
			96 * n, cursor_size(scale->server) * n);
	settings->xrdb_pid = gridwl_server_spawn(scale->server, command);
	// Xft/DPI is in 1024ths of a dot per inch; GTK divides it by its
	// window scale, which it takes from Gdk/WindowScalingFactor, unless
	// Gdk/UnscaledDPI says what it is at scale 1.
	char settings_text[256];
	snprintf(settings_text, sizeof(settings_text),
			"Xft/DPI %d\n"
			"Gdk/WindowScalingFactor %d\n"
			"Gdk/UnscaledDPI %d\n"
			"Gtk/CursorThemeSize %d\n",
			96 * n * 1024, n, 96 * 1024, cursor_size(scale->server) * n);
	settings->xsettingsd_pid = spawn_xsettingsd(scale, settings_text);
	settings->state = settings->xrdb_pid > 0 && settings->xsettingsd_pid > 0 ?
			GRIDWL_XWAYLAND_SETTINGS_PENDING :
			GRIDWL_XWAYLAND_SETTINGS_FAILED;
	if (settings->state == GRIDWL_XWAYLAND_SETTINGS_FAILED) {
		wlr_log(WLR_ERROR,
				"Cannot start xrdb or xsettingsd: X11 programs draw at "
				"scale-1 sizes");
	}
}

static void settings_failed(struct gridwl_xwayland_settings *settings,
		const char *program, int status) {
	if (settings->state != GRIDWL_XWAYLAND_SETTINGS_FAILED) {
		wlr_log(WLR_ERROR,
				"%s ended with status %d (missing? Debian packages "
				"x11-xserver-utils, xsettingsd): X11 programs draw at "
				"scale-1 sizes",
				program, status);
	}
	set_state(settings, GRIDWL_XWAYLAND_SETTINGS_FAILED);
}

bool gridwl_xwayland_settings_child_exited(struct gridwl_xwayland_scale *scale,
		pid_t pid, int status) {
	struct gridwl_xwayland_settings *settings = &scale->settings;
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	if (pid > 0 && pid == settings->xrdb_pid) {
		settings->xrdb_pid = 0;
		if (code != 0) {
			settings_failed(settings, "xrdb", code);
		} else {
			settings->xrdb_done = true;
			update_applied(settings);
		}
		return true;
	}
	if (pid > 0 && pid == settings->xsettingsd_pid) {
		// It runs while Xwayland does, and ends with it.
		settings->xsettingsd_pid = 0;
		if (scale->xserver != NULL && scale->xserver->ready) {
			settings_failed(settings, "xsettingsd", code);
		}
		return true;
	}
	return false;
}

void gridwl_xwayland_settings_stop(struct gridwl_xwayland_scale *scale) {
	struct gridwl_xwayland_settings *settings = &scale->settings;
	close_xsettingsd_log(settings);
	// gridwl's own children, known by their pids (not yet reaped); their
	// exits are no news then.
	if (settings->xsettingsd_pid > 0) {
		kill(settings->xsettingsd_pid, SIGTERM);
		settings->xsettingsd_pid = 0;
	}
	if (settings->xrdb_pid > 0) {
		kill(settings->xrdb_pid, SIGTERM);
		settings->xrdb_pid = 0;
	}
}

const char *gridwl_xwayland_settings_state_name(
		enum gridwl_xwayland_settings_state state) {
	switch (state) {
	case GRIDWL_XWAYLAND_SETTINGS_PENDING:
		return "pending";
	case GRIDWL_XWAYLAND_SETTINGS_APPLIED:
		return "applied";
	case GRIDWL_XWAYLAND_SETTINGS_FAILED:
		return "failed";
	case GRIDWL_XWAYLAND_SETTINGS_NONE:
		break;
	}
	return NULL;
}
