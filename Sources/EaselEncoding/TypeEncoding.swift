// EaselEncoding — Objective-C `@encode` type encodings and method signatures.
//
// Design
// ------
// A plugin describes every method it exports with an Objective-C type
// encoding, and the host later calls the method through libffi exactly as that
// string says. The encoding is therefore the one piece of plugin input that
// decides how many bytes the host reads and writes on each call, so this module
// treats it the way GNUstep's NSMethodSignature does: parse it once, up front,
// into a small value that cannot be misread later, and refuse anything
// malformed, unsupported or oversized at the door instead of half-understanding
// it.
//
// * One strict parser (Parser.swift) backs both entry points,
//   `TypeEncoding(parsing:)` for a single value type (a property's encoding)
//   and `MethodSignature(parsing:)` for a whole method. It is a
//   recursive-descent parser over the UTF-8 bytes with four hard limits
//   checked as it goes: the whole string is at most 4096 bytes (checked before
//   anything else), composites nest at most 64 deep (so recursion is bounded),
//   no type may be 2^31 bytes or larger (so size arithmetic cannot overflow),
//   and a value passed, returned or stored by value (a method's return type,
//   each argument, the arguments together, a property's type) is at most
//   64 KiB (`TypeEncoding.maximumValueSize`). The last keeps the cost of a
//   declaration bounded: libffi copies by-value arguments onto the stack, the
//   host allocates argument buffers and default values of that size, and the
//   value codec walks a struct leaf by leaf; a real struct is a few hundred
//   bytes at most, while `{A=[26843545i]}` is 18 bytes of text for 100 MiB.
//   A type behind a pointer is never copied and may be larger. Every error
//   names the byte offset and what was expected there.
// * The grammar accepted is what compilers and runtimes actually emit:
//   method qualifiers (`rnNoORV`) before any type, frame offsets after each
//   top-level type of a method (`v24@0:8`, GNUstep's negative `-8` included),
//   quoted struct field names (`{CGPoint="x"d"y"d}`) and quoted class names
//   (`@"NSString"`). All of these are read and dropped: the parsed value keeps
//   only what determines the C layout, and `encoding` prints it canonically.
// * What the host cannot call is rejected, by name, where it appears: unions,
//   bitfields, 128-bit integers, complex integers, atomic and vector types,
//   and blocks (`@?`). `long double` (`D`) and the complex floating types
//   (`jf`, `jd`, `jD`) are accepted: libffi passes them. Shapes that only make sense behind a pointer —
//   `void`, `?` (unknown, e.g. a function) and structs without fields
//   (`{CGContext}`) — are rejected anywhere a value would be passed, returned
//   or stored; `void` is also accepted as a method's return type.
// * Layout is C's natural layout for LP64 (x86_64 and arm64): pointers are 8
//   bytes, a struct's fields are padded to their alignment and its size is
//   rounded up to the largest. Following Apple's documentation, `l`/`L` are
//   32-bit quantities even on 64-bit platforms.
// * `MethodSignature.cached(_:)` parses through a process-wide, mutex-guarded,
//   bounded cache keyed by the exact string (an `EncodingCache`, whose one
//   policy every cache of parsed encodings follows: EncodingCache.swift), so
//   that the thousands of calls a drawing loop makes never reparse.
// * Values are plain `Sendable`, `Hashable` enums and structs; nothing here
//   uses Foundation or shares mutable state other than the cache.
// * The value codec (Values/ValueCodec.swift) builds on the parsed types: one
//   way from a JSON value or `easel invoke`'s text to the bytes of a type, and
//   back to text.

