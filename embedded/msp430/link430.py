#!/usr/bin/env python3
"""A minimal static linker for MSP430 ELF objects from clang --target=msp430 (Debian has no
msp430 binutils, and lld has no MSP430 back end). It does what this build needs and no more:
keeps the sections reachable from _start and the reset vector (the objects are compiled with
-ffunction-sections -fdata-sections), lays them out on an MSP430F2618-like map (flash
0x3100-0xffbf, 8 KB RAM 0x1100-0x30ff, reset vector at 0xfffe), applies the absolute
relocations clang emits (R_MSP430_16_BYTE, R_MSP430_16, R_MSP430_32), and writes an Intel HEX
image with .data loaded at its RAM address (the simulator loads it there; a flash image for a
real part would copy it at start-up) plus a symbol map.
  link430.py -o OUT.hex -m OUT.map obj.o...
Prints the section totals (text = code, rodata, data, bss) like `size`."""
import struct
import sys

FLASH = (0x3100, 0xffc0)
RAM = (0x1100, 0x3100)
RESET_VECTOR = 0xfffe

SHT_SYMTAB, SHT_RELA, SHT_NOBITS, SHT_REL = 2, 4, 8, 9
SHF_WRITE, SHF_ALLOC, SHF_EXEC = 1, 2, 4
R_MSP430_32, R_MSP430_16, R_MSP430_16_BYTE = 1, 3, 5


class Section:
    def __init__(self, obj, idx, name, typ, flags, data, size, align):
        self.obj, self.idx, self.name, self.type, self.flags = obj, idx, name, typ, flags
        self.data, self.size, self.align = bytearray(data), size, max(align, 1)
        self.relocs = []  # (offset, symbol, type, addend)
        self.addr = None

    def kind(self):
        if self.name == ".resetvec":
            return "vector"
        if self.flags & SHF_EXEC:
            return "text"
        if self.type == SHT_NOBITS:
            return "bss"
        if self.flags & SHF_WRITE:
            return "data"
        return "rodata"


class Symbol:
    def __init__(self, obj, name, value, size, bind, typ, shndx):
        self.obj, self.name, self.value, self.size = obj, name, value, size
        self.bind, self.type, self.shndx = bind, typ, shndx


