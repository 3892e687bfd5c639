#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "client-lines.h"

static struct image *load_screenshot(const char *path, const char *tool)
{
	struct image *image = image_load_png(path);
	if (image == NULL) {
		fprintf(stderr, "cannot load the %s screenshot %s\n", tool, path);
	}
	return image;
}

struct image *screenshot_gridctl(struct harness *h, const char *output,
		const char *name)
{
	char file[256];
	snprintf(file, sizeof(file), "%s.png", name);
	char *path = harness_path(h, file);
	struct json_object *reply = output != NULL ?
		harness_gridctl_ok(h, "screenshot", "-o", output, path, NULL) :
		harness_gridctl_ok(h, "screenshot", path, NULL);
	struct image *image = NULL;
	if (reply != NULL) {
		image = load_screenshot(path, "gridctl");
	}
	if (image != NULL) {
		// The reply describes the file it wrote.
		bool ok = CHECK_JSON_STRING(reply, "path", path);
		ok = CHECK_JSON_INT(reply, "width", image->width) && ok;
		ok = CHECK_JSON_INT(reply, "height", image->height) && ok;
		if (!ok) {
			image_destroy(image);
			image = NULL;
		}
	}
	json_object_put(reply);
	free(path);
	return image;
}

struct image *screenshot_grim(struct harness *h, const char *output,
		const char *name)
{
	char file[256];
	snprintf(file, sizeof(file), "%s.png", name);
	char *path = harness_path(h, file);
	const char *with_output[] = { "grim", "-o", output, path, NULL };
	const char *whole[] = { "grim", path, NULL };
	struct image *image = NULL;
	if (run_ok(h, output != NULL ? with_output : whole)) {
		image = load_screenshot(path, "grim");
	}
	free(path);
	return image;
}

bool run_ok(struct harness *h, const char *const *argv)
{
	int code = harness_run(h, argv, HARNESS_TIMEOUT_MS, NULL);
	if (code == 0) {
		return true;
	}
	fprintf(stderr, "%s exited with status %d\n", argv[0], code);
	return false;
}

void lines_free(struct lines *lines)
{
	for (size_t i = 0; i < lines->count; i++) {
		free(lines->line[i]);
	}
	free(lines->line);
	*lines = (struct lines){0};
}

bool lines_add(struct lines *lines, char *line)
{
	char **bigger = realloc(lines->line,
		(lines->count + 2) * sizeof(*lines->line));
	if (bigger == NULL) {
		free(line);
		return false;
	}
	lines->line = bigger;
	lines->line[lines->count++] = line;
	lines->line[lines->count] = NULL;
	return true;
}

bool client_sync_lines(struct harness_client *c, struct lines *lines)
{
	*lines = (struct lines){0};
	if (!harness_client_send(c, "sync")) {
		return false;
	}
	for (;;) {
		char *line = harness_client_next_line(c, HARNESS_TIMEOUT_MS);
		if (line == NULL) {
			fprintf(stderr, "client output ended or timed out before "
				"answering sync\n");
			return false;
		}
		if (strcmp(line, "sync") == 0) {
			free(line);
			return true;
		}
		if (!lines_add(lines, line)) {
			return false;
		}
	}
}

bool client_command_synced(struct harness_client *c, const char *command)
{
	// client_sync_lines sends "sync" itself. Sent twice, the second answer
	// would wait in the pipe and be taken by the next caller for its own,
	// before its commands reached the compositor.
	if (strcmp(command, "sync") != 0 &&
			!harness_client_send(c, "%s", command)) {
		return false;
	}
	struct lines lines;
	bool ok = client_sync_lines(c, &lines);
	lines_free(&lines);
	return ok;
}

bool client_lines_until(struct harness_client *c, const char *prefix,
		struct lines *lines)
{
	*lines = (struct lines){0};
	for (;;) {
		char *line = harness_client_next_line(c, HARNESS_TIMEOUT_MS);
		if (line == NULL) {
			fprintf(stderr, "client output ended or timed out before a line "
				"starting with \"%s\"\n", prefix);
			return false;
		}
		bool last = strncmp(line, prefix, strlen(prefix)) == 0;
		if (!lines_add(lines, line)) {
			return false;
		}
		if (last) {
			return true;
		}
	}
}

void lines_filter(const struct lines *lines, const char *const *prefixes,
		struct lines *out)
{
	*out = (struct lines){0};
	for (size_t i = 0; i < lines->count; i++) {
		for (size_t p = 0; prefixes[p] != NULL; p++) {
			if (strncmp(lines->line[i], prefixes[p], strlen(prefixes[p])) == 0) {
				lines_add(out, strdup(lines->line[i]));
				break;
			}
		}
	}
}

