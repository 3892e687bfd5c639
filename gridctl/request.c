#include <errno.h>
#include <json-c/json.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gridctl/request.h"
#include "gridctl/request_tablet.h"
#include "gridctl/util.h"
#include "protocol/control.h"

/* What gridctl makes of the words that follow a command's name. */
struct command {
	const char *usage; // the arguments, for --help and error messages
	const char *help; // what it does, for --help; lines break at '\n'
	// How many words may follow the name; max_args -1 is no bound.
	int min_args, max_args;
	// Adds the command's members to request, argv[0] being the name.
	// Returns false with *error set on a usage error.
	bool (*build)(struct json_object *request, int argc, char **argv,
			const char *cwd, char **error);
};

bool gridctl_parse_int(const char *str, int *value) {
	// strtol alone would also take leading blanks and an empty string.
	const char *digits = str;
	if (*digits == '-' || *digits == '+') {
		digits++;
	}
	if (*digits < '0' || *digits > '9') {
		return false;
	}
	char *end;
	errno = 0;
	long n = strtol(str, &end, 10);
	if (errno != 0 || *end != '\0' || n < INT_MIN || n > INT_MAX) {
		return false;
	}
	*value = (int)n;
	return true;
}

static bool add_int(struct json_object *request, const char *key,
		const char *what, const char *arg, char **error) {
	int value;
	if (!gridctl_parse_int(arg, &value)) {
		*error = gridctl_format("invalid %s '%s': expected an integer", what,
				arg);
		return false;
	}
	json_object_object_add(request, key, json_object_new_int(value));
	return true;
}

/* An integer, or digits with one decimal point (1.5): a JSON number, which
 * gridwl checks for range. */
static bool add_number(struct json_object *request, const char *key,
		const char *what, const char *arg, char **error) {
	int value;
	if (gridctl_parse_int(arg, &value)) {
		json_object_object_add(request, key, json_object_new_int(value));
		return true;
	}
	size_t digits = strspn(arg, "0123456789");
	if (digits == 0 || arg[digits] != '.' ||
			strspn(arg + digits + 1, "0123456789") == 0 ||
			arg[digits + 1 + strspn(arg + digits + 1, "0123456789")] != '\0') {
		*error = gridctl_format("invalid %s '%s': expected a number such as 2 "
								"or 1.5",
				what, arg);
		return false;
	}
	json_object_object_add(request, key, json_object_new_double(atof(arg)));
	return true;
}

static bool build_no_args(struct json_object *request, int argc, char **argv,
		const char *cwd, char **error) {
	return true;
}

static bool build_id(struct json_object *request, int argc, char **argv,
		const char *cwd, char **error) {
	return add_int(request, "id", "ID", argv[1], error);
}

static bool build_move(struct json_object *request, int argc, char **argv,
		const char *cwd, char **error) {
	return add_int(request, "id", "ID", argv[1], error) &&
			add_int(request, "x", "X", argv[2], error) &&
			add_int(request, "y", "Y", argv[3], error);
}

static bool build_resize(struct json_object *request, int argc, char **argv,
		const char *cwd, char **error) {
	return add_int(request, "id", "ID", argv[1], error) &&
			add_int(request, "width", "width", argv[2], error) &&
			add_int(request, "height", "height", argv[3], error);
}

static bool build_output(struct json_object *request, int argc, char **argv,
		const char *cwd, char **error) {
	json_object_object_add(request, "name", json_object_new_string(argv[1]));
	struct json_object *args = json_object_new_array();
	for (int i = 2; i < argc; i++) {
		json_object_array_add(args, json_object_new_string(argv[i]));
	}
	json_object_object_add(request, "args", args);
	return true;
}

static bool build_input(struct json_object *request, int argc, char **argv,
		const char *cwd, char **error) {
	json_object_object_add(request, "identifier",
			json_object_new_string(argv[1]));
	struct json_object *args = json_object_new_array();
	for (int i = 2; i < argc; i++) {
		json_object_array_add(args, json_object_new_string(argv[i]));
	}
	json_object_object_add(request, "args", args);
	return true;
}

