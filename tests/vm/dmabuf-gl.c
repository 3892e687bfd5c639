#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "dmabuf-gl.h"
#include "gl-util.h"

/*
 * The GPU half of the VM test's dmabuf client: the buffer becomes an
 * EGLImage, the EGLImage a renderbuffer, and the pixels a texture drawn 1:1
 * onto it with GL_NEAREST, so every pixel is the texel at its centre.
 */

#define MODIFIER_INVALID UINT64_C(0x00ffffffffffffff)

struct gl_state {
	EGLDisplay display;
	EGLContext context;
	EGLImageKHR image;
	GLuint renderbuffer, framebuffer, texture, program;
	PFNEGLDESTROYIMAGEKHRPROC destroy_image;
	char *why;
	size_t why_size;
};

static bool fail(struct gl_state *gl, const char *fmt, ...)
		__attribute__((format(printf, 2, 3)));

static bool fail(struct gl_state *gl, const char *fmt, ...) {
	va_list args;
	va_start(args, fmt);
	vsnprintf(gl->why, gl->why_size, fmt, args);
	va_end(args);
	return false;
}

static bool start_egl(struct gl_state *gl, struct gbm_device *gbm) {
	PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
			(PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress(
					"eglGetPlatformDisplayEXT");
	if (get_platform_display == NULL) {
		return fail(gl, "no eglGetPlatformDisplayEXT");
	}
	gl->display = get_platform_display(EGL_PLATFORM_GBM_KHR, gbm, NULL);
	if (gl->display == EGL_NO_DISPLAY ||
			!eglInitialize(gl->display, NULL, NULL)) {
		gl->display = EGL_NO_DISPLAY;
		return fail(gl, "no EGL display on the GBM device (0x%x)",
				eglGetError());
	}
	const char *exts = eglQueryString(gl->display, EGL_EXTENSIONS);
	const char *needed[] = { "EGL_KHR_surfaceless_context",
		"EGL_KHR_no_config_context", "EGL_EXT_image_dma_buf_import" };
	for (size_t i = 0; i < sizeof(needed) / sizeof(needed[0]); i++) {
		if (!gl_has_extension(exts, needed[i])) {
			return fail(gl, "EGL lacks %s", needed[i]);
		}
	}
	static const EGLint context_attribs[] = {
		EGL_CONTEXT_CLIENT_VERSION,
		2,
		EGL_NONE,
	};
	if (!eglBindAPI(EGL_OPENGL_ES_API)) {
		return fail(gl, "eglBindAPI failed");
	}
	gl->context = eglCreateContext(gl->display, EGL_NO_CONFIG_KHR,
			EGL_NO_CONTEXT, context_attribs);
	if (gl->context == EGL_NO_CONTEXT ||
			!eglMakeCurrent(gl->display, EGL_NO_SURFACE, EGL_NO_SURFACE,
					gl->context)) {
		return fail(gl, "no current GLES2 context (0x%x)", eglGetError());
	}
	return true;
}

/* The buffer as the colour attachment of a framebuffer. */
static bool target_bo(struct gl_state *gl, struct gbm_bo *bo) {
	if (gbm_bo_get_plane_count(bo) != 1) {
		return fail(gl, "%d planes, one expected", gbm_bo_get_plane_count(bo));
	}
	int fd = gbm_bo_get_fd(bo);
	if (fd < 0) {
		return fail(gl, "gbm_bo_get_fd failed");
	}
	uint64_t modifier = gbm_bo_get_modifier(bo);
	EGLint attribs[32];
	int n = 0;
	attribs[n++] = EGL_WIDTH;
	attribs[n++] = (EGLint)gbm_bo_get_width(bo);
	attribs[n++] = EGL_HEIGHT;
	attribs[n++] = (EGLint)gbm_bo_get_height(bo);
	attribs[n++] = EGL_LINUX_DRM_FOURCC_EXT;
	attribs[n++] = (EGLint)gbm_bo_get_format(bo);
	attribs[n++] = EGL_DMA_BUF_PLANE0_FD_EXT;
	attribs[n++] = fd;
	attribs[n++] = EGL_DMA_BUF_PLANE0_OFFSET_EXT;
	attribs[n++] = (EGLint)gbm_bo_get_offset(bo, 0);
	attribs[n++] = EGL_DMA_BUF_PLANE0_PITCH_EXT;
	attribs[n++] = (EGLint)gbm_bo_get_stride_for_plane(bo, 0);
	if (modifier != MODIFIER_INVALID) {
		attribs[n++] = EGL_DMA_BUF_PLANE0_MODIFIER_LO_EXT;
		attribs[n++] = (EGLint)(modifier & 0xffffffff);
		attribs[n++] = EGL_DMA_BUF_PLANE0_MODIFIER_HI_EXT;
		attribs[n++] = (EGLint)(modifier >> 32);
	}
	attribs[n++] = EGL_NONE;
	PFNEGLCREATEIMAGEKHRPROC create_image =
			(PFNEGLCREATEIMAGEKHRPROC)eglGetProcAddress("eglCreateImageKHR");
	gl->destroy_image =
			(PFNEGLDESTROYIMAGEKHRPROC)eglGetProcAddress("eglDestroyImageKHR");
	PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC image_storage =
			(PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC)eglGetProcAddress(
					"glEGLImageTargetRenderbufferStorageOES");
	if (create_image == NULL || gl->destroy_image == NULL ||
			image_storage == NULL) {
		close(fd);
		return fail(gl, "no EGLImage entry points");
	}
	gl->image = create_image(gl->display, EGL_NO_CONTEXT, EGL_LINUX_DMA_BUF_EXT,
			NULL, attribs);
	// The image holds its own reference to the buffer.
	close(fd);
	if (gl->image == EGL_NO_IMAGE_KHR) {
		return fail(gl, "eglCreateImageKHR of the dmabuf failed (0x%x)",
				eglGetError());
	}
	glGenRenderbuffers(1, &gl->renderbuffer);
	glBindRenderbuffer(GL_RENDERBUFFER, gl->renderbuffer);
	image_storage(GL_RENDERBUFFER, gl->image);
	glGenFramebuffers(1, &gl->framebuffer);
	glBindFramebuffer(GL_FRAMEBUFFER, gl->framebuffer);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
			GL_RENDERBUFFER, gl->renderbuffer);
	GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
	if (status != GL_FRAMEBUFFER_COMPLETE) {
		return fail(gl, "the dmabuf is no render target (0x%x)", status);
	}
	return true;
}

