/* report: helpers every report writer (text, TSV, JSON, history) uses. */
#include "kdiff.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>

void kd_print_real(FILE *f, double x, const char *missing)
{
	if (isfinite(x))
		fprintf(f, "%.4f", x);
	else
		fputs(missing, f);
}

char *kd_aspect_list(unsigned mask)
{
	char *list = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&list, &len);
	const char *sep = "";
	int a;

	if (!f)
		util_die(EXIT_TROUBLE, "out of memory");
	for (a = 0; a < KD_NASPECTS; a++)
		if (mask & 1u << a) {
			fprintf(f, "%s%s", sep, kd_aspect_name[a]);
			sep = ",";
		}
	fclose(f);
	return list;
}
