// struct ucred and SO_PEERCRED are Linux extensions; accept4 is too.
#define _GNU_SOURCE
#include <errno.h>
#include <json-c/json.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include <wayland-server-core.h>
#include <wlr/util/log.h>
#include "compositor/control/socket.h"

/*
 * Once this much output is waiting for a client we stop handling (and
 * reading) its requests until it drains, so a client that pipelines
 * requests without reading replies cannot make us buffer without bound.
 */
#define CONTROL_OUTPUT_HIGH_WATER (4 << 20)
/* One read per dispatch keeps a chatty client from starving the others. */
#define CONTROL_READ_CHUNK (64 << 10)

struct gridwl_control {
	struct wl_event_loop *loop;
	char *path;
	// Identifies the socket we bound, so destroy never unlinks a socket
	// that somebody else has put at the same path since.
	dev_t dev;
	ino_t ino;
	int fd;
	struct wl_event_source *source;
	gridwl_control_handler handler;
	void *data;
	struct wl_list clients; // gridwl_control_client.link
};

/* A request whose reply its handler gives later; at most one a connection,
 * as the connection reads nothing more until it is answered. */
struct gridwl_control_pending {
	struct gridwl_control_client *client;
	bool deferred;
	gridwl_control_cancel_func cancel;
	void *cancel_data;
};

struct gridwl_control_client {
	struct wl_list link; // gridwl_control.clients
	struct gridwl_control *control;
	int fd;
	struct wl_event_source *source;

	char *in;
	size_t in_len, in_cap;
	// Bytes of in already known to hold no '\n', so a long line arriving
	// in many reads is scanned once rather than once per read.
	size_t in_scanned;

	char *out;
	size_t out_start, out_len, out_cap; // unsent bytes: [out_start, out_len)

	bool eof; // the client will send nothing more
	bool peer_gone; // the client will read nothing more either
	bool closing; // stop handling input; close once output is flushed
	uint32_t mask; // what source is currently registered for

	struct gridwl_control_pending pending;
};

