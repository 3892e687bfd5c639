#ifndef GRIDWL_COMPOSITOR_SESSION_FAILURE_DUMP_H
#define GRIDWL_COMPOSITOR_SESSION_FAILURE_DUMP_H

struct gridwl_server;

/*
 * Evidence for a CI run that failed (gridwl --dump-on-failure DIR): into
 * dir (made if missing), a PNG of every active output as it is now
 * (OUTPUT.png), what gridctl outputs, windows and layers would print
 * (outputs.json, windows.json, layers.json), and gridwl's own log
 * (gridwl.log) when the server was given a way to write it. Failures are
 * logged; whatever could be written stays.
 */
void gridwl_failure_dump(struct gridwl_server *server, const char *dir,
		const char *why);

#endif
