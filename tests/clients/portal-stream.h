#ifndef GRIDWL_TESTS_PORTAL_STREAM_H
#define GRIDWL_TESTS_PORTAL_STREAM_H

#include <stdbool.h>
#include <stdint.h>

struct image;

/* One frame of a screencast as the image helpers hold it (opaque where the
 * format has no alpha), and the name of the format it came in. */
struct portal_frame {
	struct image *image;
	const char *format;
};

/* Connects to PipeWire through fd (the portal's OpenPipeWireRemote, which it
 * takes), plays node and returns its first complete frame in shared memory;
 * false after reporting on stderr. */
bool portal_stream_read_frame(int fd, uint32_t node,
		struct portal_frame *frame);

#endif
