// The rectangles gridwl's models draw (render/gles2_models.c), in the
// target's device pixels. Row 0 of a wlroots render buffer is GL's y = 0, so
// gl_FragCoord is the device pixel's centre as it is.
attribute vec2 pos;
uniform vec2 target_size;

void main() {
	gl_Position = vec4(pos / target_size * 2.0 - 1.0, 0.0, 1.0);
}
