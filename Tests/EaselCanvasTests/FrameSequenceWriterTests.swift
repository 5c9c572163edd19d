import CImageCodec
import EaselCanvas
import EaselCanvasOutput
import EaselDrawingExtensions
import EaselABI
import EaselGraphicsCore
import EaselTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

// FrameSequenceWriter: animated WebP and GIF read back with libwebpdemux and
// giflib, PNG sequences, timing, errors, and memory that stays flat.

/// A frame of `width` x `height` points: a fixed blue bar at the left, and a red
/// 8x8 square whose left edge is at `x`, on a transparent background.
private func movingSquare(_ x: Double, y: Double = 4, width: Double = 64, height: Double = 48) throws -> Canvas {
    let canvas = try Canvas(width: width, height: height, backing: .raster(scale: 1))
    canvas.fill(rect(0, 0, 4, height), color: blueColor)
    canvas.fill(rect(x, y, 8, 8), color: redColor)
    return canvas
}

private func temporaryFolder(_ label: String) throws -> URL {
    try Fixtures.makeTemporaryDirectory("frames-\(label)")
}

private func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

/// The names in `folder`, sorted.
private func names(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
}

/// The message of the CanvasError `body` throws; `nil` when it throws none.
private func message(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as CanvasError {
        return error.message
    } catch {
        return "\(error)"
    }
}

@Suite struct FrameSequenceWriterTests {
    // MARK: Animated WebP

    @Test func webpHasEveryFrameWithItsDelaySizeLoopCountAndPixels() throws {
        let folder = try temporaryFolder("webp")
        let path = folder.appendingPathComponent("move.webp").path
        let writer = try FrameSequenceWriter(path: path, pixelWidth: 64, pixelHeight: 48, loopCount: 3)
        #expect(writer.format == .webp)
        let durations = [0.1, 0.25, 0.05, 0.5]
        for (index, duration) in durations.enumerated() {
            try writer.append(movingSquare(10 + 12 * Double(index)), duration: duration)
        }
        try writer.finish()
        #expect(writer.frameCount == 4 && abs(writer.duration - 0.9) < 1e-12)
        let animation = try decodeAnimatedWebP(bytes(URL(fileURLWithPath: path)))
        #expect(animation.width == 64 && animation.height == 48)
        #expect(animation.storedLoopCount == 3)
        #expect(animation.delays == [100, 250, 50, 500])
        #expect(animation.frames.count == 4)
        for (index, frame) in animation.frames.enumerated() {
            let left = 10 + 12 * index
            expectPixel(frame, left + 1, 5, red)
            expectPixel(frame, left + 7, 11, red)
            expectPixel(frame, 2, 40, blue)
            expectPixel(frame, left + 4, 20, transparent)
            // Where the square was a frame before: transparent again (lossless keeps it exact).
            if index > 0 { expectPixel(frame, left - 12 + 1, 5, transparent) }
        }
        // No temporary file is left beside it.
        #expect(try names(in: folder) == ["move.webp"])
    }

    @Test("an animated WebP loads as an image of its first frame, as a GIF does")
    func animatedWebPLoadsItsFirstFrame() throws {
        let folder = try temporaryFolder("webp-image")
        let path = folder.appendingPathComponent("move.webp").path
        let writer = try FrameSequenceWriter(path: path, pixelWidth: 64, pixelHeight: 48, loopCount: 0)
        for index in 0..<3 { try writer.append(movingSquare(10 + 12 * Double(index)), duration: 0.1) }
        try writer.finish()
        let image = try CanvasImage(contentsOf: path)
        #expect(image.format == .webp && image.pixelWidth == 64 && image.pixelHeight == 48)
        let canvas = try Canvas(width: 64, height: 48, backing: .raster(scale: 1))
        canvas.draw(image, in: easel_rect(origin: easel_point(x: 0, y: 0), size: easel_size(width: 64, height: 48)))
        #expect(canvas.takeError() == nil)
        let drawn = try canvas.rasterImage()
        // The first frame's square (from x = 10), not the second's (from 22).
        expectPixel(drawn, 11, 5, red)
        expectPixel(drawn, 2, 40, blue)
        expectPixel(drawn, 23, 5, transparent)
    }

