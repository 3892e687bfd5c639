#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <wayland-server-core.h>
#include <wlr/util/log.h>
#include "compositor/control/socket.h"
#include "fuzz.h"

/*
 * The control socket as a client sees it: the input after its first two
 * bytes is written to a real connection in chunks, then the client either
 * shuts down its writing side and reads to the end, or hangs up at once.
 * That drives the line splitting, the blank-line and missing-newline rules
 * and the hang-up path, which gridwl_control_parse_request alone does not
 * see. Byte 0: bit 0 set means hang up; byte 1: the chunk size less one.
 *
 * When it reads to the end, every non-blank line must get exactly one reply,
 * each reply one JSON object on one line, and the connection must close.
 */

#define DISPATCH_LIMIT 100000 // rounds before a stalled connection fails

static struct wl_event_loop *loop;
static struct gridwl_control *control;
static char socket_path[108];
static char socket_dir[64];

/* libFuzzer and the replay driver both end with exit(), so this runs and no
 * socket directory is left behind per run. */
static void cleanup(void) {
	gridwl_control_destroy(control);
	control = NULL;
	if (loop != NULL) {
		wl_event_loop_destroy(loop);
		loop = NULL;
	}
	rmdir(socket_dir);
}

/* Echoes the request, so that replies to valid requests are objects too. */
static struct json_object *echo(void *data, struct json_object *request,
		struct gridwl_control_pending *pending) {
	return json_object_get(request);
}

static bool setup(void) {
	if (control != NULL) {
		return true;
	}
	wlr_log_init(WLR_SILENT, NULL);
	snprintf(socket_dir, sizeof(socket_dir), "/tmp/gridwl-fuzz-control-XXXXXX");
	if (mkdtemp(socket_dir) == NULL) {
		return false;
	}
	snprintf(socket_path, sizeof(socket_path), "%s/control", socket_dir);
	atexit(cleanup);
	loop = wl_event_loop_create();
	control =
			loop ? gridwl_control_create(loop, socket_path, echo, NULL) : NULL;
	return control != NULL;
}

static int connect_control(void) {
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	memcpy(addr.sun_path, socket_path, sizeof(socket_path));
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	FUZZ_ASSERT(fd >= 0);
	FUZZ_ASSERT(connect(fd, (struct sockaddr *)&addr, sizeof(addr)) == 0);
	return fd;
}

static bool is_blank_line(const uint8_t *line, size_t len) {
	for (size_t i = 0; i < len; i++) {
		if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r') {
			return false;
		}
	}
	return true;
}

/* The replies the input must get. */
static size_t expected_replies(const uint8_t *data, size_t size) {
	size_t count = 0, start = 0;
	while (start < size) {
		const uint8_t *nl = memchr(data + start, '\n', size - start);
		size_t len = nl ? (size_t)(nl - (data + start)) : size - start;
		count += !is_blank_line(data + start, len);
		start += len + 1;
	}
	return count;
}

struct replies {
	char *buf;
	size_t len, cap;
	bool eof;
};

static void read_replies(int fd, struct replies *r) {
	while (!r->eof) {
		if (r->cap - r->len < 4096) {
			r->cap = r->cap ? r->cap * 2 : 8192;
			r->buf = realloc(r->buf, r->cap);
			FUZZ_ASSERT(r->buf != NULL);
		}
		ssize_t n = recv(fd, r->buf + r->len, r->cap - r->len, 0);
		if (n < 0) {
			FUZZ_ASSERT(errno == EAGAIN || errno == EINTR);
			return;
		}
		r->eof = n == 0;
		r->len += (size_t)n;
	}
}

static size_t check_replies(const struct replies *r) {
	size_t count = 0, start = 0;
	while (start < r->len) {
		char *nl = memchr(r->buf + start, '\n', r->len - start);
		FUZZ_ASSERT(nl != NULL); // a reply cut short
		size_t len = (size_t)(nl - (r->buf + start));
		const char *error = NULL;
		struct json_object *reply =
				gridwl_control_parse_request(r->buf + start, len, &error);
		FUZZ_ASSERT(reply != NULL);
		json_object_put(reply);
		count++;
		start += len + 1;
	}
	return count;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
	if (size < 2) {
		return 0;
	}
	if (!setup()) {
		abort();
	}
	bool hang_up = data[0] & 1;
	size_t chunk = (size_t)data[1] + 1;
	data += 2;
	size -= 2;

	int fd = connect_control();
	struct replies r = { 0 };
	size_t sent = 0;
	int rounds = 0;
	while (sent < size) {
		size_t n = size - sent < chunk ? size - sent : chunk;
		ssize_t w = send(fd, data + sent, n, MSG_NOSIGNAL);
		if (w > 0) {
			sent += (size_t)w;
		} else {
			FUZZ_ASSERT(errno == EAGAIN || errno == EINTR);
		}
		wl_event_loop_dispatch(loop, 0);
		read_replies(fd, &r);
		FUZZ_ASSERT(!r.eof && ++rounds < DISPATCH_LIMIT);
	}
	if (hang_up) {
		close(fd);
		// Let it see the hang-up and carry out what was sent.
		wl_event_loop_dispatch(loop, 0);
		wl_event_loop_dispatch(loop, 0);
		free(r.buf);
		return 0;
	}
	FUZZ_ASSERT(shutdown(fd, SHUT_WR) == 0);
	while (!r.eof) {
		wl_event_loop_dispatch(loop, 0);
		read_replies(fd, &r);
		FUZZ_ASSERT(++rounds < DISPATCH_LIMIT);
	}
	close(fd);
	size_t got = check_replies(&r);
	size_t want = expected_replies(data, size);
	if (got != want) {
		fprintf(stderr, "%zu replies to %zu requests\n", got, want);
	}
	FUZZ_ASSERT(got == want);
	free(r.buf);
	return 0;
}
