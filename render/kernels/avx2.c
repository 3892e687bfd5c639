/*
 * AVX2 kernels, chosen at run time (dispatch.c); only this file is compiled
 * with -mavx2. The structure is that of sse2.c with eight pixels to a step:
 * nearest leaves the ends of a rectangle to the reference kernel, bilinear
 * and box run them through the same vector code (drive.h); unaligned
 * loads, no reads beyond the pixels needed.
 *
 * AVX2 shuffles and packs work within each 128-bit lane, so results often
 * come out lane-interleaved; the comments give the element order, low
 * first, with | between the lanes.
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "render/kernels/drive.h"
#include "render/kernels/kernels.h"

// Source pixels per step of the magnifiers.
#define NEAREST_GROUP 8
#define BILINEAR_GROUP 8

static inline __m256i load(const void *p) {
	return _mm256_loadu_si256((const __m256i *)p);
}

static inline void store(void *p, __m256i v) {
	_mm256_storeu_si256((__m256i *)p, v);
}

static inline __m128i load128(const void *p) {
	return _mm_loadu_si128((const __m128i *)p);
}

/* Nearest: eight source pixels become k vectors (vpermd by the index
 * (8j + m) / k for element m of vector j), each stored to the rows that
 * repeat the same source row. k is a constant after inlining. */
static inline __attribute__((always_inline)) void nearest_rows(
		const uint32_t *s, int n, int k, uint32_t *d, int dst_stride,
		int rows) {
	__m256i idx[4];
	for (int j = 0; j < k; j++) {
		idx[j] = _mm256_setr_epi32((8 * j) / k, (8 * j + 1) / k,
				(8 * j + 2) / k, (8 * j + 3) / k, (8 * j + 4) / k,
				(8 * j + 5) / k, (8 * j + 6) / k, (8 * j + 7) / k);
	}
	for (int i = 0; i < n; i += NEAREST_GROUP) {
		__m256i v = load(s + i);
		__m256i out[4];
		for (int j = 0; j < k; j++) {
			out[j] = _mm256_permutevar8x32_epi32(v, idx[j]);
		}
		uint32_t *o = d + k * i;
		for (int r = 0; r < rows; r++) {
			for (int j = 0; j < k; j++) {
				store(o + 8 * j, out[j]);
			}
			o += dst_stride;
		}
	}
}

static void avx2_magnify_nearest(const struct gridwl_pixels *src, int k,
		const struct gridwl_rect *rect, uint32_t *dst, int dst_stride) {
	if (rect->width <= 0 || rect->height <= 0) {
		return;
	}
	int i0 = 0;
	int n = k >= 2 && k <= 4 ?
			gridwl_split_columns(rect, k, NEAREST_GROUP, &i0) :
			0;
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
	// pmaddubsw of interleaved bytes a, b with weights wa, wb: at most
	// 255 * 8, no saturation.
	__m256i w = _mm256_set1_epi16((int16_t)(wa | (wb << 8)));
	__m256i bias = _mm256_set1_epi16((int16_t)k);
	int i = 0;
	for (; i + 8 <= count; i += 8) {
		__m256i pa = load(a + i), pb = load(b + i);
		// Pixels 01 | 45 and 23 | 67, stored as 01 23 and 45 67.
		__m256i lo = _mm256_add_epi16(
				_mm256_maddubs_epi16(_mm256_unpacklo_epi8(pa, pb), w), bias);
		__m256i hi = _mm256_add_epi16(
				_mm256_maddubs_epi16(_mm256_unpackhi_epi8(pa, pb), w), bias);
		store(v + 4 * i, _mm256_permute2x128_si256(lo, hi, 0x20));
		store(v + 4 * i + 16, _mm256_permute2x128_si256(lo, hi, 0x31));
	}
	gridwl_vertical_scalar(a + i, b + i, wa, wb, k, count - i, v + 4 * i);
}

/* k = 2 for four source pixels (sums v, left neighbours vm, right vp):
 * weights 1, 3 then 3, 1. */
static inline void quad2(__m256i vm, __m256i v, __m256i vp, uint32_t *d) {
	__m256i v3 = _mm256_add_epi16(v, _mm256_add_epi16(v, v));
	__m256i e = _mm256_srli_epi16(_mm256_add_epi16(vm, v3), 4);
	__m256i o = _mm256_srli_epi16(_mm256_add_epi16(vp, v3), 4);
	// e0 e1 o0 o1 | e2 e3 o2 o3 -> e0 o0 e1 o1 | e2 o2 e3 o3
	__m256i p = _mm256_packus_epi16(e, o);
	store(d, _mm256_shuffle_epi32(p, _MM_SHUFFLE(3, 1, 2, 0)));
}

