#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "client-spawn.h"
#include "client-lines.h"
#include "harness.h"
#include "image.h"
#include "resample-fixture.h"
#include "run-gridwl.h"
#include "screenshots.h"

/*
 * text-input-unstable-v3 and input-method-unstable-v2: ime-client, an
 * input method, composes into text-input-client's field on the scale-2
 * output of the mixed layout. The input method hears the field's state
 * when it comes, its commit, preedit and delete reach the field, its
 * popup is drawn pixel for pixel just below the field's cursor rectangle
 * (logical coordinates, at scale 2) and told where that rectangle is,
 * its keyboard grab gets the keys, a second input method is unavailable,
 * and disabling the field deactivates it and hides the popup.
 */

#define FIELD_X 700 // logical, on HEADLESS-2 (x 640..1280)
#define FIELD_Y 100
#define FIELD_COLOUR 0xff2080c0u // text-input-client's
#define POPUP_COLOUR 0xffe0c020u
// The cursor rectangle in the field, and the popup's logical size.
#define CURSOR_X 30
#define CURSOR_Y 40
#define CURSOR_H 20
#define POPUP_W 60
#define POPUP_H 30

/* The lines up to the next that starts with last, with any of prefixes,
 * are exactly want. */
static bool expect(struct harness_client *c, const char *last,
		const char *const *prefixes, const char *const *want) {
	return check_heard_through_at(__FILE__, __LINE__, c, last, prefixes, want,
			"what the client heard");
}

static const char *const field_prefixes[] = { "commit", "preedit", "delete",
	"done", NULL };

/* In HEADLESS-2's physical pixels, [x0,x1) x [y0,y1) is colour. */
static long count_wrong(const struct image *shot, int x0, int y0, int x1,
		int y1, uint32_t colour) {
	long wrong = 0;
	for (int y = y0; y < y1; y++) {
		for (int x = x0; x < x1; x++) {
			wrong += image_get(shot, x, y) != colour;
		}
	}
	return wrong;
}

static bool check_popup(struct harness *h, const char *name, bool shown) {
	struct image *shot = screenshot_gridctl(h, "HEADLESS-2", name);
	REQUIRE(shot != NULL, "no screenshot");
	// Just below the cursor rectangle, in physical pixels of scale 2.
	int x0 = (FIELD_X + CURSOR_X - 640) * 2;
	int y0 = (FIELD_Y + CURSOR_Y + CURSOR_H) * 2;
	int x1 = x0 + POPUP_W * 2, y1 = y0 + POPUP_H * 2;
	long inside = count_wrong(shot, x0, y0, x1, y1,
			shown ? POPUP_COLOUR : FIELD_COLOUR);
	// The field all round it.
	long around = count_wrong(shot, x0 - 1, y0 - 1, x1 + 1, y0, FIELD_COLOUR) +
			count_wrong(shot, x0 - 1, y1, x1 + 1, y1 + 1, FIELD_COLOUR) +
			count_wrong(shot, x0 - 1, y0, x0, y1, FIELD_COLOUR) +
			count_wrong(shot, x1, y0, x1 + 1, y1, FIELD_COLOUR);
	if (inside != 0 || around != 0) {
		check_save_artifact(shot, name);
	}
	image_destroy(shot);
	return CHECK(inside == 0 && around == 0,
			"%s: %ld pixels of the popup's %dx%d box at %d,%d and %ld "
			"around it are wrong",
			name, inside, POPUP_W * 2, POPUP_H * 2, x0, y0, around);
}

