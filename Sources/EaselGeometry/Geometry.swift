// EaselGeometry: the plugin ABI's geometry structs under Swift names, with
// CoreGraphics' math and one set of conformances.
//
// The ABI (easel.h) lays out `easel_point`, `easel_size`, `easel_rect` and
// `easel_affine_transform` exactly like CGPoint, CGSize, CGRect and
// CGAffineTransform on 64-bit platforms, and `easel_color` as four doubles.
// This module is the only place that gives those C structs Swift behaviour:
// the host, the canvas, the view tree, the scene reader and the Swift plugin
// kit (linked statically into plugins) all use it, so a rectangle means the
// same thing on both sides of the ABI. It depends on EaselABI alone and never
// on Foundation, so that a plugin built with the kit stays small.
//
// Names. The structs keep their C names (`easel_rect`), which host code uses
// throughout; ``Point``, ``Size``, ``Rect``, ``AffineTransform`` and ``Color``
// are the short Swift names plugin code reads best with. They are the same
// types, not wrappers: there is nothing to convert.
//
// Semantics are CoreGraphics' (CGGeometry.h and CGAffineTransform.h):
// * A rectangle may have a negative width or height; its `minX`…`maxY`,
//   `width` and `height` read as if it were standardised, and operations that
//   CoreGraphics standardises (intersection, union, inset, applying a
//   transform) return standardised rectangles.
// * Three special rectangles. An *empty* rectangle has zero width or height
//   (``easel_rect/zero`` is one) and still has a position. The *null*
//   rectangle, ``easel_rect/null`` (CGRectNull: origin at +infinity, size
//   zero), is the empty set: it is what intersecting disjoint rectangles
//   returns, contributes nothing to a union, contains nothing and is empty.
//   The *infinite* rectangle, ``easel_rect/infinite`` (CGRectInfinite), has
//   finite but enormous coordinates and contains every ordinary rectangle.
// * Containment includes the minimum edges and excludes the maximum edges.
// * A transform maps (x, y) to (a·x + c·y + tx, b·x + d·y + ty);
//   `t1.concatenating(t2)` applies t1 first (CGAffineTransformConcat), and a
//   rectangle transformed is the bounding box of its transformed corners
//   (CGRectApplyAffineTransform).
//
// Differences from CoreGraphics, on purpose: ``easel_affine_transform/inverted()``
// returns nil for a singular transform instead of the transform unchanged.
// NaN coordinates are not special-cased: they give whatever the arithmetic
// (and Swift's `min` and `max`) gives.
//
// Everything small is `@inlinable`: the view renderer and the canvas call
// these in their inner loops, across module boundaries.

@_exported import EaselABI

/// A point (CGPoint's layout): `easel_point`.
public typealias Point = easel_point
/// A size (CGSize's layout): `easel_size`.
public typealias Size = easel_size
/// A rectangle (CGRect's layout): `easel_rect`.
public typealias Rect = easel_rect
/// An affine transform (CGAffineTransform's layout): `easel_affine_transform`.
public typealias AffineTransform = easel_affine_transform
/// An RGBA colour, components 0...1, not premultiplied: `easel_color`.
public typealias Color = easel_color
