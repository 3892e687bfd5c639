#ifndef GRIDWL_TESTS_CLIENT_SPAWN_H
#define GRIDWL_TESTS_CLIENT_SPAWN_H

#include <stdbool.h>
#include "harness.h"

/*
 * Starting the test clients of tests/clients (found as $NAME_BIN, which
 * meson sets) and ending them: what nearly every integration test does
 * with each of its clients.
 */

/* $bin_var followed by the arguments (NULL terminated), as harness_spawn
 * starts it, once it has printed a line that starts with "ready" (the test
 * clients say it once their window is drawn, or their globals bound); NULL
 * after reporting (bin_var unset, no process, no such line). */
struct harness_client *spawn_ready(struct harness *h, const char *label,
		const char *bin_var, ...) __attribute__((sentinel));
struct harness_client *spawn_readyv(struct harness *h, const char *label,
		const char *bin_var, const char *const *args);
/* A keyboard-client window (it narrates keys, pointer and touch events,
 * its states or layouts as its arguments ask) with app_id for its app id
 * and label, --size size (WxH, logical) and the further arguments (NULL
 * terminated), once it has said "ready": exactly ready when ready is not
 * NULL. NULL after reporting. */
struct harness_client *spawn_keyboard_window(struct harness *h,
		const char *app_id, const char *size, const char *ready, ...)
		__attribute__((sentinel));
/* The same at size, once it also has the keyboard focus (wait_focused). */
struct harness_client *spawn_focused_keyboard_window(struct harness *h,
		const char *app_id, const char *size);
/* A tablet-client window app_id (its label too), without tablet-v2 when
 * tablet is false, started but not waited for; NULL after reporting. */
struct harness_client *spawn_tablet_client(struct harness *h,
		const char *app_id, bool tablet);
/* An X11 test client, $bin_var with the arguments (NULL terminated), on
 * the display of h's Xwayland, once it has printed a line that starts
 * with prefix. It may be the client that starts Xwayland, so it has three
 * times HARNESS_TIMEOUT_MS. NULL after reporting. */
struct harness_client *spawn_x11_until(struct harness *h, const char *label,
		const char *bin_var, const char *prefix, ...) __attribute__((sentinel));
/* harness_spawn of argv (argv[0] a path or a name in PATH), once it has
 * printed a line that starts with prefix; NULL after reporting. */
struct harness_client *spawn_argv_until(struct harness *h, const char *label,
		const char *const *argv, const char *prefix);

/* The well-behaved client the robustness tests keep beside bad ones: a
 * pattern client "good", fullscreen on output with the coords pattern at
 * buffer scale, once it is shown at width x height (logical); NULL after
 * reporting. */
struct harness_client *spawn_good_client(struct harness *h, const char *output,
		int width, int height, int scale);

/* The good client (still running) draws checker when told, and the
 * output, width x height physical, shows exactly that: what a bad client
 * beside it must not have spoilt. name names the picture. */
bool check_good_client_draws(struct harness *h, struct harness_client *good,
		const char *output, int width, int height, const char *name);
/* harness_spawn_pattern_client with the arguments (NULL terminated), once
 * it says "ready WIDTH HEIGHT SCALE" (CHECK_READY); NULL after reporting. */
struct harness_client *spawn_pattern_ready(struct harness *h, const char *label,
		int width, int height, int scale, ...) __attribute__((sentinel));
/* The same for a client given --cursor, which binds its wl_pointer before
 * it maps (the seat has a pointer from the start): once it has said
 * "pointer ready", then "ready". */
struct harness_client *spawn_pattern_pointer_ready(struct harness *h,
		const char *label, int width, int height, int scale, ...)
		__attribute__((sentinel));

/* Checks that the client exits with status 0 within HARNESS_TIMEOUT_MS;
 * who names it in the report. The client stays valid. */
bool check_exits_at(const char *file, int line, struct harness_client *c,
		const char *who);
#define CHECK_EXITS(c, who) check_exits_at(__FILE__, __LINE__, (c), (who))
/* Sends it "quit" first: the line protocol's way to end a test client. */
bool check_quits_at(const char *file, int line, struct harness_client *c,
		const char *who);
#define CHECK_QUITS(c, who) check_quits_at(__FILE__, __LINE__, (c), (who))
/* CHECK_QUITS of every client of a test's end, in order: the arguments are
 * pairs of a client and who names it, then NULL. Each is checked even when
 * one before it failed. */
bool check_all_quit_at(const char *file, int line, ...)
		__attribute__((sentinel));
#define CHECK_ALL_QUIT(...) \
	check_all_quit_at(__FILE__, __LINE__, __VA_ARGS__, NULL)

/* Checks that the compositor ended the client with a protocol error: its
 * next line that starts with "error " is error followed by " id=N" (the
 * object id depends on the client's creation order; the interface and the
 * code are what the compositor decides), the line after it is
 * "disconnected", and it exits with a non-zero status. */
bool check_protocol_error_at(const char *file, int line,
		struct harness_client *c, const char *error);
#define CHECK_PROTOCOL_ERROR(c, error) \
	check_protocol_error_at(__FILE__, __LINE__, (c), (error))

/* Sends command and waits for the client's next line that starts with
 * answer; false after reporting when none comes. */
bool client_answers(struct harness_client *c, const char *command,
		const char *answer);

/* Reads the client's lines until one is exactly want, within
 * HARNESS_TIMEOUT_MS; the lines before it are consumed. Reports and returns
 * false when it does not come, or when a line starting with "error" (a
 * test client's failure) comes first. */
bool client_wait_exact(struct harness_client *c, const char *want);

#endif
