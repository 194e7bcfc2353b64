// SPDX-License-Identifier: GPL-2.0
/*
 * File-system load for scenario fs-workload, and the check of what it left.
 *
 *   fsload run DIR SECONDS WRITERS READERS MANIFEST
 *	WRITERS processes write files into DIR for SECONDS: each file is
 *	written as NAME.tmp (every other one fsync'ed, every fourth one
 *	rewritten in the middle with pwrite and fdatasync'ed), then renamed
 *	to NAME; a writer keeps at most KEEP files and deletes its oldest
 *	beyond that.  READERS processes meanwhile read every finished file
 *	they find and check its content.  Each writer leaves the names of the
 *	files it kept in MANIFEST.N.
 *   fsload verify DIR MANIFEST
 *	Every file of MANIFEST.* is in DIR with the right content, and DIR
 *	holds nothing else.
 *
 * A file's content is a function of its name (w<writer>-<number>), so that
 * anyone can check it: its size and bytes come from a generator seeded
 * with the name.  Prints what it did; exits non-zero on the first damage.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define KEEP		24		/* files a writer keeps */
#define MAX_SIZE	(192 << 10)	/* largest file */
#define NAME_LEN	64

static unsigned char want[MAX_SIZE], got[MAX_SIZE];

static void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "fsload: ");
	vfprintf(stderr, fmt, ap);
	if (errno)
		fprintf(stderr, ": %s", strerror(errno));
	fprintf(stderr, "\n");
	va_end(ap);
	exit(1);
}

static uint64_t next(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* The size and content of the file called @name, into want[]. */
static size_t content(const char *name)
{
	uint64_t x = 0x9e3779b97f4a7c15ull, v;
	size_t size, i;

	for (i = 0; name[i]; i++)
		x = (x ^ (unsigned char)name[i]) * 0x100000001b3ull;
	next(&x);
	size = 512 + next(&x) % (MAX_SIZE - 512);
	for (i = 0; i < size; i += sizeof(v)) {
		v = next(&x);
		memcpy(want + i, &v, size - i < sizeof(v) ? size - i : sizeof(v));
	}
	return size;
}

static void write_all(int fd, const unsigned char *p, size_t n, off_t at)
{
	while (n) {
		ssize_t done = pwrite(fd, p, n, at);

		if (done <= 0)
			die("write");
		p += done;
		n -= done;
		at += done;
	}
}

/* Check the file at @path against the content of @name; its size or -1. */
static long check(const char *path, const char *name, int gone_is_ok)
{
	size_t size = content(name), have = 0;
	ssize_t n;
	int fd;

	errno = 0;
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		if (gone_is_ok && errno == ENOENT)
			return -1;
		die("open %s", path);
	}
	while ((n = read(fd, got + have, MAX_SIZE - have)) > 0)
		have += n;
	if (n < 0)
		die("read %s", path);
	close(fd);
	errno = 0;
	if (have != size)
		die("%s: %zu bytes, not %zu", path, have, size);
	if (memcmp(got, want, size))
		die("%s: content damaged", path);
	return size;
}

struct totals {
	unsigned long files, bytes, fsyncs, rewrites, renames, deletes;
};

static void writer(const char *dir, int id, time_t end, const char *manifest)
{
	char kept[KEEP][NAME_LEN], path[2 * NAME_LEN + 256], to[sizeof(path)];
	struct totals t = { 0 };
	int nr_kept = 0, i, fd;
	unsigned long n;
	size_t size;
	FILE *out;

	for (n = 0; time(NULL) < end; n++) {
		char name[NAME_LEN];

		snprintf(name, sizeof(name), "w%d-%lu", id, n);
		size = content(name);
		snprintf(path, sizeof(path), "%s/%s.tmp", dir, name);
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd < 0)
			die("create %s", path);
		write_all(fd, want, size, 0);
		if (n % 4 == 3) {
			/* the same bytes again, over the middle of the file */
			write_all(fd, want + size / 4, size / 2, size / 4);
			if (fdatasync(fd))
				die("fdatasync %s", path);
			t.rewrites++;
		}
		if (n % 2 == 0) {
			if (fsync(fd))
				die("fsync %s", path);
			t.fsyncs++;
		}
		if (close(fd))
			die("close %s", path);
		snprintf(to, sizeof(to), "%s/%s", dir, name);
		if (rename(path, to))
			die("rename %s", path);
		t.renames++;
		t.files++;
		t.bytes += size + (n % 4 == 3 ? size / 2 : 0);

		if (nr_kept == KEEP) {
			snprintf(path, sizeof(path), "%s/%s", dir, kept[0]);
			if (unlink(path))
				die("unlink %s", path);
			t.deletes++;
			memmove(kept[0], kept[1], sizeof(kept[0]) * (KEEP - 1));
			nr_kept--;
		}
		snprintf(kept[nr_kept++], NAME_LEN, "%s", name);
	}

	snprintf(path, sizeof(path), "%s.%d", manifest, id);
	out = fopen(path, "w");
	if (!out)
		die("create %s", path);
	for (i = 0; i < nr_kept; i++)
		fprintf(out, "%s\n", kept[i]);
	if (fclose(out))
		die("write %s", path);
	printf("fsload: writer %d: %lu files, %lu bytes written, %lu fsync, %lu fdatasync rewrites, %lu renames, %lu deletes\n",
	       id, t.files, t.bytes, t.fsyncs, t.rewrites, t.renames, t.deletes);
	exit(0);
}

