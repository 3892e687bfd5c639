// setgroups, for the test that connects as another user.
#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <poll.h>
#include <json-c/json.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <wayland-server-core.h>
#include "compositor/control/socket.h"
#include "stop-on-failure.h"

#define HUGE_REPLY_BYTES 300000
#define HUGE_REQUESTS 20 // 6 MB of replies: beyond the output high water
#define NOBODY 65534

struct test_state {
	struct wl_event_loop *loop;
	struct gridwl_control *control;
	char dir[64];
	char path[128];
	int calls;
	char last[64]; // the last command handled
	// "later" defers its reply until "release" gives it.
	struct gridwl_control_pending *held;
	int cancelled;
};

static void cancel_held(void *data) {
	struct test_state *state = data;
	state->held = NULL;
	state->cancelled++;
}

static struct json_object *echo_reply(const char *command) {
	struct json_object *reply = gridwl_control_success();
	json_object_object_add(reply, "echo", json_object_new_string(command));
	return reply;
}

/* Echoes the command back; "huge" gets a big reply, to fill buffers. */
static struct json_object *echo_handler(void *data, struct json_object *request,
		struct gridwl_control_pending *pending) {
	struct test_state *state = data;
	state->calls++;
	struct json_object *command;
	if (!json_object_object_get_ex(request, "command", &command) ||
			!json_object_is_type(command, json_type_string)) {
		return gridwl_control_error("missing command");
	}
	snprintf(state->last, sizeof(state->last), "%s",
			json_object_get_string(command));
	if (strcmp(state->last, "later") == 0) {
		if (state->held != NULL) {
			return gridwl_control_error("already holding one");
		}
		state->held = pending;
		gridwl_control_defer(pending, cancel_held, state);
		return NULL;
	}
	if (strcmp(state->last, "release") == 0) {
		if (state->held == NULL) {
			return gridwl_control_error("nothing held");
		}
		gridwl_control_pending_reply(state->held, echo_reply("later"));
		state->held = NULL;
	}
	struct json_object *reply = gridwl_control_success();
	json_object_object_add(reply, "echo", json_object_get(command));
	if (strcmp(json_object_get_string(command), "huge") == 0) {
		char *big = malloc(HUGE_REPLY_BYTES + 1);
		CHECK(big != NULL);
		memset(big, 'a', HUGE_REPLY_BYTES);
		big[HUGE_REPLY_BYTES] = '\0';
		json_object_object_add(reply, "data", json_object_new_string(big));
		free(big);
	}
	return reply;
}

/* ---- parsing ---- */

static void expect_parse_ok(const char *buf, size_t len) {
	const char *error = NULL;
	struct json_object *obj = gridwl_control_parse_request(buf, len, &error);
	if (obj == NULL) {
		fprintf(stderr, "'%.*s' failed: %s\n", (int)len, buf, error);
	}
	CHECK(obj != NULL);
	CHECK(json_object_is_type(obj, json_type_object));
	json_object_put(obj);
}

static void expect_parse_error(const char *buf, size_t len,
		const char *prefix) {
	const char *error = NULL;
	struct json_object *obj = gridwl_control_parse_request(buf, len, &error);
	if (obj != NULL || error == NULL ||
			strncmp(error, prefix, strlen(prefix)) != 0) {
		fprintf(stderr, "'%.*s': got %s, expected error '%s...'\n", (int)len,
				buf, obj ? "an object" : error, prefix);
	}
	CHECK(obj == NULL);
	CHECK(error != NULL && strncmp(error, prefix, strlen(prefix)) == 0);
}

#define PARSE_OK(str) expect_parse_ok(str, sizeof(str) - 1)
#define PARSE_ERROR(str, prefix) \
	expect_parse_error(str, sizeof(str) - 1, prefix)

static const char malformed[] = "malformed JSON";
static const char not_object[] = "request must be a JSON object";