static void print_lines(const struct lines *lines,
		const char *const *expected)
{
	fprintf(stderr, "  got:");
	for (size_t i = 0; i < lines->count; i++) {
		fprintf(stderr, " \"%s\"", lines->line[i]);
	}
	fprintf(stderr, "%s\n  expected:", lines->count ? "" : " (nothing)");
	for (size_t i = 0; expected[i] != NULL; i++) {
		fprintf(stderr, " \"%s\"", expected[i]);
	}
	fprintf(stderr, "%s\n", expected[0] ? "" : " (nothing)");
}

bool check_lines_at(const char *file, int line, const struct lines *lines,
		const char *const *expected, const char *what)
{
	size_t n = 0;
	bool same = true;
	for (; expected[n] != NULL; n++) {
		if (n >= lines->count || strcmp(lines->line[n], expected[n]) != 0) {
			same = false;
		}
	}
	if (same && n == lines->count) {
		return true;
	}
	fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
	print_lines(lines, expected);
	return false;
}

bool check_lines_unordered_at(const char *file, int line,
		const struct lines *lines, const char *const *expected, const char *what)
{
	size_t n = 0;
	while (expected[n] != NULL) {
		n++;
	}
	bool same = n == lines->count;
	bool *used = calloc(n + 1, sizeof(*used));
	for (size_t i = 0; same && i < lines->count; i++) {
		bool found = false;
		for (size_t e = 0; e < n && !found; e++) {
			if (!used[e] && strcmp(lines->line[i], expected[e]) == 0) {
				used[e] = found = true;
			}
		}
		same = found;
	}
	free(used);
	if (same) {
		return true;
	}
	fprintf(stderr, "%s:%d: check failed: %s (in any order)\n", file, line,
		what);
	print_lines(lines, expected);
	return false;
}

int64_t wait_window_id(struct harness *h, const char *app_id)
{
	struct json_object *window = harness_wait_window_app_id(h, app_id,
		HARNESS_TIMEOUT_MS);
	struct json_object *id = json_path(window, "id", json_type_int);
	int64_t value = id ? json_object_get_int64(id) : 0;
	if (window != NULL && value <= 0) {
		fprintf(stderr, "window %s has no positive integer id: %s\n", app_id,
			json_object_to_json_string(window));
		value = 0;
	}
	json_object_put(window);
	return value;
}

bool window_outputs_are(struct json_object *window, const char *const *names)
{
	struct json_object *outputs = json_path(window, "outputs",
		json_type_array);
	if (outputs == NULL) {
		return false;
	}
	size_t n = 0;
	for (; names[n] != NULL; n++) {
		if (json_array_find_string(outputs, names[n]) < 0) {
			return false;
		}
	}
	return json_object_array_length(outputs) == n;
}

bool check_ready_at(const char *file, int line, struct harness_client *c,
		int width, int height, int scale)
{
	char *got = harness_client_wait_line(c, "ready ", HARNESS_TIMEOUT_MS);
	char want[64];
	snprintf(want, sizeof(want), "ready %d %d %d", width, height, scale);
	bool ok = got != NULL && strcmp(got, want) == 0;
	if (!ok) {
		fprintf(stderr, "%s:%d: check failed: expected \"%s\", got \"%s\"\n",
			file, line, want, got ? got : "(nothing)");
	}
	free(got);
	return ok;
}

bool check_line_at(const char *file, int line, struct harness_client *c,
		const char *prefix, const char *want)
{
	char *got = harness_client_wait_line(c, prefix, HARNESS_TIMEOUT_MS);
	bool ok = got != NULL && strcmp(got, want) == 0;
	if (!ok) {
		fprintf(stderr, "%s:%d: check failed: expected \"%s\", got \"%s\"\n",
			file, line, want, got ? got : "(nothing)");
	}
	free(got);
	return ok;
}

bool run_on_output(const char *name, int width, int height, int scale,
		bool (*body)(struct harness *h, const void *data), const void *data)
{
	char output[128];
	snprintf(output, sizeof(output), "%s mode %dx%d scale %d", name, width,
		height, scale);
	const char *args[] = { "--output", output, NULL };
	return run_gridwl(args, body, data);
}

bool run_gridwl(const char *const *args,
		bool (*body)(struct harness *h, const void *data), const void *data)
{
	struct harness *h = harness_start(args);
	REQUIRE(h != NULL, "gridwl did not start");
	bool ok = body(h, data);
	return harness_stop(h, ok);
}

