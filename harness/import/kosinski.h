/*
 * kosinski.h - Kosinski decompression: the LZ format the Mega Drive Sonic
 * games keep their 256x256 and 128x128 chunks, Sonic 2's level layouts and
 * collision indexes in.
 *
 * The format (as the games' decompressors read it):
 *   - a descriptor: a 16-bit little-endian word whose bits are taken
 *     lowest first; as soon as its 16th bit has been taken the next two
 *     bytes are read as the next descriptor (before any data byte that
 *     follows the bit);
 *   - bit 1: copy the next byte as it is;
 *   - bits 0 0 n1 n0: copy n + 2 bytes (n = 2 * n1 + n0) from offset
 *     (next byte) - 256 back in the output;
 *   - bits 0 1, then bytes lo, hi: offset = $E000 | (hi & $F8) << 5 | lo
 *     taken as a negative word (-8192..-1); hi & 7 nonzero: copy it + 2
 *     bytes; zero: a third byte c: 0 ends the data, 1 does nothing (goes
 *     on with the next bit), else copy c + 1 bytes.
 *   Copies go byte by byte, so a copy may overlap what it writes.
 */
#ifndef SPGSIM_IMPORT_KOSINSKI_H
#define SPGSIM_IMPORT_KOSINSKI_H

#include <stddef.h>
#include <stdint.h>

/*
 * Decompress the Kosinski data at src (at most src_len bytes are read)
 * into dst (at most dst_cap bytes are written).  Returns 0 with *out_len
 * the bytes written and *used (may be NULL) the bytes read up to and
 * including the end marker; -1 when the data runs past src_len, would
 * write past dst_cap, or copies from before the start of the output.
 */
int kos_decompress(const uint8_t *src, size_t src_len, uint8_t *dst,
                   size_t dst_cap, size_t *out_len, size_t *used);

#endif /* SPGSIM_IMPORT_KOSINSKI_H */
