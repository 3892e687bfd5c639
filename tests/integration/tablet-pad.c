#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "gridctl-expect.h"
#include "client-lines.h"
#include "gridctl-windows.h"
#include "harness.h"
#include "run-gridwl.h"

/*
 * tablet-unstable-v2's pads, with gridctl's pad (a wlr_tablet_pad of
 * gridwl's own, part of gridctl's tablet, whose events take a real pad's
 * path): the window with the keyboard (tablet-client) hears of the pad with
 * its group, buttons, ring and strip, gets it entered with its tablet and
 * the group's mode, its buttons, ring angles and strip positions with their
 * frames, and a mode switch; the pad leaves it and enters the window the
 * keyboard goes to, goes nowhere while a window without tablet-v2 has the
 * keyboard, survives the client it was in being killed, and is removed.
 * gridctl refuses what the pad does not have.
 */

/* gridctl tablet pad ARGS succeeds, or fails saying want. */
#define PAD(h, ...) GRIDCTL_SUCCEEDS((h), "tablet", "pad", __VA_ARGS__)
#define PAD_FAILS(h, want, ...) \
	GRIDCTL_FAILS((h), (want), "tablet", "pad", __VA_ARGS__)

static const char *const prefixes[] = { "tablet", "tool", "pad", "ring",
	"strip", "error", NULL };

/* What the client heard of tablets since the last call (and, with
 * before, first the lines of before) is exactly want. */
static bool expect_at(const char *file, int line, struct harness_client *c,
		struct lines *before, const char *const *want, const char *what) {
	struct lines lines = { 0 };
	if (before != NULL) {
		lines = *before;
		*before = (struct lines){ 0 };
	}
	struct lines synced;
	REQUIRE(client_sync_lines(c, &synced), "no sync from the client");
	for (size_t i = 0; i < synced.count; i++) {
		lines_add(&lines, synced.line[i]);
		synced.line[i] = NULL;
	}
	lines_free(&synced);
	struct lines seen;
	lines_filter(&lines, prefixes, &seen);
	bool ok = check_lines_at(file, line, &seen, want, what);
	lines_free(&seen);
	lines_free(&lines);
	return ok;
}

#define EXPECT(c, what, ...) \
	expect_at(__FILE__, __LINE__, (c), NULL, \
			(const char *const[]){ __VA_ARGS__, NULL }, (what))
#define EXPECT_NOTHING(c, what) \
	expect_at(__FILE__, __LINE__, (c), NULL, (const char *const[]){ NULL }, \
			(what))

/* A tablet-client window that gets the keyboard; what it heard of tablets
 * until it has it is exactly want. */
static struct harness_client *spawn_focused_at(const char *file, int line,
		struct harness *h, const char *app_id, bool tablet,
		const char *const *want) {
	struct harness_client *c = spawn_tablet_client(h, app_id, tablet);
	if (c == NULL) {
		return NULL;
	}
	struct lines lines = { 0 };
	REQUIRE(client_lines_until(c, "ready", &lines), "%s did not map", app_id);
	REQUIRE(wait_focused(h, app_id), "%s has no keyboard", app_id);
	return expect_at(file, line, c, &lines, want, app_id) ? c : NULL;
}

#define SPAWN_FOCUSED(h, app_id, tablet, ...) \
	spawn_focused_at(__FILE__, __LINE__, (h), (app_id), (tablet), \
			(const char *const[]){ __VA_ARGS__, NULL })

static bool focus(struct harness *h, const char *app_id) {
	int64_t id = wait_window_id(h, app_id);
	char arg[32];
	snprintf(arg, sizeof(arg), "%lld", (long long)id);
	struct json_object *reply =
			harness_gridctl_ok(h, "focus", arg, (char *)NULL);
	json_object_put(reply);
	return CHECK(reply != NULL, "cannot focus %s", app_id) &&
			wait_focused(h, app_id);
}

/* The type gridctl inputs gives the device named name; "" for none. */
static char *input_type(struct harness *h, const char *name) {
	struct json_object *reply = harness_gridctl_ok(h, "inputs", (char *)NULL);
	struct json_object *inputs = NULL, *field;
	char *type = NULL;
	if (reply != NULL && json_object_object_get_ex(reply, "inputs", &inputs)) {
		for (size_t i = 0; i < json_object_array_length(inputs); i++) {
			struct json_object *input = json_object_array_get_idx(inputs, i);
			if (json_object_object_get_ex(input, "name", &field) &&
					strcmp(json_object_get_string(field), name) == 0 &&
					json_object_object_get_ex(input, "type", &field)) {
				type = strdup(json_object_get_string(field));
			}
		}
	}
	json_object_put(reply);
	return type != NULL ? type : strdup("");
}

static bool pad_listed_as(struct harness *h, const char *want) {
	char *type = input_type(h, "gridctl-pad");
	bool ok = CHECK(strcmp(type, want) == 0,
			"gridctl inputs has gridctl-pad as \"%s\", not \"%s\"", type, want);
	free(type);
	return ok;
}

#define PAD_ANNOUNCED \
	"pad group 0 modes 4 buttons 0 1 2 3 rings 1 strips 1", \
			"pad added buttons 4"

