/* report_text: the diff for people: sizes, counts, how constrained, then the options. */
#include "kdiff.h"

#include <math.h>
#include <stdlib.h>

static void option_line(FILE *f, const char *what, long a, long b)
{
	fprintf(f, "  %-28s %10ld %10ld %+10ld\n", what, a, b, b - a);
}

static void options_table(FILE *f, const struct kd_version *old, const struct kd_version *new_)
{
	const struct kd_types *a = &old->model.types, *b = &new_->model.types;

	fprintf(f, "%-30s %10s %10s %10s\n", "options", "old", "new", "change");
	option_line(f, "total", old->model.nsym, new_->model.nsym);
	option_line(f, "bool", a->bool_, b->bool_);
	option_line(f, "tristate", a->tristate, b->tristate);
	option_line(f, "string", a->string, b->string);
	option_line(f, "int", a->int_, b->int_);
	option_line(f, "hex", a->hex, b->hex);
	option_line(f, "unknown", a->unknown, b->unknown);
	option_line(f, "visible (with a prompt)", a->visible, b->visible);
	option_line(f, "invisible (no prompt)", a->invisible, b->invisible);
}

/* "= SPACE - LOG10", or without a count "<= SPACE - LOWER" rounded up, or "= -". */
static void constrained(FILE *f, double space, double log10, double lower)
{
	if (isfinite(lower)) {
		fputs("<= ", f);
		kd_print_real(f, ceil((space - lower) * 1e4) / 1e4, "-");
		fputs(" (from the lower bound)", f);
		return;
	}
	fputs("= ", f);
	kd_print_real(f, space - log10, "-");
}

static void count_lines(FILE *f, const struct kd_version *v)
{
	struct kd_figures x;

	kd_figures(v, &x);
	fprintf(f, "%s %s (%s):\n", v->role, v->label, v->path);
	if (x.counted) {
		fprintf(f, "  count      %s\n  digits     %zu\n  log10      ", v->count.value, x.digits);
		kd_print_real(f, x.log10, "-");
		fputc('\n', f);
	} else {
		fprintf(f, "  count      none: %s\n", v->count.note);
	}
	fprintf(f, "  constrained, two values per option: log10(2^%ld) - log10(count) = ", x.n);
	kd_print_real(f, x.log10_2n, "-");
	fputs(" - log10(count) ", f);
	constrained(f, x.log10_2n, x.log10, x.log10_lower);
	fprintf(f, "\n  constrained, tristates as three values: log10(2^%ld * 3^%ld) - log10(count) = ",
		v->model.types.bool_, v->model.types.tristate);
	kd_print_real(f, x.log10_23, "-");
	fputs(" - log10(count) ", f);
	constrained(f, x.log10_23, x.log10, x.log10_lower);
	fputc('\n', f);
}

static void ratio_line(FILE *f, const struct kd_version *old, const struct kd_version *new_)
{
	struct kd_figures a, b;

	kd_figures(old, &a);
	kd_figures(new_, &b);
	fputs("ratio new/old: 10^", f);
	kd_print_real(f, b.log10 - a.log10, "? (a count is missing)");
	fputc('\n', f);
}

static void symbol_list(FILE *f, const char *title, char mark, const struct kd_change *c, size_t n)
{
	const struct kd_symbol *s;
	size_t i;

	fprintf(f, "\n%s: %zu\n", title, n);
	for (i = 0; i < n; i++) {
		s = c[i].new_ ? c[i].new_ : c[i].old;
		fprintf(f, "%c %s %s %s\n", mark, s->name, s->type, s->loc);
	}
}

static void rename_list(FILE *f, const struct kd_change *c, size_t n)
{
	size_t i;

	fprintf(f, "\nrenamed (same definition under a new name): %zu\n", n);
	for (i = 0; i < n; i++)
		fprintf(f, "> %s -> %s %s %s -> %s\n", c[i].old->name, c[i].new_->name, c[i].new_->type,
			c[i].old->loc, c[i].new_->loc);
}

static void change_list(FILE *f, const struct kd_change *c, size_t n)
{
	char *aspects;
	size_t i;

	fprintf(f, "\nchanged: %zu\n", n);
	for (i = 0; i < n; i++) {
		aspects = kd_aspect_list(c[i].aspects);
		fprintf(f, "~ %s %s %s (was %s)\n", c[i].new_->name, aspects, c[i].new_->loc, c[i].old->loc);
		free(aspects);
	}
}

void kd_report_text(FILE *f, const struct kd_version *old, const struct kd_version *new_,
	const struct kd_diff *d, bool lists)
{
	options_table(f, old, new_);
	fputc('\n', f);
	count_lines(f, old);
	count_lines(f, new_);
	ratio_line(f, old, new_);
	if (!lists) {
		fprintf(f, "\noptions added %zu, removed %zu, renamed %zu, changed %zu\n",
			d->nadded, d->nremoved, d->nrenamed, d->nchanged);
		return;
	}
	symbol_list(f, "added", '+', d->added, d->nadded);
	symbol_list(f, "removed", '-', d->removed, d->nremoved);
	rename_list(f, d->renamed, d->nrenamed);
	change_list(f, d->changed, d->nchanged);
}
