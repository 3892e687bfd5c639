#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "gridctl/socket_path.h"
#include "gridctl/util.h"
#include "protocol/control.h"

char *gridctl_socket_path(const char *gridwl_sock, const char *runtime_dir,
		const char *wayland_display, char **error) {
	char *path;
	if (gridwl_sock != NULL && gridwl_sock[0] != '\0') {
		path = strdup(gridwl_sock);
		if (path == NULL) {
			*error = gridctl_format("out of memory");
		}
		return path;
	}
	char *rule_error = NULL;
	path = gridwl_control_socket_path(runtime_dir, wayland_display,
			&rule_error);
	if (path == NULL) {
		*error = rule_error == NULL ?
				gridctl_format("out of memory") :
				gridctl_format("%s (set GRIDWL_SOCK to the control socket "
							   "instead)",
						rule_error);
		free(rule_error);
	}
	return path;
}