class Obj:
    def __init__(self, path):
        self.path = path
        b = open(path, "rb").read()
        if b[:4] != b"\x7fELF" or b[4] != 1 or b[5] != 1:
            sys.exit("%s: not a 32-bit little-endian ELF" % path)
        (e_shoff,) = struct.unpack_from("<I", b, 0x20)
        e_shentsize, e_shnum, e_shstrndx = struct.unpack_from("<HHH", b, 0x2e)
        hdrs = [struct.unpack_from("<IIIIIIIIII", b, e_shoff + i * e_shentsize) for i in range(e_shnum)]
        shstr = hdrs[e_shstrndx]

        def cstr(tab, off):
            start = tab[4] + off
            return b[start:b.index(b"\0", start)].decode()

        self.sections = {}
        for i, h in enumerate(hdrs):
            name, typ, flags, _, off, size, _, _, align, _ = h
            if flags & SHF_ALLOC and size:
                data = b"" if typ == SHT_NOBITS else b[off:off + size]
                self.sections[i] = Section(self, i, cstr(shstr, name), typ, flags, data, size, align)
        self.symbols = []
        for i, h in enumerate(hdrs):
            if h[1] != SHT_SYMTAB:
                continue
            strtab = hdrs[h[6]]
            for k in range(h[5] // 16):
                nm, val, sz, info, _, shndx = struct.unpack_from("<IIIBBH", b, h[4] + 16 * k)
                self.symbols.append(Symbol(self, cstr(strtab, nm) if nm else "", val, sz,
                                           info >> 4, info & 15, shndx))
        for h in hdrs:
            if h[1] == SHT_RELA and h[7] in self.sections:
                sec = self.sections[h[7]]
                for k in range(h[5] // 12):
                    off, info, add = struct.unpack_from("<IIi", b, h[4] + 12 * k)
                    sec.relocs.append((off, self.symbols[info >> 8], info & 0xff, add))
            elif h[1] == SHT_REL and h[7] in self.sections:
                sys.exit("%s: REL relocations not supported" % path)


def main(argv):
    out = mapf = None
    objs = []
    i = 0
    while i < len(argv):
        if argv[i] == "-o":
            out, i = argv[i + 1], i + 2
        elif argv[i] == "-m":
            mapf, i = argv[i + 1], i + 2
        else:
            objs.append(Obj(argv[i]))
            i += 1
    globals_ = {}
    for o in objs:
        for s in o.symbols:
            if s.bind != 0 and s.shndx != 0 and s.name:
                if s.name in globals_:
                    sys.exit("duplicate symbol %s (%s, %s)" % (s.name, globals_[s.name].obj.path, o.path))
                globals_[s.name] = s
    linker_syms = {"__stack_top", "__bss_start", "__bss_end", "__heap_start", "__data_start", "__data_end"}

    def resolve_section(sym):
        if sym.shndx == 0:
            if sym.name in linker_syms:
                return None
            d = globals_.get(sym.name)
            if d is None:
                sys.exit("undefined symbol %s (referenced from %s)" % (sym.name, sym.obj.path))
            sym = d
        if sym.shndx >= 0xff00:
            return None
        return sym.obj.sections.get(sym.shndx)

    # Reachability from _start and the reset vector.
    roots = [resolve_section(globals_["_start"])]
    roots += [s for o in objs for s in o.sections.values() if s.name == ".resetvec"]
    keep, todo = set(), list(roots)
    while todo:
        s = todo.pop()
        if s is None or id(s) in keep:
            continue
        keep.add(id(s))
        for _, sym, _, _ in s.relocs:
            todo.append(resolve_section(sym))
    secs = [s for o in objs for s in o.sections.values() if id(s) in keep]

    def place(kind, start, end):
        a = start
        for s in secs:
            if s.kind() == kind:
                a = (a + s.align - 1) // s.align * s.align
                s.addr = a
                a += s.size
        if a > end:
            sys.exit("%s does not fit: ends at 0x%x, limit 0x%x" % (kind, a, end))
        return a

    a = place("text", FLASH[0], FLASH[1])
    text_end = place("rodata", a, FLASH[1])
    data_end = place("data", RAM[0], RAM[1])
    bss_start = (data_end + 1) & ~1
    bss_end = place("bss", bss_start, RAM[1])
    for s in secs:
        if s.kind() == "vector":
            s.addr = RESET_VECTOR
    special = {"__stack_top": RAM[1], "__bss_start": bss_start, "__bss_end": bss_end,
               "__heap_start": (bss_end + 1) & ~1, "__data_start": RAM[0], "__data_end": data_end}

    def value(sym):
        if sym.shndx == 0:
            if sym.name in special:
                return special[sym.name]
            sym = globals_[sym.name]
        if sym.shndx == 0xfff1:  # SHN_ABS
            return sym.value
        sec = sym.obj.sections[sym.shndx]
        if sec.addr is None:
            sys.exit("symbol %s in a discarded section" % sym.name)
        return sec.addr + sym.value

    for s in secs:
        for off, sym, typ, add in s.relocs:
            v = value(sym) + add
            if typ in (R_MSP430_16, R_MSP430_16_BYTE):
                struct.pack_into("<H", s.data, off, v & 0xffff)
            elif typ == R_MSP430_32:
                struct.pack_into("<I", s.data, off, v & 0xffffffff)
            else:
                sys.exit("%s: relocation type %d not supported" % (s.obj.path, typ))

    image = {}
    for s in secs:
        if s.kind() != "bss":
            for k, byte in enumerate(s.data):
                image[s.addr + k] = byte
    with open(out, "w") as f:
        addrs = sorted(image)
        k = 0
        while k < len(addrs):
            start = addrs[k]
            chunk = [image[start]]
            while k + len(chunk) < len(addrs) and addrs[k + len(chunk)] == start + len(chunk) and len(chunk) < 16:
                chunk.append(image[start + len(chunk)])
            rec = [len(chunk), start >> 8, start & 0xff, 0] + chunk
            f.write(":" + "".join("%02X" % x for x in rec) + "%02X\n" % (-sum(rec) & 0xff))
            k += len(chunk)
        f.write(":00000001FF\n")
    if mapf:
        with open(mapf, "w") as f:
            for name, sym in sorted(globals_.items()):
                sec = sym.obj.sections.get(sym.shndx)
                if sec is not None and sec.addr is not None:
                    f.write("0x%04x %5d %s\n" % (value(sym), sym.size, name))
            for name, v in sorted(special.items()):
                f.write("0x%04x %5d %s\n" % (v, 0, name))
            for o in objs:  # per object, sections kept: "# section KIND SIZE OBJECT"
                for sec in o.sections.values():
                    if id(sec) in keep and sec.kind() != "vector":
                        f.write("# section %s %d %s\n" % (sec.kind(), sec.size, o.path))
    sizes = {k: sum(s.size for s in secs if s.kind() == k) for k in ("text", "rodata", "data", "bss")}
    print("   text  rodata    data     bss  (bytes; flash = text + rodata + data)")
    print("%7d %7d %7d %7d  %s" % (sizes["text"], sizes["rodata"], sizes["data"], sizes["bss"], out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
