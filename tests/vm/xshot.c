/*
 * vm-xshot: what qemu's SDL window on the host's X server shows, as a PNG.
 *
 *   vm-xshot FILE
 *
 * On the virgl boot the scanout is a GL texture on the host, which qemu 7.2's
 * screendump refuses ("no surface"); its SDL display draws that texture into
 * its window 1:1, so the window's pixels are what the device scans out. The
 * window is the largest mapped top-level window of $DISPLAY (Xvfb runs
 * nothing else). Exit status 0 only when FILE was written.
 */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <stdio.h>
#include <stdlib.h>

#include "image.h"

static Window largest_window(Display *display, int *width, int *height) {
	Window root_return, parent, *children = NULL, best = None;
	unsigned int count = 0;
	long best_area = 0;
	if (!XQueryTree(display, DefaultRootWindow(display), &root_return, &parent,
				&children, &count)) {
		return None;
	}
	for (unsigned int i = 0; i < count; i++) {
		XWindowAttributes attrs;
		if (!XGetWindowAttributes(display, children[i], &attrs) ||
				attrs.map_state != IsViewable || attrs.class != InputOutput) {
			continue;
		}
		long area = (long)attrs.width * attrs.height;
		if (area > best_area) {
			best_area = area;
			best = children[i];
			*width = attrs.width;
			*height = attrs.height;
		}
	}
	XFree(children);
	return best;
}

/* The X server's pixel layout in 0xAARRGGBB, opaque: Xvfb's 24-bit TrueColor
 * visual has 8 bits a channel, so nothing is converted or rounded. */
static int channel_shift(unsigned long mask) {
	int shift = 0;
	while (mask != 0 && (mask & 1) == 0) {
		mask >>= 1;
		shift++;
	}
	return mask == 0xff ? shift : -1;
}

int main(int argc, char *argv[]) {
	if (argc != 2) {
		fprintf(stderr, "usage: %s FILE\n", argv[0]);
		return 2;
	}
	Display *display = XOpenDisplay(NULL);
	if (display == NULL) {
		fprintf(stderr, "vm-xshot: cannot open display\n");
		return 1;
	}
	int width = 0, height = 0, status = 1;
	Window window = largest_window(display, &width, &height);
	XImage *ximage = NULL;
	struct image *image = NULL;
	if (window == None) {
		fprintf(stderr, "vm-xshot: no mapped window\n");
		goto out;
	}
	int root_x = 0, root_y = 0;
	Window child;
	XTranslateCoordinates(display, window, DefaultRootWindow(display), 0, 0,
			&root_x, &root_y, &child);
	int screen = DefaultScreen(display);
	if (root_x < 0 || root_y < 0 ||
			root_x + width > DisplayWidth(display, screen) ||
			root_y + height > DisplayHeight(display, screen)) {
		// X cannot read what is off the screen (BadMatch).
		fprintf(stderr,
				"vm-xshot: window %dx%d+%d+%d is partly off the "
				"%dx%d screen\n",
				width, height, root_x, root_y, DisplayWidth(display, screen),
				DisplayHeight(display, screen));
		goto out;
	}
	ximage = XGetImage(display, window, 0, 0, (unsigned int)width,
			(unsigned int)height, AllPlanes, ZPixmap);
	if (ximage == NULL) {
		fprintf(stderr, "vm-xshot: XGetImage failed\n");
		goto out;
	}
	int red = channel_shift(ximage->red_mask);
	int green = channel_shift(ximage->green_mask);
	int blue = channel_shift(ximage->blue_mask);
	if (red < 0 || green < 0 || blue < 0) {
		fprintf(stderr,
				"vm-xshot: not 8 bits a channel (masks %lx %lx "
				"%lx)\n",
				ximage->red_mask, ximage->green_mask, ximage->blue_mask);
		goto out;
	}
	image = image_create(width, height);
	if (image == NULL) {
		goto out;
	}
	for (int y = 0; y < height; y++) {
		for (int x = 0; x < width; x++) {
			unsigned long p = XGetPixel(ximage, x, y);
			image_set(image, x, y,
					0xff000000u | (uint32_t)((p >> red) & 0xff) << 16 |
							(uint32_t)((p >> green) & 0xff) << 8 |
							(uint32_t)((p >> blue) & 0xff));
		}
	}
	if (image_save_png(image, argv[1])) {
		printf("%dx%d\n", width, height);
		status = 0;
	}
out:
	image_destroy(image);
	if (ximage != NULL) {
		XDestroyImage(ximage);
	}
	XCloseDisplay(display);
	return status;
}
