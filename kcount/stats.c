/* stats: the -v statistics report, generated from the table in kcount.h. */
#include <stdio.h>

#include "kcount.h"

void stats_report(const struct stats *s, double seconds, size_t peak_bytes)
{
#define KC_STAT_PRINT(field, h) \
	fprintf(stderr, "c %-18s %14llu  %s\n", #field, (unsigned long long)s->field, h);
	KCOUNT_STATS(KC_STAT_PRINT)
#undef KC_STAT_PRINT
	fprintf(stderr, "c %-18s %14.6g  %s\n", "search_done", s->search_done,
		"share of the search tree finished (of the case, under a split): an estimate");
	fprintf(stderr, "c %-18s %14.2f  %s\n", "seconds", seconds, "wall-clock time");
	fprintf(stderr, "c %-18s %14.1e  %s\n", "collision_bound", cache_collision_bound(s),
		"hashed keys: the probability that a lookup met another key's hashes, at most");
	fprintf(stderr, "c %-18s %14.1f  %s\n", "memory_mib", peak_bytes / 1048576.0,
		"peak memory of the counter's own structures");
}
