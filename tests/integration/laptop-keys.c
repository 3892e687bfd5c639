#include <dirent.h>
#include <json-c/json.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "gridctl-outputs.h"
#include "harness.h"
#include "image.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * A laptop's switches and keys (issue 32), on HEADLESS-1 640x480 at scale 1
 * and HEADLESS-2 1280x960 at scale 2 beside it (both 640x480 logical), with
 * HEADLESS-1 as the panel: gridctl's switch takes the path of a libinput
 * lid switch, and gridctl's keyboard that of a real keyboard.
 *
 * - gridctl's switch is listed by gridctl inputs as a switch device.
 * - lid:on disables the panel and its window moves, wholly, onto
 *   HEADLESS-2; tablet:on, which would disable HEADLESS-2, the last output
 *   left, leaves it on; lid:off enables the panel again.
 * - Under a session lock only the --locked bindings run: the volume key
 *   and the lid do, Mod4+Return and tablet:off (not --locked) do not, and
 *   Mod4+Return runs again once unlocked.
 * - With the shipped default config (GRIDWL_DEFAULT_CONFIG), Print saves
 *   the output of the window with the keyboard, HEADLESS-2, at its own
 *   scale into ~/Pictures with grim: 1280x960, pixel for pixel what
 *   gridctl screenshot -o HEADLESS-2 takes.
 */

static const char config_text[] =
		"xwayland disable\n"
		"bind Mod4+Return exec echo plain >> \"$XDG_RUNTIME_DIR/ran\"\n"
		"bind --locked XF86AudioRaiseVolume exec echo volume >> "
		"\"$XDG_RUNTIME_DIR/ran\"\n"
		"bindswitch --locked lid:on output HEADLESS-1 disable\n"
		"bindswitch --locked lid:off output HEADLESS-1 enable\n"
		"bindswitch tablet:on output HEADLESS-2 disable\n"
		"bindswitch tablet:off exec echo tablet-off >> "
		"\"$XDG_RUNTIME_DIR/ran\"\n";

static bool wait_enabled(struct harness *h, const char *name, bool enabled) {
	return CHECK(wait_output_bool(h, name, "enabled", enabled,
						 enabled ? "the output enabled" :
								   "the output disabled"),
			"%s should be %s", name, enabled ? "enabled" : "disabled");
}

/* The window's frame (or content, without one) is inside box. */
static bool window_inside(struct json_object *window, void *data) {
	const int *box = data;
	struct json_object *frame = json_path(window, "frame", json_type_object);
	struct json_object *rect = frame != NULL ? frame : window;
	const char *keys[] = { "x", "y", "width", "height" };
	int v[4];
	for (int i = 0; i < 4; i++) {
		struct json_object *value = json_path(rect, keys[i], json_type_int);
		if (value == NULL) {
			return false;
		}
		v[i] = json_object_get_int(value);
	}
	return v[0] >= box[0] && v[1] >= box[1] && v[0] + v[2] <= box[0] + box[2] &&
			v[1] + v[3] <= box[1] + box[3];
}

/* A 300x200 keyboard-client called app_id, moved to x,y once mapped; NULL
 * after reporting. */
static struct harness_client *spawn_window_at(struct harness *h,
		const char *app_id, const char *x, const char *y) {
	struct harness_client *c =
			spawn_keyboard_window(h, app_id, "300x200", NULL, NULL);
	REQUIRE(c != NULL, "%s did not show its window", app_id);
	struct json_object *window =
			harness_wait_window_app_id(h, app_id, HARNESS_TIMEOUT_MS);
	struct json_object *id = json_path(window, "id", json_type_int);
	char id_text[32];
	snprintf(id_text, sizeof(id_text), "%d",
			id != NULL ? json_object_get_int(id) : 0);
	json_object_put(window);
	struct json_object *moved = id == NULL ?
			NULL :
			harness_gridctl_ok(h, "move", id_text, x, y, (char *)NULL);
	bool shown = moved != NULL;
	json_object_put(moved);
	if (!CHECK(shown, "%s did not show its window at %s,%s", app_id, x, y)) {
		harness_client_kill(c);
		return NULL;
	}
	return c;
}

/* gridctl inputs lists gridctl's switch as a switch device. */
static bool check_switch_listed(struct harness *h) {
	struct json_object *reply = harness_gridctl_ok(h, "inputs", (char *)NULL);
	struct json_object *inputs = json_path(reply, "inputs", json_type_array);
	size_t count = inputs != NULL ? json_object_array_length(inputs) : 0;
	bool found = false;
	for (size_t i = 0; i < count; i++) {
		struct json_object *input = json_object_array_get_idx(inputs, i);
		struct json_object *name = json_path(input, "name", json_type_string);
		struct json_object *type = json_path(input, "type", json_type_string);
		found = found ||
				(name != NULL && type != NULL &&
						strcmp(json_object_get_string(name),
								"gridctl-switch") == 0 &&
						strcmp(json_object_get_string(type), "switch") == 0);
	}
	json_object_put(reply);
	return CHECK(found, "gridctl inputs lists no switch gridctl-switch");
}

