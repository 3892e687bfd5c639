#ifndef GRIDWL_TESTS_GL_EXTENSION_H
#define GRIDWL_TESTS_GL_EXTENSION_H

#include <stdbool.h>
#include <string.h>

/* Whether a space-separated EGL or GL extension list names name, as a
 * whole word (GL_OES_EGL_image is not GL_OES_EGL_image_external). Header
 * only: tests/vm/dmabuf-gl.c is built outside meson. */
static inline bool gl_has_extension(const char *list, const char *name) {
	size_t len = strlen(name);
	for (const char *p = list; p != NULL && (p = strstr(p, name)) != NULL;
			p += len) {
		if ((p == list || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0')) {
			return true;
		}
	}
	return false;
}

#endif
