/*
 * cycles: the kernel's recursive dependency check (symbol.c:sym_check_deps, all releases).
 * A symbol depends on the symbols of its direct dependencies, of the conditions of its
 * prompts, defaults and ranges, of its default values (not a choice's), and on those that
 * select or imply it with their conditions, each condition as menu_finalize simplifies it
 * (transform.c: "A = m" on a bool names no symbol); a choice and its members count as one
 * group, where a member depending on its own choice is no cycle but one on a member of it is.
 * Every edge here is one the kernel follows, so a cycle found is one it rejects.
 */
#include <stdlib.h>

#include "kparse.h"
#include "util.h"

struct graph {
	const struct ksym **nodes;	/* symbols by name, then choices in parse order */
	struct numbered { const struct ksym *s; size_t i; } *by_address;	/* to find a node's number */
	size_t n;
	struct edges { size_t *a, n, cap; } *out;	/* by node */
	unsigned char *state;	/* 0 new, 1 on the path, 2 done */
	bool groups;		/* a choice and its members are one node */
};

static int by_address(const void *a, const void *b)
{
	const struct ksym *x = ((const struct numbered *)a)->s, *y = ((const struct numbered *)b)->s;

	return (x > y) - (x < y);
}

/* the node of s: its choice group, or itself; n when s is not a symbol of the model */
static size_t node_of(const struct graph *g, const struct ksym *s)
{
	struct numbered key = { s->choice && g->groups ? s->choice : s, 0 }, *at;

	at = bsearch(&key, g->by_address, g->n, sizeof *g->by_address, by_address);
	return at ? at->i : g->n;
}

static void push(struct edges *v, size_t x)
{
	if (v->n == v->cap) {
		v->cap = v->cap ? 2 * v->cap : 4;
		v->a = xrealloc(v->a, v->cap * sizeof *v->a);
	}
	v->a[v->n++] = x;
}

struct cycle_check {
	struct kparse *kp;
	struct graph g;
	bool found;
};

static const char *name(const struct ksym *s)
{
	return s->name ? s->name : "<choice>";	/* choices are named after the check */
}

/* one cycle is enough to refuse the file: only the first is reported (message is freed) */
static void report(struct cycle_check *c, const struct ksym *from, char *message)
{
	const struct ksym *at = from->ndefs || !from->choice ? from : from->choice;

	/* where the release only warns (kparse(1) OLD RELEASES) */
	if (!c->found && c->kp->era == KE_ZCONF && !old_cycle_refused(c->kp))
		diag_warn(c->kp, at->ndefs ? at->defs[0]->at : (struct kloc){ 0 }, "%s", message);
	else if (!c->found)
		diag_error(c->kp, at->ndefs ? at->defs[0]->at : (struct kloc){ 0 }, "%s", message);
	c->found = true;
	free(message);
}

/* an edge inside one node: a symbol on itself, or between a choice and its members */
static void report_within(struct cycle_check *c, const struct ksym *from, const struct ksym *to)
{
	if (from == to)
		report(c, from, xasprintf("recursive dependency detected: '%s' depends on itself", name(from)));
	else if (from->choice)
		report(c, from, xasprintf("recursive dependency: choice member '%s' depends on '%s' of the same choice",
					  name(from), name(to)));
	else
		report(c, from, xasprintf("recursive dependency detected: '%s' depends on '%s' of the same choice group",
					  name(from), name(to)));
}

/* the edge from -> every symbol of e */
static void add_expr(struct cycle_check *c, const struct ksym *from, const struct kexpr *e)
{
	size_t a, b;

	if (!e)
		return;
	if (e->op != KX_SYM) {
		add_expr(c, from, e->a);
		add_expr(c, from, e->b);
		return;
	}
	if (e->sym->kind != KS_NORMAL && e->sym->kind != KS_CHOICE)
		return;
	a = node_of(&c->g, from);
	b = node_of(&c->g, e->sym);
	if (a == c->g.n || b == c->g.n)
		return;
	if (a != b)
		push(&c->g.out[a], b);
	else if (e->sym != from->choice)	/* within a group: only a member's own choice is fine */
		report_within(c, from, e->sym);
}

