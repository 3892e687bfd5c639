#include <json-c/json.h>
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "gridctl-expect.h"

bool gridctl_expect_at(const char *file, int line, struct harness *h,
		const char *const *args, const char *want) {
	int status = 0;
	struct json_object *reply = harness_gridctlv(h, &status, args);
	char words[160] = "";
	for (size_t i = 0; args[i] != NULL; i++) {
		size_t len = strlen(words);
		snprintf(words + len, sizeof(words) - len, "%s%s", i > 0 ? " " : "",
				args[i]);
	}
	const char *said = reply != NULL ? json_object_to_json_string(reply) : "";
	struct json_object *error = NULL;
	bool ok;
	if (want == NULL) {
		ok = (status == 0 && reply != NULL) ||
				check_report(file, line, "success", "gridctl %s failed: %s",
						words, said);
	} else {
		ok = (status != 0 && reply != NULL &&
					 json_object_object_get_ex(reply, "error", &error) &&
					 strstr(json_object_get_string(error), want) != NULL) ||
				check_report(file, line, "failure",
						"gridctl %s should fail with \"%s\": %s", words, want,
						said);
	}
	json_object_put(reply);
	return ok;
}
