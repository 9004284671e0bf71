/* ir-brute: test oracle that counts the valid configurations of a small kir(5) model by enumerating
 * every assignment and recomputing each symbol the way symbol.c:sym_calc_value does (no CNF), and a
 * generator of random small models. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "util.h"

enum { MAX_UNKNOWNS = 40 };

/* One assignment: a value per symbol, a value per abstract atom (n or y). */
struct world {
	const struct ir *ir;
	bool report;		/* --check: print every symbol whose value does not hold */
	enum tri *val;
	enum tri *atom;
	enum tri *mode;		/* 6.1: per choice, its computed mode */
	int depth;		/* guards string-value recursion */
};

static bool counted(const struct ir_symbol *s)
{
	return s->e.type == IR_BOOL || s->e.type == IR_TRISTATE;
}

static enum tri tmin(enum tri a, enum tri b) { return a < b ? a : b; }
static enum tri tmax(enum tri a, enum tri b) { return a > b ? a : b; }

static enum tri eval(struct world *w, const struct expr *e);

static const char *tri_text(enum tri t)
{
	return (const char *[]){ "n", "m", "y" }[t];
}

/* curr.val of a symbol a default or range bound names. */
static const char *curr_val(struct world *w, const struct expr *e);

static const char *initial(const struct world *w, enum ir_type t)
{
	if (w->ir->semantics == IR_KCONFIG_6_1)
		return "";
	return t == IR_INT ? "0" : t == IR_HEX ? "0x0" : "";
}

static int base_of(enum ir_type t, int otherwise)
{
	return t == IR_INT ? 10 : t == IR_HEX ? 16 : otherwise;
}

static const char *string_symbol_value(struct world *w, int sym)
{
	const struct ir_symbol *s = &w->ir->syms[sym];
	const char *v = initial(w, s->e.type);
	int base = base_of(s->e.type, 0);

	if (++w->depth > 50)
		util_die(EXIT_TROUBLE, "string value cycle at '%s'", s->e.name);
	for (size_t i = 0; i < s->e.ndefaults; i++)
		if (eval(w, s->e.defaults[i].cond) != TRI_N) {
			if (!s->e.defaults[i].value->nargs)
				v = curr_val(w, s->e.defaults[i].value);
			break;
		}
	for (size_t i = 0; base && i < s->nranges; i++) {
		const struct ir_range *r = &s->ranges[i];
		long long x, lo, hi;
		const char *ls, *hs;

		if (eval(w, r->cond) == TRI_N)
			continue;
		ls = curr_val(w, r->low);
		hs = curr_val(w, r->high);
		x = strtoll(v, NULL, base);
		lo = strtoll(ls, NULL, r->low->ref == EXPR_REF_SYMBOL ?
			     base_of(w->ir->syms[r->low->index].e.type, base) : base);
		hi = strtoll(hs, NULL, r->high->ref == EXPR_REF_SYMBOL ?
			     base_of(w->ir->syms[r->high->index].e.type, base) : base);
		v = x < lo ? ls : x > hi ? hs : v;
		break;
	}
	w->depth--;
	return v;
}

static const char *curr_val(struct world *w, const struct expr *e)
{
	const struct ir_symbol *s;

	if (e->kind == EXPR_CONST)
		return tri_text(e->tri);
	if (e->kind == EXPR_STRING)
		return e->name;
	if (e->ref != EXPR_REF_SYMBOL)
		return e->name;
	s = &w->ir->syms[e->index];
	if (counted(s))
		return "n";
	if (s->e.type == IR_UNKNOWN)
		return s->e.name;
	return string_symbol_value(w, e->index);
}

