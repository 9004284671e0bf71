/* checkpoint: the counts of the finished cubes (cubes.c) kept in a file, so that a count of
 * hours survives its end (a --timeout, a signal, a machine going down): run again with the
 * same file, it searches only the cubes the file lacks. Each line is appended and
 * synced as its cube finishes; a last line cut short by a kill is dropped. The file names
 * its formula by a fingerprint of the preprocessed formula (kcount(1) gives the format),
 * and its cube variables: the cubes of any variables sum to the count, so a later run whose
 * order would pick others takes the file's. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "kcount.h"
#include "util.h"

struct checkpoint {
	const char *path;
	FILE *out;
	int ncubes;
	unsigned char *have;      /* by cube: its count is in the file */
	mpz_t *counts;
};

/* FNV-1a, 64 bits, over the bytes of x. */
static uint64_t mix(uint64_t h, uint64_t x)
{
	for (int i = 0; i < 8; i++, x >>= 8)
		h = (h ^ (x & 0xff)) * 0x100000001b3ULL;
	return h;
}

static uint64_t mix_mpz(uint64_t h, const mpz_t z)
{
	h = mix(h, (uint64_t)(int64_t)mpz_sgn(z));
	h = mix(h, mpz_size(z));
	for (size_t i = 0; i < mpz_size(z); i++)
		h = mix(h, mpz_getlimbn(z, (mp_size_t)i));
	return h;
}

/* What fixes f's count: its variables, clauses, projection, fixed values, weights and
 * factors. Two formulas that differ in any of them meet the same fingerprint by chance at
 * odds of about 2^-64. */
static uint64_t fingerprint(const struct formula *f)
{
	uint64_t h = mix(0xcbf29ce484222325ULL, (uint64_t)f->nvars);

	h = mix(h, (uint64_t)f->projection);
	h = mix(h, (uint64_t)f->clauses.n);
	for (int i = 0; i < f->clauses.n; i++)
		h = mix(h, (uint64_t)(int64_t)f->clauses.a[i]);
	for (int v = 1; v <= f->nvars; v++) {
		h = mix(h, f->projected ? f->projected[v] : 1);
		h = mix(h, f->fixed ? (uint64_t)(int64_t)f->fixed[v] : 0);
	}
	for (int l = 2; f->weight && l <= 2 * f->nvars + 1; l++)
		h = mix_mpz(h, f->weight[l]);
	h = mix(h, f->factors ? (uint64_t)f->factors->n : 0);
	for (int i = 0; f->factors && i < f->factors->n; i++) {
		h = mix(mix(h, (uint64_t)f->factors->ends[2 * i]), (uint64_t)f->factors->ends[2 * i + 1]);
		for (int e = 0; e < 4; e++)
			h = mix_mpz(h, f->factors->table[4 * i + e]);
	}
	return h;
}

static void malformed(const struct checkpoint *cp, long line, const char *what)
{
	util_die(EXIT_REJECTED, "%s:%ld: error: %s", cp->path, line, what);
}

/* The header's second line: the cube variables, into vars[0..*n). */
static void read_vars(struct checkpoint *cp, char *line, long n, const struct formula *f, int *vars, int *nvars)
{
	char *p = line, *end;
	long count;

	if (strncmp(p, "cube-vars ", 10))
		malformed(cp, n, "'cube-vars N V1 .. VN' expected");
	count = strtol(p + 10, &end, 10);
	if (end == p + 10 || count < 1 || count > CUBE_VARS)
		malformed(cp, n, "the number of cube variables is not 1 to " KC_STR(CUBE_VARS));
	for (int i = 0; i < count; i++) {
		long v = strtol(p = end, &end, 10);
		if (end == p || v < 1 || v > f->nvars)
			malformed(cp, n, "a cube variable is not one of the formula's");
		for (int j = 0; j < i; j++)
			if (vars[j] == v)
				malformed(cp, n, "a cube variable is named twice");
		vars[i] = (int)v;
	}
	if (*end)
		malformed(cp, n, "more than N cube variables");
	*nvars = (int)count;
	cp->ncubes = 1 << count;
}

/* A line 'cube I COUNT'. */
static void read_cube(struct checkpoint *cp, char *line, long n)
{
	char *end, *digits;
	long cube;

	if (strncmp(line, "cube ", 5))
		malformed(cp, n, "'cube I COUNT' expected");
	cube = strtol(line + 5, &end, 10);
	if (end == line + 5 || *end != ' ' || cube < 0 || cube >= cp->ncubes)
		malformed(cp, n, "the cube's number is not one of the file's cubes");
	if (cp->have[cube])
		malformed(cp, n, "the cube is recorded twice");
	digits = end + 1;
	if (!*digits || strspn(digits, "0123456789") != strlen(digits) || mpz_set_str(cp->counts[cube], digits, 10))
		malformed(cp, n, "the count is not a decimal number");
	cp->have[cube] = 1;
}

/* Reads the file's lines (those that start with "c " are comments); returns the length of
 * those to keep: its complete lines (a last line without its newline was cut short by a
 * kill), or none when the header's two lines are not both there (the run that wrote it
 * recorded nothing, or the file is new). */
