#include <stdio.h>
#include <stdlib.h>
#include "check.h"
#include "resample_expect.h"

/*
 * The expectations the integration tests hold gridwl to, checked against
 * values worked out by hand, so a mistake in them cannot make a wrong
 * compositor pass (or a right one fail) unnoticed.
 */

static uint32_t grey(uint32_t v) {
	return 0xff000000u | v << 16 | v << 8 | v;
}

static struct image *row(const uint32_t *pixels, int width, int height) {
	struct image *image = image_create(width, height);
	if (image != NULL) {
		for (int y = 0; y < height; y++) {
			for (int x = 0; x < width; x++) {
				image_set(image, x, y, pixels[y * width + x]);
			}
		}
	}
	return image;
}

/* Checks the first row of image against want, and its height unless that
 * is 0. */
static bool check_row(const struct image *image, const uint32_t *want,
		int width, int height, const char *what) {
	REQUIRE(image != NULL, "%s: no image", what);
	REQUIRE(image->width == width, "%s: width %d, want %d", what, image->width,
			width);
	bool ok = height == 0 ||
			CHECK(image->height == height, "%s: height %d, want %d", what,
					image->height, height);
	for (int x = 0; x < width; x++) {
		ok = CHECK(image_get(image, x, 0) == want[x],
					 "%s: pixel %d is 0x%08x, want 0x%08x", what, x,
					 image_get(image, x, 0), want[x]) &&
				ok;
	}
	return ok;
}

/* The width x height image src resampled by k: its first row is want, of
 * want_width, and it is want_height high. */
static bool resamples(const uint32_t *src, int width, int height,
		struct image *(*resample)(const struct image *src, int k), int k,
		const uint32_t *want, int want_width, int want_height,
		const char *what) {
	struct image *image = row(src, width, height);
	struct image *out = resample(image, k);
	bool ok = check_row(out, want, want_width, want_height, what);
	image_destroy(out);
	image_destroy(image);
	return ok;
}

static bool test_nearest(const void *data) {
	const uint32_t src[] = { 0xff102030u, 0xffa0b0c0u };
	const uint32_t want[] = { src[0], src[0], src[0], src[1], src[1], src[1] };
	return resamples(src, 2, 1, resample_magnify_nearest, 3, want, 6, 3,
			"nearest x3");
}

static bool test_bilinear(const void *data) {
	const uint32_t ramp[] = { grey(0), grey(255) };
	struct image *image = row(ramp, 2, 1);
	// Centres at -0.25, 0.25, 0.75, 1.25: clamped, 63.75, 191.25, clamped.
	const uint32_t want2[] = { grey(0), grey(64), grey(191), grey(255) };
	struct image *big = resample_magnify_bilinear(image, 2);
	bool ok = check_row(big, want2, 4, 0, "bilinear x2");
	image_destroy(big);
	// Centres at -0.375 ... 1.375 in steps of 0.25.
	const uint32_t want4[] = {
		grey(0),
		grey(0),
		grey(32),
		grey(96),
		grey(159),
		grey(223),
		grey(255),
		grey(255),
	};
	big = resample_magnify_bilinear(image, 4);
	ok = check_row(big, want4, 8, 0, "bilinear x4") && ok;
	image_destroy(big);
	image_destroy(image);

	// Premultiplied: alpha is interpolated like the colours.
	const uint32_t fade[] = { 0x80402010u, 0x00000000u };
	const uint32_t want_fade[] = {
		0x80402010u,
		0x6030180cu,
		0x20100804u,
		0x00000000u,
	};
	image = row(fade, 2, 1);
	big = resample_magnify_bilinear(image, 2);
	ok = check_row(big, want_fade, 4, 0, "bilinear premultiplied") && ok;
	image_destroy(big);
	image_destroy(image);

	// Vertically too: rows 0 and 1 of a 1x2 column, magnified by 2.
	const uint32_t column[] = { grey(0), grey(255) };
	image = row(column, 1, 2);
	big = resample_magnify_bilinear(image, 2);
	ok = CHECK(big != NULL && big->height == 4 &&
						 image_get(big, 1, 1) == grey(64) &&
						 image_get(big, 0, 2) == grey(191),
				 "bilinear vertically") &&
			ok;
	image_destroy(big);
	image_destroy(image);
	return ok;
}

