#include <errno.h>
#include <json-c/json.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "gridctl/request.h"
#include "gridctl/request_tablet.h"
#include "gridctl/util.h"

/* An integer of at least min, all of arg, as request's key. */
static bool add_int(struct json_object *request, const char *key,
		const char *what, const char *arg, int min, char **error) {
	int value;
	if (!gridctl_parse_int(arg, &value) || value < min) {
		*error = gridctl_format("invalid %s '%s': expected %s", what, arg,
				min == 0 ? "a natural number" : "an integer");
		return false;
	}
	json_object_object_add(request, key, json_object_new_int(value));
	return true;
}

/* A decimal number, all of arg. */
static bool parse_number(const char *arg, double *value) {
	char *end;
	errno = 0;
	*value = strtod(arg, &end);
	return end != arg && *end == '\0' && errno == 0 && isfinite(*value);
}

static bool build_tablet_button(struct json_object *request, int argc,
		char **argv, char **error) {
	if (argc != 4 ||
			(strcmp(argv[3], "down") != 0 && strcmp(argv[3], "up") != 0)) {
		*error = gridctl_format("tablet button needs BUTTON down|up");
		return false;
	}
	json_object_object_add(request, "button", json_object_new_string(argv[2]));
	json_object_object_add(request, "state", json_object_new_string(argv[3]));
	return true;
}

/* pad add|remove, pad button N down|up, pad ring N DEGREES|stop, pad strip
 * N POSITION|stop, pad mode M. */
static bool build_tablet_pad(struct json_object *request, int argc, char **argv,
		char **error) {
	const char *what = argc > 2 ? argv[2] : "";
	json_object_object_add(request, "pad", json_object_new_string(what));
	if (strcmp(what, "add") == 0 || strcmp(what, "remove") == 0) {
		if (argc != 3) {
			*error = gridctl_format("tablet pad %s takes no arguments", what);
			return false;
		}
		return true;
	}
	if (strcmp(what, "mode") == 0) {
		if (argc != 4) {
			*error = gridctl_format("tablet pad mode needs MODE");
			return false;
		}
		return add_int(request, "mode", "mode", argv[3], 0, error);
	}
	bool button = strcmp(what, "button") == 0;
	if (!button && strcmp(what, "ring") != 0 && strcmp(what, "strip") != 0) {
		*error = gridctl_format("invalid tablet pad action '%s': expected add, "
								"remove, button, ring, strip or mode",
				what);
		return false;
	}
	if (argc != 5) {
		*error = gridctl_format("tablet pad %s needs N %s", what,
				button                 ? "down|up" :
						what[0] == 'r' ? "DEGREES|stop" :
										 "POSITION|stop");
		return false;
	}
	if (!add_int(request, "index", what, argv[3], 0, error)) {
		return false;
	}
	const char *value = argv[4];
	if (button) {
		if (strcmp(value, "down") != 0 && strcmp(value, "up") != 0) {
			*error = gridctl_format("tablet pad button needs N down|up");
			return false;
		}
		json_object_object_add(request, "state", json_object_new_string(value));
		return true;
	}
	double position;
	if (strcmp(value, "stop") == 0) {
		json_object_object_add(request, "position",
				json_object_new_string(value));
	} else if (parse_number(value, &position)) {
		json_object_object_add(request, "position",
				json_object_new_double(position));
	} else {
		*error = gridctl_format("invalid %s position '%s': expected a number "
								"or stop",
				what, value);
		return false;
	}
	return true;
}

bool gridctl_build_tablet(struct json_object *request, int argc, char **argv,
		const char *cwd, char **error) {
	const char *action = argv[1];
	json_object_object_add(request, "action", json_object_new_string(action));
	if (strcmp(action, "button") == 0) {
		return build_tablet_button(request, argc, argv, error);
	}
	if (strcmp(action, "pad") == 0) {
		return build_tablet_pad(request, argc, argv, error);
	}
	if (strcmp(action, "proximity-in") != 0 && strcmp(action, "motion") != 0 &&
			strcmp(action, "down") != 0 && strcmp(action, "up") != 0 &&
			strcmp(action, "proximity-out") != 0) {
		*error = gridctl_format("invalid tablet action '%s': expected "
								"proximity-in, motion, down, up, "
								"proximity-out, button or pad",
				action);
		return false;
	}
	if (argc < 4) {
		*error = gridctl_format("tablet %s needs X Y", action);
		return false;
	}
	if (!add_int(request, "x", "X", argv[2], INT_MIN, error) ||
			!add_int(request, "y", "Y", argv[3], INT_MIN, error)) {
		return false;
	}
	for (int i = 4; i < argc; i += 2) {
		bool pressure = strcmp(argv[i], "--pressure") == 0;
		if (!pressure && strcmp(argv[i], "--tilt") != 0) {
			*error = gridctl_format("unknown tablet option '%s'", argv[i]);
			return false;
		}
		if (i + 1 >= argc) {
			*error = gridctl_format("%s needs a value", argv[i]);
			return false;
		}
		const char *value = argv[i + 1];
		double a, b;
		if (pressure) {
			if (!parse_number(value, &a)) {
				*error = gridctl_format(
						"invalid pressure '%s': expected a number", value);
				return false;
			}
			json_object_object_add(request, "pressure",
					json_object_new_double(a));
			continue;
		}
		char x[64];
		const char *comma = strchr(value, ',');
		size_t len = comma != NULL ? (size_t)(comma - value) : 0;
		if (comma == NULL || len >= sizeof(x)) {
			*error = gridctl_format("invalid tilt '%s': expected X,Y", value);
			return false;
		}
		memcpy(x, value, len);
		x[len] = '\0';
		if (!parse_number(x, &a) || !parse_number(comma + 1, &b)) {
			*error = gridctl_format("invalid tilt '%s': expected X,Y", value);
			return false;
		}
		json_object_object_add(request, "tilt_x", json_object_new_double(a));
		json_object_object_add(request, "tilt_y", json_object_new_double(b));
	}
	return true;
}
