#ifndef GRIDWL_TESTS_FUZZ_PROTOCOL_H
#define GRIDWL_TESTS_FUZZ_PROTOCOL_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-client.h>
#include "client-globals.h"
#include "client-input.h"
#include "fuzz-rng.h"

/*
 * protocol-fuzz: a Wayland client that sends gridwl random but well-formed
 * requests, from a seed, and destroys what it made at the worst moments it
 * can think of. See protocol-fuzz.c for the loop and README.md for how to
 * run it.
 *
 * Every request it sends on purpose is valid, except for the deliberate
 * protocol errors of fuzz-errors.c. It keeps a model of what the compositor
 * thinks of each object (roles, configure serials, buffer sizes) just good
 * enough to keep its requests valid; a protocol error it did not ask for
 * means the model or the compositor is wrong, and is counted apart.
 *
 * Objects live in fixed tables of slots; a NULL proxy is a free slot. Each
 * object also gets an id that is never reused, so that a child can tell
 * whether its parent is still the object it was made with.
 */

struct fz;

#define FZ_SURFACES 16
#define FZ_POOLS 6
#define FZ_BUFFERS 24
#define FZ_OUTPUTS 8
#define FZ_HEADS 8
#define FZ_MODES 16 // per head
#define FZ_SOURCES 4
#define FZ_SERIALS 8 // unacknowledged configure serials kept per surface
#define FZ_CALLBACKS 8 // frame callbacks outstanding per surface
#define FZ_FORMATS 32

struct fz_pool {
	struct wl_shm_pool *pool;
	uint32_t id;
	int fd;
	int32_t size;
	void *data; // mapped, size bytes
	// What new buffers may use: the size. (libwayland's wl_shm deferred
	// a resize while a buffer of the pool was attached; wlroots 0.18's
	// own wl_shm maps the grown pool at once.)
	int32_t usable;
	bool pinned; // a buffer of it was attached once
};

struct fz_buffer {
	struct fz *fz;
	struct wl_buffer *buffer;
	uint32_t id;
	uint32_t pool_id;
	int32_t width, height;
	bool busy; // attached and committed, not released yet
};

enum fz_role {
	FZ_ROLE_NONE,
	FZ_ROLE_TOPLEVEL,
	FZ_ROLE_POPUP,
	FZ_ROLE_SUBSURFACE,
	FZ_ROLE_CURSOR,
	FZ_ROLE_DND_ICON,
	FZ_ROLE_LAYER,
};

struct fz_surface {
	struct fz *fz;
	struct wl_surface *surface;
	uint32_t id;
	// A wl_surface keeps its role for life, even once the role object is
	// destroyed: wlroots refuses it any other.
	enum fz_role role;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	struct xdg_popup *popup;
	struct wl_subsurface *subsurface;
	struct wp_viewport *viewport;
	// A layer surface's pending anchors and size, kept valid together (a
	// size of 0 needs both anchors of its axis).
	struct zwlr_layer_surface_v1 *layer_surface;
	uint32_t layer_anchor, layer_width, layer_height;
	uint32_t parent_id; // of the popup's or subsurface's parent, 0 none

	// xdg state as wlroots sees it.
	bool role_gone; // toplevel/popup destroyed or dismissed: no more commits
	bool initial_commit; // the commit that asks for the first configure
	bool configured; // a configure acked since the role (re)started
	bool mapped; // a buffer committed since
	uint32_t serials[FZ_SERIALS]; // received, not acked, oldest first
	int serial_count;
	int32_t configure_width, configure_height; // last toplevel configure
	bool popup_committed;
	uint32_t grab_seq; // order of the popup's grab; 0 none
	// The toplevel's pending min and max size, kept valid together
	// (wlroots 0.18 refuses the commit of a max below its min).
	int32_t min_width, min_height, max_width, max_height;

