/* Helpers shared by the symmetric-key procedures of karx cavp (cavp_cipher.c, cavp_aead.c,
 * cavp_cmac.c): a record may hold only the fields its test knows, some fields have more than one
 * KCMVP spelling ("Key" / "K", "Adata" / "A"), and bit lengths come from a field or a section. */
#ifndef KARX_CAVP_SYM_H
#define KARX_CAVP_SYM_H

#include "cavp.h"

/* The one of names (NULL-terminated: spellings of one field) present in r into *which (NULL
 * when none): 1; 0 after a message when two spellings are both given. */
int cavp_sym_one(cavp_ctx *c, const cavp_record *r, const char *const *names,
                 const cavp_field **which);
/* The first of names (NULL-terminated) present in r, or NULL. */
const cavp_field *cavp_sym_any(const cavp_record *r, const char *const *names);
/* Decodes the one of names present (cavp_hex's rules and messages; missing: a message naming
 * names[0]; two spellings given: refused). *which (when not NULL) gets the field used. */
int cavp_sym_hex(cavp_ctx *c, const cavp_record *r, const char *const *names, size_t want_len,
                 uint8_t **out, size_t *len, const cavp_field **which);
/* A length in bits, whole bytes, from the first of names in r or else from a "[NAME = n]"
 * section header in force: *bytes, 1; 2 when neither says it (then *bytes is untouched); 0 after
 * a message (not a number, not a multiple of 8, above 8 MiB, two spellings given). */
int cavp_sym_bits(cavp_ctx *c, const cavp_record *r, const char *const *names, size_t *bytes);
/* Wipes and frees a buffer from cavp_hex (NULL allowed). */
void cavp_sym_free(uint8_t *p, size_t len);

#endif
