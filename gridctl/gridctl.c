#define _DEFAULT_SOURCE // mkstemps
#include <errno.h>
#include <json-c/json.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>
#include "gridctl/request.h"
#include "gridctl/socket_path.h"
#include "gridctl/util.h"
#include "protocol/control.h"

/*
 * gridctl: sends one request to gridwl's control socket and prints the
 * reply. Exit status: 0 if the compositor reports success, 1 if it reports
 * failure, 2 if gridctl itself failed (usage, connection, bad reply).
 */

enum {
	EXIT_REPLY_FAILURE = 1,
	EXIT_GRIDCTL_FAILURE = 2,
};

// Replies are small but a window list can grow; this only guards against a
// compositor gone mad.
#define MAX_REPLY (64 << 20)

// Around the commands' lines, which come from the table that builds their
// requests, so --help cannot list a command gridctl does not know.
static const char usage_head[] =
		"Usage: gridctl COMMAND [ARGUMENTS]\n"
		"\n"
		"Sends COMMAND to the gridwl compositor and prints its JSON reply.\n"
		"\n"
		"Commands:\n";
static const char usage_tail[] =
		"\n"
		"The socket is $GRIDWL_SOCK if set, otherwise\n"
		"$XDG_RUNTIME_DIR/gridwl-$WAYLAND_DISPLAY.sock.\n"
		"\n"
		"Exit status: 0 on success, 1 if the compositor reports an error,\n"
		"2 if gridctl fails (its error is printed as JSON too).\n";

static void print_json(struct json_object *obj) {
	// Unescaped slashes keep paths in replies readable and greppable.
	printf("%s\n",
			json_object_to_json_string_ext(obj,
					JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE));
}

/* Reports gridctl's own failure in the same shape as the compositor's,
 * so scripts parse one format. Takes message (NULL: out of memory). */
static int fail(char *message) {
	struct json_object *reply = gridwl_control_error("%s",
			message != NULL ? message : "out of memory");
	print_json(reply);
	json_object_put(reply);
	free(message);
	return EXIT_GRIDCTL_FAILURE;
}

static char *current_dir(void) {
	size_t size = 256;
	for (;;) {
		char *buf = malloc(size);
		if (buf == NULL) {
			return NULL;
		}
		if (getcwd(buf, size) != NULL) {
			return buf;
		}
		free(buf);
		if (errno != ERANGE || size > (1 << 20)) {
			return NULL;
		}
		size *= 2;
	}
}