/* The operand of a comparison: its string and the type the kernel parses it with. */
static const char *operand(struct world *w, const struct expr *e, int *type)
{
	*type = -1;
	if (e->kind == EXPR_CONST || e->ref == EXPR_REF_CHOICE) {
		*type = IR_TRISTATE;
		return tri_text(eval(w, e));
	}
	if (e->kind == EXPR_SYMBOL && e->ref == EXPR_REF_SYMBOL) {
		const struct ir_symbol *s = &w->ir->syms[e->index];

		*type = s->e.type == IR_UNKNOWN ? -1 : (int)s->e.type;
		if (counted(s))
			return tri_text(eval(w, e));
	}
	return curr_val(w, e);
}

static int parse(const char *str, int type, long long *s, unsigned long long *u)
{
	char *tail;
	int kind = 1;

	if (type == IR_BOOL || type == IR_TRISTATE) {
		*s = !strcmp(str, "n") ? 0 : !strcmp(str, "m") ? 1 : !strcmp(str, "y") ? 2 : -1;
		*u = (unsigned long long)*s;
		return 1;
	}
	errno = 0;
	if (type == IR_HEX) {
		*u = strtoull(str, &tail, 16);
		*s = (long long)*u;
		kind = 2;
	} else {
		*s = strtoll(str, &tail, type == IR_INT ? 10 : 0);
		*u = (unsigned long long)*s;
	}
	return !errno && !*tail && tail > str && strchr("0123456789abcdefABCDEF", tail[-1]) ? kind : 0;
}

static enum tri compare(struct world *w, const struct expr *e)
{
	int t1, t2, k1 = 0, k2 = 0, res;
	const char *a = operand(w, e->args[0], &t1), *b = operand(w, e->args[1], &t2);
	long long s1 = 0, s2 = 0;
	unsigned long long u1 = 0, u2 = 0;

	if (t1 != IR_STRING || t2 != IR_STRING) {
		k1 = parse(a, t1, &s1, &u1);
		k2 = parse(b, t2, &s2, &u2);
	}
	if (!k1 || !k2)
		res = strcmp(a, b);
	else if (k1 == 2 || k2 == 2)
		res = (u1 > u2) - (u1 < u2);
	else
		res = (s1 > s2) - (s1 < s2);
	switch (e->kind) {
	case EXPR_EQ: res = res == 0; break;
	case EXPR_NE: res = res != 0; break;
	case EXPR_LT: res = res < 0; break;
	case EXPR_LE: res = res <= 0; break;
	case EXPR_GT: res = res > 0; break;
	default: res = res >= 0; break;
	}
	return res ? TRI_Y : TRI_N;
}

static enum tri eval(struct world *w, const struct expr *e)
{
	enum tri r;

	switch (e->kind) {
	case EXPR_CONST:
		return e->tri;
	case EXPR_STRING:
		return TRI_N;
	case EXPR_SYMBOL:
		if (e->ref == EXPR_REF_ABSTRACT)
			return w->atom[e->index];
		if (e->ref == EXPR_REF_CHOICE)
			return w->mode[e->index];
		if (e->ref != EXPR_REF_SYMBOL || !counted(&w->ir->syms[e->index]) ||
		    (w->ir->syms[e->index].e.flags & IR_FLAG_TRANSITIONAL))
			return TRI_N;
		return w->val[e->index];
	case EXPR_AND:
	case EXPR_OR:
		r = eval(w, e->args[0]);
		for (size_t i = 1; i < e->nargs; i++)
			r = e->kind == EXPR_AND ? tmin(r, eval(w, e->args[i])) : tmax(r, eval(w, e->args[i]));
		return r;
	case EXPR_NOT:
		return TRI_Y - eval(w, e->args[0]);
	default:
		return compare(w, e);
	}
}

/* sym_calc_value for one symbol, with every other value taken from the assignment. */

static bool modules_on(struct world *w)
{
	int m = w->ir->modules_index;

	return m >= 0 && counted(&w->ir->syms[m]) && w->val[m] != TRI_N;
}

static bool bool_effective(struct world *w, enum ir_type type)
{
	return type != IR_TRISTATE || !modules_on(w);
}