/* "WxH" into the request's width_key and height_key. */
static bool add_size(struct json_object *request, const char *width_key,
		const char *height_key, const char *size, char **error) {
	const char *sep = strpbrk(size, "xX");
	if (sep == NULL) {
		*error = gridctl_format("invalid size '%s': expected WxH", size);
		return false;
	}
	char *width = strndup(size, (size_t)(sep - size));
	if (width == NULL) {
		*error = gridctl_format("out of memory");
		return false;
	}
	int w, h;
	bool ok = gridctl_parse_int(width, &w) && gridctl_parse_int(sep + 1, &h);
	free(width);
	if (!ok) {
		*error = gridctl_format("invalid size '%s': expected WxH", size);
		return false;
	}
	json_object_object_add(request, width_key, json_object_new_int(w));
	json_object_object_add(request, height_key, json_object_new_int(h));
	return true;
}

static bool build_create_output(struct json_object *request, int argc,
		char **argv, const char *cwd, char **error) {
	if (!add_size(request, "width", "height", argv[1], error)) {
		return false;
	}
	// Options, each with its value: scale N, physical WMMxHMM.
	for (int i = 2; i < argc; i += 2) {
		bool scale = strcmp(argv[i], "scale") == 0;
		if (!scale && strcmp(argv[i], "physical") != 0) {
			*error = gridctl_format("create-output: unknown option '%s'",
					argv[i]);
			return false;
		}
		if (i + 1 >= argc) {
			*error = gridctl_format("create-output: %s needs a value", argv[i]);
			return false;
		}
		bool ok = scale ?
				add_int(request, "scale", "scale", argv[i + 1], error) :
				add_size(request, "physical_width_mm", "physical_height_mm",
						argv[i + 1], error);
		if (!ok) {
			return false;
		}
	}
	return true;
}

static bool build_workspace(struct json_object *request, int argc, char **argv,
		const char *cwd, char **error) {
	json_object_object_add(request, "workspace",
			json_object_new_string(argv[1]));
	return true;
}

static bool build_move_to_workspace(struct json_object *request, int argc,
		char **argv, const char *cwd, char **error) {
	json_object_object_add(request, "workspace",
			json_object_new_string(argv[2]));
	return add_int(request, "id", "ID", argv[1], error);
}

static bool build_subscribe(struct json_object *request, int argc, char **argv,
		const char *cwd, char **error) {
	struct json_object *events = json_object_new_array();
	for (int i = 1; i < argc; i++) {
		json_object_array_add(events, json_object_new_string(argv[i]));
	}
	json_object_object_add(request, "events", events);
	return true;
}

static bool build_name(struct json_object *request, int argc, char **argv,
		const char *cwd, char **error) {
	json_object_object_add(request, "name", json_object_new_string(argv[1]));
	return true;
}

static char *absolute_path(const char *file, const char *cwd, char **error) {
	char *path;
	if (file[0] == '/') {
		path = strdup(file);
	} else if (cwd == NULL || cwd[0] != '/') {
		*error = gridctl_format("cannot make '%s' absolute: the current "
								"directory is unknown",
				file);
		return NULL;
	} else {
		size_t len = strlen(cwd);
		bool slash = cwd[len - 1] == '/';
		path = gridctl_format("%s%s%s", cwd, slash ? "" : "/", file);
	}
	if (path == NULL) {
		*error = gridctl_format("out of memory");
	}
	return path;
}