/// One C type described by an Objective-C type encoding.
///
/// A `TypeEncoding` is the parsed, canonical form of one type in the
/// `@encode` grammar: scalars, pointers, structures and fixed-size arrays.
/// Qualifiers, offsets, field names and class names found in the text are not
/// kept, so two spellings of the same C type compare equal.
///
/// Create one by parsing with ``init(parsing:)`` or by building it directly,
/// then ask for its ``size``, ``alignment``, canonical ``encoding`` or a
/// C-like ``readableName``.
///
/// ```swift
/// let rect = try TypeEncoding(parsing: "{CGRect={CGPoint=dd}{CGSize=dd}}")
/// rect.size          // 32
/// rect.readableName  // "CGRect"
/// ```
///
/// ## Layout
///
/// `structure` is the first case with a payload and is not `indirect`; only
/// `pointer` and `array` are boxed. Swift keeps the case of an enum with
/// several payloads in spare bits, and the first payload case gets the tag
/// 0: so no heap pointer a `TypeEncoding` holds (a structure's field array,
/// the box of a pointer or an array) carries tag bits, and leak checkers such
/// as valgrind, which look for exact addresses, see every block as
/// reachable. (With the whole enum `indirect`, the boxes of structures and
/// arrays were held only through tagged pointers and were reported as
/// "definitely lost", though they were still in use.)
public enum TypeEncoding: Sendable, Hashable {
    /// `v`: no value.
    ///
    /// Only valid as a method's return type or behind a pointer (`^v`). Its
    /// size is 0 and its alignment 1.
    case void
    /// `c`: a signed 8-bit integer (`char`, `int8_t`).
    ///
    /// Size and alignment 1.
    case char
    /// `C`: an unsigned 8-bit integer (`unsigned char`, `uint8_t`).
    ///
    /// Size and alignment 1.
    case unsignedChar
    /// `s`: a signed 16-bit integer (`short`).
    ///
    /// Size and alignment 2.
    case short
    /// `S`: an unsigned 16-bit integer (`unsigned short`).
    ///
    /// Size and alignment 2.
    case unsignedShort
    /// `i`: a signed 32-bit integer (`int`).
    ///
    /// Size and alignment 4.
    case int
    /// `I`: an unsigned 32-bit integer (`unsigned int`).
    ///
    /// Size and alignment 4.
    case unsignedInt
    /// `l`: a `long`, treated as a 32-bit quantity.
    ///
    /// Apple documents that "l is treated as a 32-bit quantity on 64-bit
    /// programs", so this is a signed 32-bit integer: size and alignment 4.
    case long
    /// `L`: an `unsigned long`, treated as a 32-bit quantity.
    ///
    /// The unsigned counterpart of ``long``: size and alignment 4.
    case unsignedLong
    /// `q`: a signed 64-bit integer (`long long`).
    ///
    /// Size and alignment 8.
    case longLong
    /// `Q`: an unsigned 64-bit integer (`unsigned long long`).
    ///
    /// Size and alignment 8.
    case unsignedLongLong
    /// `f`: a 32-bit IEEE 754 `float`.
    ///
    /// Size and alignment 4.
    case float
    /// `d`: a 64-bit IEEE 754 `double`.
    ///
    /// Size and alignment 8.
    case double
    /// `D`: a C `long double`.
    ///
    /// Size and alignment 16 on x86_64 (the x87 80-bit format, padded) and
    /// on arm64 Linux (IEEE binary128). libffi passes it as
    /// `ffi_type_longdouble`.
    case longDouble
    /// `jf`: a C `float _Complex` (real and imaginary `float`s).
    ///
    /// Size 8, alignment 4. libffi passes it as `ffi_type_complex_float`.
    case complexFloat
    /// `jd`: a C `double _Complex`.
    ///
    /// Size 16, alignment 8. libffi passes it as `ffi_type_complex_double`.
    case complexDouble
    /// `jD`: a C `long double _Complex`.
    ///
    /// Size 32, alignment 16. libffi passes it as `ffi_type_complex_longdouble`.
    case complexLongDouble
    /// `B`: a C `bool` / Objective-C `BOOL`.
    ///
    /// Size and alignment 1.
    case bool
    /// `*`: a C string, `char *`.
    ///
    /// A pointer: size and alignment 8.
    case cString
    /// `@`: an object, `id`.
    ///
    /// A pointer: size and alignment 8. A quoted class name after the `@`
    /// (`@"NSString"`) is accepted when parsing and dropped.
    case object
    /// `#`: a class object, `Class`.
    ///
    /// A pointer: size and alignment 8.
    case `class`
    /// `:`: a selector, `SEL`.
    ///
    /// A pointer: size and alignment 8.
    case selector
    /// `?`: an unknown type, typically a function.
    ///
    /// Only valid behind a pointer (`^?`, a function pointer). Its own size is
    /// 0 and its alignment 1.
    case unknown
    /// `{name=fields}`: a C structure.
    ///
    /// `name` is `nil` for an anonymous structure (written `?` in the
    /// encoding). A structure with no fields (`{CGContext}` or
    /// `{CGContext=}`) is only valid behind a pointer; its size is 0 and its
    /// alignment 1. Otherwise the layout is C's natural one: each field at the
    /// next offset that is a multiple of its alignment, the total rounded up
    /// to the largest field alignment.
    case structure(name: String?, fields: [TypeEncoding])
    /// `^T`: a pointer to `T`.
    ///
    /// Size and alignment 8, whatever the pointee. The pointee may be
    /// ``void``, ``unknown`` or a structure without fields (`^{CGContext=}`).
    indirect case pointer(TypeEncoding)
    /// `[countT]`: a fixed-size C array of `count` elements of `element`.
    ///
    /// Written with a decimal count greater than 0, e.g. `[4d]`. Its size is
    /// `count * element.size` and its alignment that of the element.
    indirect case array(count: Int, element: TypeEncoding)

