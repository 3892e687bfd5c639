#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "client-spawn.h"
#include "gridctl-windows.h"
#include "run-gridwl.h"
#include "screenshots.h"

/* More than any test client takes. */
#define SPAWN_MAX_ARGS 32

/* The NULL-terminated arguments of ap into args (SPAWN_MAX_ARGS + 1);
 * false after reporting when there are more. */
static bool collect_args(const char **args, va_list ap, const char *label) {
	for (size_t i = 0; i <= SPAWN_MAX_ARGS; i++) {
		args[i] = va_arg(ap, const char *);
		if (args[i] == NULL) {
			return true;
		}
	}
	return CHECK(false, "too many arguments for %s", label);
}

/* $bin_var followed by args, as harness_spawn starts it; NULL after
 * reporting. */
static struct harness_client *spawn_from_env(struct harness *h,
		const char *label, const char *bin_var, const char *const *args) {
	const char *argv[SPAWN_MAX_ARGS + 2] = { getenv(bin_var) };
	if (!CHECK(argv[0] != NULL, "%s is not set", bin_var)) {
		return NULL;
	}
	size_t n = 0;
	for (; args != NULL && args[n] != NULL; n++) {
		if (!CHECK(n < SPAWN_MAX_ARGS, "too many arguments for %s", label)) {
			return NULL;
		}
		argv[n + 1] = args[n];
	}
	argv[n + 1] = NULL;
	struct harness_client *c = harness_spawn(h, label, argv);
	CHECK(c != NULL, "cannot start %s", label);
	return c;
}

/* Waits for c's first line that starts with prefix; c, or NULL after
 * reporting. */
static struct harness_client *wait_prefix(struct harness_client *c,
		const char *label, const char *prefix) {
	if (c == NULL) {
		return NULL;
	}
	char *line = harness_client_wait_line(c, prefix, HARNESS_TIMEOUT_MS);
	bool said = line != NULL;
	free(line);
	if (!CHECK(said, "%s did not say \"%s\"", label, prefix)) {
		return NULL;
	}
	return c;
}

struct harness_client *spawn_readyv(struct harness *h, const char *label,
		const char *bin_var, const char *const *args) {
	return wait_prefix(spawn_from_env(h, label, bin_var, args), label, "ready");
}

struct harness_client *spawn_ready(struct harness *h, const char *label,
		const char *bin_var, ...) {
	const char *args[SPAWN_MAX_ARGS + 1];
	va_list ap;
	va_start(ap, bin_var);
	bool ok = collect_args(args, ap, label);
	va_end(ap);
	return ok ? spawn_readyv(h, label, bin_var, args) : NULL;
}

struct harness_client *spawn_keyboard_window(struct harness *h,
		const char *app_id, const char *size, const char *ready, ...) {
	const char *args[SPAWN_MAX_ARGS + 5] = { "--app-id", app_id, "--size",
		size };
	va_list ap;
	va_start(ap, ready);
	bool ok = collect_args(args + 4, ap, app_id);
	va_end(ap);
	struct harness_client *c =
			ok ? spawn_from_env(h, app_id, "KEYBOARD_CLIENT_BIN", args) : NULL;
	if (c == NULL || ready == NULL) {
		return wait_prefix(c, app_id, "ready");
	}
	return CHECK_LINE(c, "ready", ready) ? c : NULL;
}

struct harness_client *spawn_focused_keyboard_window(struct harness *h,
		const char *app_id, const char *size) {
	struct harness_client *c =
			spawn_keyboard_window(h, app_id, size, NULL, NULL);
	if (c == NULL ||
			!CHECK(wait_focused(h, app_id), "%s has no focus", app_id)) {
		return NULL;
	}
	return c;
}

struct harness_client *spawn_tablet_client(struct harness *h,
		const char *app_id, bool tablet) {
	const char *args[] = { app_id, tablet ? NULL : "--no-tablet", NULL };
	return spawn_from_env(h, app_id, "TABLET_CLIENT_BIN", args);
}

