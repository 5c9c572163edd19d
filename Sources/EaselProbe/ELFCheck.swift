#if canImport(Glibc)
import Glibc
#endif

/// A sanity check of a shared object's ELF headers before it reaches dlopen().
///
/// The dynamic loader trusts a file's program headers: a truncated library
/// whose loadable segments reach past the end of the file makes ld.so touch
/// unmapped pages and die with SIGBUS inside dlopen(), taking the host with
/// it. Reading the 64-byte ELF header and the program header table is enough
/// to refuse such files with a clear reason (class, byte order, type, machine,
/// and every PT_LOAD segment inside the file). It is not a loader: anything
/// that passes still goes through dlopen().
enum ELFCheck {
    enum Outcome: Equatable {
        case ok
        case notELF
        case unreadable(String)
        case invalid(String)
    }

    #if arch(x86_64)
    static let hostMachine: UInt16 = 62   // EM_X86_64
    #elseif arch(arm64)
    static let hostMachine: UInt16 = 183  // EM_AARCH64
    #else
    static let hostMachine: UInt16 = 0    // unchecked
    #endif

    static func check(path: String, fileSize: Int) -> Outcome {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .unreadable(String(cString: strerror(errno))) }
        defer { close(fd) }
        func read(_ count: Int, at offset: Int) -> [UInt8]? {
            guard offset >= 0, count >= 0, offset + count <= fileSize else { return nil }
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
        guard let header = read(64, at: 0), header[0..<4] == [0x7F, 0x45, 0x4C, 0x46] else { return .notELF }
        func u16(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 }
        func u32(_ b: [UInt8], _ at: Int) -> Int { u16(b, at) | u16(b, at + 2) << 16 }
        func u64(_ b: [UInt8], _ at: Int) -> Int {
            let value = UInt64(u32(b, at)) | UInt64(u32(b, at + 4)) << 32
            return value > UInt64(Int.max) ? Int.max : Int(value)
        }
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
        return .ok
    }
}