static bool build_screenshot(struct json_object *request, int argc, char **argv,
		const char *cwd, char **error) {
	const char *output = NULL;
	const char *file = NULL;
	const char *region = NULL;
	const char *window = NULL;
	const char *scale = NULL;
	bool cursor = false;
	bool options_done = false;
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		bool option = !options_done && arg[0] == '-' && arg[1] != '\0';
		if (!option) {
			if (file != NULL) {
				*error = gridctl_format("screenshot: more than "
										"one FILE given ('%s', '%s')",
						file, arg);
				return false;
			}
			file = arg;
		} else if (strcmp(arg, "--") == 0) {
			options_done = true;
		} else if (strcmp(arg, "-o") == 0 || strcmp(arg, "--output") == 0) {
			if (i + 1 == argc) {
				*error = gridctl_format("screenshot: %s needs "
										"an output NAME",
						arg);
				return false;
			}
			output = argv[++i];
		} else if (strcmp(arg, "--cursor") == 0) {
			cursor = true;
		} else if (strcmp(arg, "--region") == 0) {
			if (i + 1 == argc) {
				*error = gridctl_format("screenshot: --region needs "
										"X,Y,WIDTH,HEIGHT");
				return false;
			}
			region = argv[++i];
		} else if (strcmp(arg, "--window") == 0 ||
				strcmp(arg, "--scale") == 0) {
			if (i + 1 == argc) {
				*error = gridctl_format("screenshot: %s needs %s", arg,
						arg[2] == 'w' ? "a window ID" : "a scale N");
				return false;
			}
			*(arg[2] == 'w' ? &window : &scale) = argv[++i];
		} else {
			*error = gridctl_format("screenshot: unknown option '%s'", arg);
			return false;
		}
	}
	if (file == NULL || file[0] == '\0') {
		*error = gridctl_format("usage: gridctl screenshot [-o NAME | "
								"--region X,Y,W,H | --window ID] [--scale N] "
								"[--cursor] FILE.png|FILE.ppm|-");
		return false;
	}
	if ((window != NULL &&
				!add_int(request, "window", "window ID", window, error)) ||
			(scale != NULL &&
					!add_number(request, "scale", "scale", scale, error))) {
		return false;
	}

	// "-" is gridctl's to resolve (it writes the image to stdout); any
	// other file the compositor writes, and its current directory is not
	// ours.
	char *path = strcmp(file, "-") == 0 ? strdup("-") :
										  absolute_path(file, cwd, error);
	if (path == NULL) {
		return false;
	}
	json_object_object_add(request, "path", json_object_new_string(path));
	free(path);
	if (output != NULL) {
		json_object_object_add(request, "output",
				json_object_new_string(output));
	}
	if (cursor) {
		json_object_object_add(request, "cursor",
				json_object_new_boolean(true));
	}
	if (region != NULL) {
		int values[4];
		char extra;
		if (sscanf(region, "%d,%d,%d,%d%c", &values[0], &values[1], &values[2],
					&values[3], &extra) != 4 ||
				values[2] <= 0 || values[3] <= 0) {
			*error = gridctl_format("screenshot: --region '%s' is not "
									"X,Y,WIDTH,HEIGHT (logical)",
					region);
			return false;
		}
		struct json_object *box = json_object_new_array();
		for (int i = 0; i < 4; i++) {
			json_object_array_add(box, json_object_new_int(values[i]));
		}
		json_object_object_add(request, "region", box);
	}
	return true;
}

/* Seconds, fractions allowed: "1", "0.5"; above 0. */
static bool parse_seconds(const char *str, double *value) {
	if (*str < '0' || *str > '9') {
		return false;
	}
	char *end;
	errno = 0;
	double n = strtod(str, &end);
	if (errno != 0 || *end != '\0' || !isfinite(n) || n <= 0) {
		return false;
	}
	*value = n;
	return true;
}

static bool build_wait(struct json_object *request, int argc, char **argv,
		const char *cwd, char **error) {
	const char *what = argv[1];
	bool window = strcmp(what, "window") == 0;
	if (!window && strcmp(what, "settled") != 0) {
		*error = gridctl_format("wait: unknown condition '%s' (want "
								"window or settled)",
				what);
		return false;
	}
	json_object_object_add(request, "for", json_object_new_string(what));
	for (int i = 2; i < argc; i++) {
		const char *option = argv[i];
		const char *key = NULL;
		if (window && strcmp(option, "--app-id") == 0) {
			key = "app_id";
		} else if (window && strcmp(option, "--title") == 0) {
			key = "title";
		} else if (window && strcmp(option, "--class") == 0) {
			key = "class";
		} else if (strcmp(option, "--timeout") == 0) {
			key = "timeout";
		} else if (!window && strcmp(option, "--quiet") == 0) {
			key = "quiet";
		} else {
			*error = gridctl_format("wait %s: unknown option '%s'", what,
					option);
			return false;
		}
		if (i + 1 == argc) {
			*error = gridctl_format("wait %s: %s needs a value", what, option);
			return false;
		}
		const char *value = argv[++i];
		if (strcmp(key, "quiet") == 0) {
			if (!add_int(request, key, "MS", value, error)) {
				return false;
			}
		} else if (strcmp(key, "timeout") == 0) {
			double seconds;
			int whole;
			if (gridctl_parse_int(value, &whole) && whole > 0) {
				json_object_object_add(request, key,
						json_object_new_int(whole));
			} else if (parse_seconds(value, &seconds)) {
				json_object_object_add(request, key,
						json_object_new_double(seconds));
			} else {
				*error = gridctl_format("invalid SECONDS '%s': expected a "
										"number above 0",
						value);
				return false;
			}
		} else {
			json_object_object_add(request, key, json_object_new_string(value));
		}
	}
	return true;
}

