#if canImport(Glibc)
import Glibc
#endif
import EaselABI

/// A sanity check of a shared object's ELF headers, and of its entry point,
/// before it reaches dlopen().
///
/// The dynamic loader trusts a file's program headers: a truncated library
/// whose loadable segments reach past the end of the file makes ld.so touch
/// unmapped pages and die with SIGBUS inside dlopen(), taking the host with
/// it. Reading the 64-byte ELF header and the program header table is enough
/// to refuse such files with a clear reason (class, byte order, type, machine,
/// and every PT_LOAD segment inside the file).
///
/// The entry point's name carries the ABI major (`easel_plugin_entry_v2`), so
/// the dynamic symbol table tells, before any of the plugin's code runs (not
/// even its constructors), whether it was built for this host: the check looks
/// the name up in the `.gnu.hash` table as ld.so would (a few small reads),
/// and only when it is missing reads the whole `.dynsym` to say what the file
/// exports instead (a 1.x `easel_plugin_entry`, another major's `_vN`, or a
/// C++-mangled name). A file without section headers is left to dlsym() after
/// dlopen(). It is not a loader: anything that passes still goes through
/// dlopen().
package enum ELFCheck {
    enum Outcome: Equatable {
        case ok
        case notELF
        case unreadable(String)
        case invalid(String)
        /// The file exports the entry point of another ABI major and not this host's.
        case otherMajor(Int)
        /// The file exports no entry point; `mangled` is a C++-mangled name that contains it, if any.
        case noEntry(mangled: String?)
    }

    /// The entry point of 1.x, before the major was part of the name.
    static let unversionedEntry = "easel_plugin_entry"

    #if arch(x86_64)
    static let hostMachine: UInt16 = 62   // EM_X86_64
    #elseif arch(arm64)
    static let hostMachine: UInt16 = 183  // EM_AARCH64
    #else
    static let hostMachine: UInt16 = 0    // unchecked
    #endif

    static func check(path: String, fileSize: Int) -> Outcome {
        let fd = FileSystemName.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .unreadable(String(cString: strerror(errno))) }
        defer { close(fd) }
        return check(descriptor: fd, fileSize: fileSize)
    }

    /// `count` bytes at `offset` of a file of `fileSize` bytes, or `nil`
    /// when they are not all inside the file or cannot be read.
    static func read(_ fd: Int32, _ count: Int, at offset: Int, fileSize: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset <= fileSize, count <= fileSize - offset else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return nil }
            done += got
        }
        return bytes
    }

    static func u16(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 }
    static func u32(_ b: [UInt8], _ at: Int) -> Int { u16(b, at) | u16(b, at + 2) << 16 }
    static func u64(_ b: [UInt8], _ at: Int) -> Int {
        let value = UInt64(u32(b, at)) | UInt64(u32(b, at + 4)) << 32
        return value > UInt64(Int.max) ? Int.max : Int(value)
    }

    /// The checks of ``check(path:fileSize:)`` on an open descriptor (read with pread: its offset does not move).
    static func check(descriptor fd: Int32, fileSize: Int) -> Outcome {
        func read(_ count: Int, at offset: Int) -> [UInt8]? { Self.read(fd, count, at: offset, fileSize: fileSize) }
        guard let header = read(64, at: 0), header[0..<4] == [0x7F, 0x45, 0x4C, 0x46] else { return .notELF }
        guard header[4] == 2 else { return .invalid("not a 64-bit ELF file") }
        guard header[5] == 1 else { return .invalid("not a little-endian ELF file") }
        guard u16(header, 16) == 3 else { return .invalid("an ELF file that is not a shared object (e_type \(u16(header, 16)))") }
        let machine = u16(header, 18)
        guard hostMachine == 0 || machine == Int(hostMachine) else {
            return .invalid("built for another machine (e_machine \(machine), this host is \(hostMachine))")
        }
        let phoff = u64(header, 32), phentsize = u16(header, 54), phnum = u16(header, 56)
        guard phentsize >= 56, phnum > 0, let table = read(phentsize * phnum, at: phoff) else {
            return .invalid("truncated: the program header table is not inside the file")
        }
        for index in 0..<phnum {
            let entry = index * phentsize
            guard u32(table, entry) == 1 else { continue }  // PT_LOAD
            let offset = u64(table, entry + 8), size = u64(table, entry + 32)
            guard offset <= fileSize, size <= fileSize - offset else {
                return .invalid("truncated: a loadable segment ends at byte \(offset &+ size) but the file has \(fileSize) bytes")
            }
        }

        // The entry point, from the section headers' .dynsym and .gnu.hash.
        let shoff = u64(header, 40), shentsize = u16(header, 58), shnum = u16(header, 60)
        guard shoff > 0, shentsize >= 64, shnum > 0, shnum <= 65_280,
              let sections = read(shentsize * shnum, at: shoff) else { return .ok }
        struct Section { let type: Int, offset: Int, size: Int, link: Int }
        // A section that does not lie inside the file reads as empty, so that
        // no offset computed from it below can overflow (offsets near 2^63
        // crashed here, found by the ELF fuzzer).
        let all = (0..<shnum).map { index -> Section in
            let at = index * shentsize
            let offset = u64(sections, at + 24), size = u64(sections, at + 32)
            let inside = offset <= fileSize && size <= fileSize - offset
            return Section(type: u32(sections, at + 4), offset: inside ? offset : 0, size: inside ? size : 0,
                           link: u32(sections, at + 40))
        }
        guard let dynsym = all.first(where: { $0.type == 11 }), dynsym.link < shnum,  // SHT_DYNSYM
              all[dynsym.link].type == 3,  // SHT_STRTAB
              dynsym.size / 24 > 0, dynsym.size <= 64 << 20, all[dynsym.link].size <= 64 << 20 else { return .ok }
        let strtab = all[dynsym.link]
        let symbolCount = dynsym.size / 24

        /// The name of symbol `index` when it is defined (st_shndx is not SHN_UNDEF).
        func definedName(_ symbol: [UInt8], _ at: Int, strings: (Int) -> [UInt8]?) -> [UInt8]? {
            guard u16(symbol, at + 6) != 0 else { return nil }
            return strings(u32(symbol, at))
        }
        func string(at offset: Int, limit: Int) -> [UInt8]? {
            guard offset < strtab.size, let bytes = read(min(limit, strtab.size - offset), at: strtab.offset + offset) else {
                return nil
            }
            return Array(bytes.prefix { $0 != 0 })
        }

        // ld.so's lookup in the GNU hash table: present means loadable.
        let wanted = Array(EASEL_PLUGIN_ENTRY_SYMBOL.utf8)
        if let hash = all.first(where: { $0.type == 0x6FFF_FFF6 }), hash.size >= 16, hash.size <= 64 << 20,  // SHT_GNU_HASH
           let table = read(hash.size, at: hash.offset) {
            let buckets = u32(table, 0), symbolBase = u32(table, 4), bloomWords = u32(table, 8), shift = u32(table, 12)
            let bucketsAt = 16 + bloomWords * 8, chainsAt = bucketsAt + buckets * 4
            guard buckets > 0, bloomWords > 0, chainsAt <= table.count else { return .invalid("a malformed .gnu.hash section") }
            let h = wanted.reduce(UInt32(5381)) { $0 &* 33 &+ UInt32($1) }
            let word = UInt64(u32(table, 16 + Int(h / 64 % UInt32(bloomWords)) * 8))
                | UInt64(u32(table, 20 + Int(h / 64 % UInt32(bloomWords)) * 8)) << 32
            let mask = UInt64(1) << (h % 64) | UInt64(1) << ((h >> UInt32(shift % 32)) % 64)
            if word & mask == mask {
                var index = u32(table, bucketsAt + Int(h % UInt32(buckets)) * 4)
                while index >= symbolBase, index < symbolCount, chainsAt + (index - symbolBase) * 4 + 4 <= table.count {
                    let chained = UInt32(truncatingIfNeeded: u32(table, chainsAt + (index - symbolBase) * 4))
                    if chained | 1 == h | 1, let symbol = read(24, at: dynsym.offset + index * 24),
                       definedName(symbol, 0, strings: { string(at: $0, limit: wanted.count + 1) }) == wanted {
                        return .ok
                    }
                    if chained & 1 == 1 { break }
                    index += 1
                }
            }
        }

        // Not there (or no hash table): what does the file export instead?
        guard let symbols = read(symbolCount * 24, at: dynsym.offset),
              let strings = read(strtab.size, at: strtab.offset) else { return .ok }
        let prefix = Array(unversionedEntry.utf8)
        var otherMajor: Int?, mangled: String?
        for index in 0..<symbolCount {
            guard let name = definedName(symbols, index * 24, strings: { offset in
                offset < strings.count ? Array(strings[offset...].prefix { $0 != 0 }) : nil
            }) else { continue }
            if name == wanted { return .ok }
            if name == prefix {
                otherMajor = otherMajor ?? 1
            } else if name.starts(with: prefix + Array("_v".utf8)), name.count <= prefix.count + 6,
                      let major = Int(String(decoding: name.dropFirst(prefix.count + 2), as: UTF8.self)), major > 0 {
                otherMajor = max(otherMajor ?? 0, major)
            } else if name.starts(with: Array("_Z".utf8)), mangled == nil,
                      name.firstRange(of: prefix) != nil {
                mangled = String(decoding: name, as: UTF8.self)
            }
        }
        if let otherMajor { return .otherMajor(otherMajor) }
        return .noEntry(mangled: mangled)
    }
}