static bool is_json_space(char c) {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Nobody is left to answer: the waiter frees what it holds. */
static void client_cancel_pending(struct gridwl_control_client *client) {
	struct gridwl_control_pending *pending = &client->pending;
	if (!pending->deferred) {
		return;
	}
	pending->deferred = false;
	gridwl_control_cancel_func cancel = pending->cancel;
	pending->cancel = NULL;
	cancel(pending->cancel_data);
}

static void client_destroy(struct gridwl_control_client *client) {
	client_cancel_pending(client);
	wl_list_remove(&client->link);
	wl_event_source_remove(client->source);
	close(client->fd);
	free(client->in);
	free(client->out);
	free(client);
}

static size_t client_pending(const struct gridwl_control_client *client) {
	return client->out_len - client->out_start;
}

static bool buffer_reserve(char **buf, size_t *cap, size_t need) {
	if (need <= *cap) {
		return true;
	}
	size_t new_cap = *cap > 0 ? *cap : 4096;
	while (new_cap < need) {
		if (new_cap > SIZE_MAX / 2) {
			return false;
		}
		new_cap *= 2;
	}
	char *new_buf = realloc(*buf, new_cap);
	if (new_buf == NULL) {
		return false;
	}
	*buf = new_buf;
	*cap = new_cap;
	return true;
}

static bool client_queue(struct gridwl_control_client *client, const char *data,
		size_t len) {
	if (len == 0) {
		return true;
	}
	if (client->out_start > 0) {
		memmove(client->out, client->out + client->out_start,
				client_pending(client));
		client->out_len -= client->out_start;
		client->out_start = 0;
	}
	if (len > SIZE_MAX - client->out_len ||
			!buffer_reserve(&client->out, &client->out_cap,
					client->out_len + len)) {
		return false;
	}
	memcpy(client->out + client->out_len, data, len);
	client->out_len += len;
	return true;
}

/* Takes the reference to reply. */
static void client_send_reply(struct gridwl_control_client *client,
		struct json_object *reply) {
	if (client->peer_gone) {
		json_object_put(reply);
		return;
	}
	const char *text =
			json_object_to_json_string_ext(reply, JSON_C_TO_STRING_PLAIN);
	if (text == NULL || !client_queue(client, text, strlen(text)) ||
			!client_queue(client, "\n", 1)) {
		wlr_log(WLR_ERROR, "control: out of memory queueing a reply");
		// A reply that is cut short would desynchronise the client,
		// so make sure it gets nothing more at all.
		client->closing = true;
		client->out_start = client->out_len = 0;
	}
	json_object_put(reply);
}

static void client_handle_line(struct gridwl_control_client *client,
		const char *line, size_t len) {
	// Blank lines are no requests: they let a hand-typed session (socat
	// and the like) press return, or end lines with CRLF, harmlessly.
	size_t i = 0;
	while (i < len && is_json_space(line[i])) {
		i++;
	}
	if (i == len) {
		return;
	}

	const char *error = NULL;
	struct json_object *request =
			gridwl_control_parse_request(line, len, &error);
	if (request == NULL) {
		client_send_reply(client, gridwl_control_error("%s", error));
		return;
	}

	struct gridwl_control *control = client->control;
	struct json_object *reply =
			control->handler(control->data, request, &client->pending);
	json_object_put(request);
	if (reply == NULL && client->pending.deferred) {
		if (client->peer_gone) {
			// Requests of a client that hung up are carried out, but
			// there is nobody to wait for.
			client_cancel_pending(client);
		}
		return;
	}
	if (reply == NULL) {
		wlr_log(WLR_ERROR, "control: handler returned no reply");
		reply = gridwl_control_error("internal error: no reply");
	}
	client_send_reply(client, reply);
}

/* Handles every complete line in the input buffer, as far as the output
 * high-water mark allows. */
static void client_process_input(struct gridwl_control_client *client) {
	size_t start = 0;
	// A deferred reply holds back the requests after it, so that replies
	// go out in the order of the requests.
	while (!client->closing && !client->pending.deferred &&
			client_pending(client) < CONTROL_OUTPUT_HIGH_WATER) {
		size_t scan_from = start + client->in_scanned;
		if (scan_from >= client->in_len) {
			client->in_scanned = client->in_len - start;
			break;
		}
		char *nl = memchr(client->in + scan_from, '\n',
				client->in_len - scan_from);
		if (nl == NULL) {
			client->in_scanned = client->in_len - start;
			break;
		}
		size_t line_len = (size_t)(nl - (client->in + start));
		if (line_len > GRIDWL_CONTROL_MAX_MESSAGE) {
			// Caught here when the whole overlong line arrived at once.
			break;
		}
		client_handle_line(client, client->in + start, line_len);
		start += line_len + 1;
		client->in_scanned = 0;
	}

	if (start > 0) {
		memmove(client->in, client->in + start, client->in_len - start);
		client->in_len -= start;
	}

	// Whatever is left starts with the line we are waiting to finish.
	// (Behind a deferred reply nothing is read, so it cannot grow there;
	// an error now would also overtake that reply.)
	if (!client->closing && !client->pending.deferred &&
			client->in_len > GRIDWL_CONTROL_MAX_MESSAGE) {
		size_t line_len = client->in_len;
		char *nl = memchr(client->in, '\n', client->in_len);
		if (nl != NULL) {
			line_len = (size_t)(nl - client->in);
		}
		if (line_len > GRIDWL_CONTROL_MAX_MESSAGE) {
			wlr_log(WLR_INFO,
					"control: client sent a message over "
					"%d bytes, closing it",
					GRIDWL_CONTROL_MAX_MESSAGE);
			client_send_reply(client,
					gridwl_control_error("message too long (limit %d bytes)",
							GRIDWL_CONTROL_MAX_MESSAGE));
			client->closing = true;
		}
	}
	if (client->closing) {
		// Nothing more of this connection will be parsed.
		free(client->in);
		client->in = NULL;
		client->in_len = client->in_cap = client->in_scanned = 0;
	}
}

/* Returns false if the connection is broken. */
static bool client_flush(struct gridwl_control_client *client) {
	while (client_pending(client) > 0) {
		// MSG_NOSIGNAL: a client that went away must not SIGPIPE us.
		ssize_t n = send(client->fd, client->out + client->out_start,
				client_pending(client), MSG_NOSIGNAL);
		if (n < 0) {
			if (errno == EINTR) {
				continue;
			}
			if (errno == EAGAIN || errno == EWOULDBLOCK) {
				return true;
			}
			wlr_log_errno(WLR_DEBUG, "control: write to client failed");
			return false;
		}
		client->out_start += (size_t)n;
	}
	client->out_start = client->out_len = 0;
	if (client->out_cap > CONTROL_OUTPUT_HIGH_WATER) {
		// Give back the memory of one exceptionally large reply.
		free(client->out);
		client->out = NULL;
		client->out_cap = 0;
	}
	return true;
}

static void client_handle_hangup(struct gridwl_control_client *client);

/* Flushes what it can and registers for what the client needs next, or
 * destroys it when it is done. Returns false if the client is gone. */
static bool client_update(struct gridwl_control_client *client) {
	for (;;) {
		if (!client_flush(client)) {
			// Mostly a client that closed right after its requests,
			// before our reply to the first (EPIPE): the rest of what it
			// sent is still carried out, as when the hangup is seen first.
			client_handle_hangup(client);
			return false;
		}
		// Output drained below the high-water mark lets requests already
		// read go ahead. They cannot wait for more input: a client that
		// sent them all waits for our replies and sends nothing more.
		size_t before = client->in_len;
		if (client->closing || before == 0 || client->pending.deferred ||
				client_pending(client) >= CONTROL_OUTPUT_HIGH_WATER) {
			break;
		}
		client_process_input(client);
		if (client->in_len == before) {
			break; // only the start of a line is left
		}
	}
	bool done = client->closing || client->eof;
	bool waiting = client->pending.deferred;
	if (done && client_pending(client) == 0 && !waiting) {
		client_destroy(client);
		return false;
	}

	// While a reply is deferred nothing is read (EOF would keep the socket
	// readable); the hangup of a client that gives up is still reported,
	// as epoll always reports it.
	uint32_t mask = 0;
	if (!done && !waiting &&
			client_pending(client) < CONTROL_OUTPUT_HIGH_WATER) {
		mask |= WL_EVENT_READABLE;
	}
	if (client_pending(client) > 0) {
		mask |= WL_EVENT_WRITABLE;
	}
	if (mask != client->mask) {
		wl_event_source_fd_update(client->source, mask);
		client->mask = mask;
	}
	return true;
}

/* Returns false if the connection is broken. */
static bool client_read(struct gridwl_control_client *client) {
	if (!buffer_reserve(&client->in, &client->in_cap,
				client->in_len + CONTROL_READ_CHUNK)) {
		wlr_log(WLR_ERROR, "control: out of memory reading a request");
		return false;
	}
	ssize_t n;
	do {
		n = recv(client->fd, client->in + client->in_len,
				client->in_cap - client->in_len, 0);
	} while (n < 0 && errno == EINTR);
	if (n < 0 && errno == ECONNRESET) {
		// The client closed with replies unread. That still ends its
		// input cleanly: what it sent before is ours to carry out.
		client->peer_gone = true;
		n = 0;
	}
	if (n < 0) {
		if (errno == EAGAIN || errno == EWOULDBLOCK) {
			return true;
		}
		wlr_log_errno(WLR_DEBUG, "control: read from client failed");
		return false;
	}
	if (n == 0) {
		client->eof = true;
		// A last request without its newline is still a request.
		if (client->in_len > 0 && client->in[client->in_len - 1] != '\n') {
			client->in[client->in_len++] = '\n';
		}
		return true;
	}
	client->in_len += (size_t)n;
	return true;
}

/* The client closed its end, maybe right after writing requests (a script
 * sending "exit" need not wait for the answer). Carry out what it sent,
 * which is all in our receive buffer by now, with nobody left to answer. */
static void client_handle_hangup(struct gridwl_control_client *client) {
	client->peer_gone = true;
	client->out_start = client->out_len = 0;
	client_cancel_pending(client);
	client_process_input(client);
	while (!client->eof && !client->closing) {
		size_t before = client->in_len;
		if (!client_read(client) ||
				(!client->eof && client->in_len == before)) {
			break;
		}
		client_process_input(client);
	}
	client_destroy(client);
}

static int client_handle_event(int fd, uint32_t mask, void *data) {
	struct gridwl_control_client *client = data;

	// An error here is the ECONNRESET of a client that closed with our
	// replies unread: a hangup like any other.
	if (mask & (WL_EVENT_HANGUP | WL_EVENT_ERROR)) {
		client_handle_hangup(client);
		return 0;
	}
	if ((mask & WL_EVENT_READABLE) && !client->eof && !client->closing) {
		if (!client_read(client)) {
			client_destroy(client);
			return 0;
		}
	}
	// Also reached on WRITABLE: draining output below the high-water
	// mark may let buffered requests go ahead.
	client_process_input(client);
	client_update(client);
	return 0;
}

static bool peer_is_us(int fd) {
	struct ucred cred;
	socklen_t len = sizeof(cred);
	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) {
		wlr_log_errno(WLR_ERROR, "control: cannot get peer credentials");
		return false;
	}
	if (cred.uid != getuid()) {
		wlr_log(WLR_ERROR,
				"control: refusing connection from uid %u "
				"(pid %d)",
				(unsigned)cred.uid, (int)cred.pid);
		return false;
	}
	return true;
}

