#ifndef GRIDWL_GRIDCTL_SOCKET_PATH_H
#define GRIDWL_GRIDCTL_SOCKET_PATH_H

/*
 * Where the control socket of the compositor we talk to is, from the values
 * of $GRIDWL_SOCK, $XDG_RUNTIME_DIR and $WAYLAND_DISPLAY (each may be NULL):
 * GRIDWL_SOCK if set, else where the compositor puts it by the protocol's
 * rule (gridwl_control_socket_path): XDG_RUNTIME_DIR/gridwl-DISPLAY.sock
 * where DISPLAY is WAYLAND_DISPLAY ("wayland-0" if unset), or its basename
 * when it is an absolute path. The environment is passed in, not read, for
 * the tests.
 *
 * Returns a path the caller frees, or NULL with *error set to a message the
 * caller frees.
 */
char *gridctl_socket_path(const char *gridwl_sock, const char *runtime_dir,
		const char *wayland_display, char **error);

#endif