static enum tri prom(struct world *w, enum ir_type type, enum tri t)
{
	return t == TRI_M && bool_effective(w, type) ? TRI_Y : t;
}

/* The OR of e's prompts' visibilities, promoted. hide_m: a prompt visible m counts as
 * invisible (symbol.c:sym_calc_visibility, 6.1: a tristate member while its choice is y). */
static enum tri visibility_hiding(struct world *w, const struct ir_entry *e, bool hide_m)
{
	enum tri v = TRI_N;

	for (size_t i = 0; i < e->nprompts; i++) {
		enum tri p = eval(w, e->prompts[i].cond);

		v = tmax(v, hide_m && p == TRI_M ? TRI_N : p);
	}
	return prom(w, e->type, v);
}

static enum tri visibility(struct world *w, const struct ir_entry *e)
{
	return visibility_hiding(w, e, false);
}

static enum tri reverse(struct world *w, const struct ir_reverse *r, size_t n)
{
	enum tri v = TRI_N;

	for (size_t i = 0; i < n; i++)
		v = tmax(v, tmin(eval(w, &(struct expr){ .kind = EXPR_SYMBOL, .ref = EXPR_REF_SYMBOL,
							   .index = r[i].from }), eval(w, r[i].cond)));
	return v;
}

static enum tri first_default(struct world *w, const struct ir_entry *e)
{
	for (size_t i = 0; i < e->ndefaults; i++) {
		enum tri c = eval(w, e->defaults[i].cond);

		if (c != TRI_N)
			return tmin(eval(w, e->defaults[i].value), c);
	}
	return TRI_N;
}

static enum tri calc_symbol(struct world *w, int sym)
{
	const struct ir_symbol *s = &w->ir->syms[sym];
	enum ir_type t = s->e.type;
	enum tri v = visibility(w, &s->e), r = prom(w, t, reverse(w, s->selected_by, s->nselected_by));
	enum tri imp = prom(w, t, reverse(w, s->implied_by, s->nimplied_by)), dd = TRI_N, out;

	bool any = false;

	for (size_t i = 0; i < s->e.ndeps; i++) {	/* a dependency-less definition adds nothing */
		const struct expr *d = s->e.deps[i];

		if (d->kind != EXPR_CONST || d->tri != TRI_Y) {
			dd = tmax(dd, eval(w, d));
			any = true;
		}
	}
	dd = prom(w, t, any ? dd : TRI_Y);
	if (v != TRI_N) {
		out = tmin(w->val[sym], v);
	} else {
		out = first_default(w, &s->e);
		if (imp != TRI_N)
			out = tmin(tmax(out, imp), dd);
	}
	return prom(w, t, tmax(out, r));
}

/* Choices, kconfig 6.12+: one visible member is y, the rest n. */
static bool check_choice_new(struct world *w, const struct ir_choice *ch)
{
	int visible = 0, ys = 0;

	for (size_t i = 0; i < ch->nmembers; i++) {
		int m = ch->members[i];

		if (!counted(&w->ir->syms[m]))
			continue;
		if (w->val[m] == TRI_M)
			return false;
		if (visibility(w, &w->ir->syms[m].e) != TRI_N)
			visible++;
		else if (w->val[m] != TRI_N)
			return false;
		ys += w->val[m] == TRI_Y;
	}
	return ys == (visible > 0);
}

/* kconfig 6.1: the choice's mode from its members' values (sym_calc_value on the choice). */
static enum tri old_mode(struct world *w, const struct ir_choice *ch)
{
	enum tri u = TRI_N, vc = visibility(w, &ch->e), rev = TRI_N, raw = TRI_N;

	bool dropped = false;

