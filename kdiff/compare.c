/* compare: options added, removed, renamed and changed from one model to the next. */
#include "kdiff.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* A growable list of changes. */
static void push(struct kd_change **list, size_t *n, const struct kd_symbol *old,
	const struct kd_symbol *new_, unsigned aspects)
{
	if (*n == 0 || (*n & (*n - 1)) == 0)   /* full when n is a power of two */
		*list = xrealloc(*list, (*n ? 2 * *n : 1) * sizeof **list);
	(*list)[*n].old = old;
	(*list)[*n].new_ = new_;
	(*list)[*n].aspects = aspects;
	(*n)++;
}

/* Both models are sorted by name: a merge finds the names only one side has. */
static void split_names(const struct kd_model *old, const struct kd_model *new_, struct kd_diff *d)
{
	size_t i = 0, j = 0;
	int c;

	while (i < old->nsym || j < new_->nsym) {
		if (i == old->nsym)
			c = 1;
		else if (j == new_->nsym)
			c = -1;
		else
			c = strcmp(old->sym[i].name, new_->sym[j].name);
		if (c < 0)
			push(&d->removed, &d->nremoved, &old->sym[i++], NULL, 0);
		else if (c > 0)
			push(&d->added, &d->nadded, NULL, &new_->sym[j++], 0);
		else
			i++, j++;
	}
}

static const enum kd_aspect telling[] = { KD_A_PROMPT, KD_A_DEFAULT, KD_A_SELECT, KD_A_IMPLY,
	KD_A_RANGE };

/* Whether TEXT has a line other than a default to n ("n if COND"), which says nothing. */
static bool says_something(const char *text, enum kd_aspect a)
{
	const char *line;

	if (a != KD_A_DEFAULT)
		return *text != '\0';
	for (line = text; *line; line = strchr(line, '\n') + 1)
		if (strncmp(line, "n if ", 5))
			return true;
	return false;
}

/* Whether the definition says more than a type and dependencies. */
static bool tells_own(const struct kd_symbol *s)
{
	size_t i;

	for (i = 0; i < sizeof telling / sizeof *telling; i++)
		if (says_something(s->aspect[telling[i]], telling[i]))
			return true;
	return false;
}

/* The whole definition, locations aside: what a renamed option keeps. Empty when the
 * definition says too little to recognise the option by (no prompt, default, select...,
 * and nothing selects or implies it). */
static char *rename_key(const struct kd_symbol *s)
{
	char *key = xstrdup(s->reverse), *next;
	int a;

	if (!tells_own(s) && !*s->reverse) {
		*key = '\0';
		return key;
	}
	for (a = 0; a < KD_NASPECTS; a++) {
		next = xasprintf("%s\x1f%s", key, s->aspect[a]);
		free(key);
		key = next;
	}
	return key;
}

/* Whether NAME has the LEN characters at WORD as one of its _-separated words. */
static bool has_word(const char *name, const char *word, size_t len)
{
	size_t n;

	for (; *name; name += n + (name[n] == '_')) {
		n = strcspn(name, "_");
		if (n == len && !strncmp(name, word, len))
			return true;
	}
	return false;
}

/* A word of A's name, other than a generic one, also in B's name (MEMORY_BALLOON, BALLOON). */
static bool share_word(const char *a, const char *b)
{
	static const char generic[] = " ARCH HAVE HAS ENABLE SUPPORT SUPPORTS USE USES NEED NEEDS WANT "
		"WANTS GENERIC CONFIG ";
	char word[128];
	size_t len;

	for (; *a; a += len + (a[len] == '_')) {
		len = strcspn(a, "_");
		if (len == 0 || len + 3 > sizeof word)
			continue;
		snprintf(word, sizeof word, " %.*s ", (int)len, a);
		if (!strstr(generic, word) && has_word(b, a, len))
			return true;
	}
	return false;
}

/* Whether TEXT (the dependencies) has the line that starts at LINE and ends at its newline. */
static bool has_line(const char *text, const char *line)
{
	size_t n = strcspn(line, "\n");

	for (; *text; text += strcspn(text, "\n") + 1)
		if (strcspn(text, "\n") == n && !strncmp(text, line, n))
			return true;
	return false;
}

/* Whether a default sets the option beyond its dependencies: neither n nor y under just
 * them (def_bool y, which UNIX_SCM and AF_UNIX_OOB share). */
static bool own_default(const struct kd_symbol *s)
{
	const char *line;

	for (line = s->aspect[KD_A_DEFAULT]; *line; line = strchr(line, '\n') + 1)
		if (strncmp(line, "n if ", 5) &&
			(strncmp(line, "y if ", 5) || !has_line(s->aspect[KD_A_DEPENDS], line + 5)))
			return true;
	return false;
}

/* Evidence beyond an identical definition (kdiff(1), What is compared): a prompt; else the
 * option is set by something (its own default, a select or imply) and the names share a word.
 * An option without a prompt that nothing sets is always n, so its own selects say nothing:
 * DAVINCI_AINTC and IRQ_IDT3243X, both selecting the same two on x86, are not one option;
 * nor are ARCH_EPHEMERAL_INODES and HAVE_ARCH_TLB_REMOVE_TABLE, both selected by X86. */
static bool plausible(const struct kd_symbol *old, const struct kd_symbol *new_)
{
	if (*old->aspect[KD_A_PROMPT])
		return true;
	return (own_default(old) || *old->reverse) && share_word(old->name, new_->name);
}