/*
 * k = 3: destination pixel 3i + j is (4 V[i] + 2 N) / 36 with N the sum
 * of source pixel i - 1, i, i + 1 for j = 0, 1, 2 (the sums V carry the
 * rounding term, see drive.h); that is
 * (2 V[i] + N) / 18. A 16-bit pixel is 64 bits, half a lane, so for the
 * source pixels i, i + 1 of a lane, with v = V[i] V[i + 1] and vm, vp the
 * same one pixel left and right:
 *	3i, 3i + 1:     2 V[i] V[i] + V[i - 1] V[i]         (vm)
 *	3i + 2, 3i + 3: 2 V[i] V[i + 1] + V[i + 1] V[i]     (v swapped)
 *	3i + 4, 3i + 5: 2 V[i + 1] V[i + 1] + V[i + 1] V[i + 2] (vp)
 * all within lanes. Lane-crossing shuffles are slow, so the lanes take
 * source pixels four apart (0, 1 | 4, 5, then 2, 3 | 6, 7), and three
 * lane permutes at the end put 24 destination pixels in order.
 */
static inline __m256i div18(__m256i x) {
	return _mm256_mulhi_epu16(x, _mm256_set1_epi16(GRIDWL_DIV18_MUL));
}

static inline __m256i load_lanes(const uint16_t *lo, const uint16_t *hi) {
	return _mm256_inserti128_si256(_mm256_castsi128_si256(load128(lo)),
			load128(hi), 1);
}

static inline void six3(__m256i vm, __m256i v, __m256i vp, __m256i *o) {
	__m256i v2 = _mm256_add_epi16(v, v);
	o[0] = div18(_mm256_add_epi16(_mm256_unpacklo_epi64(v2, v2), vm));
	o[1] = div18(_mm256_add_epi16(v2,
			_mm256_shuffle_epi32(v, _MM_SHUFFLE(1, 0, 3, 2))));
	o[2] = div18(_mm256_add_epi16(_mm256_unpackhi_epi64(v2, v2), vp));
}

/* k = 4: weights 3, 5; 1, 7; 7, 1; 5, 3, as 8 V plus multiples of the
 * differences to the neighbours (wrapping 16-bit arithmetic, exact since
 * every result is in range). */
static inline void quad4(__m256i vm, __m256i v, __m256i vp, uint32_t *d) {
	__m256i dm = _mm256_sub_epi16(vm, v), dp = _mm256_sub_epi16(vp, v);
	__m256i v8 = _mm256_slli_epi16(v, 3);
	__m256i o1 = _mm256_add_epi16(v8, dm);
	__m256i o0 = _mm256_add_epi16(o1, _mm256_add_epi16(dm, dm));
	__m256i o2 = _mm256_add_epi16(v8, dp);
	__m256i o3 = _mm256_add_epi16(o2, _mm256_add_epi16(dp, dp));
	__m256i p01 = _mm256_packus_epi16(_mm256_srli_epi16(o0, 6),
			_mm256_srli_epi16(o1, 6));
	__m256i p23 = _mm256_packus_epi16(_mm256_srli_epi16(o2, 6),
			_mm256_srli_epi16(o3, 6));
	// a0 b0 a1 b1 | a2 b2 a3 b3 and c0 d0 c1 d1 | c2 d2 c3 d3
	p01 = _mm256_shuffle_epi32(p01, _MM_SHUFFLE(3, 1, 2, 0));
	p23 = _mm256_shuffle_epi32(p23, _MM_SHUFFLE(3, 1, 2, 0));
	__m256i lo = _mm256_unpacklo_epi64(p01, p23); // pixel 0 | pixel 2
	__m256i hi = _mm256_unpackhi_epi64(p01, p23); // pixel 1 | pixel 3
	store(d, _mm256_permute2x128_si256(lo, hi, 0x20));
	store(d + 8, _mm256_permute2x128_si256(lo, hi, 0x31));
}

static void horizontal2(const uint16_t *v, int groups, uint32_t *d) {
	for (int g = 0; g < groups;
			g++, v += 4 * BILINEAR_GROUP, d += 2 * BILINEAR_GROUP) {
		_mm_prefetch(gridwl_prefetch_address(d), _MM_HINT_T0);
		quad2(load(v), load(v + 4), load(v + 8), d);
		quad2(load(v + 16), load(v + 20), load(v + 24), d + 8);
	}
}

