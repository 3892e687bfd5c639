#include <GLES2/gl2.h>
#include <wlr/render/gles2.h>
#include <wlr/render/wlr_texture.h>
#include "render/render.h"

/*
 * The GLES2 renderer of wlroots 0.15 sets the minification filter on every
 * draw and leaves magnification at GL's default, linear. On the GPU the
 * filter a buffer is magnified with is therefore the texture's own
 * parameter, set here before each draw (the renderer binds the texture in
 * the draw that follows, within the same context).
 */
void gridwl_gles2_texture_set_filter(struct wlr_texture *texture,
		enum gridwl_filter filter) {
	if (texture == NULL || !wlr_texture_is_gles2(texture)) {
		return;
	}
	struct wlr_gles2_texture_attribs attribs;
	wlr_gles2_texture_get_attribs(texture, &attribs);
	glBindTexture(attribs.target, attribs.tex);
	glTexParameteri(attribs.target, GL_TEXTURE_MAG_FILTER,
		filter == GRIDWL_FILTER_BILINEAR ? GL_LINEAR : GL_NEAREST);
	glBindTexture(attribs.target, 0);
}