static void control_add_client(struct gridwl_control *control, int fd) {
	struct gridwl_control_client *client = calloc(1, sizeof(*client));
	if (client == NULL) {
		wlr_log(WLR_ERROR, "control: out of memory accepting a client");
		close(fd);
		return;
	}
	client->control = control;
	client->pending.client = client;
	client->fd = fd;
	client->mask = WL_EVENT_READABLE;
	client->source = wl_event_loop_add_fd(control->loop, fd, client->mask,
			client_handle_event, client);
	if (client->source == NULL) {
		wlr_log(WLR_ERROR, "control: cannot watch client socket");
		close(fd);
		free(client);
		return;
	}
	wl_list_insert(&control->clients, &client->link);
}

static int control_handle_accept(int fd, uint32_t mask, void *data) {
	struct gridwl_control *control = data;
	if (mask & (WL_EVENT_ERROR | WL_EVENT_HANGUP)) {
		wlr_log(WLR_ERROR, "control: error on listening socket");
		return 0;
	}

	for (;;) {
		int client_fd = accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
		if (client_fd < 0) {
			if (errno == EINTR || errno == ECONNABORTED) {
				continue;
			}
			if (errno != EAGAIN && errno != EWOULDBLOCK) {
				// EMFILE and friends: the pending connection
				// stays queued and we retry on the next dispatch.
				wlr_log_errno(WLR_ERROR, "control: accept failed");
			}
			return 0;
		}
		if (!peer_is_us(client_fd)) {
			close(client_fd);
			continue;
		}
		control_add_client(control, client_fd);
	}
}

