#ifndef GRIDWL_COMPOSITOR_CONTROL_SOCKET_H
#define GRIDWL_COMPOSITOR_CONTROL_SOCKET_H

#include <stddef.h>
#include <wayland-server-core.h>
// Handlers build their replies with the protocol's gridwl_control_success
// and gridwl_control_error.
#include "protocol/control.h"

/*
 * The control socket: a SOCK_STREAM unix socket that takes one JSON object
 * per line and answers each with one JSON object per line. Only connections
 * from our own uid are accepted. This file knows nothing of the compositor:
 * requests go to the handler, whose reply is sent back.
 */

#define GRIDWL_CONTROL_MAX_MESSAGE (1 << 20)

/* Returns a new reference to the reply; the control socket drops it once
 * it is queued. Must not return NULL. The request is borrowed: take a
 * reference to keep it. Must not destroy the control socket it is called
 * from (defer that to an idle callback). */
typedef struct json_object *(
		*gridwl_control_handler)(void *data, struct json_object *request);

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