static void horizontal3(const uint16_t *v, int groups, uint32_t *d) {
	for (int g = 0; g < groups;
			g++, v += 4 * BILINEAR_GROUP, d += 3 * BILINEAR_GROUP) {
		_mm_prefetch(gridwl_prefetch_address(d), _MM_HINT_T0);
		// Source pixel j's sum is at v + 4 (j + 1).
		__m256i o[6];
		six3(load_lanes(v, v + 16), load_lanes(v + 4, v + 20),
				load_lanes(v + 8, v + 24), o); // 0..5 | 12..17
		six3(load_lanes(v + 8, v + 24), load_lanes(v + 12, v + 28),
				load_lanes(v + 16, v + 32), o + 3); // 6..11 | 18..23
		__m256i p0 = _mm256_packus_epi16(o[0], o[1]); // 0..3 | 12..15
		__m256i p1 = _mm256_packus_epi16(o[2], o[3]); // 4..7 | 16..19
		__m256i p2 = _mm256_packus_epi16(o[4], o[5]); // 8..11 | 20..23
		store(d, _mm256_permute2x128_si256(p0, p1, 0x20));
		store(d + 8, _mm256_permute2x128_si256(p2, p0, 0x30));
		store(d + 16, _mm256_permute2x128_si256(p1, p2, 0x31));
	}
}

static void horizontal4(const uint16_t *v, int groups, uint32_t *d) {
	for (int g = 0; g < groups;
			g++, v += 4 * BILINEAR_GROUP, d += 4 * BILINEAR_GROUP) {
		_mm_prefetch(gridwl_prefetch_address(d), _MM_HINT_T0);
		_mm_prefetch(gridwl_prefetch_address(d + 16), _MM_HINT_T0);
		quad4(load(v), load(v + 4), load(v + 8), d);
		quad4(load(v + 16), load(v + 20), load(v + 24), d + 16);
	}
}

static void avx2_magnify_bilinear(const struct gridwl_pixels *src, int k,
		const struct gridwl_rect *rect, uint32_t *dst, int dst_stride) {
	if (rect->width <= 0 || rect->height <= 0) {
		return;
	}
	switch (k) {
	case 2:
		gridwl_bilinear_drive(src, 2, rect, dst, dst_stride, BILINEAR_GROUP,
				vertical, horizontal2);
		break;
	case 3:
		gridwl_bilinear_drive(src, 3, rect, dst, dst_stride, BILINEAR_GROUP,
				vertical, horizontal3);
		break;
	case 4:
		gridwl_bilinear_drive(src, 4, rect, dst, dst_stride, BILINEAR_GROUP,
				vertical, horizontal4);
		break;
	default:
		gridwl_reference_magnify_bilinear(src, k, rect, dst, dst_stride);
		break;
	}
}

/*
 * Box reduction of eight destination pixels at a time.
 *
 * k = 2 and 4: pshufb gathers the same channel of neighbouring source
 * pixels side by side, pmaddubsw by ones adds pairs of them into 16 bits,
 * and the rows are added (k = 4 adds the remaining pairs with phaddw).
 */
static inline __m256i pair_sums(const uint32_t *p, __m256i shuffle) {
	return _mm256_maddubs_epi16(_mm256_shuffle_epi8(load(p), shuffle),
			_mm256_set1_epi8(1));
}

static void box8_2(const uint32_t *s, int stride, uint32_t *d) {
	// Per lane, pixels p0..p3: channel c of p0, p1, then of p2, p3.
	__m256i shuffle = _mm256_setr_epi8(0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10,
			14, 11, 15, 0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15);
	__m256i bias = _mm256_set1_epi16(2);
	const uint32_t *s1 = s + stride;
	__m256i x = _mm256_add_epi16(pair_sums(s, shuffle),
			pair_sums(s1, shuffle)); // d0 d1 | d2 d3
	__m256i y = _mm256_add_epi16(pair_sums(s + 8, shuffle),
			pair_sums(s1 + 8, shuffle)); // d4 d5 | d6 d7
	x = _mm256_srli_epi16(_mm256_add_epi16(x, bias), 2);
	y = _mm256_srli_epi16(_mm256_add_epi16(y, bias), 2);
	// d0 d1 d4 d5 | d2 d3 d6 d7
	__m256i p = _mm256_packus_epi16(x, y);
	store(d, _mm256_permute4x64_epi64(p, 0xd8));
}

