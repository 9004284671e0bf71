/* symbols_tsv: kparse --symbols, one line per config symbol (brief interface 2). */
#include <stdlib.h>

#include "kparse.h"
#include "util.h"

/*
 * The choice a symbol belongs to, as the kernel reports it: in 6.1 the one that claimed it
 * in menu_finalize; later, the choice above its first definition with a prompt
 * (symbol.c:sym_get_choice_menu), skipping parents without a symbol (if, menu, comment).
 */
static const struct ksym *choice_of(const struct kparse *kp, const struct ksym *s)
{
	const struct kmenu *m = NULL;

	if (kp->version == KV_6_1)
		return s->choice;
	for (size_t i = 0; i < s->ndefs && !m; i++)
		if (s->defs[i]->prompt)
			m = s->defs[i];
	if (!m)
		return NULL;
	do
		m = m->parent;
	while (m && !m->sym);
	return m && m->sym->kind == KS_CHOICE ? m->sym : NULL;
}

static bool has_prompt(const struct ksym *s)
{
	for (const struct kprop *p = s->props; p; p = p->next)
		if (p->kind == KP_PROMPT)
			return true;
	return false;
}

void symbols_tsv_write(struct kparse *kp, FILE *out)
{
	size_t n;
	struct ksym **syms = sym_sorted(&kp->syms, &n);

	for (size_t i = 0; i < n; i++) {
		const struct ksym *s = syms[i], *c = choice_of(kp, s);

		fprintf(out, "%s\t%s\t%s\t%s\t", s->name, sym_type_name(s->type),
			has_prompt(s) ? "y" : "n", c ? c->name : "-");
		for (size_t k = 0; k < s->ndefs; k++)
			fprintf(out, "%s%s:%d", k ? " " : "", s->defs[k]->at.file, s->defs[k]->at.line);
		putc('\n', out);
	}
	free(syms);
}
