#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-lines.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * The desktop protocols as the real wayland-info sees them: every global
 * of issue 20's desktop half is offered at its version, wlr-export-dmabuf
 * too (as sway offers it), but where output buffers are no dmabufs (pixman
 * on headless) a client's frame is cancelled as "permanent" at once, so it
 * does not retry and takes screencopy instead. The real wlsunset on headless outputs,
 * and on a nested gridwl's output, gets wlr-gamma-control's failed for
 * each output (they have no gamma ramps) and gridwl runs on.
 */

struct global {
	const char *interface;
	int version;
};

static const struct global offered[] = {
	{ "zwlr_data_control_manager_v1", 2 },
	{ "wp_fractional_scale_manager_v1", 1 },
	{ "wp_presentation", 1 },
	{ "wp_single_pixel_buffer_manager_v1", 1 },
	{ "wp_alpha_modifier_v1", 1 },
	{ "wp_content_type_manager_v1", 1 },
	{ "wp_tearing_control_manager_v1", 1 },
	{ "zxdg_exporter_v1", 1 },
	{ "zxdg_importer_v1", 1 },
	{ "zxdg_exporter_v2", 1 },
	{ "zxdg_importer_v2", 1 },
	{ "ext_foreign_toplevel_list_v1", 1 },
	{ "ext_workspace_manager_v1", 1 },
	{ "zwlr_gamma_control_manager_v1", 1 },
	{ "zwlr_screencopy_manager_v1", 3 },
	{ "zxdg_decoration_manager_v1", 1 },
	{ "org_kde_kwin_server_decoration_manager", 1 },
	{ "zwp_tablet_manager_v2", 1 },
	{ "ext_transient_seat_manager_v1", 1 },
	{ "zwlr_export_dmabuf_manager_v1", 1 },
};

static bool body_globals(struct harness *h, const void *data) {
	const char *argv[] = { "wayland-info", NULL };
	char *out = NULL;
	int status = harness_run(h, argv, HARNESS_TIMEOUT_MS, &out);
	REQUIRE(status == 0 && out != NULL, "wayland-info failed (%d)", status);
	bool ok = true;
	for (size_t i = 0; i < sizeof(offered) / sizeof(offered[0]); i++) {
		// wayland-info pads the version field: name and number apart.
		char name[96];
		snprintf(name, sizeof(name), "'%s',", offered[i].interface);
		const char *at = strstr(out, name);
		int version = 0;
		const char *v = at != NULL ? strstr(at, "version:") : NULL;
		if (v != NULL) {
			version = atoi(v + strlen("version:"));
		}
		ok = CHECK(at != NULL && version == offered[i].version,
					 "%s: offered at version %d, want %d", offered[i].interface,
					 at != NULL ? version : 0, offered[i].version) &&
				ok;
	}
	free(out);
	return ok;
}

/* A frame asked for on pixman: cancelled for good, and nothing else. */
static bool body_export_dmabuf(struct harness *h, const void *data) {
	const char *argv[] = { getenv("EXPORT_DMABUF_CLIENT_BIN"), NULL };
	REQUIRE(argv[0] != NULL, "EXPORT_DMABUF_CLIENT_BIN is not set");
	char *out = NULL;
	int status = harness_run(h, argv, HARNESS_TIMEOUT_MS, &out);
	bool ok = CHECK(status == 1 && out != NULL &&
					strcmp(out, "cancel permanent\n") == 0,
			"export-dmabuf-client exited %d, printing \"%s\"", status,
			out != NULL ? out : "");
	free(out);
	struct json_object *reply = harness_gridctl_ok(h, "outputs", NULL);
	json_object_put(reply);
	return CHECK(reply != NULL, "gridwl does not answer") && ok;
}

/* wlsunset says the gamma control of each output failed, and runs on. */
static bool check_wlsunset(struct harness *h, int outputs) {
	const char *argv[] = { "sh", "-c",
		"exec wlsunset -t 4000 -T 6500 -l 0 -L 0 2>&1", NULL };
	struct harness_client *c = harness_spawn(h, "wlsunset", argv);
	REQUIRE(c != NULL, "cannot start wlsunset");
	bool ok = true;
	for (int i = 0; ok && i < outputs; i++) {
		char *line = harness_client_wait_line(c, "gamma control of output",
				HARNESS_TIMEOUT_MS);
		size_t len = line != NULL ? strlen(line) : 0;
		ok = CHECK(len > 7 && strcmp(line + len - 7, " failed") == 0,
				"wlsunset: \"%s\"", line != NULL ? line : "(nothing)");
		free(line);
	}
	ok = CHECK(harness_client_running(c), "wlsunset died") && ok;
	harness_client_kill(c);
	struct json_object *reply = harness_gridctl_ok(h, "outputs", NULL);
	json_object_put(reply);
	return CHECK(reply != NULL, "gridwl does not answer") && ok;
}

static bool body_gamma(struct harness *h, const void *data) {
	bool ok = check_wlsunset(h, 2);
	struct harness *inner =
			start_nested_outputs(h, "WL-1 mode 320x240 scale 1", NULL);
	REQUIRE(inner != NULL, "nested gridwl did not start");
	ok = check_wlsunset(inner, 1) && ok;
	return harness_stop(inner, ok) && ok;
}

static bool run(const void *data) {
	bool (*const *body)(struct harness *, const void *) = data;
	return programs_installed("wayland-info", "wlsunset", NULL) &&
			run_mixed_layout(*body, NULL);
}

int main(void) {
	static bool (*const globals)(struct harness *, const void *) = body_globals;
	static bool (*const gamma)(struct harness *, const void *) = body_gamma;
	static bool (*const export_dmabuf)(struct harness *, const void *) =
			body_export_dmabuf;
	struct check_suite suite = { 0 };
	check_run(&suite,
			"wayland-info lists the desktop globals, export-dmabuf too", run,
			&globals);
	check_run(&suite,
			"an export-dmabuf frame on pixman is cancelled as permanent", run,
			&export_dmabuf);
	check_run(&suite,
			"wlsunset gets gamma control failed on headless and nested "
			"outputs",
			run, &gamma);
	return check_finish(&suite);
}