static void box8_4(const uint32_t *s, int stride, uint32_t *d) {
	// Per lane, pixels p0..p3: channel c of p0, p1, p2, p3.
	__m256i shuffle = _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14,
			3, 7, 11, 15, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
	__m256i t[4];
	for (int j = 0; j < 4; j++) {
		t[j] = pair_sums(s + 8 * j, shuffle);
	}
	for (int r = 1; r < 4; r++) {
		const uint32_t *row = s + (ptrdiff_t)r * stride;
		for (int j = 0; j < 4; j++) {
			t[j] = _mm256_add_epi16(t[j], pair_sums(row + 8 * j, shuffle));
		}
	}
	__m256i bias = _mm256_set1_epi16(8);
	// t[j] holds half sums of d(2j) | d(2j + 1): after phaddw,
	// d0 d2 | d1 d3 and d4 d6 | d5 d7.
	__m256i x = _mm256_srli_epi16(
			_mm256_add_epi16(_mm256_hadd_epi16(t[0], t[1]), bias), 4);
	__m256i y = _mm256_srli_epi16(
			_mm256_add_epi16(_mm256_hadd_epi16(t[2], t[3]), bias), 4);
	// d0 d2 d4 d6 | d1 d3 d5 d7
	__m256i p = _mm256_packus_epi16(x, y);
	store(d,
			_mm256_permutevar8x32_epi32(p,
					_mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7)));
}

/*
 * k = 3: each lane takes one half of the 24 source pixels of four
 * destination pixels, loaded as 16-bit pairs 01 | 67, 23 | 89 and
 * 45 | 10 11; each destination pixel then adds three 64-bit halves, as
 * in sse2.c.
 */
static inline __m256i load2(const uint32_t *lo, const uint32_t *hi) {
	return _mm256_inserti128_si256(_mm256_castsi128_si256(load128(lo)),
			load128(hi), 1);
}

static inline __m256i box4_3(const uint32_t *s, int stride) {
	__m256i zero = _mm256_setzero_si256();
	__m256i t0 = zero, t1 = zero, t2 = zero;
	for (int r = 0; r < 3; r++) {
		const uint32_t *row = s + (ptrdiff_t)r * stride;
		__m256i p = load2(row, row + 6); // 0123 | 6789
		__m256i q = load2(row + 2, row + 8); // 2345 | 89 10 11
		t0 = _mm256_add_epi16(t0, _mm256_unpacklo_epi8(p, zero));
		t1 = _mm256_add_epi16(t1, _mm256_unpackhi_epi8(p, zero));
		t2 = _mm256_add_epi16(t2, _mm256_unpackhi_epi8(q, zero));
	}
	// Per lane: pixel 0 = p0 + p1 + p2 and pixel 1 = p3 + p4 + p5, from
	// t0 = p0 p1, t1 = p2 p3, t2 = p4 p5.
	__m256i sum =
			_mm256_add_epi16(_mm256_add_epi16(_mm256_blend_epi32(t0, t1, 0xcc),
									 _mm256_alignr_epi8(t2, t0, 8)),
					_mm256_blend_epi32(t1, t2, 0xcc));
	return _mm256_mulhi_epu16(_mm256_add_epi16(sum, _mm256_set1_epi16(4)),
			_mm256_set1_epi16(GRIDWL_DIV9_MUL));
}

static void box8_3(const uint32_t *s, int stride, uint32_t *d) {
	// d0 d1 d4 d5 | d2 d3 d6 d7
	__m256i p = _mm256_packus_epi16(box4_3(s, stride), box4_3(s + 12, stride));
	store(d, _mm256_permute4x64_epi64(p, 0xd8));
}

static void avx2_reduce_box(const struct gridwl_pixels *src, int k,
		const struct gridwl_rect *rect, uint32_t *dst, int dst_stride) {
	if (rect->width <= 0 || rect->height <= 0) {
		return;
	}
	switch (k) {
	case 2:
		gridwl_box_drive(src, 2, rect, dst, dst_stride, 8, box8_2);
		break;
	case 3:
		gridwl_box_drive(src, 3, rect, dst, dst_stride, 8, box8_3);
		break;
	case 4:
		gridwl_box_drive(src, 4, rect, dst, dst_stride, 8, box8_4);
		break;
	default:
		gridwl_reference_reduce_box(src, k, rect, dst, dst_stride);
		break;
	}
}

const struct gridwl_kernels gridwl_kernels_avx2 = {
	.isa = GRIDWL_ISA_AVX2,
	.name = "avx2",
	.magnify_nearest = avx2_magnify_nearest,
	.magnify_bilinear = avx2_magnify_bilinear,
	.reduce_box = avx2_reduce_box,
};
