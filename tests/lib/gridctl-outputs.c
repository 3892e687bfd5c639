#include <json-c/json.h>
#include "check.h"
#include "gridctl-outputs.h"

struct json_object *gridctl_output(struct harness *h, const char *name) {
	struct json_object *reply = harness_gridctl_ok(h, "outputs", NULL);
	struct json_object *output =
			json_array_find(json_path(reply, "outputs", json_type_array),
					"name", name);
	if (CHECK(output != NULL, "gridctl outputs has no %s: %s", name,
				reply != NULL ? json_object_to_json_string(reply) :
								"no reply")) {
		json_object_get(output);
	}
	json_object_put(reply);
	return output;
}

/* Polls gridctl outputs until pred holds; false after reporting why. */
static bool wait_outputs(struct harness *h, harness_reply_pred pred, void *want,
		const char *why) {
	const char *args[] = { "outputs", NULL };
	struct json_object *reply =
			harness_wait_gridctl(h, args, pred, want, HARNESS_TIMEOUT_MS, why);
	json_object_put(reply);
	return reply != NULL;
}

struct output_bool {
	const char *name, *path;
	bool value;
};

static bool output_bool_is(struct json_object *reply, void *data) {
	const struct output_bool *want = data;
	struct json_object *output =
			json_array_find(json_path(reply, "outputs", json_type_array),
					"name", want->name);
	struct json_object *value =
			json_path(output, want->path, json_type_boolean);
	return value != NULL && json_object_get_boolean(value) == want->value;
}

bool wait_output_bool(struct harness *h, const char *name, const char *path,
		bool value, const char *why) {
	struct output_bool want = { name, path, value };
	return wait_outputs(h, output_bool_is, &want, why);
}

struct output_ints {
	const char *name;
	const char *const *paths;
	const int *values;
};

static bool output_ints_are(struct json_object *reply, void *data) {
	const struct output_ints *want = data;
	struct json_object *output =
			json_array_find(json_path(reply, "outputs", json_type_array),
					"name", want->name);
	for (size_t i = 0; want->paths[i] != NULL; i++) {
		struct json_object *value =
				json_path(output, want->paths[i], json_type_int);
		if (value == NULL || json_object_get_int(value) != want->values[i]) {
			return false;
		}
	}
	return output != NULL;
}

bool wait_output_ints(struct harness *h, const char *name,
		const char *const *paths, const int *values, const char *why) {
	struct output_ints want = { name, paths, values };
	return wait_outputs(h, output_ints_are, &want, why);
}
