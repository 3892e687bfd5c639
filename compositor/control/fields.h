#ifndef GRIDWL_COMPOSITOR_CONTROL_FIELDS_H
#define GRIDWL_COMPOSITOR_CONTROL_FIELDS_H

#include <stdbool.h>

struct json_object;
struct wlr_box;

/* What the command handlers read from a request and how they fail. */

/* The reply for a request that failed: frees the message. */
struct json_object *gridwl_control_error_reply(char *message);
/* The field key of request as an int; false when missing, not an integer
 * or out of range. */
bool gridwl_control_get_int(struct json_object *request, const char *key,
		int *value);
/* The field key of request as a finite number (integer or not); false
 * when missing or another type. */
bool gridwl_control_get_number(struct json_object *request, const char *key,
		double *value);
/* The field key of request as a string; NULL when missing or another type. */
const char *gridwl_control_get_string(struct json_object *request,
		const char *key);

/* Adds box's x, y, width and height to object, which it returns. */
struct json_object *gridwl_control_box_fields(struct json_object *object,
		const struct wlr_box *box);

#endif
