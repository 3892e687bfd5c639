#define _GNU_SOURCE // pipe2
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <wayland-client.h>
#include "client-skeleton.h"
#include "security-context-v1-client-protocol.h"

/*
 * security-client: what Flatpak does for a sandboxed application, for the
 * security-context test.
 *
 *   security-client SOCKET ENGINE APP_ID
 *
 * Listens on the Unix socket SOCKET and hands it to the compositor through
 * wp_security_context_manager_v1 with that sandbox engine, app id and
 * instance id "1", then prints "listening": clients connecting to SOCKET
 * are the sandbox's. It keeps the other end of the close fd until stdin
 * ends or says "quit"; "sync" prints "sync" once gridwl answered
 * everything before it.
 */

struct client {
	struct client_skeleton skel;
	struct wp_security_context_manager_v1 *manager;
};

static const struct client_global bound_globals[] = {
	{ &wp_security_context_manager_v1_interface, 1,
			offsetof(struct client, manager), NULL },
	{ 0 },
};

static int listen_on(const char *path) {
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	if (strlen(path) >= sizeof(addr.sun_path)) {
		return -1;
	}
	strcpy(addr.sun_path, path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		return -1;
	}
	unlink(path);
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) != 0 ||
			listen(fd, 16) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

int main(int argc, char **argv) {
	if (argc != 4) {
		fprintf(stderr, "usage: security-client SOCKET ENGINE APP_ID\n");
		return 2;
	}
	struct client c = { 0 };
	const struct client_skeleton_spec spec = {
		.globals = bound_globals,
		.globals_required = true,
		.data = &c,
		.bad_command_word = "unknown",
	};
	int status = client_skeleton_connect(&c.skel, &spec);
	int listen_fd = -1, close_fds[2] = { -1, -1 };
	if (status == 0 &&
			((listen_fd = listen_on(argv[1])) < 0 ||
					pipe2(close_fds, O_CLOEXEC) != 0)) {
		status = 1;
		client_emit("error cannot listen on %s", argv[1]);
	} else if (status == 0) {
		struct wp_security_context_v1 *context =
				wp_security_context_manager_v1_create_listener(c.manager,
						listen_fd, close_fds[0]);
		wp_security_context_v1_set_sandbox_engine(context, argv[2]);
		wp_security_context_v1_set_app_id(context, argv[3]);
		wp_security_context_v1_set_instance_id(context, "1");
		wp_security_context_v1_commit(context);
		wp_security_context_v1_destroy(context);
		if (wl_display_roundtrip(c.skel.display) < 0) {
			status = raw_client_report_disconnect(c.skel.display);
		} else {
			// The compositor has its own copies now.
			close(listen_fd);
			listen_fd = -1;
			close(close_fds[0]);
			close_fds[0] = -1;
			client_emit("listening");
			status = client_skeleton_run(&c.skel);
		}
	}
	// Closing the write end tells the compositor to stop listening.
	for (int i = 0; i < 2; i++) {
		if (close_fds[i] >= 0) {
			close(close_fds[i]);
		}
	}
	if (listen_fd >= 0) {
		close(listen_fd);
	}
	return client_skeleton_finish_all(&c.skel, status);
}
