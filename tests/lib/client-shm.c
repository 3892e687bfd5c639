#define _GNU_SOURCE // memfd_create
#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>
#include "client-shm.h"

struct wl_buffer *client_shm_buffer(struct wl_shm *shm, int width, int height,
		uint32_t format, uint32_t **pixels) {
	size_t size = client_shm_size(width, height);
	int fd = memfd_create("gridwl-test-client", MFD_CLOEXEC);
	if (fd < 0) {
		return NULL;
	}
	void *data = MAP_FAILED;
	if (ftruncate(fd, (off_t)size) == 0) {
		data = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	}
	if (data == MAP_FAILED) {
		int err = errno;
		close(fd);
		errno = err;
		return NULL;
	}
	struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, (int32_t)size);
	struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, width, height,
			width * 4, format);
	wl_shm_pool_destroy(pool);
	// libwayland sends a copy of the fd with the request, and the mapping
	// keeps ours alive.
	close(fd);
	*pixels = data;
	return buffer;
}
