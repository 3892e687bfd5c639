/*
 * SSE2 kernels, the x86-64 baseline: four source pixels at a time (box:
 * four destination pixels). Nearest leaves the columns at the ends of a
 * rectangle that do not fill a group to the reference kernel; bilinear and
 * box run the ends through the same vector code (drive.h). Loads and
 * stores are unaligned, and nothing reads beyond the pixels it needs.
 */
#include <emmintrin.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "render/kernels/drive.h"
#include "render/kernels/kernels.h"

#define GROUP 4 // source pixels per step of the magnifiers

static inline __m128i load(const void *p) {
	return _mm_loadu_si128((const __m128i *)p);
}

static inline void store(void *p, __m128i v) {
	_mm_storeu_si128((__m128i *)p, v);
}

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
	int i0 = 0;
	int n = k >= 2 && k <= 4 ? gridwl_split_columns(rect, k, GROUP, &i0) : 0;
	gridwl_magnify_edges(gridwl_magnify_nearest_edge, src, k, rect, dst,
			dst_stride, i0, n);
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

/* Bilinear magnification: the pieces for gridwl_bilinear_drive. */
static inline void vertical(const uint32_t *a, const uint32_t *b, int wa,
		int wb, int k, int count, uint16_t *v) {
	__m128i zero = _mm_setzero_si128();
	__m128i ma = _mm_set1_epi16((int16_t)wa);
	__m128i mb = _mm_set1_epi16((int16_t)wb);
	__m128i bias = _mm_set1_epi16((int16_t)k);
	int i = 0;
	for (; i + 4 <= count; i += 4) {
		__m128i pa = load(a + i), pb = load(b + i);
		__m128i lo =
				_mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(pa, zero), ma),
						_mm_mullo_epi16(_mm_unpacklo_epi8(pb, zero), mb));
		__m128i hi =
				_mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(pa, zero), ma),
						_mm_mullo_epi16(_mm_unpackhi_epi8(pb, zero), mb));
		store(v + 4 * i, _mm_add_epi16(lo, bias));
		store(v + 4 * i + 8, _mm_add_epi16(hi, bias));
	}
	gridwl_vertical_scalar(a + i, b + i, wa, wb, k, count - i, v + 4 * i);
}

/* k = 2, two source pixels' sums v, left neighbours vm, right vp:
 * weights 1, 3 then 3, 1. */
static inline void pair2(__m128i vm, __m128i v, __m128i vp, uint32_t *d) {
	__m128i v3 = _mm_add_epi16(v, _mm_add_epi16(v, v));
	__m128i e = _mm_srli_epi16(_mm_add_epi16(vm, v3), 4);
	__m128i o = _mm_srli_epi16(_mm_add_epi16(vp, v3), 4);
	// e0 e1 o0 o1 -> e0 o0 e1 o1
	__m128i p = _mm_packus_epi16(e, o);
	store(d, _mm_shuffle_epi32(p, _MM_SHUFFLE(3, 1, 2, 0)));
}

/* k = 4: weights 3, 5; 1, 7; 7, 1; 5, 3, as 8 V plus multiples of the
 * differences to the neighbours (wrapping 16-bit arithmetic, exact since
 * every result is in range). */
static inline void pair4(__m128i vm, __m128i v, __m128i vp, uint32_t *d) {
	__m128i dm = _mm_sub_epi16(vm, v), dp = _mm_sub_epi16(vp, v);
	__m128i v8 = _mm_slli_epi16(v, 3);
	__m128i o1 = _mm_add_epi16(v8, dm);
	__m128i o0 = _mm_add_epi16(o1, _mm_add_epi16(dm, dm));
	__m128i o2 = _mm_add_epi16(v8, dp);
	__m128i o3 = _mm_add_epi16(o2, _mm_add_epi16(dp, dp));
	__m128i p01 =
			_mm_packus_epi16(_mm_srli_epi16(o0, 6), _mm_srli_epi16(o1, 6));
	__m128i p23 =
			_mm_packus_epi16(_mm_srli_epi16(o2, 6), _mm_srli_epi16(o3, 6));
	p01 = _mm_shuffle_epi32(p01, _MM_SHUFFLE(3, 1, 2, 0)); // a0 b0 a1 b1
	p23 = _mm_shuffle_epi32(p23, _MM_SHUFFLE(3, 1, 2, 0)); // c0 d0 c1 d1
	store(d, _mm_unpacklo_epi64(p01, p23));
	store(d + 4, _mm_unpackhi_epi64(p01, p23));
}

/*
 * k = 3: destination pixel 3i + j is (4 V[i] + 2 N) / 36 with N the sum
 * of source pixel i - 1, i, i + 1 for j = 0, 1, 2 (the sums V carry the
 * rounding term, see drive.h); that is
 * (2 V[i] + N) / 18 (see GRIDWL_DIV18_MUL). A 16-bit pixel is half a
 * register, so for source pixels i, i + 1 with v = V[i] V[i + 1] and vm,
 * vp the same one pixel left and right:
 *	3i, 3i + 1:     2 V[i] V[i] + V[i - 1] V[i]         (vm)
 *	3i + 2, 3i + 3: 2 V[i] V[i + 1] + V[i + 1] V[i]     (v swapped)
 *	3i + 4, 3i + 5: 2 V[i + 1] V[i + 1] + V[i + 1] V[i + 2] (vp)
 */
