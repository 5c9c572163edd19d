// Fonts for tests: a font file with its family renamed, so that the family is new to the process.

/// `bytes` (a font file) with every occurrence of `old` (as ASCII and as
/// UTF-16BE, the two ways a name table holds a family) replaced by `new`,
/// which must be as long.
public func fontRenamingFamily(_ bytes: [UInt8], _ old: String, _ new: String) -> [UInt8] {
    var result = bytes
    for (from, to) in [(Array(old.utf8), Array(new.utf8)),
                       (old.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] },
                        new.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })] where from.count == to.count && !from.isEmpty {
        var index = 0
        while index + from.count <= result.count {
            if result[index] == from[0], Array(result[index..<index + from.count]) == from {
                result.replaceSubrange(index..<index + from.count, with: to)
                index += from.count
            } else {
                index += 1
            }
        }
    }
    return result
}
