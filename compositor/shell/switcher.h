#ifndef GRIDWL_COMPOSITOR_SHELL_SWITCHER_H
#define GRIDWL_COMPOSITOR_SHELL_SWITCHER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <wlr/util/box.h>

struct gridwl_server;
struct gridwl_switcher;
struct gridwl_view;
struct wlr_keyboard;
struct wlr_texture;

/*
 * The window switcher (the "switcher next|prev" binding action, Alt+Tab by
 * default): a list of the shown workspace's windows, minimized ones too,
 * most recently focused first, drawn over everything but the cursors on
 * the output with the pointer. The binding opens it with the highlight on
 * the window after the focused one (before it: prev) and moves the
 * highlight when pressed again; while it is open every key press is its
 * own. Releasing the binding's modifiers, or Return, focuses (and
 * restores) the highlighted window; Escape closes it without a change.
 */
struct gridwl_switcher *gridwl_switcher_create(struct gridwl_server *server);
void gridwl_switcher_destroy(struct gridwl_switcher *switcher);

/* The binding action: opens the list, or moves its highlight. modifiers
 * are the binding's: the list stays while they are held (none: until
 * Return or Escape). */
void gridwl_switcher_step(struct gridwl_switcher *switcher, bool next,
		uint32_t modifiers, uint32_t keysym);
/* After keyboard's key ran a binding: a list that binding opened follows
 * its modifiers on that keyboard. */
void gridwl_switcher_hold(struct gridwl_switcher *switcher,
		struct wlr_keyboard *keyboard);
/* A key press (xkb keycode) on keyboard: true when the open list took it
 * (Tab, arrows and the binding's key move the highlight, Return chooses,
 * Escape cancels, the rest is swallowed). */
bool gridwl_switcher_key(struct gridwl_switcher *switcher,
		struct wlr_keyboard *keyboard, uint32_t keycode);
/* keyboard's modifiers changed: the binding's released, the highlighted
 * window is chosen. */
void gridwl_switcher_modifiers(struct gridwl_switcher *switcher,
		struct wlr_keyboard *keyboard);
/* The window is going: it leaves the list. */
void gridwl_switcher_view_unmapped(struct gridwl_switcher *switcher,
		struct gridwl_view *view);

/* The list drawn at scale120 (config/scale.h), drawn again only when
 * what it shows changed, and its logical box in the layout; NULL when it
 * is not open (or cannot be drawn). Before a render pass. */
struct wlr_texture *gridwl_switcher_texture(struct gridwl_switcher *switcher,
		int scale120, struct wlr_box *box);

/* What gridctl stats reports: false when closed; else the list's box and
 * its highlighted row's box (logical, in the layout), the windows' ids in
 * order and the highlighted one's index. */
bool gridwl_switcher_state(struct gridwl_switcher *switcher,
		struct wlr_box *box, struct wlr_box *row, const uint32_t **ids,
		size_t *count, size_t *highlight);

#endif
