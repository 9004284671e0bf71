/* history: the table of several versions in release order (kdiff(1), HISTORY). */
#include "kdiff.h"

#include <math.h>

static const char tsv_header[] = "release\tarch\toptions\tbool\ttristate\tn\tlog10_2n\tdigits\t"
	"log10_count\tconstrained\tlog10_2b3t\tconstrained_3\tseconds\tcount\tnote\tlog10_lower_bound\n";

static void tsv_row(FILE *f, const struct kd_version *v)
{
	const struct kd_types *t = &v->model.types;
	struct kd_figures x;

	kd_figures(v, &x);
	fprintf(f, "%s\t%s\t%zu\t%ld\t%ld\t%ld\t", v->label, v->model.arch ? v->model.arch : "-",
		v->model.nsym, t->bool_, t->tristate, x.n);
	kd_print_real(f, x.log10_2n, "-");
	if (x.counted)
		fprintf(f, "\t%zu\t", x.digits);
	else
		fputs("\t-\t", f);
	kd_print_real(f, x.log10, "-");
	fputc('\t', f);
	kd_print_real(f, x.log10_2n - x.log10, "-");
	fputc('\t', f);
	kd_print_real(f, x.log10_23, "-");
	fputc('\t', f);
	kd_print_real(f, x.log10_23 - x.log10, "-");
	fputc('\t', f);
	if (v->count.seconds >= 0)
		fprintf(f, "%.1f", v->count.seconds);
	else
		fputc('-', f);
	fprintf(f, "\t%s\t%s\t", x.counted ? v->count.value : "-", x.counted ? "-" : v->count.note);
	kd_print_real(f, x.log10_lower, "-");
	fputc('\n', f);
}

/* One real in a column of WIDTH, or "-" there. */
static void text_real(FILE *f, int width, double x)
{
	char buf[64];

	if (isfinite(x))
		snprintf(buf, sizeof buf, "%.2f", x);
	else
		snprintf(buf, sizeof buf, "-");
	fprintf(f, " %*s", width, buf);
}

static void text_row(FILE *f, const struct kd_version *v)
{
	struct kd_figures x;

	kd_figures(v, &x);
	fprintf(f, "%-12s %-8s %8zu %6ld", v->label, v->model.arch ? v->model.arch : "-",
		v->model.nsym, x.n);
	text_real(f, 11, x.log10_2n);
	if (x.counted)
		fprintf(f, " %7zu", x.digits);
	else
		fprintf(f, " %7s", "-");
	text_real(f, 12, x.log10);
	text_real(f, 12, x.log10_2n - x.log10);
	text_real(f, 15, x.log10_23 - x.log10);
	if (v->count.seconds >= 0)
		fprintf(f, " %8.1f", v->count.seconds);
	else
		fprintf(f, " %8s", "-");
	fprintf(f, "%s%s\n", x.counted ? "" : "  ", x.counted ? "" : v->count.note);
}

void kd_history_table(FILE *f, enum kd_format format, struct kd_version *v, size_t n)
{
	size_t i;

	if (format == KD_TSV)
		fputs(tsv_header, f);
	else
		fprintf(f, "%-12s %-8s %8s %6s %11s %7s %12s %12s %15s %8s\n", "release", "arch", "options",
			"N", "log10(2^N)", "digits", "log10(count)", "constrained", "constrained(3)",
			"seconds");
	for (i = 0; i < n; i++)
		(format == KD_TSV ? tsv_row : text_row)(f, &v[i]);
	if (format != KD_TSV)
		fputs("N: bool + tristate options; constrained: log10(2^N) - log10(count); "
			"constrained(3): log10(2^bool * 3^tristate) - log10(count)\n", f);
}
