/* countfile: count files, the saved output of kcount (kdiff(1), COUNT FILES). */
#include "kdiff.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool all_digits(const char *s)
{
	return *s && strspn(s, "0123456789") == strlen(s);
}

/* The number in s without leading zeros, so that 007 and 7 are the same count. */
static char *canonical(const char *s)
{
	while (s[0] == '0' && s[1])
		s++;
	return xstrdup(s);
}

/* Takes what one line says: an exact count, a note, a time, a lower bound. */
static void read_line(char *line, struct kd_count *c)
{
	static const char exact[] = "c s exact arb int ", note[] = "c kdiff not-counted ",
		time[] = "c kdiff seconds ", lower[] = "c s log10-lower-bound ",
		fixed[] = "c o lower bound: the count of the models with the ";

	line[strcspn(line, "\r\n")] = '\0';
	if (!strncmp(line, exact, sizeof exact - 1) && all_digits(line + sizeof exact - 1)) {
		free(c->value);
		c->value = canonical(line + sizeof exact - 1);
	} else if (all_digits(line) && !c->value) {
		c->value = canonical(line);
	} else if (!strcmp(line, "s UNSATISFIABLE") && !c->value) {
		c->value = xstrdup("0");
	} else if (!strncmp(line, note, sizeof note - 1)) {
		free(c->note);
		c->note = xstrdup(line + sizeof note - 1);
	} else if (!strncmp(line, time, sizeof time - 1)) {
		c->seconds = strtod(line + sizeof time - 1, NULL);
	} else if (!strncmp(line, lower, sizeof lower - 1)) {
		c->lower_log10 = strtod(line + sizeof lower - 1, NULL);
	} else if (!strncmp(line, fixed, sizeof fixed - 1)) {
		c->lower_fixed = strtol(line + sizeof fixed - 1, NULL, 10);
	}
}

/* "kcount: out of reach: treewidth at least N, above W" when kcount's output in PATH says
 * --max-width stopped its exact count (the words of share/kcount-timed), else NULL. */
char *kd_width_note(const char *path)
{
	static const char said[] = "c o not counted: treewidth at least %ld above --max-width %ld";
	FILE *f = fopen(path, "r");
	char line[256];
	long width, most;
	char *note = NULL;

	while (f && !note && fgets(line, sizeof line, f))
		if (sscanf(line, said, &width, &most) == 2)
			note = xasprintf("kcount: out of reach: treewidth at least %ld, above %ld", width, most);
	if (f)
		fclose(f);
	return note;
}

char *kd_bound_note(const char *why, const struct kd_count *c)
{
	return xasprintf("%s; at least 10^%.0f (kcount --lower-bound, %ld variables fixed)", why,
		floor(c->lower_log10), c->lower_fixed);
}

bool kd_count_read(const char *path, struct kd_count *c)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;

	c->value = c->note = NULL;
	c->seconds = -1;
	c->lower_log10 = NAN;
	c->lower_fixed = 0;
	if (!f) {
		util_warn("cannot open '%s': %s", path, strerror(errno));
		return false;
	}
	while (getline(&line, &cap, f) > 0)
		read_line(line, c);
	free(line);
	fclose(f);
	if (!c->value && !c->note && isfinite(c->lower_log10))
		c->note = kd_bound_note("not counted", c);
	if (c->value || c->note)
		return true;
	util_warn("'%s' holds no count (no 'c s exact arb int N' line, no number, no bound)", path);
	return false;
}

void kd_count_write(const char *path, const struct kd_count *c)
{
	FILE *f = fopen(path, "w");

	if (!f)
		util_die(EXIT_TROUBLE, "cannot create '%s': %s", path, strerror(errno));
	if (c->value)
		fprintf(f, "s %sSATISFIABLE\nc s exact arb int %s\n",
			strcmp(c->value, "0") ? "" : "UN", c->value);
	if (c->note)
		fprintf(f, "c kdiff not-counted %s\n", c->note);
	if (c->seconds >= 0)
		fprintf(f, "c kdiff seconds %.3f\n", c->seconds);
	if (isfinite(c->lower_log10))
		fprintf(f, "c o lower bound: the count of the models with the %ld literals fixed\n"
			"c s log10-lower-bound %.6f\n", c->lower_fixed, c->lower_log10);
	if (fclose(f) != 0)
		util_die(EXIT_TROUBLE, "cannot write '%s': %s", path, strerror(errno));
}

void kd_count_free(struct kd_count *c)
{
	free(c->value);
	free(c->note);
	c->value = c->note = NULL;
}
