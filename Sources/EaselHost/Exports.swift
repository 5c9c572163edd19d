// EaselHost is what remains of the host library after its split into
// EaselRuntime, EaselDiscovery and EaselViews: the isolated renderer's pieces
// (Isolation/). It re-exports those modules so that the front ends and tests
// that import EaselHost see the same API as before the split.
@_exported import EaselDiscovery
@_exported import EaselProbe
@_exported import EaselRuntime
@_exported import EaselViews
