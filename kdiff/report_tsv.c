/* report_tsv: the diff as one TSV row per fact, kind first (kdiff(1), TSV OUTPUT). */
#include "kdiff.h"

#include <stdlib.h>

static void version_rows(FILE *f, const struct kd_version *v)
{
	const struct kd_types *t = &v->model.types;
	struct kd_figures x;

	kd_figures(v, &x);
	fprintf(f, "input\t%s\t%s\t%s\t%s\n", v->role, v->label,
		v->model.arch ? v->model.arch : "-", v->path);
	fprintf(f, "options\t%s\t%zu\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\n", v->role, v->model.nsym,
		t->bool_, t->tristate, t->string, t->int_, t->hex, t->unknown, t->visible, t->invisible);
	fprintf(f, "count\t%s\t%s\t", v->role, x.counted ? v->count.value : "-");
	if (x.counted)
		fprintf(f, "%zu\t", x.digits);
	else
		fputs("-\t", f);
	kd_print_real(f, x.log10, "-");
	fprintf(f, "\t%s\t", x.counted ? "-" : v->count.note);
	kd_print_real(f, x.log10_lower, "-");
	fputc('\n', f);
	fprintf(f, "constrained\t%s\t%ld\t", v->role, x.n);
	kd_print_real(f, x.log10_2n, "-");
	fputc('\t', f);
	kd_print_real(f, x.log10_2n - x.log10, "-");
	fprintf(f, "\t%ld\t%ld\t", t->bool_, t->tristate);
	kd_print_real(f, x.log10_23, "-");
	fputc('\t', f);
	kd_print_real(f, x.log10_23 - x.log10, "-");
	fputc('\n', f);
}

void kd_report_tsv(FILE *f, const struct kd_version *old, const struct kd_version *new_,
	const struct kd_diff *d)
{
	struct kd_figures a, b;
	char *aspects;
	size_t i;

	version_rows(f, old);
	version_rows(f, new_);
	kd_figures(old, &a);
	kd_figures(new_, &b);
	fputs("ratio\t", f);
	kd_print_real(f, b.log10 - a.log10, "-");
	fputc('\n', f);
	for (i = 0; i < d->nadded; i++)
		fprintf(f, "added\t%s\t%s\t%s\n", d->added[i].new_->name, d->added[i].new_->type,
			d->added[i].new_->loc);
	for (i = 0; i < d->nremoved; i++)
		fprintf(f, "removed\t%s\t%s\t%s\n", d->removed[i].old->name, d->removed[i].old->type,
			d->removed[i].old->loc);
	for (i = 0; i < d->nrenamed; i++)
		fprintf(f, "renamed\t%s\t%s\t%s\t%s\t%s\n", d->renamed[i].old->name,
			d->renamed[i].new_->name, d->renamed[i].new_->type, d->renamed[i].old->loc,
			d->renamed[i].new_->loc);
	for (i = 0; i < d->nchanged; i++) {
		aspects = kd_aspect_list(d->changed[i].aspects);
		fprintf(f, "changed\t%s\t%s\t%s\t%s\n", d->changed[i].new_->name, aspects,
			d->changed[i].old->loc, d->changed[i].new_->loc);
		free(aspects);
	}
}
