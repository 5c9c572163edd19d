// Where a scene file that Jansson refuses goes wrong.
//
// Jansson (JSONReader) gives its reason with the line and column, which is
// the whole message for a syntax error. Two kinds of failure are about a
// value, though, and get its JSON path too, found with Foundation's
// `JSONDecoder`:
//
// - A number too large for a double (`1e400`): the coding path of the value
//   `JSONDecoder` was decoding names the place, and the error the number as
//   written, but not where it is. Each place the number is written (at most
//   64 are tried) is replaced in turn by a marker string, and the one that
//   `JSONDecoder` then finds at that coding path is the place.
// - A string with a lone surrogate (`"\ud800"`): `JSONDecoder` reports the
//   byte offset with the error (a `SourceLocation` it does not make public,
//   read through `Mirror`), and the coding path of the value it was decoding.
//
// No JSON is parsed here: Jansson and Foundation find every error; this only locates it.

import EaselEncoding
import FoundationEssentials

extension Scene {
    /// The error for a file Jansson refused: a number too large or a lone
    /// surrogate at its JSON path, or the syntax error; each with its line and column.
    static func readError(_ error: JSONSyntaxError, in data: Data) -> SceneError {
        if error.isNumberOverflow || error.isLoneSurrogate, let located = valueError(in: data) { return located }
        return SceneError(path: "line \(error.line), column \(max(error.column, 1))", "JSON syntax error: \(error.reason)")
    }

    /// The first value `JSONDecoder` cannot read for a reason other than its kind, at its JSON path.
    private static func valueError(in data: Data) -> SceneError? {
        let failure: FirstFailure
        do {
            _ = try JSONDecoder().decode(FirstFailure.self, from: data)
            return nil
        } catch let found as FirstFailure {
            failure = found
        } catch {
            return nil  // a syntax error
        }
        if let number: String = descendant("parsed", of: failure.underlying) {
            return numberError(number, at: failure.path, in: data)
        }
        if let index: Int = descendant("index", of: failure.underlying) {
            return surrogateError(at: index, failure.path, in: data)
        }
        return nil
    }

    /// `1e400 is not a finite number`, at the number's JSON path, with its line and column when found.
    private static func numberError(_ number: String, at path: String, in data: Data) -> SceneError {
        let problem = Double(number).map { $0.isFinite && $0 == 0 } == true
            ? "\(number) is too close to 0 for a double" : "\(number) is not a finite number"
        guard let offset = offset(of: number, at: path, in: data) else { return SceneError(path: path, problem) }
        return SceneError(path: path, "\(problem) (\(lineAndColumn(offset, in: data)))")
    }

    /// Where `number` is written as the value at `path`: the first of its places (whole, not part of a
    /// longer number) that, replaced by a marker string, makes `JSONDecoder` find the marker at `path`.
    private static func offset(of number: String, at path: String, in data: Data) -> Int? {
        let bytes = [UInt8](data), literal = [UInt8](number.utf8)
        let numberBytes = Set("0123456789+-.eE".utf8)
        var tried = 0
        var start = 0
        while start + literal.count <= bytes.count, tried < 64 {
            defer { start += 1 }
            let end = start + literal.count
            guard bytes[start..<end].elementsEqual(literal),
                  start == 0 || !numberBytes.contains(bytes[start - 1]),
                  end == bytes.count || !numberBytes.contains(bytes[end]) else { continue }
            tried += 1
            var marked = Data(bytes[..<start])
            marked.append(contentsOf: #""\u0001easel-marked""#.utf8)
            marked.append(contentsOf: bytes[end...])
            do {
                _ = try JSONDecoder().decode(MarkedValue.self, from: marked)
            } catch let found as MarkedValue.Found where found.path == path {
                return start
            } catch {}
        }
        return nil
    }

    /// A string with a lone surrogate: `\ud800 is half of a UTF-16 surrogate pair`, at the escape.
    ///
    /// `index` is where Foundation noticed: after the high half of a pair where the low one was due,
    /// or inside a low half that came first; the escape is the surrogate's at or just before it.
    private static func surrogateError(at index: Int, _ path: String, in data: Data) -> SceneError? {
        let bytes = [UInt8](data)
        for start in stride(from: min(index, bytes.count - 6), through: max(0, index - 12), by: -1)
        where bytes[start] == UInt8(ascii: "\\") && bytes[start + 1] == UInt8(ascii: "u") {
            let escape = String(decoding: bytes[start..<start + 6], as: UTF8.self)
            guard let unit = UInt16(escape.dropFirst(2), radix: 16), (0xD800...0xDFFF).contains(unit) else { continue }
            return SceneError(path: path, "the string has a lone surrogate \(escape), half of a UTF-16 pair "
                              + "and no character (\(lineAndColumn(start, in: data)))")
        }
        return nil
    }

    /// `line L, column C` of a byte offset: lines counted from 1, columns in characters from 1.
    static func lineAndColumn(_ offset: Int, in data: Data) -> String {
        let bytes = Array(data.prefix(offset))
        let line = bytes.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let lastNewline = bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lastNewline...], as: UTF8.self).count + 1
        return "line \(line), column \(column)"
    }

    /// A value labelled `label` inside `value`'s stored properties or associated values (a few levels deep).
    private static func descendant<T>(_ label: String, of value: Any, depth: Int = 0) -> T? {
        for child in Mirror(reflecting: value).children {
            if child.label == label, let found = child.value as? T { return found }
            if depth < 4, let found: T = descendant(label, of: child.value, depth: depth + 1) { return found }
        }
        return nil
    }
}

/// A JSON path from a decoder's coding path: `root.subviews[2].properties`.
private func jsonPath(_ codingPath: [any CodingKey]) -> String {
    codingPath.reduce(into: "") { path, key in
        if let index = key.intValue, key.stringValue == "Index \(index)" {
            path += "[\(index)]"
        } else {
            path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
    }
}

/// Decodes a document only to fail at the first value `JSONDecoder` cannot read for a reason other
/// than its kind (a number too large, a string with a lone surrogate), with its path and the error.
private struct FirstFailure: Decodable, Error {
    var path = ""
    var underlying: any Error = CancellationError()

    init(path: String, underlying: any Error) {
        self.path = path
        self.underlying = underlying
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() || (try? container.decode(Bool.self)) != nil { return }
        /// Whether `body` decoded the value; `false` when the value is of another kind.
        func attempt(_ body: () throws -> Void) throws -> Bool {
            do {
                try body()
                return true
            } catch let failure as FirstFailure {
                throw failure
            } catch DecodingError.typeMismatch {
                return false
            } catch {
                throw FirstFailure(path: jsonPath(decoder.codingPath), underlying: error)
            }
        }
        if try attempt({ _ = try container.decode(Double.self) }) { return }
        if try attempt({ _ = try container.decode(String.self) }) { return }
        if try attempt({ _ = try container.decode([FirstFailure].self) }) { return }
        _ = try attempt({ _ = try container.decode([String: FirstFailure].self) })
    }
}

/// Decodes a document to find the marker string that replaced a value: fails with its path.
private struct MarkedValue: Decodable {
    struct Found: Error { let path: String }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            if text == "\u{1}easel-marked" { throw Found(path: jsonPath(decoder.codingPath)) }
            return
        }
        do { _ = try container.decode([MarkedValue].self) } catch let found as Found { throw found } catch {}
        do { _ = try container.decode([String: MarkedValue].self) } catch let found as Found { throw found } catch {}
    }
}