struct keyed {
	char *key;
	size_t at;        /* index in the added or removed list */
};

static int cmp_keyed(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	return c ? c : (x->at > y->at) - (x->at < y->at);
}

static struct keyed *keys_of(const struct kd_change *list, size_t n, bool old)
{
	struct keyed *k = xcalloc(n, sizeof *k);
	size_t i;

	for (i = 0; i < n; i++) {
		k[i].key = rename_key(old ? list[i].old : list[i].new_);
		k[i].at = i;
	}
	qsort(k, n, sizeof *k, cmp_keyed);
	return k;
}

static size_t run_end(const struct keyed *k, size_t n, size_t i)
{
	size_t j = i + 1;

	while (j < n && !strcmp(k[j].key, k[i].key))
		j++;
	return j;
}

static void free_keys(struct keyed *k, size_t n)
{
	while (n--)
		free(k[n].key);
	free(k);
}

/* Pairs removed and added options whose definitions match one to one. Paired entries get
 * their partner in the list (old gets new_, new gets old). Returns how many were paired. */
static size_t pair_renames(struct kd_diff *d)
{
	struct keyed *r = keys_of(d->removed, d->nremoved, true), *a = keys_of(d->added, d->nadded, false);
	size_t i = 0, j = 0, ie, je, paired = 0;
	int c;

	while (i < d->nremoved && j < d->nadded) {
		ie = run_end(r, d->nremoved, i);
		je = run_end(a, d->nadded, j);
		c = strcmp(r[i].key, a[j].key);
		if (c == 0 && *r[i].key && ie == i + 1 && je == j + 1 &&
			plausible(d->removed[r[i].at].old, d->added[a[j].at].new_)) {
			d->removed[r[i].at].new_ = d->added[a[j].at].new_;
			d->added[a[j].at].old = d->removed[r[i].at].old;
			paired++;
		}
		if (c <= 0)
			i = ie;
		if (c >= 0)
			j = je;
	}
	free_keys(r, d->nremoved);
	free_keys(a, d->nadded);
	return paired;
}

/* Moves paired entries from removed to renamed and drops their twins from added. */
static void take_renames(struct kd_diff *d)
{
	size_t i, n = 0;

	for (i = 0; i < d->nremoved; i++) {
		if (d->removed[i].new_)
			push(&d->renamed, &d->nrenamed, d->removed[i].old, d->removed[i].new_, 0);
		else
			d->removed[n++] = d->removed[i];
	}
	d->nremoved = n;
	for (i = n = 0; i < d->nadded; i++)
		if (!d->added[i].old)
			d->added[n++] = d->added[i];
	d->nadded = n;
}

/* The renames so far as a map sorted by old name (renamed is in old-name order). */
static void make_map(const struct kd_diff *d, struct kd_rename_map *map)
{
	size_t i;

	free(map->from);
	free(map->to);
	map->n = d->nrenamed;
	map->from = xcalloc(map->n, sizeof *map->from);
	map->to = xcalloc(map->n, sizeof *map->to);
	for (i = 0; i < map->n; i++) {
		map->from[i] = d->renamed[i].old->name;
		map->to[i] = d->renamed[i].new_->name;
	}
}

static int cmp_by_old(const void *a, const void *b)
{
	return strcmp(((const struct kd_change *)a)->old->name, ((const struct kd_change *)b)->old->name);
}

/* Renames are found in rounds: once FOO is known as BAR, what depended on FOO can match. */
static void find_renames(struct kd_model *old, struct kd_diff *d)
{
	struct kd_rename_map map = { NULL, NULL, 0 };

	while (pair_renames(d) > 0) {
		take_renames(d);
		qsort(d->renamed, d->nrenamed, sizeof *d->renamed, cmp_by_old);
		make_map(d, &map);
		kd_model_render(old, &map);
	}
	free(map.from);
	free(map.to);
}

static unsigned changed_aspects(const struct kd_symbol *a, const struct kd_symbol *b)
{
	unsigned mask = 0;
	int i;

	for (i = 0; i < KD_NASPECTS; i++)
		if (strcmp(a->aspect[i], b->aspect[i]))
			mask |= 1u << i;
	return mask;
}

static void find_changes(const struct kd_model *old, const struct kd_model *new_, struct kd_diff *d)
{
	const struct kd_symbol *o;
	unsigned mask;
	size_t j;

	for (j = 0; j < new_->nsym; j++) {
		o = kd_model_find(old, new_->sym[j].name);
		if (o && (mask = changed_aspects(o, &new_->sym[j])))
			push(&d->changed, &d->nchanged, o, &new_->sym[j], mask);
	}
}

void kd_compare(struct kd_model *old, struct kd_model *new_, bool renames, struct kd_diff *d)
{
	memset(d, 0, sizeof *d);
	split_names(old, new_, d);
	if (renames)
		find_renames(old, d);
	find_changes(old, new_, d);
}

bool kd_diff_empty(const struct kd_diff *d, const struct kd_version *old, const struct kd_version *new_)
{
	if (d->nadded || d->nremoved || d->nchanged || d->nrenamed)
		return false;
	return !old->count.value || !new_->count.value || !strcmp(old->count.value, new_->count.value);
}

void kd_diff_free(struct kd_diff *d)
{
	free(d->added);
	free(d->removed);
	free(d->changed);
	free(d->renamed);
	memset(d, 0, sizeof *d);
}
