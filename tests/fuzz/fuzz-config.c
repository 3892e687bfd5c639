#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "config/config.h"
#include "config/scale.h"
#include "fuzz.h"

/*
 * The config language, both ways the compositor reads it: a whole file
 * through gridwl_config_load (getline, NUL checks, line numbers) and single
 * lines through gridwl_config_parse_line (gridctl reload and the command
 * line). Whatever parsed is then used as the compositor would, so state a
 * parser left half built shows up under ASan.
 */

static char *temp_path;
static int temp_fd = -1;

static bool ensure_temp_file(void) {
	if (temp_fd >= 0) {
		return true;
	}
	const char *dir = getenv("TMPDIR");
	if (dir == NULL || dir[0] == '\0') {
		dir = "/tmp";
	}
	size_t size = strlen(dir) + 32;
	temp_path = malloc(size);
	if (temp_path == NULL) {
		return false;
	}
	snprintf(temp_path, size, "%s/gridwl-fuzz-config-XXXXXX", dir);
	temp_fd = mkstemp(temp_path);
	if (temp_fd < 0) {
		perror("mkstemp");
		return false;
	}
	// Unlinked at once: libFuzzer ends with exit() or a signal and
	// would leave one file per run behind otherwise. The path stays
	// usable through /proc.
	unlink(temp_path);
	snprintf(temp_path, size, "/proc/self/fd/%d", temp_fd);
	return true;
}

static bool write_temp(const uint8_t *data, size_t size) {
	if (ftruncate(temp_fd, 0) != 0) {
		return false;
	}
	size_t done = 0;
	while (done < size) {
		ssize_t n = pwrite(temp_fd, data + done, size - done, (off_t)done);
		if (n <= 0) {
			return false;
		}
		done += (size_t)n;
	}
	return true;
}

static void use_config(const struct gridwl_config *config) {
	const char *names[] = { "HEADLESS-1", "*", "" };
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		struct gridwl_output_config *oc =
				gridwl_config_output_for(config, names[i]);
		FUZZ_ASSERT(oc != NULL);
		if (oc->has_scale) {
			FUZZ_ASSERT(oc->scale120 >= GRIDWL_SCALE120_MIN &&
					oc->scale120 <= GRIDWL_SCALE120_MAX);
		}
		if (oc->has_mode) {
			FUZZ_ASSERT(oc->width > 0 && oc->height > 0);
		}
		gridwl_output_config_destroy(oc);
		gridwl_config_find_output(config, names[i]);
	}
	struct gridwl_binding *binding;
	wl_list_for_each(binding, &config->bindings, link) {
		FUZZ_ASSERT(gridwl_config_find_binding(config, binding->modifiers,
							binding->keysym) == binding);
		FUZZ_ASSERT(binding->action != GRIDWL_ACTION_EXEC ||
				binding->command != NULL);
	}
	struct gridwl_exec *exec;
	wl_list_for_each(exec, &config->execs, link) {
		FUZZ_ASSERT(exec->command != NULL && exec->command[0] != '\0');
	}
	if (config->cursor_theme != NULL) {
		FUZZ_ASSERT(config->cursor_size > 0 &&
				config->cursor_size <= GRIDWL_CURSOR_SIZE_MAX);
	}
	const struct gridwl_window_identity identities[] = {
		{ .app_id = "foot", .title = "~", .x11_class = NULL },
		{ .app_id = NULL, .title = NULL, .x11_class = "XTerm" },
		{ .app_id = "", .title = "", .x11_class = "" },
	};
	for (size_t i = 0; i < sizeof(identities) / sizeof(identities[0]); i++) {
		enum gridwl_filter filter;
		if (gridwl_config_window_filter(config, &identities[i], &filter)) {
			FUZZ_ASSERT(gridwl_filter_name(filter) != NULL);
		}
	}
}

static void parse_file(const uint8_t *data, size_t size) {
	if (!ensure_temp_file() || !write_temp(data, size)) {
		abort(); // not the parser's fault, but no run is meaningful now
	}
	struct gridwl_config *config = gridwl_config_create();
	FUZZ_ASSERT(config != NULL);
	char *error = NULL;
	bool ok = gridwl_config_load(config, temp_path, &error);
	// Exactly one of a config and an error message.
	FUZZ_ASSERT(ok == (error == NULL));
	if (ok) {
		use_config(config);
	} else {
		FUZZ_ASSERT(strncmp(error, temp_path, strlen(temp_path)) == 0);
		// The config is left as it was: empty.
		FUZZ_ASSERT(wl_list_empty(&config->outputs) &&
				wl_list_empty(&config->bindings) &&
				wl_list_empty(&config->execs) &&
				wl_list_empty(&config->window_rules));
	}
	free(error);
	gridwl_config_destroy(config);
}

/* Every line, each as a C string, into one config, errors and all: a
 * failed line must leave the config usable for the next. */
static void parse_lines(const uint8_t *data, size_t size) {
	struct gridwl_config *config = gridwl_config_create();
	FUZZ_ASSERT(config != NULL);
	size_t start = 0;
	while (start <= size) {
		const uint8_t *nl = memchr(data + start, '\n', size - start);
		size_t len = nl != NULL ? (size_t)(nl - (data + start)) : size - start;
		char *line = strndup((const char *)data + start, len);
		FUZZ_ASSERT(line != NULL);
		char *error = NULL;
		bool ok = gridwl_config_parse_line(config, line, "fuzz", &error);
		FUZZ_ASSERT(ok == (error == NULL));
		free(error);
		free(line);
		start += len + 1;
	}
	use_config(config);
	gridwl_config_destroy(config);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
	parse_file(data, size);
	parse_lines(data, size);
	return 0;
}
