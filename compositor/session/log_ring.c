#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "compositor/session/log_ring.h"

/* The last 1 MiB of the log: enough for the start-up and the failure. */
#define LOG_RING_SIZE (1 << 20)

static struct {
	enum wlr_log_importance verbosity;
	struct timespec start;
	char data[LOG_RING_SIZE];
	size_t end; // where the next byte goes
	bool wrapped;
} ring;

static void ring_append(const char *text, size_t len) {
	if (len >= LOG_RING_SIZE) {
		text += len - (LOG_RING_SIZE - 1);
		len = LOG_RING_SIZE - 1;
	}
	size_t first = LOG_RING_SIZE - ring.end;
	if (first > len) {
		first = len;
	}
	memcpy(ring.data + ring.end, text, first);
	memcpy(ring.data, text + first, len - first);
	if (ring.end + len >= LOG_RING_SIZE) {
		ring.wrapped = true;
	}
	ring.end = (ring.end + len) % LOG_RING_SIZE;
}

static const char *const importance_names[] = {
	[WLR_SILENT] = "",
	[WLR_ERROR] = "[ERROR]",
	[WLR_INFO] = "[INFO]",
	[WLR_DEBUG] = "[DEBUG]",
};

static void log_callback(enum wlr_log_importance importance, const char *fmt,
		va_list args) {
	if (importance > ring.verbosity || importance >= WLR_LOG_IMPORTANCE_LAST) {
		return;
	}
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	long ms = (now.tv_sec - ring.start.tv_sec) * 1000 +
			(now.tv_nsec - ring.start.tv_nsec) / 1000000;
	char line[4096];
	int prefix = snprintf(line, sizeof(line), "%02ld:%02ld:%02ld.%03ld %s ",
			ms / 3600000, ms / 60000 % 60, ms / 1000 % 60, ms % 1000,
			importance_names[importance]);
	// Room for the newline; a longer message is cut.
	size_t room = sizeof(line) - (size_t)prefix - 1;
	int body = vsnprintf(line + prefix, room, fmt, args);
	size_t len = (size_t)prefix;
	if (body > 0) {
		len += (size_t)body < room ? (size_t)body : room - 1;
	}
	line[len++] = '\n';
	fwrite(line, 1, len, stderr);
	ring_append(line, len);
}

void gridwl_log_ring_init(enum wlr_log_importance verbosity) {
	ring.verbosity = verbosity;
	clock_gettime(CLOCK_MONOTONIC, &ring.start);
	wlr_log_init(verbosity, log_callback);
}

bool gridwl_log_ring_write(const char *path) {
	FILE *f = fopen(path, "w");
	if (f == NULL) {
		return false;
	}
	bool ok = true;
	if (ring.wrapped) {
		ok = fwrite(ring.data + ring.end, 1, LOG_RING_SIZE - ring.end, f) ==
				LOG_RING_SIZE - ring.end;
	}
	ok = ok && fwrite(ring.data, 1, ring.end, f) == ring.end;
	return fclose(f) == 0 && ok;
}
