#include <stdio.h>
#include "check.h"
#include "compositor/services/adaptive_sync.h"

/*
 * compositor/services/adaptive_sync.c's decision, without DRM or a server:
 * what each setting wants for the views shown on an output. The compositor
 * fills in the facts (shown on the output, fullscreen there, content type
 * game); the integration test adaptive-sync and the VM test check that it
 * does.
 */

typedef struct gridwl_adaptive_sync_view view_t;

static bool decides(enum gridwl_adaptive_sync setting, const view_t *views,
		size_t count, enum gridwl_adaptive_sync_reason want, const char *what) {
	enum gridwl_adaptive_sync_reason got =
			gridwl_adaptive_sync_decide(setting, views, count);
	return CHECK(got == want, "%s, %s: \"%s\", want \"%s\"",
			gridwl_adaptive_sync_name(setting), what,
			gridwl_adaptive_sync_reason_text(got),
			gridwl_adaptive_sync_reason_text(want));
}

static const view_t plain = { .shown = true };
static const view_t fullscreen = { .shown = true, .fullscreen = true };
static const view_t game = { .shown = true, .game = true };
static const view_t fullscreen_game = { .shown = true,
	.fullscreen = true,
	.game = true };
static const view_t hidden_fullscreen = { .fullscreen = true };
static const view_t hidden_game = { .game = true };

static bool test_on_off(const void *data) {
	// on and off are what they say, whatever is shown.
	const view_t all[] = { plain, fullscreen, game };
	bool ok = decides(GRIDWL_ADAPTIVE_SYNC_ON, NULL, 0,
			GRIDWL_ADAPTIVE_SYNC_REASON_SETTING, "nothing shown");
	ok = decides(GRIDWL_ADAPTIVE_SYNC_ON, all, 3,
				 GRIDWL_ADAPTIVE_SYNC_REASON_SETTING, "everything shown") &&
			ok;
	ok = decides(GRIDWL_ADAPTIVE_SYNC_OFF, NULL, 0,
				 GRIDWL_ADAPTIVE_SYNC_REASON_NONE, "nothing shown") &&
			ok;
	ok = decides(GRIDWL_ADAPTIVE_SYNC_OFF, all, 3,
				 GRIDWL_ADAPTIVE_SYNC_REASON_NONE, "a fullscreen game") &&
			ok;
	return ok;
}

static bool test_auto(const void *data) {
	const enum gridwl_adaptive_sync a = GRIDWL_ADAPTIVE_SYNC_AUTO;
	bool ok = decides(a, NULL, 0, GRIDWL_ADAPTIVE_SYNC_REASON_NONE,
			"an empty output");
	const view_t desktop[] = { plain, plain, plain };
	ok = decides(a, desktop, 3, GRIDWL_ADAPTIVE_SYNC_REASON_NONE,
				 "ordinary windows") &&
			ok;
	const view_t with_fullscreen[] = { plain, fullscreen, plain };
	ok = decides(a, with_fullscreen, 3, GRIDWL_ADAPTIVE_SYNC_REASON_FULLSCREEN,
				 "a fullscreen window among others") &&
			ok;
	const view_t with_game[] = { plain, plain, game };
	ok = decides(a, with_game, 3, GRIDWL_ADAPTIVE_SYNC_REASON_GAME,
				 "a windowed game") &&
			ok;
	// Both: the fullscreen window is the reason given, wherever it is.
	const view_t both[] = { game, plain, fullscreen };
	ok = decides(a, both, 3, GRIDWL_ADAPTIVE_SYNC_REASON_FULLSCREEN,
				 "a game and a fullscreen window") &&
			ok;
	ok = decides(a, &fullscreen_game, 1, GRIDWL_ADAPTIVE_SYNC_REASON_FULLSCREEN,
				 "a fullscreen game") &&
			ok;
	return ok;
}

static bool test_auto_hidden(const void *data) {
	// Another workspace's fullscreen window, a minimized game, either
	// behind the lock: not shown, so not counted.
	const enum gridwl_adaptive_sync a = GRIDWL_ADAPTIVE_SYNC_AUTO;
	const view_t away[] = { hidden_fullscreen, hidden_game, plain };
	bool ok = decides(a, away, 3, GRIDWL_ADAPTIVE_SYNC_REASON_NONE,
			"a hidden fullscreen window and a hidden game");
	const view_t one_shown[] = { hidden_fullscreen, game };
	ok = decides(a, one_shown, 2, GRIDWL_ADAPTIVE_SYNC_REASON_GAME,
				 "a hidden fullscreen window and a shown game") &&
			ok;
	// Goes off when neither holds any more: the same output a moment
	// later, with the game closed.
	ok = decides(a, one_shown, 1, GRIDWL_ADAPTIVE_SYNC_REASON_NONE,
				 "the game closed") &&
			ok;
	return ok;
}

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite, "on and off", test_on_off, NULL);
	check_run(&suite, "auto: fullscreen and game", test_auto, NULL);
	check_run(&suite, "auto: hidden views", test_auto_hidden, NULL);
	return check_finish(&suite);
}
