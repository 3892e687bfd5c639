#ifndef GRIDWL_TESTS_RUN_GRIDWL_H
#define GRIDWL_TESTS_RUN_GRIDWL_H

#include <stdbool.h>
#include <stddef.h>
#include "harness.h"

struct check_suite;
struct json_object;

/*
 * gridwl on the layouts the integration tests share, a gridwl nested in
 * another, and the other programs a test runs against it.
 */

/* Starts gridwl with one output NAME of WIDTHxHEIGHT at scale, runs body on
 * it and stops it; the test's result. */
bool run_on_output(const char *name, int width, int height, int scale,
		bool (*body)(struct harness *h, const void *data), const void *data);
/* The mixed layout several tests share: HEADLESS-1 640x480 at scale 1 at
 * 0,0 and HEADLESS-2 1280x960 at scale 2 beside it at 640,0 (both 640x480
 * logical). */
bool run_mixed_layout(bool (*body)(struct harness *h, const void *data),
		const void *data);
/* The mixed layout with a config file of config_text (in a temporary
 * directory, removed after). */
bool run_mixed_layout_config(const char *config_text,
		bool (*body)(struct harness *h, const void *data), const void *data);
/* The same with any gridwl arguments (NULL terminated). */
bool run_gridwl(const char *const *args,
		bool (*body)(struct harness *h, const void *data), const void *data);
/* The same with "--config FILE" before args, FILE holding config_text in a
 * temporary directory removed after. */
bool run_gridwl_config(const char *config_text, const char *const *args,
		bool (*body)(struct harness *h, const void *data), const void *data);

/* The same for a body that rewrites the config (for a reload): it gets
 * the file's path (a const char *) as its data. */
bool run_gridwl_config_file(const char *config_text, const char *const *args,
		bool (*body)(struct harness *h, const void *path));
/* The main of a test program of one case, name, that runs body on a
 * gridwl as run_gridwl, run_on_output and run_mixed_layout do; the exit
 * status. */
int main_gridwl(const char *name, const char *const *args,
		bool (*body)(struct harness *h, const void *data), const void *data);
int main_on_output(const char *name, const char *output, int width, int height,
		int scale, bool (*body)(struct harness *h, const void *data),
		const void *data);
/* main_gridwl for a case that needs Xwayland: a TAP skip where
 * xwayland_binary is not installed. */
int main_gridwl_xwayland(const char *name, const char *const *args,
		bool (*body)(struct harness *h, const void *data), const void *data);
/* check_run of a case that needs Xwayland: a TAP skip where
 * xwayland_binary is not installed. */
void check_run_xwayland(struct check_suite *suite, const char *name,
		bool (*test)(const void *data), const void *data);
int main_mixed_layout(const char *name,
		bool (*body)(struct harness *h, const void *data), const void *data);
/* For programs of several cases: check_run of a case name that runs body
 * on a gridwl as run_gridwl and run_mixed_layout do. */
void check_run_gridwl(struct check_suite *suite, const char *name,
		const char *const *args,
		bool (*body)(struct harness *h, const void *data), const void *data);
void check_run_mixed_layout(struct check_suite *suite, const char *name,
		bool (*body)(struct harness *h, const void *data), const void *data);

/* A gridwl on the wayland backend inside host (harness_start_nested),
 * under LSAN_OPTIONS from GRIDWL_NESTED_LSAN_OPTIONS: the nested gridwl
 * alone may carry the wayland backend's own leak (see
 * tests/lsan-nested.supp); the host keeps the strict options. */
struct harness *start_nested_gridwl(struct harness *host,
		const char *const *gridwl_args);
/* The same with one --output line per argument (NULL terminated, at most
 * 8), the outputs a nested gridwl is all about. */
struct harness *start_nested_outputs(struct harness *host, const char *line,
		...) __attribute__((sentinel));

/* gridctl create-output SIZE (WxH); the new output's name into name
 * (size bytes), or false after reporting. */
bool create_output(struct harness *h, const char *wxh, char *name, size_t size);

/* gridctl output OUTPUT KEY VALUE; false after reporting. */
bool set_output(struct harness *h, const char *output, const char *key,
		const char *value);

/* Runs a command against h and checks its exit status; argv NULL
 * terminated. */
bool run_ok(struct harness *h, const char *const *argv);

/* Whether an executable of that name is on $PATH. */
bool program_in_path(const char *name);
/* Whether every program (NULL terminated; a name on $PATH or an absolute
 * path) is installed; names each one that is not. For the tests that run
 * Debian's programs, which tools/install-deps installs. */
bool programs_installed(const char *program, ...) __attribute__((sentinel));

/* Writes text to path (created or truncated); false after reporting. */
bool write_text_file(const char *path, const char *text);

/* "DISPLAY=:N" for the Xwayland a gridctl stats reply names, into env
 * (size bytes); false, with env empty, when it names none (Xwayland off,
 * stats NULL). */
bool xwayland_display_env(struct json_object *stats, char *env, size_t size);

/* The same from h's gridctl stats. */
bool xwayland_display_of(struct harness *h, char *env, size_t size);

/* start_gridwl_with_xwayland with "--config FILE" before args, FILE
 * holding config_text in a fresh temporary directory (*dir, malloc'd, for
 * the suppressions too) that xwayland_gridwl_stop removes; the DISPLAY of
 * its Xwayland into display_env (size bytes; empty when there is none).
 * NULL, with nothing left behind, when gridwl did not start. */
struct harness *xwayland_gridwl_start(const char *config_text,
		const char *const *args, char **dir, char *display_env, size_t size);
/* harness_stop(h, passed), then the directory removed and freed. */
bool xwayland_gridwl_stop(struct harness *h, char *dir, bool passed);

/* body with a fresh private (0700) temporary directory, removed after: for
 * the tests that run gridwl themselves with it as the runtime directory.
 * false after reporting when there is none. */
bool run_in_private_dir(bool (*body)(const char *dir));

/* What an X11 test holds: gridwl with Xwayland, the temporary directory
 * and Xwayland's "DISPLAY=:N". */
struct xwayland_session {
	struct harness *h;
	char *dir;
	char display_env[64];
};
/* xwayland_gridwl_start into s; false after reporting when gridwl did not
 * start, or (stopped again, failed) when its Xwayland is off. */
bool xwayland_session_open(struct xwayland_session *s, const char *config_text,
		const char *const *args);
/* xwayland_gridwl_stop of s. */
bool xwayland_session_close(struct xwayland_session *s, bool passed);

/* The Xwayland gridwl would run: $WLR_XWAYLAND, else Debian's; for tests
 * that skip their X11 cases without it. */
const char *xwayland_binary(void);

/* harness_start for a gridwl that will run Xwayland: under a sanitizer,
 * with the LSan suppressions for what wlroots' X11 window manager keeps
 * (written into dir). */
struct harness *start_gridwl_with_xwayland(const char *dir,
		const char *const *gridwl_args);

#endif