    @Test func lossyWebPUsesVP8FramesAndStaysClose() throws {
        let folder = try temporaryFolder("lossy")
        for quality in [100, 50] {
            let path = folder.appendingPathComponent("q\(quality).webp").path
            let writer = try FrameSequenceWriter(path: path, pixelWidth: 64, pixelHeight: 48, quality: quality)
            for index in 0..<3 {
                let canvas = try Canvas(width: 64, height: 48, background: whiteColor, backing: .recording)
                // A smooth two-way gradient, where lossy compression pays.
                for y in 0..<48 {
                    for x in 0..<64 {
                        canvas.fill(rect(Double(x), Double(y), 1, 1), color: color(Double(x) / 63, Double(y) / 47, Double(index) / 3))
                    }
                }
                try writer.append(canvas, duration: 0.1)
            }
            try writer.finish()
            let animation = try decodeAnimatedWebP(bytes(URL(fileURLWithPath: path)))
            #expect(animation.frames.count == 3)
            // Frame 1 at (32, 24): (32/63, 24/47, 1/3) within lossy tolerance.
            #expect(animation.frames[1].pixel(x: 32, y: 24).isClose(to: RGBA(r: 130, g: 130, b: 85), tolerance: 12))
            // Lossless frames are VP8L bitstreams, lossy ones VP8 (with an ALPH chunk for alpha).
            let text = String(decoding: try bytes(URL(fileURLWithPath: path)), as: Unicode.ASCII.self)
            #expect(text.contains("VP8L") == (quality == 100) && text.contains("VP8 ") == (quality != 100))
        }
    }

    // MARK: Animated GIF

    @Test func gifHasEveryFrameWithItsDelayLoopCountAndExactColours() throws {
        let folder = try temporaryFolder("gif")
        let path = folder.appendingPathComponent("move.gif").path
        let writer = try FrameSequenceWriter(path: path, pixelWidth: 64, pixelHeight: 48, loopCount: 3)
        #expect(writer.format == .gif)
        let durations = [0.1, 0.25, 0.05, 0.5]
        for (index, duration) in durations.enumerated() {
            try writer.append(movingSquare(10 + 12 * Double(index)), duration: duration)
        }
        try writer.finish()
        let animation = try decodeAnimatedGIF(bytes(URL(fileURLWithPath: path)))
        #expect(animation.width == 64 && animation.height == 48)
        // Browsers play a GIF once more than its NETSCAPE2.0 count.
        #expect(animation.storedLoopCount == 2)
        #expect(animation.delays == [10, 25, 5, 50])
        #expect(animation.frames.count == 4)
        for (index, frame) in animation.frames.enumerated() {
            let left = 10 + 12 * index
            expectPixel(frame, left + 1, 5, red)
            expectPixel(frame, left + 7, 11, red)
            expectPixel(frame, 2, 40, blue)
            expectPixel(frame, left + 4, 20, transparent)
            if index > 0 { expectPixel(frame, left - 12 + 1, 5, transparent) }
        }
        // Frame differencing: the first frame is the canvas, later ones only what changed.
        #expect(animation.rects[0] == [0, 0, 64, 48])
        // The square's old place turns transparent, which a GIF frame cannot draw: each frame is disposed
        // of to the background, and the next redraws what is visible in its rectangle (here the bar too).
        #expect(animation.disposals == [gifDisposeBackground, gifDisposeBackground, gifDisposeBackground, gifDisposeNone])
        #expect(Array(animation.rects.dropFirst()) == [[0, 0, 30, 48], [0, 0, 42, 48], [0, 0, 54, 48]])
        #expect(try names(in: folder) == ["move.gif"])
    }

    @Test(arguments: [(0, 0), (1, nil), (2, 1), (65535, 65534)] as [(Int, Int?)])
    func gifLoopCount(loops: Int, stored: Int?) throws {
        let path = try temporaryFolder("loops").appendingPathComponent("l.gif").path
        let writer = try FrameSequenceWriter(path: path, pixelWidth: 64, pixelHeight: 48, loopCount: loops)
        try writer.append(movingSquare(10), duration: 0.5)
        try writer.finish()
        let animation = try decodeAnimatedGIF(bytes(URL(fileURLWithPath: path)))
        #expect(animation.storedLoopCount == stored)
        #expect(animation.delays == [50])
    }

