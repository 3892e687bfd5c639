#ifndef GRIDWL_COMPOSITOR_SERVICES_SCREENCOPY_DMABUF_OFFER_H
#define GRIDWL_COMPOSITOR_SERVICES_SCREENCOPY_DMABUF_OFFER_H

#include <stdbool.h>

struct gridwl_server;

/*
 * Screen sharing through xdg-desktop-portal-wlr 0.7 (Debian 13) where
 * output buffers are no dmabufs (the pixman renderer: no GPU, headless or
 * nested outputs). xdpw 0.7 starts a screencast only when a version-3
 * wlr-screencopy frame offers a linux-dmabuf buffer besides its wl_shm one,
 * and wlroots 0.18 offers one only for dmabuf output buffers: the portal
 * answered every ScreenCast.Start with an error ("unable to receive a valid
 * format from wlr_screencopy", xdg-desktop-portal-wlr issue 289; fixed in
 * 0.8.0 by commit 2128853, which wants a dmabuf offer only when it can use
 * one). There, each frame's wl_shm offer comes with a linux_dmabuf offer
 * of the same format and size. No client can take it up: without dmabuf
 * output buffers there is no linux-dmabuf global to make such a buffer
 * with, so xdpw, grim and wayvnc copy into shared memory as before.
 * Remove once the oldest xdpw gridwl supports is 0.8.
 */
bool gridwl_screencopy_dmabuf_offer_init(struct gridwl_server *server);

#endif