static void test_parse(void) {
	PARSE_OK("{}");
	PARSE_OK("{\"command\":\"outputs\"}");
	PARSE_OK("  {\"command\" : \"move\", \"id\": 3}\t \r");
	PARSE_OK("{\"a\":[1,{\"b\":null}],\"c\":-1.5e3,\"d\":\"\xc3\xa9\"}");
	PARSE_OK("{\"escaped\":\"\\u00e9\\n\\\"\"}");
	// The length is honoured, not a terminating NUL.
	expect_parse_ok("{\"a\":1}garbage", 7);

	PARSE_ERROR("[1,2]", not_object);
	PARSE_ERROR("[]", not_object);
	PARSE_ERROR("123", not_object);
	PARSE_ERROR("-0.5", not_object);
	PARSE_ERROR("\"string\"", not_object);
	PARSE_ERROR("null", not_object);
	PARSE_ERROR("true", not_object);

	PARSE_ERROR("", malformed);
	PARSE_ERROR("   ", malformed);
	PARSE_ERROR("{", malformed);
	PARSE_ERROR("{\"command\":", malformed);
	PARSE_ERROR("{\"command\":\"outp", malformed);
	PARSE_ERROR("{\"a\":1", malformed);
	PARSE_ERROR("garbage", malformed);
	PARSE_ERROR("{command:1}", malformed);
	PARSE_ERROR("{\"a\":1,}", malformed);
	PARSE_ERROR("/* hi */{}", malformed);
	PARSE_ERROR("{\"a\":tru}", malformed);
	PARSE_ERROR("{\"a\":\"\xff\"}", malformed);
	PARSE_ERROR("{}{}", malformed);
	PARSE_ERROR("{} {}", malformed);
	PARSE_ERROR("{\"a\":1} x", malformed);
	PARSE_ERROR("{}]", malformed);
	PARSE_ERROR("[1] {}", malformed);
	// json-c would stop at the NUL and never see what follows it.
	PARSE_ERROR("{\"a\":1}\0{\"b\":2}", "malformed JSON: NUL");
	PARSE_ERROR("{\"a\":\"x\0y\"}", "malformed JSON: NUL");
	PARSE_ERROR("\0", "malformed JSON: NUL");
	PARSE_ERROR("{}\0", "malformed JSON: NUL");

	// Well formed but nested beyond json-c's depth limit.
	char deep[256];
	int n = snprintf(deep, sizeof(deep), "{\"a\":");
	for (int i = 0; i < 100; i++) {
		deep[n++] = '[';
	}
	for (int i = 0; i < 100; i++) {
		deep[n++] = ']';
	}
	deep[n++] = '}';
	expect_parse_error(deep, (size_t)n, "malformed JSON: nested");

	size_t big_len = GRIDWL_CONTROL_MAX_MESSAGE + 1;
	char *big = malloc(big_len);
	CHECK(big != NULL);
	memset(big, ' ', big_len);
	memcpy(big, "{}", 2);
	expect_parse_error(big, big_len, "message too long");
	expect_parse_ok(big, big_len - 1);
	free(big);
}

static void test_replies(void) {
	struct json_object *reply = gridwl_control_error("bad %s %d", "id", 5);
	CHECK(strcmp(json_object_to_json_string_ext(reply, JSON_C_TO_STRING_PLAIN),
				  "{\"success\":false,\"error\":\"bad id 5\"}") == 0);
	json_object_put(reply);
	reply = gridwl_control_success();
	CHECK(strcmp(json_object_to_json_string_ext(reply, JSON_C_TO_STRING_PLAIN),
				  "{\"success\":true}") == 0);
	json_object_put(reply);
}

/* ---- client side, run in a child process ---- */

struct reader {
	int fd;
	char *buf;
	size_t len, cap;
};

