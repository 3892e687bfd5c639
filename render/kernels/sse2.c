/*
 * SSE2 kernels, the x86-64 baseline. Each processes the whole source
 * pixels of a rectangle in groups of four with vectors and leaves the
 * columns at its ends (and anything smaller than a group) to the reference
 * kernels, so every pixel comes out bit for bit as there. Loads and stores
 * are unaligned, and no loop reads beyond the pixels it was given.
 */
#include <emmintrin.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "render/kernels/kernels.h"

#define GROUP 4 // source pixels per step of the magnifiers
// Source pixels whose vertical sums are held at once: keeps the
// intermediate row in L1 and on the stack for any width.
#define CHUNK 256

static inline __m128i load(const void *p) {
	return _mm_loadu_si128((const __m128i *)p);
}

static inline void store(void *p, __m128i v) {
	_mm_storeu_si128((__m128i *)p, v);
}

/* Picks 32-bit elements: a[0], a[1] (per imm's low half), b[...]. */
#define SHUFFLE2(a, b, imm) _mm_castps_si128(_mm_shuffle_ps( \
	_mm_castsi128_ps(a), _mm_castsi128_ps(b), (imm)))

/* Nearest: four source pixels become k vectors, each stored to the rows
 * that repeat the same source row. k is a constant after inlining. */
static inline __attribute__((always_inline)) void nearest_rows(
		const uint32_t *s, int n, int k, uint32_t *d, int dst_stride,
		int rows) {
	for (int i = 0; i < n; i += GROUP) {
		__m128i v = load(s + i);
		__m128i out[4];
		switch (k) {
		case 2:
			out[0] = _mm_unpacklo_epi32(v, v);
			out[1] = _mm_unpackhi_epi32(v, v);
			break;
		case 3:
			out[0] = _mm_shuffle_epi32(v, _MM_SHUFFLE(1, 0, 0, 0));
			out[1] = _mm_shuffle_epi32(v, _MM_SHUFFLE(2, 2, 1, 1));
			out[2] = _mm_shuffle_epi32(v, _MM_SHUFFLE(3, 3, 3, 2));
			break;
		default:
			out[0] = _mm_shuffle_epi32(v, _MM_SHUFFLE(0, 0, 0, 0));
			out[1] = _mm_shuffle_epi32(v, _MM_SHUFFLE(1, 1, 1, 1));
			out[2] = _mm_shuffle_epi32(v, _MM_SHUFFLE(2, 2, 2, 2));
			out[3] = _mm_shuffle_epi32(v, _MM_SHUFFLE(3, 3, 3, 3));
			break;
		}
		uint32_t *o = d + k * i;
		for (int r = 0; r < rows; r++) {
			for (int j = 0; j < k; j++) {
				store(o + 4 * j, out[j]);
			}
			o += dst_stride;
		}
	}
}

static void sse2_magnify_nearest(const struct gridwl_pixels *src, int k,
		const struct gridwl_rect *rect, uint32_t *dst, int dst_stride) {
	if (rect->width <= 0 || rect->height <= 0) {
		return;
	}
	int i0;
	int n = k >= 2 && k <= 4 ? gridwl_split_columns(rect, k, GROUP, &i0) : 0;
	gridwl_magnify_edges(gridwl_reference_magnify_nearest, src, k, rect,
		dst, dst_stride, i0, n);
	if (n == 0) {
		return;
	}
	uint32_t *mid = dst + (k * i0 - rect->x);
	int y_end = rect->y + rect->height;
	for (int y = rect->y; y < y_end;) {
		// Every destination row of one source row at once: one load
		// feeds up to k rows of stores.
		int sy = y / k;
		int rows = (k * sy + k < y_end ? k * sy + k : y_end) - y;
		const uint32_t *s = gridwl_src_row(src, sy) + i0;
		uint32_t *d = mid + (ptrdiff_t)(y - rect->y) * dst_stride;
		switch (k) {
		case 2:
			nearest_rows(s, n, 2, d, dst_stride, rows);
			break;
		case 3:
			nearest_rows(s, n, 3, d, dst_stride, rows);
			break;
		default:
			nearest_rows(s, n, 4, d, dst_stride, rows);
			break;
		}
		y += rows;
	}
}

