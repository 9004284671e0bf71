/* bignum: size measures of exact counts written as decimal strings (no GMP needed). */
#ifndef KC_BIGNUM_H
#define KC_BIGNUM_H

#include <stddef.h>

/* Number of decimal digits of the non-negative decimal s ("0" has 1), leading zeros ignored. */
size_t bignum_digits_of_decimal(const char *s);
/* log10 of the non-negative decimal s, to double precision; -HUGE_VAL for zero. */
double bignum_log10_of_decimal(const char *s);

#endif
