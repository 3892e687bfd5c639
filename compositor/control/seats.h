#ifndef GRIDWL_COMPOSITOR_CONTROL_SEATS_H
#define GRIDWL_COMPOSITOR_CONTROL_SEATS_H

struct gridwl_control_pending;
struct gridwl_server;
struct json_object;

/* gridctl seats: the user's seat and every transient seat, with where
 * each one's keyboard and pointer are. */
struct json_object *gridwl_control_cmd_seats(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending);

#endif
