#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <wlr/interfaces/wlr_buffer.h>
#include <wlr/types/wlr_damage_ring.h>
#include <wlr/util/box.h>
#include "check.h"
#include "wlr_compat/wlr_compat.h"

/*
 * W32 (wlr_compat/damage_ring.c): what a buffer must repaint is exactly the
 * damage since it was last drawn, however many rectangles, where wlroots
 * 0.18 returns more than 20 as their bounding box. Two buffers in turn,
 * as a display that keeps the one it shows: each must also repaint what
 * the other was drawn for. The same steps through wlroots' own call give
 * the bounding box, so the test shows the cap it works around.
 */

#define SIZE 1000
#define BOXES 25 // over WLR_DAMAGE_RING_MAX_RECTS
#define BOX 10

static void test_buffer_destroy(struct wlr_buffer *buffer) {
}

static const struct wlr_buffer_impl test_buffer_impl = {
	.destroy = test_buffer_destroy,
};

static uint64_t area(pixman_region32_t *region) {
	int count;
	const pixman_box32_t *boxes = pixman_region32_rectangles(region, &count);
	uint64_t sum = 0;
	for (int i = 0; i < count; i++) {
		sum += (uint64_t)(boxes[i].x2 - boxes[i].x1) *
				(uint64_t)(boxes[i].y2 - boxes[i].y1);
	}
	return sum;
}

/* BOXES boxes of BOX x BOX, 40 pixels apart along a diagonal band, the
 * first at (x0, y0). */
static void damage_boxes(struct wlr_damage_ring *ring, int x0, int y0) {
	for (int i = 0; i < BOXES; i++) {
		struct wlr_box box = { x0 + 40 * i, y0 + 30 * i, BOX, BOX };
		wlr_damage_ring_add_box(ring, &box);
	}
}

typedef void (*rotate_func)(struct wlr_damage_ring *ring,
		struct wlr_buffer *buffer, pixman_region32_t *damage);

/* Frames on buffers a, b, a, b with damage between them; the areas each
 * was told to repaint in *areas. */
static void frames(rotate_func rotate, uint64_t areas[4]) {
	struct wlr_buffer a, b;
	wlr_buffer_init(&a, &test_buffer_impl, SIZE, SIZE);
	wlr_buffer_init(&b, &test_buffer_impl, SIZE, SIZE);
	struct wlr_buffer *order[4] = { &a, &b, &a, &b };
	struct wlr_damage_ring ring;
	wlr_damage_ring_init(&ring);
	wlr_damage_ring_set_bounds(&ring, SIZE, SIZE);
	// Each buffer's first frame repaints all of it.
	pixman_region32_t damage;
	pixman_region32_init(&damage);
	rotate(&ring, &a, &damage);
	rotate(&ring, &b, &damage);
	for (int i = 0; i < 4; i++) {
		damage_boxes(&ring, 10 + 3 * i, 5);
		rotate(&ring, order[i], &damage);
		areas[i] = area(&damage);
	}
	pixman_region32_fini(&damage);
	wlr_damage_ring_finish(&ring);
	wlr_buffer_drop(&a);
	wlr_buffer_drop(&b);
}

static bool test_exact(const void *data) {
	uint64_t got[4], capped[4];
	frames(gridwl_compat_damage_ring_rotate_buffer, got);
	frames(wlr_damage_ring_rotate_buffer, capped);
	// The boxes of frame i and of the frame before it (drawn on the other
	// buffer), which overlap by BOX - 3 columns; frame 0's alone, as the
	// frame before it (the other buffer's first) had no damage.
	const uint64_t one = (uint64_t)BOXES * BOX * BOX;
	const uint64_t two = 2 * one - (uint64_t)BOXES * (BOX - 3) * BOX;
	const uint64_t want[4] = { one, two, two, two };
	bool ok = true;
	for (int i = 0; i < 4; i++) {
		ok = CHECK(got[i] == want[i],
					 "frame %d repaints %llu pixels, want %llu "
					 "(wlroots' own call: %llu)",
					 i, (unsigned long long)got[i], (unsigned long long)want[i],
					 (unsigned long long)capped[i]) &&
				ok;
		ok = CHECK(capped[i] > want[i],
					 "wlroots' call returned %llu pixels for frame %d: "
					 "no longer capped (remove W32?)",
					 (unsigned long long)capped[i], i) &&
				ok;
	}
	return ok;
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite, "the damage of many rectangles, exactly", test_exact,
			NULL);
	return check_finish(&suite);
}
