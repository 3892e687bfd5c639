#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <stdlib.h>
#include <wayland-server-core.h>
#include <wlr/render/egl.h>
#include <wlr/render/gles2.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/render/wlr_texture.h>
#include <wlr/util/box.h>
#include <wlr/util/log.h>
#include "render/gles2_models.h"
#include "render/gles2_models_glsl.h"

/* One program per sampler type: sampler2D, samplerExternalOES. */
enum models_sampler {
	MODELS_SAMPLER_2D,
	MODELS_SAMPLER_EXTERNAL,
	MODELS_SAMPLER_COUNT,
};

struct models_program {
	GLuint program; // 0: not built (yet, or it failed: see tried)
	bool tried;
	GLint tex, target_size, origin, size, m, r, mode, box, alpha, opaque;
};

struct gridwl_gles2_models {
	struct wlr_renderer *renderer; // NULL: the caller's context (tests)
	struct wl_listener renderer_destroy;
	struct models_program programs[MODELS_SAMPLER_COUNT];
	// Whether fragment shaders have highp floats, which the models' exact
	// integer arithmetic needs: -1 not asked yet.
	int highp;
};

/* The attribute the vertex shader reads, bound before linking. */
#define POS_ATTRIB 0
/* Rectangles drawn by one glDrawArrays. */
#define BATCH_RECTS 64

static void delete_programs(struct gridwl_gles2_models *models) {
	for (int i = 0; i < MODELS_SAMPLER_COUNT; i++) {
		if (models->programs[i].program != 0) {
			glDeleteProgram(models->programs[i].program);
		}
		models->programs[i] = (struct models_program){ 0 };
	}
}

/* The programs live in the renderer's EGL context, which is current only
 * during its operations: made current to delete them. */
static void delete_programs_in_context(struct gridwl_gles2_models *models) {
	struct wlr_egl *egl = wlr_gles2_renderer_get_egl(models->renderer);
	EGLDisplay display = wlr_egl_get_display(egl);
	EGLDisplay prev_display = eglGetCurrentDisplay();
	EGLContext prev_context = eglGetCurrentContext();
	EGLSurface prev_draw = eglGetCurrentSurface(EGL_DRAW);
	EGLSurface prev_read = eglGetCurrentSurface(EGL_READ);
	if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE,
				wlr_egl_get_context(egl))) {
		wlr_log(WLR_ERROR,
				"Cannot make the GL context current to delete "
				"the resampling programs");
		return;
	}
	delete_programs(models);
	if (prev_context != EGL_NO_CONTEXT) {
		eglMakeCurrent(prev_display, prev_draw, prev_read, prev_context);
	} else {
		eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	}
}

static void handle_renderer_destroy(struct wl_listener *listener, void *data) {
	(void)data;
	struct gridwl_gles2_models *models =
			wl_container_of(listener, models, renderer_destroy);
	delete_programs_in_context(models);
	wl_list_remove(&models->renderer_destroy.link);
	wl_list_init(&models->renderer_destroy.link);
	models->renderer = NULL;
	// Nothing is drawn without a renderer; and nothing is left to delete.
	models->highp = 0;
}

struct gridwl_gles2_models *gridwl_gles2_models_create(
		struct wlr_renderer *renderer) {
	if (renderer != NULL && !wlr_renderer_is_gles2(renderer)) {
		return NULL;
	}
	struct gridwl_gles2_models *models = calloc(1, sizeof(*models));
	if (models == NULL) {
		return NULL;
	}
	models->renderer = renderer;
	models->highp = -1;
	wl_list_init(&models->renderer_destroy.link);
	if (renderer != NULL) {
		models->renderer_destroy.notify = handle_renderer_destroy;
		wl_signal_add(&renderer->events.destroy, &models->renderer_destroy);
	}
	return models;
}

void gridwl_gles2_models_destroy(struct gridwl_gles2_models *models) {
	if (models == NULL) {
		return;
	}
	if (models->renderer != NULL) {
		delete_programs_in_context(models);
	} else if (models->highp != 0) {
		delete_programs(models);
	}
	wl_list_remove(&models->renderer_destroy.link);
	free(models);
}

static GLuint compile(GLenum type, const char *const *sources, int count) {
	GLuint shader = glCreateShader(type);
	if (shader == 0) {
		return 0;
	}
	glShaderSource(shader, count, sources, NULL);
	glCompileShader(shader);
	GLint ok = GL_FALSE;
	glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
	if (ok != GL_TRUE) {
		char log[1024] = "";
		glGetShaderInfoLog(shader, sizeof(log), NULL, log);
		wlr_log(WLR_ERROR, "Resampling %s shader does not compile: %s",
				type == GL_VERTEX_SHADER ? "vertex" : "fragment", log);
		glDeleteShader(shader);
		return 0;
	}
	return shader;
}

