// LSH-512-224 for Crypto++ 8.7, shared by the peer bench (bench.cpp) and the differential fuzz
// target (fuzz/fuzz_cryptopp.cpp). LSH-512-224 is specified by KISA (KS X 3262) and implemented
// inside Crypto++'s lsh512*.cpp (LSH_TYPE_512_224 = 0x001001C, LSH512_IV224), but Crypto++ 8.7
// exposes no public class for it. LSH512_Base has a protected constructor taking (algType,
// digestSize), so a thin subclass reaches the same code paths as LSH512 / LSH384 / LSH512_256.
#ifndef KARX_CRYPTOPP_LSH512_224_H
#define KARX_CRYPTOPP_LSH512_224_H

#include <cryptopp/lsh.h>

#include <string>

class LSH512_224 : public CryptoPP::LSH512_Base {
public:
    CRYPTOPP_CONSTANT(DIGESTSIZE = 28);
    LSH512_224() : LSH512_Base(0x001001C, DIGESTSIZE) { Restart(); }
    static std::string StaticAlgorithmName() { return "LSH-512-224"; }
    std::string AlgorithmName() const override { return StaticAlgorithmName(); }
};

#endif
