#include <json-c/json.h>
#include <string.h>
#include "compositor/control/socket.h"
#include "fuzz.h"

/*
 * One control-socket message, as gridwl_control_parse_request gets it from
 * the line splitter (without its newline; any bytes, NUL included). What it
 * accepts must be a JSON object that survives being written out and parsed
 * again, which is what gridctl and scripts rely on.
 */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
	const char *error = NULL;
	struct json_object *request =
			gridwl_control_parse_request((const char *)data, size, &error);
	if (request == NULL) {
		FUZZ_ASSERT(error != NULL && error[0] != '\0');
		// The reply the compositor would send is well formed too.
		struct json_object *reply = gridwl_control_error("%s", error);
		FUZZ_ASSERT(reply != NULL);
		json_object_put(reply);
		return 0;
	}
	FUZZ_ASSERT(json_object_is_type(request, json_type_object));
	const char *text =
			json_object_to_json_string_ext(request, JSON_C_TO_STRING_PLAIN);
	FUZZ_ASSERT(text != NULL);
	size_t len = strlen(text);
	// A reply line must be one line.
	FUZZ_ASSERT(memchr(text, '\n', len) == NULL);
	const char *again_error = NULL;
	struct json_object *again =
			gridwl_control_parse_request(text, len, &again_error);
	if (again == NULL) {
		fprintf(stderr, "re-parsing \"%s\" failed: %s\n", text, again_error);
	}
	FUZZ_ASSERT(again != NULL);
	FUZZ_ASSERT(json_object_equal(request, again));
	json_object_put(again);
	json_object_put(request);
	return 0;
}
