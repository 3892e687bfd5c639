#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "resample_expect.h"

const char *resample_filter_name(enum resample_filter filter) {
	return filter == RESAMPLE_BILINEAR ? "bilinear" : "nearest";
}

struct image *resample_pattern_buffer(const struct pattern *pattern, int bw,
		int bh) {
	struct image *image = image_create(bw, bh);
	if (image == NULL) {
		return NULL;
	}
	for (int y = 0; y < bh; y++) {
		for (int x = 0; x < bw; x++) {
			image_set(image, x, y, pattern_pixel(pattern, x, y, bw, bh));
		}
	}
	return image;
}

void resample_invert_rect(struct image *image, int x, int y, int w, int h) {
	for (int iy = y; iy < y + h && iy < image->height; iy++) {
		for (int ix = x; ix < x + w && ix < image->width; ix++) {
			image_set(image, ix, iy, image_get(image, ix, iy) ^ 0x00ffffffu);
		}
	}
}

struct image *resample_magnify_nearest(const struct image *src, int k) {
	struct image *dst = image_create(src->width * k, src->height * k);
	if (dst == NULL) {
		return NULL;
	}
	for (int y = 0; y < dst->height; y++) {
		for (int x = 0; x < dst->width; x++) {
			image_set(dst, x, y, image_get(src, x / k, y / k));
		}
	}
	return dst;
}

static int clamp(int v, int lo, int hi) {
	return v < lo ? lo : v > hi ? hi : v;
}

/* The two source pixels destination pixel d reads along one axis and the
 * weight of the second. */
static void bilinear_taps(int d, int k, int size, int *i0, int *i1,
		double *frac) {
	double s = (d + 0.5) / k - 0.5;
	// s > -0.5 always, so this is floor() without needing libm.
	int i = s < 0 ? -1 : (int)s;
	*frac = s - i;
	*i0 = clamp(i, 0, size - 1);
	*i1 = clamp(i + 1, 0, size - 1);
}

static uint32_t channel(uint32_t pixel, int shift) {
	return (pixel >> shift) & 0xff;
}

struct image *resample_magnify_bilinear(const struct image *src, int k) {
	struct image *dst = image_create(src->width * k, src->height * k);
	if (dst == NULL) {
		return NULL;
	}
	for (int y = 0; y < dst->height; y++) {
		int y0, y1;
		double fy;
		bilinear_taps(y, k, src->height, &y0, &y1, &fy);
		for (int x = 0; x < dst->width; x++) {
			int x0, x1;
			double fx;
			bilinear_taps(x, k, src->width, &x0, &x1, &fx);
			uint32_t p00 = image_get(src, x0, y0), p10 = image_get(src, x1, y0);
			uint32_t p01 = image_get(src, x0, y1), p11 = image_get(src, x1, y1);
			uint32_t out = 0;
			for (int shift = 0; shift < 32; shift += 8) {
				double top = (1 - fx) * channel(p00, shift) +
						fx * channel(p10, shift);
				double bottom = (1 - fx) * channel(p01, shift) +
						fx * channel(p11, shift);
				double v = (1 - fy) * top + fy * bottom;
				out |= (uint32_t)clamp((int)(v + 0.5), 0, 255) << shift;
			}
			image_set(dst, x, y, out);
		}
	}
	return dst;
}

/* The rounded mean (halves up) of each k x k block, over the pixels of it
 * that src has. */
static struct image *box_mean(const struct image *src, int k) {
	struct image *dst =
			image_create((src->width + k - 1) / k, (src->height + k - 1) / k);
	if (dst == NULL) {
		return NULL;
	}
	for (int y = 0; y < dst->height; y++) {
		for (int x = 0; x < dst->width; x++) {
			uint32_t sum[4] = { 0 };
			uint32_t n = 0;
			for (int sy = y * k; sy < (y + 1) * k && sy < src->height; sy++) {
				for (int sx = x * k; sx < (x + 1) * k && sx < src->width;
						sx++) {
					uint32_t p = image_get(src, sx, sy);
					for (int c = 0; c < 4; c++) {
						sum[c] += channel(p, c * 8);
					}
					n++;
				}
			}
			uint32_t out = 0;
			for (int c = 0; c < 4; c++) {
				out |= ((sum[c] + n / 2) / n) << (c * 8);
			}
			image_set(dst, x, y, out);
		}
	}
	return dst;
}