static long read_file(struct checkpoint *cp, const struct formula *f, int *vars, int *nvars)
{
	FILE *in = fopen(cp->path, "r");
	char *line = NULL, want[64];
	size_t cap = 0;
	ssize_t len;
	long n = 0, kept = 0;
	int has_vars = 0;

	if (!in)
		util_die(EXIT_TROUBLE, "cannot open '%s': %s", cp->path, strerror(errno));
	snprintf(want, sizeof want, "kcount-checkpoint 1 %016llx", (unsigned long long)fingerprint(f));
	while ((len = getline(&line, &cap, in)) >= 0) {
		if (line[len - 1] != '\n') {
			util_warn("%s:%ld: the last line is cut short (its run was stopped as it wrote): dropped", cp->path, n + 1);
			break;
		}
		line[len - 1] = '\0';
		kept += (long)len;
		if (++n == 1 && strncmp(line, "kcount-checkpoint 1 ", 20))
			malformed(cp, n, "not a kcount checkpoint (no 'kcount-checkpoint 1' header)");
		else if (n == 1 && strcmp(line, want))
			util_die(EXIT_TROUBLE, "%s: a checkpoint of another formula (its fingerprint is not this formula's %s): "
				 "name a new file", cp->path, want + 20);
		else if (n == 1 || !strncmp(line, "c ", 2))
			continue;
		else if (!has_vars) {
			read_vars(cp, line, n, f, vars, nvars);
			has_vars = 1;
		} else
			read_cube(cp, line, n);
	}
	free(line);
	fclose(in);
	return has_vars ? kept : 0;
}

static void sync_file(struct checkpoint *cp)
{
	if (fflush(cp->out) || fsync(fileno(cp->out)))
		util_die(EXIT_TROUBLE, "cannot write '%s': %s", cp->path, strerror(errno));
}

/* The header, and for a check by another counter, two comments: the cube variables in the
 * input's numbering, and the factor by which a cube's count becomes the count of the input
 * with the cube's literals as unit clauses. */
static void write_header(struct checkpoint *cp, const struct formula *f, const int *vars, int nvars)
{
	fprintf(cp->out, "kcount-checkpoint 1 %016llx\ncube-vars %d", (unsigned long long)fingerprint(f), nvars);
	for (int i = 0; i < nvars; i++)
		fprintf(cp->out, " %d", vars[i]);
	fprintf(cp->out, "\nc input-vars");
	for (int i = 0; i < nvars; i++)
		fprintf(cp->out, " %d", f->origin[vars[i]]);
	fprintf(cp->out, "\nc outside ");
	mpz_out_str(cp->out, 10, f->outside);
	fputc('\n', cp->out);
	sync_file(cp);
}

struct checkpoint *checkpoint_open(const char *path, const struct formula *f, int *vars, int *nvars)
{
	struct checkpoint *cp = xcalloc(1, sizeof *cp);
	long kept;

	cp->path = path;
	cp->have = xcalloc((size_t)1 << CUBE_VARS, 1);
	cp->counts = xmalloc(((size_t)1 << CUBE_VARS) * sizeof *cp->counts);
	for (int i = 0; i < 1 << CUBE_VARS; i++)
		mpz_init(cp->counts[i]);
	cp->ncubes = 1 << *nvars;
	cp->out = fopen(path, "a");
	if (!cp->out)
		util_die(EXIT_TROUBLE, "cannot write '%s': %s", path, strerror(errno));
	if (flock(fileno(cp->out), LOCK_EX | LOCK_NB) && errno == EWOULDBLOCK)  /* two runs would count the same cubes */
		util_die(EXIT_TROUBLE, "'%s' is in use by another count", path);
	kept = read_file(cp, f, vars, nvars);
	if (ftruncate(fileno(cp->out), kept))
		util_die(EXIT_TROUBLE, "cannot drop the cut line of '%s': %s", path, strerror(errno));
	if (!kept)
		write_header(cp, f, vars, *nvars);
	return cp;
}

int checkpoint_take(struct checkpoint *cp, int cube, mpz_t sum)
{
	if (!cp->have[cube])
		return 0;
	mpz_add(sum, sum, cp->counts[cube]);
	return 1;
}

void checkpoint_record(struct checkpoint *cp, int cube, const mpz_t count)
{
	fprintf(cp->out, "cube %d ", cube);
	mpz_out_str(cp->out, 10, count);
	fputc('\n', cp->out);
	sync_file(cp);
}

void checkpoint_close(struct checkpoint *cp)
{
	if (fclose(cp->out))
		util_die(EXIT_TROUBLE, "cannot write '%s': %s", cp->path, strerror(errno));
	for (int i = 0; i < 1 << CUBE_VARS; i++)
		mpz_clear(cp->counts[i]);
	free(cp->counts);
	free(cp->have);
	free(cp);
}

void checkpoint_unused(const struct options *o, const char *why)
{
	if (o->checkpoint)
		util_warn("--checkpoint %s: nothing recorded, as this count is not cut into cubes (%s)", o->checkpoint_path, why);
}
