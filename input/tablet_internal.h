#ifndef GRIDWL_INPUT_TABLET_INTERNAL_H
#define GRIDWL_INPUT_TABLET_INTERNAL_H

#include <wayland-server-core.h>

struct gridwl_seat;
struct wlr_tablet;
struct wlr_tablet_manager_v2;
struct wlr_tablet_tool;
struct wlr_tablet_v2_tablet;

/*
 * What input/tablet.c (tablets and their tools) and input/tablet_pad.c
 * (pads) share.
 */

struct gridwl_tablets {
	struct gridwl_seat *seat;
	struct wlr_tablet_manager_v2 *manager; // freed by wlroots
	struct wl_list tablets; // gridwl_tablet.link
	struct wl_list tools; // gridwl_tablet_tool.link
	struct wl_list pads; // gridwl_tablet_pad.link
	struct wl_listener tool_axis;
	struct wl_listener tool_proximity;
	struct wl_listener tool_tip;
	struct wl_listener tool_button;
	struct wl_listener keyboard_focus_change;
};

struct gridwl_tablet {
	struct gridwl_tablets *tablets;
	struct wlr_tablet *wlr_tablet;
	struct wlr_tablet_v2_tablet *tablet_v2;
	struct wl_list link;
	struct wl_listener destroy;
};

/* The tablet the tool was last in proximity of; NULL before, or once that
 * tablet is gone. */
struct gridwl_tablet *gridwl_tablet_of_tool(struct wlr_tablet_tool *wlr_tool);

/* input/tablet_pad.c: the pads follow the keyboard focus from init to
 * finish; a tablet coming takes the pads that are part of it and have
 * none, one going leaves its pads without. */
void gridwl_tablet_pads_init(struct gridwl_tablets *tablets);
void gridwl_tablet_pads_finish(struct gridwl_tablets *tablets);
void gridwl_tablet_pads_tablet_added(struct gridwl_tablets *tablets,
		struct gridwl_tablet *tablet);
void gridwl_tablet_pads_tablet_removed(struct gridwl_tablets *tablets,
		struct gridwl_tablet *tablet);

#endif