struct image *resample_box(const struct image *src, int k) {
	if (src->width % k != 0 || src->height % k != 0) {
		return NULL;
	}
	return box_mean(src, k);
}

static struct image *image_copy(const struct image *src) {
	struct image *dst = image_create(src->width, src->height);
	if (dst != NULL) {
		memcpy(dst->pixels, src->pixels,
				(size_t)src->width * (size_t)src->height *
						sizeof(*src->pixels));
	}
	return dst;
}

static struct image *magnify(const struct image *src, int k,
		enum resample_filter filter) {
	return filter == RESAMPLE_BILINEAR ? resample_magnify_bilinear(src, k) :
										 resample_magnify_nearest(src, k);
}

static int gcd(int a, int b) {
	while (b != 0) {
		int t = a % b;
		a = b;
		b = t;
	}
	return a;
}

static struct image *expect(const struct image *buffer, int b, int o,
		enum resample_filter filter) {
	if (b == o) {
		return image_copy(buffer);
	}
	if (o % b == 0) {
		return magnify(buffer, o / b, filter);
	}
	if (b % o == 0) {
		return box_mean(buffer, b / o);
	}
	int lcm = b / gcd(b, o) * o;
	struct image *big =
			magnify(buffer, lcm / b, b < o ? filter : RESAMPLE_NEAREST);
	if (big == NULL) {
		return NULL;
	}
	struct image *result = box_mean(big, lcm / o);
	image_destroy(big);
	return result;
}

struct image *resample_expect(const struct image *buffer, int buffer_scale,
		int output_scale, enum resample_filter filter) {
	int b = buffer_scale, o = output_scale;
	if (b < 1 || o < 1 || buffer->width % b != 0 || buffer->height % b != 0) {
		return NULL;
	}
	return expect(buffer, b, o, filter);
}

struct image *resample_expect_ragged(const struct image *buffer,
		int buffer_scale, int output_scale, enum resample_filter filter) {
	if (buffer_scale < 1 || output_scale < 1) {
		return NULL;
	}
	return expect(buffer, buffer_scale, output_scale, filter);
}

bool resample_uses_filter(int buffer_scale, int output_scale) {
	// Reductions (and 1:1) are area averages whatever was chosen, at
	// integer ratios (box) and at others (3 on 2, 4 on 3) alike.
	return buffer_scale < output_scale;
}

int resample_tolerance(int buffer_scale, int output_scale,
		enum resample_filter filter) {
	return filter == RESAMPLE_BILINEAR &&
					resample_uses_filter(buffer_scale, output_scale) ?
			1 :
			0;
}

struct expected *expected_create(int width, int height, uint32_t colour) {
	struct expected *e = calloc(1, sizeof(*e));
	if (e == NULL) {
		return NULL;
	}
	e->image = image_create(width, height);
	e->tolerance =
			e->image != NULL ? calloc((size_t)width * (size_t)height, 1) : NULL;
	if (e->tolerance == NULL) {
		expected_destroy(e);
		return NULL;
	}
	for (size_t i = 0; i < (size_t)width * (size_t)height; i++) {
		e->image->pixels[i] = colour;
	}
	return e;
}

void expected_destroy(struct expected *expected) {
	if (expected == NULL) {
		return;
	}
	image_destroy(expected->image);
	free(expected->tolerance);
	free(expected);
}

