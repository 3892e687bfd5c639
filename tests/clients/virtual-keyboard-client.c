#define _GNU_SOURCE // memfd_create
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "client-skeleton.h"
#include "virtual-keyboard-wire.h"

/*
 * virtual-keyboard-client: a virtual keyboard that sends the keymap a
 * misbehaving one would, for the virtual-keyboard test (wtype is the
 * well-behaved one).
 *
 *   virtual-keyboard-client MODE
 *
 * MODE: beyond-end (a size larger than the file), no-nul (a keymap file
 * with no NUL within its size, a whole page), garbage (text that is no
 * keymap), bad-format (format no_keymap with a good keymap), pipe (a pipe
 * for an fd), key-first (a key before any keymap). It prints "ready" once
 * it has the seat and the manager, sends that, and prints "error protocol
 * interface=I code=C id=N" and "disconnected" when gridwl ends it, or
 * "alive" when gridwl answered a roundtrip after it.
 */

struct vk_client {
	struct client_skeleton skel;
	struct wl_proxy *manager;
};

static const struct client_global bound_globals[] = {
	{ &zwp_virtual_keyboard_manager_v1_interface, 1,
			offsetof(struct vk_client, manager), NULL },
	{ 0 },
};

static const char good_keymap[] =
		"xkb_keymap {\n"
		"xkb_keycodes \"(unnamed)\" { minimum = 8; maximum = 9; <K1> = 9; };\n"
		"xkb_types \"(unnamed)\" { include \"complete\" };\n"
		"xkb_compatibility \"(unnamed)\" { include \"complete\" };\n"
		"xkb_symbols \"(unnamed)\" { key <K1> { [ a ] }; };\n"
		"};\n";

/* A file of size bytes: text with its NUL, or with nul false text padded
 * with 'x' and no NUL at all; -1 after printing why. */
static int keymap_file(const char *text, size_t size, bool nul) {
	int fd = memfd_create("keymap", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, (off_t)size) != 0) {
		client_emit("error cannot make a keymap file");
		return -1;
	}
	char *data = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (data == MAP_FAILED) {
		client_emit("error cannot map the keymap file");
		close(fd);
		return -1;
	}
	size_t length = strlen(text) + (nul ? 1 : 0);
	memset(data, 'x', size);
	memcpy(data, text, length < size ? length : size);
	munmap(data, size);
	return fd;
}

static bool send_mode(struct wl_proxy *keyboard, const char *mode) {
	const uint32_t xkb_v1 = WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1;
	size_t good_size = sizeof(good_keymap); // with its NUL
	int fd = -1;
	if (strcmp(mode, "beyond-end") == 0) {
		fd = keymap_file(good_keymap, good_size, true);
		if (fd >= 0) {
			wl_proxy_marshal_flags(keyboard, VIRTUAL_KEYBOARD_KEYMAP, NULL, 1,
					0, xkb_v1, fd, (uint32_t)(good_size + 65536));
		}
	} else if (strcmp(mode, "no-nul") == 0) {
		size_t page = (size_t)sysconf(_SC_PAGESIZE);
		fd = keymap_file(good_keymap, page, false);
		if (fd >= 0) {
			wl_proxy_marshal_flags(keyboard, VIRTUAL_KEYBOARD_KEYMAP, NULL, 1,
					0, xkb_v1, fd, (uint32_t)page);
		}
	} else if (strcmp(mode, "garbage") == 0) {
		static const char garbage[] = "xkb_keymap { this is not a keymap";
		fd = keymap_file(garbage, sizeof(garbage), true);
		if (fd >= 0) {
			wl_proxy_marshal_flags(keyboard, VIRTUAL_KEYBOARD_KEYMAP, NULL, 1,
					0, xkb_v1, fd, (uint32_t)sizeof(garbage));
		}
	} else if (strcmp(mode, "bad-format") == 0) {
		fd = keymap_file(good_keymap, good_size, true);
		if (fd >= 0) {
			wl_proxy_marshal_flags(keyboard, VIRTUAL_KEYBOARD_KEYMAP, NULL, 1,
					0, WL_KEYBOARD_KEYMAP_FORMAT_NO_KEYMAP, fd,
					(uint32_t)good_size);
		}
	} else if (strcmp(mode, "pipe") == 0) {
		int fds[2];
		if (pipe(fds) != 0) {
			client_emit("error cannot make a pipe");
			return false;
		}
		close(fds[1]);
		fd = fds[0];
		wl_proxy_marshal_flags(keyboard, VIRTUAL_KEYBOARD_KEYMAP, NULL, 1, 0,
				xkb_v1, fd, (uint32_t)good_size);
	} else if (strcmp(mode, "key-first") == 0) {
		wl_proxy_marshal_flags(keyboard, VIRTUAL_KEYBOARD_KEY, NULL, 1, 0, 0u,
				30u, (uint32_t)WL_KEYBOARD_KEY_STATE_PRESSED);
		return true;
	} else {
		client_emit("error unknown mode %s", mode);
		return false;
	}
	if (fd < 0) {
		return false;
	}
	close(fd);
	return true;
}

int main(int argc, char **argv) {
	if (argc != 2) {
		fprintf(stderr, "usage: virtual-keyboard-client MODE\n");
		return 2;
	}
	struct vk_client client = { 0 };
	const struct client_skeleton_spec spec = {
		.globals = bound_globals,
		.globals_required = true,
		.data = &client,
		.seat_version = 1,
	};
	int status = client_skeleton_connect(&client.skel, &spec);
	if (status != 0) {
		return client_skeleton_finish_all(&client.skel, status);
	}
	struct wl_display *display = client.skel.display;
	struct wl_proxy *keyboard = wl_proxy_marshal_flags(client.manager,
			VIRTUAL_KEYBOARD_MANAGER_CREATE, &zwp_virtual_keyboard_v1_interface,
			1, 0, client.skel.seat, NULL);
	client_emit("ready");
	status = 1;
	if (send_mode(keyboard, argv[1])) {
		status = wl_display_roundtrip(display) < 0 ?
				raw_client_report_disconnect(display) :
				(client_emit("alive"), 0);
	}
	wl_proxy_marshal_flags(keyboard, VIRTUAL_KEYBOARD_DESTROY, NULL, 1,
			WL_MARSHAL_FLAG_DESTROY);
	return client_skeleton_finish_all(&client.skel, status);
}
