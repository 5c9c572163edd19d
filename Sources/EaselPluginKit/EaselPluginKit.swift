// EaselPluginKit: write Easel widgets as ordinary Swift.
//
// A Swift plugin links this library statically into its .so. The widget's
// own code declares a class as a Swift type (``PluginClass``/``ViewClass``)
// with typed ``Property`` declarations and ``Method``s made from Swift
// closures; the kit builds the C descriptions (easel_class_desc, property and
// method arrays, type encodings), installs every method with the one C
// function of its signature, which dispatches on (class, selector) to the
// closure (Dispatch.swift), finds each object's storage, and wraps the host's tables: ``ObjectRef``/
// ``ViewRef`` (messaging, properties by name, the view tree), ``Touch`` and
// ``Graphics``.
//
// Everything runs on the host's main thread (easel.h, "Threads").

@_exported import EaselABI
// Point, Size, Rect, AffineTransform and Color, with CoreGraphics' math.
@_exported import EaselGeometry
