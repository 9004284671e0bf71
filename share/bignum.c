/* bignum: size measures of exact counts written as decimal strings (no GMP needed). */
#include "bignum.h"

#include <math.h>
#include <string.h>

static const char *skip_zeros(const char *s)
{
	while (*s == '0' && s[1] >= '0' && s[1] <= '9')
		s++;
	return s;
}

size_t bignum_digits_of_decimal(const char *s)
{
	s = skip_zeros(s);
	return strspn(s, "0123456789");
}

double bignum_log10_of_decimal(const char *s)
{
	size_t n = bignum_digits_of_decimal(s);
	double lead = 0;
	size_t i;

	s = skip_zeros(s);
	for (i = 0; i < n && i < 17; i++)
		lead = lead * 10 + (s[i] - '0');
	if (lead == 0)
		return -HUGE_VAL;
	return log10(lead) + (double)(n - i);
}