static GLuint link_program(enum models_sampler sampler) {
	static const char *const prefixes[MODELS_SAMPLER_COUNT] = {
		[MODELS_SAMPLER_2D] = "#define SAMPLER sampler2D\n",
		[MODELS_SAMPLER_EXTERNAL] =
				"#extension GL_OES_EGL_image_external : require\n"
				"#define SAMPLER samplerExternalOES\n",
	};
	const char *vertex[] = { gridwl_gles2_models_vert };
	const char *fragment[] = { prefixes[sampler], gridwl_gles2_models_frag };
	GLuint vs = compile(GL_VERTEX_SHADER, vertex, 1);
	GLuint fs = vs != 0 ? compile(GL_FRAGMENT_SHADER, fragment, 2) : 0;
	GLuint program = fs != 0 ? glCreateProgram() : 0;
	if (program != 0) {
		glAttachShader(program, vs);
		glAttachShader(program, fs);
		glBindAttribLocation(program, POS_ATTRIB, "pos");
		glLinkProgram(program);
		glDetachShader(program, vs);
		glDetachShader(program, fs);
		GLint ok = GL_FALSE;
		glGetProgramiv(program, GL_LINK_STATUS, &ok);
		if (ok != GL_TRUE) {
			char log[1024] = "";
			glGetProgramInfoLog(program, sizeof(log), NULL, log);
			wlr_log(WLR_ERROR, "Resampling program does not link: %s", log);
			glDeleteProgram(program);
			program = 0;
		}
	}
	if (vs != 0) {
		glDeleteShader(vs);
	}
	if (fs != 0) {
		glDeleteShader(fs);
	}
	return program;
}

static struct models_program *program_for(struct gridwl_gles2_models *models,
		enum models_sampler sampler) {
	if (models->highp < 0) {
		GLint range[2] = { 0, 0 }, precision = 0;
		glGetShaderPrecisionFormat(GL_FRAGMENT_SHADER, GL_HIGH_FLOAT, range,
				&precision);
		models->highp = precision >= 23;
		if (!models->highp) {
			wlr_log(WLR_INFO,
					"Fragment shaders have no highp floats: GPU buffers "
					"are resampled by the renderer's own filter");
		}
	}
	struct models_program *p = &models->programs[sampler];
	if (!models->highp || p->tried) {
		return p->program != 0 ? p : NULL;
	}
	p->tried = true;
	p->program = link_program(sampler);
	if (p->program == 0) {
		return NULL;
	}
	wlr_log(WLR_INFO, "GPU buffers (%s) are resampled by gridwl's models",
			sampler == MODELS_SAMPLER_EXTERNAL ? "external textures" :
												 "2D textures");
	GLuint program = p->program;
	p->tex = glGetUniformLocation(program, "tex");
	p->target_size = glGetUniformLocation(program, "target_size");
	p->origin = glGetUniformLocation(program, "origin");
	p->size = glGetUniformLocation(program, "size");
	p->m = glGetUniformLocation(program, "m");
	p->r = glGetUniformLocation(program, "r");
	p->mode = glGetUniformLocation(program, "mode");
	p->box = glGetUniformLocation(program, "box");
	p->alpha = glGetUniformLocation(program, "alpha");
	p->opaque = glGetUniformLocation(program, "opaque");
	return p;
}

/* The shader's per-axis mode: 0 nearest, 1 bilinear, 2 area. */
static float axis_mode(struct gridwl_axis_ratio ratio, bool bilinear) {
	if (ratio.m <= ratio.r) {
		return 2.0f;
	}
	return bilinear ? 1.0f : 0.0f;
}

/* The GL state the draw changes, as it was. */
struct saved_state {
	GLint program, active_texture, texture, min_filter, mag_filter;
	GLboolean blend;
	GLint blend_src_rgb, blend_dst_rgb, blend_src_alpha, blend_dst_alpha;
};

static GLenum binding_of(GLenum target) {
	return target == GL_TEXTURE_EXTERNAL_OES ? GL_TEXTURE_BINDING_EXTERNAL_OES :
											   GL_TEXTURE_BINDING_2D;
}

static void save_state(struct saved_state *s, GLenum target) {
	glGetIntegerv(GL_CURRENT_PROGRAM, &s->program);
	glGetIntegerv(GL_ACTIVE_TEXTURE, &s->active_texture);
	glActiveTexture(GL_TEXTURE0);
	glGetIntegerv(binding_of(target), &s->texture);
	s->blend = glIsEnabled(GL_BLEND);
	glGetIntegerv(GL_BLEND_SRC_RGB, &s->blend_src_rgb);
	glGetIntegerv(GL_BLEND_DST_RGB, &s->blend_dst_rgb);
	glGetIntegerv(GL_BLEND_SRC_ALPHA, &s->blend_src_alpha);
	glGetIntegerv(GL_BLEND_DST_ALPHA, &s->blend_dst_alpha);
}

