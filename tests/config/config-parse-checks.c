#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "config-parse-checks.h"

bool starts_with(const char *s, const char *prefix) {
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* A config with no outputs, bindings, execs or window rules. */
static void check_empty(const struct gridwl_config *config) {
	CHECK(wl_list_empty(&config->outputs));
	CHECK(wl_list_empty(&config->bindings));
	CHECK(wl_list_empty(&config->execs));
	CHECK(wl_list_empty(&config->window_rules));
}

void parse_ok(struct gridwl_config *config, const char *line) {
	char *error = NULL;
	bool ok = gridwl_config_parse_line(config, line, WHERE, &error);
	if (!ok) {
		fprintf(stderr, "line '%s' was refused: %s\n", line,
				error != NULL ? error : "(null)");
		exit(1);
	}
	CHECK(error == NULL);
}

void parse_error(const char *line, const char *want) {
	struct gridwl_config *config = gridwl_config_create();
	CHECK(config != NULL);
	char *error = NULL;
	bool ok = gridwl_config_parse_line(config, line, WHERE, &error);
	if (ok || error == NULL || !starts_with(error, WHERE ": ") ||
			strstr(error, want) == NULL) {
		fprintf(stderr,
				"line '%s': expected an error containing '%s', "
				"got %s\n",
				line, want,
				ok                    ? "success" :
						error != NULL ? error :
										"(null)");
		exit(1);
	}
	// A failed line adds nothing.
	check_empty(config);
	free(error);
	gridwl_config_destroy(config);
}

struct gridwl_output_config *first_output(struct gridwl_config *config) {
	CHECK(!wl_list_empty(&config->outputs));
	struct gridwl_output_config *oc;
	return wl_container_of(config->outputs.next, oc, link);
}

struct gridwl_binding *only_binding(struct gridwl_config *config) {
	CHECK(wl_list_length(&config->bindings) == 1);
	struct gridwl_binding *binding;
	return wl_container_of(config->bindings.next, binding, link);
}

/* Writes len bytes to a new temporary file; returns its malloc'd path. */
char *write_temp(const char *contents, size_t len) {
	const char *dir = getenv("TMPDIR");
	if (dir == NULL || dir[0] == '\0') {
		dir = "/tmp";
	}
	size_t size = strlen(dir) + 32;
	char *path = malloc(size);
	CHECK(path != NULL);
	snprintf(path, size, "%s/gridwl-test-XXXXXX", dir);
	int fd = mkstemp(path);
	CHECK(fd >= 0);
	CHECK(write(fd, contents, len) == (ssize_t)len);
	CHECK(close(fd) == 0);
	return path;
}

char *write_temp_str(const char *contents) {
	return write_temp(contents, strlen(contents));
}

void remove_temp(char *path) {
	unlink(path);
	free(path);
}

void load_refused(const char *contents, int line, const char *want) {
	char *path = write_temp_str(contents);
	struct gridwl_config *config = gridwl_config_create();
	char *error = NULL;
	CHECK(!gridwl_config_load(config, path, &error));
	char prefix[128];
	snprintf(prefix, sizeof(prefix), "%s:%d: ", path, line);
	CHECK_MSG(error != NULL && starts_with(error, prefix) &&
					starts_with(error + strlen(prefix), want),
			error);
	CHECK(config->path == NULL);
	check_empty(config);
	free(error);
	gridwl_config_destroy(config);
	remove_temp(path);
}
