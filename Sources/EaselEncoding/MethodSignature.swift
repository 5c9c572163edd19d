/// A parsed method type encoding, mirroring NSMethodSignature.
///
/// A method encoding is a return type followed by the argument types, where
/// argument 0 is the receiver (`@` or `#`) and argument 1 the selector (`:`),
/// then the declared arguments, e.g. `"v@:{CGRect={CGPoint=dd}{CGSize=dd}}"`
/// for `- (void)drawRect:(CGRect)rect`. Qualifiers before any type and frame
/// offsets after each type (`"v24@0:8{CGRect={CGPoint=dd}{CGSize=dd}}16"`)
/// are accepted and ignored.
///
/// Parse with ``init(parsing:)``, or with ``cached(_:)`` to parse each
/// distinct string only once per process.
///
/// ```swift
/// let signature = try MethodSignature.cached("v@:{CGRect={CGPoint=dd}{CGSize=dd}}")
/// signature.numberOfArguments        // 3
/// signature.argumentType(at: 2).size // 32
/// ```
public struct MethodSignature: Sendable, Hashable {
    /// The encoding exactly as it was given, offsets and qualifiers included.
    ///
    /// Two signatures are equal only if their encodings are the same string.
    public let encoding: String

    /// The type the method returns; ``TypeEncoding/void`` for none.
    ///
    /// Never ``TypeEncoding/unknown`` or a structure without fields.
    public let returnType: TypeEncoding

    /// The types of all arguments, including the two implicit ones.
    ///
    /// Index 0 is the receiver (``TypeEncoding/object`` or
    /// ``TypeEncoding/class``), index 1 the selector
    /// (``TypeEncoding/selector``), then the declared arguments in order.
    /// None of them is ``TypeEncoding/void``, ``TypeEncoding/unknown`` or a
    /// structure without fields.
    public let argumentTypes: [TypeEncoding]

    /// The number of arguments, including the receiver and the selector.
    ///
    /// Always at least 2; equal to
    /// ``argumentCount(forSelector:)`` of the selector the method is bound to
    /// when the encoding matches it.
    public var numberOfArguments: Int { argumentTypes.count }

    /// The number of bytes the return value occupies.
    ///
    /// The size of ``returnType``: 0 for `void`, 32 for a `CGRect`.
    public var methodReturnLength: Int { returnType.size }

    /// The type of the argument at `index`.
    ///
    /// Index 0 is the receiver, 1 the selector, then the declared arguments.
    ///
    /// - Parameters:
    ///   - index: The argument's index; must be in
    ///     `0..<numberOfArguments`.
    /// - Precondition: `index` is in range; an index out of range traps.
    public func argumentType(at index: Int) -> TypeEncoding {
        precondition(
            argumentTypes.indices.contains(index),
            "argument index \(index) out of range for \(numberOfArguments) arguments of \(encoding)")
        return argumentTypes[index]
    }

    /// Parses a method type encoding.
    ///
    /// The encoding is a return type (which may be `v`) followed by at least
    /// two arguments: the receiver, `@` or `#`, and the selector, `:`. Any
    /// further types are the declared arguments. Each type may be preceded by
    /// qualifiers (`r n N o O R V`) and followed by frame-offset digits
    /// (optionally signed), all of which are ignored. No argument may be
    /// `void`, `?` or a structure without fields; those are only allowed
    /// behind a pointer.
    ///
    /// This always parses; use ``cached(_:)`` on hot paths.
    ///
    /// - Parameters:
    ///   - encoding: The method encoding; at most 4096 UTF-8 bytes.
    /// - Throws: ``EncodingError`` naming the position and reason if the
    ///   encoding is empty, too long, malformed, nested deeper than 64, uses
    ///   an unsupported type, lacks the receiver or selector, or passes more
    ///   than ``TypeEncoding/maximumValueSize`` (64 KiB) by value: as the
    ///   return type, as one argument or in all arguments together.
    public init(parsing encoding: String) throws(EncodingError) {
        var parser = try Parser(encoding)
        let (returnType, arguments) = try parser.parseMethod()
        self.encoding = encoding
        self.returnType = returnType
        self.argumentTypes = arguments
    }

    /// Parses through the process-wide cache: the same string is parsed once.
    ///
    /// The cache is an ``EncodingCache``, keyed by the exact encoding string
    /// and safe to use from any thread; the first caller of a given string
    /// parses it (under the cache's lock, so concurrent callers never parse
    /// it twice) and every later caller gets the stored signature. Malformed
    /// encodings are not cached: each call throws afresh, so a stream of
    /// distinct bad strings cannot fill the cache. The cache holds at most
    /// 1024 signatures; beyond that, new strings are parsed on every call.
    ///
    /// - Parameters:
    ///   - encoding: The method encoding, as for ``init(parsing:)``.
    /// - Throws: ``EncodingError`` exactly as ``init(parsing:)`` would.
    public static func cached(_ encoding: String) throws(EncodingError) -> MethodSignature {
        try SignatureCache.shared.signature(for: encoding)
    }

    /// Number of arguments a selector name implies: its colon count + 2 (receiver and selector).
    ///
    /// Each colon in a selector introduces one declared argument, and every
    /// method also receives the receiver and the selector itself, so
    /// `"drawRect:"` implies 3 and `"layoutSubviews"` 2. Compare the result
    /// with ``numberOfArguments`` to check an encoding against its selector.
    ///
    /// - Parameters:
    ///   - selector: The selector name, e.g. `"drawView:inRect:inContext:"`.
    public static func argumentCount(forSelector selector: String) -> Int {
        selector.utf8.reduce(2) { $1 == UInt8(ascii: ":") ? $0 + 1 : $0 }
    }
}