struct harness_client *spawn_x11_until(struct harness *h, const char *label,
		const char *bin_var, const char *prefix, ...) {
	char display_env[64];
	if (!CHECK(xwayland_display_of(h, display_env, sizeof(display_env)),
				"Xwayland is off")) {
		return NULL;
	}
	const char *argv[SPAWN_MAX_ARGS + 4] = { "env", display_env,
		getenv(bin_var) };
	if (!CHECK(argv[2] != NULL, "%s is not set", bin_var)) {
		return NULL;
	}
	va_list ap;
	va_start(ap, prefix);
	bool ok = collect_args(argv + 3, ap, label);
	va_end(ap);
	struct harness_client *c = ok ? harness_spawn(h, label, argv) : NULL;
	if (!CHECK(c != NULL, "cannot start %s", label)) {
		return NULL;
	}
	char *line = harness_client_wait_line(c, prefix, 3 * HARNESS_TIMEOUT_MS);
	bool said = line != NULL;
	free(line);
	if (!CHECK(said, "%s did not say \"%s\"", label, prefix)) {
		harness_client_kill(c);
		return NULL;
	}
	return c;
}

struct harness_client *spawn_argv_until(struct harness *h, const char *label,
		const char *const *argv, const char *prefix) {
	struct harness_client *c = harness_spawn(h, label, argv);
	CHECK(c != NULL, "cannot start %s", label);
	return wait_prefix(c, label, prefix);
}

bool check_good_client_draws(struct harness *h, struct harness_client *good,
		const char *output, int width, int height, const char *name) {
	REQUIRE(client_command_synced(good, "pattern checker"),
			"%s: the good client did not redraw", name);
	struct image *image = screenshot_gridctl(h, output, name);
	REQUIRE(image != NULL, "no screenshot");
	struct pattern checker = { .kind = PATTERN_CHECKER };
	struct image_region all = { 0, 0, width, height };
	bool ok = CHECK(image->width == width && image->height == height,
					  "screenshot is %dx%d", image->width, image->height) &&
			CHECK_PATTERN(image, all, &checker, width, height, name);
	image_destroy(image);
	return CHECK(harness_client_running(good), "%s: the good client died",
				   name) &&
			ok;
}

/* spawn_pattern_ready, with the line the client must say before "ready"
 * when first is not NULL. */
static struct harness_client *spawn_pattern_va(struct harness *h,
		const char *label, int width, int height, int scale, const char *first,
		va_list ap) {
	const char *args[SPAWN_MAX_ARGS + 1];
	struct harness_client *c = collect_args(args, ap, label) ?
			harness_spawn_pattern_client(h, label, args) :
			NULL;
	if (!CHECK(c != NULL, "cannot start %s", label)) {
		return NULL;
	}
	char *line = first != NULL ?
			harness_client_wait_line(c, first, HARNESS_TIMEOUT_MS) :
			NULL;
	free(line);
	if (first != NULL &&
			!CHECK(line != NULL, "%s did not say \"%s\"", label, first)) {
		return NULL;
	}
	return CHECK_READY(c, width, height, scale) ? c : NULL;
}

struct harness_client *spawn_pattern_ready(struct harness *h, const char *label,
		int width, int height, int scale, ...) {
	va_list ap;
	va_start(ap, scale);
	struct harness_client *c =
			spawn_pattern_va(h, label, width, height, scale, NULL, ap);
	va_end(ap);
	return c;
}

struct harness_client *spawn_pattern_pointer_ready(struct harness *h,
		const char *label, int width, int height, int scale, ...) {
	va_list ap;
	va_start(ap, scale);
	struct harness_client *c = spawn_pattern_va(h, label, width, height, scale,
			"pointer ready", ap);
	va_end(ap);
	return c;
}

