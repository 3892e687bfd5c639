#ifndef GRIDWL_COMPOSITOR_SERVICES_IDLE_H
#define GRIDWL_COMPOSITOR_SERVICES_IDLE_H

#include <stdbool.h>

struct gridwl_server;

/*
 * Idleness for swayidle and the like (ext-idle-notify-v1; wlroots 0.17
 * dropped org_kde_kwin_idle), held off by idle inhibitors
 * (zwp_idle_inhibit_manager_v1) on surfaces that are shown: a video player
 * that is on screen keeps the screen from locking, one that is hidden does
 * not.
 */
bool gridwl_idle_init(struct gridwl_server *server);
void gridwl_idle_finish(struct gridwl_server *server);
/* Input from the user: idle timers start again. */
void gridwl_idle_notify_activity(struct gridwl_server *server);
/* Looks again whether a shown surface inhibits idleness; after anything
 * that shows or hides surfaces. */
void gridwl_idle_update(struct gridwl_server *server);
/* Whether idleness is inhibited now, for gridctl. */
bool gridwl_idle_inhibited(struct gridwl_server *server);

#endif