/* a condition as the kernel's check sees it: simplified by menu_finalize */
static struct kexpr *simplified(const struct cycle_check *c, struct kexpr *cond)
{
	return kx_simplify(cond, &c->kp->syms, c->kp->version == KV_6_1);
}

static void add_symbol_edges(struct cycle_check *c, const struct ksym *s)
{
	for (size_t i = 0; i < s->ndefs && old_cycle_dir_dep(c->kp); i++)
		add_expr(c, s, simplified(c, s->defs[i]->dep));
	for (const struct kprop *p = s->props; p; p = p->next) {
		if (p->kind == KP_SELECT || p->kind == KP_IMPLY) {	/* the target's rev_dep or implied */
			const struct ksym *target = p->value && p->value->op == KX_SYM ? p->value->sym : NULL;
			struct kexpr self = { .op = KX_SYM, .sym = (struct ksym *)s };

			if (target) {
				add_expr(c, target, &self);
				add_expr(c, target, simplified(c, p->cond));
			}
			continue;
		}
		add_expr(c, s, simplified(c, p->cond));
		if (p->kind == KP_DEFAULT && s->kind != KS_CHOICE)
			add_expr(c, s, p->value);
	}
}

/* depth first from each node, without recursion (a chain can be as long as the model) */
static void find_cycle(struct cycle_check *c)
{
	struct graph *g = &c->g;
	size_t *stack = xmalloc((g->n + 1) * sizeof *stack), *next = xcalloc(g->n + 1, sizeof *next);

	for (size_t root = 0; root < g->n && !c->found; root++) {
		size_t depth = 0;

		if (g->state[root])
			continue;
		stack[depth++] = root;
		g->state[root] = 1;
		while (depth && !c->found) {
			size_t u = stack[depth - 1];

			if (next[u] == g->out[u].n) {
				g->state[u] = 2;
				depth--;
				continue;
			}
			size_t v = g->out[u].a[next[u]++];
			if (g->state[v] == 1)
				report(c, g->nodes[u], xasprintf("recursive dependency detected: '%s' depends on '%s', which depends back on it",
								 name(g->nodes[u]), name(g->nodes[v])));
			else if (!g->state[v]) {
				g->state[v] = 1;
				stack[depth++] = v;
			}
		}
	}
	free(stack);
	free(next);
}

void check_cycles(struct kparse *kp)
{
	struct cycle_check c = { .kp = kp };
	size_t nsyms;
	struct ksym **syms = sym_sorted(&kp->syms, &nsyms);

	c.g.groups = old_cycle_choice_groups(kp);
	c.g.nodes = xmalloc((nsyms + kp->syms.nchoices + 1) * sizeof *c.g.nodes);
	for (size_t i = 0; i < nsyms; i++)
		c.g.nodes[c.g.n++] = syms[i];
	for (size_t i = 0; i < kp->syms.nchoices; i++)
		c.g.nodes[c.g.n++] = kp->syms.choices[i];
	c.g.by_address = xmalloc((c.g.n + 1) * sizeof *c.g.by_address);
	for (size_t i = 0; i < c.g.n; i++)
		c.g.by_address[i] = (struct numbered){ c.g.nodes[i], i };
	qsort(c.g.by_address, c.g.n, sizeof *c.g.by_address, by_address);
	c.g.out = xcalloc(c.g.n + 1, sizeof *c.g.out);
	c.g.state = xcalloc(c.g.n + 1, 1);
	for (size_t i = 0; i < c.g.n; i++)
		add_symbol_edges(&c, c.g.nodes[i]);
	find_cycle(&c);
	for (size_t i = 0; i < c.g.n; i++)
		free(c.g.out[i].a);
	free(c.g.out);
	free(c.g.state);
	free(c.g.nodes);
	free(c.g.by_address);
	free(syms);
}