	for (size_t i = 0; i < ch->nmembers; i++)	/* conf_read_simple, in member order */
		if (counted(&w->ir->syms[ch->members[i]])) {
			dropped |= u == TRI_Y && w->val[ch->members[i]] == TRI_M;
			u = tmax(u, w->val[ch->members[i]]);
		}
	if (dropped)	/* "inconsistent choice state": no user value */
		u = TRI_N;
	for (size_t i = 0; i < ch->e.nprompts; i++)
		raw = tmax(raw, eval(w, ch->e.prompts[i].cond));
	if (!(ch->e.flags & IR_FLAG_OPTIONAL) && ch->e.nprompts)
		rev = prom(w, ch->e.type, tmin(raw, TRI_M));
	return prom(w, ch->e.type, tmax(vc != TRI_N ? tmin(u, vc) : TRI_N, rev));
}

/* sym_calc_choice: the member the choice picks when its mode is y, or -1. */
static int old_pick(struct world *w, const struct ir_choice *ch, const enum tri *vis)
{
	int last_y = -1;

	for (size_t i = 0; i < ch->nmembers; i++)
		if (w->val[ch->members[i]] == TRI_Y)
			last_y = i;
	if (last_y >= 0 && vis[last_y] != TRI_N)
		return last_y;
	for (size_t d = 0; d < ch->e.ndefaults; d++) {
		const struct expr *v = ch->e.defaults[d].value;

		if (eval(w, ch->e.defaults[d].cond) == TRI_N)
			continue;
		for (size_t i = 0; i < ch->nmembers; i++)
			if (v->ref == EXPR_REF_SYMBOL && v->index == ch->members[i] && vis[i] != TRI_N)
				return i;
	}
	for (size_t i = 0; i < ch->nmembers; i++)
		if (vis[i] != TRI_N)
			return i;
	return -1;
}

static bool check_choice_old(struct world *w, int c)
{
	const struct ir_choice *ch = &w->ir->choices[c];
	enum tri *vis = xcalloc(ch->nmembers + 1, sizeof *vis);
	bool ok = true;
	int pick;

	w->mode[c] = old_mode(w, ch);
	for (size_t i = 0; i < ch->nmembers; i++) {
		const struct ir_entry *e = &w->ir->syms[ch->members[i]].e;

		vis[i] = visibility_hiding(w, e, e->type == IR_TRISTATE && w->mode[c] == TRI_Y);
	}
	pick = w->mode[c] == TRI_Y ? old_pick(w, ch, vis) : -1;
	for (size_t i = 0; i < ch->nmembers && ok; i++) {
		int m = ch->members[i];
		enum ir_type t = w->ir->syms[m].e.type;
		enum tri out;

		if (!counted(&w->ir->syms[m]))
			continue;
		if (vis[i] == TRI_Y)
			out = (int)i == pick ? TRI_Y : TRI_N;
		else if (vis[i] != TRI_N)
			out = prom(w, t, tmin(w->val[m], vis[i]));
		else
			out = prom(w, t, first_default(w, &w->ir->syms[m].e));
		ok = out == w->val[m];
	}
	free(vis);
	return ok;
}

static bool valid(struct world *w)
{
	const struct ir *ir = w->ir;
	bool ok = true;

	if (ir->semantics == IR_KCONFIG_6_1)	/* modes first: members' prompts use them */
		for (size_t c = 0; c < ir->nchoices; c++)
			w->mode[c] = old_mode(w, &ir->choices[c]);
	for (size_t i = 0; i < ir->nsyms; i++) {
		const struct ir_symbol *s = &ir->syms[i];

		if (!counted(s) || s->choice >= 0)
			continue;
		if (s->e.flags & IR_FLAG_TRANSITIONAL ? w->val[i] != TRI_N : calc_symbol(w, i) != w->val[i]) {
			if (!w->report)
				return false;
			ok = false;
			printf("%s: %s, computed %s\n", s->e.name, tri_text(w->val[i]),
			       tri_text(s->e.flags & IR_FLAG_TRANSITIONAL ? TRI_N : calc_symbol(w, i)));
		}
	}
	for (size_t c = 0; c < ir->nchoices; c++)
		if (ir->semantics == IR_KCONFIG_6_1 ? !check_choice_old(w, c) :
		    !check_choice_new(w, &ir->choices[c])) {
			if (!w->report)
				return false;
			ok = false;
			printf("choice %s does not hold\n", ir->choices[c].e.name);
		}
	return ok;
}

