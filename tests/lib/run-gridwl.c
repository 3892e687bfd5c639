#include <json-c/json.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "check.h"
#include "run-gridwl.h"

bool create_output(struct harness *h, const char *wxh, char *name,
		size_t size) {
	struct json_object *reply =
			harness_gridctl_ok(h, "create-output", wxh, (char *)NULL);
	struct json_object *field = json_path(reply, "name", json_type_string);
	name[0] = '\0';
	if (field != NULL) {
		snprintf(name, size, "%s", json_object_get_string(field));
	}
	json_object_put(reply);
	return CHECK(name[0] != '\0', "create-output %s failed", wxh);
}

bool set_output(struct harness *h, const char *output, const char *key,
		const char *value) {
	struct json_object *reply =
			harness_gridctl_ok(h, "output", output, key, value, (char *)NULL);
	json_object_put(reply);
	return CHECK(reply != NULL, "gridctl output %s %s %s failed", output, key,
			value);
}

bool run_ok(struct harness *h, const char *const *argv) {
	int code = harness_run(h, argv, HARNESS_TIMEOUT_MS, NULL);
	if (code == 0) {
		return true;
	}
	fprintf(stderr, "%s exited with status %d\n", argv[0], code);
	return false;
}

/* The --output line of one output. */
static void output_line(char *line, size_t size, const char *name, int width,
		int height, int scale) {
	snprintf(line, size, "%s mode %dx%d scale %d", name, width, height, scale);
}

bool run_on_output(const char *name, int width, int height, int scale,
		bool (*body)(struct harness *h, const void *data), const void *data) {
	char output[128];
	output_line(output, sizeof(output), name, width, height, scale);
	const char *args[] = { "--output", output, NULL };
	return run_gridwl(args, body, data);
}

bool run_gridwl(const char *const *args,
		bool (*body)(struct harness *h, const void *data), const void *data) {
	struct harness *h = harness_start(args);
	REQUIRE(h != NULL, "gridwl did not start");
	bool ok = body(h, data);
	return harness_stop(h, ok);
}

#define MIXED_LAYOUT_ARGS \
	"--output", "HEADLESS-1 mode 640x480 scale 1 position 0,0", "--output", \
			"HEADLESS-2 mode 1280x960 scale 2 position 640,0"

bool run_mixed_layout(bool (*body)(struct harness *h, const void *data),
		const void *data) {
	const char *args[] = { MIXED_LAYOUT_ARGS, NULL };
	return run_gridwl(args, body, data);
}

bool run_mixed_layout_config(const char *config_text,
		bool (*body)(struct harness *h, const void *data), const void *data) {
	const char *args[] = { MIXED_LAYOUT_ARGS, NULL };
	return run_gridwl_config(config_text, args, body, data);
}

/* "--config", path, then args: a NULL-terminated array to free, or NULL
 * after reporting. */
static const char **config_args(const char *path, const char *const *args) {
	size_t n = 0;
	while (args != NULL && args[n] != NULL) {
		n++;
	}
	const char **all = calloc(n + 3, sizeof(*all));
	if (!CHECK(all != NULL, "out of memory")) {
		return NULL;
	}
	all[0] = "--config";
	all[1] = path;
	for (size_t i = 0; i < n; i++) {
		all[i + 2] = args[i];
	}
	return all;
}

/* run_gridwl_config; body gets the config file's path as its data when
 * data_is_path. */
static bool run_with_config(const char *config_text, const char *const *args,
		bool (*body)(struct harness *h, const void *data), const void *data,
		bool data_is_path) {
	char *dir = harness_mkdtemp();
	REQUIRE(dir != NULL, "no temporary directory");
	char path[4096];
	snprintf(path, sizeof(path), "%s/config", dir);
	const char **all = config_args(path, args);
	bool ok = all != NULL && write_text_file(path, config_text) &&
			run_gridwl(all, body, data_is_path ? path : data);
	free(all);
	harness_remove_tree(dir);
	free(dir);
	return ok;
}

bool run_gridwl_config(const char *config_text, const char *const *args,
		bool (*body)(struct harness *h, const void *data), const void *data) {
	return run_with_config(config_text, args, body, data, false);
}

bool run_gridwl_config_file(const char *config_text, const char *const *args,
		bool (*body)(struct harness *h, const void *path)) {
	return run_with_config(config_text, args, body, NULL, true);
}

