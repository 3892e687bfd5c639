#define _GNU_SOURCE // setgroups
#include <errno.h>
#include <grp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "harness.h"
#include "screenshots.h"

/*
 * Raw writes to the real compositor's control socket: what is not JSON,
 * binary, a line over the 1 MiB limit, a request cut short by a hang-up,
 * and a connection from another user. Each is answered with an error (or
 * nothing, for the other user), gridwl keeps running and a client drawing
 * all along gets its next frame onto the screen.
 */

#define OUTPUT "HEADLESS-1"
#define WIDTH 640
#define HEIGHT 480
#define NOBODY 65534
#define MESSAGE_LIMIT (1 << 20) // GRIDWL_CONTROL_MAX_MESSAGE

struct state {
	struct harness *h;
	struct harness_client *good;
	int frame; // which pattern the good client draws next
};

static int connect_control(void) {
	const char *path = getenv("GRIDWL_SOCK");
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	if (path == NULL || strlen(path) >= sizeof(addr.sun_path)) {
		fprintf(stderr, "GRIDWL_SOCK is unset or too long\n");
		return -1;
	}
	strcpy(addr.sun_path, path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd >= 0 && connect(fd, (struct sockaddr *)&addr, sizeof(addr)) != 0) {
		close(fd);
		fd = -1;
	}
	return fd;
}

static bool send_all(int fd, const void *data, size_t len) {
	const char *p = data;
	while (len > 0) {
		ssize_t n = send(fd, p, len, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n <= 0) {
			return false;
		}
		p += n;
		len -= (size_t)n;
	}
	return true;
}

/* One reply line parsed, or NULL at end of input (*eof set) or on timeout. */
static struct json_object *read_reply(int fd, bool *eof) {
	char line[4096];
	size_t len = 0;
	*eof = false;
	while (len < sizeof(line) - 1) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		if (poll(&pfd, 1, HARNESS_TIMEOUT_MS) <= 0) {
			fprintf(stderr, "no reply from the control socket\n");
			return NULL;
		}
		ssize_t n = recv(fd, line + len, 1, 0);
		if (n <= 0) {
			*eof = true;
			if (len > 0) {
				fprintf(stderr, "reply cut short: %.*s\n", (int)len, line);
			}
			return NULL;
		}
		if (line[len] == '\n') {
			line[len] = '\0';
			return json_tokener_parse(line);
		}
		len++;
	}
	fprintf(stderr, "reply line too long\n");
	return NULL;
}

static bool check_error_reply(int fd, const char *prefix) {
	bool eof;
	struct json_object *reply = read_reply(fd, &eof);
	struct json_object *error = json_path(reply, "error", json_type_string);
	bool ok = CHECK_JSON_BOOL(reply, "success", false) &&
			CHECK(error != NULL &&
							strncmp(json_object_get_string(error), prefix,
									strlen(prefix)) == 0,
					"error should start \"%s\": %s", prefix,
					json_object_to_json_string(reply));
	json_object_put(reply);
	return ok;
}

static bool check_windows_reply(int fd) {
	bool eof;
	struct json_object *reply = read_reply(fd, &eof);
	bool ok = CHECK_JSON_BOOL(reply, "success", true) &&
			CHECK_JSON_TYPE(reply, "windows", json_type_array);
	json_object_put(reply);
	return ok;
}

static bool check_eof(int fd) {
	bool eof;
	struct json_object *reply = read_reply(fd, &eof);
	bool ok = CHECK(reply == NULL && eof,
			"expected the connection closed, "
			"got %s",
			reply ? json_object_to_json_string(reply) : "a timeout");
	json_object_put(reply);
	return ok;
}

static const char windows_request[] = "{\"command\":\"windows\"}";

/* gridwl is alive, and the good client's next frame is all on screen. */
static bool check_good_draws(struct state *s) {
	static const struct {
		const char *name;
		enum pattern_kind kind;
	} frames[] = {
		{ "checker", PATTERN_CHECKER },
		{ "grid", PATTERN_GRID },
	};
	int f = s->frame++ % 2;
	char command[32];
	snprintf(command, sizeof(command), "pattern %s", frames[f].name);
	REQUIRE(client_command_synced(s->good, command),
			"good client did not redraw");
	struct image *image = screenshot_gridctl(s->h, OUTPUT, "bad-control");
	REQUIRE(image != NULL, "no screenshot");
	struct pattern pattern = { .kind = frames[f].kind };
	struct image_region all = { 0, 0, WIDTH, HEIGHT };
	bool ok = CHECK_PATTERN(image, all, &pattern, WIDTH, HEIGHT, "bad-control");
	image_destroy(image);
	return ok;
}

static bool not_json(const void *data) {
	int fd = connect_control();
	REQUIRE(fd >= 0, "cannot connect: %s", strerror(errno));
	bool ok = send_all(fd, "hello, gridwl\n", 14) &&
			check_error_reply(fd, "malformed JSON");
	// The connection goes on: the next line is a request like any.
	ok = send_all(fd, windows_request, strlen(windows_request)) &&
			send_all(fd, "\n", 1) && check_windows_reply(fd) && ok;
	close(fd);
	return check_good_draws((struct state *)data) && ok;
}

