#ifndef GRIDWL_COMPOSITOR_CONTROL_WAIT_H
#define GRIDWL_COMPOSITOR_CONTROL_WAIT_H

struct gridwl_control_pending;
struct gridwl_server;
struct json_object;

/* gridctl wait: {"for": "window", "app_id"/"title"/"class": REGEX,
 * "timeout": SECONDS} answers with the window once it is mapped and every
 * output it is on has presented its current buffers; {"for": "settled",
 * "quiet": MS, "timeout": SECONDS} once no surface has committed and no
 * output repainted for MS milliseconds. Both answer at once when they can,
 * else defer their reply (see compositor/control/socket.h). */
struct json_object *gridwl_control_wait(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending);

#endif
