#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wlr/util/box.h>
#include "check.h"
#include "gl-util.h"
#include "render/gles2_models.h"
#include "render/kernels/kernels.h"
#include "render/kernels/rational.h"
#include "resample_expect.h"

/*
 * gridwl's resampling programs (render/gles2_models.c) run by Mesa's
 * llvmpipe in a surfaceless EGL context, no GPU and no compositor: random
 * premultiplied buffers drawn into a transparent framebuffer and read back
 * must be what the CPU kernels compute from them, bit for bit
 * (render/kernels: the rational kernel, or the reference's two passes),
 * and tests/lib/resample_expect.c's images, the definitions written again
 * independently: exactly, or within 1 per channel where bilinear weights
 * are summed in doubles there.
 */

struct gl {
	EGLDisplay display;
	EGLContext context;
	GLuint target, fbo;
	int width, height;
};

/* A GLES2 context on Mesa's surfaceless platform; false (with why) when
 * there is none. */
static bool gl_init(struct gl *gl, const char **why) {
	const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
	PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
			(PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress(
					"eglGetPlatformDisplayEXT");
	if (!gl_has_extension(client, "EGL_MESA_platform_surfaceless") ||
			get_display == NULL) {
		*why = "no EGL_MESA_platform_surfaceless";
		return false;
	}
	gl->display = get_display(EGL_PLATFORM_SURFACELESS_MESA,
			EGL_DEFAULT_DISPLAY, NULL);
	if (gl->display == EGL_NO_DISPLAY ||
			!eglInitialize(gl->display, NULL, NULL) ||
			!eglBindAPI(EGL_OPENGL_ES_API)) {
		*why = "no surfaceless EGL display";
		return false;
	}
	const EGLint attribs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
	gl->context = eglCreateContext(gl->display, EGL_NO_CONFIG_KHR,
			EGL_NO_CONTEXT, attribs);
	if (gl->context == EGL_NO_CONTEXT ||
			!eglMakeCurrent(gl->display, EGL_NO_SURFACE, EGL_NO_SURFACE,
					gl->context)) {
		*why = "no GLES2 context";
		return false;
	}
	return true;
}

static void gl_finish(struct gl *gl) {
	egl_release(gl->display, gl->context);
}

/* A transparent width x height framebuffer, bound, with its viewport, as a
 * wlroots render pass leaves them. */
static bool target_begin(struct gl *gl, int width, int height) {
	gl->width = width;
	gl->height = height;
	glGenTextures(1, &gl->target);
	glBindTexture(GL_TEXTURE_2D, gl->target);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, width, height, 0, GL_RGBA,
			GL_UNSIGNED_BYTE, NULL);
	glBindTexture(GL_TEXTURE_2D, 0);
	glGenFramebuffers(1, &gl->fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, gl->fbo);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
			gl->target, 0);
	if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
		return false;
	}
	glViewport(0, 0, width, height);
	glClearColor(0, 0, 0, 0);
	glClear(GL_COLOR_BUFFER_BIT);
	return true;
}

/* The framebuffer as 0xAARRGGBB, row 0 first (GL's y = 0, as wlroots'
 * buffers have it), then released. */
static struct image *target_end(struct gl *gl) {
	struct image *image = image_create(gl->width, gl->height);
	uint8_t *bytes = malloc((size_t)gl->width * (size_t)gl->height * 4);
	if (image != NULL && bytes != NULL) {
		glReadPixels(0, 0, gl->width, gl->height, GL_RGBA, GL_UNSIGNED_BYTE,
				bytes);
		for (int i = 0; i < gl->width * gl->height; i++) {
			const uint8_t *p = bytes + (size_t)i * 4;
			image->pixels[i] = (uint32_t)p[3] << 24 | (uint32_t)p[0] << 16 |
					(uint32_t)p[1] << 8 | p[2];
		}
	}
	free(bytes);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &gl->fbo);
	glDeleteTextures(1, &gl->target);
	return image;
}

