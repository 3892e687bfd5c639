#ifndef GRIDWL_INPUT_BINDINGS_H
#define GRIDWL_INPUT_BINDINGS_H

#include <stdbool.h>
#include <stdint.h>
#include <xkbcommon/xkbcommon.h>
#include "config/config.h"

struct gridwl_server;

/* Runs the binding for this chord, if there is one; true when the key was
 * taken. Without any bind line in the config the built-in defaults apply
 * (see README). With escape_only (shortcuts are inhibited) only the
 * config's inhibit-escape binding runs. */
bool gridwl_bindings_run(struct gridwl_server *server, uint32_t modifiers,
		xkb_keysym_t keysym, bool escape_only);

/* Runs the bindswitch binding for this switch and state, if there is one
 * (the built-in ones without any bindswitch line in the config). */
void gridwl_bindings_run_switch(struct gridwl_server *server,
		enum gridwl_switch_type type, bool on);

struct gridwl_binding;
/* Runs binding's action now (gridctl action). */
void gridwl_bindings_run_action(struct gridwl_server *server,
		const struct gridwl_binding *binding);

#endif