static void restore_state(const struct saved_state *s, GLenum target) {
	glTexParameteri(target, GL_TEXTURE_MIN_FILTER, s->min_filter);
	glTexParameteri(target, GL_TEXTURE_MAG_FILTER, s->mag_filter);
	glBindTexture(target, (GLuint)s->texture);
	glActiveTexture((GLenum)s->active_texture);
	glBlendFuncSeparate((GLenum)s->blend_src_rgb, (GLenum)s->blend_dst_rgb,
			(GLenum)s->blend_src_alpha, (GLenum)s->blend_dst_alpha);
	if (!s->blend) {
		glDisable(GL_BLEND);
	}
	glUseProgram((GLuint)s->program);
}

/* The rectangles of clip within box as triangles, in batches. */
static void draw_rects(const struct wlr_box *box,
		const pixman_region32_t *clip) {
	pixman_region32_t region;
	pixman_region32_init_rect(&region, box->x, box->y, (unsigned)box->width,
			(unsigned)box->height);
	pixman_region32_intersect(&region, &region, clip);
	int count;
	const pixman_box32_t *rects = pixman_region32_rectangles(&region, &count);
	GLfloat verts[BATCH_RECTS * 12];
	glEnableVertexAttribArray(POS_ATTRIB);
	for (int i = 0; i < count;) {
		int n = 0;
		for (; i < count && n < BATCH_RECTS; i++, n++) {
			GLfloat x1 = (GLfloat)rects[i].x1, y1 = (GLfloat)rects[i].y1;
			GLfloat x2 = (GLfloat)rects[i].x2, y2 = (GLfloat)rects[i].y2;
			const GLfloat quad[12] = { x1, y1, x2, y1, x1, y2, x2, y1, x2, y2,
				x1, y2 };
			for (int k = 0; k < 12; k++) {
				verts[n * 12 + k] = quad[k];
			}
		}
		glVertexAttribPointer(POS_ATTRIB, 2, GL_FLOAT, GL_FALSE, 0, verts);
		glDrawArrays(GL_TRIANGLES, 0, n * 6);
	}
	glDisableVertexAttribArray(POS_ATTRIB);
	pixman_region32_fini(&region);
}

bool gridwl_gles2_models_draw_source(struct gridwl_gles2_models *models,
		const struct gridwl_gles2_source *source,
		const struct gridwl_resample_model *model, const struct wlr_box *box,
		const pixman_region32_t *clip, float alpha) {
	enum models_sampler sampler = source->target == GL_TEXTURE_EXTERNAL_OES ?
			MODELS_SAMPLER_EXTERNAL :
			MODELS_SAMPLER_2D;
	struct models_program *p = program_for(models, sampler);
	if (p == NULL) {
		return false;
	}
	GLint viewport[4];
	glGetIntegerv(GL_VIEWPORT, viewport);

	struct saved_state saved;
	save_state(&saved, source->target);
	glUseProgram(p->program);
	glBindTexture(source->target, source->texture);
	glGetTexParameteriv(source->target, GL_TEXTURE_MIN_FILTER,
			&saved.min_filter);
	glGetTexParameteriv(source->target, GL_TEXTURE_MAG_FILTER,
			&saved.mag_filter);
	// The shader reads texel centres and weighs them itself.
	glTexParameteri(source->target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(source->target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	glEnable(GL_BLEND);
	glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);

	glUniform1i(p->tex, 0);
	glUniform2f(p->target_size, (GLfloat)viewport[2], (GLfloat)viewport[3]);
	glUniform2f(p->origin, (GLfloat)(box->x + viewport[0]),
			(GLfloat)(box->y + viewport[1]));
	glUniform2f(p->size, (GLfloat)source->width, (GLfloat)source->height);
	glUniform2f(p->m, (GLfloat)model->x.m, (GLfloat)model->y.m);
	glUniform2f(p->r, (GLfloat)model->x.r, (GLfloat)model->y.r);
	glUniform2f(p->mode, axis_mode(model->x, model->bilinear),
			axis_mode(model->y, model->bilinear));
	glUniform1f(p->box, (GLfloat)model->box);
	glUniform1f(p->alpha, alpha);
	glUniform1f(p->opaque, source->has_alpha ? 0.0f : 1.0f);
	draw_rects(box, clip);

	restore_state(&saved, source->target);
	return true;
}

bool gridwl_gles2_models_draw(struct gridwl_gles2_models *models,
		struct wlr_texture *texture, const struct gridwl_resample_model *model,
		const struct wlr_box *box, const pixman_region32_t *clip, float alpha) {
	if (models->renderer == NULL || !wlr_texture_is_gles2(texture)) {
		return false;
	}
	struct wlr_gles2_texture_attribs attribs;
	wlr_gles2_texture_get_attribs(texture, &attribs);
	struct gridwl_gles2_source source = {
		.target = attribs.target,
		.texture = attribs.tex,
		.has_alpha = attribs.has_alpha,
		.width = (int)texture->width,
		.height = (int)texture->height,
	};
	return gridwl_gles2_models_draw_source(models, &source, model, box, clip,
			alpha);
}
