// gridwl's resampling models on the GPU (render/gles2_models.c), computed as
// render/kernels/rational.c computes them: per axis a device pixel spans
// r / m source pixels and reads
// - nearest (magnified): the source pixel under its centre;
// - bilinear (magnified): its two neighbours of (d + 0.5) r / m - 0.5,
//   weights in 1 / 2m, clamped at the edges;
// - area (reduced or kept): every source pixel it covers, weighted by the
//   overlap in 1 / m, over the part inside the source;
// the two axes' weights multiplied and the sum rounded once, halves up.
// With box above 1 it is the integer two-pass model instead (a scale-2
// buffer on a scale-3 output): magnified m:1, each pixel rounded, then the
// rounded mean of box x box of them.
//
// Texels are read at their centres with GL_NEAREST and turned back into
// the whole numbers 0..255 they were, so every sum below is a whole number
// that highp floats hold exactly (below 2^24), and the result is the
// kernels' own bits. The C side prepends the sampler's type (SAMPLER) and,
// for GL_TEXTURE_EXTERNAL_OES, the extension.
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float; // never drawn with: the C side checks for highp
#endif

uniform SAMPLER tex;
uniform vec2 origin; // the box's top-left, device pixels
uniform vec2 size; // the source, texels
uniform vec2 m, r; // per axis: a device pixel spans r / m source pixels
uniform vec2 mode; // per axis: 0 nearest, 1 bilinear, 2 area
uniform float box; // above 1: the two-pass model's reduction
uniform float alpha; // the surface's alpha multiplier
uniform float opaque; // 1: the texture's alpha channel is not the buffer's

const int MAX_TAPS = 8; // GRIDWL_RATIONAL_MAX_TAPS
const int MAX_BOX = 4; // the integer passes' largest factor

// floor(a / b) for whole numbers 0 <= a < 2^24 and b > 0, exactly: GLSL
// does not promise a correctly rounded division.
float idiv(float a, float b) {
	float q = floor(a / b);
	if (q * b > a) {
		q -= 1.0;
	} else if ((q + 1.0) * b <= a) {
		q += 1.0;
	}
	return q;
}

// (s + t / 2) / t rounded down, per channel: the kernels' rounding.
vec4 rounded(vec4 s, float t) {
	vec4 a = s + floor(t / 2.0);
	vec4 q = floor(a / t);
	q -= vec4(greaterThan(q * t, a));
	q += vec4(lessThanEqual((q + 1.0) * t, a));
	return q;
}

// The source pixel and weight of tap t of device pixel d along an axis of
// ratio m_ : r_; weight 0 after the last tap. The taps repeat every m_
// device pixels, r_ source pixels further on: d is split so that every
// product stays small enough to be exact.
vec2 tap(float d, float t, float mode_, float m_, float r_, float size_) {
	float p = idiv(d, m_);
	float e = d - p * m_;
	float base = p * r_;
	if (mode_ < 0.5) {
		return t < 0.5 ? vec2(base + idiv((2.0 * e + 1.0) * r_, 2.0 * m_), 1.0)
					   : vec2(0.0);
	}
	if (mode_ < 1.5) {
		// (2e + 1) r - m over 2m from the first pixel's centre; it is
		// above -m, so a negative one is pixel -1.
		float v = (2.0 * e + 1.0) * r_ - m_;
		float i = v < 0.0 ? -1.0 : idiv(v, 2.0 * m_);
		float f = v - 2.0 * m_ * i;
		return t < 0.5 ? vec2(base + i, 2.0 * m_ - f) :
				t < 1.5 ? vec2(base + i + 1.0, f) :
						  vec2(0.0);
	}
	// In 1 / m source pixels: the span [e r, e r + r), pixel i [i m, i m + m).
	float start = e * r_;
	float end = min(start + r_, (size_ - base) * m_);
	float i = idiv(start, m_) + t;
	float lo = max(i * m_, start);
	float hi = min(i * m_ + m_, end);
	return vec2(base + i, max(hi - lo, 0.0));
}

// The sum of an axis' weights for device pixel d.
float weights(float d, float mode_, float m_, float r_, float size_) {
	if (mode_ < 0.5) {
		return 1.0;
	}
	if (mode_ < 1.5) {
		return 2.0 * m_;
	}
	float e = d - idiv(d, m_) * m_;
	float base = idiv(d, m_) * r_;
	return min(e * r_ + r_, (size_ - base) * m_) - e * r_;
}

// A texel as the whole numbers it was, clamped to the source's edges.
vec4 texel(float x, float y) {
	vec2 at = (clamp(vec2(x, y), vec2(0.0), size - 1.0) + 0.5) / size;
	vec4 c = floor(texture2D(tex, at) * 255.0 + 0.5);
	if (opaque > 0.5) {
		c.a = 255.0;
	}
	return c;
}

// Device pixel d (of the magnified image, in the two-pass model) as the
// rounded weighted sum of its taps.
vec4 resample(vec2 d) {
	vec4 sum = vec4(0.0);
	for (int j = 0; j < MAX_TAPS; j++) {
		vec2 ty = tap(d.y, float(j), mode.y, m.y, r.y, size.y);
		// Nearest has one tap, bilinear two (the second may weigh 0
		// and so may everything after it), area as many as it covers.
		if (ty.y <= 0.0) {
			break;
		}
		for (int i = 0; i < MAX_TAPS; i++) {
			vec2 tx = tap(d.x, float(i), mode.x, m.x, r.x, size.x);
			if (tx.y <= 0.0) {
				break;
			}
			sum += ty.y * tx.y * texel(tx.x, ty.x);
		}
	}
	float total = weights(d.x, mode.x, m.x, r.x, size.x) *
			weights(d.y, mode.y, m.y, r.y, size.y);
	return total > 0.0 ? rounded(sum, total) : vec4(0.0);
}

void main() {
	vec2 d = floor(gl_FragCoord.xy) - origin;
	vec4 pixel;
	if (box > 1.5) {
		// The mean of the magnified pixels of the block that lie
		// inside the magnified buffer (all of them but at a ragged
		// buffer's last row and column).
		vec4 sum = vec4(0.0);
		float count = 0.0;
		for (int j = 0; j < MAX_BOX; j++) {
			float y = d.y * box + float(j);
			if (float(j) >= box || y >= size.y * m.y) {
				break;
			}
			for (int i = 0; i < MAX_BOX; i++) {
				float x = d.x * box + float(i);
				if (float(i) >= box || x >= size.x * m.x) {
					break;
				}
				sum += resample(vec2(x, y));
				count += 1.0;
			}
		}
		pixel = count > 0.0 ? rounded(sum, count) : vec4(0.0);
	} else {
		pixel = resample(d);
	}
	gl_FragColor = pixel / 255.0 * alpha;
}
