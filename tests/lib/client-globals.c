#include <stdbool.h>
#include <string.h>
#include "client-globals.h"

static void wm_base_ping(void *data, struct xdg_wm_base *wm_base,
		uint32_t serial) {
	xdg_wm_base_pong(wm_base, serial);
}

const struct xdg_wm_base_listener client_wm_base_listener = {
	.ping = wm_base_ping,
};

static const struct client_global *table_entry(
		const struct client_globals *globals, const char *interface) {
	for (const struct client_global *entry = globals->table;
			entry != NULL && entry->interface != NULL; entry++) {
		if (strcmp(entry->interface->name, interface) == 0) {
			return entry;
		}
	}
	return NULL;
}

static void registry_global(void *data, struct wl_registry *registry,
		uint32_t name, const char *interface, uint32_t version) {
	struct client_globals *globals = data;
	const struct client_global *entry = table_entry(globals, interface);
	if (entry == NULL && globals->next != NULL) {
		entry = table_entry(globals->next, interface);
		if (entry != NULL || globals->global == NULL) {
			globals = globals->next;
		}
	}
	if (entry == NULL) {
		if (globals->global != NULL) {
			globals->global(globals->data, registry, name, interface, version);
		}
		return;
	}
	// The field is a pointer to the proxy's own type; memcpy stores into
	// it without pretending it is a void pointer.
	char *field = (char *)globals->data + entry->offset;
	void *proxy;
	memcpy(&proxy, field, sizeof(proxy));
	if (proxy != NULL) {
		return;
	}
	proxy = wl_registry_bind(registry, name, entry->interface,
			version < entry->version ? version : entry->version);
	if (entry->listener != NULL) {
		wl_proxy_add_listener(proxy, (void (**)(void))entry->listener,
				globals->data);
	}
	memcpy(field, &proxy, sizeof(proxy));
}

static void registry_global_remove(void *data, struct wl_registry *registry,
		uint32_t name) {
	struct client_globals *globals = data;
	if (globals->global_remove == NULL && globals->next != NULL) {
		globals = globals->next;
	}
	if (globals->global_remove != NULL) {
		globals->global_remove(globals->data, registry, name);
	}
}

static const struct wl_registry_listener registry_listener = {
	.global = registry_global,
	.global_remove = registry_global_remove,
};

struct wl_registry *client_globals_listen(struct wl_display *display,
		struct client_globals *globals) {
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, globals);
	return registry;
}

/* The request that destroys a proxy of interface at version: the one
 * called destroy or release, without arguments, or -1 when the interface
 * has none (the proxy alone goes). */
static int destructor_opcode(const struct wl_interface *interface,
		uint32_t version) {
	for (int i = 0; i < interface->method_count; i++) {
		const struct wl_message *method = &interface->methods[i];
		if (strcmp(method->name, "destroy") != 0 &&
				strcmp(method->name, "release") != 0) {
			continue;
		}
		// A signature starts with the version the request came in, when
		// it is not 1.
		const char *signature = method->signature;
		uint32_t since = 0;
		while (*signature >= '0' && *signature <= '9') {
			since = since * 10 + (uint32_t)(*signature++ - '0');
		}
		if (*signature == '\0' && version >= (since > 0 ? since : 1)) {
			return i;
		}
	}
	return -1;
}

void client_proxy_destroy(void *proxy, const struct wl_interface *interface) {
	uint32_t version = wl_proxy_get_version(proxy);
	int opcode = destructor_opcode(interface, version);
	if (opcode >= 0) {
		wl_proxy_marshal_flags(proxy, (uint32_t)opcode, NULL, version,
				WL_MARSHAL_FLAG_DESTROY);
	} else {
		wl_proxy_destroy(proxy);
	}
}

void client_globals_destroy(const struct client_global *table, void *data) {
	for (; table != NULL && table->interface != NULL; table++) {
		char *field = (char *)data + table->offset;
		void *proxy;
		memcpy(&proxy, field, sizeof(proxy));
		if (proxy != NULL) {
			client_proxy_destroy(proxy, table->interface);
			proxy = NULL;
			memcpy(field, &proxy, sizeof(proxy));
		}
	}
}
