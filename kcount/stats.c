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

void stats_add_search(struct stats *to, const struct stats *from)
{
	to->decisions += from->decisions;
	to->propagations += from->propagations;
	to->conflicts += from->conflicts;
	to->components += from->components;
	to->sat_checks += from->sat_checks;
	to->cubes_resumed += from->cubes_resumed;
	to->hub_splits += from->hub_splits;
	to->cache_hits += from->cache_hits;
	to->cache_stores += from->cache_stores;
	to->cache_evictions += from->cache_evictions;
	cache_add_figures(to, from->cache_pairs);
	if (from->max_depth > to->max_depth)
		to->max_depth = from->max_depth;
}
