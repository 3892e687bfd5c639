#include <stdlib.h>
#include "compositor/util.h"
#include "input/control_device.h"

void *gridwl_control_device_get(struct gridwl_seat *seat, void *made,
		size_t size,
		bool (*attach)(struct gridwl_seat *seat, void *control, char **error),
		char **error) {
	if (made != NULL) {
		return made;
	}
	void *control = calloc(1, size);
	if (control == NULL) {
		gridwl_set_error(error, "out of memory");
		return NULL;
	}
	if (!attach(seat, control, error)) {
		free(control);
		return NULL;
	}
	return control;
}
