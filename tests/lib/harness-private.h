#ifndef GRIDWL_TESTS_HARNESS_PRIVATE_H
#define GRIDWL_TESTS_HARNESS_PRIVATE_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/* What a child's environment is pointed at; NULL members are unset. */
struct harness_child_env {
	const char *runtime_dir;
	const char *wayland_display;
	const char *gridwl_sock;
	// gridwl itself: pixman renderer, no config from the user's home
	bool compositor;
};

/* fds of -1 are inherited. Returns the pid or -1 after reporting. */
pid_t harness_fork_exec(const char *const *argv,
		const struct harness_child_env *env, int in_fd, int out_fd, int err_fd);

/* Waits up to timeout_ms for pid; returns the exit code (128 + signal when
 * killed) or -1 if still running. */
int harness_wait_pid(pid_t pid, int timeout_ms);
/* SIGTERM, up to grace_ms, then SIGKILL; returns the exit code. */
int harness_terminate_pid(pid_t pid, int grace_ms);

/* The environment harness_spawn gives children of h. */
void harness_client_env(const struct harness *h, struct harness_child_env *env);
/* The list of clients h kills when it stops. */
struct harness_client **harness_clients(struct harness *h);
void harness_kill_clients(struct harness *h);

/* Reads fd until end of file or the deadline; returns what it read
 * (malloc'd, NUL terminated; NULL only without memory). */
char *harness_read_all(int fd, int64_t deadline_ms, bool *timed_out);

/* pipe() with both ends close-on-exec; reports failures. */
bool harness_pipe(int fds[2]);

/* A NULL-terminated argv of prefix (count items) then args; free the array
 * only. */
const char **harness_argv_join(const char *const *prefix, size_t count,
		const char *const *args);

#endif