void expected_paste(struct expected *expected, const struct image *src, int x,
		int y, int tolerance) {
	struct image *dst = expected->image;
	for (int sy = 0; sy < src->height; sy++) {
		int dy = y + sy;
		if (dy < 0 || dy >= dst->height) {
			continue;
		}
		for (int sx = 0; sx < src->width; sx++) {
			int dx = x + sx;
			if (dx < 0 || dx >= dst->width) {
				continue;
			}
			image_set(dst, dx, dy, image_get(src, sx, sy));
			expected->tolerance[(size_t)dy * (size_t)dst->width + (size_t)dx] =
					(uint8_t)tolerance;
		}
	}
}

static int channel_difference(uint32_t a, uint32_t b) {
	int worst = 0;
	for (int shift = 0; shift < 32; shift += 8) {
		int d = (int)channel(a, shift) - (int)channel(b, shift);
		d = d < 0 ? -d : d;
		worst = d > worst ? d : worst;
	}
	return worst;
}

long expected_compare(const struct expected *expected,
		const struct image *actual, struct expected_mismatch *m) {
	struct expected_mismatch local;
	if (m == NULL) {
		m = &local;
	}
	*m = (struct expected_mismatch){ 0 };
	const struct image *want = expected->image;
	if (actual->width != want->width || actual->height != want->height) {
		return -1;
	}
	for (int y = 0; y < want->height; y++) {
		for (int x = 0; x < want->width; x++) {
			size_t i = (size_t)y * (size_t)want->width + (size_t)x;
			int d = channel_difference(want->pixels[i], actual->pixels[i]);
			m->compared++;
			m->worst = d > m->worst ? d : m->worst;
			if (d <= expected->tolerance[i]) {
				continue;
			}
			if (m->count++ == 0) {
				m->x = x;
				m->y = y;
				m->expected = want->pixels[i];
				m->actual = actual->pixels[i];
			}
		}
	}
	return m->count;
}

static void save_diff(const struct image *actual,
		const struct expected *expected, const char *name) {
	struct image *diff = image_copy(expected->image);
	if (diff == NULL) {
		return;
	}
	for (int y = 0; y < diff->height; y++) {
		for (int x = 0; x < diff->width; x++) {
			size_t i = (size_t)y * (size_t)diff->width + (size_t)x;
			uint32_t want = expected->image->pixels[i];
			if (channel_difference(want, actual->pixels[i]) >
					expected->tolerance[i]) {
				diff->pixels[i] =
						want == 0xffff0000u ? 0xff00ff00u : 0xffff0000u;
			}
		}
	}
	char artifact[512];
	snprintf(artifact, sizeof(artifact), "%s-diff", name);
	check_save_artifact(diff, artifact);
	image_destroy(diff);
}

bool check_expected_at(const char *file, int line, const struct image *actual,
		const struct expected *expected, const char *name) {
	struct expected_mismatch m;
	long count = expected_compare(expected, actual, &m);
	if (count == 0 && m.compared > 0) {
		return true;
	}
	char artifact[512];
	snprintf(artifact, sizeof(artifact), "%s-actual", name);
	check_save_artifact(actual, artifact);
	snprintf(artifact, sizeof(artifact), "%s-expected", name);
	check_save_artifact(expected->image, artifact);
	if (count < 0) {
		fprintf(stderr, "%s:%d: check failed: %s is %dx%d, expected %dx%d\n",
				file, line, name, actual->width, actual->height,
				expected->image->width, expected->image->height);
		return false;
	}
	if (count == 0) {
		fprintf(stderr, "%s:%d: check failed: %s: no pixels compared\n", file,
				line, name);
		return false;
	}
	fprintf(stderr,
			"%s:%d: check failed: %s: %ld of %ld pixels differ by "
			"more than their tolerance; first at %d,%d: expected 0x%08x, got "
			"0x%08x; largest channel difference %d\n",
			file, line, name, count, m.compared, m.x, m.y, m.expected, m.actual,
			m.worst);
	save_diff(actual, expected, name);
	return false;
}