static int connect_to(const char *path) {
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	CHECK(strlen(path) < sizeof(addr.sun_path));
	strcpy(addr.sun_path, path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	CHECK(fd >= 0);
	CHECK(connect(fd, (struct sockaddr *)&addr, sizeof(addr)) == 0);
	return fd;
}

/* Returns false if the server went away before taking it all. */
static bool send_all(int fd, const char *data, size_t len) {
	while (len > 0) {
		ssize_t n = send(fd, data, len, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n < 0) {
			CHECK(errno == EPIPE || errno == ECONNRESET);
			return false;
		}
		data += n;
		len -= (size_t)n;
	}
	return true;
}

static void send_str(int fd, const char *str) {
	CHECK(send_all(fd, str, strlen(str)));
}

/* Reads one reply line, which must be a JSON object with nothing else on
 * its line. Returns NULL at end of stream. */
static struct json_object *read_reply(struct reader *r) {
	for (;;) {
		char *nl = r->len > 0 ? memchr(r->buf, '\n', r->len) : NULL;
		if (nl != NULL) {
			size_t line_len = (size_t)(nl - r->buf);
			struct json_tokener *tok = json_tokener_new();
			struct json_object *obj =
					json_tokener_parse_ex(tok, r->buf, (int)line_len);
			CHECK(obj != NULL);
			CHECK(json_object_is_type(obj, json_type_object));
			CHECK(json_tokener_get_parse_end(tok) == line_len);
			json_tokener_free(tok);
			memmove(r->buf, nl + 1, r->len - line_len - 1);
			r->len -= line_len + 1;
			return obj;
		}
		if (r->len == r->cap) {
			r->cap = r->cap ? r->cap * 2 : 4096;
			r->buf = realloc(r->buf, r->cap);
			CHECK(r->buf != NULL);
		}
		ssize_t n = recv(r->fd, r->buf + r->len, r->cap - r->len, 0);
		if (n < 0 && errno == EINTR) {
			continue;
		}
		// ECONNRESET: the server closed with our input unread, which
		// is how an oversized message ends.
		if (n == 0 || (n < 0 && errno == ECONNRESET)) {
			CHECK(r->len == 0);
			return NULL;
		}
		CHECK(n > 0);
		r->len += (size_t)n;
	}
}

static void expect_echo(struct reader *r, const char *command) {
	struct json_object *reply = read_reply(r);
	CHECK(reply != NULL);
	struct json_object *member;
	CHECK(json_object_object_get_ex(reply, "success", &member));
	CHECK(json_object_get_boolean(member));
	CHECK(json_object_object_get_ex(reply, "echo", &member));
	if (strcmp(json_object_get_string(member), command) != 0) {
		fprintf(stderr, "echo %s, expected %s\n",
				json_object_get_string(member), command);
	}
	CHECK(strcmp(json_object_get_string(member), command) == 0);
	json_object_put(reply);
}

static void expect_error(struct reader *r, const char *prefix) {
	struct json_object *reply = read_reply(r);
	CHECK(reply != NULL);
	struct json_object *member;
	CHECK(json_object_object_get_ex(reply, "success", &member));
	CHECK(json_object_is_type(member, json_type_boolean));
	CHECK(!json_object_get_boolean(member));
	CHECK(json_object_object_get_ex(reply, "error", &member));
	const char *error = json_object_get_string(member);
	if (strncmp(error, prefix, strlen(prefix)) != 0) {
		fprintf(stderr, "error '%s', expected '%s...'\n", error, prefix);
	}
	CHECK(strncmp(error, prefix, strlen(prefix)) == 0);
	CHECK(json_object_object_length(reply) == 2);
	json_object_put(reply);
}

static void expect_eof(struct reader *r) {
	CHECK(read_reply(r) == NULL);
}

static void reader_finish(struct reader *r) {
	close(r->fd);
	free(r->buf);
}

static void sleep_ms(long ms) {
	struct timespec ts = { .tv_sec = ms / 1000,
		.tv_nsec = (ms % 1000) * 1000000 };
	nanosleep(&ts, NULL);
}

/* Pipelining, malformed requests, blank lines, split writes, and a last
 * request followed by shutdown(SHUT_WR) instead of a newline. */
static void client_requests(const char *path) {
	struct reader r = { .fd = connect_to(path) };
	send_str(r.fd, "{\"command\":\"a\"}\n{\"command\":\"b\"}\n");
	expect_echo(&r, "a");
	expect_echo(&r, "b");

	send_str(r.fd, "{\"command\":\n");
	expect_error(&r, malformed);
	send_str(r.fd, "[1,2]\n");
	expect_error(&r, not_object);
	send_str(r.fd, "{\"command\":\"x\"} {\"command\":\"y\"}\n");
	expect_error(&r, malformed);
	// Blank lines get no reply: the next reply is c's.
	send_str(r.fd, "\n\r\n  \t\n{\"command\":\"c\"}\r\n");
	expect_echo(&r, "c");
	// The handler, not the socket, insists on "command".
	send_str(r.fd, "{\"nocommand\":1}\n");
	expect_error(&r, "missing command");

	send_str(r.fd, "{\"comm");
	sleep_ms(20);
	send_str(r.fd, "and\":\"split\"");
	sleep_ms(20);
	send_str(r.fd, "}\n");
	expect_echo(&r, "split");

	send_str(r.fd, "{\"command\":\"last\"}");
	CHECK(shutdown(r.fd, SHUT_WR) == 0);
	expect_echo(&r, "last");
	expect_eof(&r);
	reader_finish(&r);
}

/* A line of exactly the limit is fine; one byte more is not, and ends the
 * connection without disturbing another one. */
static void client_sizes(const char *path) {
	size_t len = GRIDWL_CONTROL_MAX_MESSAGE;
	char *line = malloc(len + 2);
	CHECK(line != NULL);
	const char head[] = "{\"command\":\"big\",\"pad\":\"";
	memset(line, 'p', len);
	memcpy(line, head, sizeof(head) - 1);
	memcpy(line + len - 2, "\"}", 2);
	line[len] = '\n';

	struct reader other = { .fd = connect_to(path) };
	struct reader r = { .fd = connect_to(path) };
	CHECK(send_all(r.fd, line, len + 1));
	expect_echo(&r, "big");

	// Requests before the oversized one are still answered.
	send_str(r.fd, "{\"command\":\"before\"}\n");
	memset(line, 'x', len + 1);
	line[len + 1] = '\n';
	// The server may close before taking it all; that is fine.
	send_all(r.fd, line, len + 2);
	expect_echo(&r, "before");
	expect_error(&r, "message too long");
	expect_eof(&r);
	reader_finish(&r);

	// A client that never ends its line is cut off at the limit too.
	r = (struct reader){ .fd = connect_to(path) };
	memset(line, 'y', len + 1);
	send_all(r.fd, line, len + 1);
	expect_error(&r, "message too long");
	expect_eof(&r);
	reader_finish(&r);

	send_str(other.fd, "{\"command\":\"unaffected\"}\n");
	expect_echo(&other, "unaffected");
	reader_finish(&other);
	free(line);
}

/* Replies far beyond the socket buffer, to a client slow to read them. */
static void client_huge(const char *path) {
	struct reader r = { .fd = connect_to(path) };
	for (int i = 0; i < HUGE_REQUESTS; i++) {
		send_str(r.fd, "{\"command\":\"huge\"}\n");
	}
	send_str(r.fd, "{\"command\":\"after\"}\n");
	sleep_ms(200);

	// Meanwhile other clients are served.
	struct reader other = { .fd = connect_to(path) };
	send_str(other.fd, "{\"command\":\"meanwhile\"}\n");
	expect_echo(&other, "meanwhile");
	reader_finish(&other);

	for (int i = 0; i < HUGE_REQUESTS; i++) {
		struct json_object *reply = read_reply(&r);
		CHECK(reply != NULL);
		struct json_object *data;
		CHECK(json_object_object_get_ex(reply, "data", &data));
		CHECK(json_object_get_string_len(data) == HUGE_REPLY_BYTES);
		json_object_put(reply);
	}
	expect_echo(&r, "after");
	reader_finish(&r);
}

/* A client that vanishes with requests in flight and replies unread. */
static void client_vanish(const char *path) {
	int fd = connect_to(path);
	for (int i = 0; i < HUGE_REQUESTS; i++) {
		send_str(fd, "{\"command\":\"huge\"}\n");
	}
	sleep_ms(50);
	close(fd);
	fd = connect_to(path);
	send_str(fd, "{\"command\":\"half");
	close(fd);

	struct reader r = { .fd = connect_to(path) };
	send_str(r.fd, "{\"command\":\"still here\"}\n");
	expect_echo(&r, "still here");
	reader_finish(&r);
}

/* Whether a reply is waiting on fd within ms. */
static bool readable_within(int fd, int ms) {
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	return poll(&pfd, 1, ms) > 0;
}

/* Deferred replies: the connection waits, in order, while others are
 * served; a client that hangs up while waiting has its wait cancelled. */
static void client_deferred(const char *path) {
	struct reader a = { .fd = connect_to(path) };
	struct reader b = { .fd = connect_to(path) };
	send_str(a.fd, "{\"command\":\"later\"}\n{\"command\":\"after\"}\n");
	send_str(b.fd, "{\"command\":\"b\"}\n");
	expect_echo(&b, "b");
	CHECK(!readable_within(a.fd, 100));
	send_str(b.fd, "{\"command\":\"release\"}\n");
	expect_echo(&b, "release");
	expect_echo(&a, "later");
	expect_echo(&a, "after");
	reader_finish(&a);

	// As gridctl does: the request, then shutdown(SHUT_WR).
	struct reader c = { .fd = connect_to(path) };
	send_str(c.fd, "{\"command\":\"later\"}\n");
	CHECK(shutdown(c.fd, SHUT_WR) == 0);
	CHECK(!readable_within(c.fd, 100));
	send_str(b.fd, "{\"command\":\"release\"}\n");
	expect_echo(&b, "release");
	expect_echo(&c, "later");
	expect_eof(&c);
	reader_finish(&c);

	// Hanging up while waiting, with and without shutdown first: nothing
	// is left held.
	for (int i = 0; i < 2; i++) {
		int fd = connect_to(path);
		send_str(fd, "{\"command\":\"later\"}\n");
		if (i == 1) {
			CHECK(shutdown(fd, SHUT_WR) == 0);
		}
		sleep_ms(50);
		close(fd);
		sleep_ms(50);
		send_str(b.fd, "{\"command\":\"release\"}\n");
		expect_error(&b, "nothing held");
	}
	reader_finish(&b);
}

/* Requests from a client that hangs up without waiting are carried out. */
static void client_fire_and_forget(const char *path) {
	int fd = connect_to(path);
	send_str(fd, "{\"command\":\"fire\"}\n{\"command\":\"forget\"}");
	close(fd);
}

static void client_foreign_uid(const char *path) {
	CHECK(setgroups(0, NULL) == 0);
	CHECK(setgid(NOBODY) == 0);
	CHECK(setuid(NOBODY) == 0);
	struct reader r = { .fd = connect_to(path) };
	// The server closes without answering; it may do so before we send.
	send_all(r.fd, "{\"command\":\"a\"}\n", 16);
	expect_eof(&r);
	reader_finish(&r);
}

/* ---- server side ---- */

static void run_client(struct test_state *state,
		void (*client)(const char *path), const char *name) {
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	CHECK(pid >= 0);
	if (pid == 0) {
		alarm(30);
		client(state->path);
		_exit(0);
	}

	struct timespec start, now;
	clock_gettime(CLOCK_MONOTONIC, &start);
	int status;
	for (;;) {
		pid_t done = waitpid(pid, &status, WNOHANG);
		CHECK(done >= 0);
		if (done == pid) {
			break;
		}
		CHECK(wl_event_loop_dispatch(state->loop, 10) == 0);
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (now.tv_sec - start.tv_sec > 40) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			fprintf(stderr, "%s: timed out\n", name);
			CHECK(!"client timed out");
		}
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "client %s failed (status %d)\n", name, status);
	}
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	// Let the server notice closed connections.
	for (int i = 0; i < 5; i++) {
		wl_event_loop_dispatch(state->loop, 0);
	}
}