/* Enumeration: symbols as digits (bool base 2, tristate base 3), atoms existentially. */

static bool next_value(const struct ir *ir, enum tri *val, size_t i)
{
	enum tri top = ir->syms[i].e.type == IR_TRISTATE ? TRI_Y : TRI_M;

	if (!counted(&ir->syms[i]))
		return false;
	if (val[i] == TRI_N) {
		val[i] = top == TRI_M ? TRI_Y : TRI_M;
		return true;
	}
	if (val[i] == TRI_M) {
		val[i] = TRI_Y;
		return true;
	}
	val[i] = TRI_N;
	return false;
}

static bool some_atoms_valid(struct world *w)
{
	size_t n = w->ir->nabstracts;

	for (uint64_t bits = 0; bits < (UINT64_C(1) << n); bits++) {
		for (size_t a = 0; a < n; a++)
			w->atom[a] = bits >> a & 1 ? TRI_Y : TRI_N;
		if (valid(w))
			return true;
	}
	return false;
}

static unsigned long long count(const struct ir *ir)
{
	struct world w = { ir, false, xcalloc(ir->nsyms + 1, sizeof *w.val),
			   xcalloc(ir->nabstracts + 1, sizeof *w.atom),
			   xcalloc(ir->nchoices + 1, sizeof *w.mode), 0 };
	unsigned long long n = 0;
	size_t i;

	do {
		n += some_atoms_valid(&w);
		for (i = 0; i < ir->nsyms && !next_value(ir, w.val, i); i++)
			;
	} while (i < ir->nsyms);
	free(w.val);
	free(w.atom);
	free(w.mode);
	return n;
}

/* The random model generator (--gen). */

struct rng {
	uint64_t s;
};

static unsigned pick(struct rng *r, unsigned n)
{
	r->s ^= r->s << 13;
	r->s ^= r->s >> 7;
	r->s ^= r->s << 17;
	return (unsigned)(r->s % n);
}

struct gen {
	struct rng r;
	int nsyms;
	char types[32];		/* 'b' bool, 't' tristate, 's' string, 'i' int, 'h' hex */
	bool modules;
	bool old;		/* kconfig 6.1 */
};

static void gen_leaf(struct gen *g, FILE *out, bool counted_only)
{
	int s = pick(&g->r, g->nsyms);

	switch (pick(&g->r, 8)) {
	case 0: fputs((const char *[]){ "n", "m", "y" }[pick(&g->r, 3)], out); return;
	case 1: fputs(counted_only ? "$1" : "UNDEF", out); return;
	default: break;
	}
	fprintf(out, "S%d", s);
}

static void gen_compare(struct gen *g, FILE *out)
{
	static const char *const ops[] = { "=", "!=", "<", "<=", ">", ">=" };
	static const char *const consts[] = { "\"3\"", "\"0x10\"", "\"\"", "\"abc\"", "y", "m", "n", "\"5\"" };

	fprintf(out, "(%s ", ops[pick(&g->r, 6)]);
	gen_leaf(g, out, false);
	putc(' ', out);
	if (pick(&g->r, 2))
		fputs(consts[pick(&g->r, 8)], out);
	else
		gen_leaf(g, out, false);
	putc(')', out);
}

static void gen_expr(struct gen *g, FILE *out, int depth)
{
	unsigned k = depth ? pick(&g->r, 10) : 0;

	if (k < 4)
		gen_leaf(g, out, true);
	else if (k < 5)
		gen_compare(g, out);
	else if (k < 6) {
		fputs("(not ", out);
		gen_expr(g, out, depth - 1);
		putc(')', out);
	} else {
		fputs(k < 8 ? "(and " : "(or ", out);
		gen_expr(g, out, depth - 1);
		putc(' ', out);
		gen_expr(g, out, depth - 1);
		putc(')', out);
	}
}

