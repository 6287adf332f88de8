/* The fields of a record of tests/kat/cryptopp_lsh_drbg.txt (Hash_DRBG / HMAC_DRBG over every
 * LSH, Crypto++ 8.7), in the file's spelling: read by test_hash_drbg.c through karx's API and by
 * ossl/ossl_rand_kat.h through EVP_RAND. */
#ifndef KARX_TEST_LSH_DRBG_KAT_H
#define KARX_TEST_LSH_DRBG_KAT_H

enum { LD_E, LD_N, LD_P, LD_RE, LD_RA, LD_PR1, LD_PR2, LD_A1, LD_A2, LD_O1, LD_O2, LD_FIELDS };
static const char *const ld_names[LD_FIELDS] = {
    "EntropyInput", "Nonce", "PersonalizationString", "EntropyInputReseed",
    "AdditionalInputReseed", "EntropyInputPR1", "EntropyInputPR2", "AdditionalInput1",
    "AdditionalInput2", "ReturnedBits1", "ReturnedBits2"};

#endif
