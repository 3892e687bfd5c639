#ifndef GRIDWL_TESTS_GRIDCTL_WINDOWS_H
#define GRIDWL_TESTS_GRIDCTL_WINDOWS_H

#include <stdbool.h>
#include <stdint.h>
#include "harness.h"

struct json_object;

/* What gridctl windows says of the windows, and waits for it. */

/* The id of the window whose app_id is app_id, once it is mapped; 0 after
 * reporting when none appears. */
int64_t wait_window_id(struct harness *h, const char *app_id);

/* An integer member (key) of a window of gridctl windows; -1 when it is
 * absent. */
int window_int(struct json_object *window, const char *key);

/* gridctl move ID X Y (logical); whether it succeeded, after reporting
 * when not. */
bool move_window_id(struct harness *h, int64_t id, int x, int y);

/* Whether the window's "outputs" are exactly the names (NULL terminated),
 * in any order. */
bool window_outputs_are(struct json_object *window, const char *const *names);

/* Waits until the window app_id is the only focused one (NULL: until no
 * window is); false after reporting when that does not happen. */
bool wait_focused(struct harness *h, const char *app_id);

/* Waits until the window app_id has the boolean field ("maximized",
 * "minimized", ...) at value; false after reporting. */
bool wait_window_bool(struct harness *h, const char *app_id, const char *field,
		bool value);

/* Whether the window (of gridctl windows) is app_id's (NULL: any) at x,y
 * with that logical size, -1 for any of the four (which must be there). */
bool window_box_matches(struct json_object *window, const char *app_id, int x,
		int y, int width, int height);
/* Waits until the window app_id is at x,y with that logical size (-1 for
 * any of the four); false after reporting. */
bool wait_window_box(struct harness *h, const char *app_id, int x, int y,
		int width, int height);
/* Waits until the window app_id is at x,y (logical) with that size (-1:
 * any) on output alone; false after reporting. */
bool check_window_on(struct harness *h, const char *app_id, int x, int y,
		int width, int height, const char *output);

#endif