/* Random premultiplied pixels (every channel at most alpha), some opaque. */
static struct image *random_buffer(int width, int height, uint32_t *seed) {
	struct image *image = image_create(width, height);
	for (int i = 0; image != NULL && i < width * height; i++) {
		*seed = *seed * 1103515245u + 12345u;
		uint32_t bits = *seed >> 1;
		uint32_t a = (bits & 1) ? 255 : (bits >> 1) & 0xff;
		uint32_t pixel = a << 24;
		for (int c = 0; c < 3; c++) {
			*seed = *seed * 1103515245u + 12345u;
			pixel |= ((*seed >> 8) % (a + 1)) << (8 * c);
		}
		image->pixels[i] = pixel;
	}
	return image;
}

/* The buffer as an RGBA texture. */
static GLuint upload(const struct image *buffer) {
	size_t n = (size_t)buffer->width * (size_t)buffer->height;
	uint8_t *bytes = malloc(n * 4);
	if (bytes == NULL) {
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		uint32_t p = buffer->pixels[i];
		bytes[i * 4] = (uint8_t)(p >> 16);
		bytes[i * 4 + 1] = (uint8_t)(p >> 8);
		bytes[i * 4 + 2] = (uint8_t)p;
		bytes[i * 4 + 3] = (uint8_t)(p >> 24);
	}
	GLuint texture;
	glGenTextures(1, &texture);
	glBindTexture(GL_TEXTURE_2D, texture);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, buffer->width, buffer->height, 0,
			GL_RGBA, GL_UNSIGNED_BYTE, bytes);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
	glBindTexture(GL_TEXTURE_2D, 0);
	free(bytes);
	return texture;
}

/* One case: a buffer at scale b on a target of scale120, as
 * render/resample_cache.c's gridwl_resample_model_for describes it. */
struct model_case {
	const char *name;
	int buffer_width, buffer_height;
	struct gridwl_resample_model model;
	// The expectation: resample_expect at integer scales b on o, else
	// resample_expect_ratio at the model's ratio.
	int b, o;
	enum resample_filter filter;
};

static const struct model_case cases[] = {
	{ "scale 1 on 2, nearest", 37, 21, { 74, 42, { 2, 1 }, { 2, 1 }, false, 1 },
			1, 2, RESAMPLE_NEAREST },
	{ "scale 1 on 2, bilinear", 37, 21, { 74, 42, { 2, 1 }, { 2, 1 }, true, 1 },
			1, 2, RESAMPLE_BILINEAR },
	{ "scale 1 on 3, bilinear", 13, 9, { 39, 27, { 3, 1 }, { 3, 1 }, true, 1 },
			1, 3, RESAMPLE_BILINEAR },
	{ "scale 2 on 1, box", 38, 22, { 19, 11, { 1, 2 }, { 1, 2 }, false, 1 }, 2,
			1, RESAMPLE_NEAREST },
	{ "scale 4 on 1, box", 40, 24, { 10, 6, { 1, 4 }, { 1, 4 }, true, 1 }, 4, 1,
			RESAMPLE_BILINEAR },
	{ "scale 3 on 2, area", 39, 21, { 26, 14, { 2, 3 }, { 2, 3 }, true, 1 }, 3,
			2, RESAMPLE_BILINEAR },
	{ "scale 2 on 3, two passes, nearest", 38, 22,
			{ 57, 33, { 3, 1 }, { 3, 1 }, false, 2 }, 2, 3, RESAMPLE_NEAREST },
	{ "scale 2 on 3, two passes, bilinear", 38, 22,
			{ 57, 33, { 3, 1 }, { 3, 1 }, true, 2 }, 2, 3, RESAMPLE_BILINEAR },
	{ "scale 1 on 1.5, nearest 3:2", 40, 22,
			{ 60, 33, { 3, 2 }, { 3, 2 }, false, 1 }, 0, 0, RESAMPLE_NEAREST },
	{ "scale 1 on 1.5, bilinear 3:2", 40, 22,
			{ 60, 33, { 3, 2 }, { 3, 2 }, true, 1 }, 0, 0, RESAMPLE_BILINEAR },
	{ "scale 2 on 1.5, area 3:4", 40, 24,
			{ 30, 18, { 3, 4 }, { 3, 4 }, true, 1 }, 0, 0, RESAMPLE_NEAREST },
	{ "scale 1 on 1.25, bilinear 5:4", 36, 20,
			{ 45, 25, { 5, 4 }, { 5, 4 }, true, 1 }, 0, 0, RESAMPLE_BILINEAR },
	{ "scale 2 on 1.75, area 7:8", 48, 32,
			{ 42, 28, { 7, 8 }, { 7, 8 }, false, 1 }, 0, 0, RESAMPLE_NEAREST },
	{ "scale 1 on 2.25 (8 taps' ratio reduced), bilinear 9:4", 12, 8,
			{ 27, 18, { 9, 4 }, { 9, 4 }, true, 1 }, 0, 0, RESAMPLE_BILINEAR },
	{ "viewport 50x20 of 20x40: bilinear 5:2 and area 1:2", 20, 40,
			{ 50, 20, { 5, 2 }, { 1, 2 }, true, 1 }, 0, 0, RESAMPLE_BILINEAR },
};
#define N_CASES (sizeof(cases) / sizeof(cases[0]))

