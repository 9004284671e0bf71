/*
 * old: the Kconfig of Linux before 5.10 (kparse(1) OLD RELEASES). Up to 4.17 the lexer is
 * zconf.l (a statement's first word is looked up among the commands, later words only among
 * 'if' and 'on'; no macros, "$NAME" in a source path is the value of symbol NAME); from 4.18
 * it has macros, '---help---' until 5.8. Before 5.10 'option env=', 'option modules' are
 * accepted; up to 4.17 MODULES is the modules symbol unless one is named. The grammar of 5.4
 * to 5.9 is 5.10's but for the rules below that name those releases.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "kparse.h"
#include "util.h"
#include "parser.h"

/* the grammar of release major.minor (scripts/kconfig/zconf.l until 4.17, lexer.l from 4.18) */
void old_set_release(struct kparse *kp, int major, int minor)
{
	int r = major * 1000 + minor;

	kp->release_major = major;
	kp->release_minor = minor;
	kp->era = r < 4018 ? KE_ZCONF : r < 5010 ? KE_4_18 : KE_MODERN;
}

/* the release is before major.minor (2.6.sublevel for 2.6) */
static bool before(const struct kparse *kp, int major, int minor, int sublevel)
{
	int r = kp->release_major * 1000 + kp->release_minor, w = major * 1000 + minor;

	return r < w || (r == w && r == 2006 && kp->release_sublevel < sublevel);
}

/* zconf.y and parser.y up to 5.5: a prompt or a source path may be an unquoted word */
bool old_word_prompt(const struct kparse *kp)
{
	return kp->era != KE_MODERN && before(kp, 5, 6, 0);
}

/*
 * zconf.y and parser.y up to 5.7: choice_block holds common_stmt ('source' and 'menuconfig'
 * too) and an 'if' in it any statement; 5.8's stmt_list_in_choice is 5.10's
 */
bool old_choice_block(const struct kparse *kp)
{
	return kp->era != KE_MODERN && before(kp, 5, 8, 0);
}

/*
 * zconf.l up to 4.19 has words ({n}|[/.])+ ('source arch/arm/Kconfig'); 5.4's lexer.l has
 * not (5.0 to 5.3 not read: kept as 4.19)
 */
bool old_path_words(const struct kparse *kp)
{
	return kp->era != KE_MODERN && before(kp, 5, 4, 0);
}

/* zconf.gperf: the words that are commands only as a statement's first word;
 * '---help---' is 'help' up to 5.8 (lexer.l) */
int old_keyword(const struct kparse *kp, const char *word, bool first)
{
	if (!strcmp(word, "---help---") && before(kp, 5, 9, 0))
		return first ? T_HELP : 0;
	/* 'imply' (zconf.gperf from 4.10) and 'visible if' (from 2.6.37) are words before */
	if (!strcmp(word, "imply") && before(kp, 4, 10, 0))
		return 0;
	if (!strcmp(word, "visible") && before(kp, 2, 6, 37))
		return 0;
	if (kp->era != KE_ZCONF)
		return -1;
	if (!strcmp(word, "if"))
		return T_IF;
	if (!strcmp(word, "on"))
		return T_ON;
	if (!first)
		return 0;
	if (!strcmp(word, "boolean"))
		return T_BOOL;
	if (!strcmp(word, "def_boolean"))
		return T_DEF_BOOL;
	if (!strcmp(word, "modules") || !strcmp(word, "transitional"))
		return 0;
	return -1;
}

/* the 'option' names of zconf.gperf (TF_OPTION), no longer warned about before 5.10 */
bool old_option_native(const struct kparse *kp, const char *name)
{
	return kp->era != KE_MODERN &&
	       (!strcmp(name, "env") || !strcmp(name, "modules") ||
		!strcmp(name, "defconfig_list") || !strcmp(name, "allnoconfig_y"));
}

/*
 * expr.c:sym_expand_string_value (2.6.28 to 4.17), as zconf_nextfile applies it to a source
 * path: "$NAME" is the value of symbol NAME; only 'option env' symbols have one while parsing.
 */
char *old_expand_path(struct kparse *kp, const char *text)
{
	size_t cap = strlen(text) + 1, len = 0;
	char *out = xmalloc(cap);

	while (*text) {
		const char *value, *end;
		char *name;

		if (*text != '$') {
			out[len++] = *text++;
			continue;
		}
		for (end = ++text; isalnum((unsigned char)*end) || *end == '_'; end++)
			;
		name = xasprintf("%.*s", (int)(end - text), text);
		value = old_env_symbol(kp, name) ? env_get(&kp->env, name) : NULL;
		value = value ? value : "";
		cap += strlen(value);
		out = xrealloc(out, cap);
		memcpy(out + len, value, strlen(value));
		len += strlen(value);
		free(name);
		text = end;
	}
	out[len] = 0;
	return out;
}

/* symbol.c:sym_init of 2.6.20 to 4.17: string symbols with their default, never in .config */
static void builtin(struct kparse *kp, const char *name, const char *value)
{
	struct ksym *s = sym_lookup(&kp->syms, name);
	struct kmenu *m = menu_add_entry(kp, KM_CONFIG, s);

	m->at = (struct kloc){ "<sym_init>", 0, 0 };
	menu_set_type(kp, KT_STRING);
	if (value)
		menu_add_prop(kp, KP_DEFAULT, kx_sym(sym_const(&kp->syms, value)), NULL);
	menu_end_config(kp);
	kp->current_entry = &kp->root;
	kp->env_syms = xrealloc(kp->env_syms, (kp->nenv_syms + 1) * sizeof(*kp->env_syms));
	kp->env_syms[kp->nenv_syms++] = s;
}

