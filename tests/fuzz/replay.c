#define _DEFAULT_SOURCE // DT_REG, DT_DIR
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "fuzz.h"

/*
 * The plain driver: runs every file named, or found in a directory named,
 * through LLVMFuzzerTestOneInput once. A crash or a failed invariant ends
 * the process abnormally; an empty corpus is a failure too, so a corpus
 * that went missing cannot pass for a clean run.
 */

static bool run_file(const char *path) {
	FILE *f = fopen(path, "rb");
	if (f == NULL) {
		perror(path);
		return false;
	}
	size_t cap = 4096, len = 0;
	uint8_t *buf = malloc(cap);
	size_t n;
	while (buf != NULL && (n = fread(buf + len, 1, cap - len, f)) > 0) {
		len += n;
		if (len == cap) {
			cap *= 2;
			uint8_t *bigger = realloc(buf, cap);
			if (bigger == NULL) {
				free(buf);
			}
			buf = bigger;
		}
	}
	bool ok = buf != NULL && !ferror(f);
	fclose(f);
	if (!ok) {
		fprintf(stderr, "%s: cannot read\n", path);
		free(buf);
		return false;
	}
	// A copy of exactly len bytes, so ASan sees a read past the input.
	uint8_t *exact = malloc(len > 0 ? len : 1);
	if (exact == NULL) {
		free(buf);
		return false;
	}
	memcpy(exact, buf, len);
	free(buf);
	LLVMFuzzerTestOneInput(exact, len);
	free(exact);
	return true;
}

static int compare_names(const void *a, const void *b) {
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Returns the number of inputs run, -1 on an error. */
static int run_dir(const char *dir) {
	DIR *d = opendir(dir);
	if (d == NULL) {
		perror(dir);
		return -1;
	}
	char **names = NULL;
	size_t count = 0;
	struct dirent *entry;
	while ((entry = readdir(d)) != NULL) {
		if (entry->d_name[0] == '.') {
			continue;
		}
		char **bigger = realloc(names, (count + 1) * sizeof(*names));
		if (bigger == NULL) {
			break;
		}
		names = bigger;
		names[count++] = strdup(entry->d_name);
	}
	closedir(d);
	// In name order, so a failure reproduces the same way everywhere.
	qsort(names, count, sizeof(*names), compare_names);
	int run = 0;
	for (size_t i = 0; i < count; i++) {
		char path[4096];
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (run >= 0 && !run_file(path)) {
			run = -1;
		} else if (run >= 0) {
			run++;
		}
		free(names[i]);
	}
	free(names);
	return run;
}

int main(int argc, char *argv[]) {
	int total = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) != 0) {
			perror(argv[i]);
			return 1;
		}
		int run = S_ISDIR(st.st_mode) ? run_dir(argv[i]) :
				run_file(argv[i])     ? 1 :
										-1;
		if (run < 0) {
			return 1;
		}
		total += run;
	}
	if (total == 0) {
		fprintf(stderr, "no inputs to replay\n");
		return 1;
	}
	printf("replayed %d inputs\n", total);
	return 0;
}
