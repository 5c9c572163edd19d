#if canImport(Glibc)
import Glibc
#endif

extension ELFCheck {
    /// What a shared object's dynamic section asks of the loader: the
    /// libraries it needs and where to look for them.
    package struct Dynamic: Equatable, Sendable {
        /// `DT_NEEDED`: the libraries it needs, in order.
        package var needed: [String] = []
        /// `DT_RPATH`, split at `:` (the loader ignores it when there is a `DT_RUNPATH`).
        package var rpath: [String] = []
        /// `DT_RUNPATH`, split at `:`.
        package var runpath: [String]?
        /// `DT_SONAME`, the name the loader knows the library by once it is loaded.
        package var soname: String?
    }

    /// The most `DT_NEEDED` entries a file may have.
    static let maximumNeeded = 1024

    /// Reads the dynamic section (`PT_DYNAMIC`) of a 64-bit little-endian
    /// shared object from an open descriptor, as the loader does: through the
    /// program headers, with the string table found by mapping `DT_STRTAB`'s
    /// address through the `PT_LOAD` segments. Every offset and size is
    /// checked against the file before it is read.
    ///
    /// - Returns: The entries, or why they cannot be read (a sentence without the path).
    package static func dynamic(descriptor fd: Int32, fileSize: Int) -> Result<Dynamic, DynamicError> {
        func read(_ count: Int, at offset: Int) -> [UInt8]? { Self.read(fd, count, at: offset, fileSize: fileSize) }
        func fail(_ message: String) -> Result<Dynamic, DynamicError> { .failure(DynamicError(message: message)) }
        guard let header = read(64, at: 0), header[0..<4] == [0x7F, 0x45, 0x4C, 0x46], header[4] == 2, header[5] == 1 else {
            return fail("not a 64-bit little-endian ELF file")
        }
        let phoff = u64(header, 32), phentsize = u16(header, 54), phnum = u16(header, 56)
        guard phentsize >= 56, phnum > 0, let table = read(phentsize * phnum, at: phoff) else {
            return fail("truncated: the program header table is not inside the file")
        }
        var loads: [(address: Int, offset: Int, size: Int)] = []
        var section: (offset: Int, size: Int)?
        for index in 0..<phnum {
            let entry = index * phentsize
            switch u32(table, entry) {
            case 1: loads.append((u64(table, entry + 16), u64(table, entry + 8), u64(table, entry + 32)))  // PT_LOAD
            case 2: section = (u64(table, entry + 8), u64(table, entry + 32))  // PT_DYNAMIC
            default: break
            }
        }
        guard let section else { return .success(Dynamic()) }
        guard section.size <= 1 << 20, let entries = read(section.size - section.size % 16, at: section.offset) else {
            return fail("the dynamic section (\(section.size) bytes at byte \(section.offset)) is not inside the file")
        }
        var needed: [Int] = [], strtab: Int?, strsz: Int?, soname: Int?, rpath: Int?, runpath: Int?
        scan: for at in stride(from: 0, to: entries.count, by: 16) {
            let value = u64(entries, at + 8)
            switch u64(entries, at) {
            case 0: break scan  // DT_NULL
            case 1:  // DT_NEEDED
                guard needed.count < maximumNeeded else { return fail("more than \(maximumNeeded) needed libraries (DT_NEEDED)") }
                needed.append(value)
            case 5: strtab = value     // DT_STRTAB
            case 10: strsz = value     // DT_STRSZ
            case 14: soname = value    // DT_SONAME
            case 15: rpath = value     // DT_RPATH
            case 29: runpath = value   // DT_RUNPATH
            default: break
            }
        }
        if needed.isEmpty && soname == nil && rpath == nil && runpath == nil { return .success(Dynamic()) }
        guard let strtab, let strsz else { return fail("the dynamic section has no string table (DT_STRTAB and DT_STRSZ)") }
        guard strsz <= 16 << 20,
              let segment = loads.first(where: { strtab >= $0.address && strtab - $0.address < $0.size }),
              strsz <= segment.size - (strtab - segment.address),
              case let (start, overflow) = segment.offset.addingReportingOverflow(strtab - segment.address), !overflow,
              let strings = read(strsz, at: start) else {
            return fail("the dynamic string table (\(strsz) bytes at address \(strtab)) is not inside a loadable segment of the file")
        }
        func string(_ offset: Int, _ what: String) -> Result<String, DynamicError> {
            guard offset < strings.count, let end = strings[offset...].firstIndex(of: 0) else {
                return .failure(DynamicError(message: "\(what) (at byte \(offset) of the dynamic string table) runs past the table's end"))
            }
            let bytes = strings[offset..<end]
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return .failure(DynamicError(message: "\(what) \"\(DisplayText.escaped(bytes))\" is not valid UTF-8"))
            }
            return .success(text)
        }
        var result = Dynamic()
        do {
            for offset in needed { result.needed.append(try string(offset, "a needed library name (DT_NEEDED)").get()) }
            result.soname = try soname.map { try string($0, "the library's own name (DT_SONAME)").get() }
            result.rpath = try rpath.map { try string($0, "DT_RPATH").get().split(separator: ":").map(String.init) } ?? []
            result.runpath = try runpath.map { try string($0, "DT_RUNPATH").get().split(separator: ":").map(String.init) }
        } catch let error as DynamicError {
            return .failure(error)
        } catch {
            return fail("\(error)")
        }
        return .success(result)
    }

    /// Why a dynamic section cannot be read.
    package struct DynamicError: Error, Equatable {
        /// A sentence without the path.
        package let message: String
    }
}