    /// The most bytes a value passed, returned or stored by value may take: 64 KiB.
    ///
    /// ``init(parsing:)`` refuses a larger type, and
    /// ``MethodSignature/init(parsing:)`` a larger return type, argument or
    /// set of arguments together, so that no declaration can make the host
    /// copy, allocate or describe to libffi more than this per call. Types
    /// behind a pointer are not limited by it (only by the 2^31-byte limit on
    /// every type).
    public static let maximumValueSize = Parser.maximumValueSize

    /// Parses exactly one value type, such as a property's encoding.
    ///
    /// The encoding must describe one type that can hold a value: leading
    /// qualifiers (`r n N o O R V`) and trailing frame-offset digits are
    /// accepted and ignored, but anything else after the type is an error, as
    /// are `v`, `?` and structures without fields unless behind a pointer.
    ///
    /// ```swift
    /// try TypeEncoding(parsing: "rn*")          // .cString
    /// try TypeEncoding(parsing: "^{CGContext}") // .pointer(.structure(name: "CGContext", fields: []))
    /// ```
    ///
    /// - Parameters:
    ///   - encoding: The type encoding; at most 4096 UTF-8 bytes.
    /// - Throws: ``EncodingError`` naming the position and reason if the
    ///   encoding is empty, too long, malformed, nested deeper than 64, uses
    ///   an unsupported type, has trailing characters after the type, or
    ///   describes a value larger than ``maximumValueSize``.
    public init(parsing encoding: String) throws(EncodingError) {
        var parser = try Parser(encoding)
        self = try parser.parseSingleType()
    }

    /// The C `sizeof` of the type on an LP64 platform (x86_64, arm64).
    ///
    /// Pointers are 8 bytes; a structure is laid out with natural C padding
    /// and rounded up to its alignment; a structure without fields, ``void``
    /// and ``unknown`` have size 0. A parsed type is always smaller than 2^31
    /// bytes.
    ///
    /// - Precondition: for a value built by hand, the size fits in an `Int`
    ///   and every array count is non-negative.
    public var size: Int {
        guard let layout = checkedLayout else {
            preconditionFailure("the size of type encoding \(encoding) overflows Int or has a negative array count")
        }
        return layout.size
    }

    /// The C alignment of the type on an LP64 platform, in bytes.
    ///
    /// Scalars are aligned to their size, pointers to 8, a structure to its
    /// most aligned field (1 when it has none) and an array to its element.
    public var alignment: Int {
        switch self {
        case .void, .unknown, .char, .unsignedChar, .bool: 1
        case .short, .unsignedShort: 2
        case .int, .unsignedInt, .long, .unsignedLong, .float, .complexFloat: 4
        case .longLong, .unsignedLongLong, .double, .complexDouble: 8
        case .longDouble, .complexLongDouble: 16
        case .cString, .object, .class, .selector, .pointer: 8
        case .structure(_, let fields): fields.reduce(1) { max($0, $1.alignment) }
        case .array(_, let element): element.alignment
        }
    }

    /// The canonical encoding of the type.
    ///
    /// Qualifiers, offsets, field names and class names are dropped, an
    /// anonymous structure is written `{?=…}` and a structure without fields
    /// `{Name=}`, e.g. `"{CGRect={CGPoint=dd}{CGSize=dd}}"` or
    /// `"^{CGContext=}"`. Parsing the canonical encoding gives back an equal
    /// value.
    public var encoding: String {
        switch self {
        case .void: "v"
        case .char: "c"
        case .unsignedChar: "C"
        case .short: "s"
        case .unsignedShort: "S"
        case .int: "i"
        case .unsignedInt: "I"
        case .long: "l"
        case .unsignedLong: "L"
        case .longLong: "q"
        case .unsignedLongLong: "Q"
        case .float: "f"
        case .double: "d"
        case .longDouble: "D"
        case .complexFloat: "jf"
        case .complexDouble: "jd"
        case .complexLongDouble: "jD"
        case .bool: "B"
        case .cString: "*"
        case .object: "@"
        case .class: "#"
        case .selector: ":"
        case .unknown: "?"
        case .pointer(let pointee): "^" + pointee.encoding
        case .structure(let name, let fields):
            "{" + (name ?? "?") + "=" + fields.map(\.encoding).joined() + "}"
        case .array(let count, let element): "[\(count)" + element.encoding + "]"
        }
    }

