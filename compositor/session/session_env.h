#ifndef GRIDWL_COMPOSITOR_SESSION_SESSION_ENV_H
#define GRIDWL_COMPOSITOR_SESSION_SESSION_ENV_H

#include <stdbool.h>
#include <sys/types.h>

struct gridwl_server;

/* Whether gridwl acts as the desktop session: auto on the DRM backend,
 * --session and --no-session elsewhere. */
enum gridwl_session_mode {
	GRIDWL_SESSION_AUTO,
	GRIDWL_SESSION_ON,
	GRIDWL_SESSION_OFF,
};

/*
 * The desktop session's environment: programs D-Bus or the systemd user
 * manager start (portals, notification daemons, kanshi) must find this
 * session's WAYLAND_DISPLAY, DISPLAY, XDG_CURRENT_DESKTOP and
 * XDG_SESSION_TYPE. gridwl runs dbus-update-activation-environment
 * --systemd with them (systemctl --user import-environment when it is
 * missing), then systemctl --user start gridwl-session.target, which binds
 * graphical-session.target; at exit it stops the target. Each step is a
 * child process followed through SIGCHLD: the compositor never waits on
 * D-Bus. A missing program or a failed step is logged and the session goes
 * on without it.
 */
struct gridwl_session_env;

/* NULL when mode (auto: the backend) says gridwl is not the session. */
struct gridwl_session_env *gridwl_session_env_create(
		struct gridwl_server *server, enum gridwl_session_mode mode);
/* Exports the environment and starts the target; run once the Wayland
 * socket exists and Xwayland's DISPLAY is known. */
void gridwl_session_env_start(struct gridwl_session_env *env);
/* Whether pid was one of its steps (then it has been handled). */
bool gridwl_session_env_child_exited(struct gridwl_session_env *env, pid_t pid,
		int status);
/* Stops the target when it was started; run while the server is whole. */
void gridwl_session_env_destroy(struct gridwl_session_env *env);

#endif