static void make_stale_socket(const char *path) {
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	strcpy(addr.sun_path, path);
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);
	CHECK(fd >= 0);
	CHECK(bind(fd, (struct sockaddr *)&addr, sizeof(addr)) == 0);
	close(fd);
}

static void test_create_failures(struct test_state *state) {
	char path[160];
	snprintf(path, sizeof(path), "%s/regular-file", state->dir);
	FILE *f = fopen(path, "w");
	CHECK(f != NULL);
	fclose(f);
	// Only a stale socket is removed, never some other file.
	CHECK(gridwl_control_create(state->loop, path, echo_handler, state) ==
			NULL);
	struct stat st;
	CHECK(stat(path, &st) == 0 && S_ISREG(st.st_mode));
	unlink(path);

	char long_path[200];
	memset(long_path, 'a', sizeof(long_path) - 1);
	long_path[0] = '/';
	long_path[sizeof(long_path) - 1] = '\0';
	CHECK(gridwl_control_create(state->loop, long_path, echo_handler, state) ==
			NULL);

	snprintf(path, sizeof(path), "%s/no/such/dir.sock", state->dir);
	CHECK(gridwl_control_create(state->loop, path, echo_handler, state) ==
			NULL);
}

/* Destroying with a client connected hangs up on it and frees it. */
static void test_destroy_with_client(struct test_state *state) {
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	CHECK(fd >= 0);
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	strcpy(addr.sun_path, state->path);
	CHECK(connect(fd, (struct sockaddr *)&addr, sizeof(addr)) == 0);
	send_str(fd, "{\"command\":\"partial");
	for (int i = 0; i < 5; i++) {
		wl_event_loop_dispatch(state->loop, 10);
	}
	gridwl_control_destroy(state->control);
	state->control = NULL;
	char c;
	CHECK(recv(fd, &c, 1, 0) == 0);
	close(fd);
}