/* The pad on pad-a, which has the keyboard. */
static bool events(struct harness *h, struct harness_client *a) {
	bool ok = PAD(h, "button", "1", "down") && PAD(h, "button", "1", "up");
	ok = EXPECT(a, "button 1 pressed and released", "pad button 1 1",
				 "pad button 1 0") &&
			ok;
	ok = PAD(h, "ring", "0", "90.5") && ok;
	ok = EXPECT(a, "the ring turned", "ring 0 source finger",
				 "ring 0 angle 90.50", "ring 0 frame") &&
			ok;
	ok = PAD(h, "ring", "0", "stop") && ok;
	ok = EXPECT(a, "the finger off the ring", "ring 0 source finger",
				 "ring 0 stop", "ring 0 frame") &&
			ok;
	ok = PAD(h, "strip", "0", "0.25") && PAD(h, "strip", "0", "1") && ok;
	ok = EXPECT(a, "the strip slid", "strip 0 source finger",
				 "strip 0 position 16383", "strip 0 frame",
				 "strip 0 source finger", "strip 0 position 65535",
				 "strip 0 frame") &&
			ok;
	ok = PAD(h, "strip", "0", "stop") && ok;
	ok = EXPECT(a, "the finger off the strip", "strip 0 source finger",
				 "strip 0 stop", "strip 0 frame") &&
			ok;
	// The mode button's press has the new mode already, as from libinput.
	ok = PAD(h, "mode", "2") && ok;
	return EXPECT(a, "mode 2", "pad mode 0 2", "pad button 0 1",
				   "pad button 0 0") &&
			ok;
}

static bool refusals(struct harness *h) {
	bool ok = PAD_FAILS(h, "the pad is there already", "add");
	ok = PAD_FAILS(h, "no button 4: the pad has 4", "button", "4", "down") &&
			ok;
	ok = PAD_FAILS(h, "no ring 1", "ring", "1", "10") && ok;
	ok = PAD_FAILS(h, "a ring is at 0 to 360 degrees, not 360", "ring", "0",
				 "360") &&
			ok;
	ok = PAD_FAILS(h, "a strip is at 0 to 1, not 1.5", "strip", "0", "1.5") &&
			ok;
	ok = PAD_FAILS(h, "no mode 4: the pad has 4", "mode", "4") && ok;
	ok = PAD_FAILS(h, "invalid tablet pad action 'wave'", "wave") && ok;
	return PAD_FAILS(h, "invalid ring position 'far'", "ring", "0", "far") &&
			ok;
}

static bool body(struct harness *h, const void *data) {
	struct harness_client *a = SPAWN_FOCUSED(h, "pad-a", true, NULL);
	REQUIRE(a != NULL, "no pad-a");
	bool ok = PAD(h, "add");
	ok = pad_listed_as(h, "tablet_pad") && ok;
	ok = EXPECT(a, "the pad added", "tablet added gridctl-tablet",
				 PAD_ANNOUNCED, "pad enter gridctl-tablet", "pad mode 0 0") &&
			ok;
	ok = events(h, a) && ok;

	// The keyboard to pad-b: the pad leaves pad-a and enters pad-b, in
	// the mode it is in.
	struct harness_client *b =
			SPAWN_FOCUSED(h, "pad-b", true, "tablet added gridctl-tablet",
					PAD_ANNOUNCED, "pad enter gridctl-tablet", "pad mode 0 2");
	REQUIRE(b != NULL, "no pad-b");
	ok = EXPECT(a, "the keyboard to pad-b", "pad leave") && ok;
	ok = PAD(h, "button", "3", "down") && PAD(h, "button", "3", "up") && ok;
	ok = EXPECT(b, "a button on pad-b", "pad button 3 1", "pad button 3 0") &&
			ok;
	ok = EXPECT_NOTHING(a, "pad-a without the keyboard") && ok;

	// And back.
	ok = focus(h, "pad-a") && ok;
	ok = EXPECT(b, "the keyboard back to pad-a", "pad leave") && ok;
	ok = EXPECT(a, "pad-a with the keyboard again", "pad enter gridctl-tablet",
				 "pad mode 0 2") &&
			ok;

	// A window that has not bound tablet-v2 takes the keyboard: the pad
	// is nowhere, and its buttons go to nobody.
	struct harness_client *c = SPAWN_FOCUSED(h, "pad-c", false, NULL);
	REQUIRE(c != NULL, "no pad-c");
	ok = EXPECT(a, "the keyboard to pad-c", "pad leave") && ok;
	ok = PAD(h, "button", "2", "down") && PAD(h, "button", "2", "up") &&
			PAD(h, "ring", "0", "45") && PAD(h, "mode", "3") && ok;
	ok = EXPECT_NOTHING(a, "pad-a while pad-c has the keyboard") && ok;
	ok = EXPECT_NOTHING(b, "pad-b while pad-c has the keyboard") && ok;

	// The client the pad is in killed: gridwl goes on. pad-b hears of
	// the mode switched meanwhile, after the one it had.
	ok = focus(h, "pad-b") && ok;
	ok = EXPECT(b, "pad-b with the keyboard again", "pad enter gridctl-tablet",
				 "pad mode 0 2", "pad mode 0 3") &&
			ok;
	harness_client_kill(b);
	ok = focus(h, "pad-a") && ok;
	ok = PAD(h, "button", "1", "down") && PAD(h, "button", "1", "up") && ok;
	ok = EXPECT(a, "pad-a after pad-b was killed", "pad enter gridctl-tablet",
				 "pad mode 0 3", "pad button 1 1", "pad button 1 0") &&
			ok;

	ok = refusals(h) && ok;
	ok = PAD(h, "remove") && ok;
	ok = EXPECT(a, "the pad removed", "pad removed") && ok;
	ok = pad_listed_as(h, "") && ok;
	ok = PAD_FAILS(h, "there is no pad: add it first", "button", "0", "down") &&
			ok;
	ok = EXPECT_NOTHING(c, "pad-c, which has no tablet-v2") && ok;
	return CHECK_ALL_QUIT(a, "pad-a", c, "pad-c") && ok;
}

int main(void) {
	return main_on_output(
			"a tablet pad follows the keyboard through tablet-v2: enter and "
			"leave with its tablet, buttons, ring, strip and modes",
			"HEADLESS-1", 640, 480, 1, body, NULL);
}
