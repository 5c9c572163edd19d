#if canImport(Glibc)
import Glibc
#endif
import EaselRuntime
import EaselViews
import CEaselSupport
import EaselABI

/// What a process running plugin code is doing, kept in shared memory so
/// that the process watching it can read it after the first one died: the
/// phase, the view being drawn, and the stack of plugin calls in progress.
///
/// The watched process writes (``setPhase(_:)``, ``beginCall(receiver:selector:plugin:)``,
/// ``beginView(ordinal:location:className:frame:)``, …) without a system call;
/// the watcher reads a ``Snapshot`` once the writer has died or been killed,
/// and meanwhile only ``activeCall()`` (two atomic loads), to enforce a time
/// limit on the outermost plugin call in progress.
///
/// The layout is fixed (``byteCount`` bytes): two atomic 64-bit words (the
/// number of outermost calls begun, and the monotonic time the current one
/// began, 0 when none runs), the call depth, the view being drawn (its
/// drawing ordinal, frame in canvas points, location and class), the phase,
/// then ``frameCapacity`` call frames (receiver class, selector, plugin name
/// and path), then what the sandbox refused (written by the worker's SIGSYS
/// handler, see Sandbox.swift). Strings are stored as a 32-bit length and UTF-8 bytes,
/// truncated to their slot.
package struct FlightRecorder {
    /// The bytes the recorder occupies.
    package static let byteCount = 16384
    /// The deepest nesting of calls recorded; deeper calls are counted, not recorded.
    package static let frameCapacity = 8

    private enum Offset {
        static let sequence = 0, started = 8, depth = 16, viewActive = 20, viewOrdinal = 24, viewFrame = 32
        static let phase = 64, viewLocation = 320, viewClass = 1344, frames = 1600
        static let phaseSize = 256, locationSize = 1024, classSize = 256
        static let frameReceiver = 0, frameSelector = 256, framePluginName = 512, framePluginPath = 768
        static let frameNameSize = 256, framePathSize = 1024, frameSize = 1792
        // After the deepest frame, to the end (448 bytes).
        static let refusal = frames + FlightRecorder.frameCapacity * frameSize, refusalSize = FlightRecorder.byteCount - refusal
    }

    private let base: UnsafeMutableRawPointer

    /// A recorder over `byteCount` bytes of shared memory (8-byte aligned).
    package init(_ base: UnsafeMutableRawPointer) { self.base = base }

    /// Clears everything (before a new process starts writing).
    package func reset() { base.initializeMemory(as: UInt8.self, repeating: 0, count: Self.byteCount) }

    // MARK: Writing (the watched process)

    /// Records what the process is doing outside plugin calls, e.g. `building the scene`.
    package func setPhase(_ text: String) { write(text, at: Offset.phase, size: Offset.phaseSize) }

    /// Records that a call into plugin code begins; the outermost call also
    /// starts the clock that the watcher's time limit runs on.
    ///
    /// - Parameters:
    ///   - receiver: The receiver's class name (empty when loading a plugin file).
    ///   - selector: The selector (empty when loading a plugin file).
    ///   - plugin: The name and file of the plugin whose code runs, if known.
    package func beginCall(receiver: String, selector: String, plugin: (name: String, path: String)?) {
        let depth = Int(base.load(fromByteOffset: Offset.depth, as: UInt32.self))
        if depth < Self.frameCapacity {
            let frame = Offset.frames + depth * Offset.frameSize
            write(receiver, at: frame + Offset.frameReceiver, size: Offset.frameNameSize)
            write(selector, at: frame + Offset.frameSelector, size: Offset.frameNameSize)
            write(plugin?.name ?? "", at: frame + Offset.framePluginName, size: Offset.frameNameSize)
            write(plugin?.path ?? "", at: frame + Offset.framePluginPath, size: Offset.framePathSize)
        }
        base.storeBytes(of: UInt32(depth + 1), toByteOffset: Offset.depth, as: UInt32.self)
        if depth == 0 {
            let sequence = easel_support_atomic_load_u64(word(Offset.sequence))
            easel_support_atomic_store_u64(word(Offset.started), max(1, monotonicNanoseconds()))
            easel_support_atomic_store_u64(word(Offset.sequence), sequence &+ 1)
        }
    }

    /// Records that the innermost call in progress returned.
    package func endCall() {
        let depth = base.load(fromByteOffset: Offset.depth, as: UInt32.self)
        guard depth > 0 else { return }
        base.storeBytes(of: depth - 1, toByteOffset: Offset.depth, as: UInt32.self)
        if depth == 1 { easel_support_atomic_store_u64(word(Offset.started), 0) }
    }

    /// Records that a view's drawing call is about to be sent.
    ///
    /// - Parameters:
    ///   - ordinal: The view's place in drawing order (the same in every
    ///     render of the same tree), which identifies it to skip it later.
    ///   - location: Where the view comes from, e.g. its JSON path in a scene.
    ///   - className: The view's class.
    ///   - frame: The view's bounds in canvas points (the box around them, if transformed).
    package func beginView(ordinal: Int, location: String, className: String, frame: easel_rect) {
        base.storeBytes(of: Int64(ordinal), toByteOffset: Offset.viewOrdinal, as: Int64.self)
        for (index, value) in [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].enumerated() {
            base.storeBytes(of: value, toByteOffset: Offset.viewFrame + 8 * index, as: Double.self)
        }
        write(location, at: Offset.viewLocation, size: Offset.locationSize)
        write(className, at: Offset.viewClass, size: Offset.classSize)
        base.storeBytes(of: UInt32(1), toByteOffset: Offset.viewActive, as: UInt32.self)
    }

    /// Records that the view's drawing call returned.
    package func endView() { base.storeBytes(of: UInt32(0), toByteOffset: Offset.viewActive, as: UInt32.self) }

    /// The slot the worker's sandbox writes what it refused into, from a
    /// signal handler: a 32-bit length and UTF-8 bytes, like every string here.
    package var refusalSlot: (address: UnsafeMutableRawPointer, size: Int) { (base + Offset.refusal, Offset.refusalSize) }

    // MARK: Reading (the watcher)

    /// The outermost call in progress: how many have begun (so a later read
    /// can tell whether it is still the same one) and when it began, in
    /// monotonic nanoseconds; `nil` when no call is in progress.
    package func activeCall() -> (sequence: UInt64, started: UInt64)? {
        let sequence = easel_support_atomic_load_u64(word(Offset.sequence))
        let started = easel_support_atomic_load_u64(word(Offset.started))
        return started == 0 ? nil : (sequence, started)
    }

    /// One call in progress.
    package struct Call: Sendable, Equatable {
        /// The receiver's class (empty while a plugin file loads).
        package var receiver: String
        /// The selector (empty while a plugin file loads).
        package var selector: String
        /// The plugin's name, empty when the method is the host's.
        package var pluginName: String
        /// The plugin's file, empty when the method is the host's.
        package var pluginPath: String
    }

    /// The view whose drawing call was in progress.
    package struct DrawnView: Sendable, Equatable {
        /// Its drawing ordinal.
        package var ordinal: Int
        /// Where it comes from (a JSON path).
        package var location: String
        /// Its class.
        package var className: String
        /// Its box in canvas points.
        package var frame: easel_rect
    }

    /// Everything recorded, read once the writer has stopped.
    package struct Snapshot: Sendable {
        /// The phase last set.
        package var phase: String
        /// The calls in progress, outermost first (at most ``FlightRecorder/frameCapacity``).
        package var calls: [Call]
        /// The view being drawn, if a drawing call was in progress.
        package var view: DrawnView?
        /// What the sandbox refused, e.g. `socket()`: empty unless the
        /// worker was stopped for a forbidden system call.
        package var refusal = ""

        /// The innermost call into a plugin's own code (a host built-in such
        /// as an overlay's `drawRect:` only forwards to one), else the innermost call.
        package var culprit: Call? {
            calls.last(where: { !$0.pluginPath.isEmpty }) ?? calls.last
        }
    }

    /// Reads everything recorded.
    package func snapshot() -> Snapshot {
        let depth = min(Int(base.load(fromByteOffset: Offset.depth, as: UInt32.self)), Self.frameCapacity)
        let calls = (0..<depth).map { index in
            let frame = Offset.frames + index * Offset.frameSize
            return Call(receiver: read(at: frame + Offset.frameReceiver, size: Offset.frameNameSize),
                        selector: read(at: frame + Offset.frameSelector, size: Offset.frameNameSize),
                        pluginName: read(at: frame + Offset.framePluginName, size: Offset.frameNameSize),
                        pluginPath: read(at: frame + Offset.framePluginPath, size: Offset.framePathSize))
        }
        var view: DrawnView?
        if base.load(fromByteOffset: Offset.viewActive, as: UInt32.self) != 0 {
            let values = (0..<4).map { base.load(fromByteOffset: Offset.viewFrame + 8 * $0, as: Double.self) }
            view = DrawnView(ordinal: Int(base.load(fromByteOffset: Offset.viewOrdinal, as: Int64.self)),
                             location: read(at: Offset.viewLocation, size: Offset.locationSize),
                             className: read(at: Offset.viewClass, size: Offset.classSize),
                             frame: easel_rect(x: values[0], y: values[1], width: values[2], height: values[3]))
        }
        return Snapshot(phase: read(at: Offset.phase, size: Offset.phaseSize), calls: calls, view: view,
                        refusal: read(at: Offset.refusal, size: Offset.refusalSize))
    }

    // MARK: Storage

    private func word(_ offset: Int) -> UnsafeMutablePointer<UInt64> {
        (base + offset).assumingMemoryBound(to: UInt64.self)
    }

    private func write(_ text: String, at offset: Int, size: Int) {
        var text = text
        let count = text.withUTF8 { utf8 in
            let count = min(utf8.count, size - 4)
            if count > 0 { (base + offset + 4).copyMemory(from: utf8.baseAddress!, byteCount: count) }
            return count
        }
        base.storeBytes(of: UInt32(count), toByteOffset: offset, as: UInt32.self)
    }

    private func read(at offset: Int, size: Int) -> String {
        let count = min(Int(base.load(fromByteOffset: offset, as: UInt32.self)), size - 4)
        return String(decoding: UnsafeRawBufferPointer(start: base + offset + 4, count: count), as: UTF8.self)
    }
}

/// CLOCK_MONOTONIC in nanoseconds (the same clock in every process).
package func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}
