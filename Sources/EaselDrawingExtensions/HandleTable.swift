/// Objects handed to plugins as opaque handles: slot `i` of handle
/// `(i + 1) | generation << 32`, never an address.
///
/// A slot's generation changes whenever it is freed, so an old handle to a
/// reused slot is refused (until the 32-bit generation comes round again,
/// after four billion reuses of that slot), and a made-up handle is found
/// dead rather than followed. Freed slots are reused first; the table is as
/// long as the most objects alive at once. Not synchronised: keep it in a
/// `Mutex`.
struct HandleTable<Object> {
    private var objects: [Object?] = []
    private var generations: [UInt32] = []
    private var free: [Int] = []

    /// Stores `object` and returns its handle (nil when 2³² slots are in use).
    mutating func insert(_ object: Object) -> UInt? {
        let index: Int
        if let reused = free.popLast() {
            index = reused
        } else {
            guard objects.count < Int(UInt32.max) else { return nil }
            index = objects.count
            objects.append(nil)
            generations.append(1)
        }
        objects[index] = object
        return UInt(index + 1) | UInt(generations[index]) << 32
    }

    /// The slot of a live handle.
    private func slot(_ handle: UInt) -> Int? {
        let index = Int(handle & 0xFFFF_FFFF) - 1
        guard index >= 0, index < objects.count, objects[index] != nil,
              UInt(generations[index]) == handle >> 32 else { return nil }
        return index
    }

    /// The object of a live handle; nil for a released or made-up one.
    func object(_ handle: UInt) -> Object? {
        slot(handle).flatMap { objects[$0] }
    }

    /// Frees a live handle's slot and returns its object; nil (and nothing
    /// changes) for a released or made-up one.
    @discardableResult
    mutating func remove(_ handle: UInt) -> Object? {
        guard let index = slot(handle) else { return nil }
        let object = objects[index]
        objects[index] = nil
        generations[index] = generations[index] == UInt32.max ? 1 : generations[index] + 1
        free.append(index)
        return object
    }
}