	// wl_surface state, pending (for the next commit) and current.
	bool attach_pending; // an attach since the last commit
	uint32_t pending_buffer_id; // 0: a NULL attach
	int32_t pending_width, pending_height;
	bool has_buffer;
	int32_t buffer_width, buffer_height;
	int32_t pending_scale, scale;
	int32_t pending_transform, transform;
	bool viewport_src; // set, in the pending state
	int32_t src_x, src_y, src_width, src_height;

	struct wl_callback *callbacks[FZ_CALLBACKS];
	int callback_count;
};

struct fz_output {
	struct wl_output *output;
	uint32_t global_name;
};

struct fz_mode {
	struct zwlr_output_mode_v1 *mode;
	int32_t width, height, refresh;
};

struct fz_head {
	struct fz *fz;
	struct zwlr_output_head_v1 *head;
	struct fz_mode modes[FZ_MODES];
	bool enabled;
	int32_t x, y;
	int32_t width, height; // current mode
};

struct fz_source {
	struct fz *fz;
	struct wl_data_source *source;
	bool used; // given to set_selection: no more offers
};

/* The globals of issue 20's desktop protocols (fuzz-desktop.c), bound
 * when gridwl offers them. */
struct fz_desktop {
	struct wp_fractional_scale_manager_v1 *fractional_scale;
	struct wp_alpha_modifier_v1 *alpha_modifier;
	struct wp_content_type_manager_v1 *content_type;
	struct wp_tearing_control_manager_v1 *tearing_control;
	struct wp_cursor_shape_manager_v1 *cursor_shape;
	struct zwp_keyboard_shortcuts_inhibit_manager_v1 *shortcuts_inhibit;
	struct zwp_pointer_gestures_v1 *gestures;
	struct xdg_activation_v1 *activation;
	struct zxdg_exporter_v2 *exporter;
	struct zxdg_importer_v2 *importer;
	struct wp_security_context_manager_v1 *security_context;
	struct wl_proxy *virtual_keyboard_manager; // no XML: see the wire file
	struct zwlr_data_control_manager_v1 *data_control;
	struct wp_single_pixel_buffer_manager_v1 *single_pixel;
	struct wp_presentation *presentation;
	struct zwp_tablet_manager_v2 *tablet;
	struct ext_transient_seat_manager_v1 *transient_seat;
	struct zwlr_gamma_control_manager_v1 *gamma;
	struct zwp_text_input_manager_v3 *text_input;
	struct wl_proxy *input_method_manager; // no XML: see the wire file
	struct zwlr_export_dmabuf_manager_v1 *export_dmabuf;
	// Presentation feedbacks not answered yet, destroyed at the answer.
	struct wp_presentation_feedback *feedbacks[8];
	// ext-foreign-toplevel-list: bound and stopped by the op, with the
	// handles it sent (destroyed when closed).
	uint32_t toplevel_list_name; // the global; 0 when not offered
	struct ext_foreign_toplevel_list_v1 *toplevel_list;
	bool toplevel_list_stopped;
	struct ext_foreign_toplevel_handle_v1 *handles[32];
	// A remote desktop's transient seat kept over several ops, with a
	// virtual pointer on its wl_seat once it is ready; the seat may go
	// before its pointer.
	struct ext_transient_seat_v1 *remote;
	uint32_t remote_global; // its wl_seat, once ready; 0 before
	struct wl_seat *remote_seat;
	struct zwlr_virtual_pointer_v1 *remote_pointer;
};

struct fz_stats {
	uint64_t ops; // requests made, in all connections
	uint64_t connections;
	uint64_t errors_sent; // deliberate protocol errors
	uint64_t errors_answered; // ... answered with the expected error
	uint64_t errors_unanswered; // ... the compositor let pass
	uint64_t errors_wrong; // ... answered with another error
	uint64_t errors_unexpected; // protocol errors nobody asked for
	uint64_t dropped; // disconnected without a protocol error
	uint64_t frames; // frame callbacks done
	uint64_t configures;
	uint64_t popups_dismissed;
	uint64_t output_configs[3]; // succeeded, failed, cancelled
	uint64_t hangups; // connections dropped on purpose
};

