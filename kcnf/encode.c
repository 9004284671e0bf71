/* encode: the fixed-point rules of bool and tristate symbols as clauses (SEMANTICS 6 and 6.1). */
#include <stdlib.h>

#include "kcnf.h"
#include "util.h"

static const struct levels level_n = { LIT_FALSE, LIT_FALSE };
static const struct levels level_y = { LIT_TRUE, LIT_TRUE };

static bool counted(const struct ir_symbol *s)
{
	return s->e.type == IR_BOOL || s->e.type == IR_TRISTATE;
}

/* Symbol variables come first, in IR order, so that `c p show` is 1..N (kcnf(1)). */
static void allocate_symbol_vars(struct encoder *enc)
{
	for (size_t i = 0; i < enc->ir->nsyms; i++) {
		const struct ir_symbol *s = &enc->ir->syms[i];

		if (!counted(s))
			continue;
		enc->var_y[i] = circuit_new_var(enc->c);
		if (s->e.type == IR_TRISTATE)
			enc->var_m[i] = circuit_new_var(enc->c);
	}
}

void encoder_init(struct encoder *enc, const struct ir *ir, const struct kcnf_options *opt)
{
	enc->ir = ir;
	enc->opt = opt;
	enc->c = circuit_new();
	enc->var_y = xcalloc(ir->nsyms, sizeof *enc->var_y);
	enc->var_m = xcalloc(ir->nsyms, sizeof *enc->var_m);
	enc->choice_mode = xcalloc(ir->nchoices, sizeof *enc->choice_mode);
	enc->choice_mode_done = xcalloc(ir->nchoices, sizeof *enc->choice_mode_done);
	enc->strvals = strval_new(ir);
	enc->natoms = 0;
	allocate_symbol_vars(enc);
	enc->modules = ir->modules_index >= 0 ? enc_symbol(enc, ir->modules_index).m : LIT_FALSE;
	enc->old = ir_kconfig_old(ir->kconfig);
	enc->old_imply = enc->old && enc->old < 5007;
	if (sscanf(ir->kconfig, "2.6.%d", &enc->old_sublevel) != 1)
		enc->old_sublevel = 0;
}

void encoder_free(struct encoder *enc)
{
	circuit_free(enc->c);
	free(enc->var_y);
	free(enc->var_m);
	free(enc->choice_mode);
	free(enc->choice_mode_done);
	strval_free(enc->strvals);
	free(enc->groups);
}

/* Values of symbols and expressions (SEMANTICS 1, 6.1). */

struct levels enc_symbol(struct encoder *enc, int sym)
{
	const struct ir_symbol *s = &enc->ir->syms[sym];
	lit y = enc->var_y[sym];

	if (!counted(s) || (s->e.flags & IR_FLAG_TRANSITIONAL))
		return level_n;	/* SEMANTICS 1 (string, int, hex: n) and 9.1 */
	if (s->e.type == IR_BOOL)
		return (struct levels){ y, y };
	return (struct levels){ circuit_or2(enc->c, y, enc->var_m[sym]), y };
}

lit enc_is_bool(struct encoder *enc, int sym)
{
	return enc->ir->syms[sym].e.type == IR_TRISTATE ? -enc->modules : LIT_TRUE;
}

static struct levels levels_op(struct encoder *enc, const struct expr *e, bool is_and)
{
	lit *m = xmalloc(e->nargs * sizeof *m), *y = xmalloc(e->nargs * sizeof *y);
	struct levels r;

	for (size_t i = 0; i < e->nargs; i++) {
		struct levels a = enc_expr(enc, e->args[i]);

		m[i] = a.m;
		y[i] = a.y;
	}
	if (is_and)
		r = (struct levels){ circuit_and(enc->c, m, e->nargs), circuit_and(enc->c, y, e->nargs) };
	else
		r = (struct levels){ circuit_or(enc->c, m, e->nargs), circuit_or(enc->c, y, e->nargs) };
	free(m);
	free(y);
	return r;
}

static struct levels levels_word(struct encoder *enc, const struct expr *e)
{
	lit a;

	switch (e->ref) {
	case EXPR_REF_SYMBOL:
		return enc_symbol(enc, e->index);
	case EXPR_REF_ABSTRACT:	/* kir(5): an unknown n or y, existentially quantified */
		a = strval_abstract_atom(enc, e->index);
		return (struct levels){ a, a };
	case EXPR_REF_CHOICE:
		return choice_mode(enc, e->index);
	default:
		return level_n;	/* undefined: n */
	}
}

