// libFuzzer target: the ELF check a plugin file passes before dlopen()
// (EaselProbe's ELFCheck, as it is: internal, reached with @testable). The
// input is written to an unlinked file in /dev/shm, read back through
// /proc/self/fd, since the check opens a path.
#if canImport(Glibc)
import Glibc
#endif
@testable import EaselProbe

private let file: CInt = {
    let name = "/dev/shm/easel-fuzz-elf-\(getpid()).so"
    let file = open(name, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    unlink(name)
    return file
}()
private let path = "/proc/self/fd/\(file)"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzELF(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    precondition(file >= 0, "cannot create \(path)")
    precondition(ftruncate(file, 0) == 0 && pwrite(file, data, count, 0) == count, "cannot write \(path)")
    _ = ELFCheck.check(path: path, fileSize: count)
    return 0
}
