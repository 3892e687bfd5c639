#ifndef GRIDWL_TESTS_CONFIG_PARSE_CHECKS_H
#define GRIDWL_TESTS_CONFIG_PARSE_CHECKS_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include "config/config.h"

#define CHECK(expr) \
	do { \
		if (!(expr)) { \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, \
					#expr); \
			exit(1); \
		} \
	} while (0)

/* Like CHECK, but shows the error text a parser produced. */
#define CHECK_MSG(expr, msg) \
	do { \
		if (!(expr)) { \
			fprintf(stderr, "%s:%d: check failed: %s (error: %s)\n", __FILE__, \
					__LINE__, #expr, (msg) != NULL ? (msg) : "(null)"); \
			exit(1); \
		} \
	} while (0)

#define WHERE "test"

bool starts_with(const char *s, const char *prefix);
/* The line must be accepted into config, with no error text. */
void parse_ok(struct gridwl_config *config, const char *line);
/* The line must fail, with a "test: " prefix and containing want, and add
 * nothing to a config. */
void parse_error(const char *line, const char *want);

/* The config's first output line, its only binding. */
struct gridwl_output_config *first_output(struct gridwl_config *config);
struct gridwl_binding *only_binding(struct gridwl_config *config);
/* Writes len bytes (or a string) to a new temporary file; returns its
 * malloc'd path, which remove_temp unlinks and frees. */
char *write_temp(const char *contents, size_t len);
char *write_temp_str(const char *contents);
void remove_temp(char *path);

/* contents, loaded from a file into a new config, must be refused at line
 * with an error "PATH:LINE: WANT..." and nothing of the file taken (no
 * path, outputs, bindings, execs or window rules). */
void load_refused(const char *contents, int line, const char *want);

#endif