static bool build_pointer(struct json_object *request, int argc, char **argv,
		const char *cwd, char **error) {
	return add_int(request, "x", "X", argv[1], error) &&
			add_int(request, "y", "Y", argv[2], error);
}

static bool build_click(struct json_object *request, int argc, char **argv,
		const char *cwd, char **error) {
	int i = 1;
	if (argc >= 3) {
		if (!build_pointer(request, argc, argv, cwd, error)) {
			return false;
		}
		i = 3;
	}
	if (i < argc) {
		const char *button = argv[i];
		if (strcmp(button, "left") != 0 && strcmp(button, "right") != 0 &&
				strcmp(button, "middle") != 0) {
			*error = gridctl_format(
					"invalid button '%s': expected left, right or middle",
					button);
			return false;
		}
		json_object_object_add(request, "button",
				json_object_new_string(button));
		i++;
	}
	if (i < argc) {
		*error = gridctl_format("unexpected '%s'", argv[i]);
		return false;
	}
	return true;
}

static bool build_scroll(struct json_object *request, int argc, char **argv,
		const char *cwd, char **error) {
	return add_int(request, "dx", "DX", argv[1], error) &&
			add_int(request, "dy", "DY", argv[2], error);
}

static bool build_key(struct json_object *request, int argc, char **argv,
		const char *cwd, char **error) {
	struct json_object *keys = json_object_new_array();
	for (int i = 1; i < argc; i++) {
		json_object_array_add(keys, json_object_new_string(argv[i]));
	}
	json_object_object_add(request, "keys", keys);
	return true;
}

/* Several words are one text with spaces between, as echo prints them. */
static bool build_type(struct json_object *request, int argc, char **argv,
		const char *cwd, char **error) {
	size_t size = 1;
	for (int i = 1; i < argc; i++) {
		size += strlen(argv[i]) + 1;
	}
	char *text = calloc(size, 1);
	if (text == NULL) {
		*error = gridctl_format("out of memory");
		return false;
	}
	for (int i = 1; i < argc; i++) {
		if (i > 1) {
			strcat(text, " ");
		}
		strcat(text, argv[i]);
	}
	json_object_object_add(request, "text", json_object_new_string(text));
	free(text);
	return true;
}

static bool build_touch(struct json_object *request, int argc, char **argv,
		const char *cwd, char **error) {
	const char *action = argv[1];
	bool up = strcmp(action, "up") == 0;
	if (!up && strcmp(action, "down") != 0 && strcmp(action, "motion") != 0) {
		*error = gridctl_format(
				"invalid touch '%s': expected down, motion or up", action);
		return false;
	}
	if (argc != 5 && !(up && argc == 3)) {
		*error = gridctl_format("touch %s needs ID X Y", action);
		return false;
	}
	json_object_object_add(request, "action", json_object_new_string(action));
	return add_int(request, "id", "ID", argv[2], error) &&
			(argc == 3 ||
					(add_int(request, "x", "X", argv[3], error) &&
							add_int(request, "y", "Y", argv[4], error)));
}

static bool build_gesture(struct json_object *request, int argc, char **argv,
		const char *cwd, char **error) {
	const char *kind = argv[1];
	int want = strcmp(kind, "hold") == 0                             ? 3 :
			strcmp(kind, "swipe") == 0 || strcmp(kind, "pinch") == 0 ? 5 :
																	   0;
	if (want == 0) {
		*error = gridctl_format(
				"invalid gesture '%s': expected swipe, pinch or hold", kind);
		return false;
	}
	if (argc != want) {
		*error = gridctl_format("gesture %s needs %s", kind,
				want == 3              ? "FINGERS" :
						kind[0] == 's' ? "FINGERS DX DY" :
										 "FINGERS SCALE% DEGREES");
		return false;
	}
	json_object_object_add(request, "kind", json_object_new_string(kind));
	if (!add_int(request, "fingers", "FINGERS", argv[2], error)) {
		return false;
	}
	if (want == 3) {
		return true;
	}
	if (kind[0] == 's') {
		return add_int(request, "dx", "DX", argv[3], error) &&
				add_int(request, "dy", "DY", argv[4], error);
	}
	return add_int(request, "scale", "SCALE%", argv[3], error) &&
			add_int(request, "rotation", "DEGREES", argv[4], error);
}

