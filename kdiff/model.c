/* model: the facts kdiff compares, rendered from an IR (kir(5)) as one text per aspect. */
#include "kdiff.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define KD_ASPECT_NAME(e, s) s,
const char *const kd_aspect_name[KD_NASPECTS] = { KD_ASPECTS(KD_ASPECT_NAME) };
#undef KD_ASPECT_NAME

/* What a rendering needs: the IR, the symbol whose own name is written @, the renames. */
struct render {
	const struct ir *ir;
	const char *self;
	const struct kd_rename_map *map;
	FILE *out;
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static const char *mapped(const struct render *r, const char *name)
{
	const char **hit;

	if (r->self && !strcmp(name, r->self))
		return "@";
	if (!r->map || !r->map->n)
		return name;
	hit = bsearch(&name, r->map->from, r->map->n, sizeof *r->map->from, cmp_str);
	return hit ? r->map->to[hit - r->map->from] : name;
}

/* A choice by what stays put between releases: its written name, else its prompt. */
static void put_choice(const struct render *r, const struct ir_choice *c)
{
	if (strncmp(c->e.name, "choice.", 7) || !c->e.nprompts)
		fputs(c->e.name, r->out);
	else {
		fputs("choice ", r->out);
		expr_print_string(r->out, c->e.prompts[0].text);
	}
}

/* Abstract atoms are numbered in parse order, which moves: write their macro text. */
static void put_word(const struct render *r, const struct expr *e)
{
	if (e->ref == EXPR_REF_CHOICE && e->index >= 0)
		put_choice(r, &r->ir->choices[e->index]);
	else if (e->ref == EXPR_REF_ABSTRACT && e->index >= 0)
		fprintf(r->out, "$(%s)", r->ir->abstracts[e->index].text);
	else
		fputs(mapped(r, e->name), r->out);
}

static void put_expr(const struct render *r, const struct expr *e)
{
	size_t i;

	switch (e->kind) {
	case EXPR_CONST:
		fputc("nmy"[e->tri], r->out);
		return;
	case EXPR_SYMBOL:
		put_word(r, e);
		return;
	case EXPR_STRING:
		expr_print_string(r->out, e->name);
		return;
	default:
		fprintf(r->out, "(%s", expr_op_name(e->kind));
		for (i = 0; i < e->nargs; i++) {
			fputc(' ', r->out);
			put_expr(r, e->args[i]);
		}
		fputc(')', r->out);
	}
}

static void put_targets(const struct render *r, const char *kind, const struct ir_select *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		fprintf(r->out, "%s %s if ", kind, mapped(r, s[i].target));
		put_expr(r, s[i].cond);
		fputc('\n', r->out);
	}
}

static void put_reverse(const struct render *r, const char *kind, const struct ir_reverse *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		fprintf(r->out, "%s %s if ", kind, mapped(r, r->ir->syms[v[i].from].e.name));
		put_expr(r, v[i].cond);
		fputc('\n', r->out);
	}
}

/* Writes aspect A of symbol S on r->out. */
static void put_aspect(const struct render *r, const struct ir_symbol *s, enum kd_aspect a)
{
	const struct ir_entry *e = &s->e;
	size_t i;

	switch (a) {
	case KD_A_TYPE:
		fputs(ir_type_name(e->type), r->out);
		break;
	case KD_A_PROMPT:
		for (i = 0; i < e->nprompts; i++)
			fprintf(r->out, "%s\n", e->prompts[i].text);
		break;
	case KD_A_VISIBLE:
		for (i = 0; i < e->nprompts; i++) {
			put_expr(r, e->prompts[i].cond);
			fputc('\n', r->out);
		}
		break;
	case KD_A_DEPENDS:
		for (i = 0; i < e->ndeps; i++) {
			put_expr(r, e->deps[i]);
			fputc('\n', r->out);
		}
		break;
	case KD_A_DEFAULT:
		for (i = 0; i < e->ndefaults; i++) {
			put_expr(r, e->defaults[i].value);
			fputs(" if ", r->out);
			put_expr(r, e->defaults[i].cond);
			fputc('\n', r->out);
		}
		break;
	case KD_A_SELECT:
		put_targets(r, "select", s->selects, s->nselects);
		break;
	case KD_A_IMPLY:
		put_targets(r, "imply", s->implies, s->nimplies);
		break;
	case KD_A_RANGE:
		for (i = 0; i < s->nranges; i++) {
			put_expr(r, s->ranges[i].low);
			fputc(' ', r->out);
			put_expr(r, s->ranges[i].high);
			fputs(" if ", r->out);
			put_expr(r, s->ranges[i].cond);
			fputc('\n', r->out);
		}
		break;
	case KD_A_CHOICE:
		if (s->choice >= 0)
			put_choice(r, &r->ir->choices[s->choice]);
		break;
	case KD_A_FLAG:
		if (e->flags & IR_FLAG_TRANSITIONAL)
			fputs("transitional", r->out);
		break;
	case KD_NASPECTS:
		break;
	}
}