static bool test_box(const void *data) {
	// Means 1.5, 0.5 and 0.25: halves round up.
	const uint32_t src[] = {
		grey(0),
		grey(1),
		grey(0),
		grey(0),
		grey(0),
		grey(0),
		grey(2),
		grey(3),
		grey(0),
		grey(2),
		grey(0),
		grey(1),
	};
	const uint32_t want[] = { grey(2), grey(1), grey(0) };
	return resamples(src, 6, 2, resample_box, 2, want, 3, 1, "box 2");
}

/* A 5x3 buffer at scale 2 (as Xwayland's odd-sized windows are): on scale
 * 1 a 3x2 image whose last column and row are the means of the pixels
 * there are (2 in a column, 1 in the corner); on scale 2 the buffer; on
 * scale 4 each pixel a 2x2 block, 10x6. */
static bool test_ragged(const void *data) {
	const uint32_t src[] = {
		grey(0), grey(4), grey(8), grey(8), grey(10), //
		grey(0), grey(0), grey(8), grey(8), grey(15), //
		grey(9), grey(9), grey(1), grey(2), grey(7), //
	};
	struct image *image = row(src, 5, 3);
	// Rows 0-1: 4 / 4 = 1, 32 / 4 = 8, 25 / 2 = 12.5 up to 13.
	const uint32_t want_top[] = { grey(1), grey(8), grey(13) };
	// Row 2 alone: 18 / 2 = 9, 3 / 2 = 1.5 up to 2, 7.
	const uint32_t want_bottom[] = { grey(9), grey(2), grey(7) };
	struct image *small = resample_expect_ragged(image, 2, 1, RESAMPLE_NEAREST);
	bool ok = check_row(small, want_top, 3, 2, "ragged 2 on 1");
	if (small != NULL && small->height == 2) {
		struct image *bottom = row(small->pixels + 3, 3, 1);
		ok = check_row(bottom, want_bottom, 3, 0, "ragged 2 on 1, last row") &&
				ok;
		image_destroy(bottom);
	}
	struct image *same = resample_expect_ragged(image, 2, 2, RESAMPLE_NEAREST);
	ok = CHECK(same != NULL && same->width == 5 && same->height == 3 &&
						 image_count_differences(same, image) == 0,
				 "ragged 2 on 2 is not the buffer") &&
			ok;
	struct image *big = resample_expect_ragged(image, 2, 4, RESAMPLE_NEAREST);
	ok = CHECK(big != NULL && big->width == 10 && big->height == 6 &&
						 image_get(big, 9, 5) == grey(7),
				 "ragged 2 on 4 is not each pixel a 2x2 block") &&
			ok;
	ok = CHECK(resample_expect(image, 2, 1, RESAMPLE_NEAREST) == NULL,
				 "resample_expect takes a ragged buffer") &&
			ok;
	image_destroy(big);
	image_destroy(same);
	image_destroy(small);
	image_destroy(image);
	return ok;
}

