/*
 * movie_check.h - what bk2_fuzzer.c and gmv_fuzzer.c check on a movie:
 * import_movie_parse for players 1 and 2 (and the refused 0 and 3), as
 * `spgsim import-inputs` calls it, then the input script it writes.
 */
#ifndef SPGSIM_MOVIE_CHECK_H
#define SPGSIM_MOVIE_CHECK_H

#include <stddef.h>
#include <stdint.h>

/* Parse `size` bytes as the movie file `name` for players 0 to 3. */
void movie_check(const char *name, const uint8_t *data, size_t size);

#endif /* SPGSIM_MOVIE_CHECK_H */
