import CCairo

/// A status code reported by cairo.
///
/// Modelled on swift-system's `Errno`: an open struct around the raw
/// `cairo_status_t` value rather than a closed enum, so a code added by a newer
/// cairo still reads as an error with cairo's own description. The named
/// constants are the codes Easel meets in practice; compare against them with
/// `==`.
///
/// Every raw status that Easel receives from cairo goes through one internal
/// function, the single place where a C status becomes Swift.
public struct CairoStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The raw `cairo_status_t` value.
    public let rawValue: Int32

    /// Wraps a raw `cairo_status_t` value.
    ///
    /// Any value is accepted, including codes this version of cairo does not know.
    ///
    /// - Parameters:
    ///   - rawValue: The numeric value of the status.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// cairo's own description of the status, from `cairo_status_to_string`.
    ///
    /// For a code that this cairo does not know, cairo answers
    /// "<unknown error status>".
    public var description: String {
        String(cString: cairo_status_to_string(cairo_status_t(rawValue: UInt32(bitPattern: rawValue))))
    }

    /// Turns a raw cairo status into Swift: `nil` for success, the wrapped code otherwise.
    ///
    /// The single funnel for raw cairo status checks in this module.
    ///
    /// - Parameters:
    ///   - raw: A status returned by a cairo function or read from a cairo object.
    /// - Returns: `nil` when `raw` is `CAIRO_STATUS_SUCCESS`, else the wrapped status.
    /// Inlinable: the canvas checks cairo's status after every drawing call.
    @inlinable
    package static func check(_ raw: cairo_status_t) -> CairoStatus? {
        raw == CAIRO_STATUS_SUCCESS ? nil : CairoStatus(rawValue: Int32(bitPattern: raw.rawValue))
    }

    private init(_ raw: cairo_status_t) {
        self.rawValue = Int32(bitPattern: raw.rawValue)
    }

    /// No error (`CAIRO_STATUS_SUCCESS`).
    public static let success = CairoStatus(CAIRO_STATUS_SUCCESS)
    /// Out of memory (`CAIRO_STATUS_NO_MEMORY`).
    public static let noMemory = CairoStatus(CAIRO_STATUS_NO_MEMORY)
    /// `restore()` without a matching `save()` (`CAIRO_STATUS_INVALID_RESTORE`).
    public static let invalidRestore = CairoStatus(CAIRO_STATUS_INVALID_RESTORE)
    /// A group was popped that was never pushed (`CAIRO_STATUS_INVALID_POP_GROUP`).
    public static let invalidPopGroup = CairoStatus(CAIRO_STATUS_INVALID_POP_GROUP)
    /// A NULL pointer reached cairo (`CAIRO_STATUS_NULL_POINTER`).
    public static let nullPointer = CairoStatus(CAIRO_STATUS_NULL_POINTER)
    /// A string was not valid UTF-8 (`CAIRO_STATUS_INVALID_STRING`).
    public static let invalidString = CairoStatus(CAIRO_STATUS_INVALID_STRING)
    /// A transform was not invertible (`CAIRO_STATUS_INVALID_MATRIX`).
    public static let invalidMatrix = CairoStatus(CAIRO_STATUS_INVALID_MATRIX)
    /// A dash pattern was negative or all zero (`CAIRO_STATUS_INVALID_DASH`).
    public static let invalidDash = CairoStatus(CAIRO_STATUS_INVALID_DASH)
    /// A surface size was out of range (`CAIRO_STATUS_INVALID_SIZE`).
    public static let invalidSize = CairoStatus(CAIRO_STATUS_INVALID_SIZE)
    /// A file could not be read (`CAIRO_STATUS_READ_ERROR`).
    public static let readError = CairoStatus(CAIRO_STATUS_READ_ERROR)
    /// A file could not be written (`CAIRO_STATUS_WRITE_ERROR`).
    public static let writeError = CairoStatus(CAIRO_STATUS_WRITE_ERROR)
    /// A file was not found (`CAIRO_STATUS_FILE_NOT_FOUND`).
    public static let fileNotFound = CairoStatus(CAIRO_STATUS_FILE_NOT_FOUND)
}
