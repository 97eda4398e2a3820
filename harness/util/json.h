/*
 * json.h - the little JSON writing the harness does (check results, test
 * vectors): strings escaped, integers or null.
 */
#ifndef SPGSIM_JSON_H
#define SPGSIM_JSON_H

#include <stdint.h>
#include <stdio.h>

/* A JSON string (null for NULL). */
void json_str(FILE *f, const char *s);

/* An integer, or null when !has. */
void json_int_or_null(FILE *f, int has, int32_t v);

/* [a, b, ...] of n integers. */
void json_int_array(FILE *f, const int32_t *v, int n);

#endif /* SPGSIM_JSON_H */
