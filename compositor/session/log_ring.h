#ifndef GRIDWL_COMPOSITOR_SESSION_LOG_RING_H
#define GRIDWL_COMPOSITOR_SESSION_LOG_RING_H

#include <stdbool.h>
#include <wlr/util/log.h>

/*
 * The gridwl program's log: wlroots' and gridwl's messages on stderr, as
 * wlroots' default logger writes them, and the last of them kept in memory
 * so that --dump-on-failure can write them into its directory.
 *
 * wlr_log's callback takes no user data, so what it keeps is the process's:
 * this file belongs to the gridwl executable alone (compositor/meson.build),
 * never to the library that tests and wlcs run several servers from.
 */
void gridwl_log_ring_init(enum wlr_log_importance verbosity);
/* Writes what is kept to path; false on failure. */
bool gridwl_log_ring_write(const char *path);

#endif
