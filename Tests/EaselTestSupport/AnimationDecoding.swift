// Reading animated WebP and GIF files back with the libraries' own decoders
// (libwebpdemux's WebPAnimDecoder, giflib's DGifSlurp), for tests.

import EaselGraphicsCore
import CGif
import CWebP
import Foundation

/// An animation read back: its size, loop count and every frame as shown.
public struct DecodedAnimation: Sendable {
    public var width: Int
    public var height: Int
    /// As stored: WebP's loop count; GIF's NETSCAPE2.0 repeat count, or `nil` without that block.
    public var storedLoopCount: Int?
    /// Each frame as a viewer shows it (composited over the ones before).
    public var frames: [RasterImage]
    /// Each frame's delay, in the format's ticks (WebP ms, GIF cs).
    public var delays: [Int]
    /// GIF only: each frame's rectangle (x, y, width, height) and disposal mode.
    public var rects: [[Int]] = []
    public var disposals: [Int] = []
}

/// GIF disposal modes as giflib numbers them: 1 leaves the frame, 2 clears its rectangle to the background.
public let gifDisposeNone = Int(DISPOSE_DO_NOT), gifDisposeBackground = Int(DISPOSE_BACKGROUND)

/// The process's resident memory in bytes (from /proc/self/statm).
public func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Decodes an animated (or still) WebP with WebPAnimDecoder.
public func decodeAnimatedWebP(_ bytes: [UInt8]) throws -> DecodedAnimation {
    return try bytes.withUnsafeBufferPointer { buffer throws -> DecodedAnimation in
        var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw FixtureError("WebPAnimDecoderOptionsInit failed") }
        options.color_mode = MODE_RGBA
        guard let decoder = WebPAnimDecoderNew(&data, &options) else { throw FixtureError("not an animated WebP") }
        defer { WebPAnimDecoderDelete(decoder) }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw FixtureError("no WebP animation info") }
        let width = Int(info.canvas_width), height = Int(info.canvas_height)
        var result = DecodedAnimation(width: width, height: height, storedLoopCount: Int(info.loop_count), frames: [], delays: [])
        var previous = 0
        while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
            var pixels: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else {
                throw FixtureError("cannot decode WebP frame \(result.frames.count)")
            }
            var rgba: [RGBA] = []
            rgba.reserveCapacity(width * height)
            for index in 0..<(width * height) {
                rgba.append(RGBA(r: pixels[4 * index], g: pixels[4 * index + 1], b: pixels[4 * index + 2], a: pixels[4 * index + 3]))
            }
            result.frames.append(RasterImage(width: width, height: height, pixels: rgba))
            // The decoder's timestamp is the frame's end.
            result.delays.append(Int(timestamp) - previous)
            previous = Int(timestamp)
        }
        return result
    }
}

/// Decodes a GIF with giflib's DGifSlurp and composites its frames as a browser does
/// (disposal to the background clears to transparent).
public func decodeAnimatedGIF(_ bytes: [UInt8]) throws -> DecodedAnimation {
    final class Source { var bytes: [UInt8]; var offset = 0; init(_ bytes: [UInt8]) { self.bytes = bytes } }
    let source = Source(bytes)
    var status: Int32 = 0
    let read: InputFunc = { gif, buffer, wanted in
        guard let gif, let buffer, wanted > 0 else { return 0 }
        let source = Unmanaged<Source>.fromOpaque(gif.pointee.UserData).takeUnretainedValue()
        let count = min(Int(wanted), source.bytes.count - source.offset)
        for index in 0..<count { buffer[index] = source.bytes[source.offset + index] }
        source.offset += count
        return Int32(count)
    }
    guard let gif = withExtendedLifetime(source, { DGifOpen(Unmanaged.passUnretained(source).toOpaque(), read, &status) }) else {
        throw FixtureError("not a GIF: \(String(cString: GifErrorString(status)))")
    }
    defer { DGifCloseFile(gif, &status) }
    guard withExtendedLifetime(source, { DGifSlurp(gif) }) == GIF_OK else {
        throw FixtureError("cannot read the GIF: \(String(cString: GifErrorString(gif.pointee.Error)))")
    }
    let width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
    var result = DecodedAnimation(width: width, height: height, storedLoopCount: nil, frames: [], delays: [])
    var canvas = [RGBA](repeating: RGBA(r: 0, g: 0, b: 0, a: 0), count: width * height)
    for index in 0..<Int(gif.pointee.ImageCount) {
        let image = gif.pointee.SavedImages[index]
        for block in 0..<Int(image.ExtensionBlockCount) {
            let extensionBlock = image.ExtensionBlocks[block]
            if extensionBlock.Function == APPLICATION_EXT_FUNC_CODE, extensionBlock.ByteCount == 11,
               block + 1 < Int(image.ExtensionBlockCount) {
                let name = String(decoding: UnsafeBufferPointer(start: extensionBlock.Bytes, count: 11), as: UTF8.self)
                let next = image.ExtensionBlocks[block + 1]
                if name == "NETSCAPE2.0", next.ByteCount >= 3 {
                    result.storedLoopCount = Int(next.Bytes[1]) | Int(next.Bytes[2]) << 8
                }
            }
        }
        var control = GraphicsControlBlock()
        guard DGifSavedExtensionToGCB(gif, Int32(index), &control) == GIF_OK else {
            throw FixtureError("GIF frame \(index) has no graphics control block")
        }
        let desc = image.ImageDesc
        guard let map = desc.ColorMap ?? gif.pointee.SColorMap else { throw FixtureError("GIF frame \(index) has no colours") }
        let left = Int(desc.Left), top = Int(desc.Top), frameWidth = Int(desc.Width), frameHeight = Int(desc.Height)
        let saved = canvas
        for y in 0..<frameHeight {
            for x in 0..<frameWidth {
                let colorIndex = Int(image.RasterBits[y * frameWidth + x])
                guard colorIndex != Int(control.TransparentColor), colorIndex < Int(map.pointee.ColorCount) else { continue }
                let color = map.pointee.Colors[colorIndex]
                canvas[(top + y) * width + left + x] = RGBA(r: color.Red, g: color.Green, b: color.Blue)
            }
        }
        result.frames.append(RasterImage(width: width, height: height, pixels: canvas))
        result.delays.append(Int(control.DelayTime))
        result.rects.append([left, top, frameWidth, frameHeight])
        result.disposals.append(Int(control.DisposalMode))
        switch control.DisposalMode {
        case DISPOSE_BACKGROUND:
            for y in top..<(top + frameHeight) {
                for x in left..<(left + frameWidth) { canvas[y * width + x] = RGBA(r: 0, g: 0, b: 0, a: 0) }
            }
        case DISPOSE_PREVIOUS: canvas = saved
        default: break
        }
    }
    return result
}
