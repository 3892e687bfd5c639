#ifndef GRIDWL_TESTS_RESAMPLE_FIXTURE_H
#define GRIDWL_TESTS_RESAMPLE_FIXTURE_H

#include <stdbool.h>
#include <stdint.h>
#include "harness.h"
#include "resample_expect.h"

/*
 * What the resampling tests share: one output whose logical size is
 * integral at every scale from 1 to 4, pattern clients at a known place,
 * the filter switched with gridctl, the counters of gridctl stats, and the
 * screenshot compared with the expectation of resample_expect.h.
 */

#define RS_OUTPUT "HEADLESS-1"
#define RS_MODE_WIDTH 960
#define RS_MODE_HEIGHT 720

/* Where windowed cases put their window: odd logical coordinates, so an
 * off-by-a-scale placement or bleeding into the background shows. */
#define RS_WINDOW_X 37
#define RS_WINDOW_Y 23

/* Starts gridwl with RS_OUTPUT at RS_MODE at scale, with "filter F"
 * appended to its output line when filter is not NULL. */
struct harness *rs_start(int scale, const char *filter);

/* gridctl output NAME filter F; false after reporting. */
bool rs_set_filter(struct harness *h, const char *output,
		enum resample_filter filter);

/* A pattern client with this app_id, pattern and buffer scale, fullscreen
 * on fullscreen when that is not NULL; waits for its first frame at the
 * logical size (width, height). NULL after reporting. */
struct harness_client *rs_spawn(struct harness *h, const char *app_id,
		const char *pattern, int scale, const char *fullscreen, int width,
		int height);
/* The same with XRGB8888 buffers when opaque (--opaque). */
struct harness_client *rs_spawn_format(struct harness *h, const char *app_id,
		const char *pattern, int scale, const char *fullscreen, int width,
		int height, bool opaque);

/* Moves the window of app_id to logical (x, y) and waits until gridctl
 * windows says it is there; its id, or 0 after reporting. */
int64_t rs_place(struct harness *h, const char *app_id, int x, int y);

/* A windowed pattern client (rs_spawn) placed at logical (x, y)
 * (rs_place); NULL after reporting, and killed when it cannot be
 * placed. */
struct harness_client *rs_spawn_at(struct harness *h, const char *app_id,
		const char *pattern, int scale, int width, int height, int x, int y);
/* Sends quit and waits for the client to exit with status 0; frees it. */
bool rs_quit(struct harness_client *c);

/* An integer member of gridctl stats. The resample counters are required,
 * so their absence is a failure that says so. */
bool rs_stat(struct harness *h, const char *field, int64_t *value);
/* Polls it until it has not changed for a few frames' worth of time. */
bool rs_stat_settled(struct harness *h, const char *field, int64_t *value);

/* The frames counter of gridctl outputs for name; -1 after reporting. */
int64_t rs_output_frames(struct harness *h, const char *name);

/* The "filter" of the window of app_id in gridctl windows (malloc'd), or
 * NULL after reporting. */
char *rs_window_filter(struct harness *h, const char *app_id);

/* The screen as it must be: background, and the pattern drawn into a
 * buffer of (width, height) * buffer_scale shown at logical (x, y) of an
 * output of output_scale with filter, with the tolerance that needs. */
struct expected *rs_expect_window(const struct pattern *pattern, int x, int y,
		int width, int height, int buffer_scale, int output_scale,
		enum resample_filter filter);
/* Pastes one more window onto an expectation, as rs_expect_window does;
 * buffer (may be NULL for the pattern itself) is its buffer's contents. */
bool rs_expect_add(struct expected *e, const struct image *buffer,
		const struct pattern *pattern, int x, int y, int width, int height,
		int buffer_scale, int output_scale, enum resample_filter filter);

#endif
