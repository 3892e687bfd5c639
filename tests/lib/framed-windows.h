#ifndef GRIDWL_TESTS_FRAMED_WINDOWS_H
#define GRIDWL_TESTS_FRAMED_WINDOWS_H

#include <stdbool.h>
#include "harness.h"

struct json_object;

/*
 * Windows with gridwl's frame, as gridctl windows lists them, and pattern
 * clients that ask for one (the decoration tests).
 */

/* The 200x100 pattern windows the tests open. */
#define FRAMED_WIDTH 200
#define FRAMED_HEIGHT 100

struct frame_info {
	int x, y, width, height; // the window geometry
	bool has_frame;
	int fx, fy, fw, fh; // its frame
	bool maximized;
};

/* From a window of gridctl windows; false when it has no geometry. */
bool frame_from_json(struct json_object *window, struct frame_info *f);
/* What gridctl windows says of the window app_id now. */
bool window_frame(struct harness *h, const char *app_id, struct frame_info *f);

struct want_box {
	const char *app_id;
	int x, y, width, height; // -1: any
	int maximized; // -1: any, else 0 or 1
};

/* Waits until gridctl windows shows the window as want says; false after
 * reporting why (what was awaited). */
bool wait_box(struct harness *h, struct want_box want, struct frame_info *f,
		const char *why);
/* A FRAMED_WIDTH x FRAMED_HEIGHT checker pattern client at buffer scale,
 * with that title; with decoration ("server", "client", "any": its
 * --decoration), the mode gridwl configures first must be want. NULL after
 * reporting. */
struct harness_client *spawn_framed(struct harness *h, const char *app_id,
		const char *decoration, const char *want, int scale, const char *title);
/* gridctl move of the window app_id, and waits until it is there. */
bool move_window(struct harness *h, const char *app_id, int x, int y);

#endif
