// The geometry of the ABI's structs (CoreGraphics math, Equatable and the
// rest) is EaselGeometry's; clients of EaselHost get it with the host, as
// they did when the views owned a copy of it.
@_exported import EaselGeometry
