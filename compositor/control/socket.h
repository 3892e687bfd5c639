#ifndef GRIDWL_COMPOSITOR_CONTROL_SOCKET_H
#define GRIDWL_COMPOSITOR_CONTROL_SOCKET_H

#include <stdbool.h>
#include <stddef.h>
#include <wayland-server-core.h>
// Handlers build their replies with the protocol's gridwl_control_success
// and gridwl_control_error.
#include "protocol/control.h"

/*
 * The control socket: a SOCK_STREAM unix socket that takes one JSON object
 * per line and answers each with one JSON object per line. Only connections
 * from our own uid are accepted. This file knows nothing of the compositor:
 * requests go to the handler, whose reply is sent back, at once or later.
 */

#define GRIDWL_CONTROL_MAX_MESSAGE (1 << 20)

/*
 * The reply to one request, which a handler may give later (a wait): it
 * calls gridwl_control_defer with the pending it was handed, keeps it and
 * returns NULL, and answers once with gridwl_control_pending_reply. Until
 * then that connection reads no further request, so its replies stay in
 * request order; other connections are served as usual. When the client
 * hangs up first (or the control socket is destroyed), cancel(data) is
 * called instead, and the pending must not be used after it.
 */
struct gridwl_control_pending;
typedef void (*gridwl_control_cancel_func)(void *data);

/* Returns a new reference to the reply; the control socket drops it once
 * it is queued. Returns NULL only after gridwl_control_defer. The request
 * is borrowed: take a reference to keep it. pending is valid during the
 * call only, unless deferred. Must not destroy the control socket it is
 * called from (defer that to an idle callback). */
typedef struct json_object *(*gridwl_control_handler)(void *data,
		struct json_object *request, struct gridwl_control_pending *pending);

/* From the handler only, which then returns NULL. */
void gridwl_control_defer(struct gridwl_control_pending *pending,
		gridwl_control_cancel_func cancel, void *data);
/* The deferred reply (a new reference, taken). Not from within the
 * handler's own call: that returns its reply. */
void gridwl_control_pending_reply(struct gridwl_control_pending *pending,
		struct json_object *reply);

/* One more line for a deferred request that streams (gridctl subscribe),
 * which stays deferred: a new reference to event, taken. False, with
 * nothing queued, while the client has more unread than the output
 * high-water mark: the caller then ends it with a reply. */
bool gridwl_control_pending_send(struct gridwl_control_pending *pending,
		struct json_object *event);

struct gridwl_control;

/* Binds path (unlinking a stale socket there first), mode 0600. */
struct gridwl_control *gridwl_control_create(struct wl_event_loop *loop,
		const char *path, gridwl_control_handler handler, void *data);
void gridwl_control_destroy(struct gridwl_control *control);
const char *gridwl_control_get_path(struct gridwl_control *control);

/* Parses one message (without its newline). On failure returns NULL and
 * sets *error to a static string. Exposed for tests and the fuzzer. */
struct json_object *gridwl_control_parse_request(const char *buf, size_t len,
		const char **error);

#endif
