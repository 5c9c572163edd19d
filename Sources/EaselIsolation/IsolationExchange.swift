import EaselDiscovery
import EaselRuntime
import EaselViews
#if canImport(Glibc)
import Glibc
#endif
import EaselRuntime
import EaselViews

/// The shared memory between `easel` and the child process it renders in
/// (see IsolatedProcess.swift): one anonymous file that the child gets as
/// its standard input.
///
/// Layout: a header page (offsets and lengths, 64-bit words), the
/// ``FlightRecorder``, the pixels of the raster canvas (page-aligned, maybe
/// none), all mapped by both processes; then, past the mapping and written
/// with `pwrite`, the request the child is to carry out and the encoded
/// output it produced (an SVG or PDF file), which may be any size.
package final class IsolationExchange {
    private enum Header {
        static let magic = 0, recorder = 8, pixels = 16, pixelsLength = 24
        static let request = 32, requestLength = 40, output = 48, outputLength = 56
        static let value: UInt64 = 0x3158_4C45_5341_45   // "EASELX1"
        static let size = 4096
    }

    /// The shared file.
    package let memory: SharedMemory

    /// Creates the shared file with room for `pixelBytes` bytes of pixels.
    package init(pixelBytes: Int) throws(SharedMemoryError) {
        let page = 4096
        let pixels = Header.size + FlightRecorder.byteCount
        let mapped = pixels + (pixelBytes + page - 1) / page * page
        memory = try SharedMemory(name: "easel-isolation", count: mapped)
        set(Header.magic, Header.value)
        set(Header.recorder, UInt64(Header.size))
        set(Header.pixels, UInt64(pixels))
        set(Header.pixelsLength, UInt64(pixelBytes))
        set(Header.request, UInt64(mapped))
    }

    /// Maps the file the parent made (the child's side).
    package init(adopting fileDescriptor: Int32) throws(SharedMemoryError) {
        memory = try SharedMemory(adopting: fileDescriptor)
        guard memory.count >= Header.size + FlightRecorder.byteCount,
              memory.bytes.load(fromByteOffset: Header.magic, as: UInt64.self) == Header.value else {
            throw SharedMemoryError("file descriptor \(fileDescriptor) is not an easel isolation exchange")
        }
    }

    /// The recorder both processes see.
    package var recorder: FlightRecorder { FlightRecorder(memory.bytes + Int(get(Header.recorder))) }

    /// The pixels of the raster canvas.
    package var pixels: UnsafeMutableRawPointer { memory.bytes + Int(get(Header.pixels)) }

    /// The number of bytes of pixels.
    package var pixelBytes: Int { Int(get(Header.pixelsLength)) }

    /// Prepares a new attempt (the parent's side): writes the request, clears
    /// the pixels, the recorder and any earlier output.
    package func start(request: [UInt8]) throws(SharedMemoryError) {
        let offset = Int(get(Header.request))
        try memory.append(request, at: offset)
        set(Header.requestLength, UInt64(request.count))
        set(Header.output, UInt64((offset + request.count + 4095) / 4096 * 4096))
        set(Header.outputLength, 0)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: pixelBytes)
        recorder.reset()
    }

    /// The request (the child's side).
    package func request() throws(SharedMemoryError) -> [UInt8] {
        try memory.read(at: Int(get(Header.request)), length: Int(get(Header.requestLength)))
    }

    /// Stores the encoded output (the child's side).
    package func writeOutput(_ bytes: [UInt8]) throws(SharedMemoryError) {
        try memory.append(bytes, at: Int(get(Header.output)))
        set(Header.outputLength, UInt64(bytes.count))
    }

    /// The encoded output the child stored, if any (the parent's side).
    package func output() throws(SharedMemoryError) -> [UInt8]? {
        let length = Int(get(Header.outputLength))
        return length == 0 ? nil : try memory.read(at: Int(get(Header.output)), length: length)
    }

    private func get(_ offset: Int) -> UInt64 { memory.bytes.load(fromByteOffset: offset, as: UInt64.self) }
    private func set(_ offset: Int, _ value: UInt64) { memory.bytes.storeBytes(of: value, toByteOffset: offset, as: UInt64.self) }
}