struct harness *xwayland_gridwl_start(const char *config_text,
		const char *const *args, char **dir, char *display_env, size_t size) {
	*dir = harness_mkdtemp();
	if (!CHECK(*dir != NULL, "no temporary directory")) {
		return NULL;
	}
	char path[4096];
	snprintf(path, sizeof(path), "%s/config", *dir);
	const char **all = config_args(path, args);
	struct harness *h = all != NULL && write_text_file(path, config_text) ?
			start_gridwl_with_xwayland(*dir, all) :
			NULL;
	free(all);
	if (h == NULL) {
		harness_remove_tree(*dir);
		free(*dir);
		*dir = NULL;
		return NULL;
	}
	xwayland_display_of(h, display_env, size);
	return h;
}

bool xwayland_gridwl_stop(struct harness *h, char *dir, bool passed) {
	bool ok = harness_stop(h, passed);
	harness_remove_tree(dir);
	free(dir);
	return ok;
}

bool run_in_private_dir(bool (*body)(const char *dir)) {
	char *dir = harness_mkdtemp();
	REQUIRE(dir != NULL, "no temporary directory");
	bool ok = CHECK(chmod(dir, 0700) == 0, "cannot make %s private", dir) &&
			body(dir);
	harness_remove_tree(dir);
	free(dir);
	return ok;
}

bool xwayland_session_open(struct xwayland_session *s, const char *config_text,
		const char *const *args) {
	*s = (struct xwayland_session){ 0 };
	s->h = xwayland_gridwl_start(config_text, args, &s->dir, s->display_env,
			sizeof(s->display_env));
	if (!CHECK(s->h != NULL, "gridwl did not start")) {
		return false;
	}
	if (!CHECK(s->display_env[0] != '\0', "Xwayland is off")) {
		xwayland_session_close(s, false);
		return false;
	}
	return true;
}

bool xwayland_session_close(struct xwayland_session *s, bool passed) {
	bool ok = xwayland_gridwl_stop(s->h, s->dir, passed);
	*s = (struct xwayland_session){ 0 };
	return ok;
}

/* What main_gridwl hands check_main for its one case. */
struct gridwl_case {
	const char *const *args;
	bool (*body)(struct harness *h, const void *data);
	const void *data;
};

static bool run_gridwl_case(const void *data) {
	const struct gridwl_case *c = data;
	return run_gridwl(c->args, c->body, c->data);
}

int main_gridwl(const char *name, const char *const *args,
		bool (*body)(struct harness *h, const void *data), const void *data) {
	struct gridwl_case c = { .args = args, .body = body, .data = data };
	return check_main(name, run_gridwl_case, &c);
}

void check_run_gridwl(struct check_suite *suite, const char *name,
		const char *const *args,
		bool (*body)(struct harness *h, const void *data), const void *data) {
	struct gridwl_case c = { .args = args, .body = body, .data = data };
	check_run(suite, name, run_gridwl_case, &c);
}

void check_run_mixed_layout(struct check_suite *suite, const char *name,
		bool (*body)(struct harness *h, const void *data), const void *data) {
	const char *args[] = { MIXED_LAYOUT_ARGS, NULL };
	check_run_gridwl(suite, name, args, body, data);
}

int main_gridwl_xwayland(const char *name, const char *const *args,
		bool (*body)(struct harness *h, const void *data), const void *data) {
	if (access(xwayland_binary(), X_OK) != 0) {
		struct check_suite suite = { 0 };
		check_skip(&suite, name, "Xwayland is not installed");
		return check_finish(&suite);
	}
	return main_gridwl(name, args, body, data);
}

void check_run_xwayland(struct check_suite *suite, const char *name,
		bool (*test)(const void *data), const void *data) {
	if (access(xwayland_binary(), X_OK) != 0) {
		check_skip(suite, name, "Xwayland is not installed");
	} else {
		check_run(suite, name, test, data);
	}
}

int main_on_output(const char *name, const char *output, int width, int height,
		int scale, bool (*body)(struct harness *h, const void *data),
		const void *data) {
	char line[128];
	output_line(line, sizeof(line), output, width, height, scale);
	const char *args[] = { "--output", line, NULL };
	return main_gridwl(name, args, body, data);
}

int main_mixed_layout(const char *name,
		bool (*body)(struct harness *h, const void *data), const void *data) {
	const char *args[] = { MIXED_LAYOUT_ARGS, NULL };
	return main_gridwl(name, args, body, data);
}