/* Conditions mention MODULES the way rewrite_m does for a literal m: (and m MODULES). */
static void gen_cond(struct gen *g, FILE *out)
{
	if (pick(&g->r, 3) == 0)
		fputs("y", out);
	else
		gen_expr(g, out, 2);
}

static void gen_string_default(struct gen *g, FILE *out, int s)
{
	static const char *const values[] = { "\"1\"", "\"7\"", "\"0x20\"", "\"abc\"", "\"\"", "y" };

	fprintf(out, "default S%d ", s);
	if (s > 0 && pick(&g->r, 3) == 0 && strchr("sih", g->types[s - 1]))
		fprintf(out, "S%d", s - 1);	/* an earlier string symbol: no cycles */
	else
		fputs(values[pick(&g->r, 6)], out);
	putc(' ', out);
	gen_cond(g, out);
	putc('\n', out);
}

static void gen_symbol(struct gen *g, FILE *out, int s, bool member)
{
	static const char *const names[] = { ['b'] = "bool", ['t'] = "tristate", ['s'] = "string",
					     ['i'] = "int", ['h'] = "hex" };
	char t = g->types[s];

	fprintf(out, "config S%d %s\nloc S%d \"Kconfig\" %d\ndep S%d ", s, names[(int)t], s, s + 1, s);
	gen_cond(g, out);
	putc('\n', out);
	if (!member && pick(&g->r, 5) == 0) {	/* a second definition */
		fprintf(out, "loc S%d \"Kconfig\" %d\ndep S%d ", s, 100 + s, s);
		gen_cond(g, out);
		fprintf(out, "\nprompt S%d ", s);
		gen_cond(g, out);
		fprintf(out, " \"S%d again\"\n", s);
	}
	if (member || pick(&g->r, 4)) {
		fprintf(out, "prompt S%d ", s);
		gen_cond(g, out);
		fprintf(out, " \"S%d\"\n", s);
	}
	if (member)
		return;
	for (unsigned d = pick(&g->r, 3); d-- > 0;) {
		if (strchr("sih", t)) {
			gen_string_default(g, out, s);
			continue;
		}
		fprintf(out, "default S%d ", s);
		gen_expr(g, out, 1);
		putc(' ', out);
		gen_cond(g, out);
		putc('\n', out);
	}
	if ((t == 'i' || t == 'h') && pick(&g->r, 2))
		fprintf(out, "range S%d \"2\" \"%s\" y\n", s, t == 'i' ? "6" : "0x18");
	for (unsigned k = pick(&g->r, 3); k-- > 0;) {
		fprintf(out, "%s S%d S%d ", pick(&g->r, 3) ? "select" : "imply", s, pick(&g->r, g->nsyms));
		gen_cond(g, out);
		putc('\n', out);
	}
}