static bool check_lid(struct harness *h) {
	// Across the seam, most of it on the panel.
	struct harness_client *c = spawn_window_at(h, "lid-window", "450", "100");
	REQUIRE(c != NULL, "no lid-window");
	bool ok = harness_gridctl_succeeds(h, "switch", "lid", "on", NULL);
	ok = check_switch_listed(h) && ok;
	ok = wait_enabled(h, "HEADLESS-1", false) && ok;
	int second[4] = { 640, 0, 640, 480 };
	struct json_object *window = harness_wait_window(h, window_inside, second,
			HARNESS_TIMEOUT_MS, "lid-window wholly on HEADLESS-2");
	ok = CHECK(window != NULL, "lid-window did not move onto HEADLESS-2") && ok;
	json_object_put(window);

	// HEADLESS-2 is the last output: tablet:on leaves it on.
	ok = harness_gridctl_succeeds(h, "switch", "tablet", "on", NULL) && ok;
	ok = wait_enabled(h, "HEADLESS-2", true) && ok;

	ok = harness_gridctl_succeeds(h, "switch", "lid", "off", NULL) && ok;
	ok = wait_enabled(h, "HEADLESS-1", true) && ok;
	harness_client_kill(c);
	return ok;
}

static bool lock_state_is(struct json_object *reply, void *data) {
	struct json_object *state =
			json_path(reply, "session_lock", json_type_string);
	return state != NULL && strcmp(json_object_get_string(state), data) == 0;
}

static bool wait_lock_state(struct harness *h, const char *state) {
	const char *args[] = { "stats", NULL };
	struct json_object *reply = harness_wait_gridctl(h, args, lock_state_is,
			(void *)state, HARNESS_TIMEOUT_MS, state);
	json_object_put(reply);
	return CHECK(reply != NULL, "the session should be %s", state);
}

static bool check_locked(struct harness *h) {
	const char *argv[] = { getenv("LOCK_CLIENT_BIN"), NULL };
	REQUIRE(argv[0] != NULL, "LOCK_CLIENT_BIN is not set");
	struct harness_client *locker = harness_spawn(h, "locker", argv);
	REQUIRE(locker != NULL, "cannot start the locker");
	char *line = harness_client_wait_line(locker, "ready", HARNESS_TIMEOUT_MS);
	free(line);
	bool ok = CHECK(line != NULL, "the locker is not ready");
	ok = ok && harness_client_send(locker, "lock");
	ok = wait_lock_state(h, "locked") && ok;

	ok = harness_gridctl_succeeds(h, "key", "Mod4+Return", NULL) && ok;
	ok = harness_gridctl_succeeds(h, "switch", "tablet", "off", NULL) && ok;
	ok = harness_gridctl_succeeds(h, "key", "XF86AudioRaiseVolume", NULL) && ok;
	char *ran = harness_path(h, "ran");
	line = harness_wait_file_line(ran, HARNESS_TIMEOUT_MS);
	ok = CHECK(line != NULL && strcmp(line, "volume\n") == 0,
				 "under the lock the --locked volume key alone should run, "
				 "ran: %s",
				 line != NULL ? line : "(nothing)") &&
			ok;
	free(line);
	ok = harness_gridctl_succeeds(h, "switch", "lid", "on", NULL) && ok;
	ok = wait_enabled(h, "HEADLESS-1", false) && ok;
	ok = harness_gridctl_succeeds(h, "switch", "lid", "off", NULL) && ok;
	ok = wait_enabled(h, "HEADLESS-1", true) && ok;

	ok = ok && harness_client_send(locker, "unlock");
	ok = wait_lock_state(h, "unlocked") && ok;
	// Once unlocked the plain binding runs, and nothing held back under the
	// lock runs late.
	ok = harness_gridctl_succeeds(h, "key", "Mod4+Return", NULL) && ok;
	char *text = NULL;
	for (int64_t end = harness_now_ms() + HARNESS_TIMEOUT_MS;
			harness_now_ms() < end; harness_sleep_ms(50)) {
		free(text);
		text = harness_read_file(ran);
		if (text != NULL && strstr(text, "plain\n") != NULL) {
			break;
		}
	}
	harness_sleep_ms(300);
	free(text);
	text = harness_read_file(ran);
	ok = CHECK(text != NULL && strcmp(text, "volume\nplain\n") == 0,
				 "want volume, then plain after the unlock; ran: %s",
				 text != NULL ? text : "(nothing)") &&
			ok;
	free(text);
	free(ran);
	harness_client_kill(locker);
	return ok;
}

