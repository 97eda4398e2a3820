/*
 * md5.h - MD5 digest (RFC 1321), used only to identify ROM images.
 */
#ifndef SPGSIM_CAPTURE_MD5_H
#define SPGSIM_CAPTURE_MD5_H

#include <stddef.h>
#include <stdint.h>

/* Digest of len bytes as 32 lowercase hex digits plus NUL. */
void capture_md5_hex(const uint8_t *data, size_t len, char out[33]);

#endif /* SPGSIM_CAPTURE_MD5_H */