/* The expected image of a case; the viewport one has an axis magnified and
 * one reduced, which resample_expect_ratio leaves out: built from its two
 * separable passes of the same definitions. */
static struct image *expect_case(const struct model_case *c,
		const struct image *buffer) {
	if (c->b > 0) {
		return resample_expect(buffer, c->b, c->o, c->filter);
	}
	const struct gridwl_resample_model *m = &c->model;
	if ((m->x.m > m->x.r) == (m->y.m > m->y.r)) {
		struct resample_ratio ratio = { m->x.m, m->x.r, m->y.m, m->y.r };
		return resample_expect_ratio(buffer, m->width, m->height, &ratio,
				c->filter);
	}
	// Magnified horizontally 5:2 and reduced vertically 1:2 by the area
	// average: the weights are separable, rounded once: the vertical
	// mean of two rows of horizontally interpolated values, in doubles.
	struct image *out = image_create(m->width, m->height);
	for (int y = 0; out != NULL && y < m->height; y++) {
		for (int x = 0; x < m->width; x++) {
			double px = (x + 0.5) * m->x.r / m->x.m - 0.5;
			int ix = px < 0 ? -1 : (int)px;
			double fx = px - ix;
			int x0 = ix < 0 ? 0 : ix;
			int x1 = ix + 1 >= buffer->width ? buffer->width - 1 : ix + 1;
			uint32_t pixel = 0;
			for (int s = 0; s < 32; s += 8) {
				double v = 0;
				for (int j = 0; j < 2; j++) {
					int sy = y * 2 + j;
					v += ((1 - fx) * ((image_get(buffer, x0, sy) >> s) & 0xff) +
								 fx *
										 ((image_get(buffer, x1, sy) >> s) &
												 0xff)) /
							2;
				}
				pixel |= (uint32_t)(v + 0.5) << s;
			}
			image_set(out, x, y, pixel);
		}
	}
	return out;
}