/* Clears the way for bind, but only of a socket: any other file at the path
 * is a configuration mistake we should not paper over by deleting it. */
static bool remove_stale_socket(const char *path) {
	struct stat st;
	if (lstat(path, &st) != 0) {
		if (errno == ENOENT) {
			return true;
		}
		wlr_log_errno(WLR_ERROR, "control: cannot stat %s", path);
		return false;
	}
	if (!S_ISSOCK(st.st_mode)) {
		wlr_log(WLR_ERROR, "control: %s exists and is not a socket", path);
		return false;
	}
	if (unlink(path) != 0) {
		wlr_log_errno(WLR_ERROR, "control: cannot remove stale %s", path);
		return false;
	}
	return true;
}

static int open_listening_socket(const char *path, dev_t *dev, ino_t *ino) {
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	size_t path_len = strlen(path);
	if (path_len == 0 || path_len >= sizeof(addr.sun_path)) {
		wlr_log(WLR_ERROR,
				"control: socket path '%s' is empty or "
				"too long",
				path);
		return -1;
	}
	memcpy(addr.sun_path, path, path_len + 1);

	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		wlr_log_errno(WLR_ERROR, "control: cannot create socket");
		return -1;
	}
	// On Linux bind gives the file the socket inode's mode less the umask,
	// so this makes it 0600 (or stricter) from the moment it exists.
	if (fchmod(fd, 0600) != 0) {
		wlr_log_errno(WLR_ERROR, "control: cannot set socket mode");
		goto error;
	}
	if (!remove_stale_socket(path)) {
		goto error;
	}
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) != 0) {
		wlr_log_errno(WLR_ERROR, "control: cannot bind %s", path);
		goto error;
	}
	struct stat st;
	// The chmod also undoes a umask that took away our own access.
	if (chmod(path, 0600) != 0 || stat(path, &st) != 0) {
		wlr_log_errno(WLR_ERROR, "control: cannot set mode of %s", path);
		goto error_unlink;
	}
	*dev = st.st_dev;
	*ino = st.st_ino;
	if (listen(fd, SOMAXCONN) != 0) {
		wlr_log_errno(WLR_ERROR, "control: cannot listen on %s", path);
		goto error_unlink;
	}
	return fd;