long image_count_differences(const struct image *a, const struct image *b) {
	if (a->width != b->width || a->height != b->height) {
		return -1;
	}
	long count = 0;
	size_t n = (size_t)a->width * (size_t)a->height;
	for (size_t i = 0; i < n; i++) {
		count += a->pixels[i] != b->pixels[i];
	}
	return count;
}

/* Fractional ratios (resample_expect_ratio), written out literally. */
static uint32_t model_nearest(const struct image *src,
		const struct resample_ratio *k, int x, int y) {
	int sx = (int)((x + 0.5) * k->rx / k->mx);
	int sy = (int)((y + 0.5) * k->ry / k->my);
	sx = sx < src->width ? sx : src->width - 1;
	sy = sy < src->height ? sy : src->height - 1;
	return image_get(src, sx, sy);
}

static int model_clamp(int v, int size) {
	return v < 0 ? 0 : v >= size ? size - 1 : v;
}

static uint32_t model_bilinear(const struct image *src,
		const struct resample_ratio *k, int x, int y) {
	double px = (x + 0.5) * k->rx / k->mx - 0.5;
	double py = (y + 0.5) * k->ry / k->my - 0.5;
	int ix = px < 0 ? -1 : (int)px, iy = py < 0 ? -1 : (int)py;
	double fx = px - ix, fy = py - iy;
	uint32_t pixel = 0;
	for (int c = 0; c < 32; c += 8) {
		double v = 0;
		for (int j = 0; j < 2; j++) {
			for (int i = 0; i < 2; i++) {
				uint32_t p = image_get(src, model_clamp(ix + i, src->width),
						model_clamp(iy + j, src->height));
				v += (i ? fx : 1 - fx) * (j ? fy : 1 - fy) * ((p >> c) & 0xff);
			}
		}
		pixel |= (uint32_t)(v + 0.5) << c;
	}
	return pixel;
}

static uint32_t model_area(const struct image *src,
		const struct resample_ratio *k, int x, int y) {
	uint32_t sums[4] = { 0 }, count = 0;
	for (int my = y * k->ry; my < (y + 1) * k->ry && my < src->height * k->my;
			my++) {
		for (int mx = x * k->rx;
				mx < (x + 1) * k->rx && mx < src->width * k->mx; mx++) {
			uint32_t p = image_get(src, mx / k->mx, my / k->my);
			for (int c = 0; c < 4; c++) {
				sums[c] += (p >> (8 * c)) & 0xff;
			}
			count++;
		}
	}
	uint32_t pixel = 0;
	for (int c = 0; c < 4; c++) {
		pixel |= ((sums[c] + count / 2) / count) << (8 * c);
	}
	return pixel;
}

static int ratio_gcd(int a, int b) {
	return b == 0 ? a : ratio_gcd(b, a % b);
}

struct image *resample_expect_ratio(const struct image *buffer, int width,
		int height, const struct resample_ratio *ratio,
		enum resample_filter filter) {
	int gx = ratio_gcd(ratio->mx, ratio->rx);
	int gy = ratio_gcd(ratio->my, ratio->ry);
	struct resample_ratio k = { ratio->mx / gx, ratio->rx / gx, ratio->my / gy,
		ratio->ry / gy };
	// Magnified or reduced alike on both axes, as every case tested is.
	if ((k.mx > k.rx) != (k.my > k.ry) || (k.mx == k.rx) != (k.my == k.ry)) {
		return NULL;
	}
	struct image *expect = image_create(width, height);
	if (expect == NULL) {
		return NULL;
	}
	for (int y = 0; y < height; y++) {
		for (int x = 0; x < width; x++) {
			uint32_t pixel = k.mx == k.rx ? image_get(buffer, x, y) :
					k.mx < k.rx           ? model_area(buffer, &k, x, y) :
					filter == RESAMPLE_BILINEAR ?
								  model_bilinear(buffer, &k, x, y) :
								  model_nearest(buffer, &k, x, y);
			image_set(expect, x, y, pixel);
		}
	}
	return expect;
}
