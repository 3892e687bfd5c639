#ifndef GRIDWL_GRIDCTL_REQUEST_H
#define GRIDWL_GRIDCTL_REQUEST_H

#include <stdbool.h>
#include <stdio.h>

/*
 * Turning gridctl's command line into the request it sends, kept apart from
 * any I/O so it can be tested on its own.
 */

/*
 * argv[0] is the command name ("move", "screenshot", ...), argv[1..] its
 * arguments. cwd is the absolute current directory, used to make a
 * screenshot path absolute; it may be NULL if unknown, which only matters
 * for a relative screenshot path.
 *
 * Returns the request as one line of JSON without its newline, to be freed
 * by the caller. On a usage error returns NULL and sets *error to a message
 * the caller frees.
 */
char *gridctl_build_request(int argc, char **argv, const char *cwd,
		char **error);

/* Parses an int the way every numeric argument is parsed: an optional sign
 * and decimal digits, the whole string, in the range of int. */
bool gridctl_parse_int(const char *str, int *value);

/* How long gridctl waits for a reply it asked for anything but a wait: long
 * enough for any request to complete, short enough that a hung compositor
 * does not hang scripts forever. */
#define GRIDCTL_IO_TIMEOUT_SECONDS 60
/* How long to wait for the reply to request (a line that
 * gridctl_build_request built): a wait's own timeout on top. */
int gridctl_reply_timeout(const char *request);

/* The commands' lines of --help: each command's synopsis and what it does. */
void gridctl_print_commands(FILE *out);

#endif
