/* choice: the rules of choice groups, SEMANTICS 7.1 (kconfig 6.12 and later) and 7.2 (6.1). */
#include <stdlib.h>

#include "kcnf.h"
#include "util.h"

static bool counted_member(const struct encoder *enc, int sym)
{
	return enc->var_y[sym] != 0;
}

/* kconfig 6.1 members' visibilities, promoted for bool-effective members: W[i].y =
 * prom(V_i)_y. symbol.c:sym_calc_visibility hides a prompt of a tristate member whose
 * visibility is m while the mode c is y, so over all its prompts V.m becomes V.y || (V.m &&
 * c != y); not in 2.6.20 to 4.4 (kcnf(1) OLD RELEASES). */
/* 2.6.20 to 4.4 (4.5 to 4.8 are read as 4.9, not established): sym_calc_visibility does not
 * hide a tristate member visible m while its choice is y. */
static bool shows_m_member(const struct encoder *enc)
{
	return enc->old && enc->old < 4005;
}

/* confdata.c:conf_read_simple before 2.6.25 ('allow overriding symbols' came in 2.6.25): a
 * member read as y while the choice's user value is not n drops that value and is no user
 * choice; the user choice is the first member read as y, not the last. */
static bool first_y_choice(const struct encoder *enc)
{
	return enc->old == 2006 && enc->old_sublevel < 25;
}

static struct levels *member_visibility(struct encoder *enc, const struct ir_choice *ch, struct levels c)
{
	struct levels *w = xmalloc((ch->nmembers ? ch->nmembers : 1) * sizeof *w);

	for (size_t i = 0; i < ch->nmembers; i++) {
		int sym = ch->members[i];
		struct levels v = enc_visibility(enc, &enc->ir->syms[sym].e);

		if (enc->ir->syms[sym].e.type == IR_TRISTATE && !shows_m_member(enc))
			v.m = circuit_or2(enc->c, v.y, circuit_and2(enc->c, v.m, -c.y));
		w[i].m = v.m;
		w[i].y = circuit_or2(enc->c, v.y, circuit_and2(enc->c, enc_is_bool(enc, sym), v.m));
	}
	return w;
}

static void push_group_lit(struct encoder *enc, int x)
{
	enc->groups = xgrow(enc->groups, &enc->groups_cap, enc->ngroups_lits, sizeof *enc->groups, 64);
	enc->groups[enc->ngroups_lits++] = x;
}

/* Records the members x[0..k) of a 7.1 choice for a 'c kcnf exactly-one' (when its covering
 * clause is the members alone: some member is always visible) or 'c kcnf at-most-one' line:
 * both hold in every model, by the clauses encode_choice_new writes. */
static void mark_group(struct encoder *enc, const lit *x, size_t k, bool exactly_one)
{
	if (k < 2)
		return;
	push_group_lit(enc, exactly_one ? 2 : 1);
	for (size_t i = 0; i < k; i++)
		push_group_lit(enc, x[i]);
	push_group_lit(enc, 0);
}

/*
 * SEMANTICS 7.1: X_i -> V_i, at most one X_i, (OR V_i) -> (OR X_i). Members are bool; a
 * tristate member (rejected by the kernel) keeps its m variable false.
 */
static void encode_choice_new(struct encoder *enc, const struct ir_choice *ch)
{
	size_t n = ch->nmembers, k = 0;
	lit *x = xmalloc((n + 1) * sizeof *x), *v = xmalloc((n + 1) * sizeof *v);

	for (size_t i = 0; i < n; i++) {
		int sym = ch->members[i];

		if (!counted_member(enc, sym))
			continue;
		if (enc->var_m[sym])
			circuit_clause(enc->c, (lit[]){ -enc->var_m[sym] }, 1);
		x[k] = enc->var_y[sym];
		v[k] = enc_visibility(enc, &enc->ir->syms[sym].e).m;
		circuit_clause2(enc->c, -x[k], v[k]);
		for (size_t j = 0; j < k; j++)
			circuit_clause2(enc->c, -x[j], -x[k]);
		k++;
	}
	x[k] = -circuit_or(enc->c, v, k);
	mark_group(enc, x, k, x[k] == LIT_FALSE);
	circuit_clause(enc->c, x, k + 1);
	free(x);
	free(v);
}

/*
 * kconfig 6.1, confdata.c:conf_read_simple: the choice's user value u is the max of its members'
 * values, read in member order; a member read as m after one read as y drops it ("inconsistent
 * choice state"), and then u counts as n. Before 2.6.25 a member read as y after one read as
 * m or y drops it too.
 */
static struct levels old_user_value(struct encoder *enc, const struct ir_choice *ch)
{
	struct levels u = { LIT_FALSE, LIT_FALSE };
	lit drop = LIT_FALSE;

	for (size_t i = 0; i < ch->nmembers; i++) {
		struct levels v = enc_symbol(enc, ch->members[i]);

		drop = circuit_or2(enc->c, drop, circuit_and(enc->c, (lit[]){ u.y, v.m, -v.y }, 3));
		if (first_y_choice(enc))
			drop = circuit_or2(enc->c, drop, circuit_and2(enc->c, u.m, v.y));
		u = enc_or(enc, u, v);
	}
	return enc_and(enc, u, (struct levels){ -drop, -drop });
}

/*
 * kconfig 6.1, symbol.c:sym_calc_value on the choice: C = prom(max(min(u, VC), R)), u its user
 * value, R = VC && m for a non-optional choice.
 */
struct levels choice_mode(struct encoder *enc, int choice)
{
	const struct ir_choice *ch = &enc->ir->choices[choice];
	struct levels u, vc, r = { LIT_FALSE, LIT_FALSE }, x;
	lit is_bool;

