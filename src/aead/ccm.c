/* CCM (NIST SP 800-38C): CBC-MAC over B0 || encoded AAD || padded payload, CTR with the counter
 * blocks A_i = flags' || nonce || [i]_q, and tag = MAC xor E(A_0), truncated.
 *
 * Written over the public mode calls, so the fast back ends apply:
 *  - CTR goes through karx_ctr_xor with A_1 as the counter. karx_ctr_xor increments the whole
 *    block big-endian; that equals CCM's q-byte counter as long as [i]_q does not wrap, which
 *    the payload bound len < 2^(8q) guarantees (at most 2^(8q)/16 + 1 counters are used).
 *  - CBC-MAC is a chain, so it runs one block at a time whatever the back end. It goes through
 *    karx_cipher_encrypt_block per block: measured against karx_cbc_encrypt on 4 KiB chunks
 *    with the MAC as the chaining register (its ciphertext staged in a stack buffer and
 *    dropped), the single-block calls were 2-4% faster (LEA-128 and CHAM-128/128, gcc -O2,
 *    x86-64), having no staging copy and no staging buffer to wipe.
 * The payload is walked in chunks so that each chunk is MACed and CTR-processed while it is in
 * L1: encryption MACs the plaintext chunk and then encrypts it (so in == out works), decryption
 * decrypts the chunk into out and then MACs that plaintext. */
#include <string.h>

#include "karx/ccm.h"
#include "modes/modes_internal.h"

#define CCM_B 16
#define CCM_CHUNK 4096 /* bytes per payload chunk (MAC and CTR while in L1); whole blocks */

size_t karx_ccm_nonce_min_bytes(void) { return KARX_CCM_NONCE_MIN_BYTES; }
size_t karx_ccm_nonce_max_bytes(void) { return KARX_CCM_NONCE_MAX_BYTES; }
size_t karx_ccm_tag_min_bytes(void) { return KARX_CCM_TAG_MIN_BYTES; }
size_t karx_ccm_tag_max_bytes(void) { return KARX_CCM_TAG_MAX_BYTES; }

size_t karx_ccm_max_payload_bytes(size_t nonce_len)
{
    if (nonce_len < KARX_CCM_NONCE_MIN_BYTES || nonce_len > KARX_CCM_NONCE_MAX_BYTES)
        return 0;
    size_t q = 15 - nonce_len;
    if (q >= sizeof(size_t))
        return SIZE_MAX;
    return ((size_t)1 << (8 * q)) - 1;
}

/* Checks everything but the key; shared by the one-shots (before the key schedule) and seal/open. */
static karx_status ccm_check_params(const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                                    size_t aad_len, const void *out, const void *in, size_t len,
                                    const void *tag, size_t tag_len)
{
    if (nonce == NULL || tag == NULL || (aad_len != 0 && aad == NULL) ||
        (len != 0 && (out == NULL || in == NULL)))
        return KARX_ERR_ARGUMENT;
    if (nonce_len < KARX_CCM_NONCE_MIN_BYTES || nonce_len > KARX_CCM_NONCE_MAX_BYTES)
        return KARX_ERR_IV_LENGTH;
    if (tag_len < KARX_CCM_TAG_MIN_BYTES || tag_len > KARX_CCM_TAG_MAX_BYTES || (tag_len & 1) != 0)
        return KARX_ERR_ARGUMENT;
    if (len > karx_ccm_max_payload_bytes(nonce_len))
        return KARX_ERR_DATA_LENGTH;
    return KARX_OK;
}

static karx_status ccm_check_alg(karx_cipher_alg alg)
{
    size_t bb = karx_cipher_block_bytes(alg);
    if (bb == 0)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    return bb == CCM_B ? KARX_OK : KARX_ERR_UNSUPPORTED;
}

static karx_status ccm_check_key(const karx_cipher_key *key)
{
    if (key == NULL)
        return KARX_ERR_ARGUMENT;
    size_t bb = karx_cipher_block_bytes((karx_cipher_alg)key->alg);
    if (bb == 0)
        return KARX_ERR_STATE; /* never set, or wiped */
    return bb == CCM_B ? KARX_OK : KARX_ERR_UNSUPPORTED;
}

