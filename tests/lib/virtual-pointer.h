#ifndef GRIDWL_TESTS_VIRTUAL_POINTER_H
#define GRIDWL_TESTS_VIRTUAL_POINTER_H

#include <stdbool.h>
#include "harness.h"

/* The virtual pointer client (tests/clients/pointer-client.c): the headless
 * backend has no pointer of its own. */

/* The client (POINTER_CLIENT_BIN), once it is ready; NULL after
 * reporting. */
struct harness_client *spawn_virtual_pointer(struct harness *h);
/* Sends it command and waits for the line answer. */
bool pointer_command(struct harness_client *pointer, const char *answer,
		const char *command);
/* A left click at logical x,y of a layout of that logical size. */
bool pointer_click(struct harness_client *pointer, int x, int y,
		int layout_width, int layout_height);
/* The same on the mixed layout of run_mixed_layout (1280x480 logical). */
bool mixed_layout_click(struct harness_client *pointer, int x, int y);

#endif