struct fz_options {
	uint64_t seed;
	uint64_t iterations;
	int error_percent; // chance that an op is a deliberate protocol error
	bool no_output_management; // leave the outputs alone
	bool no_pointer; // no virtual pointer
	// A transient seat kept over several operations, with a virtual
	// pointer of its own (fuzz-desktop.c); off, seeds make the sequences
	// they made before it existed.
	bool remote_seat;
	bool trace; // every request on stderr as it is made
	const char *skip; // comma-separated operations not to make
	const char *error_case; // the only deliberate error to make, or NULL
	uint32_t known_crashes; // enum fz_known: what to make all the same
	int timeout_ms; // for one round trip; longer means gridwl hangs
};

struct fz {
	struct fz_options options;
	struct fz_rng rng;
	struct fz_stats stats;
	uint32_t next_id;
	uint32_t grab_seq;

	struct wl_display *display;
	struct client_globals globals; // what the registry binds, and how
	struct wl_registry *registry;
	struct wl_compositor *compositor;
	struct wl_subcompositor *subcompositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	struct zwlr_layer_shell_v1 *layer_shell;
	struct wp_viewporter *viewporter;
	struct wl_data_device_manager *data_device_manager;
	struct wl_seat *seat;
	struct client_input input; // the seat's pointer and keyboard
	struct wl_data_device *data_device;
	struct wl_data_offer *selection_offer; // the last one offered
	struct wl_data_offer *drag_offer; // the last one entered
	struct zwlr_output_manager_v1 *output_manager;
	struct zwlr_virtual_pointer_manager_v1 *virtual_pointer_manager;
	struct zwlr_virtual_pointer_v1 *virtual_pointer;
	uint32_t output_manager_serial; // of the last done
	uint32_t input_serial; // the last pointer or keyboard serial
	uint32_t time_ms; // for the virtual pointer's events
	bool buttons_down;
	// A layer surface committed or made, or the outputs changed, since
	// the last round trip: gridwl may have closed a layer surface whose
	// closed event is not in yet, and a closed one ignores get_popup,
	// which leaves the popup without a parent (not_constructed at its
	// commit). Layer surfaces are no popup parents until it settles.
	bool layers_unsettled;

	uint32_t formats[FZ_FORMATS]; // wl_shm formats we know the size of
	int format_count;

	struct fz_pool pools[FZ_POOLS];
	struct fz_buffer buffers[FZ_BUFFERS];
	struct fz_surface surfaces[FZ_SURFACES];
	struct fz_output outputs[FZ_OUTPUTS];
	struct fz_head heads[FZ_HEADS];
	struct fz_source sources[FZ_SOURCES];
	struct fz_desktop desktop;
	// Output configurations waiting for their answer.
	struct zwlr_output_configuration_v1 *configs[4];
};

/*
 * Requests known to crash gridwl (or to make it leak or report undefined
 * behaviour; README.md lists them with their reproductions). They are made
 * only when --known-crashes names them, so that a run finds what is not
 * known yet and the integration test passes until they are fixed; a fix
 * removes its entry.
 */
enum fz_known {
	// None at present: the last four (all in wlroots 0.15.1) are guarded
	// by wlr_compat/guard.c. A finding adds its flag here.
	FZ_KNOWN_NONE = 0,
};

/* Whether to make a request of a known crash: never unless --known-crashes
 * names it, else with the chance given. */
static inline bool fz_known_crash(struct fz *fz, enum fz_known known,
		uint32_t percent) {
	return (fz->options.known_crashes & known) &&
			fz_rng_chance(&fz->rng, percent);
}

/* A line about what is being done, for the trace and for the report when
 * something goes wrong (the last lines are kept). */
void fz_log(struct fz *fz, const char *fmt, ...)
		__attribute__((format(printf, 2, 3)));
void fz_dump_log(struct fz *fz);
uint32_t fz_new_id(struct fz *fz);