    @Test func gifOnAnOpaqueBackgroundOnlyDrawsWhatChanged() throws {
        let path = try temporaryFolder("opaque").appendingPathComponent("o.gif").path
        let writer = try FrameSequenceWriter(path: path, pixelWidth: 64, pixelHeight: 48)
        for index in 0..<3 {
            let canvas = try Canvas(width: 64, height: 48, background: whiteColor, backing: .raster(scale: 1))
            canvas.fill(rect(10 + 4 * Double(index), 20, 8, 8), color: greenColor)
            try writer.append(canvas, duration: 0.1)
        }
        try writer.finish()
        let animation = try decodeAnimatedGIF(bytes(URL(fileURLWithPath: path)))
        #expect(animation.disposals == [gifDisposeNone, gifDisposeNone, gifDisposeNone])
        // The square moves 4 pixels: the changed columns are 4 on each side.
        #expect(animation.rects[1] == [10, 20, 12, 8] && animation.rects[2] == [14, 20, 12, 8])
        expectPixel(animation.frames[2], 19, 24, green)
        expectPixel(animation.frames[2], 12, 24, white)
        expectPixel(animation.frames[2], 25, 27, green)
        expectPixel(animation.frames[2], 27, 27, white)
    }

    @Test func identicalFramesMergeIntoOneLongerFrame() throws {
        let folder = try temporaryFolder("merge")
        for name in ["m.gif", "m.webp"] {
            let path = folder.appendingPathComponent(name).path
            let writer = try FrameSequenceWriter(path: path, pixelWidth: 64, pixelHeight: 48)
            for x in [10.0, 10, 10, 20] { try writer.append(movingSquare(x), duration: 0.1) }
            try writer.finish()
            #expect(writer.frameCount == 4)
            let data = try bytes(URL(fileURLWithPath: path))
            let animation = try name.hasSuffix("gif") ? decodeAnimatedGIF(data) : decodeAnimatedWebP(data)
            #expect(animation.delays == (name.hasSuffix("gif") ? [30, 10] : [300, 100]), "\(name)")
        }
    }

    @Test func aGIFFrameLongerThan65535CentisecondsIsSplit() throws {
        let folder = try temporaryFolder("long")
        let gif = folder.appendingPathComponent("long.gif").path, webp = folder.appendingPathComponent("long.webp").path
        for path in [gif, webp] {
            let writer = try FrameSequenceWriter(path: path, pixelWidth: 64, pixelHeight: 48)
            try writer.append(movingSquare(10), duration: 700)
            try writer.append(movingSquare(30), duration: 0.5)
            try writer.finish()
        }
        let long = try decodeAnimatedGIF(bytes(URL(fileURLWithPath: gif)))
        // The rest of the 700 s is a frame that changes nothing: one transparent pixel at the top left,
        // grown to the square's old place, which it clears for the next frame.
        #expect(long.delays == [65535, 4465, 50])
        #expect(long.rects[1] == [0, 0, 18, 12] && long.disposals[1] == gifDisposeBackground)
        #expect(long.frames[1] == long.frames[0])
        expectPixel(long.frames[2], 31, 5, red)
        #expect(try decodeAnimatedWebP(bytes(URL(fileURLWithPath: webp))).delays == [700_000, 500])
    }

    @Test func quantiserKeepsFewColoursExactlyAndMediansCutMany() throws {
        let few: [UInt32] = [0xff0000, 0x00ff00, 0x123456, 0xff0000, 0xfedcba]
        var palette = [UInt32](repeating: 0, count: 256)
        var indices = [UInt8](repeating: 0, count: few.count)
        #expect(easel_quantize_colors(few, few.count, 255, &palette, &indices) == 4)
        #expect(few.indices.allSatisfy { palette[Int(indices[$0])] == few[$0] })

        // 4096 colours, 16 levels a channel 17 apart: 255 entries, none far from its colours.
        var many: [UInt32] = []
        for r in 0..<16 { for g in 0..<16 { for b in 0..<16 { many.append(UInt32(r * 17) << 16 | UInt32(g * 17) << 8 | UInt32(b * 17)) } } }
        indices = [UInt8](repeating: 0, count: many.count)
        #expect(easel_quantize_colors(many, many.count, 255, &palette, &indices) == 255)
        var worst = 0
        for (index, color) in many.enumerated() {
            let entry = palette[Int(indices[index])]
            for shift in [16, 8, 0] {
                worst = max(worst, abs(Int(color >> UInt32(shift) & 0xff) - Int(entry >> UInt32(shift) & 0xff)))
            }
        }
        // 4096 colours in 255 boxes of about 16 each (a 4 x 2 x 2 block of levels): within 2 levels.
        #expect(worst <= 34)
    }