struct harness_client *spawn_good_client(struct harness *h, const char *output,
		int width, int height, int scale) {
	char scale_text[16];
	snprintf(scale_text, sizeof(scale_text), "%d", scale);
	const char *args[] = { "--fullscreen", output, "--pattern", "coords",
		"--app-id", "good", scale != 1 ? "--scale" : NULL, scale_text, NULL };
	struct harness_client *good = harness_spawn_pattern_client(h, "good", args);
	if (!CHECK(good != NULL, "cannot start the good client")) {
		return NULL;
	}
	return CHECK_READY(good, width, height, scale) ? good : NULL;
}

bool check_exits_at(const char *file, int line, struct harness_client *c,
		const char *who) {
	int status = harness_client_wait_exit(c, HARNESS_TIMEOUT_MS);
	return status == 0 ||
			check_report(file, line, "exit status 0",
					"%s did not exit cleanly (status %d)", who, status);
}

bool check_quits_at(const char *file, int line, struct harness_client *c,
		const char *who) {
	bool sent = harness_client_send(c, "quit");
	int status = harness_client_wait_exit(c, HARNESS_TIMEOUT_MS);
	return (sent && status == 0) ||
			check_report(file, line, "quit, exit status 0",
					"%s did not quit cleanly (%s, status %d)", who,
					sent ? "told to" : "could not be told to", status);
}

bool check_all_quit_at(const char *file, int line, ...) {
	bool ok = true;
	va_list ap;
	va_start(ap, line);
	struct harness_client *c;
	while ((c = va_arg(ap, struct harness_client *)) != NULL) {
		const char *who = va_arg(ap, const char *);
		ok = check_quits_at(file, line, c, who) && ok;
	}
	va_end(ap);
	return ok;
}

bool client_wait_exact(struct harness_client *c, const char *want) {
	int64_t deadline = harness_now_ms() + HARNESS_TIMEOUT_MS;
	while (harness_now_ms() < deadline) {
		char *line =
				harness_client_next_line(c, (int)(deadline - harness_now_ms()));
		if (line == NULL) {
			break;
		}
		bool found = strcmp(line, want) == 0;
		bool error = strncmp(line, "error", 5) == 0;
		free(line);
		if (!CHECK(!error, "the client reported an error before \"%s\"",
					want)) {
			return false;
		}
		if (found) {
			return true;
		}
	}
	return CHECK(false, "the client never printed \"%s\"", want);
}

bool check_protocol_error_at(const char *file, int line,
		struct harness_client *c, const char *error) {
	char *text = harness_client_wait_line(c, "error ", HARNESS_TIMEOUT_MS);
	size_t n = strlen(error);
	bool ok = (text != NULL && strncmp(text, error, n) == 0 &&
					  strncmp(text + n, " id=", 4) == 0) ||
			check_report(file, line, "protocol error",
					"the client should print \"%s id=...\", got \"%s\"", error,
					text != NULL ? text : "");
	free(text);
	text = harness_client_next_line(c, HARNESS_TIMEOUT_MS);
	ok = ((text != NULL && strcmp(text, "disconnected") == 0) ||
				 check_report(file, line, "disconnected",
						 "the client should print disconnected, got \"%s\"",
						 text != NULL ? text : "")) &&
			ok;
	free(text);
	int code = harness_client_wait_exit(c, HARNESS_TIMEOUT_MS);
	return (code > 0 ||
				   check_report(file, line, "exit status > 0",
						   "the client should exit non-zero, exited %d",
						   code)) &&
			ok;
}

bool client_answers(struct harness_client *c, const char *command,
		const char *answer) {
	bool sent = harness_client_send(c, "%s", command);
	char *line = sent ?
			harness_client_wait_line(c, answer, HARNESS_TIMEOUT_MS) :
			NULL;
	free(line);
	return CHECK(line != NULL, "no \"%s\" after \"%s\"", answer, command);
}
