/* ir_write: the model as kir(5) records: header, symbols by name, choices, atoms, end. */
#include <stdlib.h>
#include <string.h>

#include "kparse.h"
#include "util.h"

static const char *const version_names[] = { "6.1", "6.12", "7.2" };

static int by_env_name(const void *a, const void *b)
{
	return strcmp(((const struct env_var *)a)->name, ((const struct env_var *)b)->name);
}

static void write_header(struct kparse *kp, FILE *out)
{
	struct env_var *vars = xcalloc(kp->env.nvars + 1, sizeof(*vars));
	size_t n = 0;

	fputs("kir 1\ninput ", out);
	kx_print_string(out, kp->top);
	fputs("\nkconfig ", out);
	/* before 5.10 the release itself: X.Y, or 2.6.Z (kir(5) kconfig) */
	if (kp->era == KE_MODERN)
		fputs(version_names[kp->version], out);
	else if (kp->release_major == 2)
		fprintf(out, "2.%d.%d", kp->release_minor, kp->release_sublevel);
	else
		fprintf(out, "%d.%d", kp->release_major, kp->release_minor);
	fprintf(out, "\narch %s\nsrcarch %s\nkernelversion %s\nmacros %s\n",
		kp->arch ? kp->arch : "-",
		kp->srcarch ? kp->srcarch : "-", kp->kernelversion ? kp->kernelversion : "-",
		kp->answers ? "recorded" : kp->shell ? "shell" : "abstract");
	for (size_t i = 0; i < kp->env.nvars; i++)
		if (kp->env.vars[i].read)
			vars[n++] = kp->env.vars[i];
	qsort(vars, n, sizeof(*vars), by_env_name);
	for (size_t i = 0; i < n; i++) {
		fprintf(out, "env %s ", vars[i].name);
		kx_print_string(out, vars[i].value);
		putc('\n', out);
	}
	free(vars);
	if (kp->mainmenu) {
		fputs("mainmenu ", out);
		kx_print_string(out, kp->mainmenu);
		putc('\n', out);
	}
	if (kp->modules_sym && kp->modules_sym->kind == KS_NORMAL)
		fprintf(out, "modules %s\n", kp->modules_sym->name);
}

static void write_props(const struct ksym *s, enum kprop_kind kind, FILE *out)
{
	static const char *const names[] = { "prompt", "default", "select", "imply", "range" };

	for (const struct kprop *p = s->props; p; p = p->next) {
		if (p->kind != kind)
			continue;
		fprintf(out, "%s %s ", names[kind], s->name);
		if (kind == KP_PROMPT) {
			kx_print(out, p->cond);
			putc(' ', out);
			kx_print_string(out, p->text);
		} else {
			kx_print(out, p->value);
			putc(' ', out);
			if (p->value2) {
				kx_print(out, p->value2);
				putc(' ', out);
			}
			kx_print(out, p->cond);
		}
		putc('\n', out);
	}
}

/* loc and dep records, one per definition, then the properties kind by kind */
static void write_entry(const struct ksym *s, const char *record, FILE *out)
{
	fprintf(out, "%s %s %s\n", record, s->name, sym_type_name(s->type));
	for (size_t i = 0; i < s->ndefs; i++) {
		fprintf(out, "loc %s ", s->name);
		kx_print_string(out, s->defs[i]->at.file);
		fprintf(out, " %d\n", s->defs[i]->at.line);
	}
	for (size_t i = 0; i < s->ndefs; i++) {
		fprintf(out, "dep %s ", s->name);
		kx_print(out, s->defs[i]->dep);
		putc('\n', out);
	}
	for (enum kprop_kind k = KP_PROMPT; k <= KP_RANGE; k++)
		write_props(s, k, out);
	if (s->transitional)
		fprintf(out, "flag %s transitional\n", s->name);
	if (s->optional)
		fprintf(out, "flag %s optional\n", s->name);
	for (size_t i = 0; i < s->nmembers; i++)
		fprintf(out, "member %s %s\n", s->name, s->members[i]->name);
}

static void write_atoms(const struct symtab *t, FILE *out)
{
	for (size_t i = 0; i < t->natoms; i++) {
		const struct ksym *a = t->atoms[i];

		fprintf(out, "abstract %s ", a->name);
		kx_print_string(out, a->text);
		putc(' ', out);
		kx_print_string(out, a->at.file);
		fprintf(out, " %d\n", a->at.line);
	}
}

void ir_write(struct kparse *kp, FILE *out)
{
	size_t n;
	struct ksym **syms = sym_sorted(&kp->syms, &n);

	write_header(kp, out);
	for (size_t i = 0; i < n; i++)
		write_entry(syms[i], "config", out);
	for (size_t i = 0; i < kp->syms.nchoices; i++)
		write_entry(kp->syms.choices[i], "choice", out);
	write_atoms(&kp->syms, out);
	fputs("end\n", out);
	free(syms);
}