struct levels enc_expr(struct encoder *enc, const struct expr *e)
{
	struct levels a;
	lit c;

	switch (e->kind) {
	case EXPR_CONST:
		return (struct levels){ e->tri >= TRI_M ? LIT_TRUE : LIT_FALSE,
					e->tri == TRI_Y ? LIT_TRUE : LIT_FALSE };
	case EXPR_SYMBOL:
		return levels_word(enc, e);
	case EXPR_STRING:
		return level_n;
	case EXPR_AND:
	case EXPR_OR:
		return levels_op(enc, e, e->kind == EXPR_AND);
	case EXPR_NOT:
		a = enc_expr(enc, e->args[0]);
		return (struct levels){ -a.y, -a.m };
	default:
		c = strval_compare(enc, e);
		return (struct levels){ c, c };
	}
}

struct levels enc_and(struct encoder *enc, struct levels a, struct levels b)
{
	return (struct levels){ circuit_and2(enc->c, a.m, b.m), circuit_and2(enc->c, a.y, b.y) };
}

struct levels enc_or(struct encoder *enc, struct levels a, struct levels b)
{
	return (struct levels){ circuit_or2(enc->c, a.m, b.m), circuit_or2(enc->c, a.y, b.y) };
}

/* The pieces of a symbol's rule (SEMANTICS 5 and 6). */

struct levels enc_visibility(struct encoder *enc, const struct ir_entry *e)
{
	struct levels v = level_n;

	for (size_t i = 0; i < e->nprompts; i++)
		v = enc_or(enc, v, enc_expr(enc, e->prompts[i].cond));
	return v;
}

/*
 * The kernel's dir_dep: the OR of the definitions' dependencies, where a definition without any
 * (written y) adds nothing (menu.c: expr_alloc_or ignores a NULL operand); y when all are y.
 */
static struct levels dir_dep(struct encoder *enc, const struct ir_entry *e)
{
	struct levels d = level_n;
	bool any = false;

	for (size_t i = 0; i < e->ndeps; i++) {
		if (e->deps[i]->kind == EXPR_CONST && e->deps[i]->tri == TRI_Y)
			continue;
		d = enc_or(enc, d, enc_expr(enc, e->deps[i]));
		any = true;
	}
	return any ? d : level_y;
}

/* rev_dep or implied: OR over the records naming the symbol of (selector && condition). */
static struct levels reverse(struct encoder *enc, const struct ir_reverse *rev, size_t n)
{
	struct levels r = level_n;

	for (size_t i = 0; i < n; i++)
		r = enc_or(enc, r, enc_and(enc, enc_symbol(enc, rev[i].from),
						 enc_expr(enc, rev[i].cond)));
	return r;
}

lit *enc_first_active(struct encoder *enc, const struct ir_default *defs, size_t n, lit *none)
{
	lit *act = xmalloc((n ? n : 1) * sizeof *act);
	lit before = LIT_TRUE;	/* no earlier default is active */

	for (size_t i = 0; i < n; i++) {
		lit c = enc_expr(enc, defs[i].cond).m;

		act[i] = circuit_and2(enc->c, before, c);
		before = circuit_and2(enc->c, before, -c);
	}
	*none = before;
	return act;
}

/* d = min(eval(e_i), c_i) of the first active default, else n (SEMANTICS 6 step 3). */
struct levels enc_default_value(struct encoder *enc, const struct ir_entry *e)
{
	lit none, *act = enc_first_active(enc, e->defaults, e->ndefaults, &none);
	struct levels d = level_n;

	for (size_t i = 0; i < e->ndefaults; i++) {
		struct levels v = enc_and(enc, enc_expr(enc, e->defaults[i].value),
					     enc_expr(enc, e->defaults[i].cond));

		d = enc_or(enc, d, enc_and(enc, (struct levels){ act[i], act[i] }, v));
	}
	free(act);
	return d;
}

/*
 * symbol.c before 5.7 (kcnf(1) OLD RELEASES): implied is computed only while dir_dep is not
 * n (sym_calc_visibility), and is not capped by dir_dep afterwards.
 */
static struct levels old_implied(struct encoder *enc, const struct ir_symbol *s)
{
	struct levels i = reverse(enc, s->implied_by, s->nimplied_by);
	lit dd = dir_dep(enc, &s->e).m;

	return (struct levels){ circuit_and2(enc->c, dd, i.m), circuit_and2(enc->c, dd, i.y) };
}

