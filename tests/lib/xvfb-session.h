#ifndef GRIDWL_TESTS_XVFB_SESSION_H
#define GRIDWL_TESTS_XVFB_SESSION_H

#include <stdbool.h>
#include <sys/types.h>

/*
 * An Xvfb of the test's own, gridwl on its X11 backend inside it, and
 * xdotool typing and clicking into gridwl's window through XTest: real key
 * and button input for tests, since Debian 12 ships no virtual-keyboard
 * protocol XML. There is no window manager, so gridwl's window sits at 0,0
 * of the X screen and xdotool's screen coordinates are its physical pixels.
 */
struct xvfb_session {
	pid_t pid;
	char display[16]; // ":N"
	char display_env[32]; // "DISPLAY=:N"
	char *dir; // private: the Xvfb log, the gridwl wrapper, test files
	// Where the X pointer is: moving it where it already is makes no X
	// event, so gridwl would not learn about it.
	int pointer_x, pointer_y;
};

/* Starts Xvfb (screen WxHxD, e.g. "1024x768x24") without key repeat, and
 * points GRIDWL_BIN at a wrapper that runs gridwl with DISPLAY set to it
 * (the harness clears DISPLAY for its children). Prints why on failure;
 * xvfb_session_stop is needed either way. */
bool xvfb_session_start(struct xvfb_session *session, const char *screen);
void xvfb_session_stop(struct xvfb_session *session);

/* name inside the session's private dir; the caller frees it. */
char *xvfb_session_path(const struct xvfb_session *session, const char *name);
/* Writes text to the file name inside the private dir, mode 0600; returns
 * its path (the caller frees it) or NULL. */
char *xvfb_session_write(const struct xvfb_session *session, const char *name,
		const char *text);

/* xdotool with the arguments (NULL terminated), into the session's X. */
bool xvfb_session_xdotool(struct xvfb_session *session,
		const char *const *args);
#define XDO(session, ...) \
	xvfb_session_xdotool(session, (const char *const[]){ __VA_ARGS__, NULL })

/* Puts the X pointer at x, y of gridwl's window (physical pixels), with
 * motion even when it is already there. */
bool xvfb_session_pointer_to(struct xvfb_session *session, int x, int y);
/* Records where an xdotool command of the test left the pointer. */
void xvfb_session_pointer_moved(struct xvfb_session *session, int x, int y);

#endif
