#ifndef GRIDWL_RENDER_GLES2_MODELS_H
#define GRIDWL_RENDER_GLES2_MODELS_H

#include <GLES2/gl2.h>
#include <pixman.h>
#include <stdbool.h>
#include "render/resample_cache.h"

struct gridwl_gles2_models;
struct wlr_box;
struct wlr_renderer;
struct wlr_texture;

/*
 * gridwl's resampling models (render/resample_cache.h's
 * gridwl_resample_model: nearest, bilinear and the exact area average at
 * any ratio m:r, and the integer two-pass model) computed by GL programs
 * of its own, for buffers the CPU kernels cannot read: GPU clients'
 * dmabufs on the GLES2 renderer. They give the kernels' bits; GL's own
 * filters are an area average only at 2:1.
 */

/* The programs for renderer, compiled at their first use (in a render
 * pass, where the renderer's context is current). NULL unless renderer is
 * GLES2. With renderer NULL: for the caller's own current GL context (the
 * unit test), whose programs gridwl_gles2_models_destroy deletes in the
 * context current then. */
struct gridwl_gles2_models *gridwl_gles2_models_create(
		struct wlr_renderer *renderer);
void gridwl_gles2_models_destroy(struct gridwl_gles2_models *models);

/* A GL texture to resample: its whole size is the buffer. */
struct gridwl_gles2_source {
	GLenum target; // GL_TEXTURE_2D or GL_TEXTURE_EXTERNAL_OES
	GLuint texture;
	bool has_alpha; // else its alpha channel is taken as opaque
	int width, height;
};

/* Draws source resampled by model onto box (device pixels of the bound
 * framebuffer, whose size the viewport is), where clip says, times alpha,
 * blended as premultiplied pixels over what is there. Leaves the GL state
 * it changes as it found it. Exact for every ratio whose weighted sums stay
 * below 2^24 (all that fractional scales in 120ths give), within 1 per
 * channel beyond. False when it cannot (no highp floats in fragment
 * shaders, a program that does not build): then it drew nothing. */
bool gridwl_gles2_models_draw_source(struct gridwl_gles2_models *models,
		const struct gridwl_gles2_source *source,
		const struct gridwl_resample_model *model, const struct wlr_box *box,
		const pixman_region32_t *clip, float alpha);

/* The same for a texture of the models' renderer, during one of its render
 * passes. */
bool gridwl_gles2_models_draw(struct gridwl_gles2_models *models,
		struct wlr_texture *texture, const struct gridwl_resample_model *model,
		const struct wlr_box *box, const pixman_region32_t *clip, float alpha);

#endif
