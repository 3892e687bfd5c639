#ifndef GRIDWL_TESTS_GL_UTIL_H
#define GRIDWL_TESTS_GL_UTIL_H

#include <EGL/egl.h>
#include <stdbool.h>
#include <string.h>

/* What the tests' own GL contexts share. Header only: tests/vm/dmabuf-gl.c
 * is built outside meson. */

/* Whether a space-separated EGL or GL extension list names name, as a
 * whole word (GL_OES_EGL_image is not GL_OES_EGL_image_external). */
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

/* Releases context (EGL_NO_CONTEXT: none) and display (EGL_NO_DISPLAY:
 * nothing to do). */
static inline void egl_release(EGLDisplay display, EGLContext context) {
	if (display == EGL_NO_DISPLAY) {
		return;
	}
	eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	if (context != EGL_NO_CONTEXT) {
		eglDestroyContext(display, context);
	}
	eglTerminate(display);
}

#endif