/*
 * Bilinear magnification, separable: per destination row, the two source
 * rows are blended into unrounded 16-bit sums (plus the rounding term, see
 * gridwl_vertical_scalar) over a chunk of columns, then each destination
 * pixel is the horizontal blend of three neighbouring sums shifted or
 * divided once, which is exactly the rounding of the 2D product sum. The
 * largest sum is 255 * (2k)^2 + 2k^2 = 16352 (k = 4), inside 16 bits.
 * Every k is one pass over the destination: k = 4 is not two passes of 2,
 * whose intermediate rounding would differ from the definition.
 */
static void vertical(const uint32_t *a, const uint32_t *b, int wa, int wb,
		int k, int count, uint16_t *v) {
	__m128i zero = _mm_setzero_si128();
	__m128i ma = _mm_set1_epi16((int16_t)wa);
	__m128i mb = _mm_set1_epi16((int16_t)wb);
	__m128i bias = _mm_set1_epi16((int16_t)k);
	int i = 0;
	for (; i + 4 <= count; i += 4) {
		__m128i pa = load(a + i), pb = load(b + i);
		__m128i lo = _mm_add_epi16(
			_mm_mullo_epi16(_mm_unpacklo_epi8(pa, zero), ma),
			_mm_mullo_epi16(_mm_unpacklo_epi8(pb, zero), mb));
		__m128i hi = _mm_add_epi16(
			_mm_mullo_epi16(_mm_unpackhi_epi8(pa, zero), ma),
			_mm_mullo_epi16(_mm_unpackhi_epi8(pb, zero), mb));
		store(v + 4 * i, _mm_add_epi16(lo, bias));
		store(v + 4 * i + 8, _mm_add_epi16(hi, bias));
	}
	gridwl_vertical_scalar(a + i, b + i, wa, wb, k, count - i, v + 4 * i);
}

/*
 * The vertical sums of source columns c0 - 1 .. c0 + m into v (entry j is
 * column c0 - 1 + j), the columns outside the image repeating its edge.
 */
static void vertical_chunk(const struct gridwl_pixels *src,
		const struct gridwl_taps *ty, int k, int c0, int m, uint16_t *v) {
	int lo = c0 > 0 ? c0 - 1 : 0;
	int hi = c0 + m < src->width ? c0 + m : src->width - 1;
	const uint32_t *a = gridwl_src_row(src, ty->i0) + lo;
	// A zero weight (k = 3, middle row) need not read the other row.
	const uint32_t *b = ty->w1 == 0 ? a : gridwl_src_row(src, ty->i1) + lo;
	vertical(a, b, ty->w0, ty->w1, k, hi - lo + 1, v + 4 * (lo - (c0 - 1)));
	if (c0 == 0) {
		memcpy(v, v + 4, 4 * sizeof(*v));
	}
	if (c0 + m == src->width) {
		memcpy(v + 4 * (m + 1), v + 4 * m, 4 * sizeof(*v));
	}
}

/* Horizontal blends of two source pixels' sums vm (left neighbours), v,
 * vp (right neighbours) for k = 2: weights 1, 3 then 3, 1. */
static inline void horizontal2(__m128i vm, __m128i v, __m128i vp,
		uint32_t *d) {
	__m128i v3 = _mm_add_epi16(v, _mm_add_epi16(v, v));
	__m128i e = _mm_srli_epi16(_mm_add_epi16(vm, v3), 4);
	__m128i o = _mm_srli_epi16(_mm_add_epi16(vp, v3), 4);
	// e0 e1 o0 o1 -> e0 o0 e1 o1
	__m128i p = _mm_packus_epi16(e, o);
	store(d, _mm_shuffle_epi32(p, _MM_SHUFFLE(3, 1, 2, 0)));
}