error_unlink:
	unlink(path);
error:
	close(fd);
	return -1;
}

struct gridwl_control *gridwl_control_create(struct wl_event_loop *loop,
		const char *path, gridwl_control_handler handler, void *data) {
	struct gridwl_control *control = calloc(1, sizeof(*control));
	if (control == NULL) {
		return NULL;
	}
	control->loop = loop;
	control->handler = handler;
	control->data = data;
	wl_list_init(&control->clients);
	control->path = strdup(path);
	if (control->path == NULL) {
		free(control);
		return NULL;
	}

	control->fd = open_listening_socket(path, &control->dev, &control->ino);
	if (control->fd < 0) {
		free(control->path);
		free(control);
		return NULL;
	}
	control->source = wl_event_loop_add_fd(loop, control->fd, WL_EVENT_READABLE,
			control_handle_accept, control);
	if (control->source == NULL) {
		wlr_log(WLR_ERROR, "control: cannot watch listening socket");
		close(control->fd);
		unlink(path);
		free(control->path);
		free(control);
		return NULL;
	}
	wlr_log(WLR_INFO, "control: listening on %s", path);
	return control;
}

void gridwl_control_destroy(struct gridwl_control *control) {
	if (control == NULL) {
		return;
	}
	struct gridwl_control_client *client, *tmp;
	wl_list_for_each_safe(client, tmp, &control->clients, link) {
		// Best effort, so a reply to "exit" still gets out.
		client_flush(client);
		client_destroy(client);
	}
	wl_event_source_remove(control->source);
	close(control->fd);

	struct stat st;
	if (lstat(control->path, &st) == 0 && st.st_dev == control->dev &&
			st.st_ino == control->ino) {
		unlink(control->path);
	}
	free(control->path);
	free(control);
}