static inline __m128i div18(__m128i x) {
	return _mm_mulhi_epu16(x, _mm_set1_epi16(GRIDWL_DIV18_MUL));
}

static inline void six3(__m128i vm, __m128i v, __m128i vp, __m128i *o) {
	__m128i v2 = _mm_add_epi16(v, v);
	o[0] = div18(_mm_add_epi16(_mm_unpacklo_epi64(v2, v2), vm));
	o[1] = div18(
			_mm_add_epi16(v2, _mm_shuffle_epi32(v, _MM_SHUFFLE(1, 0, 3, 2))));
	o[2] = div18(_mm_add_epi16(_mm_unpackhi_epi64(v2, v2), vp));
}

static inline void quad3(const uint16_t *v, uint32_t *d) {
	__m128i o[6];
	six3(load(v), load(v + 4), load(v + 8), o);
	six3(load(v + 8), load(v + 12), load(v + 16), o + 3);
	store(d, _mm_packus_epi16(o[0], o[1]));
	store(d + 4, _mm_packus_epi16(o[2], o[3]));
	store(d + 8, _mm_packus_epi16(o[4], o[5]));
}

static void horizontal2(const uint16_t *v, int groups, uint32_t *d) {
	for (int g = 0; g < groups; g++, v += 4 * GROUP, d += 2 * GROUP) {
		_mm_prefetch(gridwl_prefetch_address(d), _MM_HINT_T0);
		pair2(load(v), load(v + 4), load(v + 8), d);
		pair2(load(v + 8), load(v + 12), load(v + 16), d + 4);
	}
}

static void horizontal3(const uint16_t *v, int groups, uint32_t *d) {
	for (int g = 0; g < groups; g++, v += 4 * GROUP, d += 3 * GROUP) {
		_mm_prefetch(gridwl_prefetch_address(d), _MM_HINT_T0);
		quad3(v, d);
	}
}

static void horizontal4(const uint16_t *v, int groups, uint32_t *d) {
	for (int g = 0; g < groups; g++, v += 4 * GROUP, d += 4 * GROUP) {
		_mm_prefetch(gridwl_prefetch_address(d), _MM_HINT_T0);
		pair4(load(v), load(v + 4), load(v + 8), d);
		pair4(load(v + 8), load(v + 12), load(v + 16), d + 8);
	}
}

static void sse2_magnify_bilinear(const struct gridwl_pixels *src, int k,
		const struct gridwl_rect *rect, uint32_t *dst, int dst_stride) {
	if (rect->width <= 0 || rect->height <= 0) {
		return;
	}
	switch (k) {
	case 2:
		gridwl_bilinear_drive(src, 2, rect, dst, dst_stride, GROUP, vertical,
				horizontal2);
		break;
	case 3:
		gridwl_bilinear_drive(src, 3, rect, dst, dst_stride, GROUP, vertical,
				horizontal3);
		break;
	case 4:
		gridwl_bilinear_drive(src, 4, rect, dst, dst_stride, GROUP, vertical,
				horizontal4);
		break;
	default:
		gridwl_reference_magnify_bilinear(src, k, rect, dst, dst_stride);
		break;
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
	return _mm_castpd_si128(
			_mm_move_sd(_mm_castsi128_pd(b), _mm_castsi128_pd(a)));
}

static inline __m128i hi_lo(__m128i a, __m128i b) {
	// a's high half, b's low half
	return _mm_castpd_si128(
			_mm_shuffle_pd(_mm_castsi128_pd(a), _mm_castsi128_pd(b), 1));
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
			t[2 * j + 1] =
					_mm_add_epi16(t[2 * j + 1], _mm_unpackhi_epi8(p, zero));
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
		d01 = _mm_add_epi16(_mm_add_epi16(lo_hi(t[0], t[1]), hi_lo(t[0], t[2])),
				lo_hi(t[1], t[2]));
		d23 = _mm_add_epi16(_mm_add_epi16(lo_hi(t[3], t[4]), hi_lo(t[3], t[5])),
				lo_hi(t[4], t[5]));
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

static void box4_2(const uint32_t *s, int stride, uint32_t *d) {
	box4(s, stride, 2, d);
}

static void box4_3(const uint32_t *s, int stride, uint32_t *d) {
	box4(s, stride, 3, d);
}

static void box4_4(const uint32_t *s, int stride, uint32_t *d) {
	box4(s, stride, 4, d);
}

static void sse2_reduce_box(const struct gridwl_pixels *src, int k,
		const struct gridwl_rect *rect, uint32_t *dst, int dst_stride) {
	if (rect->width <= 0 || rect->height <= 0) {
		return;
	}
	switch (k) {
	case 2:
		gridwl_box_drive(src, 2, rect, dst, dst_stride, 4, box4_2);
		break;
	case 3:
		gridwl_box_drive(src, 3, rect, dst, dst_stride, 4, box4_3);
		break;
	case 4:
		gridwl_box_drive(src, 4, rect, dst, dst_stride, 4, box4_4);
		break;
	default:
		gridwl_reference_reduce_box(src, k, rect, dst, dst_stride);
		break;
	}
}

const struct gridwl_kernels gridwl_kernels_sse2 = {
	.isa = GRIDWL_ISA_SSE2,
	.name = "sse2",
	.magnify_nearest = sse2_magnify_nearest,
	.magnify_bilinear = sse2_magnify_bilinear,
	.reduce_box = sse2_reduce_box,
};