/* The value an invisible symbol takes, before promotion: max(d', R). */
static struct levels invisible_value(struct encoder *enc, int sym, struct levels r)
{
	const struct ir_symbol *s = &enc->ir->syms[sym];
	struct levels d = enc_default_value(enc, &s->e);
	struct levels i;

	if (enc->old_imply && s->nimplied_by)	/* d' = max(d, I) */
		return enc_or(enc, enc_or(enc, d, old_implied(enc, s)), r);
	i = reverse(enc, s->implied_by, s->nimplied_by);
	if (s->nimplied_by) {	/* d' = I != n ? min(max(d, I), DD) : d */
		struct levels dd = dir_dep(enc, &s->e);
		struct levels capped = enc_and(enc, enc_or(enc, d, i), dd);

		d.m = circuit_or2(enc->c, circuit_and2(enc->c, -i.m, d.m), capped.m);
		d.y = circuit_or2(enc->c, circuit_and2(enc->c, -i.m, d.y), capped.y);
	}
	return enc_or(enc, d, r);
}

/*
 * sym_calc_value before 5.7, a visible tristate while MODULES is on: a value m becomes y
 * while implied is y, so S_y -> V_y or R_y or I_y, and I_y excludes S = m.
 */
static void old_visible_implied(struct encoder *enc, const struct ir_symbol *s, struct levels v,
				struct levels r)
{
	struct circuit *c = enc->c;
	struct levels me = enc_symbol(enc, s - enc->ir->syms);
	lit iy = old_implied(enc, s).y;

	circuit_clause4(c, -enc->modules, -v.m, -me.y, circuit_or2(c, v.y, circuit_or2(c, r.y, iy)));
	circuit_clause4(c, -enc->modules, -v.m, -iy, circuit_or2(c, -me.m, me.y));
}

/*
 * SEMANTICS 6.1: with V the visibility, R the rev_dep and X the invisible value,
 * R_k -> S_k; not V_m -> (S_m <-> X_m); and for a tristate while MODULES is on:
 * V_m and S_y -> V_y or R_y, not V_m -> (S_y <-> X_y). With MODULES off a tristate's
 * m variable is false, so its two levels agree and the m level is the whole rule
 * (promotion of V, R and the result).
 */
static void encode_symbol(struct encoder *enc, int sym)
{
	const struct ir_symbol *s = &enc->ir->syms[sym];
	struct levels v = enc_visibility(enc, &s->e), r = reverse(enc, s->selected_by, s->nselected_by);
	struct levels x = invisible_value(enc, sym, r), me = enc_symbol(enc, sym);
	struct circuit *c = enc->c;

	circuit_clause2(c, -r.m, me.m);
	circuit_clause3(c, v.m, -me.m, x.m);
	circuit_clause3(c, v.m, me.m, -x.m);
	if (s->e.type != IR_TRISTATE)
		return;
	circuit_clause2(c, -r.y, me.y);
	if (enc->old_imply && s->nimplied_by)
		old_visible_implied(enc, s, v, r);
	else
		circuit_clause4(c, -enc->modules, -v.m, -me.y, circuit_or2(c, v.y, r.y));
	circuit_clause4(c, -enc->modules, v.m, -me.y, x.y);
	circuit_clause4(c, -enc->modules, v.m, me.y, -x.y);
}

/* A tristate is never both y and m, and m only while MODULES is on (SEMANTICS 2). */
static void encode_domain(struct encoder *enc, int sym)
{
	int y = enc->var_y[sym], m = enc->var_m[sym];

	if (!m)
		return;
	circuit_clause2(enc->c, -y, -m);
	circuit_clause2(enc->c, -m, enc->modules);
	if (enc->opt->bool_view)	/* --bool: configurations without any m */
		circuit_clause(enc->c, (lit[]){ -m }, 1);
}

static void encode_transitional(struct encoder *enc, int sym)
{
	circuit_clause(enc->c, (lit[]){ -enc->var_y[sym] }, 1);
	if (enc->var_m[sym])
		circuit_clause(enc->c, (lit[]){ -enc->var_m[sym] }, 1);
}

void encoder_run(struct encoder *enc)
{
	const struct ir *ir = enc->ir;

	for (size_t i = 0; i < ir->nsyms; i++) {
		const struct ir_symbol *s = &ir->syms[i];

		if (!counted(s))
			continue;
		encode_domain(enc, i);
		if (s->e.flags & IR_FLAG_TRANSITIONAL)
			encode_transitional(enc, i);
		else if (s->choice < 0)
			encode_symbol(enc, i);
	}
	for (size_t i = 0; i < ir->nchoices; i++)
		choice_encode(enc, i);
	fix_apply(enc);
}
