#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include "harness.h"
#include "harness-private.h"

#define STARTUP_TIMEOUT_MS 20000
#define GRIDCTL_TIMEOUT_MS 10000
#define POLL_INTERVAL_MS 20

struct harness {
	char *dir;
	bool owns_dir; // false for a nested compositor sharing its host's dir
	char *socket; // WAYLAND_DISPLAY of this gridwl
	char *control_path;
	char *log_path;
	pid_t pid;
	bool exited;
	int exit_code;
	struct harness_client *clients;
	struct harness *nested; // compositors running inside this one
	struct harness *next_nested;
	struct harness *host;
};

const char *harness_dir(const struct harness *h) {
	return h->dir;
}

pid_t harness_pid(const struct harness *h) {
	return h->pid;
}

const char *harness_socket(const struct harness *h) {
	return h->socket;
}

struct harness_client **harness_clients(struct harness *h) {
	return &h->clients;
}

void harness_client_env(const struct harness *h,
		struct harness_child_env *env) {
	*env = (struct harness_child_env){
		.runtime_dir = h->dir,
		.wayland_display = h->socket,
		.gridwl_sock = h->control_path,
	};
}

static char *format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static char *format(const char *fmt, ...) {
	va_list args;
	va_start(args, fmt);
	int n = vsnprintf(NULL, 0, fmt, args);
	va_end(args);
	if (n < 0) {
		return NULL;
	}
	char *s = malloc((size_t)n + 1);
	if (s == NULL) {
		return NULL;
	}
	va_start(args, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, args);
	va_end(args);
	return s;
}

char *harness_path(const struct harness *h, const char *name) {
	return format("%s/%s", h->dir, name);
}

char *harness_mkdtemp(void) {
	char *dir = strdup("/tmp/gridwl-test.XXXXXX");
	if (dir == NULL) {
		return NULL;
	}
	// mkdtemp creates it 0700, as XDG_RUNTIME_DIR must be.
	if (mkdtemp(dir) == NULL) {
		fprintf(stderr, "harness: mkdtemp: %s\n", strerror(errno));
		free(dir);
		return NULL;
	}
	return dir;
}

static void remove_tree_at(int parent, const char *name) {
	int fd = openat(parent, name,
			O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		unlinkat(parent, name, 0);
		return;
	}
	DIR *dir = fdopendir(fd);
	if (dir == NULL) {
		close(fd);
		return;
	}
	struct dirent *entry;
	while ((entry = readdir(dir)) != NULL) {
		if (strcmp(entry->d_name, ".") == 0 ||
				strcmp(entry->d_name, "..") == 0) {
			continue;
		}
		remove_tree_at(dirfd(dir), entry->d_name);
	}
	closedir(dir);
	if (unlinkat(parent, name, AT_REMOVEDIR) != 0) {
		fprintf(stderr, "harness: cannot remove %s: %s\n", name,
				strerror(errno));
	}
}

void harness_remove_tree(const char *path) {
	remove_tree_at(AT_FDCWD, path);
}

void harness_print_log(const struct harness *h) {
	FILE *f = fopen(h->log_path, "r");
	if (f == NULL) {
		fprintf(stderr, "harness: no gridwl log at %s\n", h->log_path);
		return;
	}
	fprintf(stderr, "----- gridwl log (%s) -----\n", h->socket);
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		fwrite(buf, 1, n, stderr);
	}
	fprintf(stderr, "----- end of gridwl log (%s) -----\n", h->socket);
	fclose(f);
}

static bool control_socket_ready(const char *path) {
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	if (strlen(path) >= sizeof(addr.sun_path)) {
		return false;
	}
	strcpy(addr.sun_path, path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		return false;
	}
	bool ok = connect(fd, (struct sockaddr *)&addr, sizeof(addr)) == 0;
	close(fd);
	return ok;
}

static bool wait_ready(struct harness *h) {
	int64_t deadline = harness_now_ms() + STARTUP_TIMEOUT_MS;
	// gridwl creates the control socket only once the Wayland socket is
	// up, so its accepting connections means both are there. There is no
	// event to wait for from outside the process, hence the polling.
	while (!control_socket_ready(h->control_path)) {
		int code = harness_wait_pid(h->pid, 0);
		if (code >= 0) {
			h->exited = true;
			h->exit_code = code;
			fprintf(stderr,
					"harness: gridwl exited with status %d before "
					"its control socket %s was ready\n",
					code, h->control_path);
			return false;
		}
		if (harness_now_ms() >= deadline) {
			fprintf(stderr,
					"harness: gridwl's control socket %s not ready "
					"after %d ms\n",
					h->control_path, STARTUP_TIMEOUT_MS);
			return false;
		}
		harness_sleep_ms(POLL_INTERVAL_MS);
	}
	return true;
}

