/* strval: string values of string/int/hex symbols by cases, and comparisons (SEMANTICS 1, 9.3, 9.6). */
#include <errno.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "kcnf.h"
#include "util.h"

/* A value by cases: exactly one guard holds in every assignment; text NULL = unknown. */
struct sv_case {
	lit guard;
	const char *text;
};

struct sv {
	struct sv_case *cases;
	size_t n;
};

enum { SV_NONE, SV_BUSY, SV_DONE };

struct strval_cache {
	struct sv *values;		/* per symbol: curr.val of a string/int/hex symbol */
	unsigned char *state;
	size_t nsyms;
	int *abstract_var;		/* per abstract atom: its variable, 0 before first use */
	char **atom_keys;		/* unknown comparisons already given a variable */
	int *atom_vars;
	size_t natoms;
};

struct strval_cache *strval_new(const struct ir *ir)
{
	struct strval_cache *s = xcalloc(1, sizeof *s);

	s->values = xcalloc(ir->nsyms ? ir->nsyms : 1, sizeof *s->values);
	s->state = xcalloc(ir->nsyms ? ir->nsyms : 1, 1);
	s->nsyms = ir->nsyms;
	s->abstract_var = xcalloc(ir->nabstracts ? ir->nabstracts : 1, sizeof *s->abstract_var);
	return s;
}

void strval_free(struct strval_cache *s)
{
	for (size_t i = 0; i < s->nsyms; i++)
		free(s->values[i].cases);
	for (size_t i = 0; i < s->natoms; i++)
		free(s->atom_keys[i]);
	free(s->atom_keys);
	free(s->atom_vars);
	free(s->abstract_var);
	free(s->state);
	free(s->values);
	free(s);
}

/* Adds a case; equal texts share one case whose guard is the OR (keeps case lists short). */
static void sv_add(struct circuit *c, struct sv *v, lit guard, const char *text)
{
	if (guard == LIT_FALSE)
		return;
	for (size_t i = 0; i < v->n; i++)
		if (text && v->cases[i].text && !strcmp(text, v->cases[i].text)) {
			v->cases[i].guard = circuit_or2(c, v->cases[i].guard, guard);
			return;
		}
	v->cases = xrealloc(v->cases, (v->n + 1) * sizeof *v->cases);
	v->cases[v->n++] = (struct sv_case){ guard, text };
}

static struct sv sv_one(const char *text)
{
	struct sv v = { xmalloc(sizeof *v.cases), 1 };

	v.cases[0] = (struct sv_case){ LIT_TRUE, text };
	return v;
}

/* The existential variables. */

lit strval_abstract_atom(struct encoder *enc, int atom)
{
	int *var = &enc->strvals->abstract_var[atom];

	if (!*var) {
		*var = circuit_new_var(enc->c);
		enc->natoms++;
	}
	return *var;
}

static lit unknown_comparison(struct encoder *enc, const struct expr *e, const char *left,
			      const char *right)
{
	struct strval_cache *s = enc->strvals;
	char *where = expr_to_string(e);
	char *key = xasprintf("%s|%s|%s", where, left ? left : "?", right ? right : "?");

	free(where);
	for (size_t i = 0; i < s->natoms; i++)
		if (!strcmp(s->atom_keys[i], key)) {
			free(key);
			return s->atom_vars[i];
		}
	s->atom_keys = xrealloc(s->atom_keys, (s->natoms + 1) * sizeof *s->atom_keys);
	s->atom_vars = xrealloc(s->atom_vars, (s->natoms + 1) * sizeof *s->atom_vars);
	s->atom_keys[s->natoms] = key;
	s->atom_vars[s->natoms] = circuit_new_var(enc->c);
	enc->natoms++;
	return s->atom_vars[s->natoms++];
}

/* curr.val of the symbols that defaults and range bounds name (symbol.c:sym_calc_value). */

static struct sv symbol_value(struct encoder *enc, int sym);

static struct sv leaf_curr_val(struct encoder *enc, const struct expr *e)
{
	const struct ir_symbol *s;

	if (e->kind == EXPR_CONST)
		return sv_one((const char *[]){ "n", "m", "y" }[e->tri]);
	if (e->kind == EXPR_STRING)
		return sv_one(e->name);
	if (e->ref == EXPR_REF_ABSTRACT || e->ref == EXPR_REF_CHOICE)
		return sv_one(NULL);
	if (e->ref != EXPR_REF_SYMBOL)
		return sv_one(e->name);	/* undefined: its name */
	s = &enc->ir->syms[e->index];
	if (s->e.type == IR_BOOL || s->e.type == IR_TRISTATE)
		return sv_one("n");	/* the kernel never updates a bool's curr.val */
	if (s->e.type == IR_UNKNOWN)
		return sv_one(e->name);
	return symbol_value(enc, e->index);
}

static void sv_free(struct sv *v)
{
	free(v->cases);
}

static int type_base(enum ir_type type, int otherwise)
{
	return type == IR_INT ? 10 : type == IR_HEX ? 16 : otherwise;
}

