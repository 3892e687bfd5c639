#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "check.h"
#include "harness.h"
#include "run-gridwl.h"
#include "harness-private.h"
#include "image.h"
#include "pattern.h"

/*
 * Evidence when a CI run fails: gridwl --dump-on-failure DIR -- CMD writes,
 * when CMD fails, a screenshot of every output (exact: a fullscreen client
 * at the output's scale), the outputs, windows and layers JSON and its own
 * log into DIR, and exits with CMD's status; nothing when CMD succeeds.
 * --timeout ends CMD (with what CMD started) and gridwl with status 124,
 * dumping too.
 */

#define MODE_WIDTH 320
#define MODE_HEIGHT 240

/* Runs gridwl headless in its own runtime dir with args (NULL terminated)
 * after the output; returns its exit status, -1 if it did not end. */
static int run_gridwl_in(const char *runtime_dir, const char *const *args) {
	const char *bin = getenv("GRIDWL_BIN");
	REQUIRE(bin != NULL, "GRIDWL_BIN is not set");
	char output[64];
	snprintf(output, sizeof(output), "HEADLESS-1 mode %dx%d scale 2",
			MODE_WIDTH, MODE_HEIGHT);
	const char *prefix[] = { bin, "--backend", "headless", "--config",
		"/dev/null", "--output", output };
	const char **argv =
			harness_argv_join(prefix, sizeof(prefix) / sizeof(prefix[0]), args);
	REQUIRE(argv != NULL, "out of memory");
	struct harness_child_env env = { .runtime_dir = runtime_dir,
		.compositor = true };
	pid_t pid = harness_fork_exec(argv, &env, -1, -1, -1);
	free(argv);
	REQUIRE(pid > 0, "cannot start gridwl");
	int status = harness_wait_pid(pid, 6 * HARNESS_TIMEOUT_MS);
	if (status < 0) {
		harness_terminate_pid(pid, 1000);
	}
	return status;
}

static bool file_has(const char *dir, const char *name, const char *needle) {
	char path[1024];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	char *text = harness_read_file(path);
	bool ok = CHECK(text != NULL, "the dump has no %s", name) &&
			CHECK(strstr(text, needle) != NULL, "%s does not name %s", name,
					needle);
	free(text);
	return ok;
}

/* The screenshot in the dump is the fullscreen client's pattern exactly. */
static bool check_dumped_screenshot(const char *dir) {
	char path[1024];
	snprintf(path, sizeof(path), "%s/HEADLESS-1.png", dir);
	struct image *image = image_load_png(path);
	REQUIRE(image != NULL, "the dump has no HEADLESS-1.png");
	struct pattern pattern;
	bool ok = CHECK(pattern_parse("checker", &pattern), "bad pattern") &&
			CHECK(image->width == MODE_WIDTH && image->height == MODE_HEIGHT,
					"HEADLESS-1.png is %dx%d", image->width, image->height);
	struct image_region all = { 0, 0, MODE_WIDTH, MODE_HEIGHT };
	ok = ok &&
			CHECK_PATTERN(image, all, &pattern, MODE_WIDTH, MODE_HEIGHT,
					"failure-dump");
	image_destroy(image);
	return ok;
}

static bool failed_command_in(const char *dir) {
	char dump[512], command[2048];
	snprintf(dump, sizeof(dump), "%s/dump", dir);
	// The command waits for its client's window, as a CI script would,
	// then fails.
	snprintf(command, sizeof(command),
			"'%s' --ignore-stdin --fullscreen HEADLESS-1 --scale 2 "
			"--pattern checker --app-id dumped >/dev/null & "
			"until '%s' windows | grep -q '\"dumped\"'; do sleep 0.05; done; "
			"exit 3",
			getenv("PATTERN_CLIENT_BIN"), getenv("GRIDCTL_BIN"));
	const char *args[] = { "--dump-on-failure", dump, "--", "sh", "-c", command,
		NULL };
	int status = run_gridwl_in(dir, args);
	bool ok = CHECK(status == 3, "gridwl exited with %d, want the command's 3",
			status);
	ok = ok && check_dumped_screenshot(dump);
	ok = ok && file_has(dump, "windows.json", "\"app_id\":\"dumped\"") &&
			file_has(dump, "outputs.json", "\"name\":\"HEADLESS-1\"") &&
			file_has(dump, "layers.json", "\"layers\"") &&
			file_has(dump, "gridwl.log", "Command exited with status 3");
	return ok;
}