void old_builtin_symbols(struct kparse *kp)
{
	int r = kp->release_major * 1000 + kp->release_minor;

	if (kp->era != KE_ZCONF)
		return;
	if (r < 2006 || (r == 2006 && kp->release_sublevel < 28)) {
		if (!kp->no_sym_init_arch)
			builtin(kp, "ARCH", env_get(&kp->env, "ARCH"));
		builtin(kp, "KERNELVERSION", env_get(&kp->env, "KERNELVERSION"));
	}
	/* uname(2) of the host: an unknown value here */
	builtin(kp, "UNAME_RELEASE", NULL);
}

/* prop_add_env: the symbol's default is the variable's value, none when it is unset */
void old_option_env(struct kparse *kp, const char *var)
{
	struct ksym *s = kp->current_entry->sym;
	const char *v = env_get(&kp->env, var);

	if (v)
		menu_add_prop(kp, KP_DEFAULT, kx_sym(sym_const(&kp->syms, v)), NULL);
	else
		diag_warn(kp, kp->lex.tok, "environment variable %s undefined", var);
	kp->env_syms = xrealloc(kp->env_syms, (kp->nenv_syms + 1) * sizeof(*kp->env_syms));
	kp->env_syms[kp->nenv_syms++] = s;
}

bool old_env_symbol(const struct kparse *kp, const char *name)
{
	for (size_t i = 0; i < kp->nenv_syms; i++)
		if (!strcmp(kp->env_syms[i]->name, name))
			return true;
	return false;
}

/*
 * zconf.l: '<', '<=', '>' and '>=' are in 4.4 (4.0 to 4.3 are read as 4.4: not established);
 * before, '<' and '>' are characters it ignores, so '>=' is '='
 */
bool old_lacks_relations(const struct kparse *kp)
{
	return kp->era == KE_ZCONF && before(kp, 4, 0, 0);
}

/*
 * symbol.c:sym_check_deps and zconf.y:conf_parse, 2.6.22 to 2.6.35: a recursive dependency
 * makes conf_parse fail (2.6.20 and 2.6.21 print a warning; from 2.6.36 sym_check_deps no
 * longer counts an error, until 4.18)
 */
bool old_cycle_refused(const struct kparse *kp)
{
	return kp->era == KE_ZCONF && !before(kp, 2, 6, 22) && before(kp, 2, 6, 36);
}

/* symbol.c:sym_check_choice_deps (2.6.26, 'kconfig: fix choice dependency check'): before, a
 * choice and its members are separate symbols to the check */
bool old_cycle_choice_groups(const struct kparse *kp)
{
	return kp->era != KE_ZCONF || !before(kp, 2, 6, 26);
}

/* symbol.c:sym_check_sym_deps follows dir_dep from 2.6.36; before, the direct dependencies
 * reach the check only through the property conditions menu_finalize made */
bool old_cycle_dir_dep(const struct kparse *kp)
{
	return kp->era != KE_ZCONF || !before(kp, 2, 6, 36);
}

/*
 * zconf.y:conf_parse up to 3.10 (3.19 has not; 3.11 to 3.18 are read as 3.19, not
 * established): with no 'option modules', MODULES is the modules symbol
 */
void old_finish(struct kparse *kp)
{
	if (kp->era == KE_ZCONF && before(kp, 3, 11, 0) && !kp->modules_sym)
		kp->modules_sym = sym_lookup(&kp->syms, "MODULES");
}

/* no top Kconfig before 2.6.37: conf reads arch/$SRCARCH/Kconfig */
void old_top(struct kparse *kp)
{
	char *path;
	FILE *fp;

	if (kp->era != KE_ZCONF || strcmp(kp->top, "Kconfig") || !kp->srcarch)
		return;
	path = xasprintf("%s/Kconfig", kp->srctree);
	fp = fopen(path, "r");
	free(path);
	if (fp) {
		fclose(fp);
		return;
	}
	free(kp->top);
	kp->top = xasprintf("arch/%s/Kconfig", kp->srcarch);
}

/*
 * menu.c:menu_finalize with expr.c:expr_trans_bool (2.6.20 to 5.9, gone in 5.10): in every property
 * condition of a symbol that is not tristate, 'FOO != n' with FOO tristate becomes 'FOO', so
 * a bool selecting or implying under it passes m, not y. The kernel applies it after
 * expr_transform, which pushes each 'not' down to the comparisons ('!(FOO = n)' is then
 * 'FOO != n'); under an odd number of 'not', 'FOO = n' therefore becomes 'not FOO'.
 */
static struct kexpr *trans_bool(struct kparse *kp, struct kexpr *e, bool negated)
{
	bool eq;

	if (!e)
		return NULL;
	switch (e->op) {
	case KX_AND:
	case KX_OR:
		return kx_new(e->op, trans_bool(kp, e->a, negated), trans_bool(kp, e->b, negated));
	case KX_NOT:
		return kx_new(KX_NOT, trans_bool(kp, e->a, !negated), NULL);
	case KX_EQ:
	case KX_NE:
		eq = e->op == KX_EQ;
		if (eq != negated || e->a->op != KX_SYM || e->a->sym->type != KT_TRISTATE ||
		    e->b->op != KX_SYM || e->b->sym != &kp->syms.no)
			return e;
		return eq ? kx_new(KX_NOT, kx_sym(e->a->sym), NULL) : kx_sym(e->a->sym);
	default:
		return e;
	}
}

struct kexpr *old_trans_bool(struct kparse *kp, const struct ksym *s, struct kexpr *cond)
{
	if (kp->era == KE_MODERN || s->type == KT_TRISTATE)
		return cond;
	return trans_bool(kp, cond, false);
}