static int bound_base(const struct encoder *enc, const struct expr *e, int base)
{
	if (e->kind == EXPR_SYMBOL && e->ref == EXPR_REF_SYMBOL)
		return type_base(enc->ir->syms[e->index].e.type, base);
	return base;
}

/* symbol.c:sym_validate_range on one value: the text the clamp leaves. */
static const char *clamp(const char *v, const char *lo, int lo_base, const char *hi, int hi_base,
			 int base)
{
	long long val, bound;

	if (!v || !lo || !hi)
		return NULL;
	val = strtoll(v, NULL, base);
	bound = strtoll(lo, NULL, lo_base);
	if (val < bound)
		return lo;
	bound = strtoll(hi, NULL, hi_base);
	return val <= bound ? v : hi;
}

/* The value after the first active range (int and hex only). */
static struct sv apply_ranges(struct encoder *enc, int sym, struct sv value)
{
	const struct ir_symbol *s = &enc->ir->syms[sym];
	int base = type_base(s->e.type, 0);
	struct sv out = { NULL, 0 };
	lit before = LIT_TRUE;

	if (!base || !s->nranges)
		return value;
	for (size_t r = 0; r < s->nranges; r++) {
		const struct ir_range *range = &s->ranges[r];
		lit c = enc_expr(enc, range->cond).m, act = circuit_and2(enc->c, before, c);
		struct sv lo = leaf_curr_val(enc, range->low), hi = leaf_curr_val(enc, range->high);
		int lb = bound_base(enc, range->low, base), hb = bound_base(enc, range->high, base);

		before = circuit_and2(enc->c, before, -c);
		for (size_t i = 0; i < value.n; i++)
			for (size_t j = 0; j < lo.n; j++)
				for (size_t k = 0; k < hi.n; k++)
					sv_add(enc->c, &out, circuit_and(enc->c, (lit[]){ act, value.cases[i].guard,
						lo.cases[j].guard, hi.cases[k].guard }, 4),
					       clamp(value.cases[i].text, lo.cases[j].text, lb,
						     hi.cases[k].text, hb, base));
		sv_free(&lo);
		sv_free(&hi);
	}
	for (size_t i = 0; i < value.n; i++)
		sv_add(enc->c, &out, circuit_and2(enc->c, before, value.cases[i].guard), value.cases[i].text);
	sv_free(&value);
	return out;
}

static const char *initial_value(const struct encoder *enc, enum ir_type type)
{
	if (enc->ir->semantics == IR_KCONFIG_6_1)
		return "";	/* symbol_empty (SEMANTICS 9.6) */
	return type == IR_INT ? "0" : type == IR_HEX ? "0x0" : "";
}

/* The value from the first active default whose value is a single symbol or constant. */
static struct sv default_cases(struct encoder *enc, int sym)
{
	const struct ir_symbol *s = &enc->ir->syms[sym];
	lit none, *act = enc_first_active(enc, s->e.defaults, s->e.ndefaults, &none);
	const char *initial = initial_value(enc, s->e.type);
	struct sv v = { NULL, 0 };

	for (size_t i = 0; i < s->e.ndefaults; i++) {
		const struct expr *d = s->e.defaults[i].value;
		struct sv dv;

		if (d->nargs) {	/* prop_get_symbol gives NULL: the value stays initial */
			sv_add(enc->c, &v, act[i], initial);
			continue;
		}
		dv = leaf_curr_val(enc, d);
		for (size_t j = 0; j < dv.n; j++)
			sv_add(enc->c, &v, circuit_and2(enc->c, act[i], dv.cases[j].guard), dv.cases[j].text);
		sv_free(&dv);
	}
	sv_add(enc->c, &v, none, initial);
	free(act);
	return v;
}

/* A copy of the cached cases of a string, int or hex symbol (unknown on a cycle). */
static struct sv symbol_value(struct encoder *enc, int sym)
{
	struct strval_cache *s = enc->strvals;
	struct sv copy = { NULL, 0 };

	if (s->state[sym] == SV_BUSY)
		return sv_one(NULL);	/* the kernel rejects such cycles */
	if (s->state[sym] == SV_NONE) {
		s->state[sym] = SV_BUSY;
		s->values[sym] = apply_ranges(enc, sym, default_cases(enc, sym));
		s->state[sym] = SV_DONE;
	}
	for (size_t i = 0; i < s->values[sym].n; i++)
		sv_add(enc->c, &copy, s->values[sym].cases[i].guard, s->values[sym].cases[i].text);
	return copy;
}

/* The operands of a comparison: sym_get_string_value and the type expr_parse_string uses. */

enum operand_type { OT_TRISTATE, OT_INT, OT_HEX, OT_STRING, OT_OTHER };

/*
 * Releases before 5.10 (kcnf(1) OLD RELEASES): the constants y, m and n have no type
 * (symbol.c: symbol_yes ...), and up to 4.14 expr_parse_string reads a bool or tristate
 * value as a string; either way such an operand is compared with strcmp (m < n < y).
 */
