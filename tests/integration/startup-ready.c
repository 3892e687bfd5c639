#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "run-gridwl.h"
#include "harness-private.h"

/*
 * Start-up that scripts and service managers can wait for instead of
 * sleeping: --ready-fd N gets the Wayland socket name and a newline once
 * the outputs exist and the socket accepts, and is closed then (while
 * gridwl goes on); NOTIFY_SOCKET gets READY=1; without --socket every
 * gridwl takes a free name of its own. gridwl's children inherit neither.
 */

#define READY_FD 5

struct started {
	pid_t pid;
	char *name; // what --ready-fd said, without the newline
};

/* Runs gridwl headless in runtime_dir with --ready-fd, its stdin and stdout
 * closed, and extra arguments; reads the ready line. The environment of
 * the test's own process (NOTIFY_SOCKET) is passed on. */
static bool start_gridwl(const char *runtime_dir, const char *exec,
		struct started *started) {
	const char *bin = getenv("GRIDWL_BIN");
	REQUIRE(bin != NULL, "GRIDWL_BIN is not set");
	int fds[2];
	// Close-on-exec, so that gridwl holds the write end at READY_FD only.
	REQUIRE(pipe2(fds, O_CLOEXEC) == 0, "no pipe");
	pid_t pid = fork();
	REQUIRE(pid >= 0, "fork failed");
	if (pid == 0) {
		setenv("XDG_RUNTIME_DIR", runtime_dir, 1);
		setenv("WLR_RENDERER", "pixman", 1);
		unsetenv("WAYLAND_DISPLAY");
		unsetenv("DISPLAY");
		unsetenv("GRIDWL_SOCK");
		dup2(fds[1], READY_FD);
		// dup2 onto itself keeps close-on-exec.
		fcntl(READY_FD, F_SETFD, 0);
		int null = open("/dev/null", O_RDWR);
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
		char fd_text[16];
		snprintf(fd_text, sizeof(fd_text), "%d", READY_FD);
		execl(bin, bin, "--backend", "headless", "--config", "/dev/null",
				"--output", "HEADLESS-1 mode 320x240 scale 2", "--ready-fd",
				fd_text, "--exec", exec, (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	bool timed_out = false;
	// Until end of file: gridwl closes the descriptor once it has said
	// its name, and it goes on running.
	char *text = harness_read_all(fds[0], harness_now_ms() + HARNESS_TIMEOUT_MS,
			&timed_out);
	close(fds[0]);
	started->pid = pid;
	started->name = NULL;
	bool ok = CHECK(text != NULL && !timed_out,
			"--ready-fd was not closed in time");
	size_t len = text != NULL ? strlen(text) : 0;
	ok = ok &&
			CHECK(len > 1 && text[len - 1] == '\n' &&
							strchr(text, '\n') == text + len - 1,
					"--ready-fd got \"%s\", want one name and a newline",
					text) &&
			CHECK(harness_wait_pid(pid, 0) < 0,
					"gridwl is gone after saying it is ready");
	if (ok) {
		text[len - 1] = '\0';
		started->name = text;
	} else {
		free(text);
	}
	return ok;
}

/* Nothing when it did not start. */
static void stop_gridwl(struct started *started) {
	if (started->pid > 0) {
		harness_terminate_pid(started->pid, HARNESS_TIMEOUT_MS);
	}
	free(started->name);
}

/* The --exec child wrote the line want into path: what it has of what
 * (the ready descriptor, NOTIFY_SOCKET). */
static bool check_child_wrote(const char *path, const char *want,
		const char *what) {
	char *child = harness_wait_file_line(path, HARNESS_TIMEOUT_MS);
	bool ok = CHECK(child != NULL && strcmp(child, want) == 0,
			"an --exec child has %s: %s", what,
			child != NULL ? child : "(no answer)");
	free(child);
	return ok;
}

/* What a client sees right after the ready line: the socket, and gridctl
 * answering with the configured output. */
static bool check_usable(const char *runtime_dir, const char *name) {
	char path[512];
	snprintf(path, sizeof(path), "%s/%s", runtime_dir, name);
	struct stat st;
	bool ok = CHECK(stat(path, &st) == 0 && S_ISSOCK(st.st_mode),
			"no Wayland socket %s", path);
	const char *gridctl = getenv("GRIDCTL_BIN");
	REQUIRE(gridctl != NULL, "GRIDCTL_BIN is not set");
	char command[1024];
	snprintf(command, sizeof(command),
			"XDG_RUNTIME_DIR='%s' WAYLAND_DISPLAY='%s' GRIDWL_SOCK= '%s' "
			"outputs | grep -q '\"name\":\"HEADLESS-1\"'",
			runtime_dir, name, gridctl);
	ok = CHECK(system(command) == 0,
				 "gridctl outputs does not list HEADLESS-1 right after the "
				 "ready line") &&
			ok;
	return ok;
}

static bool ready_fd_in(const char *dir) {
	char exec[600], fd_file[512];
	snprintf(fd_file, sizeof(fd_file), "%s/child-fd", dir);
	snprintf(exec, sizeof(exec),
			"if test -e /proc/self/fd/%d; then echo inherited; else echo "
			"closed; fi > '%s'",
			READY_FD, fd_file);
	struct started a = { 0 }, b = { 0 };
	bool ok = start_gridwl(dir, exec, &a);
	ok = ok && check_usable(dir, a.name);
	// A second one in the same runtime dir, also without --socket.
	ok = ok && start_gridwl(dir, "true", &b);
	ok = ok && check_usable(dir, b.name) &&
			CHECK(strcmp(a.name, b.name) != 0,
					"two gridwl without --socket both took %s", a.name);
	ok = ok && check_child_wrote(fd_file, "closed\n", "the ready descriptor");
	stop_gridwl(&b);
	stop_gridwl(&a);
	return ok;
}

static bool check_ready_fd(const void *data) {
	return run_in_private_dir(ready_fd_in);
}

static bool notify_socket_in(const char *dir) {
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	snprintf(addr.sun_path, sizeof(addr.sun_path), "%s/notify", dir);
	int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	REQUIRE(fd >= 0 && bind(fd, (struct sockaddr *)&addr, sizeof(addr)) == 0,
			"cannot bind %s", addr.sun_path);
	char env_file[512], exec[600];
	snprintf(env_file, sizeof(env_file), "%s/child-env", dir);
	snprintf(exec, sizeof(exec), "echo \"${NOTIFY_SOCKET:-unset}\" > '%s'",
			env_file);
	setenv("NOTIFY_SOCKET", addr.sun_path, 1);
	struct started started = { 0 };
	bool ok = start_gridwl(dir, exec, &started);
	unsetenv("NOTIFY_SOCKET");
	char message[64] = { 0 };
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	ok = ok &&
			CHECK(poll(&pfd, 1, HARNESS_TIMEOUT_MS) == 1 &&
							recv(fd, message, sizeof(message) - 1, 0) > 0 &&
							strcmp(message, "READY=1") == 0,
					"NOTIFY_SOCKET got \"%s\", want READY=1", message);
	ok = ok && check_child_wrote(env_file, "unset\n", "NOTIFY_SOCKET");
	stop_gridwl(&started);
	close(fd);
	return ok;
}

static bool check_notify_socket(const void *data) {
	return run_in_private_dir(notify_socket_in);
}

/* A descriptor that is not open is refused before anything starts. */
static bool check_bad_fd(const void *data) {
	const char *bin = getenv("GRIDWL_BIN");
	REQUIRE(bin != NULL, "GRIDWL_BIN is not set");
	char command[1024];
	snprintf(command, sizeof(command),
			"'%s' --backend headless --ready-fd 99 2>&1 | "
			"grep -q 'not an open file descriptor'; exit $?",
			bin);
	bool ok = CHECK(system(command) == 0,
			"--ready-fd 99 is not refused with a message");
	snprintf(command, sizeof(command),
			"'%s' --backend headless --ready-fd 99 2>/dev/null", bin);
	int status = system(command);
	ok = CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 1,
				 "--ready-fd 99 exits with %d, want 1", WEXITSTATUS(status)) &&
			ok;
	return ok;
}

/* tools/run's demo client, started with stdin at its end (tools/run in
 * the background or with </dev/null), keeps its window until it is closed:
 * a test's pattern client ends with its stdin instead. */
static bool check_demo_client(const void *data) {
	const char *bin = getenv("PATTERN_CLIENT_BIN");
	REQUIRE(bin != NULL, "PATTERN_CLIENT_BIN is not set");
	const char *args[] = { "--output", "HEADLESS-1 mode 320x240", NULL };
	struct harness *h = harness_start(args);
	REQUIRE(h != NULL, "gridwl did not start");
	struct harness_child_env env;
	harness_client_env(h, &env);
	// Its events are not TAP: they go nowhere.
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);
	const char *argv[] = { bin, "--ignore-stdin", "--app-id", "demo", NULL };
	pid_t pid = harness_fork_exec(argv, &env, null, null, -1);
	close(null);
	int64_t id = pid > 0 ? wait_window_id(h, "demo") : -1;
	bool ok = CHECK(id > 0, "the demo window never mapped");
	ok = ok &&
			CHECK(harness_wait_pid(pid, 500) < 0,
					"the demo client ended with its stdin");
	char id_text[32];
	snprintf(id_text, sizeof(id_text), "%lld", (long long)id);
	struct json_object *reply =
			ok ? harness_gridctl_ok(h, "close", id_text, NULL) : NULL;
	ok = ok && CHECK(reply != NULL, "gridctl close failed");
	json_object_put(reply);
	ok = ok &&
			CHECK(harness_wait_pid(pid, HARNESS_TIMEOUT_MS) == 0,
					"the demo client did not end when its window was closed");
	if (pid > 0) {
		harness_terminate_pid(pid, 0);
	}
	return harness_stop(h, ok);
}

int main(void) {
	signal(SIGPIPE, SIG_IGN);
	struct check_suite suite = { 0 };
	check_run(&suite,
			"--ready-fd: the socket name and a newline once usable, closed, "
			"not inherited; a free socket name each",
			check_ready_fd, NULL);
	check_run(&suite, "NOTIFY_SOCKET gets READY=1, children do not inherit it",
			check_notify_socket, NULL);
	check_run(&suite, "--ready-fd with a descriptor that is not open",
			check_bad_fd, NULL);
	check_run(&suite,
			"the demo client with stdin at its end keeps its window until "
			"it is closed",
			check_demo_client, NULL);
	return check_finish(&suite);
}