    @Test func gifWithManyColoursStaysCloseToTheDrawing() throws {
        let path = try temporaryFolder("gradient").appendingPathComponent("g.gif").path
        let writer = try FrameSequenceWriter(path: path, pixelWidth: 64, pixelHeight: 64)
        let canvas = try Canvas(width: 64, height: 64, backing: .raster(scale: 1))
        for y in 0..<64 {
            for x in 0..<64 { canvas.fill(rect(Double(x), Double(y), 1, 1), color: color(Double(x) / 63, Double(y) / 63, 0.5)) }
        }
        try writer.append(canvas, duration: 0.1)
        try writer.finish()
        let frame = try #require(try decodeAnimatedGIF(bytes(URL(fileURLWithPath: path))).frames.first)
        let drawn = try canvas.rasterImage()
        var total = 0, worst = 0
        for (a, b) in zip(frame.pixels, drawn.pixels) {
            let error = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
            total += error
            worst = max(worst, error)
        }
        // 4096 colours through 255: a median cut keeps every pixel near its colour.
        #expect(worst <= 24 && Double(total) / 4096 <= 8, "worst \(worst), mean \(Double(total) / 4096)")
    }

    // MARK: Timing

    @Test func thirtyFramesASecondDoNotDriftOverThreeHundredFrames() throws {
        let folder = try temporaryFolder("drift")
        for (name, ticks) in [("d.webp", 1000.0), ("d.gif", 100.0)] {
            let path = folder.appendingPathComponent(name).path
            let writer = try FrameSequenceWriter(path: path, pixelWidth: 16, pixelHeight: 16)
            for index in 0..<300 {
                let canvas = try Canvas(width: 16, height: 16, backing: .raster(scale: 1))
                canvas.fill(rect(Double(index % 16), Double(index / 16 % 16), 1, 1), color: redColor)
                try writer.append(canvas, duration: 1.0 / 30)
            }
            try writer.finish()
            let data = try bytes(URL(fileURLWithPath: path))
            let animation = try name.hasSuffix("gif") ? decodeAnimatedGIF(data) : decodeAnimatedWebP(data)
            #expect(animation.delays.count == 300)
            var end = 0
            var ends: [Int] = []
            for delay in animation.delays {
                end += delay
                ends.append(end)
            }
            let expected = (1...300).map { Int((Double($0) * ticks / 30).rounded()) }
            #expect(ends == expected, "\(name)")
            #expect(end == Int(10 * ticks))
            #expect(Array(animation.delays.prefix(3)) == (ticks == 1000 ? [33, 34, 33] : [3, 4, 3]))
        }
    }

    // MARK: PNG sequences

    @Test func pngSequenceWritesOneNumberedFilePerFrame() throws {
        let folder = try temporaryFolder("png")
        let pattern = folder.appendingPathComponent("f_%03d.png").path
        let writer = try FrameSequenceWriter(path: pattern, pixelWidth: 64, pixelHeight: 48)
        #expect(writer.format == .pngSequence(pattern))
        for index in 0..<3 { try writer.append(movingSquare(10 + 12 * Double(index)), duration: 0.1) }
        try writer.finish()
        #expect(try names(in: folder) == ["f_000.png", "f_001.png", "f_002.png"])
        let second = try RasterImage(contentsOfPNG: folder.appendingPathComponent("f_001.png").path)
        #expect(second.width == 64 && second.height == 48)
        expectPixel(second, 23, 5, red)
        expectPixel(second, 11, 5, transparent)
    }

    @Test func patternFileNames() throws {
        #expect(try FrameSequenceWriter.Format.fileName(pattern: "frames/%04d.png", frame: 7) == "frames/0007.png")
        #expect(try FrameSequenceWriter.Format.fileName(pattern: "frames/%04d.png", frame: 12345) == "frames/12345.png")
        #expect(try FrameSequenceWriter.Format.fileName(pattern: "f%d.png", frame: 42) == "f42.png")
        #expect(try FrameSequenceWriter.Format.fileName(pattern: "100%%/%02d.png", frame: 3) == "100%/03.png")
        #expect(try FrameSequenceWriter.Format(path: "out/anim.WEBP") == .webp)
        #expect(try FrameSequenceWriter.Format(path: "anim.gif") == .gif)
    }

