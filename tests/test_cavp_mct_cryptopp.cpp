// The LSH Monte Carlo answers karx cavp is tested against (tests/kat/cavp/hash/model/
// LSH-*(MCT).rsp), recomputed with Crypto++'s LSH (cryptopp/lsh.h), which shares no code with
// karx; tests/cli/test_cli_cavp_hash.sh compares karx's responses with the same files.
//
//   test_cavp_mct_cryptopp KAT_DIR            recompute and compare every variant's response
//   test_cavp_mct_cryptopp KAT_DIR --write    (re)write the .rsp files from the .req files
//
// The procedure (SHAVS 6.4 with the window generalised, as go-krypto's KCMVP cavp tool ran it):
// N = floor(block bits / digest bits) + 1; for j = 0..99: MD[0..N-1] = Seed,
// MD[i] = LSH(MD[i-N] || ... || MD[i-1]) for i = N .. N+999, output COUNT = j and
// MD = MD[N+999], which is the next Seed. The layout is karx's: the request's comment, header
// and blank lines before the Seed record, the Seed record, one COUNT/MD record per round, each
// record then a blank line.
// Crypto++'s LSH classes are first checked on the published KCMVP ShortMsg answer for Len = 8
// (tests/kat/kcmvp_lsh*.txt); LSH-512-224 is LSH512_Base with algorithm type 0x001001C.
#include <cryptopp/lsh.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace {

class LSH512_224 : public CryptoPP::LSH512_Base {
  public:
    LSH512_224() : LSH512_Base(0x001001C, 28) { Restart(); }
    std::string AlgorithmName() const { return "LSH-512-224"; }
};

struct Variant {
    const char *name; // as in the file names
    const char *kat;  // the published vectors
    unsigned block_bytes;
    CryptoPP::HashTransformation *(*make)();
};

template <class H> CryptoPP::HashTransformation *make() { return new H; }

const Variant variants[] = {
    {"LSH-256_224", "kcmvp_lsh256_224.txt", 128, make<CryptoPP::LSH224>},
    {"LSH-256_256", "kcmvp_lsh256_256.txt", 128, make<CryptoPP::LSH256>},
    {"LSH-512_224", "kcmvp_lsh512_224.txt", 256, make<LSH512_224>},
    {"LSH-512_256", "kcmvp_lsh512_256.txt", 256, make<CryptoPP::LSH512_256>},
    {"LSH-512_384", "kcmvp_lsh512_384.txt", 256, make<CryptoPP::LSH384>},
    {"LSH-512_512", "kcmvp_lsh512_512.txt", 256, make<CryptoPP::LSH512>},
};

std::string hex(const std::vector<unsigned char> &v)
{
    static const char d[] = "0123456789ABCDEF";
    std::string s;
    for (unsigned char b : v)
        s += d[b >> 4], s += d[b & 15];
    return s;
}

std::vector<unsigned char> unhex(const std::string &s)
{
    std::vector<unsigned char> v;
    for (size_t i = 0; i + 1 < s.size(); i += 2)
        v.push_back((unsigned char)std::stoul(s.substr(i, 2), nullptr, 16));
    return v;
}

std::string trim(const std::string &s)
{
    size_t a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
    return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

std::string value(const std::string &line) { return trim(line.substr(line.find('=') + 1)); }

bool read_file(const std::string &path, std::string &out)
{
    std::ifstream f(path, std::ios::binary);
    if (!f)
        return false;
    std::stringstream ss;
    ss << f.rdbuf();
    out = ss.str();
    return true;
}

// Crypto++'s hash against the first published record with Len = 8.
bool hash_ok(const Variant &v, const std::string &kat_dir)
{
    std::ifstream f(kat_dir + "/" + v.kat);
    std::string line, msg;
    bool in = false;
    while (std::getline(f, line)) {
        line = trim(line);
        if (line == "Len = 8")
            in = true;
        else if (in && line.compare(0, 6, "Msg = ") == 0)
            msg = value(line);
        else if (in && line.compare(0, 5, "MD = ") == 0) {
            std::unique_ptr<CryptoPP::HashTransformation> h(v.make());
            std::vector<unsigned char> m = unhex(msg), d(h->DigestSize());
            h->CalculateDigest(d.data(), m.data(), m.size());
            return hex(d) == value(line);
        }
    }
    return false;
}

std::string respond(const Variant &v, const std::string &req)
{
    std::istringstream in(req);
    std::string line, out;
    std::vector<unsigned char> seed;
    while (std::getline(in, line)) {
        line = trim(line);
        if (!line.empty() && (line[0] == '#' || line[0] == '['))
            out += line + "\n";
        else if (line.empty() && seed.empty())
            out += "\n"; // spacing outside records is kept
        else if (line.compare(0, 4, "Seed") == 0)
            seed = unhex(value(line));
    }
    std::unique_ptr<CryptoPP::HashTransformation> h(v.make());
    size_t dlen = h->DigestSize(), n = v.block_bytes / dlen + 1;
    out += "Seed = " + hex(seed) + "\n\n";
    std::vector<std::vector<unsigned char>> md(n);
    for (int j = 0; j < 100; j++) {
        for (auto &m : md)
            m = seed;
        for (int i = 0; i < 1000; i++) {
            std::vector<unsigned char> d(dlen);
            for (auto &m : md)
                h->Update(m.data(), m.size());
            h->Final(d.data());
            md.erase(md.begin());
            md.push_back(d);
        }
        seed = md.back();
        out += "COUNT = " + std::to_string(j) + "\nMD = " + hex(seed) + "\n\n";
    }
    return out;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: test_cavp_mct_cryptopp KAT_DIR [--write]\n");
        return 2;
    }
    std::string kat = argv[1];
    bool write = argc > 2 && std::strcmp(argv[2], "--write") == 0;
    int fails = 0;
    for (const Variant &v : variants) {
        std::string base = kat + "/cavp/hash/model/" + v.name + "(MCT)", req, rsp;
        if (!hash_ok(v, kat)) {
            std::printf("FAIL %s: Crypto++ disagrees with %s\n", v.name, v.kat);
            fails++;
            continue;
        }
        if (!read_file(base + ".req", req)) {
            std::printf("FAIL %s: cannot read %s.req\n", v.name, base.c_str());
            fails++;
            continue;
        }
        std::string want = respond(v, req);
        if (write) {
            std::ofstream(base + ".rsp", std::ios::binary) << want;
            std::printf("wrote %s.rsp\n", base.c_str());
        } else if (!read_file(base + ".rsp", rsp) || rsp != want) {
            std::printf("FAIL %s: %s.rsp is not Crypto++'s answer\n", v.name, base.c_str());
            fails++;
        } else {
            std::printf("ok %s MCT (100 x 1000)\n", v.name);
        }
    }
    std::printf("%d failed\n", fails);
    return fails != 0;
}