static void harness_free(struct harness *h) {
	if (h->owns_dir && h->dir != NULL) {
		harness_remove_tree(h->dir);
	}
	free(h->dir);
	free(h->socket);
	free(h->control_path);
	free(h->log_path);
	free(h);
}

static struct harness *spawn_gridwl(struct harness *host,
		const char *const *gridwl_args) {
	const char *bin = getenv("GRIDWL_BIN");
	if (bin == NULL) {
		fprintf(stderr, "harness: GRIDWL_BIN is not set\n");
		return NULL;
	}
	struct harness *h = calloc(1, sizeof(*h));
	if (h == NULL) {
		return NULL;
	}
	h->host = host;
	if (host != NULL) {
		h->dir = strdup(host->dir);
		h->socket = format("%s-nested", host->socket);
	} else {
		h->dir = harness_mkdtemp();
		h->owns_dir = h->dir != NULL;
		// The random part of the dir's name keeps the socket name unique
		// even for a gridwl that ignored XDG_RUNTIME_DIR.
		h->socket = h->dir ? format("wl-%s", strrchr(h->dir, '.') + 1) : NULL;
	}
	if (h->dir == NULL || h->socket == NULL) {
		harness_free(h);
		return NULL;
	}
	h->control_path = format("%s/gridwl-%s.sock", h->dir, h->socket);
	h->log_path = format("%s/gridwl-%s.log", h->dir, h->socket);
	int log_fd = h->log_path == NULL ?
			-1 :
			open(h->log_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	const char *prefix[] = {
		bin,
		"--backend",
		host ? "wayland" : "headless",
		"--socket",
		h->socket,
	};
	const char **argv = harness_argv_join(prefix, 5, gridwl_args);
	if (h->control_path == NULL || log_fd < 0 || argv == NULL) {
		fprintf(stderr, "harness: cannot set up gridwl's log or arguments\n");
		if (log_fd >= 0) {
			close(log_fd);
		}
		free(argv);
		harness_free(h);
		return NULL;
	}

	fprintf(stderr, "harness: starting");
	for (size_t i = 0; argv[i] != NULL; i++) {
		fprintf(stderr, " '%s'", argv[i]);
	}
	fprintf(stderr, "\n");
	struct harness_child_env env = {
		.runtime_dir = h->dir,
		// The wayland backend connects to whatever WAYLAND_DISPLAY says.
		.wayland_display = host ? host->socket : NULL,
		.compositor = true,
	};
	h->pid = harness_fork_exec(argv, &env, -1, log_fd, log_fd);
	close(log_fd);
	free(argv);
	if (h->pid < 0) {
		harness_free(h);
		return NULL;
	}
	if (!wait_ready(h)) {
		if (!h->exited) {
			h->exit_code = harness_terminate_pid(h->pid, 2000);
		}
		harness_print_log(h);
		harness_free(h);
		return NULL;
	}
	return h;
}

struct harness *harness_start(const char *const *gridwl_args) {
	struct harness *h = spawn_gridwl(NULL, gridwl_args);
	if (h == NULL) {
		return NULL;
	}
	// For anything the test runs by hand, as a user would in a session.
	setenv("XDG_RUNTIME_DIR", h->dir, 1);
	setenv("WAYLAND_DISPLAY", h->socket, 1);
	setenv("GRIDWL_SOCK", h->control_path, 1);
	return h;
}

struct harness *harness_start_nested(struct harness *host,
		const char *const *gridwl_args) {
	struct harness *h = spawn_gridwl(host, gridwl_args);
	if (h == NULL) {
		return NULL;
	}
	h->next_nested = host->nested;
	host->nested = h;
	return h;
}

static void unlink_nested(struct harness *h) {
	if (h->host == NULL) {
		return;
	}
	for (struct harness **p = &h->host->nested; *p != NULL;
			p = &(*p)->next_nested) {
		if (*p == h) {
			*p = h->next_nested;
			return;
		}
	}
}

/* Asks gridwl to exit the way a user would, falling back to signals. */
static int stop_gridwl(struct harness *h) {
	const char *bin = getenv("GRIDCTL_BIN");
	if (bin != NULL) {
		const char *argv[] = { bin, "exit", NULL };
		int ctl = harness_run(h, argv, GRIDCTL_TIMEOUT_MS, NULL);
		// A failed gridctl exit may still have been carried out, with
		// the connection closed before the reply; give it a moment.
		int code = harness_wait_pid(h->pid, ctl == 0 ? 10000 : 2000);
		if (code >= 0) {
			return code;
		}
		fprintf(stderr,
				"harness: gridwl still running after gridctl exit "
				"(status %d)\n",
				ctl);
	}
	return harness_terminate_pid(h->pid, 5000);
}

bool harness_stop(struct harness *h, bool passed) {
	while (h->nested != NULL) {
		passed = harness_stop(h->nested, passed) && passed;
	}
	harness_kill_clients(h);
	int code = h->exited ? h->exit_code : stop_gridwl(h);
	bool clean = code == 0;
	if (!clean) {
		fprintf(stderr, "harness: gridwl (%s) exited with status %d%s\n",
				h->socket, code, code > 128 ? " (killed by a signal)" : "");
	}
	if (!passed || !clean) {
		harness_print_log(h);
	}
	const char *ours = getenv("GRIDWL_SOCK");
	if (h->host == NULL && ours != NULL && strcmp(ours, h->control_path) == 0) {
		// Nothing the test starts later may find a compositor that is gone.
		unsetenv("GRIDWL_SOCK");
		unsetenv("WAYLAND_DISPLAY");
		unsetenv("XDG_RUNTIME_DIR");
	}
	unlink_nested(h);
	harness_free(h);
	return passed && clean;
}

struct json_object *harness_gridctlv(struct harness *h, int *status,
		const char *const *args) {
	const char *bin = getenv("GRIDCTL_BIN");
	if (bin == NULL) {
		fprintf(stderr, "harness: GRIDCTL_BIN is not set\n");
		return NULL;
	}
	const char **argv = harness_argv_join(&bin, 1, args);
	if (argv == NULL) {
		return NULL;
	}
	char *out = NULL;
	int code = harness_run(h, argv, GRIDCTL_TIMEOUT_MS, &out);
	free(argv);
	if (status != NULL) {
		*status = code;
	}
	if (out == NULL) {
		return NULL;
	}
	enum json_tokener_error err;
	struct json_object *reply = json_tokener_parse_verbose(out, &err);
	if (reply == NULL || !json_object_is_type(reply, json_type_object)) {
		fprintf(stderr,
				"harness: gridctl %s (exit %d) did not print a "
				"JSON object: %s\n--- output ---\n%s\n--- end ---\n",
				args[0] ? args[0] : "", code,
				reply == NULL ? json_tokener_error_desc(err) : "not an object",
				out);
		json_object_put(reply);
		reply = NULL;
	}
	free(out);
	return reply;
}

#define MAX_GRIDCTL_ARGS 32

/* Collects the NULL-terminated variadic arguments into args; false when
 * there are too many. */
static bool collect_args(const char **args, const char *first, va_list ap) {
	size_t n = 0;
	for (const char *arg = first; arg != NULL; arg = va_arg(ap, const char *)) {
		if (n == MAX_GRIDCTL_ARGS) {
			fprintf(stderr, "harness: too many gridctl arguments\n");
			return false;
		}
		args[n++] = arg;
	}
	args[n] = NULL;
	return true;
}

struct json_object *harness_gridctl(struct harness *h, int *status,
		const char *arg, ...) {
	const char *args[MAX_GRIDCTL_ARGS + 1];
	va_list ap;
	va_start(ap, arg);
	bool ok = collect_args(args, arg, ap);
	va_end(ap);
	return ok ? harness_gridctlv(h, status, args) : NULL;
}

static void print_args(const char *const *args) {
	for (size_t i = 0; args[i] != NULL; i++) {
		fprintf(stderr, " %s", args[i]);
	}
}

/* harness_gridctl_ok of the arguments (NULL terminated). */
static struct json_object *gridctl_okv(struct harness *h,
		const char *const *args) {
	int status;
	struct json_object *reply = harness_gridctlv(h, &status, args);
	struct json_object *success = NULL;
	if (reply != NULL && status == 0 &&
			json_object_object_get_ex(reply, "success", &success) &&
			json_object_is_type(success, json_type_boolean) &&
			json_object_get_boolean(success)) {
		return reply;
	}
	fprintf(stderr, "harness: gridctl");
	print_args(args);
	fprintf(stderr, " failed: exit status %d, reply %s\n", status,
			reply ? json_object_to_json_string(reply) : "(none)");
	json_object_put(reply);
	return NULL;
}

struct json_object *harness_gridctl_ok(struct harness *h, const char *arg,
		...) {
	const char *args[MAX_GRIDCTL_ARGS + 1];
	va_list ap;
	va_start(ap, arg);
	bool ok = collect_args(args, arg, ap);
	va_end(ap);
	return ok ? gridctl_okv(h, args) : NULL;
}

bool harness_gridctl_succeeds(struct harness *h, const char *arg, ...) {
	const char *args[MAX_GRIDCTL_ARGS + 1];
	va_list ap;
	va_start(ap, arg);
	bool ok = collect_args(args, arg, ap);
	va_end(ap);
	struct json_object *reply = ok ? gridctl_okv(h, args) : NULL;
	json_object_put(reply);
	return reply != NULL;
}

struct json_object *harness_wait_gridctl(struct harness *h,
		const char *const *args, harness_reply_pred pred, void *data,
		int timeout_ms, const char *why) {
	int64_t deadline = harness_now_ms() + timeout_ms;
	struct json_object *last = NULL;
	for (;;) {
		struct json_object *reply = harness_gridctlv(h, NULL, args);
		if (reply != NULL && pred(reply, data)) {
			json_object_put(last);
			return reply;
		}
		if (reply != NULL) {
			json_object_put(last);
			last = reply;
		}
		if (harness_now_ms() >= deadline) {
			break;
		}
		// gridctl has no way to wait for a change; poll it.
		harness_sleep_ms(POLL_INTERVAL_MS);
	}
	fprintf(stderr,
			"harness: timed out after %d ms waiting for %s; last "
			"reply to gridctl",
			timeout_ms, why);
	print_args(args);
	fprintf(stderr, ": %s\n",
			last ? json_object_to_json_string(last) : "(none)");
	json_object_put(last);
	return NULL;
}

struct window_search {
	harness_window_pred pred;
	void *data;
	struct json_object *found;
};

static bool find_window(struct json_object *reply, void *data) {
	struct window_search *search = data;
	struct json_object *windows;
	if (!json_object_object_get_ex(reply, "windows", &windows) ||
			!json_object_is_type(windows, json_type_array)) {
		return false;
	}
	size_t n = json_object_array_length(windows);
	for (size_t i = 0; i < n; i++) {
		struct json_object *window = json_object_array_get_idx(windows, i);
		if (search->pred(window, search->data)) {
			search->found = json_object_get(window);
			return true;
		}
	}
	return false;
}

struct json_object *harness_wait_window(struct harness *h,
		harness_window_pred pred, void *data, int timeout_ms, const char *why) {
	struct window_search search = { .pred = pred, .data = data };
	const char *args[] = { "windows", NULL };
	struct json_object *reply = harness_wait_gridctl(h, args, find_window,
			&search, timeout_ms, why);
	json_object_put(reply);
	return search.found;
}

static bool has_app_id(struct json_object *window, void *data) {
	struct json_object *app_id;
	return json_object_object_get_ex(window, "app_id", &app_id) &&
			json_object_is_type(app_id, json_type_string) &&
			strcmp(json_object_get_string(app_id), data) == 0;
}

struct json_object *harness_wait_window_app_id(struct harness *h,
		const char *app_id, int timeout_ms) {
	char why[256];
	snprintf(why, sizeof(why), "a window with app_id \"%s\"", app_id);
	// has_app_id only reads through the pointer.
	return harness_wait_window(h, has_app_id, (void *)app_id, timeout_ms, why);
}

int harness_run_gridwl(const char *const *gridwl_args, int timeout_ms,
		char **output) {
	*output = NULL;
	const char *bin = getenv("GRIDWL_BIN");
	if (bin == NULL) {
		fprintf(stderr, "harness: GRIDWL_BIN is not set\n");
		return -1;
	}
	char *dir = harness_mkdtemp();
	if (dir == NULL) {
		return -1;
	}
	const char *socket = "wl-startup-test";
	const char *prefix[] = { bin, "--backend", "headless", "--socket", socket };
	const char **argv = harness_argv_join(prefix, 5, gridwl_args);
	int out[2];
	if (argv == NULL || !harness_pipe(out)) {
		free(argv);
		harness_remove_tree(dir);
		free(dir);
		return -1;
	}
	struct harness_child_env env = { .runtime_dir = dir, .compositor = true };
	pid_t pid = harness_fork_exec(argv, &env, -1, out[1], out[1]);
	close(out[1]);
	free(argv);
	int code = -1;
	if (pid > 0) {
		int64_t deadline = harness_now_ms() + timeout_ms;
		bool timed_out;
		*output = harness_read_all(out[0], deadline, &timed_out);
		int64_t left = deadline - harness_now_ms();
		code = harness_wait_pid(pid, left > 0 ? (int)left : 0);
		if (code < 0) {
			fprintf(stderr, "harness: gridwl still running after %d ms\n",
					timeout_ms);
			harness_terminate_pid(pid, 2000);
		}
	}
	close(out[0]);
	harness_remove_tree(dir);
	free(dir);
	return code;
}
