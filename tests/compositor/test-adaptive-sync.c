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

#define PLAIN { .shown = true }
#define FULLSCREEN { .shown = true, .fullscreen = true }
#define GAME { .shown = true, .game = true }
#define FULLSCREEN_GAME { .shown = true, .fullscreen = true, .game = true }
#define HIDDEN_FULLSCREEN { .fullscreen = true }
#define HIDDEN_GAME { .game = true }

/* One decision: the setting, the views on the output (count of them), the
 * reason it must give, and what the case is. */
struct decision {
	enum gridwl_adaptive_sync setting;
	view_t views[3];
	size_t count;
	enum gridwl_adaptive_sync_reason want;
	const char *what;
};

static bool check_decision(const void *c) {
	const struct decision *d = c;
	// No views: none at all, as an empty output hands over.
	const view_t *views = d->count > 0 ? d->views : NULL;
	return decides(d->setting, views, d->count, d->want, d->what);
}

// on and off are what they say, whatever is shown.
static const struct decision on_off[] = {
	{ GRIDWL_ADAPTIVE_SYNC_ON, { PLAIN }, 0,
			GRIDWL_ADAPTIVE_SYNC_REASON_SETTING, "nothing shown" },
	{ GRIDWL_ADAPTIVE_SYNC_ON, { PLAIN, FULLSCREEN, GAME }, 3,
			GRIDWL_ADAPTIVE_SYNC_REASON_SETTING, "everything shown" },
	{ GRIDWL_ADAPTIVE_SYNC_OFF, { PLAIN }, 0, GRIDWL_ADAPTIVE_SYNC_REASON_NONE,
			"nothing shown" },
	{ GRIDWL_ADAPTIVE_SYNC_OFF, { PLAIN, FULLSCREEN, GAME }, 3,
			GRIDWL_ADAPTIVE_SYNC_REASON_NONE, "a fullscreen game" },
};

static const struct decision auto_shown[] = {
	{ GRIDWL_ADAPTIVE_SYNC_AUTO, { PLAIN }, 0, GRIDWL_ADAPTIVE_SYNC_REASON_NONE,
			"an empty output" },
	{ GRIDWL_ADAPTIVE_SYNC_AUTO, { PLAIN, PLAIN, PLAIN }, 3,
			GRIDWL_ADAPTIVE_SYNC_REASON_NONE, "ordinary windows" },
	{ GRIDWL_ADAPTIVE_SYNC_AUTO, { PLAIN, FULLSCREEN, PLAIN }, 3,
			GRIDWL_ADAPTIVE_SYNC_REASON_FULLSCREEN,
			"a fullscreen window among others" },
	{ GRIDWL_ADAPTIVE_SYNC_AUTO, { PLAIN, PLAIN, GAME }, 3,
			GRIDWL_ADAPTIVE_SYNC_REASON_GAME, "a windowed game" },
	// Both: the fullscreen window is the reason given, wherever it is.
	{ GRIDWL_ADAPTIVE_SYNC_AUTO, { GAME, PLAIN, FULLSCREEN }, 3,
			GRIDWL_ADAPTIVE_SYNC_REASON_FULLSCREEN,
			"a game and a fullscreen window" },
	{ GRIDWL_ADAPTIVE_SYNC_AUTO, { FULLSCREEN_GAME }, 1,
			GRIDWL_ADAPTIVE_SYNC_REASON_FULLSCREEN, "a fullscreen game" },
};

// Another workspace's fullscreen window, a minimized game, either behind
// the lock: not shown, so not counted.
static const struct decision auto_hidden[] = {
	{ GRIDWL_ADAPTIVE_SYNC_AUTO, { HIDDEN_FULLSCREEN, HIDDEN_GAME, PLAIN }, 3,
			GRIDWL_ADAPTIVE_SYNC_REASON_NONE,
			"a hidden fullscreen window and a hidden game" },
	{ GRIDWL_ADAPTIVE_SYNC_AUTO, { HIDDEN_FULLSCREEN, GAME }, 2,
			GRIDWL_ADAPTIVE_SYNC_REASON_GAME,
			"a hidden fullscreen window and a shown game" },
	// Goes off when neither holds any more: the same output a moment
	// later, with the game closed.
	{ GRIDWL_ADAPTIVE_SYNC_AUTO, { HIDDEN_FULLSCREEN, GAME }, 1,
			GRIDWL_ADAPTIVE_SYNC_REASON_NONE, "the game closed" },
};

int main(void) {
	struct check_suite suite = { 0 };
	check_run(&suite, "on and off", check_cases,
			CHECK_CASES(on_off, check_decision));
	check_run(&suite, "auto: fullscreen and game", check_cases,
			CHECK_CASES(auto_shown, check_decision));
	check_run(&suite, "auto: hidden views", check_cases,
			CHECK_CASES(auto_hidden, check_decision));
	return check_finish(&suite);
}
