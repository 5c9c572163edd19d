// Animations written frame by frame: an animated WebP, an animated GIF or a
// numbered PNG sequence.
//
// A frame is encoded when it is appended, so memory does not grow with the
// number of frames: a PNG sequence writes each frame's file at once; the GIF
// encoder (CImageCodec's animation_codec.c, over giflib) writes a frame as soon
// as the next one arrives (it needs the next to choose the frame's disposal),
// keeping two frames of pixels; libwebp's animation encoder keeps its canvases
// and only the compressed frames, each the rectangle that changed, until the
// file is assembled at the end. An animated file is written under a temporary
// name and renamed into place by `finish()` (TemporaryOutputFile), so a render
// that fails or stops half way leaves no truncated file behind.
//
// Time: the formats count in whole ticks (WebP milliseconds, GIF
// centiseconds). Each frame starts at the exact sum of the durations before
// it; its start and end are rounded to the nearest tick and its delay is the
// difference. The rounding error never accumulates: at 30 fps a WebP's delays
// run 33, 34, 33 ms (a GIF's 3, 4, 3 cs) and frame 300 ends at exactly 10 s.

import EaselCanvas
import EaselGraphicsCore
import CCairo
import CImageCodec
#if canImport(Glibc)
import Glibc
#endif

/// Writes an animation, frame by frame, as an animated WebP, an animated GIF
/// or a numbered sequence of PNG files.
///
/// ```swift
/// let writer = try FrameSequenceWriter(path: "spin.webp", pixelWidth: 640, pixelHeight: 360)
/// for frame in 0..<60 {
///     let canvas = try Canvas(width: 320, height: 180, backing: .raster(scale: 2))
///     draw(frame, on: canvas)
///     try writer.append(canvas, duration: 1.0 / 30)
/// }
/// try writer.finish()
/// ```
///
/// Each appended frame is encoded at once, so memory does not grow with the
/// number of frames. An animated WebP or GIF is written under a temporary name
/// beside `path` and renamed into place by ``finish()``: until then, and for
/// good if anything fails or the writer is released unfinished, there is no
/// partial file at `path`. A PNG sequence writes each frame's file (whole, the
/// same way) as it is appended; the first frame is number 0. The folder of
/// the output must exist: the writer creates files, not folders.
///
/// **Timing.** Durations are in seconds. WebP counts in milliseconds and GIF
/// in centiseconds: each frame's start and end time (the exact sum of the
/// durations before it) are rounded to the nearest tick, and its delay is
/// their difference, so rounding never drifts. At 30 fps a WebP's delays
/// are 33, 34, 33, 33, 34, … ms, a GIF's 3, 4, 3, … cs, and 300 frames last
/// exactly 10 s. Browsers show GIF delays under 2 cs as 10 cs, so GIFs above
/// 50 fps play slowly there: use WebP for those. A PNG sequence has no times.
///
/// **Identical frames.** A WebP or GIF frame identical to the one before it is
/// merged into it (the earlier frame is shown for both durations), so such a
/// file can have fewer frames than were appended; ``frameCount`` counts the
/// appended ones.
///
/// **Formats.** WebP is lossless by default (`quality` 100), or lossy at a
/// quality from 1 to 99, with full alpha. GIF has 255 colours a frame and one
/// bit of alpha: a pixel less than 50% opaque is transparent, any other is
/// opaque in its un-premultiplied colour; a frame with at most 255 distinct
/// colours keeps each exactly, one with more gets a median-cut palette,
/// without dithering. Each GIF frame is only the rectangle that changed;
/// where pixels turn transparent (possible only on a transparent background),
/// the frame before is cleared to the background and the new frame redraws
/// what is visible in that frame's rectangle.
///
/// A writer is not thread-safe; use it from one thread.
public final class FrameSequenceWriter {
    /// The file (or, for a PNG sequence, the pattern) being written.
    public let path: String
    /// The format.
    public let format: Format
    /// The width of every frame in pixels.
    public let pixelWidth: Int
    /// The height of every frame in pixels.
    public let pixelHeight: Int
    /// How many times the animation plays: 0 forever.
    public let loopCount: Int
    /// The WebP quality: 100 lossless, 1 to 99 lossy.
    public let quality: Int
    /// The number of frames appended so far.
    public private(set) var frameCount = 0
    /// The sum of the durations of the frames appended so far, in seconds.
    public private(set) var duration: Double = 0

    /// The longest animation, in seconds: one day.
    public static let maximumDuration: Double = 86_400

    private let compression: ImageEncoding.Compression
    private var file: TemporaryOutputFile?
    /// The C encoder (`easel_animation *`) of a WebP or GIF.
    private var animation: OpaquePointer?
    /// An image surface the frames are composited into when a canvas's own pixels cannot be used.
    private var scratch: OpaquePointer?
    /// The first error; every later call throws it again.
    private var failure: CanvasError?
    private var finished = false

