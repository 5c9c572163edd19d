/// The cache of parsed method signatures: an ``EncodingCache`` (its policy
/// is the one for every parsed encoding) of ``MethodSignature``s.
///
/// `MethodSignature.cached(_:)` uses the process-wide ``EncodingCache/shared``
/// instance; tests create their own to observe parsing without interference.
package typealias SignatureCache = EncodingCache<MethodSignature>

/// The cache behind `MethodSignature.cached(_:)`.
private let sharedSignatures = SignatureCache()

extension EncodingCache where Value == MethodSignature {
    /// The cache behind `MethodSignature.cached(_:)`.
    package static var shared: SignatureCache { sharedSignatures }

    /// The cached signature for `encoding`, parsing it on a miss.
    ///
    /// - Parameters:
    ///   - encoding: The method encoding.
    /// - Throws: `EncodingError` if the encoding is malformed.
    package func signature(for encoding: String) throws(EncodingError) -> MethodSignature {
        try value(for: encoding) { (encoding) throws(EncodingError) in try MethodSignature(parsing: encoding) }
    }

    /// How many times this cache has parsed (hits do not count; malformed encodings do).
    package var parseCount: Int { missCount }
}