struct harness *start_nested_gridwl(struct harness *host,
		const char *const *gridwl_args) {
	const char *nested_lsan = getenv("GRIDWL_NESTED_LSAN_OPTIONS");
	char *saved_lsan = getenv("LSAN_OPTIONS") != NULL ?
			strdup(getenv("LSAN_OPTIONS")) :
			NULL;
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

struct harness *start_nested_outputs(struct harness *host, const char *line,
		...) {
	const char *args[2 * 8 + 1];
	size_t n = 0;
	va_list ap;
	va_start(ap, line);
	for (; line != NULL && n + 2 < sizeof(args) / sizeof(args[0]);
			line = va_arg(ap, const char *)) {
		args[n++] = "--output";
		args[n++] = line;
	}
	va_end(ap);
	args[n] = NULL;
	return CHECK(line == NULL, "more than 8 nested outputs") ?
			start_nested_gridwl(host, args) :
			NULL;
}

bool program_in_path(const char *name) {
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

bool programs_installed(const char *program, ...) {
	bool all = true;
	va_list ap;
	va_start(ap, program);
	for (const char *p = program; p != NULL; p = va_arg(ap, const char *)) {
		if (p[0] == '/' ? access(p, X_OK) != 0 : !program_in_path(p)) {
			fprintf(stderr, "%s is not installed (tools/install-deps)\n", p);
			all = false;
		}
	}
	va_end(ap);
	return all;
}

/* What a gridwl that ran Xwayland leaves behind at exit, suppressed for
 * that gridwl only (as tests/lsan-nested.supp is only for the nested
 * gridwl): wlroots' X11 window manager, its xcb connection and its event
 * sources, named by what allocated them (wlroots 0.15.1 never freed the
 * xwm), and Pango's fontconfig for the frames' titles. Written into dir;
 * returns the LSAN_OPTIONS to start it with, NULL when not sanitized. */
static char *xwayland_lsan_options(const char *dir) {
	if (getenv("LSAN_OPTIONS") == NULL) {
		return NULL;
	}
	size_t n = strlen(dir) + sizeof("/lsan.supp");
	char *path = malloc(n);
	snprintf(path, n, "%s/lsan.supp", dir);
	FILE *f = fopen(path, "w");
	if (f == NULL) {
		free(path);
		return NULL;
	}
	fputs("leak:wlr_global_destroy_safe\n"
		  "leak:wl_event_loop_add_timer\n"
		  "leak:wl_event_loop_add_fd\n"
		  "leak:libxcb.so\n"
		  // Pango's fontconfig, for the frames' titles: see
		  // tests/lsan.supp.
		  "leak:libfontconfig.so\n",
			f);
	fclose(f);
	size_t len = strlen(path) + sizeof("suppressions=");
	char *options = malloc(len);
	snprintf(options, len, "suppressions=%s", path);
	free(path);
	return options;
}

struct harness *start_gridwl_with_xwayland(const char *dir,
		const char *const *gridwl_args) {
	char *options = xwayland_lsan_options(dir);
	char *saved = getenv("LSAN_OPTIONS") != NULL ?
			strdup(getenv("LSAN_OPTIONS")) :
			NULL;
	if (options != NULL) {
		setenv("LSAN_OPTIONS", options, 1);
	}
	struct harness *h = harness_start(gridwl_args);
	if (saved != NULL) {
		setenv("LSAN_OPTIONS", saved, 1);
		free(saved);
	}
	free(options);
	return h;
}

bool xwayland_display_env(struct json_object *stats, char *env, size_t size) {
	struct json_object *display = stats != NULL ?
			json_path(stats, "xwayland_display", json_type_string) :
			NULL;
	if (display == NULL) {
		env[0] = '\0';
		return false;
	}
	snprintf(env, size, "DISPLAY=%s", json_object_get_string(display));
	return true;
}

bool write_text_file(const char *path, const char *text) {
	FILE *f = fopen(path, "w");
	bool written = f != NULL && fputs(text, f) >= 0;
	written = f != NULL && fclose(f) == 0 && written;
	return CHECK(written, "cannot write %s", path);
}

bool xwayland_display_of(struct harness *h, char *env, size_t size) {
	const char *args[] = { "stats", NULL };
	struct json_object *stats = harness_gridctlv(h, NULL, args);
	bool found = xwayland_display_env(stats, env, size);
	json_object_put(stats);
	return found;
}

const char *xwayland_binary(void) {
	const char *path = getenv("WLR_XWAYLAND");
	return path != NULL && path[0] != '\0' ? path : "/usr/bin/Xwayland";
}