    /// Starts an animation.
    ///
    /// - Parameters:
    ///   - path: The `.webp` or `.gif` file to create or replace, or a
    ///     pattern such as `frames/%04d.png` (see ``Format-swift.enum/init(path:)``).
    ///   - format: The format; `nil` to take it from `path`.
    ///   - pixelWidth: The width of every frame, in pixels.
    ///   - pixelHeight: The height of every frame, in pixels.
    ///   - loopCount: How many times the animation plays: 0 (the default)
    ///     forever, else 1 to 65535. PNG sequences ignore it.
    ///   - quality: For WebP: 100 (the default) for lossless, 1 to 99 for lossy.
    ///   - compression: For a PNG sequence: how hard each PNG is compressed.
    /// - Throws: ``CanvasError`` naming `path` when the format or pattern is
    ///   not supported, the size, loop count or quality is out of range
    ///   (WebP: at most 16383 pixels a side; GIF: 65535), or the file cannot
    ///   be created (with the system's reason).
    public init(
        path: String, format: Format? = nil, pixelWidth: Int, pixelHeight: Int, loopCount: Int = 0,
        quality: Int = 100, compression: ImageEncoding.Compression = .default
    ) throws(CanvasError) {
        let chosen: Format
        if let format { chosen = format } else { chosen = try Format(path: path) }
        self.path = path
        self.format = chosen
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.loopCount = loopCount
        self.quality = quality
        self.compression = compression
        let limit = Int(Canvas.maximumDimension)
        guard (1...limit).contains(pixelWidth), (1...limit).contains(pixelHeight) else {
            throw .cannotWrite(path, "invalid frame size \(pixelWidth) x \(pixelHeight) pixels; a side must be 1 to \(limit)")
        }
        guard (0...Int(EASEL_ANIMATION_MAX_LOOPS)).contains(loopCount) else {
            throw .cannotWrite(
                path, "loop count \(loopCount) is out of range; it must be 0 (forever) to \(EASEL_ANIMATION_MAX_LOOPS)")
        }
        guard (1...100).contains(quality) else {
            throw .cannotWrite(path, "quality \(quality) is out of range; it must be between 1 and 100")
        }
        let codecFormat: easel_animation_format
        switch chosen {
        case .pngSequence(let pattern):
            _ = try Format.fileName(pattern: pattern, frame: 0)
            return
        case .webp: codecFormat = EASEL_ANIMATION_WEBP
        case .gif: codecFormat = EASEL_ANIMATION_GIF
        }
        let file = try TemporaryOutputFile(path: path)
        var options = easel_animation_options(
            format: codecFormat, width: Int32(pixelWidth), height: Int32(pixelHeight), loop_count: Int32(loopCount),
            quality: Int32(quality), file_descriptor: file.descriptor)
        var message = [CChar](repeating: 0, count: 256)
        guard let animation = easel_animation_new(&options, &message, message.count) else {
            file.discard()
            throw .cannotWrite(path, String(codecMessage: message))
        }
        self.file = file
        self.animation = animation
    }

    deinit {
        easel_animation_free(animation)
        if let scratch { cairo_surface_destroy(scratch) }
        file?.discard()
    }

    /// The ticks per second of the format's frame delays: 1000 for WebP, 100 for GIF, 0 for PNG.
    private var ticksPerSecond: Double {
        switch format {
        case .webp: 1000
        case .gif: 100
        case .pngSequence: 0
        }
    }

    /// Encodes a frame, shown for `duration` seconds.
    ///
    /// The canvas is written as its PNG would be: its background under its
    /// drawing, at its raster scale, or for a recording canvas at the scale
    /// that makes it ``pixelWidth`` pixels wide. It must come out at
    /// ``pixelWidth`` x ``pixelHeight`` pixels.
    ///
    /// - Parameters:
    ///   - canvas: The frame; it is not changed, and can be drawn on again.
    ///   - duration: How long the frame is shown, in seconds: finite and
    ///     greater than 0; the whole animation at most ``maximumDuration``.
    /// - Throws: ``CanvasError`` naming the file (for a PNG sequence, the
    ///   frame's file) when the duration is out of range, the frame has
    ///   another size, it cannot be encoded or written (with the system's
    ///   reason, such as a full disk), or an earlier call failed or
    ///   ``finish()`` was called. After an error the writer keeps failing and
    ///   an animated file is removed.
    public func append(_ canvas: Canvas, duration frameDuration: Double) throws(CanvasError) {
        try checkUsable()
        do throws(CanvasError) {
            guard frameDuration.isFinite, frameDuration > 0 else {
                throw CanvasError.cannotWrite(
                    path, "invalid frame duration \(frameDuration) s; it must be finite and greater than 0")
            }
            let end = duration + frameDuration
            guard end <= Self.maximumDuration else {
                throw CanvasError.cannotWrite(
                    path, "the animation would last \(end) s; it can last at most \(Int(Self.maximumDuration)) s")
            }
            try withPixels(of: canvas) { (surface: OpaquePointer) throws(CanvasError) in
                try encode(surface, start: duration, end: end)
            }
            duration = end
            frameCount += 1
        } catch {
            fail(error)
            throw error
        }
    }

