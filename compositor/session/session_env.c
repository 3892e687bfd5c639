#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <wlr/util/log.h>
#include "compositor/server.h"
#include "compositor/session/session_env.h"
#include "compositor/shell/xwayland.h"

#define UPDATE_ENV "dbus-update-activation-environment"
#define TARGET "gridwl-session.target"

enum session_step {
	STEP_IDLE,
	STEP_EXPORT, // dbus-update-activation-environment or import-environment
	STEP_TARGET, // systemctl --user start
	STEP_DONE,
};

struct gridwl_session_env {
	struct gridwl_server *server;
	enum session_step step;
	pid_t pid; // the running step's, 0 for none
	bool has_systemctl;
	bool target_started;
	// The names exported, as one argument list: DISPLAY only with
	// Xwayland, so that no step names a variable its child lacks.
	char names[128];
};

/* Whether name is an executable in $PATH, as execvp would find it: a
 * missing program is said plainly instead of as sh's status 127. */
static bool in_path(const char *name) {
	const char *path = getenv("PATH");
	if (path == NULL) {
		path = "/usr/local/bin:/usr/bin:/bin";
	}
	while (*path != '\0') {
		size_t len = strcspn(path, ":");
		char file[PATH_MAX];
		if (len > 0 &&
				snprintf(file, sizeof(file), "%.*s/%s", (int)len, path, name) <
						(int)sizeof(file) &&
				access(file, X_OK) == 0) {
			return true;
		}
		path += len + (path[len] == ':');
	}
	return false;
}

struct gridwl_session_env *gridwl_session_env_create(
		struct gridwl_server *server, enum gridwl_session_mode mode) {
	if (mode == GRIDWL_SESSION_OFF ||
			(mode == GRIDWL_SESSION_AUTO &&
					server->backend_kind != GRIDWL_BACKEND_DRM)) {
		return NULL;
	}
	struct gridwl_session_env *env = calloc(1, sizeof(*env));
	if (env == NULL) {
		wlr_log(WLR_ERROR,
				"Out of memory: not exporting the session's "
				"environment");
		return NULL;
	}
	env->server = server;
	return env;
}

static void run_step(struct gridwl_session_env *env, enum session_step step,
		const char *command) {
	env->step = step;
	env->pid = gridwl_server_spawn(env->server, command);
	if (env->pid < 0) {
		wlr_log(WLR_ERROR, "Cannot run %s: the session goes on without it",
				command);
		env->pid = 0;
		env->step = STEP_DONE;
	}
}

static void start_target(struct gridwl_session_env *env) {
	if (!env->has_systemctl) {
		wlr_log(WLR_ERROR,
				"systemctl not found in PATH: no systemd user manager "
				"to start " TARGET ", so user units (portals, kanshi, "
				"mako) do not start with this session");
		env->step = STEP_DONE;
		return;
	}
	run_step(env, STEP_TARGET, "systemctl --user start " TARGET);
}

void gridwl_session_env_start(struct gridwl_session_env *env) {
	if (env == NULL || env->step != STEP_IDLE) {
		return;
	}
	const char *display = gridwl_xwayland_display(env->server->xwayland);
	snprintf(env->names, sizeof(env->names),
			"WAYLAND_DISPLAY XDG_CURRENT_DESKTOP XDG_SESSION_TYPE%s",
			display != NULL && display[0] != '\0' ? " DISPLAY" : "");
	env->has_systemctl = in_path("systemctl");
	char command[256];
	if (in_path(UPDATE_ENV)) {
		snprintf(command, sizeof(command), UPDATE_ENV " %s%s",
				env->has_systemctl ? "--systemd " : "", env->names);
	} else {
		wlr_log(WLR_ERROR,
				UPDATE_ENV
				" not found in PATH (Debian package dbus-bin): "
				"programs D-Bus starts (portals, notification daemons) "
				"will not see %s",
				env->names);
		if (!env->has_systemctl) {
			start_target(env);
			return;
		}
		snprintf(command, sizeof(command),
				"systemctl --user import-environment %s", env->names);
	}
	run_step(env, STEP_EXPORT, command);
}

bool gridwl_session_env_child_exited(struct gridwl_session_env *env, pid_t pid,
		int status) {
	if (env == NULL || env->pid <= 0 || pid != env->pid) {
		return false;
	}
	env->pid = 0;
	bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	if (env->step == STEP_EXPORT) {
		if (ok) {
			wlr_log(WLR_INFO, "Session environment exported: %s", env->names);
		} else {
			wlr_log(WLR_ERROR,
					"Exporting the session environment (%s) failed "
					"with status %d: is the session bus running?",
					env->names, code);
		}
		start_target(env);
	} else if (env->step == STEP_TARGET) {
		env->step = STEP_DONE;
		env->target_started = ok;
		if (ok) {
			wlr_log(WLR_INFO, "Started " TARGET);
		} else {
			wlr_log(WLR_ERROR,
					"systemctl --user start " TARGET " failed with "
					"status %d: is the systemd user manager running?",
					code);
		}
	}
	return true;
}

void gridwl_session_env_destroy(struct gridwl_session_env *env) {
	if (env == NULL) {
		return;
	}
	// The units bound to the session end with it, and the next session,
	// Wayland or not, does not inherit this one's variables. Not waited
	// for: systemd does it after gridwl is gone.
	if (env->target_started || env->step == STEP_TARGET) {
		char command[256];
		snprintf(command, sizeof(command),
				"systemctl --user stop " TARGET
				"; systemctl --user unset-environment %s",
				env->names);
		wlr_log(WLR_INFO, "Stopping " TARGET);
		gridwl_server_spawn(env->server, command);
	}
	free(env);
}
