#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "gridctl/socket_path.h"
#include "gridctl/util.h"

static bool is_set(const char *value) {
	return value != NULL && value[0] != '\0';
}

char *gridctl_socket_path(const char *gridwl_sock, const char *runtime_dir,
		const char *wayland_display, char **error) {
	char *path;
	if (is_set(gridwl_sock)) {
		path = strdup(gridwl_sock);
	} else if (!is_set(runtime_dir)) {
		*error = gridctl_format("XDG_RUNTIME_DIR is not set "
			"(set GRIDWL_SOCK to the control socket instead)");
		return NULL;
	} else {
		const char *display = is_set(wayland_display) ?
			wayland_display : "wayland-0";
		// The compositor names its socket after the display's name,
		// which for an absolute WAYLAND_DISPLAY is the last component.
		if (display[0] == '/') {
			display = strrchr(display, '/') + 1;
			if (display[0] == '\0') {
				*error = gridctl_format("WAYLAND_DISPLAY '%s' "
					"names no socket", wayland_display);
				return NULL;
			}
		}
		path = gridctl_format("%s/gridwl-%s.sock", runtime_dir, display);
	}
	if (path == NULL) {
		*error = gridctl_format("out of memory");
	}
	return path;
}