static uint32_t same_pixel(void *data, int rx, int ry) {
	return image_get(data, rx, ry);
}

/* The one screenshot-*.png in dir, once grim has written all of it. */
static struct image *wait_screenshot(const char *dir) {
	for (int64_t end = harness_now_ms() + HARNESS_TIMEOUT_MS;
			harness_now_ms() < end; harness_sleep_ms(100)) {
		DIR *d = opendir(dir);
		struct dirent *entry;
		while (d != NULL && (entry = readdir(d)) != NULL) {
			if (strncmp(entry->d_name, "screenshot-", 11) != 0) {
				continue;
			}
			char path[1024];
			snprintf(path, sizeof(path), "%s/%s", dir, entry->d_name);
			struct image *image = image_load_png(path);
			if (image != NULL) {
				closedir(d);
				return image;
			}
		}
		if (d != NULL) {
			closedir(d);
		}
	}
	return NULL;
}

static bool body_print(struct harness *h, const void *data) {
	const char *pictures = data;
	struct harness_client *c = spawn_window_at(h, "print-window", "800", "100");
	REQUIRE(c != NULL, "no print-window");
	// The pointer stays on HEADLESS-1: the window makes HEADLESS-2 the
	// focused output.
	bool ok = harness_gridctl_succeeds(h, "key", "Print", NULL);
	struct image *shot = wait_screenshot(pictures);
	ok = CHECK(shot != NULL, "no screenshot in %s", pictures) && ok;
	struct image *want = screenshot_gridctl(h, "HEADLESS-2", "print-want");
	if (shot != NULL && want != NULL) {
		ok = CHECK(shot->width == 1280 && shot->height == 960,
					 "Print saved %dx%d, not HEADLESS-2's 1280x960",
					 shot->width, shot->height) &&
				ok;
		struct image_region all = { 0, 0, want->width, want->height };
		struct image_mismatch mismatch;
		ok = ok &&
				CHECK(image_compare(shot, all, same_pixel, want, &mismatch) ==
								0,
						"Print's picture is not HEADLESS-2 as gridctl "
						"screenshot shows it");
	}
	image_destroy(shot);
	image_destroy(want);
	harness_client_kill(c);
	return ok;
}

static bool body(struct harness *h, const void *data) {
	bool ok = check_lid(h);
	return check_locked(h) && ok;
}

static bool run(const void *data) {
	return run_mixed_layout_config(config_text, body, data);
}

/* gridwl with the shipped config, HOME a directory of the test's own and
 * gridctl on PATH, as the Print binding's command wants them. */
static bool run_print(const void *data) {
	const char *config = getenv("GRIDWL_DEFAULT_CONFIG");
	const char *gridctl = getenv("GRIDCTL_BIN");
	REQUIRE(config != NULL && gridctl != NULL,
			"GRIDWL_DEFAULT_CONFIG or GRIDCTL_BIN is not set");
	REQUIRE(program_in_path("grim") && program_in_path("jq"),
			"no grim or jq: install Debian packages grim and jq");
	char *home = harness_mkdtemp();
	REQUIRE(home != NULL, "no temporary directory");
	char *gridctl_copy = strdup(gridctl);
	const char *old_path = getenv("PATH");
	char path[4096], pictures[1024];
	snprintf(path, sizeof(path), "%s:%s", dirname(gridctl_copy),
			old_path != NULL ? old_path : "/usr/bin:/bin");
	snprintf(pictures, sizeof(pictures), "%s/Pictures", home);
	char *saved_home = getenv("HOME") != NULL ? strdup(getenv("HOME")) : NULL;
	char *saved_path = old_path != NULL ? strdup(old_path) : NULL;
	setenv("HOME", home, 1);
	setenv("PATH", path, 1);
	const char *args[] = { "--config", config, "--output",
		"HEADLESS-1 mode 640x480 scale 1 position 0,0", "--output",
		"HEADLESS-2 mode 1280x960 scale 2 position 640,0", NULL };
	bool ok = run_gridwl(args, body_print, pictures);
	if (saved_home != NULL) {
		setenv("HOME", saved_home, 1);
	}
	if (saved_path != NULL) {
		setenv("PATH", saved_path, 1);
	}
	free(saved_home);
	free(saved_path);
	free(gridctl_copy);
	harness_remove_tree(home);
	free(home);
	return ok;
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite,
			"the lid takes the panel out of the layout and back, never the "
			"last output; under a lock only --locked bindings run",
			run, NULL);
	check_run(&suite,
			"the default config's Print saves the focused output at its own "
			"scale into ~/Pictures",
			run_print, NULL);
	return check_finish(&suite);
}