static bool check_failed_command(const void *data) {
	return run_in_private_dir(failed_command_in);
}

static bool succeeded_command_in(const char *dir) {
	char dump[512];
	snprintf(dump, sizeof(dump), "%s/dump", dir);
	const char *args[] = { "--dump-on-failure", dump, "--", "true", NULL };
	int status = run_gridwl_in(dir, args);
	struct stat st;
	bool ok = CHECK(status == 0, "gridwl exited with %d, want 0", status) &&
			CHECK(stat(dump, &st) != 0 && errno == ENOENT,
					"a dump was made for a command that succeeded");
	return ok;
}

static bool check_succeeded_command(const void *data) {
	return run_in_private_dir(succeeded_command_in);
}

/* Gone, or a zombie nobody has reaped yet: not running. */
static bool process_ended(pid_t pid) {
	char path[64], state = 0;
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	FILE *f = fopen(path, "r");
	if (f == NULL) {
		return true;
	}
	bool read = fscanf(f, "%*d (%*[^)]) %c", &state) == 1;
	fclose(f);
	return read && state == 'Z';
}

static bool timeout_in(const char *dir) {
	char dump[512], pid_file[512], command[1024];
	snprintf(dump, sizeof(dump), "%s/dump", dir);
	snprintf(pid_file, sizeof(pid_file), "%s/pid", dir);
	// What the command started ends with it.
	snprintf(command, sizeof(command), "sleep 600 & echo $! > '%s'; wait",
			pid_file);
	const char *args[] = { "--timeout", "1", "--dump-on-failure", dump, "--",
		"sh", "-c", command, NULL };
	int status = run_gridwl_in(dir, args);
	bool ok = CHECK(status == 124, "gridwl exited with %d, want 124", status);
	ok = ok && file_has(dump, "gridwl.log", "Timed out after 1 s") &&
			file_has(dump, "outputs.json", "\"name\":\"HEADLESS-1\"");
	char *pid_text = harness_read_file(pid_file);
	pid_t pid = pid_text != NULL ? (pid_t)atoi(pid_text) : 0;
	free(pid_text);
	ok = CHECK(pid > 0, "the command did not start its sleep") && ok;
	int64_t deadline = harness_now_ms() + HARNESS_TIMEOUT_MS;
	while (pid > 0 && !process_ended(pid) && harness_now_ms() < deadline) {
		harness_sleep_ms(20);
	}
	ok = ok &&
			CHECK(process_ended(pid),
					"what the command started is still running");
	if (pid > 0 && !process_ended(pid)) {
		kill(pid, SIGKILL);
	}
	// Without a dump directory the timeout ends gridwl all the same.
	const char *plain[] = { "--timeout", "1", "--", "sleep", "600", NULL };
	status = run_gridwl_in(dir, plain);
	ok = CHECK(status == 124, "without a dump, gridwl exited with %d, want 124",
				 status) &&
			ok;
	return ok;
}

static bool check_timeout(const void *data) {
	return run_in_private_dir(timeout_in);
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite,
			"a failed command leaves an exact screenshot, the JSON and the "
			"log, and its status",
			check_failed_command, NULL);
	check_run(&suite, "a command that succeeds leaves no dump",
			check_succeeded_command, NULL);
	check_run(&suite,
			"--timeout ends the command, what it started and gridwl with 124, "
			"and dumps",
			check_timeout, NULL);
	return check_finish(&suite);
}