bool run_mixed_layout(bool (*body)(struct harness *h, const void *data),
		const void *data)
{
	const char *args[] = {
		"--output", "HEADLESS-1 mode 640x480 scale 1 position 0,0",
		"--output", "HEADLESS-2 mode 1280x960 scale 2 position 640,0",
		NULL,
	};
	return run_gridwl(args, body, data);
}

struct harness *start_nested_gridwl(struct harness *host,
		const char *const *gridwl_args)
{
	const char *nested_lsan = getenv("GRIDWL_NESTED_LSAN_OPTIONS");
	char *saved_lsan = getenv("LSAN_OPTIONS") != NULL ?
		strdup(getenv("LSAN_OPTIONS")) : NULL;
	if (nested_lsan != NULL) {
		setenv("LSAN_OPTIONS", nested_lsan, 1);
	}
	struct harness *inner = harness_start_nested(host, gridwl_args);
	if (saved_lsan != NULL) {
		setenv("LSAN_OPTIONS", saved_lsan, 1);
		free(saved_lsan);
	} else {
		unsetenv("LSAN_OPTIONS");
	}
	return inner;
}

bool program_in_path(const char *name)
{
	const char *path = getenv("PATH");
	if (path == NULL) {
		path = "/usr/bin:/bin";
	}
	char *copy = strdup(path);
	bool found = false;
	for (char *save = NULL, *dir = strtok_r(copy, ":", &save);
			dir != NULL && !found; dir = strtok_r(NULL, ":", &save)) {
		char file[4096];
		snprintf(file, sizeof(file), "%s/%s", dir, name);
		found = access(file, X_OK) == 0;
	}
	free(copy);
	return found;
}

/* Whether exactly the window app_id is focused; NULL: none is. */
static bool focused_is(struct json_object *reply, void *data)
{
	const char *want = data;
	struct json_object *windows = json_path(reply, "windows",
		json_type_array);
	if (windows == NULL) {
		return false;
	}
	int matches = 0;
	for (size_t i = 0; i < json_object_array_length(windows); i++) {
		struct json_object *w = json_object_array_get_idx(windows, i);
		struct json_object *app_id = json_path(w, "app_id", json_type_string);
		struct json_object *focused = json_path(w, "focused",
			json_type_boolean);
		if (app_id == NULL || focused == NULL) {
			return false;
		}
		bool is_want = want != NULL &&
			strcmp(json_object_get_string(app_id), want) == 0;
		if (json_object_get_boolean(focused) != is_want) {
			return false;
		}
		matches += is_want;
	}
	return matches == (want != NULL);
}

bool wait_focused(struct harness *h, const char *app_id)
{
	char why[96];
	snprintf(why, sizeof(why), "%s to be the only focused window",
		app_id != NULL ? app_id : "no window");
	const char *args[] = { "windows", NULL };
	struct json_object *reply = harness_wait_gridctl(h, args, focused_is,
		(void *)app_id, HARNESS_TIMEOUT_MS, why);
	json_object_put(reply);
	return reply != NULL;
}

struct harness_client *spawn_virtual_pointer(struct harness *h)
{
	const char *argv[] = { getenv("POINTER_CLIENT_BIN"), NULL };
	REQUIRE(argv[0] != NULL, "POINTER_CLIENT_BIN is not set");
	struct harness_client *pointer = harness_spawn(h, "pointer", argv);
	REQUIRE(pointer != NULL, "cannot start the virtual pointer client");
	char *line = harness_client_wait_line(pointer, "ready",
		HARNESS_TIMEOUT_MS);
	REQUIRE(line != NULL, "the virtual pointer client did not start");
	free(line);
	return pointer;
}

bool pointer_command(struct harness_client *pointer, const char *answer,
		const char *command)
{
	REQUIRE(harness_client_send(pointer, "%s", command), "cannot send %s",
		command);
	char *line = harness_client_wait_line(pointer, answer,
		HARNESS_TIMEOUT_MS);
	bool ok = CHECK(line != NULL, "no answer to %s", command);
	free(line);
	return ok;
}

bool pointer_click(struct harness_client *pointer, int x, int y,
		int layout_width, int layout_height)
{
	char move[96];
	snprintf(move, sizeof(move), "move %d %d %d %d", x, y, layout_width,
		layout_height);
	return pointer_command(pointer, "moved", move) &&
		pointer_command(pointer, "button", "button 272 press") &&
		pointer_command(pointer, "button", "button 272 release");
}
