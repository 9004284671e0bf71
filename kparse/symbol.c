/* symbol: the table of named symbols, quoted constants, abstract atoms and choices. */
#include <stdlib.h>
#include <string.h>

#include "kparse.h"
#include "util.h"

static size_t hash_name(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static struct ksym *sym_alloc(const char *name, enum ksym_kind kind)
{
	struct ksym *s = xcalloc(1, sizeof(*s));

	s->name = name ? xstrdup(name) : NULL;
	s->kind = kind;
	s->props_tail = &s->props;
	return s;
}

void sym_init(struct symtab *t)
{
	memset(t, 0, sizeof(*t));
	t->nslots = 1 << 15;
	t->slots = xcalloc(t->nslots, sizeof(*t->slots));
	t->yes = (struct ksym){ .name = "y", .kind = KS_YES, .type = KT_TRISTATE };
	t->mod = (struct ksym){ .name = "m", .kind = KS_MOD, .type = KT_TRISTATE };
	t->no = (struct ksym){ .name = "n", .kind = KS_NO, .type = KT_TRISTATE };
}

/* y, m and n are the constants whether quoted or not (SEMANTICS 1) */
static struct ksym *special(struct symtab *t, const char *name)
{
	if (!name[0] || name[1])
		return NULL;
	switch (name[0]) {
	case 'y': return &t->yes;
	case 'm': return &t->mod;
	case 'n': return &t->no;
	default: return NULL;
	}
}

static struct ksym *lookup_kind(struct symtab *t, const char *name, enum ksym_kind kind)
{
	struct ksym *s = special(t, name);
	size_t h;

	if (s)
		return s;
	h = (hash_name(name) * 2 + (kind == KS_CONST)) & (t->nslots - 1);
	for (s = t->slots[h]; s; s = s->next)
		if (s->kind == kind && !strcmp(s->name, name))
			return s;
	s = sym_alloc(name, kind);
	s->next = t->slots[h];
	t->slots[h] = s;
	if (kind == KS_NORMAL)
		t->count++;
	return s;
}

struct ksym *sym_lookup(struct symtab *t, const char *name)
{
	return lookup_kind(t, name, KS_NORMAL);
}

struct ksym *sym_const(struct symtab *t, const char *text)
{
	return lookup_kind(t, text, KS_CONST);
}

/* one atom per distinct text: the same macro text always has the same result */
struct ksym *sym_atom(struct symtab *t, const char *text, struct kloc at)
{
	struct ksym *s;

	for (size_t i = 0; i < t->natoms; i++)
		if (!strcmp(t->atoms[i]->text, text))
			return t->atoms[i];
	s = sym_alloc(NULL, KS_ATOM);
	s->name = xasprintf("$%zu", t->natoms + 1);
	s->text = xstrdup(text);
	s->at = at;
	t->atoms = xrealloc(t->atoms, (t->natoms + 1) * sizeof(*t->atoms));
	t->atoms[t->natoms++] = s;
	return s;
}

static struct ksym *sym_find_choice(struct symtab *t, const char *name)
{
	for (size_t i = 0; name && i < t->nchoices; i++)
		if (t->choices[i]->name && !strcmp(t->choices[i]->name, name))
			return t->choices[i];
	return NULL;
}

/* a choice: named ones (Kconfig 6.1) merge by name; unnamed get choice.N at the end */
struct ksym *sym_new_choice(struct symtab *t, const char *name)
{
	struct ksym *s = sym_find_choice(t, name);

	if (s)
		return s;
	s = sym_alloc(name, KS_CHOICE);
	t->choices = xrealloc(t->choices, (t->nchoices + 1) * sizeof(*t->choices));
	t->choices[t->nchoices++] = s;
	return s;
}

static int by_name(const void *a, const void *b)
{
	return strcmp((*(struct ksym *const *)a)->name, (*(struct ksym *const *)b)->name);
}

struct ksym **sym_sorted(const struct symtab *t, size_t *n)
{
	struct ksym **v = xcalloc(t->count + 1, sizeof(*v));

	*n = 0;
	for (size_t h = 0; h < t->nslots; h++)
		for (struct ksym *s = t->slots[h]; s; s = s->next)
			if (s->kind == KS_NORMAL && s->ndefs)
				v[(*n)++] = s;
	qsort(v, *n, sizeof(*v), by_name);
	return v;
}

const char *sym_type_name(enum ktype type)
{
	static const char *const names[] = { "unknown", "bool", "tristate", "string", "int", "hex" };

	return names[type];
}