/* k = 4: weights 3, 5; 1, 7; 7, 1; 5, 3. */
static inline void horizontal4(__m128i vm, __m128i v, __m128i vp,
		uint32_t *d) {
	__m128i c3 = _mm_set1_epi16(3), c5 = _mm_set1_epi16(5);
	__m128i c7 = _mm_set1_epi16(7);
	__m128i v5 = _mm_mullo_epi16(v, c5), v7 = _mm_mullo_epi16(v, c7);
	__m128i o0 = _mm_add_epi16(_mm_mullo_epi16(vm, c3), v5);
	__m128i o1 = _mm_add_epi16(vm, v7);
	__m128i o2 = _mm_add_epi16(v7, vp);
	__m128i o3 = _mm_add_epi16(v5, _mm_mullo_epi16(vp, c3));
	__m128i p01 = _mm_packus_epi16(_mm_srli_epi16(o0, 6),
		_mm_srli_epi16(o1, 6));
	__m128i p23 = _mm_packus_epi16(_mm_srli_epi16(o2, 6),
		_mm_srli_epi16(o3, 6));
	p01 = _mm_shuffle_epi32(p01, _MM_SHUFFLE(3, 1, 2, 0)); // a0 b0 a1 b1
	p23 = _mm_shuffle_epi32(p23, _MM_SHUFFLE(3, 1, 2, 0)); // c0 d0 c1 d1
	store(d, _mm_unpacklo_epi64(p01, p23));
	store(d + 4, _mm_unpackhi_epi64(p01, p23));
}

/* k = 3, the three outputs of pixels 0, 1 and 2, 3: weights 2, 4; 6; 4, 2
 * over 36, divided by a multiply-high (see GRIDWL_DIV9_MUL). */
static inline __m128i div36(__m128i x) {
	return _mm_srli_epi16(
		_mm_mulhi_epu16(x, _mm_set1_epi16(GRIDWL_DIV9_MUL)), 2);
}

static inline void outputs3(__m128i vm, __m128i v, __m128i vp, __m128i *o) {
	__m128i v2 = _mm_add_epi16(v, v);
	__m128i v4 = _mm_add_epi16(v2, v2);
	o[0] = div36(_mm_add_epi16(_mm_add_epi16(vm, vm), v4));
	o[1] = div36(_mm_add_epi16(v4, v2));
	o[2] = div36(_mm_add_epi16(v4, _mm_add_epi16(vp, vp)));
}

static inline void horizontal3(const uint16_t *v, uint32_t *d) {
	__m128i lo[3], hi[3];
	outputs3(load(v), load(v + 4), load(v + 8), lo);
	outputs3(load(v + 8), load(v + 12), load(v + 16), hi);
	__m128i a = _mm_packus_epi16(lo[0], hi[0]); // a0 a1 a2 a3
	__m128i b = _mm_packus_epi16(lo[1], hi[1]);
	__m128i c = _mm_packus_epi16(lo[2], hi[2]);
	__m128i ab_lo = _mm_unpacklo_epi32(a, b); // a0 b0 a1 b1
	__m128i ab_hi = _mm_unpackhi_epi32(a, b); // a2 b2 a3 b3
	__m128i bc_lo = _mm_unpacklo_epi32(b, c); // b0 c0 b1 c1
	__m128i bc_hi = _mm_unpackhi_epi32(b, c); // b2 c2 b3 c3
	__m128i ca_lo = _mm_unpacklo_epi32(c, a); // c0 a0 c1 a1
	__m128i ca_hi = _mm_unpackhi_epi32(c, a); // c2 a2 c3 a3
	store(d, SHUFFLE2(ab_lo, ca_lo, _MM_SHUFFLE(3, 0, 1, 0)));
	store(d + 4, SHUFFLE2(bc_lo, ab_hi, _MM_SHUFFLE(1, 0, 3, 2)));
	store(d + 8, SHUFFLE2(ca_hi, bc_hi, _MM_SHUFFLE(3, 2, 3, 0)));
}

