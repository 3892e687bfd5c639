#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "client-lines.h"

void lines_free(struct lines *lines) {
	for (size_t i = 0; i < lines->count; i++) {
		free(lines->line[i]);
	}
	free(lines->line);
	*lines = (struct lines){ 0 };
}

bool lines_add(struct lines *lines, char *line) {
	char **bigger =
			realloc(lines->line, (lines->count + 2) * sizeof(*lines->line));
	if (bigger == NULL) {
		free(line);
		return false;
	}
	lines->line = bigger;
	lines->line[lines->count++] = line;
	lines->line[lines->count] = NULL;
	return true;
}

bool client_sync_lines(struct harness_client *c, struct lines *lines) {
	*lines = (struct lines){ 0 };
	if (!harness_client_send(c, "sync")) {
		return false;
	}
	for (;;) {
		char *line = harness_client_next_line(c, HARNESS_TIMEOUT_MS);
		if (line == NULL) {
			fprintf(stderr,
					"client output ended or timed out before "
					"answering sync\n");
			return false;
		}
		if (strcmp(line, "sync") == 0) {
			free(line);
			return true;
		}
		if (!lines_add(lines, line)) {
			return false;
		}
	}
}

bool client_command_synced(struct harness_client *c, const char *command) {
	// client_sync_lines sends "sync" itself. Sent twice, the second answer
	// would wait in the pipe and be taken by the next caller for its own,
	// before its commands reached the compositor.
	if (strcmp(command, "sync") != 0 &&
			!harness_client_send(c, "%s", command)) {
		return false;
	}
	struct lines lines;
	bool ok = client_sync_lines(c, &lines);
	lines_free(&lines);
	return ok;
}

bool client_lines_until(struct harness_client *c, const char *prefix,
		struct lines *lines) {
	*lines = (struct lines){ 0 };
	for (;;) {
		char *line = harness_client_next_line(c, HARNESS_TIMEOUT_MS);
		if (line == NULL) {
			fprintf(stderr,
					"client output ended or timed out before a line "
					"starting with \"%s\"\n",
					prefix);
			return false;
		}
		bool last = strncmp(line, prefix, strlen(prefix)) == 0;
		if (!lines_add(lines, line)) {
			return false;
		}
		if (last) {
			return true;
		}
	}
}

bool client_lines_before(struct harness_client *c, const char *prefix,
		struct lines *lines) {
	if (!client_lines_until(c, prefix, lines)) {
		return false;
	}
	free(lines->line[--lines->count]);
	lines->line[lines->count] = NULL;
	return true;
}

void lines_filter(const struct lines *lines, const char *const *prefixes,
		struct lines *out) {
	*out = (struct lines){ 0 };
	for (size_t i = 0; i < lines->count; i++) {
		for (size_t p = 0; prefixes[p] != NULL; p++) {
			if (strncmp(lines->line[i], prefixes[p], strlen(prefixes[p])) ==
					0) {
				lines_add(out, strdup(lines->line[i]));
				break;
			}
		}
	}
}

static void print_lines(const struct lines *lines,
		const char *const *expected) {
	fprintf(stderr, "  got:");
	for (size_t i = 0; i < lines->count; i++) {
		fprintf(stderr, " \"%s\"", lines->line[i]);
	}
	fprintf(stderr, "%s\n  expected:", lines->count ? "" : " (nothing)");
	for (size_t i = 0; expected[i] != NULL; i++) {
		fprintf(stderr, " \"%s\"", expected[i]);
	}
	fprintf(stderr, "%s\n", expected[0] ? "" : " (nothing)");
}

bool check_lines_at(const char *file, int line, const struct lines *lines,
		const char *const *expected, const char *what) {
	size_t n = 0;
	bool same = true;
	for (; expected[n] != NULL; n++) {
		if (n >= lines->count || strcmp(lines->line[n], expected[n]) != 0) {
			same = false;
		}
	}
	if (same && n == lines->count) {
		return true;
	}
	fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
	print_lines(lines, expected);
	return false;
}