static int connect_socket(const char *path, int reply_timeout, char **error) {
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	size_t len = strlen(path);
	if (len >= sizeof(addr.sun_path)) {
		*error = gridctl_format("socket path too long: %s", path);
		return -1;
	}
	memcpy(addr.sun_path, path, len + 1);

	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		*error = gridctl_format("cannot create socket: %s", strerror(errno));
		return -1;
	}
	struct timeval timeout = { .tv_sec = reply_timeout };
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof(timeout));
	timeout.tv_sec = GRIDCTL_IO_TIMEOUT_SECONDS;
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof(timeout));
	if (connect(fd, (struct sockaddr *)&addr, sizeof(addr)) != 0) {
		*error = gridctl_format("cannot connect to %s: %s", path,
				strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

static bool send_all(int fd, const char *data, size_t len, char **error) {
	while (len > 0) {
		ssize_t n = send(fd, data, len, MSG_NOSIGNAL);
		if (n < 0) {
			if (errno == EINTR) {
				continue;
			}
			*error = gridctl_format("cannot send request: %s",
					errno == EAGAIN ? "timed out" : strerror(errno));
			return false;
		}
		data += n;
		len -= (size_t)n;
	}
	return true;
}

/* Reads up to the first newline. Returns the line without it. */
static char *read_line(int fd, int timeout, size_t *line_len, char **error) {
	size_t len = 0, cap = 4096;
	char *buf = malloc(cap);
	if (buf == NULL) {
		return NULL;
	}
	for (;;) {
		char *nl = memchr(buf, '\n', len);
		if (nl != NULL) {
			*line_len = (size_t)(nl - buf);
			return buf;
		}
		if (len == cap) {
			if (cap >= MAX_REPLY) {
				*error = gridctl_format("bad reply: longer than "
										"%d bytes",
						MAX_REPLY);
				break;
			}
			char *bigger = realloc(buf, cap * 2);
			if (bigger == NULL) {
				break;
			}
			buf = bigger;
			cap *= 2;
		}
		ssize_t n = recv(fd, buf + len, cap - len, 0);
		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n < 0 && errno == EAGAIN) {
			*error = gridctl_format("no reply from the compositor "
									"within %d seconds",
					timeout);
			break;
		}
		// ECONNRESET only says our request was not all read, which
		// matters only if no reply came.
		if (n == 0 || (n < 0 && errno == ECONNRESET)) {
			*error = gridctl_format(len == 0 ?
							"no reply: the compositor closed the connection" :
							"bad reply: connection closed mid-reply");
			break;
		}
		if (n < 0) {
			*error = gridctl_format("cannot read reply: %s", strerror(errno));
			break;
		}
		len += (size_t)n;
	}
	free(buf);
	return NULL;
}

static struct json_object *parse_reply(const char *text, size_t len,
		char **error) {
	if (len > (size_t)MAX_REPLY) {
		return NULL;
	}
	enum json_tokener_error jerr;
	bool trailing;
	struct json_object *reply =
			gridwl_control_parse_json(text, len, &jerr, &trailing);
	if (reply == NULL || trailing ||
			!json_object_is_type(reply, json_type_object)) {
		json_object_put(reply);
		*error = gridctl_format("bad reply: not a JSON object: %.*s",
				(int)(len > 200 ? 200 : len), text);
		return NULL;
	}
	return reply;
}

/*
 * gridctl screenshot ... -: the compositor writes into a file of ours in the
 * runtime dir, which is copied to stdout and removed. The request's "path"
 * of "-" becomes that file's; false after printing an error.
 */
static bool screenshot_to_stdout(char **request, char **temp_path,
		char **error) {
	struct json_object *object = json_tokener_parse(*request);
	struct json_object *command, *path;
	if (object == NULL ||
			!json_object_object_get_ex(object, "command", &command) ||
			strcmp(json_object_get_string(command), "screenshot") != 0 ||
			!json_object_object_get_ex(object, "path", &path) ||
			strcmp(json_object_get_string(path), "-") != 0) {
		json_object_put(object);
		return true;
	}
	const char *dir = getenv("XDG_RUNTIME_DIR");
	char *template = gridctl_format("%s/gridctl-screenshot-XXXXXX.png",
			dir != NULL && dir[0] != '\0' ? dir : "/tmp");
	int fd = template != NULL ? mkstemps(template, 4) : -1;
	if (fd < 0) {
		*error = gridctl_format("screenshot: no temporary file: %s",
				strerror(errno));
		free(template);
		json_object_put(object);
		return false;
	}
	close(fd);
	json_object_object_add(object, "path", json_object_new_string(template));
	free(*request);
	*request = strdup(
			json_object_to_json_string_ext(object, JSON_C_TO_STRING_PLAIN));
	json_object_put(object);
	*temp_path = template;
	if (*request == NULL) {
		*error = gridctl_format("out of memory");
		return false;
	}
	return true;
}

static bool copy_to_stdout(const char *path, char **error) {
	FILE *file = fopen(path, "rb");
	if (file == NULL) {
		*error = gridctl_format("%s: %s", path, strerror(errno));
		return false;
	}
	char buf[65536];
	size_t n;
	bool ok = true;
	while (ok && (n = fread(buf, 1, sizeof(buf), file)) > 0) {
		ok = fwrite(buf, 1, n, stdout) == n;
	}
	ok = ok && !ferror(file) && fflush(stdout) == 0;
	fclose(file);
	if (!ok) {
		*error = gridctl_format("cannot write the screenshot to stdout");
	}
	return ok;
}

/* gridctl subscribe: the reply, then one event a line as they come, each
 * printed (plain, one a line) and flushed at once for the pipe reading
 * them. Ends when gridwl does (0) or stdout is closed. */
static int stream_events(int fd) {
	// Events come when they come: no receive timeout.
	struct timeval none = { 0 };
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &none, sizeof(none));
	FILE *in = fdopen(fd, "r");
	if (in == NULL) {
		close(fd);
		return fail(gridctl_format("cannot read events: %s", strerror(errno)));
	}
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	bool first = true, ok = true;
	while ((len = getline(&line, &cap, in)) > 0) {
		if (first) {
			char *error = NULL;
			struct json_object *reply =
					parse_reply(line, (size_t)len - 1, &error);
			ok = reply != NULL && gridwl_control_succeeded(reply);
			json_object_put(reply);
			free(error);
			first = false;
		}
		if (fputs(line, stdout) == EOF || fflush(stdout) != 0) {
			break;
		}
	}
	free(line);
	fclose(in);
	if (first) {
		return fail(gridctl_format("no reply: the compositor closed the "
								   "connection"));
	}
	return ok ? EXIT_SUCCESS : EXIT_REPLY_FAILURE;
}