/* The destination pixels of the m source pixels whose sums, with their
 * neighbours', are in v (entry 0 is the left neighbour of the first). */
static void horizontal(int k, const uint16_t *v, int m, uint32_t *d) {
	for (int g = 0; g < m; g += GROUP) {
		const uint16_t *s = v + 4 * g;
		uint32_t *o = d + k * g;
		switch (k) {
		case 2:
			horizontal2(load(s), load(s + 4), load(s + 8), o);
			horizontal2(load(s + 8), load(s + 12), load(s + 16), o + 4);
			break;
		case 3:
			horizontal3(s, o);
			break;
		default:
			horizontal4(load(s), load(s + 4), load(s + 8), o);
			horizontal4(load(s + 8), load(s + 12), load(s + 16), o + 8);
			break;
		}
	}
}

static void sse2_magnify_bilinear(const struct gridwl_pixels *src, int k,
		const struct gridwl_rect *rect, uint32_t *dst, int dst_stride) {
	if (rect->width <= 0 || rect->height <= 0) {
		return;
	}
	int i0;
	int n = k >= 2 && k <= 4 ? gridwl_split_columns(rect, k, GROUP, &i0) : 0;
	gridwl_magnify_edges(gridwl_reference_magnify_bilinear, src, k, rect,
		dst, dst_stride, i0, n);
	if (n == 0) {
		return;
	}
	uint16_t v[4 * (CHUNK + 2)] __attribute__((aligned(16)));
	uint32_t *mid = dst + (k * i0 - rect->x);
	for (int y = 0; y < rect->height; y++) {
		struct gridwl_taps ty = gridwl_bilinear_taps(rect->y + y, k,
			src->height);
		uint32_t *d = mid + (ptrdiff_t)y * dst_stride;
		for (int c0 = i0; c0 < i0 + n; c0 += CHUNK) {
			int m = i0 + n - c0 < CHUNK ? i0 + n - c0 : CHUNK;
			vertical_chunk(src, &ty, k, c0, m, v);
			horizontal(k, v, m, d + k * (c0 - i0));
		}
	}
}

/*
 * Box reduction of four destination pixels at a time. The k rows of 4k
 * source pixels are summed per column into 16-bit lanes, two pixels to a
 * register (t[j] holds source pixels 2j, 2j + 1), then per k the pixels of
 * each destination pixel are gathered in pairs of 64-bit halves and added.
 */
static inline __m128i lo_hi(__m128i a, __m128i b) {
	// a's low half, b's high half
	return _mm_castpd_si128(_mm_move_sd(_mm_castsi128_pd(b),
		_mm_castsi128_pd(a)));
}

static inline __m128i hi_lo(__m128i a, __m128i b) {
	// a's high half, b's low half
	return _mm_castpd_si128(_mm_shuffle_pd(_mm_castsi128_pd(a),
		_mm_castsi128_pd(b), 1));
}