/* What the CPU kernels make of the buffer for the case's model. */
static struct image *kernels_case(const struct model_case *c,
		const struct image *buffer) {
	const struct gridwl_resample_model *m = &c->model;
	struct image *out = image_create(m->width, m->height);
	if (out == NULL) {
		return NULL;
	}
	struct gridwl_pixels src = { buffer->pixels, buffer->width, buffer->height,
		buffer->width };
	if (m->box <= 1) {
		struct gridwl_rect rect = { 0, 0, m->width, m->height };
		gridwl_resample_rational(&src, m->x, m->y, m->bilinear, &rect,
				out->pixels, out->width);
		return out;
	}
	int k = m->x.m;
	struct image *big = image_create(buffer->width * k, buffer->height * k);
	if (big == NULL) {
		image_destroy(out);
		return NULL;
	}
	struct gridwl_rect whole = { 0, 0, big->width, big->height };
	(m->bilinear ? gridwl_reference_magnify_bilinear :
				   gridwl_reference_magnify_nearest)(&src, k, &whole,
			big->pixels, big->width);
	struct gridwl_pixels mid = { big->pixels, big->width, big->height,
		big->width };
	struct gridwl_rect rect = { 0, 0, m->width, m->height };
	gridwl_reference_reduce_box(&mid, m->box, &rect, out->pixels, out->width);
	image_destroy(big);
	return out;
}

/* The GL state a wlroots pass relies on, before and after a draw. */
struct gl_state {
	GLint program, texture, active;
	GLboolean blend;
	GLint src, dst;
};

static void read_state(struct gl_state *s) {
	glGetIntegerv(GL_CURRENT_PROGRAM, &s->program);
	glGetIntegerv(GL_TEXTURE_BINDING_2D, &s->texture);
	glGetIntegerv(GL_ACTIVE_TEXTURE, &s->active);
	s->blend = glIsEnabled(GL_BLEND);
	glGetIntegerv(GL_BLEND_SRC_RGB, &s->src);
	glGetIntegerv(GL_BLEND_DST_RGB, &s->dst);
}

struct run {
	struct gl *gl;
	struct gridwl_gles2_models *models;
};

/* Draws a case's buffer at (x, y) of a framebuffer with room around it,
 * where clip says, and compares it with the expectation there and
 * transparency elsewhere. */
static bool draw_and_compare(const struct run *run, const struct model_case *c,
		const struct gridwl_gles2_source *source, const struct image *expect,
		int tolerance, const pixman_region32_t *clip, const char *name) {
	const struct gridwl_resample_model *m = &c->model;
	int x = 3, y = 5;
	REQUIRE(target_begin(run->gl, m->width + 7, m->height + 9),
			"no framebuffer");
	struct gl_state before, after;
	read_state(&before);
	struct wlr_box box = { x, y, m->width, m->height };
	pixman_region32_t region;
	if (clip != NULL) {
		pixman_region32_init(&region);
		pixman_region32_copy(&region, clip);
	} else {
		pixman_region32_init_rect(&region, 0, 0, (unsigned)run->gl->width,
				(unsigned)run->gl->height);
	}
	bool drawn = gridwl_gles2_models_draw_source(run->models, source, m, &box,
			&region, 1.0f);
	read_state(&after);
	struct image *actual = target_end(run->gl);
	REQUIRE(drawn, "%s: not drawn", name);
	REQUIRE(actual != NULL && expect != NULL, "out of memory");
	struct expected *want = expected_create(actual->width, actual->height, 0);
	REQUIRE(want != NULL, "out of memory");
	if (clip == NULL) {
		expected_paste(want, expect, x, y, tolerance);
	} else {
		int count;
		const pixman_box32_t *rects =
				pixman_region32_rectangles(&region, &count);
		for (int i = 0; i < count; i++) {
			for (int py = rects[i].y1; py < rects[i].y2; py++) {
				for (int px = rects[i].x1; px < rects[i].x2; px++) {
					if (px >= x && py >= y && px < x + m->width &&
							py < y + m->height) {
						image_set(want->image, px, py,
								image_get(expect, px - x, py - y));
					}
				}
			}
		}
	}
	bool ok = CHECK_EXPECTED(actual, want, name);
	ok = CHECK(before.program == after.program &&
						 before.texture == after.texture &&
						 before.active == after.active &&
						 before.blend == after.blend &&
						 before.src == after.src && before.dst == after.dst,
				 "%s: GL state changed: program %d -> %d, texture %d -> %d, "
				 "blend %d -> %d",
				 name, before.program, after.program, before.texture,
				 after.texture, before.blend, after.blend) &&
			ok;
	expected_destroy(want);
	image_destroy(actual);
	pixman_region32_fini(&region);
	return ok;
}

