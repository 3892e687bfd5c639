#include <pixman.h>
#include <wlr/types/wlr_buffer.h>
#include <wlr/types/wlr_damage_ring.h>
#include "wlr_compat/wlr_compat.h"

void gridwl_compat_damage_ring_rotate_buffer(struct wlr_damage_ring *ring,
		struct wlr_buffer *buffer, pixman_region32_t *damage) {
	// What wlroots 0.18.2 unites before it caps the rectangles: the
	// current damage and that of every buffer drawn since this one, newest
	// first in the ring's list.
	pixman_region32_t exact;
	pixman_region32_init(&exact);
	pixman_region32_copy(&exact, &ring->current);
	bool known = false;
	struct wlr_damage_ring_buffer *entry;
	wl_list_for_each(entry, &ring->buffers, link) {
		if (entry->buffer == buffer) {
			known = true;
			break;
		}
		pixman_region32_union(&exact, &exact, &entry->damage);
	}
	wlr_damage_ring_rotate_buffer(ring, buffer, damage);
	if (known) {
		// Within what wlroots returned, so a change of its rules can only
		// make this one larger, never miss a pixel it would repaint.
		pixman_region32_intersect(damage, damage, &exact);
	}
	pixman_region32_fini(&exact);
}
