import EaselGraphicsCore
import CCairo
import EaselABI
import EaselGeometry

// Translations without a cairo matrix.
//
// A view draws in its own coordinates, so nearly everything a view renderer
// draws is drawn under a translation. cairo 1.16 strokes under any matrix
// other than the identity on a slower path (for every face of the stroke it
// maps the slope through the inverse matrix, normalises it again and maps
// the offset back), which makes a frame of stroked views about a tenth
// slower than the same drawing in absolute coordinates.
//
// So on a raster canvas a translation is not handed to cairo: the canvas
// keeps it in its Swift-side state (`DrawingState.offsetX/offsetY`, saved
// and restored with cairo's state) while cairo's matrix stays the identity,
// and adds it to the coordinates of every path and painting operation. For
// points and rectangles the device coordinates are the very doubles cairo
// would compute (with an identity linear part cairo maps x to x + tx, which
// is what the canvas computes), so the paths are the same fixed-point
// paths. cairo computes an arc's points from the translated centre instead
// of translating them afterwards, and strokes without renormalising each
// face's slope: both can differ from the translated drawing in the last bit
// of a double, far below cairo's fixed point of 1/256 of a pixel
// (CanvasFastPathTests draws hundreds of random scenes both ways and
// compares them bit for bit).
// The translation reaches cairo only when the transform stops being one:
// `scale`, `rotate` and a `concat_ctm` that is not a pure translation first
// set cairo's matrix to the translation (the same matrix the translations
// would have built in cairo), then apply themselves, and the canvas stays on
// cairo's matrix until the state that made the change is restored. Text,
// whose glyph positions cairo computes under its own matrix, does the same.
// `get_ctm` reports the translation either way.
//
// Only raster canvases work this way: a recording canvas records cairo's
// matrix with every operation (and writes it into SVG and PDF output), so it
// keeps every transform in cairo as before.

extension Canvas {
    /// Whether the current transform is a translation kept on the Swift side.
    @inline(__always)
    package var isOffset: Bool { state.isOffset }

    /// The pending translation's x.
    @inline(__always)
    package var offsetX: Double { state.offsetX }

    /// The pending translation's y.
    @inline(__always)
    package var offsetY: Double { state.offsetY }

    /// Hands the pending translation to cairo's matrix and stops keeping the
    /// transform on the Swift side, until the current state is restored.
    ///
    /// A pending guard clip is applied first: the guard is in the
    /// coordinates of an identity matrix. Runs inside `perform`.
    package func materializeOffset() {
        guard state.isOffset else { return }
        applyGuardClip()
        let x = state.offsetX, y = state.offsetY
        // cairo_translate on the identity gives the matrix that the
        // translations would have built (x0 = tx * 1 + ty * 0 + x0, summed in
        // the same order as the offset).
        if x != 0 || y != 0 {
            materializeSaves()
            cairo_translate(cr, x, y)
        }
        state.isOffset = false
        state.offsetX = 0
        state.offsetY = 0
    }

    /// Adds a translation to the pending one when the transform is kept on
    /// the Swift side and the sum stays finite; returns whether it did.
    ///
    /// cairo would compute the new x0 as `tx * 1 + ty * 0 + x0`, which is
    /// `x0 + tx`: the same double.
    @inline(__always)
    func addOffset(_ tx: Double, _ ty: Double) -> Bool {
        guard state.isOffset else { return false }
        let x = state.offsetX + tx, y = state.offsetY + ty
        guard x.isFinite, y.isFinite else { return false }
        state.offsetX = x
        state.offsetY = y
        return true
    }

    /// Makes the canvas hand every transform to cairo, clip eagerly and save
    /// cairo's state on every save, as a recording canvas does: for comparing
    /// the two ways in tests. Call it before drawing.
    package func keepTransformsInCairo() {
        precondition(savedStates.isEmpty && !state.isGuarded, "keepTransformsInCairo() must come before drawing")
        materializeOffset()
        lazySaves = false
    }

    // MARK: Host-side translations without a saved state

    /// How to undo a ``beginTranslation(x:y:)``.
    package struct SavedTranslation {
        fileprivate let x: Double
        fileprivate let y: Double
        fileprivate let depth: Int
        fileprivate let savedState: Bool
    }

    /// Translates the current transform, without saving cairo's state when
    /// the translation can stay on the Swift side; ``endTranslation(_:)``
    /// puts it back.
    ///
    /// For a view renderer: the drawing in between must leave the graphics
    /// state as it found it (balanced saves and restores). Otherwise the pair
    /// is `saveState(); concatenate(translation)` … `restoreState()`.
    ///
    /// - Parameters:
    ///   - tx: The translation along x.
    ///   - ty: The translation along y.
    /// - Returns: What ``endTranslation(_:)`` needs.
    package func beginTranslation(x tx: Double, y ty: Double) -> SavedTranslation {
        if firstError == nil, state.isOffset {
            let x = state.offsetX, y = state.offsetY
            if addOffset(tx, ty) { return SavedTranslation(x: x, y: y, depth: savedStates.count, savedState: false) }
        }
        saveState()
        concatenate(easel_affine_transform(translationX: tx, y: ty))
        return SavedTranslation(x: 0, y: 0, depth: 0, savedState: true)
    }

    /// Undoes the matching ``beginTranslation(x:y:)``.
    package func endTranslation(_ saved: SavedTranslation) {
        if saved.savedState {
            restoreState()
        } else if savedStates.count == saved.depth {
            // (Only if the drawing left the stack where it found it; it may
            // have failed part way, and the canvas is then in error.)
            state.offsetX = saved.x
            state.offsetY = saved.y
        }
    }
}
