#ifndef GRIDWL_TESTS_CLIENT_EMIT_H
#define GRIDWL_TESTS_CLIENT_EMIT_H

/* The test clients' line protocol on stdout (Wayland and X11 alike): one
 * line, flushed at once, so the harness reads each event as it happens. */
void client_emit(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