static bool build_switch(struct json_object *request, int argc, char **argv,
		const char *cwd, char **error) {
	if (strcmp(argv[1], "lid") != 0 && strcmp(argv[1], "tablet") != 0) {
		*error = gridctl_format("invalid switch '%s': expected lid or tablet",
				argv[1]);
		return false;
	}
	if (strcmp(argv[2], "on") != 0 && strcmp(argv[2], "off") != 0) {
		*error = gridctl_format("invalid state '%s': expected on or off",
				argv[2]);
		return false;
	}
	json_object_object_add(request, "switch", json_object_new_string(argv[1]));
	json_object_object_add(request, "state", json_object_new_string(argv[2]));
	return true;
}

static const struct command commands[] = {
	[GRIDWL_CONTROL_OUTPUTS] = { "", "list outputs", 0, 0, build_no_args },
	[GRIDWL_CONTROL_WINDOWS] = { "", "list windows", 0, 0, build_no_args },
	[GRIDWL_CONTROL_LAYERS] = { "", "list layer surfaces (panels, ...)", 0, 0,
			build_no_args },
	[GRIDWL_CONTROL_MOVE] = { " ID X Y", "move window ID to X,Y", 3, 3,
			build_move },
	[GRIDWL_CONTROL_RESIZE] = { " ID WIDTH HEIGHT", "resize window ID", 3, 3,
			build_resize },
	[GRIDWL_CONTROL_FOCUS] = { " ID", "focus window ID", 1, 1, build_id },
	[GRIDWL_CONTROL_CLOSE] = { " ID", "ask window ID to close", 1, 1,
			build_id },
	[GRIDWL_CONTROL_OUTPUT] = { " NAME KEY VALUE...",
			"configure output NAME ('*': every\n"
			"output), as in the config file's\n"
			"output lines",
			2, -1, build_output },
	[GRIDWL_CONTROL_CREATE_OUTPUT] = { " WxH [scale N] [physical WMMxHMM]",
			"add a headless output", 1, 5, build_create_output },
	[GRIDWL_CONTROL_DESTROY_OUTPUT] = { " NAME", "remove a headless output", 1,
			1, build_name },
	[GRIDWL_CONTROL_SCREENSHOT] = { " [-o NAME | --region X,Y,W,H | --window ID] "
									"[--scale N] [--cursor] FILE.png|FILE.ppm|-",
			"save the screen (output NAME, a logical region, or one window "
			"alone at scale N) as PNG, as PPM by the name, or PNG on stdout "
			"for -",
			1, -1, build_screenshot },
	[GRIDWL_CONTROL_RELOAD] = { "", "reload the configuration", 0, 0,
			build_no_args },
	[GRIDWL_CONTROL_EXIT] = { "", "quit the compositor", 0, 0, build_no_args },
	[GRIDWL_CONTROL_STATS] = { "", "print statistics", 0, 0, build_no_args },
	[GRIDWL_CONTROL_WAIT] = { " window|settled [OPTIONS]",
			"wait until a window is on screen:\n"
			"  window [--app-id RE] [--title RE]\n"
			"  [--class RE] [--timeout SECONDS]\n"
			"or until nothing has changed on screen:\n"
			"  settled [--quiet MS] [--timeout SECONDS]\n"
			"(defaults: 10 s, 200 ms)",
			1, -1, build_wait },
	[GRIDWL_CONTROL_POINTER] = { " X Y",
			"move the pointer to X,Y (logical layout\n"
			"coordinates), as a mouse would",
			2, 2, build_pointer },
	[GRIDWL_CONTROL_CLICK] = { " [X Y] [left|right|middle]",
			"click a button (default left), at X,Y\n"
			"when given",
			0, 3, build_click },
	[GRIDWL_CONTROL_SCROLL] = { " DX DY",
			"scroll by DX, DY logical pixels (a wheel\n"
			"notch is 15)",
			2, 2, build_scroll },
	[GRIDWL_CONTROL_KEY] = { " [MODIFIERS+]KEYSYM...",
			"press and release each key, with its\n"
			"modifiers (as in bind lines) held",
			1, -1, build_key },
	[GRIDWL_CONTROL_TYPE] = { " TEXT...",
			"type the text (any Unicode; words are\n"
			"joined by spaces) through a keymap made\n"
			"for it",
			1, -1, build_type },
	[GRIDWL_CONTROL_TOUCH] = { " down|motion|up ID X Y",
			"touch finger ID down at, move it to or lift\n"
			"it at X,Y (logical; up needs no X Y)",
			2, 4, build_touch },
	[GRIDWL_CONTROL_GESTURE] = { " swipe|pinch|hold FINGERS [DX DY | SCALE% "
								 "DEGREES]",
			"a touchpad gesture where the pointer is:\n"
			"swipe by DX,DY, pinch to SCALE percent\n"
			"turned DEGREES, or hold",
			2, 4, build_gesture },
	[GRIDWL_CONTROL_ACTION] = { " ACTION [ARGUMENT]",
			"what a bind line's action does (focus next,\n"
			"fullscreen, maximize, center, move-to-output\n"
			"DIRECTION|NAME, close, ...)",
			1, -1, build_type },
	[GRIDWL_CONTROL_CLIENTS] = { "",
			"list the connected clients: pid, command,\n"
			"sandbox, windows, privileged protocols",
			0, 0, build_no_args },
	[GRIDWL_CONTROL_INPUTS] = { "",
			"list input devices: identifier, type,\n"
			"layouts, settings in effect",
			0, 0, build_no_args },
	[GRIDWL_CONTROL_INPUT] = { " IDENTIFIER KEY VALUE...",
			"configure the input devices IDENTIFIER\n"
			"names (*, type:TYPE, VENDOR:PRODUCT:NAME),\n"
			"as in the config file's input lines",
			2, -1, build_input },
	[GRIDWL_CONTROL_TABLET] = { " proximity-in|motion|down|up|proximity-out X "
								"Y [--pressure P] [--tilt X,Y] | button "
								"stylus|stylus2|stylus3 down|up | pad "
								"add|remove | pad button N down|up | pad "
								"ring N DEGREES|stop | pad strip N "
								"POSITION|stop | pad mode M",
			"a pen on a tablet over the whole layout:\n"
			"brought near, moved, pressed down, lifted\n"
			"or taken away at X,Y (logical), with\n"
			"pressure 0 to 1 and tilt in degrees; or\n"
			"a button on it pressed or released; or\n"
			"the tablet's pad: added, removed, a\n"
			"button pressed or released, the ring\n"
			"turned to DEGREES or the strip slid to\n"
			"POSITION (0 to 1) by a finger (stop: it\n"
			"is lifted), or mode M switched to",
			2, 7, gridctl_build_tablet },
	[GRIDWL_CONTROL_SEATS] = { "",
			"list the seats (seat0 and remote desktops'\n"
			"transient ones): keyboard and pointer\n"
			"focus, cursor position",
			0, 0, build_no_args },
	[GRIDWL_CONTROL_SWITCH] = { " lid|tablet on|off",
			"the lid shut (on) or opened (off), or\n"
			"tablet mode on or off, on a switch of\n"
			"gridwl's own: runs the bindswitch line",
			2, 2, build_switch },
	[GRIDWL_CONTROL_WORKSPACES] = { "",
			"list the workspaces: number, name,\n"
			"shown, windows, urgent",
			0, 0, build_no_args },
	[GRIDWL_CONTROL_WORKSPACE] = { " N|NAME|next|prev|back-and-forth",
			"show that workspace on every output", 1, 1, build_workspace },
	[GRIDWL_CONTROL_SUBSCRIBE] = { " [window|workspace|output|input|binding]...",
			"print one JSON line for each event of\n"
			"those kinds (all without any), until\n"
			"gridwl ends or gridctl is stopped",
			0, 5, build_subscribe },
	[GRIDWL_CONTROL_MOVE_TO_WORKSPACE] = { " ID N|NAME|next|prev",
			"move window ID to that workspace", 2, 2, build_move_to_workspace },
};

