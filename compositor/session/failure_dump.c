#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <wlr/types/wlr_output.h>
#include <wlr/util/log.h>
#include "compositor/control/commands.h"
#include "compositor/frame/screenshot.h"
#include "compositor/output.h"
#include "compositor/server.h"
#include "compositor/session/failure_dump.h"
#include "render/screenshot.h"

static char *dump_path(const char *dir, const char *name, const char *ext) {
	size_t len = strlen(dir) + strlen(name) + strlen(ext) + 2;
	char *path = malloc(len);
	if (path != NULL) {
		snprintf(path, len, "%s/%s%s", dir, name, ext);
	}
	return path;
}

static void dump_outputs(struct gridwl_server *server, const char *dir) {
	struct gridwl_output *output;
	wl_list_for_each(output, &server->outputs, link) {
		if (!gridwl_output_is_active(output)) {
			continue;
		}
		char *path = dump_path(dir, output->wlr_output->name, ".png");
		struct gridwl_image image = { 0 };
		char *error = NULL;
		if (path == NULL ||
				!gridwl_screenshot_output(output, false, &image, &error) ||
				!gridwl_png_write(path, &image, &error)) {
			wlr_log(WLR_ERROR, "Dump: no screenshot of %s: %s",
					output->wlr_output->name,
					error != NULL ? error : "out of memory");
		}
		free(error);
		gridwl_image_finish(&image);
		free(path);
	}
}

/* The reply to a control command, as gridctl prints it. */
static void dump_command(struct gridwl_server *server, const char *dir,
		const char *command) {
	struct json_object *request = json_object_new_object();
	json_object_object_add(request, "command", json_object_new_string(command));
	// Listing commands answer at once: no deferred reply to offer.
	struct json_object *reply =
			gridwl_control_handle_request(server, request, NULL);
	json_object_put(request);
	char *path = dump_path(dir, command, ".json");
	if (path == NULL ||
			json_object_to_file_ext(path, reply, JSON_C_TO_STRING_PRETTY) !=
					0) {
		wlr_log(WLR_ERROR, "Dump: cannot write %s.json in %s", command, dir);
	}
	free(path);
	json_object_put(reply);
}

void gridwl_failure_dump(struct gridwl_server *server, const char *dir,
		const char *why) {
	wlr_log(WLR_INFO, "Dump into %s: %s", dir, why);
	if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
		wlr_log_errno(WLR_ERROR, "Dump: cannot make %s", dir);
		return;
	}
	dump_outputs(server, dir);
	dump_command(server, dir, "outputs");
	dump_command(server, dir, "windows");
	dump_command(server, dir, "layers");
	if (server->write_log != NULL) {
		char *path = dump_path(dir, "gridwl", ".log");
		if (path == NULL || !server->write_log(path)) {
			wlr_log(WLR_ERROR, "Dump: cannot write gridwl.log in %s", dir);
		}
		free(path);
	}
}