typedef void put_fn(const struct render *r, const struct ir_symbol *s, enum kd_aspect a);

static char *render_text(struct render *r, const struct ir_symbol *s, enum kd_aspect a, put_fn *put)
{
	char *text = NULL;
	size_t len = 0;

	r->out = open_memstream(&text, &len);
	if (!r->out)
		util_die(EXIT_TROUBLE, "out of memory");
	put(r, s, a);
	fclose(r->out);
	return text;
}

static void put_reverses(const struct render *r, const struct ir_symbol *s, enum kd_aspect a)
{
	put_reverse(r, "selected-by", s->selected_by, s->nselected_by);
	put_reverse(r, "implied-by", s->implied_by, s->nimplied_by);
}

static void render_symbol(const struct kd_model *m, const struct kd_rename_map *map, size_t i)
{
	const struct ir_symbol *s = &m->ir->syms[i];
	struct kd_symbol *k = &m->sym[i];
	struct render r = { m->ir, s->e.name, map, NULL };
	int a;

	for (a = 0; a < KD_NASPECTS; a++) {
		free(k->aspect[a]);
		k->aspect[a] = render_text(&r, s, a, put_aspect);
	}
	free(k->reverse);
	k->reverse = render_text(&r, s, KD_A_TYPE, put_reverses);
}

void kd_model_render(struct kd_model *m, const struct kd_rename_map *map)
{
	size_t i;

	for (i = 0; i < m->nsym; i++)
		render_symbol(m, map, i);
}

static void count_type(struct kd_types *t, const struct ir_symbol *s)
{
	long *by_type[] = { &t->bool_, &t->tristate, &t->string, &t->int_, &t->hex, &t->unknown };

	(*by_type[s->e.type])++;
	if (s->e.nprompts)
		t->visible++;
	else
		t->invisible++;
}

/* kir(5): symbols are sorted by name, bytewise; lookups depend on it. */
static bool sorted(const struct ir *ir)
{
	size_t i;

	for (i = 1; i < ir->nsyms; i++)
		if (strcmp(ir->syms[i - 1].e.name, ir->syms[i].e.name) >= 0) {
			fprintf(stderr, "%s:%ld:1: error: symbol '%s' out of order (kir(5): sorted by name)\n",
				ir->filename, ir->syms[i].e.ir_line, ir->syms[i].e.name);
			return false;
		}
	return true;
}

static void take_symbols(struct kd_model *m)
{
	size_t i;

	m->nsym = m->ir->nsyms;
	m->sym = xcalloc(m->nsym, sizeof *m->sym);
	for (i = 0; i < m->nsym; i++) {
		const struct ir_symbol *s = &m->ir->syms[i];
		struct kd_symbol *k = &m->sym[i];

		k->name = s->e.name;
		k->type = (char *)ir_type_name(s->e.type);
		k->loc = s->e.nlocs ? xasprintf("%s:%ld", s->e.locs[0].file, s->e.locs[0].line) : xstrdup("-");
		k->visible = s->e.nprompts > 0;
		count_type(&m->types, s);
	}
}

bool kd_model_read(const char *path, struct kd_model *m)
{
	FILE *f = fopen(path, "r");

	memset(m, 0, sizeof *m);
	if (!f) {
		util_warn("cannot open '%s': %m", path);
		return false;
	}
	m->ir = ir_read(f, path);
	fclose(f);
	if (!m->ir || !sorted(m->ir))
		return false;
	m->kernelversion = m->ir->kernelversion;
	m->arch = m->ir->arch;
	take_symbols(m);
	kd_model_render(m, NULL);
	return true;
}

static int cmp_symbol_name(const void *key, const void *elem)
{
	return strcmp(key, ((const struct kd_symbol *)elem)->name);
}

/* kir(5) sorts symbols by name (bytewise), so a lookup is a binary search. */
const struct kd_symbol *kd_model_find(const struct kd_model *m, const char *name)
{
	return bsearch(name, m->sym, m->nsym, sizeof *m->sym, cmp_symbol_name);
}

void kd_model_free(struct kd_model *m)
{
	size_t i;
	int a;

	for (i = 0; i < m->nsym; i++) {
		for (a = 0; a < KD_NASPECTS; a++)
			free(m->sym[i].aspect[a]);
		free(m->sym[i].reverse);
		free(m->sym[i].loc);
	}
	free(m->sym);
	if (m->ir)
		ir_free(m->ir);
	memset(m, 0, sizeof *m);
}
