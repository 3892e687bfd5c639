#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "check.h"
#include "run-gridwl.h"

bool run_ok(struct harness *h, const char *const *argv) {
	int code = harness_run(h, argv, HARNESS_TIMEOUT_MS, NULL);
	if (code == 0) {
		return true;
	}
	fprintf(stderr, "%s exited with status %d\n", argv[0], code);
	return false;
}

bool run_on_output(const char *name, int width, int height, int scale,
		bool (*body)(struct harness *h, const void *data), const void *data) {
	char output[128];
	snprintf(output, sizeof(output), "%s mode %dx%d scale %d", name, width,
			height, scale);
	const char *args[] = { "--output", output, NULL };
	return run_gridwl(args, body, data);
}

bool run_gridwl(const char *const *args,
		bool (*body)(struct harness *h, const void *data), const void *data) {
	struct harness *h = harness_start(args);
	REQUIRE(h != NULL, "gridwl did not start");
	bool ok = body(h, data);
	return harness_stop(h, ok);
}

bool run_mixed_layout(bool (*body)(struct harness *h, const void *data),
		const void *data) {
	const char *args[] = {
		"--output",
		"HEADLESS-1 mode 640x480 scale 1 position 0,0",
		"--output",
		"HEADLESS-2 mode 1280x960 scale 2 position 640,0",
		NULL,
	};
	return run_gridwl(args, body, data);
}

struct harness *start_nested_gridwl(struct harness *host,
		const char *const *gridwl_args) {
	const char *nested_lsan = getenv("GRIDWL_NESTED_LSAN_OPTIONS");
	char *saved_lsan = getenv("LSAN_OPTIONS") != NULL ?
			strdup(getenv("LSAN_OPTIONS")) :
			NULL;
	if (nested_lsan != NULL) {
		setenv("LSAN_OPTIONS", nested_lsan, 1);
	}
	struct harness *inner = harness_start_nested(host, gridwl_args);
	if (saved_lsan != NULL) {
		setenv("LSAN_OPTIONS", saved_lsan, 1);
		free(saved_lsan);
	} else {
		unsetenv("LSAN_OPTIONS");
	}
	return inner;
}

bool program_in_path(const char *name) {
	const char *path = getenv("PATH");
	if (path == NULL) {
		path = "/usr/bin:/bin";
	}
	char *copy = strdup(path);
	bool found = false;
	for (char *save = NULL, *dir = strtok_r(copy, ":", &save);
			dir != NULL && !found; dir = strtok_r(NULL, ":", &save)) {
		char file[4096];
		snprintf(file, sizeof(file), "%s/%s", dir, name);
		found = access(file, X_OK) == 0;
	}
	free(copy);
	return found;
}
