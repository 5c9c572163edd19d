import CCairo

// PNG encoding and decoding in memory, through cairo's stream functions.

/// The bytes written so far by `cairo_surface_write_to_png_stream`.
private final class PNGSink {
    package var bytes: [UInt8] = []
}

/// The bytes a `cairo_image_surface_create_from_png_stream` read has not consumed yet.
private final class PNGSource {
    package let bytes: [UInt8]
    package var offset = 0

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }
}

/// Encodes an image surface as a PNG file in memory.
///
/// - Parameters:
///   - surface: A `cairo_surface_t *` image surface.
///   - failure: Makes the error for cairo's status.
/// - Throws: The error `failure` makes when cairo cannot encode the image.
package func encodePNG(
    _ surface: OpaquePointer, failure: (CairoStatus) -> CanvasError
) throws(CanvasError) -> [UInt8] {
    let sink = PNGSink()
    let raw = withExtendedLifetime(sink) {
        cairo_surface_write_to_png_stream(
            surface,
            { closure, data, length in
                guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<PNGSink>.fromOpaque(closure).takeUnretainedValue()
                if let data, length > 0 {
                    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                }
                return CAIRO_STATUS_SUCCESS
            },
            Unmanaged.passUnretained(sink).toOpaque())
    }
    if let status = CairoStatus.check(raw) {
        throw failure(status)
    }
    return sink.bytes
}

/// Decodes a PNG file in memory into a new image surface, which the caller destroys.
///
/// - Parameters:
///   - bytes: The contents of a PNG file.
/// - Returns: A `cairo_surface_t *`, possibly in error: check its status.
package func decodePNG(_ bytes: [UInt8]) -> OpaquePointer {
    let source = PNGSource(bytes)
    return withExtendedLifetime(source) {
        cairo_image_surface_create_from_png_stream(
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                let source = Unmanaged<PNGSource>.fromOpaque(closure).takeUnretainedValue()
                let wanted = Int(length)
                guard source.bytes.count - source.offset >= wanted else { return CAIRO_STATUS_READ_ERROR }
                source.bytes.withUnsafeBufferPointer { buffer in
                    if let base = buffer.baseAddress {
                        data.update(from: base + source.offset, count: wanted)
                    }
                }
                source.offset += wanted
                return CAIRO_STATUS_SUCCESS
            },
            Unmanaged.passUnretained(source).toOpaque())
    }
}