static enum operand_type tristate_type(const struct encoder *enc, const struct expr *e)
{
	if (enc->old && (e->kind == EXPR_CONST || enc->old < 4015))
		return OT_OTHER;
	return OT_TRISTATE;
}

static struct sv operand_value(struct encoder *enc, const struct expr *e, enum operand_type *type)
{
	struct levels l;
	struct sv v = { NULL, 0 };

	*type = OT_OTHER;
	if (e->kind == EXPR_CONST)
		*type = tristate_type(enc, e);
	if (e->kind != EXPR_SYMBOL || e->ref == EXPR_REF_ABSTRACT || e->ref == EXPR_REF_UNDEFINED)
		return leaf_curr_val(enc, e);
	if (e->ref == EXPR_REF_SYMBOL) {
		enum ir_type t = enc->ir->syms[e->index].e.type;

		*type = t == IR_INT ? OT_INT : t == IR_HEX ? OT_HEX : t == IR_STRING ? OT_STRING :
			t == IR_UNKNOWN ? OT_OTHER : OT_TRISTATE;
		if (*type != OT_TRISTATE)
			return leaf_curr_val(enc, e);
	}
	*type = tristate_type(enc, e);
	l = enc_expr(enc, e);
	sv_add(enc->c, &v, -l.m, "n");
	sv_add(enc->c, &v, circuit_and2(enc->c, l.m, -l.y), "m");
	sv_add(enc->c, &v, l.y, "y");
	return v;
}

union number {
	long long s;
	unsigned long long u;
};

enum { K_STRING, K_SIGNED, K_UNSIGNED };

/* expr.c:expr_parse_string: how the kernel reads an operand's string value. */
static int parse_number(const char *str, enum operand_type type, union number *val)
{
	char *tail;
	int kind = K_SIGNED;

	errno = 0;
	switch (type) {
	case OT_TRISTATE:
		val->s = !strcmp(str, "n") ? 0 : !strcmp(str, "m") ? 1 : !strcmp(str, "y") ? 2 : -1;
		return K_SIGNED;
	case OT_INT:
		val->s = strtoll(str, &tail, 10);
		break;
	case OT_HEX:
		val->u = strtoull(str, &tail, 16);
		kind = K_UNSIGNED;
		break;
	default:
		val->s = strtoll(str, &tail, 0);
		break;
	}
	return !errno && !*tail && tail > str && isxdigit((unsigned char)tail[-1]) ? kind : K_STRING;
}

/*
 * expr.c:__expr_calc_value for the comparison operators: y or n. Before 4.0 (only = and !=)
 * expr_calc_value compares the strings whatever the types.
 */
static bool compare(const struct encoder *enc, enum expr_kind op, const char *s1,
		    enum operand_type t1, const char *s2, enum operand_type t2)
{
	union number l = { 0 }, r = { 0 };
	int k1 = K_STRING, k2 = K_STRING, res;

	if ((t1 != OT_STRING || t2 != OT_STRING) && !(enc->old && enc->old < 4000)) {
		k1 = parse_number(s1, t1, &l);
		k2 = parse_number(s2, t2, &r);
	}
	if (k1 == K_STRING || k2 == K_STRING)
		res = strcmp(s1, s2);
	else if (k1 == K_UNSIGNED || k2 == K_UNSIGNED)
		res = (l.u > r.u) - (l.u < r.u);
	else
		res = (l.s > r.s) - (l.s < r.s);
	switch (op) {
	case EXPR_EQ: return res == 0;
	case EXPR_NE: return res != 0;
	case EXPR_LT: return res < 0;
	case EXPR_LE: return res <= 0;
	case EXPR_GT: return res > 0;
	default: return res >= 0;
	}
}

lit strval_compare(struct encoder *enc, const struct expr *e)
{
	enum operand_type t1, t2;
	struct sv a, b;
	lit result = LIT_FALSE;

	if (e->args[0]->nargs || e->args[1]->nargs) {
		char *text = expr_to_string(e);

		util_warn("comparison of an expression '%s' is treated as unknown", text);
		free(text);
		return unknown_comparison(enc, e, NULL, NULL);
	}
	a = operand_value(enc, e->args[0], &t1);
	b = operand_value(enc, e->args[1], &t2);
	for (size_t i = 0; i < a.n; i++)
		for (size_t j = 0; j < b.n; j++) {
			const char *x = a.cases[i].text, *y = b.cases[j].text;
			lit holds;

			if (!x || !y)
				holds = unknown_comparison(enc, e, x, y);
			else
				holds = compare(enc, e->kind, x, t1, y, t2) ? LIT_TRUE : LIT_FALSE;
			result = circuit_or2(enc->c, result, circuit_and(enc->c, (lit[]){ holds,
				a.cases[i].guard, b.cases[j].guard }, 3));
		}
	sv_free(&a);
	sv_free(&b);
	return result;
}
