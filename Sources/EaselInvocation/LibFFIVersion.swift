#if canImport(Glibc)
import Glibc
#endif

/// The libffi this process runs with (for `easel --version`).
public enum LibFFIVersion {
    /// The file name of the libffi library mapped in this process, links
    /// resolved (e.g. `libffi.so.8.1.2`; libffi 3.4 has no function that
    /// returns its version), from `/proc/self/maps`. `nil` when it is not
    /// found there (a static libffi).
    public static var loadedLibrary: String? {
        guard let maps = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(maps) }
        var line = [CChar](repeating: 0, count: 4096)
        var lines = 0
        while lines < 100_000, fgets(&line, Int32(line.count), maps) != nil {
            lines += 1
            let text = String(cString: line)
            guard let slash = text.firstIndex(of: "/") else { continue }
            let path = text[slash...].trimmingCharacters(in: "\n")
            guard let name = path.split(separator: "/").last, name.hasPrefix("libffi.so") else { continue }
            return String(name)
        }
        return nil
    }
}

private extension Substring {
    func trimmingCharacters(in character: Character) -> String {
        var text = self
        while text.last == character { text = text.dropLast() }
        return String(text)
    }
}