/* How a case's buffer reaches the programs. */
struct variant {
	// The texture's alpha channel holds zeros and the source says it has
	// none (XRGB8888): the buffer must come out opaque.
	bool opaque;
	// The texture's image bound to GL_TEXTURE_EXTERNAL_OES through an
	// EGLImage, as imported dmabufs may be.
	bool external;
	const pixman_region32_t *clip; // NULL: everything
};

/* An external texture of texture's image; 0 without one. */
static GLuint external_texture(const struct gl *gl, GLuint texture,
		EGLImageKHR *image) {
	PFNEGLCREATEIMAGEKHRPROC create_image =
			(PFNEGLCREATEIMAGEKHRPROC)eglGetProcAddress("eglCreateImageKHR");
	PFNGLEGLIMAGETARGETTEXTURE2DOESPROC image_target =
			(PFNGLEGLIMAGETARGETTEXTURE2DOESPROC)eglGetProcAddress(
					"glEGLImageTargetTexture2DOES");
	if (create_image == NULL || image_target == NULL) {
		return 0;
	}
	*image = create_image(gl->display, gl->context, EGL_GL_TEXTURE_2D_KHR,
			(EGLClientBuffer)(uintptr_t)texture, NULL);
	if (*image == EGL_NO_IMAGE_KHR) {
		return 0;
	}
	GLuint external;
	glGenTextures(1, &external);
	glBindTexture(GL_TEXTURE_EXTERNAL_OES, external);
	image_target(GL_TEXTURE_EXTERNAL_OES, *image);
	glBindTexture(GL_TEXTURE_EXTERNAL_OES, 0);
	return glGetError() == GL_NO_ERROR ? external : 0;
}

/* Case c with a random buffer from seed, drawn as variant says, against
 * the kernels (exactly) and the definition (within 1 for bilinear). */
static bool check_case(const struct run *run, size_t index, uint32_t seed,
		const struct variant *variant, const char *label) {
	const struct model_case *c = &cases[index];
	struct image *buffer =
			random_buffer(c->buffer_width, c->buffer_height, &seed);
	REQUIRE(buffer != NULL, "out of memory");
	if (variant->opaque) {
		// What XRGB8888 means: the colour channels as they are, alpha 1;
		// the texture's alpha channel holds anything (here 0).
		for (int i = 0; i < buffer->width * buffer->height; i++) {
			buffer->pixels[i] |= 0xff000000u;
		}
	}
	struct image *expect = expect_case(c, buffer);
	struct image *kernels = kernels_case(c, buffer);
	if (variant->opaque) {
		for (int i = 0; i < buffer->width * buffer->height; i++) {
			buffer->pixels[i] &= 0x00ffffffu;
		}
	}
	struct gridwl_gles2_source source = { GL_TEXTURE_2D, upload(buffer),
		!variant->opaque, buffer->width, buffer->height };
	GLuint texture = source.texture;
	EGLImageKHR image = EGL_NO_IMAGE_KHR;
	bool ok = true;
	if (variant->external) {
		source.target = GL_TEXTURE_EXTERNAL_OES;
		source.texture = external_texture(run->gl, texture, &image);
		ok = CHECK(source.texture != 0, "no external texture");
	}
	int tolerance = c->filter == RESAMPLE_BILINEAR &&
					(c->model.x.m > c->model.x.r ||
							c->model.y.m > c->model.y.r) ?
			1 :
			0;
	char name[128];
	snprintf(name, sizeof(name), "gles2-%s-%zu-kernels", label, index);
	ok = ok &&
			draw_and_compare(run, c, &source, kernels, 0, variant->clip, name);
	snprintf(name, sizeof(name), "gles2-%s-%zu-definition", label, index);
	ok = ok &&
			draw_and_compare(run, c, &source, expect, tolerance, variant->clip,
					name);
	if (!ok) {
		fprintf(stderr, "# %s: case %zu failed: %s\n", label, index, c->name);
	}
	if (variant->external) {
		glDeleteTextures(1, &source.texture);
		PFNEGLDESTROYIMAGEKHRPROC destroy_image =
				(PFNEGLDESTROYIMAGEKHRPROC)eglGetProcAddress(
						"eglDestroyImageKHR");
		if (image != EGL_NO_IMAGE_KHR && destroy_image != NULL) {
			destroy_image(run->gl->display, image);
		}
	}
	glDeleteTextures(1, &texture);
	image_destroy(kernels);
	image_destroy(expect);
	image_destroy(buffer);
	return ok;
}