bool check_lines_unordered_at(const char *file, int line,
		const struct lines *lines, const char *const *expected,
		const char *what) {
	size_t n = 0;
	while (expected[n] != NULL) {
		n++;
	}
	bool same = n == lines->count;
	bool *used = calloc(n + 1, sizeof(*used));
	for (size_t i = 0; same && i < lines->count; i++) {
		bool found = false;
		for (size_t e = 0; e < n && !found; e++) {
			if (!used[e] && strcmp(lines->line[i], expected[e]) == 0) {
				used[e] = found = true;
			}
		}
		same = found;
	}
	free(used);
	if (same) {
		return true;
	}
	fprintf(stderr, "%s:%d: check failed: %s (in any order)\n", file, line,
			what);
	print_lines(lines, expected);
	return false;
}

bool check_line_at(const char *file, int line, struct harness_client *c,
		const char *prefix, const char *want) {
	char *got = harness_client_wait_line(c, prefix, HARNESS_TIMEOUT_MS);
	bool ok = got != NULL && strcmp(got, want) == 0;
	if (!ok) {
		fprintf(stderr, "%s:%d: check failed: expected \"%s\", got \"%s\"\n",
				file, line, want, got ? got : "(nothing)");
	}
	free(got);
	return ok;
}

bool check_ready_at(const char *file, int line, struct harness_client *c,
		int width, int height, int scale) {
	char want[64];
	snprintf(want, sizeof(want), "ready %d %d %d", width, height, scale);
	return check_line_at(file, line, c, "ready ", want);
}

/* The lines that start with one of the prefixes are exactly expected (in
 * any order unless ordered); frees lines. */
static bool check_filtered_at(const char *file, int line, struct lines *lines,
		const char *const *prefixes, const char *const *expected,
		const char *what, bool ordered) {
	struct lines heard;
	lines_filter(lines, prefixes, &heard);
	bool ok = ordered ?
			check_lines_at(file, line, &heard, expected, what) :
			check_lines_unordered_at(file, line, &heard, expected, what);
	lines_free(&heard);
	lines_free(lines);
	return ok;
}

/* check_heard_at, in order or not. */
static bool check_synced_at(const char *file, int line,
		struct harness_client *c, const char *const *prefixes,
		const char *const *expected, const char *what, bool ordered) {
	struct lines lines;
	if (!client_sync_lines(c, &lines)) {
		fprintf(stderr, "%s:%d: no sync from the client (%s)\n", file, line,
				what);
		return false;
	}
	return check_filtered_at(file, line, &lines, prefixes, expected, what,
			ordered);
}

bool check_heard_at(const char *file, int line, struct harness_client *c,
		const char *const *prefixes, const char *const *expected,
		const char *what) {
	return check_synced_at(file, line, c, prefixes, expected, what, true);
}

bool check_heard_unordered_at(const char *file, int line,
		struct harness_client *c, const char *const *prefixes,
		const char *const *expected, const char *what) {
	return check_synced_at(file, line, c, prefixes, expected, what, false);
}

bool check_heard_through_at(const char *file, int line,
		struct harness_client *c, const char *last, const char *const *prefixes,
		const char *const *expected, const char *what) {
	struct lines lines = { 0 };
	if (!client_lines_until(c, last, &lines)) {
		fprintf(stderr, "%s:%d: %s: no \"%s\" from the client\n", file, line,
				what, last);
		lines_free(&lines);
		return false;
	}
	return check_filtered_at(file, line, &lines, prefixes, expected, what,
			true);
}

bool check_heard_until_at(const char *file, int line, struct harness_client *c,
		const char *const *prefixes, const char *const *expected,
		const char *what) {
	size_t n = 0;
	while (expected[n] != NULL) {
		n++;
	}
	if (n == 0) {
		fprintf(stderr, "%s:%d: %s: nothing expected to wait for\n", file, line,
				what);
		return false;
	}
	return check_heard_through_at(file, line, c, expected[n - 1], prefixes,
			expected, what);
}
