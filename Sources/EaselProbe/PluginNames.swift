#if canImport(Glibc)
import Glibc
#endif

/// The names a plugin gives (its own, its classes', properties' and
/// selectors'), checked when it loads: `easel list` and every message print
/// them, so none may hold a control character (which could colour the
/// terminal or forge a line of output) or bytes that are not UTF-8.
///
/// The character sets:
/// - class, superclass and property names: ASCII letters, digits and `_`,
///   not starting with a digit (an Objective-C identifier);
/// - selectors: the same, plus `:`;
/// - the plugin's name: any UTF-8 text without control characters (C0, DEL,
///   C1) or invisible reordering characters (bidirectional overrides,
///   zero-width characters);
/// - each at most ``maximumLength`` bytes.
///
/// A name that breaks these refuses the whole plugin, with the name shown
/// escaped (`\x1b`) and the position of the first offending byte, as every
/// other fault of a class description does.
package enum PluginNames {
    /// What a name names.
    package enum Role {
        case plugin, className, superclassName, property, selector

        var label: String {
            switch self {
            case .plugin: "plugin name"
            case .className: "class name"
            case .superclassName: "superclass name"
            case .property: "property name"
            case .selector: "selector"
            }
        }

        package var allowed: String {
            switch self {
            case .plugin: "UTF-8 text without control characters"
            case .selector: "ASCII letters, digits, '_' and ':', not starting with a digit"
            default: "ASCII letters, digits and '_', not starting with a digit"
            }
        }
    }

    /// The longest name, in bytes.
    package static let maximumLength = 256

    /// Why a name is refused.
    package struct Problem: Error, Equatable {
        /// A sentence, e.g. `class name "Bad\x1b[31m" has a control character at byte 3`.
        package let message: String
    }

    /// Reads a NUL-terminated name of a plugin (at most ``maximumLength``
    /// bytes are read past the start) and checks it.
    package static func check(_ pointer: UnsafePointer<CChar>, _ role: Role) -> Result<String, Problem> {
        let length = strnlen(pointer, maximumLength + 1)
        let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
        return check(Array(bytes), role)
    }

    /// Checks a name's bytes.
    package static func check(_ bytes: [UInt8], _ role: Role) -> Result<String, Problem> {
        func refuse(_ what: String, at index: Int) -> Result<String, Problem> {
            let shown = DisplayText.escaped(bytes.prefix(maximumLength))
            return .failure(Problem(message: "\(role.label) \"\(shown)\" has \(what) at byte \(index)"))
        }
        guard bytes.count <= maximumLength else {
            return .failure(Problem(message: "\(role.label) \"\(DisplayText.escaped(bytes.prefix(64)))…\" is longer than \(maximumLength) bytes"))
        }
        if role == .plugin {
            var index = 0
            for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
                let width = UTF8.width(scalar)
                if scalar == "\u{FFFD}", Array(bytes[index..<min(bytes.count, index + 3)]) != [0xEF, 0xBF, 0xBD] {
                    return refuse("a byte that is not UTF-8 (0x\(String(bytes[index], radix: 16).leftPadded(to: 2)))", at: index)
                }
                if DisplayText.isControl(scalar) {
                    return refuse("a control character", at: index)
                }
                index += width
            }
            return .success(String(decoding: bytes, as: UTF8.self))
        }
        for (index, byte) in bytes.enumerated() {
            let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || byte == UInt8(ascii: "_")
            let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            if isLetter || (isDigit && index > 0) || (role == .selector && byte == UInt8(ascii: ":")) { continue }
            if byte < 0x20 || byte == 0x7F { return refuse("a control character", at: index) }
            if isDigit { return refuse("a digit first", at: index).mapError { Problem(message: $0.message + "; a \(role.label) is \(role.allowed)") } }
            let character = byte < 0x80 ? "'\(Character(Unicode.Scalar(byte)))'" : "the byte 0x\(String(byte, radix: 16).leftPadded(to: 2))"
            return refuse(character, at: index).mapError { Problem(message: $0.message + "; a \(role.label) is \(role.allowed)") }
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }
}

extension PluginDescription {
    /// The first name of the description that ``PluginNames`` refuses, as
    /// the probe would have refused it: for a description that did not come
    /// from this process's probe (a scanner's answer, which plugin code in
    /// the scanner could have written; a cache entry from an older easel).
    package var nameRefusal: PluginLoadError? {
        func refuse(_ message: String, className: String? = nil) -> PluginLoadError {
            PluginLoadError(path: path, kind: .invalidName, className: className, message: message)
        }
        if case .failure(let problem) = PluginNames.check(Array(name.utf8), .plugin) { return refuse(problem.message) }
        for (index, cls) in classes.enumerated() {
            if case .failure(let problem) = PluginNames.check(Array(cls.name.utf8), .className) {
                return refuse("class #\(index): \(problem.message)")
            }
            let prefix = "class '\(cls.name)': "
            if case .failure(let problem) = PluginNames.check(Array(cls.superclass.utf8), .superclassName) {
                return refuse(prefix + problem.message, className: cls.name)
            }
            for (number, property) in cls.properties.enumerated() {
                if case .failure(let problem) = PluginNames.check(Array(property.name.utf8), .property) {
                    return refuse(prefix + "property #\(number): \(problem.message)", className: cls.name)
                }
            }
            for (number, method) in cls.methods.enumerated() {
                if case .failure(let problem) = PluginNames.check(Array(method.selector.utf8), .selector) {
                    return refuse(prefix + "method #\(number): \(problem.message)", className: cls.name)
                }
            }
        }
        return nil
    }
}
