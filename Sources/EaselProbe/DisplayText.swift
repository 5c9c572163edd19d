/// Text from a plugin or a file name, made safe to print: what a plugin
/// names cannot colour the terminal or forge a line.
package enum DisplayText {
    /// The bytes as text, with every byte that is not printable (control
    /// characters, DEL, and bytes that are not valid UTF-8) written `\xNN`,
    /// and a backslash written `\\` so that the form cannot be mistaken.
    package static func escaped(_ bytes: some Collection<UInt8>) -> String {
        var out = ""
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F {
                out.unicodeScalars.append(Unicode.Scalar(byte))
                index = bytes.index(after: index)
                continue
            }
            // A well-formed UTF-8 sequence of a printable scalar is kept.
            let length = byte >= 0xF0 && byte < 0xF5 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 && byte < 0xE0 ? 2 : 0
            if length > 0, let end = bytes.index(index, offsetBy: length, limitedBy: bytes.endIndex),
               let text = String(validating: bytes[index..<end], as: UTF8.self),
               let scalar = text.unicodeScalars.first, !isControl(scalar) {
                out += text
                index = end
                continue
            }
            out += "\\x" + String(byte, radix: 16, uppercase: false).leftPadded(to: 2)
            index = bytes.index(after: index)
        }
        return out
    }

    /// A string as ``escaped(_:)`` shows it.
    package static func escaped(_ text: String) -> String { escaped(FileSystemName.bytes(text)) }

    /// Control characters (C0, DEL, C1) and the invisible formatting
    /// characters that reorder or hide text (bidirectional overrides and
    /// isolates, zero-width characters).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x200B...0x200F).contains(value)
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0xFEFF
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
