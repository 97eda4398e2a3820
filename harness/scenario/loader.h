/*
 * loader.h - what the parts of the scenario loader share
 * (load.c, nodes.c, map.c, start.c, special.c): the loader's state and the node helpers that report
 * "file:line:col: message".
 * Not for use outside the scenario module.
 */
#ifndef SPGSIM_SCENARIO_INTERNAL_H
#define SPGSIM_SCENARIO_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <yaml.h>

#include "scenario/scenario.h"

#define SC_MAX_TILES (SCENARIO_MAX_MASKS - 1)

typedef struct sc_tiledef {
    const yaml_node_t *key; /* name node */
    uint16_t solidity;      /* SPG_CELL_TOP_SOLID / SIDE_SOLID */
    uint16_t solidity2;     /* Sonic 2: SPG_CELL_TOP_SOLID_2 / SIDE_SOLID_2 */
} sc_tiledef;

typedef struct sc_loader {
    const char *path;
    FILE *err;
    const char *text; /* the document, for positions of reader errors */
    size_t text_len;
    yaml_document_t doc;
    scenario *s;
    int ntiles;
    sc_tiledef tiles[SC_MAX_TILES];
    /* map.cell_width (1..SC_MAX_CELL_WIDTH) and the legend: an open
     * addressing table of symbols (their bytes packed into a word, the
     * first in the low byte) and cell words. */
    int cell_width;
    struct sc_symbol *symbols;
    size_t symbol_cap; /* a power of two, or 0 */
} sc_loader;

#define SC_MAX_CELL_WIDTH 4
#define SC_MAX_SYMBOLS 65536

typedef struct sc_symbol {
    uint32_t key; /* 0: free slot */
    uint16_t word;
    uint8_t mask2; /* Sonic 2: the secondary path's mask index */
} sc_symbol;

/* The Sonic 2 solidity bits for a Sonic 1 style pair (TOP_SOLID /
 * SIDE_SOLID) and back. */
uint16_t sc_solidity_to_2(uint16_t bits);
uint16_t sc_solidity_from_2(uint16_t bits);

#if defined(__GNUC__) || defined(__clang__)
#define SC_PRINTF_LIKE(a, b) __attribute__((format(printf, a, b)))
#else
#define SC_PRINTF_LIKE(a, b)
#endif

/* Print "file:line:col: message" (1-based) and return -1. */
int sc_fail_at(sc_loader *L, unsigned long line, unsigned long col,
               const char *fmt, ...) SC_PRINTF_LIKE(4, 5);
/* The same at node n's position. */
int sc_fail(sc_loader *L, const yaml_node_t *n, const char *fmt, ...)
    SC_PRINTF_LIKE(3, 4);

const yaml_node_t *sc_node_at(sc_loader *L, int index);
const char *sc_sval(const yaml_node_t *n);
size_t sc_slen(const yaml_node_t *n);
/* n is a scalar equal to s. */
int sc_is_scalar(const yaml_node_t *n, const char *s);
const char *sc_type_name(const yaml_node_t *n);
/* 0 when n has type t, else an error "what: expected ..., found ...". */
int sc_want_type(sc_loader *L, const yaml_node_t *n, yaml_node_type_t t,
                 const char *what);
/* Check a mapping's keys: each a string in `allowed` (NULL terminated),
 * none twice; all of `required` (NULL terminated, may be NULL) present. */
int sc_check_keys(sc_loader *L, const yaml_node_t *map, const char *what,
                  const char *const *allowed, const char *const *required);
/* The value of `key` in a checked mapping, or NULL. */
const yaml_node_t *sc_get(sc_loader *L, const yaml_node_t *map,
                          const char *key);

/* Decimal, 0x-hex or $-hex with optional '-': 0, or -1 (not an integer),
 * -2 (|v| >= 2^48). */
int sc_parse_int(const char *s, size_t len, int64_t *out);
int sc_get_int(sc_loader *L, const yaml_node_t *n, const char *what,
               int64_t min, int64_t max, int64_t *out);
int sc_get_bool(sc_loader *L, const yaml_node_t *n, const char *what,
                int *out);
/* One of `names` (NULL terminated); *out = its index. */
int sc_get_enum(sc_loader *L, const yaml_node_t *n, const char *what,
                const char *const *names, int *out);
/* A string scalar, copied (malloc). */
int sc_get_str(sc_loader *L, const yaml_node_t *n, const char *what,
               int nonempty, char **out);

/* "key: only a game: sonic2 or sonic3 scenario has <what>": key, at node
 * n, belongs to the games with feature `feature` (GAME_*) and the
 * scenario's game is not one.  Returns -1. */
int sc_fail_feature(sc_loader *L, const yaml_node_t *n, const char *key,
                    unsigned feature, const char *what);

/* Sections (map.c, start.c). */
int sc_load_tiles(sc_loader *L, const yaml_node_t *tiles);
int sc_load_map(sc_loader *L, const yaml_node_t *map);
int sc_load_start(sc_loader *L, const yaml_node_t *start);

/* Sonic 1's zone and loops (loops.c): the top-level `zone:`, the map's
 * `chunks:`, and the check and layout once the map is read (node: where
 * a problem is reported). */
int sc_load_zone(sc_loader *L, const yaml_node_t *zone);
int sc_load_chunks(sc_loader *L, const yaml_node_t *chunks);
int sc_finish_loops(sc_loader *L, const yaml_node_t *node);

/* The top-level `water_level:` (water.c), and the check once the root is
 * read that a level with water has it (zone: the `zone:` node or NULL,
 * where: a node to report at without one). */
int sc_load_water(sc_loader *L, const yaml_node_t *water_level);
int sc_finish_water(sc_loader *L, const yaml_node_t *zone,
                    const yaml_node_t *where);

/* `imported:` (imported.c): the header of a level read from the user's
 * ROM, checked against the scenario's game (key: the key's node, whose
 * position the refusal names). */
int sc_load_imported(sc_loader *L, const yaml_node_t *key,
                     const yaml_node_t *imported);
/* After a file loaded: an imported scenario inside a spgsim repository's
 * scenarios/ directory is refused ("file:line:col: ..." to err, -1). */
int sc_refuse_in_suite(const char *path, const scenario *s, FILE *err);

/* The `special_stage:` section of a `mode: special_stage` scenario
 * (special.c): sets L->s->special (owned by the scenario). */
int sc_load_special(sc_loader *L, const yaml_node_t *special_stage);

#endif /* SPGSIM_SCENARIO_INTERNAL_H */