int main(void) {
	test_parse();
	test_replies();

	struct test_state state = { 0 };
	snprintf(state.dir, sizeof(state.dir), "/tmp/gridwl-control-XXXXXX");
	CHECK(mkdtemp(state.dir) != NULL);
	CHECK(chmod(state.dir, 0700) == 0);
	snprintf(state.path, sizeof(state.path), "%s/control.sock", state.dir);
	state.loop = wl_event_loop_create();
	CHECK(state.loop != NULL);

	test_create_failures(&state);

	make_stale_socket(state.path);
	// With no umask to help, the socket must still come out 0600.
	mode_t old_umask = umask(0);
	state.control =
			gridwl_control_create(state.loop, state.path, echo_handler, &state);
	umask(old_umask);
	CHECK(state.control != NULL);
	CHECK(strcmp(gridwl_control_get_path(state.control), state.path) == 0);
	struct stat st;
	CHECK(stat(state.path, &st) == 0);
	CHECK(S_ISSOCK(st.st_mode));
	CHECK((st.st_mode & 07777) == 0600);

	state.calls = 0;
	run_client(&state, client_requests, "requests");
	// Malformed requests never reach the handler.
	CHECK(state.calls == 6);

	run_client(&state, client_sizes, "sizes");
	run_client(&state, client_huge, "huge");
	run_client(&state, client_vanish, "vanish");
	run_client(&state, client_deferred, "deferred");
	CHECK(state.cancelled == 2 && state.held == NULL);

	int calls = state.calls;
	run_client(&state, client_fire_and_forget, "fire-and-forget");
	// The client may be gone before the server has even accepted it; the
	// requests must still be carried out, so wait for them (bounded).
	for (int i = 0; i < 200 && state.calls != calls + 2; i++) {
		wl_event_loop_dispatch(state.loop, 10);
	}
	if (state.calls != calls + 2) {
		fprintf(stderr, "fire-and-forget: %d calls, last %s\n",
				state.calls - calls, state.last);
	}
	CHECK(state.calls == calls + 2);
	CHECK(strcmp(state.last, "forget") == 0);

	if (geteuid() == 0) {
		// Let nobody reach the socket, so only the uid check stops it.
		CHECK(chmod(state.dir, 0711) == 0);
		CHECK(chmod(state.path, 0666) == 0);
		calls = state.calls;
		run_client(&state, client_foreign_uid, "foreign-uid");
		CHECK(state.calls == calls);
		CHECK(chmod(state.path, 0600) == 0);
		CHECK(chmod(state.dir, 0700) == 0);
	} else {
		printf("not root: skipping the foreign uid check\n");
	}
	run_client(&state, client_requests, "requests again");

	test_destroy_with_client(&state);
	CHECK(lstat(state.path, &st) != 0 && errno == ENOENT);

	// A socket someone else put at our path since is left alone.
	state.control =
			gridwl_control_create(state.loop, state.path, echo_handler, &state);
	CHECK(state.control != NULL);
	unlink(state.path);
	make_stale_socket(state.path);
	gridwl_control_destroy(state.control);
	CHECK(lstat(state.path, &st) == 0);
	unlink(state.path);

	wl_event_loop_destroy(state.loop);
	CHECK(rmdir(state.dir) == 0);
	return 0;
}