    /// A C-like name for the type, for messages and diagnostics.
    ///
    /// Scalars use fixed-width names (`"int8_t"` for `c`, `"int32_t"` for
    /// both `i` and `l`, `"BOOL"` for `B`), object types their Objective-C
    /// names (`"id"`, `"Class"`, `"SEL"`), `*` is `"char *"` and `?` is
    /// `"?"`. A pointer appends `" *"` to its pointee (`"void *"`,
    /// `"CGContext *"`, `"int32_t **"`); a named structure is its name; an
    /// anonymous one lists its fields (`"struct {double, double}"`); an array
    /// is written as in C (`"double[4]"`, `"int32_t[2][3]"`).
    public var readableName: String {
        switch self {
        case .void: "void"
        case .char: "int8_t"
        case .unsignedChar: "uint8_t"
        case .short: "int16_t"
        case .unsignedShort: "uint16_t"
        case .int, .long: "int32_t"
        case .unsignedInt, .unsignedLong: "uint32_t"
        case .longLong: "int64_t"
        case .unsignedLongLong: "uint64_t"
        case .float: "float"
        case .double: "double"
        case .longDouble: "long double"
        case .complexFloat: "float _Complex"
        case .complexDouble: "double _Complex"
        case .complexLongDouble: "long double _Complex"
        case .bool: "BOOL"
        case .cString: "char *"
        case .object: "id"
        case .class: "Class"
        case .selector: "SEL"
        case .unknown: "?"
        case .pointer(let pointee):
            // The pointee's name once: asking twice per level doubled the
            // work with each `^` (64 of them took forever; found by fuzzing).
            Self.pointerName(to: pointee.readableName)
        case .structure(let name?, _): name
        case .structure(nil, let fields):
            "struct {" + fields.map(\.readableName).joined(separator: ", ") + "}"
        case .array:
            arrayDeclarator.base + arrayDeclarator.suffix
        }
    }

    /// `name *`, or `name*` when `name` already ends in a star (`int32_t **`).
    private static func pointerName(to name: String) -> String {
        name.hasSuffix("*") ? name + "*" : name + " *"
    }

    /// For arrays: the element's base name and the C dimensions, outermost
    /// first (`[2[3i]]` is `int32_t` and `[2][3]`).
    private var arrayDeclarator: (base: String, suffix: String) {
        guard case .array(let count, let element) = self else { return (readableName, "") }
        let inner = element.arrayDeclarator
        return (inner.base, "[\(count)]" + inner.suffix)
    }

    /// Size and alignment, or `nil` if the size overflows `Int` or an array
    /// count is negative (only possible for values built by hand).
    var checkedLayout: (size: Int, alignment: Int)? {
        switch self {
        case .structure(_, let fields):
            var offset = 0
            var alignment = 1
            for field in fields {
                guard let layout = field.checkedLayout,
                      let start = Self.roundUp(offset, to: layout.alignment)
                else { return nil }
                let (end, overflow) = start.addingReportingOverflow(layout.size)
                if overflow { return nil }
                offset = end
                alignment = max(alignment, layout.alignment)
            }
            guard let size = Self.roundUp(offset, to: alignment) else { return nil }
            return (size, alignment)
        case .array(let count, let element):
            guard count >= 0, let layout = element.checkedLayout else { return nil }
            let (size, overflow) = count.multipliedReportingOverflow(by: layout.size)
            return overflow ? nil : (size, layout.alignment)
        case .void, .unknown:
            return (0, 1)
        case .complexFloat: return (8, 4)
        case .complexDouble: return (16, 8)
        case .complexLongDouble: return (32, 16)
        default:
            // Scalars and pointers: size equals alignment.
            return (alignment, alignment)
        }
    }

    private static func roundUp(_ value: Int, to alignment: Int) -> Int? {
        let (sum, overflow) = value.addingReportingOverflow(alignment - 1)
        return overflow ? nil : sum / alignment * alignment
    }
}
