/*
 * xalloc.h - allocation for the command-line side: out of memory prints
 * "spgsim: out of memory" and exits with status 2.
 */
#ifndef SPGSIM_XALLOC_H
#define SPGSIM_XALLOC_H

#include <stddef.h>

void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

/* A copy of s (NULL for NULL), or NULL when out of memory: for the
 * library side, which reports instead of exiting. */
char *str_dup(const char *s);
/* printf into a new string. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif /* SPGSIM_XALLOC_H */
