/*
 * json.c - JSON strings and numbers.
 */
#include "util/json.h"

#include <inttypes.h>

void json_str(FILE *f, const char *s)
{
    if (s == NULL) {
        fputs("null", f);
        return;
    }
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"':
            fputs("\\\"", f);
            break;
        case '\\':
            fputs("\\\\", f);
            break;
        case '\n':
            fputs("\\n", f);
            break;
        case '\r':
            fputs("\\r", f);
            break;
        case '\t':
            fputs("\\t", f);
            break;
        default:
            if (*p < 0x20)
                fprintf(f, "\\u%04x", *p);
            else
                fputc(*p, f);
        }
    }
    fputc('"', f);
}

void json_int_or_null(FILE *f, int has, int32_t v)
{
    if (has)
        fprintf(f, "%" PRId32, v);
    else
        fputs("null", f);
}

void json_int_array(FILE *f, const int32_t *v, int n)
{
    fputc('[', f);
    for (int i = 0; i < n; i++)
        fprintf(f, i ? ",%" PRId32 : "%" PRId32, v[i]);
    fputc(']', f);
}
