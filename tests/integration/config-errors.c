#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "gridctl-outputs.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * A configuration gridwl cannot honour stops it at startup, with a message
 * that says where the problem is; the same file without the bad line works,
 * so the failure is the bad line's.
 */

#define STARTUP_FAILURE_TIMEOUT_MS 15000

/* The config's first two lines; the third is the line under test. */
#define CONFIG_HEAD \
	"# gridwl test configuration\n" \
	"output HEADLESS-1 mode 800x600\n"

static bool run_bad_file(const void *data) {
	char *dir = harness_mkdtemp();
	REQUIRE(dir != NULL, "no temporary dir");
	char path[4096];
	snprintf(path, sizeof(path), "%s/config", dir);
	bool ok =
			write_text_file(path, CONFIG_HEAD "output HEADLESS-1 scale 4.5\n");
	if (ok) {
		const char *args[] = { "--config", path, NULL };
		char *output = NULL;
		int code =
				harness_run_gridwl(args, STARTUP_FAILURE_TIMEOUT_MS, &output);
		char where[4200];
		snprintf(where, sizeof(where), "%s:3:", path);
		ok = CHECK(code > 0, "gridwl should exit non-zero, exited %d", code);
		ok = CHECK(output != NULL && strstr(output, where) != NULL,
					 "stderr should contain \"%s\":\n%s", where,
					 output ? output : "") &&
				ok;
		ok = CHECK(output != NULL && strstr(output, "scale") != NULL,
					 "stderr should mention scale:\n%s",
					 output ? output : "") &&
				ok;
		free(output);
	}
	harness_remove_tree(dir);
	free(dir);
	return ok;
}

static bool good_file_body(struct harness *h, const void *data) {
	struct json_object *output = gridctl_output(h, "HEADLESS-1");
	bool ok = CHECK(output != NULL, "no HEADLESS-1");
	ok = ok && CHECK_JSON_INT(output, "mode.width", 800);
	ok = ok && CHECK_JSON_INT(output, "mode.height", 600);
	ok = ok && CHECK_JSON_INT(output, "scale", 2);
	json_object_put(output);
	return ok;
}

static bool run_good_file(const void *data) {
	return run_gridwl_config(CONFIG_HEAD "output HEADLESS-1 scale 2\n", NULL,
			good_file_body, NULL);
}

static bool check_bad_argument(const char *line) {
	const char *args[] = { "--output", line, NULL };
	char *output = NULL;
	int code = harness_run_gridwl(args, STARTUP_FAILURE_TIMEOUT_MS, &output);
	bool ok = CHECK(code > 0,
			"gridwl --output '%s' should exit non-zero, "
			"exited %d",
			line, code);
	// Errors in options are reported against the argument's text.
	ok = CHECK(output != NULL && strstr(output, line) != NULL,
				 "stderr should name the argument \"%s\":\n%s", line,
				 output ? output : "") &&
			ok;
	ok = CHECK(output != NULL && strstr(output, "scale") != NULL,
				 "stderr should mention scale:\n%s", output ? output : "") &&
			ok;
	free(output);
	return ok;
}

static bool run_bad_argument(const void *data) {
	bool ok = check_bad_argument("HEADLESS-1 scale 7");
	ok = check_bad_argument("HEADLESS-1 scale 0") && ok;
	ok = check_bad_argument("HEADLESS-1 mode 800x600 scale 4.5") && ok;
	return ok;
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite, "config file with scale 4.5 on line 3", run_bad_file,
			NULL);
	check_run(&suite, "the same file with scale 2 on line 3", run_good_file,
			NULL);
	check_run(&suite, "--output with an invalid scale", run_bad_argument, NULL);
	return check_finish(&suite);
}
