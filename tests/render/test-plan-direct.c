#define _GNU_SOURCE
#include <drm_fourcc.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wlr/util/log.h>
#include "check.h"
#include "plan-fixture.h"
#include "render/resample_cache.h"
#include "resample_expect.h"

/*
 * Direct entries (render/resample_cache.h): an opaque surface on pixman
 * that keeps committing is resampled straight into the frame, and its
 * copy is written only where a frame without a commit needs it. The
 * fixture is tests/render/plan-fixture.h's: render/ alone, real surfaces.
 */

/* An opaque window that commits again once its copy exists (one that
 * repaints every frame): the next frame resamples the commit straight into
 * the target (render/surface_draw.c draw_direct) and must show the new
 * buffer exactly, though the copy still holds the old one; the frame after
 * it, with no commit between, draws from the copy it brings up to date.
 * The window sits at an odd device column. */
static bool test_direct_after_commit(const void *data) {
	const int bw = 13, bh = 9, scale = 2;
	struct fixture fixture;
	struct test_surface surface = { 0 };
	struct gridwl_frame_plan plan;
	gridwl_frame_plan_init(&plan);
	bool ok = CHECK(fixture_init(&fixture), "no fixture");
	ok = ok &&
			CHECK(surface_init(&surface, &fixture, bw, bh, 1,
						  DRM_FORMAT_XRGB8888, 0),
					"no surface");
	int width = (bw + 8) * scale, height = (bh + 4) * scale;
	int x = 3, y = 2 * scale;
	for (int frame = 0; frame < 3 && ok; frame++) {
		if (frame == 1) {
			ok = CHECK(surface_attach(&surface, PATTERN_GRID, bw, bh, 1,
							   DRM_FORMAT_XRGB8888, 0),
					"no second buffer");
		}
		uint64_t pixels = fixture.stats.pixels;
		plan_surface(&plan, &surface, scale * 120, width, height, x, y,
				GRIDWL_FILTER_NEAREST);
		struct image *image = draw(&fixture, &plan, NULL);
		struct image *expect =
				resample_expect(surface.buffer, 1, scale, RESAMPLE_NEAREST);
		ok = CHECK(image != NULL && expect != NULL, "no image");
		ok = ok && check_window(image, expect, x, y, "direct-after-commit");
		// Frame 1 resamples the whole window once (straight into the
		// target), frame 2 once more (into the copy).
		ok = ok &&
				CHECK(frame == 0 ||
								fixture.stats.pixels - pixels ==
										(uint64_t)bw * bh * scale * scale,
						"frame %d resampled %llu pixels", frame,
						(unsigned long long)(fixture.stats.pixels - pixels));
		image_destroy(expect);
		image_destroy(image);
	}
	gridwl_frame_plan_finish(&plan);
	surface_finish(&surface);
	fixture_finish(&fixture);
	return ok;
}

/* Pages of a direct entry's copy that are resident (mincore). */
static size_t copy_resident_pages(const struct gridwl_resample_entry *entry) {
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t pages = ((size_t)entry->width * entry->height * 4 + page - 1) / page;
	unsigned char *vec = calloc(pages, 1);
	size_t resident = 0;
	if (vec != NULL && mincore(entry->data, pages * page, vec) == 0) {
		for (size_t i = 0; i < pages; i++) {
			resident += vec[i] & 1;
		}
	}
	free(vec);
	return resident;
}

/* A direct window (opaque, committing) holds no copy in memory: its first
 * frame goes straight into the target and writes no page of the copy. A
 * frame with no commit since (the cursor moving over it, another window's
 * damage) computes into the copy what its damage shows and no more, once:
 * the same damage again computes nothing, a frame of the whole target the
 * rest. One device row of the copy is one page here, so the resident pages
 * are the rows written. */
static bool test_direct_quiet_damage(const void *data) {
	const int bw = 512, bh = 64, scale = 2, x = 8, y = 8;
	const pixman_box32_t part = { x - 4, y + 10, x + 56, y + 30 };
	struct {
		bool whole;
		uint64_t pixels;
		size_t pages;
	} frames[] = {
		{ true, (uint64_t)bw * bh * scale * scale, 0 },
		{ false, 56 * 20, 20 },
		{ false, 0, 20 },
		{ true, (uint64_t)bw * bh * scale * scale - 56 * 20, bh * scale },
		{ true, 0, bh * scale },
	};
	struct fixture fixture;
	struct test_surface surface = { 0 };
	struct gridwl_frame_plan plan;
	gridwl_frame_plan_init(&plan);
	bool ok = CHECK(fixture_init(&fixture), "no fixture");
	ok = ok &&
			CHECK(surface_init(&surface, &fixture, bw, bh, 1,
						  DRM_FORMAT_XRGB8888, 0),
					"no surface") &&
			CHECK(sysconf(_SC_PAGESIZE) == bw * scale * 4, "pages of %ld bytes",
					sysconf(_SC_PAGESIZE));
	struct image *expect = ok ?
			resample_expect(surface.buffer, 1, scale, RESAMPLE_NEAREST) :
			NULL;
	ok = ok && CHECK(expect != NULL, "no expectation");
	pixman_region32_t damage;
	pixman_region32_init_rects(&damage, &part, 1);
	for (size_t f = 0; f < sizeof(frames) / sizeof(frames[0]) && ok; f++) {
		uint64_t pixels = fixture.stats.pixels;
		plan_surface(&plan, &surface, scale * 120, bw * scale + 16,
				bh * scale + 16, x, y, GRIDWL_FILTER_NEAREST);
		struct image *image =
				draw(&fixture, &plan, frames[f].whole ? NULL : &damage);
		ok = CHECK(image != NULL, "no image");
		if (ok && frames[f].whole) {
			ok = check_window(image, expect, x, y, "direct-quiet-damage");
		}
		for (int py = part.y1; ok && !frames[f].whole && py < part.y2; py++) {
			for (int px = part.x1; ok && px < part.x2; px++) {
				uint32_t want = px < x ?
						BACKGROUND :
						image_get(expect, px - x, py - y) | 0xff000000u;
				ok = CHECK(image_get(image, px, py) == want,
						"frame %zu: pixel %d,%d is %08x, not %08x", f, px, py,
						image_get(image, px, py), want);
			}
		}
		image_destroy(image);
		ok = ok &&
				CHECK(fixture.stats.pixels - pixels == frames[f].pixels,
						"frame %zu resampled %llu pixels, not %llu", f,
						(unsigned long long)(fixture.stats.pixels - pixels),
						(unsigned long long)frames[f].pixels);
		ok = ok && CHECK(!wl_list_empty(&surface.cache.entries), "no entry");
		if (ok) {
			struct gridwl_resample_entry *entry =
					wl_container_of(surface.cache.entries.next, entry, link);
			size_t pages = copy_resident_pages(entry);
			ok = CHECK(entry->direct, "the window is not drawn directly") &&
					CHECK(pages == frames[f].pages,
							"frame %zu: %zu pages of the copy resident, not %zu",
							f, pages, frames[f].pages);
		}
	}
	pixman_region32_fini(&damage);
	image_destroy(expect);
	gridwl_frame_plan_finish(&plan);
	surface_finish(&surface);
	fixture_finish(&fixture);
	return ok;
}

int main(void) {
	wlr_log_init(WLR_ERROR, NULL);
	struct check_suite suite = { 0 };
	check_run(&suite, "direct-after-commit", test_direct_after_commit, NULL);
	check_run(&suite, "direct-quiet-damage", test_direct_quiet_damage, NULL);
	return check_finish(&suite);
}
