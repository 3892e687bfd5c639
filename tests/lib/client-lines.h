#ifndef GRIDWL_TESTS_CLIENT_LINES_H
#define GRIDWL_TESTS_CLIENT_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include "harness.h"

/*
 * The lines a test's clients narrate on stdout (the pattern client and the
 * hand-written ones alike): collecting them up to a sync or a prefix, and
 * checking them.
 */

/* Lines a client printed, NULL terminated. */
struct lines {
	char **line;
	size_t count;
};
void lines_free(struct lines *lines);
/* Takes line (malloc'd); false without memory. */
bool lines_add(struct lines *lines, char *line);

/* Sends "sync" and collects every line up to its answer. Because the
 * compositor handles a client's requests in order, the lines are all the
 * events it sent for whatever happened before the command, and every
 * command sent before it has been drawn, committed and applied. */
bool client_sync_lines(struct harness_client *c, struct lines *lines);

/* Collects lines up to and including the first that starts with prefix. */
bool client_lines_until(struct harness_client *c, const char *prefix,
		struct lines *lines);
/* The same without that last line: what the client said before it. */
bool client_lines_before(struct harness_client *c, const char *prefix,
		struct lines *lines);

/* Sends a command, then syncs as client_sync_lines does, dropping the
 * lines: once it returns, the compositor shows the command's effect. */
bool client_command_synced(struct harness_client *c, const char *command);

/* The lines among lines that start with one of the prefixes, in order. */
void lines_filter(const struct lines *lines, const char *const *prefixes,
		struct lines *out);

/* Checks the lines are exactly expected, in that order (expected NULL
 * terminated); what is a description for the report. */
bool check_lines_at(const char *file, int line, const struct lines *lines,
		const char *const *expected, const char *what);
#define CHECK_LINES(lines, expected, what) \
	check_lines_at(__FILE__, __LINE__, (lines), (expected), (what))
/* The same, in any order. */
bool check_lines_unordered_at(const char *file, int line,
		const struct lines *lines, const char *const *expected,
		const char *what);
#define CHECK_LINES_UNORDERED(lines, expected, what) \
	check_lines_unordered_at(__FILE__, __LINE__, (lines), (expected), (what))

/* Syncs with the client (client_sync_lines) and checks that the lines
 * since the last sync that start with one of the prefixes are exactly
 * expected, in that order. */
bool check_heard_at(const char *file, int line, struct harness_client *c,
		const char *const *prefixes, const char *const *expected,
		const char *what);
#define CHECK_HEARD(c, prefixes, what, ...) \
	check_heard_at(__FILE__, __LINE__, (c), (prefixes), \
			(const char *const[]){ __VA_ARGS__, NULL }, (what))

/* check_heard_at, in any order. */
bool check_heard_unordered_at(const char *file, int line,
		struct harness_client *c, const char *const *prefixes,
		const char *const *expected, const char *what);

/* The same for events that come in their own time (another client's, or
 * after a request the client makes on an event): the lines up to the one
 * that starts with the last expected line, without a sync. */
bool check_heard_until_at(const char *file, int line, struct harness_client *c,
		const char *const *prefixes, const char *const *expected,
		const char *what);
#define CHECK_HEARD_UNTIL(c, prefixes, what, ...) \
	check_heard_until_at(__FILE__, __LINE__, (c), (prefixes), \
			(const char *const[]){ __VA_ARGS__, NULL }, (what))

/* The same up to the line that starts with last, whether or not it is
 * expected. */
bool check_heard_through_at(const char *file, int line,
		struct harness_client *c, const char *last, const char *const *prefixes,
		const char *const *expected, const char *what);

/* Waits for the client's next "ready" line and checks it is "ready W H S". */
bool check_ready_at(const char *file, int line, struct harness_client *c,
		int width, int height, int scale);
#define CHECK_READY(c, width, height, scale) \
	check_ready_at(__FILE__, __LINE__, (c), (width), (height), (scale))

/* Waits for the client's next line that starts with prefix and checks it
 * is exactly want. */
bool check_line_at(const char *file, int line, struct harness_client *c,
		const char *prefix, const char *want);
#define CHECK_LINE(c, prefix, want) \
	check_line_at(__FILE__, __LINE__, (c), (prefix), (want))
/* The same when the line to wait for is want itself. */
#define CHECK_WHOLE_LINE(c, want) CHECK_LINE((c), (want), (want))

#endif