static void generate(unsigned long seed, int nsyms, bool old, FILE *out)
{
	struct gen g = { { seed * 2654435761u + 88172645463325252u }, nsyms, { 0 }, false, old };
	int members = 0, first_member;

	for (int i = 0; i < 10; i++)
		pick(&g.r, 2);
	for (int i = 0; i < nsyms; i++)
		g.types[i] = "bbttbttsih"[pick(&g.r, 10)];
	g.types[0] = 'b';	/* S0 is MODULES when the model has one */
	g.modules = pick(&g.r, 4) != 0;
	if (nsyms >= 4 && pick(&g.r, 2))
		members = 2 + pick(&g.r, 2);
	first_member = nsyms - members;
	for (int i = first_member; i < nsyms; i++)
		g.types[i] = old && pick(&g.r, 2) ? 't' : 'b';
	fprintf(out, "kir 1\ninput \"Kconfig\"\nkconfig %s\n", old ? "6.1" : "6.12");
	if (g.modules)
		fputs("modules S0\n", out);
	for (int i = 0; i < nsyms; i++)
		gen_symbol(&g, out, i, i >= first_member);
	fputs("abstract $1 \"$(shell,true)\" \"Kconfig\" 1\n", out);
	if (members) {
		bool tristate = old && pick(&g.r, 2);

		fprintf(out, "choice choice.1 %s\nloc choice.1 \"Kconfig\" 99\ndep choice.1 y\n",
			tristate ? "tristate" : "bool");
		fprintf(out, "prompt choice.1 ");
		gen_cond(&g, out);
		fputs(" \"C\"\n", out);
		if (old && !tristate && pick(&g.r, 3) == 0)
			fputs("flag choice.1 optional\n", out);
		if (pick(&g.r, 2))
			fprintf(out, "default choice.1 S%d y\n", first_member + 1);
		for (int i = first_member; i < nsyms; i++)
			fprintf(out, "member choice.1 S%d\n", i);
	}
	fputs("end\n", out);
}

/* --check: the values of a .config (absent symbols n), and the symbols that do not hold. */
static int check_config(const struct ir *ir, const char *path)
{
	struct world w = { ir, true, xcalloc(ir->nsyms + 1, sizeof *w.val),
			   xcalloc(ir->nabstracts + 1, sizeof *w.atom),
			   xcalloc(ir->nchoices + 1, sizeof *w.mode), 0 };
	FILE *in = fopen(path, "r");
	char line[4096], name[4000], v;
	bool ok;

	if (!in)
		util_die(EXIT_TROUBLE, "cannot open '%s'", path);
	while (fgets(line, sizeof line, in))
		if (sscanf(line, "CONFIG_%3999[A-Za-z0-9_]=%c", name, &v) == 2 && strchr("ymn", v)) {
			int i = ir_find_symbol(ir, name);

			if (i >= 0)
				w.val[i] = v == 'y' ? TRI_Y : v == 'm' ? TRI_M : TRI_N;
		}
	fclose(in);
	ok = valid(&w);
	puts(ok ? "VALID" : "INVALID");
	free(w.val);
	free(w.atom);
	free(w.mode);
	return ok ? EXIT_OK : EXIT_REJECTED;
}

static void usage(int status)
{
	fputs("usage: ir-brute FILE                 print the number of valid configurations\n"
	      "       ir-brute --gen SEED NSYMS [6.1]  print a random small kir(5) model\n"
	      "       ir-brute --check FILE CONFIG  whether a .config is valid (abstract atoms n)\n",
	      status ? stderr : stdout);
	exit(status);
}

int main(int argc, char **argv)
{
	struct ir *ir;

	util_progname = "ir-brute";
	if (argc >= 4 && !strcmp(argv[1], "--gen")) {
		int n = atoi(argv[3]);

		if (n < 1 || n > 30)
			usage(EXIT_TROUBLE);
		generate(strtoul(argv[2], NULL, 10), n, argc > 4 && !strcmp(argv[4], "6.1"), stdout);
		util_finish_stdout();
		return EXIT_OK;
	}
	if (argc == 4 && !strcmp(argv[1], "--check")) {
		int status;

		if (!(ir = ir_read_file(argv[2])))
			return EXIT_REJECTED;
		status = check_config(ir, argv[3]);
		ir_free(ir);
		util_finish_stdout();
		return status;
	}
	if (argc != 2 || argv[1][0] == '-')
		usage(argc == 2 && !strcmp(argv[1], "--help") ? EXIT_OK : EXIT_TROUBLE);
	if (!(ir = ir_read_file(argv[1])))
		return EXIT_REJECTED;
	if (ir->nabstracts > 16)
		util_die(EXIT_TROUBLE, "too many abstract atoms");
	printf("%llu\n", count(ir));
	ir_free(ir);
	util_finish_stdout();
	return EXIT_OK;
}