static bool body(struct harness *h, const void *data) {
	const char *field_bin = getenv("TEXT_INPUT_CLIENT_BIN");
	const char *ime_bin = getenv("IME_CLIENT_BIN");
	REQUIRE(field_bin != NULL && ime_bin != NULL,
			"TEXT_INPUT_CLIENT_BIN or IME_CLIENT_BIN is not set");
	// A pointer on HEADLESS-2 and a keyboard for the seat.
	REQUIRE(harness_gridctl_succeeds(h, "pointer", "960", "240", NULL) &&
					harness_gridctl_succeeds(h, "key", "space", NULL),
			"no gridctl pointer or keyboard");
	char rect[4][16];
	snprintf(rect[0], sizeof(rect[0]), "%d", CURSOR_X);
	snprintf(rect[1], sizeof(rect[1]), "%d", CURSOR_Y);
	snprintf(rect[2], sizeof(rect[2]), "%d", 2);
	snprintf(rect[3], sizeof(rect[3]), "%d", CURSOR_H);
	const char *field_argv[] = { field_bin, "field", rect[0], rect[1], rect[2],
		rect[3], NULL };
	struct harness_client *field =
			spawn_argv_until(h, "field", field_argv, "text enter");
	REQUIRE(field != NULL, "the field's text input did not enter");
	REQUIRE(rs_place(h, "field", FIELD_X, FIELD_Y) > 0, "cannot place it");

	// The input method hears of the enabled field as it comes.
	const char *ime_argv[] = { ime_bin, NULL };
	struct harness_client *ime = harness_spawn(h, "ime", ime_argv);
	REQUIRE(ime != NULL, "cannot start the input method");
	const char *const ime_prefixes[] = { "activate", "deactivate",
		"surrounding", "content-type", "done", "unavailable", NULL };
	const char *const activated[] = { "activate", "surrounding hello 5 5",
		"content-type 0 0", "done", NULL };
	bool ok = expect(ime, "done", ime_prefixes, activated);

	harness_client_send(ime, "commit h\u00e9llo");
	const char *const committed[] = { "commit h\u00e9llo", "done", NULL };
	ok = expect(field, "done", field_prefixes, committed) && ok;
	harness_client_send(ime, "preedit ka 0 2");
	const char *const preedit[] = { "preedit ka 0 2", "done", NULL };
	ok = expect(field, "done", field_prefixes, preedit) && ok;
	harness_client_send(ime, "delete 1 0");
	const char *const deleted[] = { "delete 1 0", "done", NULL };
	ok = expect(field, "done", field_prefixes, deleted) && ok;

	// The popup, drawn at scale 2, below the cursor rectangle; told the
	// rectangle relative to itself.
	char popup[64];
	snprintf(popup, sizeof(popup), "popup %d %d 2 %08x", POPUP_W, POPUP_H,
			POPUP_COLOUR);
	harness_client_send(ime, "%s", popup);
	char want_rect[64];
	snprintf(want_rect, sizeof(want_rect), "rectangle 0 %d 2 %d", -CURSOR_H,
			CURSOR_H);
	ok = CHECK_LINE(ime, "rectangle", want_rect) && ok;
	ok = client_command_synced(ime, "sync") &&
			check_popup(h, "popup-shown", true) && ok;

	// Keys go to the input method while it grabs the keyboard.
	ok = client_command_synced(ime, "grab") && ok;
	ok = harness_gridctl_succeeds(h, "key", "a", NULL) && ok;
	ok = CHECK_LINE(ime, "grab key", "grab key 30 1") &&
			CHECK_LINE(ime, "grab key", "grab key 30 0") && ok;

	// One input method a seat.
	struct harness_client *second = harness_spawn(h, "ime-2", ime_argv);
	REQUIRE(second != NULL, "cannot start a second input method");
	ok = CHECK_WHOLE_LINE(second, "unavailable") && ok;
	ok = CHECK_QUITS(second, "the second input method") && ok;

	// Disabled, the field has no input method and the popup goes.
	harness_client_send(field, "disable");
	const char *const deactivated[] = { "deactivate", "done", NULL };
	ok = expect(ime, "done", ime_prefixes, deactivated) && ok;
	ok = client_command_synced(ime, "sync") &&
			check_popup(h, "popup-hidden", false) && ok;

	return CHECK_ALL_QUIT(ime, "the input method", field, "the field") && ok;
}

int main(void) {
	return main_mixed_layout(
			"an input method composes into the focused field, its popup "
			"at the cursor rectangle on a scale-2 output",
			body, NULL);
}
