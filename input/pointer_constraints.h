#ifndef GRIDWL_INPUT_POINTER_CONSTRAINTS_H
#define GRIDWL_INPUT_POINTER_CONSTRAINTS_H

struct gridwl_seat;
struct gridwl_pointer_constraints;

/*
 * pointer-constraints-unstable-v1: a client may lock the pointer in place
 * or confine it to a region of one of its surfaces. A constraint is active
 * only while its surface has the pointer and its window the keyboard; it
 * goes inactive (unlocked, unconfined) when either leaves.
 */

struct gridwl_pointer_constraints *gridwl_pointer_constraints_create(
		struct gridwl_seat *seat);
/* After the last client went. */
void gridwl_pointer_constraints_destroy(
		struct gridwl_pointer_constraints *constraints);

enum gridwl_pointer_motion {
	GRIDWL_POINTER_MOTION_FREE, // no constraint applies
	GRIDWL_POINTER_MOTION_CONFINED, // *dx, *dy cut to stay in the region
	GRIDWL_POINTER_MOTION_LOCKED, // the pointer does not move
};

/* What the active constraint makes of a motion of dx, dy logical pixels
 * from the cursor's position. */
enum gridwl_pointer_motion gridwl_pointer_constraints_apply(
		struct gridwl_pointer_constraints *constraints, double *dx, double *dy);

#endif