_Static_assert(sizeof(commands) / sizeof(commands[0]) ==
				GRIDWL_CONTROL_COMMAND_COUNT,
		"gridctl must build every control command");

// Where --help starts the descriptions.
#define HELP_COLUMN 32

static void print_help(FILE *out, const char *name, const char *usage,
		const char *help) {
	int width = fprintf(out, "  %s%s", name, usage);
	// A synopsis too long to leave a gap has its description below it.
	if (width + 2 > HELP_COLUMN) {
		fputc('\n', out);
		width = 0;
	}
	const char *line = help;
	for (;;) {
		size_t len = strcspn(line, "\n");
		fprintf(out, "%*s%.*s\n", HELP_COLUMN - width, "", (int)len, line);
		if (line[len] == '\0') {
			break;
		}
		line += len + 1;
		width = 0;
	}
}

void gridctl_print_commands(FILE *out) {
	for (int i = 0; i < GRIDWL_CONTROL_COMMAND_COUNT; i++) {
		print_help(out, gridwl_control_command_name(i), commands[i].usage,
				commands[i].help);
	}
	// Not a command of the protocol: gridctl sends its argument as it is.
	print_help(out, "raw", " JSON", "send JSON as is");
}

static char *build_raw(int argc, char **argv, char **error) {
	if (argc != 2) {
		*error = gridctl_format("usage: gridctl raw JSON");
		return NULL;
	}
	// A newline would make it several requests, and we read one reply.
	if (strchr(argv[1], '\n') != NULL) {
		*error = gridctl_format("raw: JSON must be a single line");
		return NULL;
	}
	char *line = strdup(argv[1]);
	if (line == NULL) {
		*error = gridctl_format("out of memory");
	}
	return line;
}