static GLuint compile(GLenum type, const char *source) {
	GLuint shader = glCreateShader(type);
	glShaderSource(shader, 1, &source, NULL);
	glCompileShader(shader);
	GLint ok = 0;
	glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
	if (!ok) {
		glDeleteShader(shader);
		return 0;
	}
	return shader;
}

static bool make_program(struct gl_state *gl) {
	static const char vertex[] = "attribute vec2 pos;\n"
								 "varying vec2 coord;\n"
								 "void main() {\n"
								 "	coord = pos * 0.5 + 0.5;\n"
								 "	gl_Position = vec4(pos, 0.0, 1.0);\n"
								 "}\n";
	static const char fragment[] = "precision mediump float;\n"
								   "varying vec2 coord;\n"
								   "uniform sampler2D tex;\n"
								   "void main() {\n"
								   "	gl_FragColor = texture2D(tex, coord);\n"
								   "}\n";
	GLuint vs = compile(GL_VERTEX_SHADER, vertex);
	GLuint fs = compile(GL_FRAGMENT_SHADER, fragment);
	if (vs == 0 || fs == 0) {
		glDeleteShader(vs);
		glDeleteShader(fs);
		return fail(gl, "shader compilation failed");
	}
	gl->program = glCreateProgram();
	glAttachShader(gl->program, vs);
	glAttachShader(gl->program, fs);
	glBindAttribLocation(gl->program, 0, "pos");
	glLinkProgram(gl->program);
	glDeleteShader(vs);
	glDeleteShader(fs);
	GLint ok = 0;
	glGetProgramiv(gl->program, GL_LINK_STATUS, &ok);
	return ok ? true : fail(gl, "shader link failed");
}

/* GL_RGBA bytes are R, G, B, A in memory. Row 0 of the texture is t = 0,
 * which the quad maps to window y = 0, which is row 0 of the buffer's
 * memory: an EGLImage render target is not flipped. */
static bool draw(struct gl_state *gl, const uint32_t *pixels, int width,
		int height) {
	size_t count = (size_t)width * (size_t)height;
	uint8_t *rgba = malloc(count * 4);
	if (rgba == NULL) {
		return fail(gl, "out of memory");
	}
	for (size_t i = 0; i < count; i++) {
		rgba[4 * i + 0] = (uint8_t)(pixels[i] >> 16);
		rgba[4 * i + 1] = (uint8_t)(pixels[i] >> 8);
		rgba[4 * i + 2] = (uint8_t)pixels[i];
		rgba[4 * i + 3] = (uint8_t)(pixels[i] >> 24);
	}
	glGenTextures(1, &gl->texture);
	glBindTexture(GL_TEXTURE_2D, gl->texture);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, width, height, 0, GL_RGBA,
			GL_UNSIGNED_BYTE, rgba);
	free(rgba);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);

	static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
	glViewport(0, 0, width, height);
	glDisable(GL_BLEND);
	glUseProgram(gl->program);
	glUniform1i(glGetUniformLocation(gl->program, "tex"), 0);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
	glEnableVertexAttribArray(0);
	glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
	glDisableVertexAttribArray(0);
	// The compositor gets the buffer right after: nothing may be pending.
	glFinish();
	GLenum error = glGetError();
	return error == GL_NO_ERROR ? true : fail(gl, "GL error 0x%x", error);
}

static void stop(struct gl_state *gl) {
	if (gl->context != EGL_NO_CONTEXT) {
		glDeleteProgram(gl->program);
		glDeleteTextures(1, &gl->texture);
		glDeleteFramebuffers(1, &gl->framebuffer);
		glDeleteRenderbuffers(1, &gl->renderbuffer);
	}
	if (gl->image != EGL_NO_IMAGE_KHR) {
		gl->destroy_image(gl->display, gl->image);
	}
	egl_release(gl->display, gl->context);
	eglReleaseThread();
}

bool dmabuf_gl_draw(struct gbm_device *gbm, struct gbm_bo *bo,
		const uint32_t *pixels, int width, int height, char *renderer,
		size_t renderer_size) {
	struct gl_state gl = {
		.display = EGL_NO_DISPLAY,
		.context = EGL_NO_CONTEXT,
		.image = EGL_NO_IMAGE_KHR,
		.why = renderer,
		.why_size = renderer_size,
	};
	bool ok = start_egl(&gl, gbm) && target_bo(&gl, bo) && make_program(&gl) &&
			draw(&gl, pixels, width, height);
	if (ok) {
		snprintf(renderer, renderer_size, "%s",
				(const char *)glGetString(GL_RENDERER));
	}
	stop(&gl);
	return ok;
}
