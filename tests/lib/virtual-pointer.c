#include <stdio.h>
#include <stdlib.h>
#include "check.h"
#include "virtual-pointer.h"

struct harness_client *spawn_virtual_pointer(struct harness *h) {
	const char *argv[] = { getenv("POINTER_CLIENT_BIN"), NULL };
	REQUIRE(argv[0] != NULL, "POINTER_CLIENT_BIN is not set");
	struct harness_client *pointer = harness_spawn(h, "pointer", argv);
	REQUIRE(pointer != NULL, "cannot start the virtual pointer client");
	char *line = harness_client_wait_line(pointer, "ready", HARNESS_TIMEOUT_MS);
	REQUIRE(line != NULL, "the virtual pointer client did not start");
	free(line);
	return pointer;
}

bool pointer_command(struct harness_client *pointer, const char *answer,
		const char *command) {
	REQUIRE(harness_client_send(pointer, "%s", command), "cannot send %s",
			command);
	char *line = harness_client_wait_line(pointer, answer, HARNESS_TIMEOUT_MS);
	bool ok = CHECK(line != NULL, "no answer to %s", command);
	free(line);
	return ok;
}

bool pointer_click(struct harness_client *pointer, int x, int y,
		int layout_width, int layout_height) {
	char move[96];
	snprintf(move, sizeof(move), "move %d %d %d %d", x, y, layout_width,
			layout_height);
	return pointer_command(pointer, "moved", move) &&
			pointer_command(pointer, "button", "button 272 press") &&
			pointer_command(pointer, "button", "button 272 release");
}

bool mixed_layout_click(struct harness_client *pointer, int x, int y) {
	return pointer_click(pointer, x, y, 1280, 480);
}
