// Decoding the PNG, JPEG and WebP files Easel writes with the libraries'
// own decoders (not cairo's), for comparing pixels.

import EaselGraphicsCore
import CImageCodec
import CTurboJPEG
import CWebP
import EaselCanvas
import Foundation

/// Decodes a PNG with libspng into un-premultiplied RGBA pixels.
public func decodePNGWithSpng(_ bytes: [UInt8]) throws -> RasterImage {
    var out: UnsafeMutablePointer<UInt8>?
    var width: UInt32 = 0, height: UInt32 = 0
    let status = easel_decode_png_rgba8(bytes, bytes.count, &out, &width, &height)
    guard status == 0, let out else { throw FixtureError("libspng cannot decode the PNG: error \(status)") }
    defer { free(out) }
    return rasterImage(rgba: UnsafeBufferPointer(start: out, count: Int(width) * Int(height) * 4),
                       width: Int(width), height: Int(height))
}

/// Decodes a JPEG with libjpeg-turbo into opaque RGBA pixels.
public func decodeJPEG(_ bytes: [UInt8]) throws -> RasterImage {
    guard let handle = tjInitDecompress() else { throw FixtureError("tjInitDecompress failed") }
    defer { tjDestroy(handle) }
    var buffer = bytes
    var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
    guard tjDecompressHeader3(handle, &buffer, UInt(buffer.count), &width, &height, &subsampling, &colorspace) == 0 else {
        throw FixtureError("not a JPEG: \(String(cString: tjGetErrorStr2(handle)))")
    }
    var rgba = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
    guard tjDecompress2(handle, &buffer, UInt(buffer.count), &rgba, width, 0, height, Int32(TJPF_RGBA.rawValue), 0) == 0 else {
        throw FixtureError("cannot decode the JPEG: \(String(cString: tjGetErrorStr2(handle)))")
    }
    return rgba.withUnsafeBufferPointer { rasterImage(rgba: $0, width: Int(width), height: Int(height)) }
}

/// Decodes a WebP with libwebp into un-premultiplied RGBA pixels.
public func decodeWebP(_ bytes: [UInt8]) throws -> RasterImage {
    var width: Int32 = 0, height: Int32 = 0
    guard let out = WebPDecodeRGBA(bytes, bytes.count, &width, &height) else { throw FixtureError("not a WebP") }
    defer { WebPFree(out) }
    return rasterImage(rgba: UnsafeBufferPointer(start: out, count: Int(width) * Int(height) * 4),
                       width: Int(width), height: Int(height))
}

private func rasterImage(rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> RasterImage {
    var pixels: [RGBA] = []
    pixels.reserveCapacity(width * height)
    for index in 0..<(width * height) {
        pixels.append(RGBA(r: rgba[4 * index], g: rgba[4 * index + 1], b: rgba[4 * index + 2], a: rgba[4 * index + 3]))
    }
    return RasterImage(width: width, height: height, pixels: pixels)
}

/// The colour type byte of a PNG's header (2: RGB, 6: RGBA); `nil` when too short.
public func pngColorType(_ bytes: [UInt8]) -> UInt8? { bytes.count > 25 ? bytes[25] : nil }
