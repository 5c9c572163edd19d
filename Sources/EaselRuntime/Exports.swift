// The geometry of the ABI's structs (CoreGraphics math, Equatable and the
// rest) is EaselGeometry's; it is the vocabulary of the runtime's and the
// views' API, so their clients get it with them.
@_exported import EaselGeometry
