#ifndef GRIDWL_VM_DMABUF_GL_H
#define GRIDWL_VM_DMABUF_GL_H

#include <gbm.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Draws width x height pixels (0xAARRGGBB, row-major, row 0 first in memory)
 * into bo with OpenGL ES on bo's own device, as a GL client renders into the
 * dmabufs it hands to the compositor, and waits until the GPU is done. On
 * success renderer holds GL_RENDERER; on failure it says what went wrong.
 */
bool dmabuf_gl_draw(struct gbm_device *gbm, struct gbm_bo *bo,
		const uint32_t *pixels, int width, int height, char *renderer,
		size_t renderer_size);

#endif
