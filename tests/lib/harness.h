#ifndef GRIDWL_TESTS_HARNESS_H
#define GRIDWL_TESTS_HARNESS_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

struct json_object;

/*
 * Runs one gridwl for one integration test, in a private XDG_RUNTIME_DIR,
 * and the programs the test talks to it with. The binaries come from the
 * environment meson sets: GRIDWL_BIN, GRIDCTL_BIN and PATTERN_CLIENT_BIN.
 *
 * Every child gets the harness's runtime dir, WAYLAND_DISPLAY and
 * GRIDWL_SOCK in its own environment, so several compositors (a host and a
 * nested one) can be driven side by side. Children are killed with SIGKILL
 * if the test process dies, so a crashed test leaves no compositor behind.
 *
 * Failures are reported on stderr where they happen; functions that can fail
 * return NULL, false or -1 and the test only has to stop.
 */

struct harness;
struct harness_client;

/* How long the waits below give the compositor, unless told otherwise. */
#define HARNESS_TIMEOUT_MS 10000

/* Spawns gridwl --backend headless --socket NAME followed by args (NULL
 * terminated, may be NULL) and waits until its control socket accepts
 * connections. Also exports WAYLAND_DISPLAY, GRIDWL_SOCK and XDG_RUNTIME_DIR
 * to the test's own environment. */
struct harness *harness_start(const char *const *gridwl_args);

/* A gridwl on the wayland backend whose host is host: it shares the host's
 * runtime dir, gets its own socket name, and is stopped with the host if the
 * test does not stop it first. args should name its outputs. */
struct harness *harness_start_nested(struct harness *host,
		const char *const *gridwl_args);

/* Kills the clients, asks gridwl to exit (gridctl exit, then SIGTERM, then
 * SIGKILL), prints gridwl's log when the test failed or gridwl did not exit
 * with status 0, removes the runtime dir unless nested, and frees h.
 * Returns passed && gridwl exited with status 0. */
bool harness_stop(struct harness *h, bool passed);

const char *harness_dir(const struct harness *h);
const char *harness_socket(const struct harness *h);
/* gridwl's pid, for what only /proc tells (its memory, its fds). */
pid_t harness_pid(const struct harness *h);
/* A malloc'd path for name inside the runtime dir. */
char *harness_path(const struct harness *h, const char *name);
void harness_print_log(const struct harness *h);

/* Runs gridctl with the arguments (NULL terminated) and parses its stdout as
 * one JSON object. Returns a new reference, or NULL when the output was not
 * JSON; *status (may be NULL) gets the exit code as harness_run gives it. */
struct json_object *harness_gridctl(struct harness *h, int *status,
		const char *arg, ...) __attribute__((sentinel));
struct json_object *harness_gridctlv(struct harness *h, int *status,
		const char *const *args);
/* Like harness_gridctl but also requires exit status 0 and "success": true,
 * reporting anything else and returning NULL. */
struct json_object *harness_gridctl_ok(struct harness *h, const char *arg, ...)
		__attribute__((sentinel));
/* The same for a command whose reply does not matter: whether it
 * succeeded. */
bool harness_gridctl_succeeds(struct harness *h, const char *arg, ...)
		__attribute__((sentinel));

/* Polls gridctl with args until pred holds for its reply, or the timeout.
 * Returns a new reference to the reply that satisfied pred; on timeout
 * reports what (why) was awaited and the last reply, and returns NULL. */
typedef bool (*harness_reply_pred)(struct json_object *reply, void *data);
struct json_object *harness_wait_gridctl(struct harness *h,
		const char *const *args, harness_reply_pred pred, void *data,
		int timeout_ms, const char *why);

/* Polls gridctl windows until a window satisfies pred; returns a new
 * reference to that window's object, or NULL after reporting. */
typedef bool (*harness_window_pred)(struct json_object *window, void *data);
struct json_object *harness_wait_window(struct harness *h,
		harness_window_pred pred, void *data, int timeout_ms, const char *why);
/* The common case: the window whose app_id is app_id. */
struct json_object *harness_wait_window_app_id(struct harness *h,
		const char *app_id, int timeout_ms);

/* Spawns argv (argv[0] a path, or a name looked up in PATH) against h with
 * stdin and stdout on pipes; stderr is the test's. label prefixes every line
 * echoed to the test log. */
struct harness_client *harness_spawn(struct harness *h, const char *label,
		const char *const *argv);
/* $PATTERN_CLIENT_BIN followed by args. */
struct harness_client *harness_spawn_pattern_client(struct harness *h,
		const char *label, const char *const *args);

/* The next line of the client's stdout (malloc'd, without the newline), or
 * NULL on timeout or end of output. */
char *harness_client_next_line(struct harness_client *c, int timeout_ms);
/* Reads lines until one starts with prefix and returns it; the lines before
 * it are consumed. Reports and returns NULL on timeout or end of output. */
char *harness_client_wait_line(struct harness_client *c, const char *prefix,
		int timeout_ms);
/* Writes one line to the client's stdin. */
bool harness_client_send(struct harness_client *c, const char *fmt, ...)
		__attribute__((format(printf, 2, 3)));
void harness_client_close_stdin(struct harness_client *c);
/* Waits for the client to exit; returns its exit code (128 + signal number
 * when killed), or -1 on timeout. The client stays valid, its remaining
 * output readable. */
int harness_client_wait_exit(struct harness_client *c, int timeout_ms);
bool harness_client_running(struct harness_client *c);
/* SIGTERM, then SIGKILL if it does not exit in time; frees c. */
void harness_client_kill(struct harness_client *c);

/* Runs argv against h to completion (h may be NULL: no compositor in its
 * environment). Returns the exit code as harness_client_wait_exit does;
 * *output (may be NULL) gets its stdout, malloc'd. */
int harness_run(struct harness *h, const char *const *argv, int timeout_ms,
		char **output);

/* Runs gridwl --backend headless --socket NAME args in a fresh runtime dir
 * of its own and waits for it to exit, for tests of startup failures.
 * *output gets its stdout and stderr. Returns the exit code, -1 on timeout
 * (after killing it). */
int harness_run_gridwl(const char *const *gridwl_args, int timeout_ms,
		char **output);

/* CLOCK_MONOTONIC in milliseconds, and a sleep, for tests that must poll
 * something that has no event to wait for. */
int64_t harness_now_ms(void);
void harness_sleep_ms(int ms);

/* A fresh private directory under /tmp (malloc'd path), and its removal. */
char *harness_mkdtemp(void);
void harness_remove_tree(const char *path);

/* The first kilobytes of a file a child writes (malloc'd), NULL when it
 * cannot be read; and the same once it holds a whole line, polled up to
 * timeout_ms, NULL then. */
char *harness_read_file(const char *path);
char *harness_wait_file_line(const char *path, int timeout_ms);

#endif