/* fuzz-connection.c: connecting, the globals, the seat, tearing down. */
bool fz_connect(struct fz *fz);
void fz_disconnect(struct fz *fz);
/* A round trip with a timeout: 0, or -1 with errno (EPROTO: a protocol
 * error, ETIMEDOUT: the compositor did not answer). Two, when deep: the
 * second catches what the compositor sends from idle callbacks after
 * answering the first (xdg configures). */
int fz_roundtrip(struct fz *fz, bool deep);
/* Dispatches events until *done or timeout_ms; 0, or -1 as above. */
int fz_wait(struct fz *fz, const bool *done, int timeout_ms);
/* A string of random length and bytes (valid UTF-8, some of it not ASCII)
 * into buf; the result. */
const char *fz_random_string(struct fz *fz, char *buf, size_t size);

/* fuzz-shm.c */
bool fz_shm_create_pool(struct fz *fz);
bool fz_shm_resize_pool(struct fz *fz);
bool fz_shm_destroy_pool(struct fz *fz);
bool fz_shm_create_buffer(struct fz *fz);
bool fz_shm_destroy_buffer(struct fz *fz);
/* A random live buffer, NULL when there is none. */
struct fz_buffer *fz_shm_pick_buffer(struct fz *fz);
struct fz_buffer *fz_shm_find_buffer(struct fz *fz, uint32_t id);
/* A buffer was attached: its pool no longer grows for new buffers. */
void fz_shm_pin(struct fz *fz, struct fz_buffer *b);
void fz_shm_destroy_all(struct fz *fz);

/* fuzz-surface.c: wl_surface, frame callbacks, regions, viewports. */
struct fz_surface *fz_surface_new(struct fz *fz);
struct fz_surface *fz_surface_pick(struct fz *fz);
struct fz_surface *fz_surface_find(struct fz *fz, uint32_t id);
void fz_surface_destroy(struct fz_surface *s);
/* Records an attach of b (NULL: a NULL attach) in the pending state. */
void fz_surface_attached(struct fz_surface *s, struct fz_buffer *b);
/* Brings the pending state within what the compositor accepts (scale and
 * viewport source against the buffer, no buffer before the first
 * configure), then commits. */
void fz_surface_commit(struct fz_surface *s);
/* wlroots dismisses (or destroys) the popups of a surface that unmaps,
 * and theirs: the model marks them gone. */
void fz_surface_dismiss_popups(struct fz *fz, uint32_t id);
/* Whether s may be committed at all in the model's view. */
bool fz_surface_committable(const struct fz_surface *s);
bool fz_surface_op_create(struct fz *fz);
bool fz_surface_op_destroy(struct fz *fz);
bool fz_surface_op_attach(struct fz *fz);
bool fz_surface_op_damage(struct fz *fz);
bool fz_surface_op_scale(struct fz *fz);
bool fz_surface_op_transform(struct fz *fz);
bool fz_surface_op_frame(struct fz *fz);
bool fz_surface_op_regions(struct fz *fz);
bool fz_surface_op_commit(struct fz *fz);
bool fz_surface_op_viewport(struct fz *fz);
bool fz_surface_op_cursor(struct fz *fz);
void fz_surface_destroy_all(struct fz *fz);

/* fuzz-subsurface.c */
bool fz_subsurface_op_create(struct fz *fz);
bool fz_subsurface_op_position(struct fz *fz);
bool fz_subsurface_op_restack(struct fz *fz);
bool fz_subsurface_op_sync(struct fz *fz);
bool fz_subsurface_op_destroy(struct fz *fz);

/* fuzz-xdg.c */
bool fz_xdg_op_toplevel(struct fz *fz);
bool fz_xdg_op_popup(struct fz *fz);
bool fz_xdg_op_ack(struct fz *fz);
bool fz_xdg_op_toplevel_state(struct fz *fz);
bool fz_xdg_op_geometry(struct fz *fz);
bool fz_xdg_op_destroy_role(struct fz *fz);
bool fz_xdg_op_interactive(struct fz *fz);
bool fz_xdg_op_interactive_unmapped(struct fz *fz);
/* The xdg objects of s, child first, as wlroots wants them gone. */
void fz_xdg_destroy(struct fz_surface *s);
/* A configure event of s's role: serial is kept for fz_xdg_op_ack. */
void fz_surface_configured(struct fz_surface *s, uint32_t serial);
/* A surface that may take a new role: a fresh one, or one with no role and
 * no buffer yet. NULL when the table is full. */
