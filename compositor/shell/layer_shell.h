#ifndef GRIDWL_COMPOSITOR_SHELL_LAYER_SHELL_H
#define GRIDWL_COMPOSITOR_SHELL_LAYER_SHELL_H

#include <stdbool.h>
#include <wlr/util/box.h>

struct gridwl_output;
struct gridwl_server;
struct gridwl_view;

/*
 * wlr-layer-shell: panels, wallpapers, launchers and notifications. Each
 * layer surface is a gridwl_view of its own kind (so it is drawn, damaged,
 * resampled and given input exactly like a window), stacked in the bands
 * background < bottom < windows < top < fullscreen windows < overlay, and
 * placed on its output by its anchors, margins and size. Panels with an
 * exclusive zone shrink the output's usable area, which maximized windows
 * fill.
 */

/* Creates the zwlr_layer_shell_v1 global; false when wlroots cannot. */
bool gridwl_layer_shell_init(struct gridwl_server *server);
void gridwl_layer_shell_finish(struct gridwl_server *server);

/* Places every layer surface on its output, configures those whose size
 * changed, closes those whose output is gone, and recomputes the usable
 * areas; true when one of them changed. */
bool gridwl_layers_arrange(struct gridwl_server *server);

/* The mapped layer surface of the top or overlay layer that holds the
 * keyboard exclusively (the topmost such one), NULL when none does; while
 * it is there no window takes keyboard focus. */
struct gridwl_view *gridwl_layer_keyboard_exclusive(
		struct gridwl_server *server);

/* Whether the layer surface wants keyboard focus at all. */
bool gridwl_layer_accepts_keyboard(struct gridwl_view *view);

/* The output's logical box less what panels' exclusive zones take. */
struct wlr_box gridwl_output_usable_box(struct gridwl_output *output);

/* The gridctl description of the layer surfaces (a json_object array). */
struct json_object *gridwl_layers_describe(struct gridwl_server *server);

#endif