	if (enc->choice_mode_done[choice])
		return enc->choice_mode[choice];
	if (ch->e.type == IR_UNKNOWN) {  /* no direct member has a type: an untyped symbol is n */
		enc->choice_mode[choice] = (struct levels){ LIT_FALSE, LIT_FALSE };
		enc->choice_mode_done[choice] = true;
		return enc->choice_mode[choice];
	}
	u = old_user_value(enc, ch);
	vc = enc_visibility(enc, &ch->e);
	if (!(ch->e.flags & IR_FLAG_OPTIONAL) && ch->e.nprompts)
		r.m = vc.m;
	x = enc_or(enc, enc_and(enc, u, vc), r);
	is_bool = ch->e.type == IR_TRISTATE ? -enc->modules : LIT_TRUE;
	x.y = circuit_or2(enc->c, x.y, circuit_and2(enc->c, is_bool, x.m));
	enc->choice_mode[choice] = x;
	enc->choice_mode_done[choice] = true;
	return x;
}

/* The member the old sym_calc_choice picks when C = y: sel[i] per member. */
static lit *old_selection(struct encoder *enc, const struct ir_choice *ch, const struct levels *w)
{
	size_t n = ch->nmembers;
	lit *sel = xcalloc(n ? n : 1, sizeof *sel), unread = LIT_TRUE, none_user = LIT_TRUE;
	lit first = LIT_TRUE, *dflt = xcalloc(n ? n : 1, sizeof *dflt), any_default = LIT_FALSE;
	bool oldest = first_y_choice(enc);

	/* the user choice, if visible: the last member read as y; before 2.6.25 the first, and
	 * only while no member before it was read as m */
	for (size_t k = 0; k < n; k++) {
		size_t i = oldest ? k : n - 1 - k;
		struct levels v = enc_symbol(enc, ch->members[i]);

		sel[i] = circuit_and(enc->c, (lit[]){ v.y, unread, w[i].m }, 3);
		unread = circuit_and2(enc->c, unread, oldest ? -v.m : -v.y);
		none_user = circuit_and2(enc->c, none_user, -sel[i]);
	}
	for (size_t d = 0; d < ch->e.ndefaults; d++) {	/* sym_choice_default */
		const struct expr *v = ch->e.defaults[d].value;
		size_t i = 0;

		while (i < n && !(v->kind == EXPR_SYMBOL && v->ref == EXPR_REF_SYMBOL &&
				  v->index == ch->members[i]))
			i++;
		if (i == n)
			continue;
		lit active = circuit_and2(enc->c, enc_expr(enc, ch->e.defaults[d].cond).m, w[i].m);
		dflt[i] = circuit_or2(enc->c, dflt[i] ? dflt[i] : LIT_FALSE,
				      circuit_and2(enc->c, -any_default, active));
		any_default = circuit_or2(enc->c, any_default, active);
	}
	for (size_t i = 0; i < n; i++) {
		lit fallback = circuit_and(enc->c, (lit[]){ -any_default, first, w[i].m }, 3);
		lit chosen = circuit_or2(enc->c, dflt[i] ? dflt[i] : LIT_FALSE, fallback);

		first = circuit_and2(enc->c, first, -w[i].m);
		sel[i] = circuit_or2(enc->c, sel[i], circuit_and2(enc->c, none_user, chosen));
	}
	free(dflt);
	return sel;
}

/*
 * kconfig 6.1 members (SEMANTICS 7.2): visible y: y iff C = y and selected; visible m: at
 * most m, free; invisible: its default (members have no rev_dep or implied).
 */
static void encode_choice_old(struct encoder *enc, int choice)
{
	const struct ir_choice *ch = &enc->ir->choices[choice];
	struct levels c = choice_mode(enc, choice), *w = member_visibility(enc, ch, c);
	lit *sel = old_selection(enc, ch, w), *x = xmalloc((ch->nmembers + 1) * sizeof *x);
	struct circuit *k = enc->c;
	size_t nx = 0;
	bool defaults_n = true;

	for (size_t i = 0; i < ch->nmembers; i++) {
		int sym = ch->members[i];
		struct levels me = enc_symbol(enc, sym), d;
		lit picked = circuit_and2(k, c.y, sel[i]);

		if (!counted_member(enc, sym))
			continue;
		d = enc_default_value(enc, &enc->ir->syms[sym].e);
		x[nx++] = enc->var_y[sym];
		defaults_n = defaults_n && d.m == LIT_FALSE;
		circuit_clause3(k, -w[i].y, -me.y, picked);
		circuit_clause3(k, -w[i].y, me.y, -picked);
		circuit_clause3(k, -w[i].y, -me.m, me.y);
		circuit_clause3(k, -w[i].m, w[i].y, -me.y);
		circuit_clause3(k, w[i].m, -me.m, d.m);
		circuit_clause3(k, w[i].m, me.m, -d.m);
		if (!enc->var_m[sym])
			continue;
		circuit_clause4(k, -enc->modules, w[i].m, -me.y, d.y);
		circuit_clause4(k, -enc->modules, w[i].m, me.y, -d.y);
	}
	/* a member y is picked, and the picks exclude each other; a member visible m only is
	 * not y; an invisible one takes its default, so the mark needs every default n */
	if (defaults_n)
		mark_group(enc, x, nx, false);
	free(x);
	free(sel);
	free(w);
}

void choice_encode(struct encoder *enc, int choice)
{
	if (enc->ir->semantics == IR_KCONFIG_6_1)
		encode_choice_old(enc, choice);
	else
		encode_choice_new(enc, &enc->ir->choices[choice]);
}
