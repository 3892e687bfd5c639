#include <json-c/json.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <wlr/util/box.h>
#include "compositor/control/fields.h"
#include "protocol/control.h"

/* The reply for a request that failed: frees the message. */
struct json_object *gridwl_control_error_reply(char *message) {
	struct json_object *reply =
			gridwl_control_error("%s", message != NULL ? message : "failed");
	free(message);
	return reply;
}

bool gridwl_control_get_int(struct json_object *request, const char *key,
		int *value) {
	struct json_object *field;
	if (!json_object_object_get_ex(request, key, &field) ||
			!json_object_is_type(field, json_type_int)) {
		return false;
	}
	int64_t v = json_object_get_int64(field);
	if (v < INT32_MIN || v > INT32_MAX) {
		return false;
	}
	*value = (int)v;
	return true;
}

bool gridwl_control_get_number(struct json_object *request, const char *key,
		double *value) {
	struct json_object *field;
	if (!json_object_object_get_ex(request, key, &field) ||
			!(json_object_is_type(field, json_type_double) ||
					json_object_is_type(field, json_type_int))) {
		return false;
	}
	double v = json_object_get_double(field);
	if (!isfinite(v)) {
		return false;
	}
	*value = v;
	return true;
}

const char *gridwl_control_get_string(struct json_object *request,
		const char *key) {
	struct json_object *field;
	if (!json_object_object_get_ex(request, key, &field) ||
			!json_object_is_type(field, json_type_string)) {
		return NULL;
	}
	return json_object_get_string(field);
}

struct json_object *gridwl_control_box_fields(struct json_object *object,
		const struct wlr_box *box) {
	json_object_object_add(object, "x", json_object_new_int(box->x));
	json_object_object_add(object, "y", json_object_new_int(box->y));
	json_object_object_add(object, "width", json_object_new_int(box->width));
	json_object_object_add(object, "height", json_object_new_int(box->height));
	return object;
}
