/*
 * roms.c - looking up a ROM description's addresses by name.  The
 * descriptions themselves are each game's (harness/games/<game>.c).
 */
#include "capture/roms.h"

#include <string.h>

static int find_sym(const capture_sym *syms, size_t n, const char *name,
                    uint32_t *out)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(syms[i].name, name) == 0) {
            *out = syms[i].addr;
            return 0;
        }
    return -1;
}

int capture_rom_sym(const capture_rom_desc *d, const char *name, uint32_t *out)
{
    if (find_sym(d->syms, d->sym_count, name, out) == 0)
        return 0;
    if (d->common == NULL)
        return -1;
    return find_sym(d->common, d->common_count, name, out);
}

int capture_rom_syms(const capture_rom_desc *d, const capture_rom_need *need,
                     size_t n, FILE *err)
{
    int ok = 1;
    for (size_t i = 0; i < n; i++)
        if (capture_rom_sym(d, need[i].name, need[i].dst) != 0) {
            fprintf(err, "ROM description '%s' has no address for %s\n",
                    d->name, need[i].name);
            ok = 0;
        }
    return ok ? 0 : -1;
}

const capture_rom_desc *capture_rom_find(const char *md5_hex)
{
    return game_rom_find(md5_hex);
}

void capture_rom_list(FILE *f)
{
    game_rom_list(f);
}