static int finished(const char *name)
{
	return name[0] == 'w' && !strchr(name, '.');
}

static void reader(const char *dir, int id, time_t end)
{
	unsigned long files = 0, bytes = 0, passes = 0;
	char path[2 * NAME_LEN + 256];
	struct dirent *e;
	DIR *d;
	long n;

	while (time(NULL) < end) {
		d = opendir(dir);
		if (!d)
			die("opendir %s", dir);
		while ((e = readdir(d))) {
			if (!finished(e->d_name))
				continue;
			snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
			/* a writer may have deleted it since readdir() */
			n = check(path, e->d_name, 1);
			if (n >= 0) {
				files++;
				bytes += n;
			}
		}
		closedir(d);
		passes++;
	}
	printf("fsload: reader %d: %lu passes, %lu files, %lu bytes read and verified\n",
	       id, passes, files, bytes);
	exit(0);
}

static int run(const char *dir, int seconds, int writers, int readers,
	       const char *manifest)
{
	time_t end = time(NULL) + seconds;
	int i, status, failed = 0;

	fflush(stdout);
	for (i = 0; i < writers + readers; i++) {
		pid_t pid = fork();

		if (pid < 0)
			die("fork");
		if (pid == 0) {
			if (i < writers)
				writer(dir, i, end, manifest);
			reader(dir, i - writers, end);
		}
	}
	while (wait(&status) > 0)
		failed |= !WIFEXITED(status) || WEXITSTATUS(status);
	printf("fsload: %d writers and %d readers ran %d s: %s\n", writers,
	       readers, seconds, failed ? "FAILED" : "ok");
	return failed;
}

/* Whether @name is in one of the manifests MANIFEST.0, MANIFEST.1, ... */
static int listed(const char *manifest, int writers, const char *name)
{
	char path[4096], line[NAME_LEN + 2];
	int i, found = 0;
	FILE *in;

	for (i = 0; i < writers && !found; i++) {
		snprintf(path, sizeof(path), "%s.%d", manifest, i);
		in = fopen(path, "r");
		if (!in)
			die("open %s", path);
		while (!found && fgets(line, sizeof(line), in))
			found = !strcmp(strtok(line, "\n"), name);
		fclose(in);
	}
	return found;
}

static int verify(const char *dir, const char *manifest)
{
	char path[4096], line[NAME_LEN + 2];
	unsigned long files = 0, bytes = 0;
	int writers;
	struct dirent *e;
	FILE *in;
	DIR *d;

	for (writers = 0; ; writers++) {
		snprintf(path, sizeof(path), "%s.%d", manifest, writers);
		in = fopen(path, "r");
		if (!in)
			break;
		while (fgets(line, sizeof(line), in)) {
			char *name = strtok(line, "\n");
			char file[2 * NAME_LEN + 256];

			snprintf(file, sizeof(file), "%s/%s", dir, name);
			bytes += check(file, name, 0);
			files++;
		}
		fclose(in);
	}
	if (!writers)
		die("no manifest %s.0", manifest);

	d = opendir(dir);
	if (!d)
		die("opendir %s", dir);
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (!listed(manifest, writers, e->d_name)) {
			errno = 0;
			die("%s/%s is in no manifest", dir, e->d_name);
		}
	}
	closedir(d);
	printf("fsload: verified %lu files, %lu bytes\n", files, bytes);
	return 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 7 && !strcmp(argv[1], "run"))
		return run(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]),
			   argv[6]);
	if (argc == 4 && !strcmp(argv[1], "verify"))
		return verify(argv[2], argv[3]);
	fprintf(stderr, "usage: fsload run DIR SECONDS WRITERS READERS MANIFEST\n"
		"       fsload verify DIR MANIFEST\n");
	return 2;
}
