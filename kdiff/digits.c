/* digits: the number of decimal digits and the log10 of a count written in decimal. */
#include "kdiff.h"

#include <math.h>
#include <string.h>

/* Skips leading zeros, keeping at least one digit. */
static const char *significant(const char *dec)
{
	while (dec[0] == '0' && dec[1] >= '0' && dec[1] <= '9')
		dec++;
	return dec;
}

size_t kd_digits(const char *dec)
{
	return strspn(significant(dec), "0123456789");
}

double kd_log10(const char *dec)
{
	const char *s = significant(dec);
	size_t n = kd_digits(s), i, lead = n < 17 ? n : 17;
	double mantissa = 0;

	for (i = 0; i < lead; i++)
		mantissa = mantissa * 10 + (s[i] - '0');
	if (mantissa == 0)
		return -HUGE_VAL;
	return log10(mantissa) + (double)(n - lead);
}