static bool test_cases(const void *data) {
	const struct variant plain = { 0 };
	bool ok = true;
	for (size_t i = 0; i < N_CASES; i++) {
		ok = check_case(data, i, 7 + (uint32_t)i, &plain, "models") && ok;
	}
	return ok;
}

/* Only the damage is drawn: a clip of two rectangles, one reaching past
 * the box. */
static bool test_clip(const void *data) {
	pixman_region32_t clip;
	pixman_region32_init_rect(&clip, 0, 0, 20, 12);
	pixman_region32_union_rect(&clip, &clip, 40, 30, 100, 7);
	const struct variant variant = { .clip = &clip };
	bool ok = check_case(data, 1, 11, &variant, "clip");
	pixman_region32_fini(&clip);
	return ok;
}

/* A texture without alpha (XRGB8888) is opaque whatever its alpha channel
 * holds. */
static bool test_opaque(const void *data) {
	const struct variant variant = { .opaque = true };
	return check_case(data, 10, 13, &variant, "opaque");
}

/* The samplerExternalOES program, as imported dmabufs may need. */
static bool test_external(const void *data) {
	const struct variant variant = { .external = true };
	return check_case(data, 10, 17, &variant, "external") &&
			check_case(data, 7, 19, &variant, "external");
}

int main(void) {
	struct check_suite suite = { 0 };
	struct gl gl = { .display = EGL_NO_DISPLAY, .context = EGL_NO_CONTEXT };
	const char *why = NULL;
	if (!gl_init(&gl, &why)) {
		// Mesa (llvmpipe) is in the build's package list; without it
		// there is no GL to run the programs on.
		check_skip(&suite, "GLES2 models", why);
		gl_finish(&gl);
		return check_finish(&suite);
	}
	fprintf(stderr, "# GL_RENDERER %s\n",
			(const char *)glGetString(GL_RENDERER));
	struct run run = { &gl, gridwl_gles2_models_create(NULL) };
	check_run(&suite,
			"every model: the kernels bit for bit, and the definition",
			test_cases, &run);
	check_run(&suite, "only the clip is drawn", test_clip, &run);
	check_run(&suite, "a texture without alpha is opaque", test_opaque, &run);
	if (gl_has_extension((const char *)glGetString(GL_EXTENSIONS),
				"GL_OES_EGL_image_external") &&
			gl_has_extension(eglQueryString(gl.display, EGL_EXTENSIONS),
					"EGL_KHR_gl_texture_2D_image")) {
		check_run(&suite, "an external texture", test_external, &run);
	} else {
		check_skip(&suite, "an external texture",
				"no GL_OES_EGL_image_external or EGL_KHR_gl_texture_2D_image");
	}
	gridwl_gles2_models_destroy(run.models);
	gl_finish(&gl);
	return check_finish(&suite);
}
