#ifndef GRIDWL_COMPOSITOR_CONTROL_STATS_H
#define GRIDWL_COMPOSITOR_CONTROL_STATS_H

struct gridwl_control_pending;
struct gridwl_server;
struct json_object;

/* gridctl stats: counts and states of the running compositor that tests
 * and benchmarks read (windows, Xwayland, the resample cache, 1:1 blits,
 * cursor theme loads, the lock and the keyboard focus). */
struct json_object *gridwl_control_cmd_stats(struct gridwl_server *server,
		struct json_object *request, struct gridwl_control_pending *pending);

#endif