static inline __attribute__((always_inline)) void box4(const uint32_t *s,
		int stride, int k, uint32_t *d) {
	__m128i zero = _mm_setzero_si128();
	__m128i t[8];
	for (int j = 0; j < 2 * k; j++) {
		t[j] = zero;
	}
	for (int r = 0; r < k; r++) {
		const uint32_t *row = s + (ptrdiff_t)r * stride;
		for (int j = 0; j < k; j++) {
			__m128i p = load(row + 4 * j);
			t[2 * j] = _mm_add_epi16(t[2 * j], _mm_unpacklo_epi8(p, zero));
			t[2 * j + 1] = _mm_add_epi16(t[2 * j + 1],
				_mm_unpackhi_epi8(p, zero));
		}
	}
	__m128i d01, d23;
	switch (k) {
	case 2:
		d01 = _mm_add_epi16(_mm_unpacklo_epi64(t[0], t[1]),
			_mm_unpackhi_epi64(t[0], t[1]));
		d23 = _mm_add_epi16(_mm_unpacklo_epi64(t[2], t[3]),
			_mm_unpackhi_epi64(t[2], t[3]));
		d01 = _mm_srli_epi16(_mm_add_epi16(d01, _mm_set1_epi16(2)), 2);
		d23 = _mm_srli_epi16(_mm_add_epi16(d23, _mm_set1_epi16(2)), 2);
		break;
	case 3:
		// Pixel 0 is p0 + p1 + p2, pixel 1 is p3 + p4 + p5.
		d01 = _mm_add_epi16(_mm_add_epi16(lo_hi(t[0], t[1]),
			hi_lo(t[0], t[2])), lo_hi(t[1], t[2]));
		d23 = _mm_add_epi16(_mm_add_epi16(lo_hi(t[3], t[4]),
			hi_lo(t[3], t[5])), lo_hi(t[4], t[5]));
		d01 = _mm_mulhi_epu16(_mm_add_epi16(d01, _mm_set1_epi16(4)),
			_mm_set1_epi16(GRIDWL_DIV9_MUL));
		d23 = _mm_mulhi_epu16(_mm_add_epi16(d23, _mm_set1_epi16(4)),
			_mm_set1_epi16(GRIDWL_DIV9_MUL));
		break;
	default: {
		__m128i s0 = _mm_add_epi16(t[0], t[1]), s1 = _mm_add_epi16(t[2], t[3]);
		__m128i s2 = _mm_add_epi16(t[4], t[5]), s3 = _mm_add_epi16(t[6], t[7]);
		d01 = _mm_add_epi16(_mm_unpacklo_epi64(s0, s1),
			_mm_unpackhi_epi64(s0, s1));
		d23 = _mm_add_epi16(_mm_unpacklo_epi64(s2, s3),
			_mm_unpackhi_epi64(s2, s3));
		d01 = _mm_srli_epi16(_mm_add_epi16(d01, _mm_set1_epi16(8)), 4);
		d23 = _mm_srli_epi16(_mm_add_epi16(d23, _mm_set1_epi16(8)), 4);
		break;
	}
	}
	store(d, _mm_packus_epi16(d01, d23));
}

static void sse2_reduce_box(const struct gridwl_pixels *src, int k,
		const struct gridwl_rect *rect, uint32_t *dst, int dst_stride) {
	if (rect->width <= 0 || rect->height <= 0) {
		return;
	}
	int n = k >= 2 && k <= 4 ? rect->width / 4 * 4 : 0;
	if (n < rect->width) {
		struct gridwl_rect tail = {
			rect->x + n, rect->y, rect->width - n, rect->height,
		};
		gridwl_reference_reduce_box(src, k, &tail, dst + n, dst_stride);
	}
	for (int y = 0; y < rect->height; y++) {
		const uint32_t *s = gridwl_src_row(src, (rect->y + y) * k) +
			rect->x * k;
		uint32_t *d = dst + (ptrdiff_t)y * dst_stride;
		for (int x = 0; x < n; x += 4) {
			switch (k) {
			case 2:
				box4(s + 2 * x, src->stride, 2, d + x);
				break;
			case 3:
				box4(s + 3 * x, src->stride, 3, d + x);
				break;
			default:
				box4(s + 4 * x, src->stride, 4, d + x);
				break;
			}
		}
	}
}

const struct gridwl_kernels gridwl_kernels_sse2 = {
	.isa = GRIDWL_ISA_SSE2,
	.name = "sse2",
	.magnify_nearest = sse2_magnify_nearest,
	.magnify_bilinear = sse2_magnify_bilinear,
	.reduce_box = sse2_reduce_box,
};
