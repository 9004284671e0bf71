/* menu: building the menu tree while parsing (entries, blocks, properties, types). */
#include <ctype.h>
#include <string.h>

#include "kparse.h"
#include "util.h"

void menu_init(struct kparse *kp)
{
	memset(&kp->root, 0, sizeof(kp->root));
	kp->root.kind = KM_ROOT;
	kp->current_menu = kp->current_entry = &kp->root;
	kp->last_entry_ptr = &kp->root.list;
}

static struct kloc stmt_loc(struct kparse *kp)
{
	return (struct kloc){ kp->file ? kp->file->name : kp->top, kp->lex.stmt_line, 1 };
}

struct kmenu *menu_add_entry(struct kparse *kp, enum kmenu_kind kind, struct ksym *sym)
{
	struct kmenu *m = xcalloc(1, sizeof(*m));

	m->kind = kind;
	m->sym = sym;
	m->parent = kp->current_menu;
	m->at = stmt_loc(kp);
	*kp->last_entry_ptr = m;
	kp->last_entry_ptr = &m->next;
	kp->current_entry = m;
	if (sym) {
		sym->defs = xrealloc(sym->defs, (sym->ndefs + 1) * sizeof(*sym->defs));
		sym->defs[sym->ndefs++] = m;
	}
	return m;
}

void menu_begin_block(struct kparse *kp)
{
	kp->last_entry_ptr = &kp->current_entry->list;
	kp->current_menu = kp->current_entry;
}

void menu_end_block(struct kparse *kp)
{
	if (kp->current_menu == &kp->root)
		return;
	kp->last_entry_ptr = &kp->current_menu->next;
	kp->current_menu = kp->current_menu->parent;
}

/* SEMANTICS 2: the first type wins, a later different one is ignored with a warning */
void menu_set_type(struct kparse *kp, enum ktype type)
{
	struct ksym *s = kp->current_entry->sym;

	if (!s || s->type == type)
		return;
	if (s->type == KT_UNKNOWN) {
		s->type = type;
		return;
	}
	diag_warn(kp, stmt_loc(kp), "ignoring type redefinition of '%s' from '%s' to '%s'",
		  s->name ? s->name : "<choice>", sym_type_name(s->type), sym_type_name(type));
}

/* SEMANTICS 9.2: "depends on X if C" adds X || (C = n), with the kernel's rewrite of C = n */
void menu_add_dep(struct kparse *kp, struct kexpr *dep, struct kexpr *cond)
{
	if (cond)
		dep = kx_or(dep, kx_trans_compare(cond, KX_EQ, &kp->syms, &kp->syms.no));
	kp->current_entry->dep = kx_and(kp->current_entry->dep, dep);
}

struct kprop *menu_add_prop(struct kparse *kp, enum kprop_kind kind, struct kexpr *value,
			    struct kexpr *cond)
{
	struct kprop *p = xcalloc(1, sizeof(*p));
	struct ksym *s = kp->current_entry->sym;

	p->kind = kind;
	p->value = value;
	p->cond = cond;
	p->menu = kp->current_entry;
	if (s) {
		*s->props_tail = p;
		s->props_tail = &p->next;
	}
	return p;
}

/* a prompt's condition includes the "visible if" of every enclosing menu (menu_add_prompt) */
void menu_add_prompt(struct kparse *kp, char *text, struct kexpr *cond)
{
	struct kprop *p;

	while (isspace((unsigned char)*text))
		text++;
	for (struct kmenu *m = kp->current_entry->parent; m; m = m->parent)
		if (m->visibility)
			cond = kx_and(cond, m->visibility);
	p = menu_add_prop(kp, KP_PROMPT, NULL, cond);
	p->text = text;
	kp->current_entry->prompt = p;
}

/* the end of a config or menuconfig entry: choice membership (Kconfig 6.12+ at parse time) */
void menu_end_config(struct kparse *kp)
{
	struct kmenu *e = kp->current_entry;
	struct ksym *c = kp->current_choice;

	if (e->kind == KM_MENUCONFIG && !e->prompt) {
		if (kp->version >= KV_7_2)
			diag_error(kp, e->at, "menuconfig statement without prompt");
		else
			diag_warn(kp, e->at, "menuconfig statement without prompt");
	}
	if (!c || kp->version == KV_6_1)
		return;
	if (!e->prompt)
		diag_error(kp, e->at, "choice member must have a prompt");
	if (e->sym->type != KT_BOOL)
		diag_error(kp, e->at, "choice member must be bool");
	if (e->sym->choice)
		return;
	e->sym->choice = c;
	c->members = xrealloc(c->members, (c->nmembers + 1) * sizeof(*c->members));
	c->members[c->nmembers++] = e->sym;
}
