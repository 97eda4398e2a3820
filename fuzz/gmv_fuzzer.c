/*
 * gmv_fuzzer.c - Gens .gmv movies as `spgsim import-inputs` reads them:
 * the bytes as they are, through import_movie_parse (checks in
 * movie_check.c).  The seeds start with the "Gens Movie TEST" signature,
 * so most inputs reach the Gens reader; the rest test the recognition.
 */
#include "fuzz.h"
#include "movie_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    movie_check("fuzz.gmv", data, size);
    return 0;
}