/* CBC-MAC state: the chaining value. */
typedef struct ccm_mac {
    uint8_t x[CCM_B];
} ccm_mac;

/* x = CBC-MAC continued over nblocks whole blocks of data. */
static void ccm_mac_blocks(const karx_cipher_key *key, ccm_mac *m, const uint8_t *data,
                           size_t nblocks)
{
    karx_i_cbc_mac(key, m->x, data, nblocks);
}

/* x = CBC-MAC continued over n < 16 bytes zero-padded to a block (nothing when n is 0). */
static void ccm_mac_partial(const karx_cipher_key *key, ccm_mac *m, const uint8_t *data, size_t n)
{
    if (n == 0)
        return;
    uint8_t blk[CCM_B] = {0};
    memcpy(blk, data, n);
    karx_i_cbc_mac(key, m->x, blk, 1);
    karx_memzero(blk, sizeof blk);
}

/* The whole of CCM for a checked key and checked parameters: out = CTR(in), full_tag = the
 * untruncated tag (MAC xor E(A_0)). encrypt selects which of in / out is the plaintext. */
static void ccm_run(const karx_cipher_key *key, int encrypt, const uint8_t *nonce,
                    size_t nonce_len, const uint8_t *aad, size_t aad_len, uint8_t *out,
                    const uint8_t *in, size_t len, size_t tag_len, uint8_t full_tag[CCM_B])
{
    ccm_mac m;
    uint8_t blk[CCM_B], ctr[CCM_B], s0[CCM_B];
    const size_t q = 15 - nonce_len;

    /* B0 = flags || N || [len]_q; flags = Adata << 6 | ((t - 2) / 2) << 3 | (q - 1). */
    blk[0] = (uint8_t)((aad_len != 0 ? 0x40 : 0) | (((tag_len - 2) / 2) << 3) | (q - 1));
    memcpy(blk + 1, nonce, nonce_len);
    uint64_t plen = (uint64_t)len;
    for (size_t i = 0; i < q; i++) {
        blk[CCM_B - 1 - i] = (uint8_t)plen;
        plen >>= 8; /* q <= 8; len fits in q bytes (checked) */
    }
    (void)karx_cipher_encrypt_block(key, m.x, blk);

    /* AAD: [a]_16 if a < 2^16 - 2^8, 0xfffe || [a]_32 if a < 2^32, else 0xffff || [a]_64; then
     * the AAD; zero-padded to whole blocks. The prefix and the AAD's first bytes share a block. */
    if (aad_len != 0) {
        uint64_t a = (uint64_t)aad_len;
        size_t h;
        memset(blk, 0, sizeof blk);
        if (a < 0xff00u) {
            h = 2;
        } else if (a <= 0xffffffffu) {
            blk[0] = 0xff;
            blk[1] = 0xfe;
            h = 6;
        } else {
            blk[0] = 0xff;
            blk[1] = 0xff;
            h = 10;
        }
        for (size_t i = 0; i < h - (h == 2 ? 0 : 2); i++)
            blk[h - 1 - i] = (uint8_t)(a >> (8 * i));
        size_t first = aad_len < CCM_B - h ? aad_len : CCM_B - h;
        memcpy(blk + h, aad, first);
        for (size_t i = 0; i < CCM_B; i++)
            m.x[i] ^= blk[i];
        (void)karx_cipher_encrypt_block(key, m.x, m.x);
        size_t rest = aad_len - first;
        ccm_mac_blocks(key, &m, aad + first, rest / CCM_B);
        ccm_mac_partial(key, &m, aad + first + (rest - rest % CCM_B), rest % CCM_B);
    }

    /* A_0 = (q - 1) || N || 0^q gives S_0 for the tag; the payload starts at A_1. */
    memset(ctr, 0, sizeof ctr);
    ctr[0] = (uint8_t)(q - 1);
    memcpy(ctr + 1, nonce, nonce_len);
    (void)karx_cipher_encrypt_block(key, s0, ctr);
    ctr[CCM_B - 1] = 1;

    for (size_t off = 0; off < len;) {
        size_t n = len - off < CCM_CHUNK ? len - off : CCM_CHUNK;
        size_t whole = n - n % CCM_B;
        if (encrypt) {
            ccm_mac_blocks(key, &m, in + off, whole / CCM_B);
            ccm_mac_partial(key, &m, in + off + whole, n - whole);
            (void)karx_ctr_xor(key, ctr, out + off, in + off, n);
        } else {
            (void)karx_ctr_xor(key, ctr, out + off, in + off, n);
            ccm_mac_blocks(key, &m, out + off, whole / CCM_B);
            ccm_mac_partial(key, &m, out + off + whole, n - whole);
        }
        off += n;
    }

    for (size_t i = 0; i < CCM_B; i++)
        full_tag[i] = (uint8_t)(m.x[i] ^ s0[i]);
    karx_memzero(m.x, sizeof m.x);
    karx_memzero(blk, sizeof blk);
    karx_memzero(s0, sizeof s0);
    karx_memzero(ctr, sizeof ctr);
}