    @Test(arguments: ["f%d%d.png", "f%s.png", "f%4d.png", "f.png%", "f%x.png", "f%010d.png", "f%00d.png", "f.png"])
    func badPatternsAreOneClearError(pattern: String) {
        let problem = pattern == "f.png"
            ? "unsupported file extension for an animation; use .webp, .gif or a numbered PNG pattern such as frames/%04d.png"
            : "a numbered frame pattern needs exactly one %d or %0Nd (N from 1 to 9, such as frames/%04d.png) "
                + "and no other % sequence (write %% for a %)"
        #expect(message { _ = try FrameSequenceWriter(path: pattern, pixelWidth: 8, pixelHeight: 8) }
            == "cannot write \(pattern): \(problem)")
    }

    @Test func aPatternMustNameAPNG() {
        #expect(message { _ = try FrameSequenceWriter.Format(path: "frames/%04d.jpg") }
            == "cannot write frames/%04d.jpg: numbered frames are written as PNG files; the pattern must end in .png, "
                + "such as frames/%04d.png")
    }

    // MARK: Errors

    @Test func unwritablePathsNameTheFile() throws {
        #expect(message { _ = try FrameSequenceWriter(path: "/nonexistent-easel-folder/a.webp", pixelWidth: 8, pixelHeight: 8) }
            == "cannot write /nonexistent-easel-folder/a.webp: No such file or directory")
        let folder = try temporaryFolder("unwritable")
        let directory = folder.appendingPathComponent("dir.gif")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        #expect(message { _ = try FrameSequenceWriter(path: directory.path, pixelWidth: 8, pixelHeight: 8) }
            == "cannot write \(directory.path): it is a folder")
        // A sequence names the frame's file.
        let writer = try FrameSequenceWriter(path: "/nonexistent-easel-folder/%02d.png", pixelWidth: 64, pixelHeight: 48)
        #expect(message { try writer.append(movingSquare(0), duration: 0.1) }
            == "cannot write /nonexistent-easel-folder/00.png: No such file or directory")
    }

    @Test(arguments: ["gif", "webp"])
    func aFullDiskIsAnError(format: String) throws {
        // /dev/full fails every write with ENOSPC; it is not a regular file, so it is written in place.
        let writer = try FrameSequenceWriter(
            path: "/dev/full", format: format == "gif" ? .gif : .webp, pixelWidth: 64, pixelHeight: 48)
        try writer.append(movingSquare(10), duration: 0.1)
        #expect(message { try writer.finish() } == "cannot write /dev/full: No space left on device")
        // The first error sticks.
        #expect(message { try writer.finish() } == "cannot write /dev/full: No space left on device")
    }

    @Test(arguments: ["x.gif", "x.webp"])
    func aFailedAnimationLeavesTheOldFileAndNoTemporaryOne(name: String) throws {
        let folder = try temporaryFolder("failed")
        let url = folder.appendingPathComponent(name)
        try Data("old".utf8).write(to: url)
        let writer = try FrameSequenceWriter(path: url.path, pixelWidth: 64, pixelHeight: 48)
        try writer.append(movingSquare(10), duration: 0.1)
        #expect(try names(in: folder).count == 2)   // the old file and the temporary one
        #expect(message { try writer.append(movingSquare(10, width: 32, height: 32), duration: 0.1) }
            == "cannot write \(url.path): the frame at 0.1 s is 32 x 32 pixels; the animation is 64 x 48")
        #expect(try names(in: folder) == [name])
        #expect(try String(contentsOf: url, encoding: .utf8) == "old")
        #expect(message { try writer.finish() }
            == "cannot write \(url.path): the frame at 0.1 s is 32 x 32 pixels; the animation is 64 x 48")

        // Released unfinished: no file either.
        let other = folder.appendingPathComponent("other-" + name)
        do {
            let unfinished = try FrameSequenceWriter(path: other.path, pixelWidth: 64, pixelHeight: 48)
            try unfinished.append(movingSquare(10), duration: 0.1)
        }
        #expect(try names(in: folder) == [name])
    }

    /// A render interrupted by SIGTERM half way leaves neither the file nor its temporary one.
    @Test func anInterruptedAnimationLeavesNoTemporaryFile() async throws {
        let folder = "/tmp/easel-interrupted-animation-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        await #expect(processExitsWith: .signal(SIGTERM)) {
            // The child's parent is this test process, which made the folder.
            let path = "/tmp/easel-interrupted-animation-\(getppid())/a.webp"
            guard let writer = try? FrameSequenceWriter(path: path, pixelWidth: 64, pixelHeight: 48),
                  (try? writer.append(movingSquare(10), duration: 0.1)) != nil,
                  ((try? FileManager.default.contentsOfDirectory(atPath: path.replacingOccurrences(of: "/a.webp", with: ""))) ?? []).count == 1
            else { exit(2) }
            // The test runner's child blocks SIGTERM; easel does not.
            var mask = sigset_t()
            sigemptyset(&mask)
            sigaddset(&mask, SIGTERM)
            pthread_sigmask(SIG_UNBLOCK, &mask, nil)
            raise(SIGTERM)
            exit(3)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    }

    @Test func badArgumentsAreClearErrors() throws {
        let path = try temporaryFolder("arguments").appendingPathComponent("a.webp").path
        #expect(message { _ = try FrameSequenceWriter(path: path, pixelWidth: 8, pixelHeight: 8, loopCount: -1) }
            == "cannot write \(path): loop count -1 is out of range; it must be 0 (forever) to 65535")
        #expect(message { _ = try FrameSequenceWriter(path: path, pixelWidth: 8, pixelHeight: 8, quality: 0) }
            == "cannot write \(path): quality 0 is out of range; it must be between 1 and 100")
        #expect(message { _ = try FrameSequenceWriter(path: path, pixelWidth: 20000, pixelHeight: 8) }
            == "cannot write \(path): WebP animations are 1 to 16383 pixels a side; this one is 20000 x 8")
        let writer = try FrameSequenceWriter(path: path, pixelWidth: 64, pixelHeight: 48)
        #expect(message { try writer.finish() } == "cannot write \(path): no frames to write")
        for duration in [0, -1, Double.nan, Double.infinity] {
            let writer = try FrameSequenceWriter(path: path, pixelWidth: 64, pixelHeight: 48)
            #expect(message { try writer.append(movingSquare(10), duration: duration) }
                == "cannot write \(path): invalid frame duration \(duration) s; it must be finite and greater than 0")
        }
        let third = try FrameSequenceWriter(path: path, pixelWidth: 64, pixelHeight: 48)
        try third.append(movingSquare(10), duration: 0.1)
        try third.finish()
        #expect(message { try third.append(movingSquare(10), duration: 0.1) }
            == "cannot write \(path): the animation is already finished")
    }

    // MARK: Memory

    /// The resident memory after 10 and after 200 appended 640x360 frames
    /// stays within 8 MB for both formats; holding the frames would take 175 MB
    /// more (0.9 MB each). Measured in a child process of its own (an exit test),
    /// so other tests running in parallel do not allocate into the count.
    @Test func memoryDoesNotGrowWithTheNumberOfFrames() async {
        await #expect(processExitsWith: .success) {
            for format in [FrameSequenceWriter.Format.webp, .gif] {
                let path = "/tmp/easel-memory-\(getpid()).\(format == .gif ? "gif" : "webp")"
                defer { unlink(path) }
                guard let writer = try? FrameSequenceWriter(path: path, format: format, pixelWidth: 640, pixelHeight: 360) else { exit(2) }
                var atTen = 0
                for index in 0..<200 {
                    guard let canvas = try? Canvas(width: 640, height: 360, background: whiteColor, backing: .raster(scale: 1)) else { exit(3) }
                    canvas.fill(rect(0, 0, 640, 40), color: blueColor)
                    canvas.fill(rect(Double(index * 3 % 600), 100 + Double(index % 7) * 20, 40, 40), color: redColor)
                    guard (try? writer.append(canvas, duration: 1.0 / 30)) != nil else { exit(4) }
                    if index == 9 { atTen = residentBytes() }
                }
                let growth = residentBytes() - atTen
                guard (try? writer.finish()) != nil else { exit(5) }
                if growth > 8 << 20 {
                    print("\(format): \(growth) bytes more after 200 frames than after 10")
                    exit(1)
                }
            }
        }
    }
}