static bool test_expect(const void *data) {
	const uint32_t src[] = { grey(0), grey(255), grey(0), grey(255) };
	struct image *buffer = row(src, 2, 2);
	// 2 -> 3: magnified by 3 (columns 0-2 black, 3-5 white), then box 2,
	// whose middle column averages one of each: 127.5 rounds up.
	const uint32_t want[] = { grey(0), grey(128), grey(255) };
	struct image *out = resample_expect(buffer, 2, 3, RESAMPLE_NEAREST);
	bool ok = check_row(out, want, 3, 3, "buffer scale 2 on output scale 3");
	image_destroy(out);

	out = resample_expect(buffer, 2, 1, RESAMPLE_BILINEAR);
	ok = CHECK(out != NULL && out->width == 1 && out->height == 1 &&
						 image_get(out, 0, 0) == grey(128),
				 "2 on 1 is a box") &&
			ok;
	image_destroy(out);
	out = resample_expect(buffer, 1, 4, RESAMPLE_NEAREST);
	ok = CHECK(out != NULL && out->width == 8 && out->height == 8,
				 "1 on 4 is 4 times the size") &&
			ok;
	image_destroy(out);
	out = resample_expect(buffer, 2, 2, RESAMPLE_BILINEAR);
	ok = CHECK(out != NULL && image_count_differences(out, buffer) == 0,
				 "2 on 2 is the buffer") &&
			ok;
	image_destroy(out);
	image_destroy(buffer);

	const uint32_t odd[] = { grey(0), grey(0), grey(0) };
	buffer = row(odd, 3, 1);
	out = resample_expect(buffer, 2, 1, RESAMPLE_NEAREST);
	ok = CHECK(out == NULL, "a 3x1 buffer cannot have scale 2") && ok;
	image_destroy(out);
	image_destroy(buffer);

	// Scale 3 on 2: each output pixel covers one and a half buffer pixels
	// a side, whatever the filter: (0 + 90 / 2) / 1.5 = 30 and
	// (90 / 2 + 180) / 1.5 = 150 (the same in every row).
	const uint32_t thirds[] = { grey(0), grey(90), grey(180), grey(0), grey(90),
		grey(180), grey(0), grey(90), grey(180) };
	const uint32_t area[] = { grey(30), grey(150) };
	buffer = row(thirds, 3, 3);
	for (int f = 0; f < 2; f++) {
		out = resample_expect(buffer, 3, 2, f);
		ok = check_row(out, area, 2, 0,
					 f == RESAMPLE_NEAREST ? "scale 3 on 2, nearest" :
											 "scale 3 on 2, bilinear") &&
				ok;
		image_destroy(out);
	}
	image_destroy(buffer);

	ok = CHECK(!resample_uses_filter(1, 1) && !resample_uses_filter(2, 1) &&
						 resample_uses_filter(1, 2) &&
						 resample_uses_filter(2, 3) &&
						 resample_uses_filter(2, 4) &&
						 !resample_uses_filter(3, 2) &&
						 !resample_uses_filter(4, 3),
				 "which scale pairs use the filter") &&
			ok;
	return ok;
}

static bool test_compare(const void *data) {
	struct expected *e = expected_create(4, 2, 0xff333333u);
	struct image *patch = image_create(2, 1);
	REQUIRE(e != NULL && patch != NULL, "no memory");
	image_set(patch, 0, 0, grey(100));
	image_set(patch, 1, 0, grey(200));
	expected_paste(e, patch, 1, 1, 1);

	struct image *actual = image_create(4, 2);
	for (int i = 0; i < 8; i++) {
		actual->pixels[i] = 0xff333333u;
	}
	image_set(actual, 1, 1, grey(101));
	image_set(actual, 2, 1, grey(199));
	struct expected_mismatch m;
	bool ok = CHECK(expected_compare(e, actual, &m) == 0 && m.compared == 8 &&
					m.worst == 1,
			"off by one is within the pasted tolerance");
	// The background next to it got no tolerance.
	image_set(actual, 3, 1, 0xff343333u);
	ok = CHECK(expected_compare(e, actual, &m) == 1 && m.x == 3 && m.y == 1 &&
						 m.actual == 0xff343333u,
				 "off by one outside the paste is a mismatch") &&
			ok;
	image_set(actual, 1, 1, grey(102));
	ok = CHECK(expected_compare(e, actual, &m) == 2 && m.x == 1,
				 "off by two is a mismatch; the first in row order is reported") &&
			ok;
	ok = CHECK(image_count_differences(actual, e->image) == 3,
				 "three pixels differ at all") &&
			ok;

	struct image *other = image_create(2, 2);
	ok = CHECK(expected_compare(e, other, NULL) == -1 &&
						 image_count_differences(other, actual) == -1,
				 "sizes that differ") &&
			ok;
	image_destroy(other);
	image_destroy(actual);
	image_destroy(patch);
	expected_destroy(e);
	return ok;
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite, "nearest magnification", test_nearest, NULL);
	check_run(&suite, "bilinear magnification", test_bilinear, NULL);
	check_run(&suite, "box reduction", test_box, NULL);
	check_run(&suite, "buffer scale x output scale", test_expect, NULL);
	check_run(&suite, "sizes not a multiple of the buffer scale", test_ragged,
			NULL);
	check_run(&suite, "comparison with tolerance", test_compare, NULL);
	return check_finish(&suite);
}