char *gridctl_build_request(int argc, char **argv, const char *cwd,
		char **error) {
	*error = NULL;
	if (argc < 1) {
		*error = gridctl_format("no command given (see gridctl --help)");
		return NULL;
	}
	const char *name = argv[0];
	if (strcmp(name, "raw") == 0) {
		// Sent verbatim, so tests can send what no command would.
		return build_raw(argc, argv, error);
	}

	enum gridwl_control_command id;
	if (!gridwl_control_command_from_name(name, &id) ||
			commands[id].build == NULL) {
		*error = gridctl_format("unknown command '%s' (see gridctl "
								"--help)",
				name);
		return NULL;
	}
	const struct command *command = &commands[id];
	int nargs = argc - 1;
	if (nargs < command->min_args ||
			(command->max_args >= 0 && nargs > command->max_args)) {
		*error = gridctl_format("usage: gridctl %s%s", name, command->usage);
		return NULL;
	}

	struct json_object *request = json_object_new_object();
	json_object_object_add(request, "command",
			json_object_new_string(gridwl_control_command_name(id)));
	if (!command->build(request, argc, argv, cwd, error)) {
		json_object_put(request);
		return NULL;
	}
	char *line = strdup(json_object_to_json_string_ext(request,
			JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(request);
	if (line == NULL) {
		*error = gridctl_format("out of memory");
	}
	return line;
}

int gridctl_reply_timeout(const char *request) {
	int seconds = GRIDCTL_IO_TIMEOUT_SECONDS;
	struct json_object *parsed = json_tokener_parse(request);
	struct json_object *command, *timeout;
	if (parsed != NULL &&
			json_object_object_get_ex(parsed, "command", &command) &&
			json_object_is_type(command, json_type_string) &&
			strcmp(json_object_get_string(command),
					gridwl_control_command_name(GRIDWL_CONTROL_WAIT)) == 0) {
		// The compositor answers when its own timeout is up; ours only
		// guards against a compositor that hangs.
		double wait = 10;
		if (json_object_object_get_ex(parsed, "timeout", &timeout)) {
			wait = json_object_get_double(timeout);
		}
		if (isfinite(wait) && wait > 0 && wait < INT_MAX / 2) {
			seconds += (int)ceil(wait);
		}
	}
	json_object_put(parsed);
	return seconds;
}