void gridwl_control_defer(struct gridwl_control_pending *pending,
		gridwl_control_cancel_func cancel, void *data) {
	pending->deferred = true;
	pending->cancel = cancel;
	pending->cancel_data = data;
}

void gridwl_control_pending_reply(struct gridwl_control_pending *pending,
		struct json_object *reply) {
	struct gridwl_control_client *client = pending->client;
	if (!pending->deferred) {
		wlr_log(WLR_ERROR, "control: reply to a request not deferred");
		json_object_put(reply);
		return;
	}
	pending->deferred = false;
	pending->cancel = NULL;
	client_send_reply(client, reply);
	// The event loop sends it and goes on with the requests after it:
	// carrying them out here would re-enter the control socket from
	// whatever event completed the wait.
	uint32_t mask = client->mask | WL_EVENT_WRITABLE;
	if (mask != client->mask) {
		wl_event_source_fd_update(client->source, mask);
		client->mask = mask;
	}
}

bool gridwl_control_pending_send(struct gridwl_control_pending *pending,
		struct json_object *event) {
	struct gridwl_control_client *client = pending->client;
	if (!pending->deferred ||
			client_pending(client) >= CONTROL_OUTPUT_HIGH_WATER) {
		json_object_put(event);
		return false;
	}
	client_send_reply(client, event);
	// Sent from the event loop, as a deferred reply is.
	uint32_t mask = client->mask | WL_EVENT_WRITABLE;
	if (mask != client->mask) {
		wl_event_source_fd_update(client->source, mask);
		client->mask = mask;
	}
	return true;
}

const char *gridwl_control_get_path(struct gridwl_control *control) {
	return control->path;
}

static const char *tokener_error_message(enum json_tokener_error error) {
	switch (error) {
	case json_tokener_error_depth:
		return "malformed JSON: nested too deeply";
	case json_tokener_error_parse_eof:
	case json_tokener_continue:
		return "malformed JSON: unexpected end of input";
	case json_tokener_error_parse_utf8_string:
		return "malformed JSON: invalid UTF-8";
	case json_tokener_error_parse_string:
		return "malformed JSON: bad string";
	case json_tokener_error_parse_number:
		return "malformed JSON: bad number";
	case json_tokener_error_parse_object_key_name:
		return "malformed JSON: expected a quoted member name";
	case json_tokener_error_parse_object_key_sep:
		return "malformed JSON: expected ':' after a member name";
	case json_tokener_error_parse_object_value_sep:
		return "malformed JSON: expected ',' or '}' after a member";
	case json_tokener_error_parse_array:
		return "malformed JSON: expected ',' or ']' in an array";
	case json_tokener_error_size:
		return "malformed JSON: too large";
	default:
		return "malformed JSON: unexpected character";
	}
}

struct json_object *gridwl_control_parse_request(const char *buf, size_t len,
		const char **error) {
	if (len > GRIDWL_CONTROL_MAX_MESSAGE) {
		*error = "message too long";
		return NULL;
	}
	// json-c takes NUL as end of input and would silently ignore the rest.
	if (len > 0 && memchr(buf, '\0', len) != NULL) {
		*error = "malformed JSON: NUL byte in message";
		return NULL;
	}

	enum json_tokener_error jerr;
	bool trailing;
	struct json_object *obj =
			gridwl_control_parse_json(buf, len, &jerr, &trailing);
	if (jerr != json_tokener_success) {
		*error = jerr == json_tokener_error_memory ?
				"out of memory" :
				tokener_error_message(jerr);
		return NULL;
	}
	if (trailing) {
		json_object_put(obj);
		*error = "malformed JSON: trailing data after the request";
		return NULL;
	}
	if (!json_object_is_type(obj, json_type_object)) {
		// json-c represents null as NULL; put(NULL) is a no-op.
		json_object_put(obj);
		*error = "request must be a JSON object";
		return NULL;
	}
	return obj;
}