struct fz_surface *fz_surface_for_role(struct fz *fz);
/* A live wl_output of the compositor's, or NULL (also by chance). */
struct wl_output *fz_pick_output(struct fz *fz);
/* The role starts over: the next commit is an initial commit again. */
void fz_reset_role_state(struct fz_surface *s);
/* fuzz-layer.c: wlr-layer-shell surfaces, their state and their end. */
bool fz_layer_op_create(struct fz *fz);
bool fz_layer_op_state(struct fz *fz);
bool fz_layer_op_destroy(struct fz *fz);
/* Acks serial on s's layer surface. */
void fz_layer_ack(struct fz_surface *s, uint32_t serial);
void fz_layer_destroy(struct fz_surface *s);

/* fuzz-output.c: wlr-output-management. */
void fz_output_manager_bound(struct fz *fz);
bool fz_output_op_configure(struct fz *fz);
void fz_output_destroy_all(struct fz *fz);

/* fuzz-data.c: the data device, its sources and offers. */
void fz_data_device_start(struct fz *fz);
bool fz_data_op_source(struct fz *fz);
bool fz_data_op_selection(struct fz *fz);
bool fz_data_op_destroy_source(struct fz *fz);
bool fz_data_op_receive(struct fz *fz);
void fz_data_destroy_all(struct fz *fz);

/* fuzz-pointer.c: a virtual pointer that gives the fuzzer input serials
 * and moves over its windows. */
bool fz_pointer_op_motion(struct fz *fz);
bool fz_pointer_op_button(struct fz *fz);
void fz_pointer_destroy(struct fz *fz);

/* fuzz-desktop.c: issue 20's desktop protocols, each reached with valid
 * requests on the fuzzer's surfaces, pointer and seat. */
bool fz_desktop_op_surface_extension(struct fz *fz);
bool fz_desktop_op_pointer_extension(struct fz *fz);
bool fz_desktop_op_activation(struct fz *fz);
bool fz_desktop_op_foreign(struct fz *fz);
bool fz_desktop_op_virtual_keyboard(struct fz *fz);
bool fz_desktop_op_buffers(struct fz *fz);
bool fz_desktop_op_presentation(struct fz *fz);
bool fz_desktop_op_seats(struct fz *fz);
bool fz_desktop_op_gamma(struct fz *fz);
bool fz_desktop_op_export_dmabuf(struct fz *fz);
bool fz_desktop_op_text_input(struct fz *fz);
bool fz_desktop_op_input_method(struct fz *fz);
bool fz_desktop_op_toplevel_list(struct fz *fz);
void fz_desktop_destroy_all(struct fz *fz);

/* fuzz-probe.c: a well-behaved window that counts frame callbacks. */
bool fz_probe_frames(struct fz *fz, int count);

/* fuzz-errors.c: one deliberate protocol error. Returns false when none
 * can be made now. *interface and *code get the error it must earn. */
bool fz_error_send(struct fz *fz, const char **interface, uint32_t *code,
		const char **what);
/* Whether id names a case (else lists them on stderr). */
bool fz_error_known(const char *id);
/* Destroys what the last fz_error_send made, once its answer is in. */
void fz_error_cleanup(struct fz *fz);

/* Destroys proxy p with f, when there is one, and forgets it: the teardown
 * of a connection (fuzz-connection.c) and of its desktop globals
 * (fuzz-desktop.c). */
#define FZ_DESTROY(p, f) \
	do { \
		if ((p) != NULL) { \
			f(p); \
			(p) = NULL; \
		} \
	} while (0)

#endif
