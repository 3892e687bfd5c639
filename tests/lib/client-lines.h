#ifndef GRIDWL_TESTS_CLIENT_LINES_H
#define GRIDWL_TESTS_CLIENT_LINES_H

#include <stdbool.h>
#include "check.h"
#include "harness.h"
#include "image.h"

/* What the compositor paints where no window is. */
#define BACKGROUND 0xff333333u

/* gridctl screenshot [-o output] into the runtime dir as name.png, loaded.
 * Reports and returns NULL on failure. */
struct image *screenshot_gridctl(struct harness *h, const char *output,
	const char *name);
/* The same with grim, which goes through wlr-screencopy and xdg-output. */
struct image *screenshot_grim(struct harness *h, const char *output,
	const char *name);

/* Lines a client printed, NULL terminated. */
struct lines {
	char **line;
	size_t count;
};
void lines_free(struct lines *lines);
/* Takes line (malloc'd); false without memory. */
bool lines_add(struct lines *lines, char *line);

/* Sends "sync" and collects every line up to its answer. Because the
 * compositor handles a client's requests in order, the lines are all the
 * events it sent for whatever happened before the command, and every
 * command sent before it has been drawn, committed and applied. */
bool client_sync_lines(struct harness_client *c, struct lines *lines);

/* Collects lines up to and including the first that starts with prefix. */
bool client_lines_until(struct harness_client *c, const char *prefix,
	struct lines *lines);

/* Sends a command, then syncs as client_sync_lines does, dropping the
 * lines: once it returns, the compositor shows the command's effect. */
bool client_command_synced(struct harness_client *c, const char *command);

/* The lines among lines that start with one of the prefixes, in order. */
void lines_filter(const struct lines *lines, const char *const *prefixes,
	struct lines *out);

/* Checks the lines are exactly expected, in that order (expected NULL
 * terminated); what is a description for the report. */
bool check_lines_at(const char *file, int line, const struct lines *lines,
	const char *const *expected, const char *what);
#define CHECK_LINES(lines, expected, what) \
	check_lines_at(__FILE__, __LINE__, (lines), (expected), (what))
/* The same, in any order. */
bool check_lines_unordered_at(const char *file, int line,
	const struct lines *lines, const char *const *expected, const char *what);
#define CHECK_LINES_UNORDERED(lines, expected, what) \
	check_lines_unordered_at(__FILE__, __LINE__, (lines), (expected), (what))

/* The id of the window whose app_id is app_id, once it is mapped; 0 after
 * reporting when none appears. */
int64_t wait_window_id(struct harness *h, const char *app_id);

/* Whether the window's "outputs" are exactly the names (NULL terminated),
 * in any order. */
bool window_outputs_are(struct json_object *window, const char *const *names);

/* Waits for the client's next "ready" line and checks it is "ready W H S". */
bool check_ready_at(const char *file, int line, struct harness_client *c,
	int width, int height, int scale);
#define CHECK_READY(c, width, height, scale) \
	check_ready_at(__FILE__, __LINE__, (c), (width), (height), (scale))

/* Waits for the client's next line that starts with prefix and checks it
 * is exactly want. */
bool check_line_at(const char *file, int line, struct harness_client *c,
	const char *prefix, const char *want);
#define CHECK_LINE(c, prefix, want) \
	check_line_at(__FILE__, __LINE__, (c), (prefix), (want))
/* The same when the line to wait for is want itself. */
#define CHECK_WHOLE_LINE(c, want) CHECK_LINE((c), (want), (want))

/* Runs a command against h and checks its exit status; argv NULL
 * terminated. */
bool run_ok(struct harness *h, const char *const *argv);

/* Starts gridwl with one output NAME of WIDTHxHEIGHT at scale, runs body on
 * it and stops it; the test's result. */
bool run_on_output(const char *name, int width, int height, int scale,
	bool (*body)(struct harness *h, const void *data), const void *data);
/* The mixed layout several tests share: HEADLESS-1 640x480 at scale 1 at
 * 0,0 and HEADLESS-2 1280x960 at scale 2 beside it at 640,0 (both 640x480
 * logical). */
bool run_mixed_layout(bool (*body)(struct harness *h, const void *data),
	const void *data);
/* The same with any gridwl arguments (NULL terminated). */
bool run_gridwl(const char *const *args,
	bool (*body)(struct harness *h, const void *data), const void *data);

/* A gridwl on the wayland backend inside host (harness_start_nested),
 * under LSAN_OPTIONS from GRIDWL_NESTED_LSAN_OPTIONS: the nested gridwl
 * alone may carry the wayland backend's own leak (see
 * tests/lsan-nested.supp); the host keeps the strict options. */
struct harness *start_nested_gridwl(struct harness *host,
	const char *const *gridwl_args);

/* Whether an executable of that name is on $PATH. */
bool program_in_path(const char *name);

/* Waits until the window app_id is the only focused one (NULL: until no
 * window is); false after reporting when that does not happen. */
bool wait_focused(struct harness *h, const char *app_id);

/* The virtual pointer client (POINTER_CLIENT_BIN), once it is ready; NULL
 * after reporting. */
struct harness_client *spawn_virtual_pointer(struct harness *h);
/* Sends it command and waits for the line answer. */
bool pointer_command(struct harness_client *pointer, const char *answer,
	const char *command);
/* A left click at logical x,y of a layout of that logical size. */
bool pointer_click(struct harness_client *pointer, int x, int y,
	int layout_width, int layout_height);
#endif