static bool binary(const void *data) {
	unsigned char junk[4096];
	unsigned seed = 12345;
	for (size_t i = 0; i < sizeof(junk); i++) {
		seed = seed * 1103515245u + 12345u;
		junk[i] = (unsigned char)(seed >> 16);
		if (junk[i] == '\n') {
			junk[i] = 0; // one line, so one reply; NULs and all
		}
	}
	int fd = connect_control();
	REQUIRE(fd >= 0, "cannot connect: %s", strerror(errno));
	bool ok = send_all(fd, junk, sizeof(junk)) && send_all(fd, "\n", 1) &&
			check_error_reply(fd, "malformed JSON");
	close(fd);
	return check_good_draws((struct state *)data) && ok;
}

static bool oversized(const void *data) {
	size_t len = MESSAGE_LIMIT + 1;
	char *line = malloc(len + 1);
	REQUIRE(line != NULL, "out of memory");
	memset(line, 'x', len);
	line[len] = '\n';
	int fd = connect_control();
	REQUIRE(fd >= 0, "cannot connect: %s", strerror(errno));
	// gridwl may close before it has read it all; what it answers is
	// what counts.
	send_all(fd, line, len + 1);
	free(line);
	bool ok = check_error_reply(fd, "message too long") && check_eof(fd);
	close(fd);
	return check_good_draws((struct state *)data) && ok;
}

static bool hangups(const void *data) {
	// A last request without its newline is still carried out.
	int fd = connect_control();
	REQUIRE(fd >= 0, "cannot connect: %s", strerror(errno));
	bool ok = send_all(fd, windows_request, strlen(windows_request)) &&
			shutdown(fd, SHUT_WR) == 0 && check_windows_reply(fd) &&
			check_eof(fd);
	close(fd);
	// Half a request and gone, reading nothing.
	fd = connect_control();
	REQUIRE(fd >= 0, "cannot connect: %s", strerror(errno));
	ok = send_all(fd, "{\"command\":\"win", 15) && ok;
	close(fd);
	return check_good_draws((struct state *)data) && ok;
}

/* In a child that is nobody: 0 when the connection was refused (only
 * allowed when !must_connect, so the second run reaches gridwl's own check)
 * or closed without a byte of reply. */
static int foreign_child(bool must_connect) {
	if (setgroups(0, NULL) != 0 || setgid(NOBODY) != 0 || setuid(NOBODY) != 0) {
		return 2;
	}
	int fd = connect_control();
	if (fd < 0) {
		return errno == EACCES && !must_connect ? 0 : 3;
	}
	send_all(fd, windows_request, strlen(windows_request));
	send_all(fd, "\n", 1);
	char byte;
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	if (poll(&pfd, 1, HARNESS_TIMEOUT_MS) <= 0) {
		return 4; // neither answered nor closed
	}
	ssize_t n = recv(fd, &byte, 1, 0);
	return n <= 0 ? 0 : 5;
}

static int run_foreign(bool must_connect) {
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		_exit(foreign_child(must_connect));
	}
	int status;
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) {
		return -1;
	}
	return WEXITSTATUS(status);
}

static bool foreign_user(const void *data) {
	struct state *s = (struct state *)data;
	const char *path = getenv("GRIDWL_SOCK");
	REQUIRE(path != NULL, "GRIDWL_SOCK is unset");
	// As it is, the socket's mode keeps nobody out.
	int code = run_foreign(false);
	bool ok = CHECK(code == 0,
			"nobody got through the socket's mode "
			"(child status %d)",
			code);
	// With the way open, gridwl's own uid check must refuse it.
	bool opened = chmod(harness_dir(s->h), 0711) == 0 && chmod(path, 0666) == 0;
	ok = CHECK(opened, "cannot open up the socket: %s", strerror(errno)) && ok;
	code = run_foreign(true);
	ok = CHECK(code == 0, "gridwl answered another user (child status %d)",
				 code) &&
			ok;
	ok = CHECK(chmod(path, 0600) == 0 && chmod(harness_dir(s->h), 0700) == 0,
				 "cannot restore the modes") &&
			ok;
	return check_good_draws(s) && ok;
}

static bool stops_cleanly(const void *data) {
	struct state *s = (struct state *)data;
	// Fails when gridwl did not exit with status 0: a crash shows here.
	return harness_stop(s->h, true);
}

int main(void) {
	struct check_suite suite = { 0 };
	char output[128];
	snprintf(output, sizeof(output), OUTPUT " mode %dx%d scale 1", WIDTH,
			HEIGHT);
	const char *args[] = { "--output", output, NULL };
	struct state s = { .h = harness_start(args) };
	if (s.h != NULL) {
		s.good = spawn_good_client(s.h, OUTPUT, WIDTH, HEIGHT, 1);
	}
	bool up = s.good != NULL;
	if (!up) {
		fprintf(stderr, "gridwl or the good client did not start\n");
		if (s.h != NULL) {
			harness_stop(s.h, false);
		}
		return 1;
	}
	// One compositor for all: each case must leave it serving.
	check_run(&suite, "a line that is not JSON gets an error", not_json, &s);
	check_run(&suite, "a binary line gets an error", binary, &s);
	check_run(&suite,
			"a line over 1 MiB gets an error and the connection "
			"closed",
			oversized, &s);
	check_run(&suite, "requests cut short by a hang-up do no harm", hangups,
			&s);
	if (geteuid() == 0) {
		check_run(&suite, "another user is refused without a reply",
				foreign_user, &s);
	} else {
		check_skip(&suite, "another user is refused without a reply",
				"needs root to become another user");
	}
	check_run(&suite, "gridwl exits cleanly after it all", stops_cleanly, &s);
	return check_finish(&suite);
}