/* fail(), after removing the screenshot file gridctl made for stdout. */
static int fail_removing(char *temp_path, char *message) {
	if (temp_path != NULL) {
		unlink(temp_path);
		free(temp_path);
	}
	return fail(message);
}

int main(int argc, char **argv) {
	if (argc >= 2 &&
			(strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
		fputs(usage_head, stdout);
		gridctl_print_commands(stdout);
		fputs(usage_tail, stdout);
		return EXIT_SUCCESS;
	}

	char *error = NULL;
	char *cwd = current_dir();
	char *request = gridctl_build_request(argc - 1, argv + 1, cwd, &error);
	free(cwd);
	char *temp_path = NULL;
	if (request == NULL ||
			!screenshot_to_stdout(&request, &temp_path, &error)) {
		free(request);
		return fail_removing(temp_path, error);
	}

	char *path = gridctl_socket_path(getenv("GRIDWL_SOCK"),
			getenv("XDG_RUNTIME_DIR"), getenv("WAYLAND_DISPLAY"), &error);
	if (path == NULL) {
		free(request);
		return fail_removing(temp_path, error);
	}
	int reply_timeout = gridctl_reply_timeout(request);
	int fd = connect_socket(path, reply_timeout, &error);
	free(path);
	if (fd < 0) {
		free(request);
		return fail_removing(temp_path, error);
	}

	size_t request_len = strlen(request);
	request[request_len] = '\n'; // replaces the NUL; sent by length
	bool sent = send_all(fd, request, request_len + 1, &error);
	free(request);
	if (!sent) {
		close(fd);
		return fail_removing(temp_path, error);
	}
	// Tells the compositor this is our only request, so it closes the
	// connection once it has answered.
	shutdown(fd, SHUT_WR);
	if (strcmp(argv[1], "subscribe") == 0) {
		return stream_events(fd);
	}

	size_t reply_len = 0;
	char *text = read_line(fd, reply_timeout, &reply_len, &error);
	close(fd);
	if (text == NULL) {
		return fail_removing(temp_path, error);
	}
	struct json_object *reply = parse_reply(text, reply_len, &error);
	free(text);
	if (reply == NULL) {
		return fail_removing(temp_path, error);
	}

	bool ok = gridwl_control_succeeded(reply);
	if (temp_path != NULL) {
		// stdout is the image's: the reply goes to stderr on failure only.
		if (ok && !copy_to_stdout(temp_path, &error)) {
			fprintf(stderr, "gridctl: %s\n", error);
			free(error);
			ok = false;
		} else if (!ok) {
			fprintf(stderr, "%s\n",
					json_object_to_json_string_ext(reply,
							JSON_C_TO_STRING_PLAIN));
		}
		unlink(temp_path);
		free(temp_path);
		json_object_put(reply);
		return ok ? EXIT_SUCCESS : EXIT_REPLY_FAILURE;
	}
	print_json(reply);
	json_object_put(reply);
	if (fflush(stdout) != 0) {
		perror("gridctl: cannot write to stdout");
		return EXIT_GRIDCTL_FAILURE;
	}
	return ok ? EXIT_SUCCESS : EXIT_REPLY_FAILURE;
}