    /// Writes the rest of the animation and renames the file into place.
    ///
    /// For a PNG sequence, every frame is already written and this only checks
    /// that there was one.
    ///
    /// - Throws: ``CanvasError`` naming the file when no frame was appended,
    ///   the file cannot be written or renamed (with the system's reason), an
    ///   earlier call failed, or the writer is already finished. The partial
    ///   file is removed then.
    public func finish() throws(CanvasError) {
        try checkUsable()
        do throws(CanvasError) {
            guard frameCount > 0 else { throw CanvasError.cannotWrite(path, "no frames to write") }
            if let animation, let file {
                var message = [CChar](repeating: 0, count: 256)
                guard easel_animation_finish(animation, &message, message.count) == 0 else {
                    throw CanvasError.cannotWrite(path, String(codecMessage: message))
                }
                try file.commit()
            }
            finished = true
            release()
        } catch {
            fail(error)
            throw error
        }
    }

    private func checkUsable() throws(CanvasError) {
        if let failure { throw failure }
        if finished { throw .cannotWrite(path, "the animation is already finished") }
    }

    /// Keeps the first error and removes the partial file.
    private func fail(_ error: CanvasError) {
        if failure == nil { failure = error }
        file?.discard()
        release()
    }

    private func release() {
        easel_animation_free(animation)
        animation = nil
        file = nil
        if let scratch { cairo_surface_destroy(scratch) }
        scratch = nil
    }

    /// Calls `body` with an image surface holding the canvas's frame: the
    /// canvas's own pixels when they are the frame as is (a raster canvas of
    /// the right size without a background), else composited into a scratch surface.
    private func withPixels(
        of canvas: Canvas, _ body: (OpaquePointer) throws(CanvasError) -> Void
    ) throws(CanvasError) {
        let scale: Double
        if case .raster(let rasterScale) = canvas.backing { scale = rasterScale } else { scale = Double(pixelWidth) / canvas.width }
        let width = (canvas.width * scale).rounded(.up), height = (canvas.height * scale).rounded(.up)
        guard width == Double(pixelWidth), height == Double(pixelHeight) else {
            throw .cannotWrite(
                path, "the frame at \(duration) s is \(Canvas.describePixels(width)) x \(Canvas.describePixels(height)) "
                    + "pixels; the animation is \(pixelWidth) x \(pixelHeight)")
        }
        if case .raster = canvas.backing, canvas.background == nil {
            cairo_surface_flush(canvas.surface)
            return try body(canvas.surface)
        }
        if scratch == nil {
            let surface: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
            if let status = CairoStatus.check(cairo_surface_status(surface)) {
                cairo_surface_destroy(surface)
                throw .cannotWrite(path, "\(status)", status: status)
            }
            scratch = surface
        }
        guard let scratch else { return }
        cairo_surface_flush(scratch)
        if let data = cairo_image_surface_get_data(scratch) {
            memset(data, 0, Int(cairo_image_surface_get_stride(scratch)) * pixelHeight)
        }
        cairo_surface_mark_dirty(scratch)
        if let status = canvas.replay(onto: scratch, scale: scale) {
            throw .cannotWrite(path, "\(status)", status: status)
        }
        cairo_surface_flush(scratch)
        try body(scratch)
    }

    /// Encodes one frame from `start` to `end` seconds.
    private func encode(_ surface: OpaquePointer, start: Double, end: Double) throws(CanvasError) {
        if case .pngSequence(let pattern) = format {
            let name = try Format.fileName(pattern: pattern, frame: frameCount)
            let bytes = try ImageEncoding(format: .png, compression: compression).encode(surface) {
                (problem: String) in CanvasError.cannotWrite(name, problem)
            }
            try TemporaryOutputFile.write(bytes, to: name)
            return
        }
        guard let animation, let data = cairo_image_surface_get_data(surface) else {
            throw .cannotWrite(path, "the frame has no pixels")
        }
        let ticks = ticksPerSecond
        let delay = Int64((end * ticks).rounded()) - Int64((start * ticks).rounded())
        var pixels = easel_image_pixels(
            data: data, width: cairo_image_surface_get_width(surface), height: cairo_image_surface_get_height(surface),
            stride: cairo_image_surface_get_stride(surface), has_alpha: 1)
        var message = [CChar](repeating: 0, count: 256)
        guard easel_animation_add(animation, &pixels, delay, &message, message.count) == 0 else {
            throw .cannotWrite(path, String(codecMessage: message))
        }
    }
}
