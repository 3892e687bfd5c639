#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
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
 * share. A program started before they are in place (the one that made
 * Xwayland start, when it reads its settings at once) draws at scale-1
 * sizes: shown small, but exact.
 */

/* The cursor size at scale 1 when no theme is loaded, as wlroots'. */
#define DEFAULT_CURSOR_SIZE 24

/* The size of gridwl's own cursor at scale 1 (config, else XCURSOR_SIZE,
 * else 24: input/seat.c). */
static int cursor_size(struct gridwl_server *server) {
	struct wlr_xcursor_manager *manager = server->seat->xcursor_manager;
	return manager != NULL ? (int)manager->size : DEFAULT_CURSOR_SIZE;
}

void gridwl_xwayland_settings_start(struct gridwl_xwayland_scale *scale) {
	struct gridwl_xwayland_settings *settings = &scale->settings;
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
	snprintf(command, sizeof(command),
			"exec xsettingsd -c /dev/stdin <<EOF\n"
			"Xft/DPI %d\n"
			"Gdk/WindowScalingFactor %d\n"
			"Gdk/UnscaledDPI %d\n"
			"Gtk/CursorThemeSize %d\n"
			"EOF\n",
			96 * n * 1024, n, 96 * 1024, cursor_size(scale->server) * n);
	settings->xsettingsd_pid = gridwl_server_spawn(scale->server, command);
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
	settings->state = GRIDWL_XWAYLAND_SETTINGS_FAILED;
}

bool gridwl_xwayland_settings_child_exited(struct gridwl_xwayland_scale *scale,
		pid_t pid, int status) {
	struct gridwl_xwayland_settings *settings = &scale->settings;
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	if (pid > 0 && pid == settings->xrdb_pid) {
		settings->xrdb_pid = 0;
		if (code != 0) {
			settings_failed(settings, "xrdb", code);
		} else if (settings->state == GRIDWL_XWAYLAND_SETTINGS_PENDING) {
			settings->state = GRIDWL_XWAYLAND_SETTINGS_APPLIED;
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
	// gridwl's own children, known by their pids (not yet reaped).
	if (settings->xsettingsd_pid > 0) {
		kill(settings->xsettingsd_pid, SIGTERM);
	}
	if (settings->xrdb_pid > 0) {
		kill(settings->xrdb_pid, SIGTERM);
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