karx_status karx_ccm_seal(const karx_cipher_key *key, const uint8_t *nonce, size_t nonce_len,
                          const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in,
                          size_t len, uint8_t *tag, size_t tag_len)
{
    karx_status st = ccm_check_key(key);
    if (st == KARX_OK)
        st = ccm_check_params(nonce, nonce_len, aad, aad_len, out, in, len, tag, tag_len);
    if (st != KARX_OK)
        return st;
    uint8_t full[CCM_B];
    ccm_run(key, 1, nonce, nonce_len, aad, aad_len, out, in, len, tag_len, full);
    memcpy(tag, full, tag_len);
    karx_memzero(full, sizeof full);
    return KARX_OK;
}

karx_status karx_ccm_open(const karx_cipher_key *key, const uint8_t *nonce, size_t nonce_len,
                          const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in,
                          size_t len, const uint8_t *tag, size_t tag_len)
{
    karx_status st = ccm_check_key(key);
    if (st == KARX_OK)
        st = ccm_check_params(nonce, nonce_len, aad, aad_len, out, in, len, tag, tag_len);
    if (st != KARX_OK)
        return st;
    uint8_t full[CCM_B];
    ccm_run(key, 0, nonce, nonce_len, aad, aad_len, out, in, len, tag_len, full);
    int bad = karx_memcmp_ct(full, tag, tag_len);
    karx_memzero(full, sizeof full);
    if (bad != 0) {
        karx_memzero(out, len);
        return KARX_ERR_AUTHENTICATION;
    }
    return KARX_OK;
}

karx_status karx_ccm_encrypt(karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                             const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                             size_t aad_len, uint8_t *out, const uint8_t *in, size_t len,
                             uint8_t *tag, size_t tag_len)
{
    karx_status st = ccm_check_alg(alg);
    if (st == KARX_OK)
        st = ccm_check_params(nonce, nonce_len, aad, aad_len, out, in, len, tag, tag_len);
    if (st != KARX_OK)
        return st;
    karx_cipher_key k;
    st = karx_cipher_set_key(&k, alg, key, key_len);
    if (st == KARX_OK)
        st = karx_ccm_seal(&k, nonce, nonce_len, aad, aad_len, out, in, len, tag, tag_len);
    karx_cipher_key_wipe(&k);
    return st;
}

karx_status karx_ccm_decrypt(karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                             const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                             size_t aad_len, uint8_t *out, const uint8_t *in, size_t len,
                             const uint8_t *tag, size_t tag_len)
{
    karx_status st = ccm_check_alg(alg);
    if (st == KARX_OK)
        st = ccm_check_params(nonce, nonce_len, aad, aad_len, out, in, len, tag, tag_len);
    if (st != KARX_OK)
        return st;
    karx_cipher_key k;
    st = karx_cipher_set_key(&k, alg, key, key_len);
    if (st == KARX_OK)
        st = karx_ccm_open(&k, nonce, nonce_len, aad, aad_len, out, in, len, tag, tag_len);
    karx_cipher_key_wipe(&k);
    return st;
}
