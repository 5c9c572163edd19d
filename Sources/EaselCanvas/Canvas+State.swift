import EaselGraphicsCore
import CCairo
import EaselABI
import EaselGeometry

/// The part of the CoreGraphics graphics state that cairo cannot hold.
///
/// cairo has one source pattern; CoreGraphics has a fill colour, a stroke
/// colour and a global alpha. One `DrawingState` exists per saved state: the
/// canvas pushes and pops them with every save and restore (`cairo_save`
/// follows lazily on a raster canvas) and with `cairo_push_group` /
/// `cairo_pop_group`.
@usableFromInline
package struct DrawingState {
    /// The colour of fills and text.
    package var fillColor = easel_color(red: 0, green: 0, blue: 0, alpha: 1)
    /// The colour of strokes.
    package var strokeColor = easel_color(red: 0, green: 0, blue: 0, alpha: 1)
    /// Multiplied into the alpha of everything painted, 0...1.
    package var alpha: Double = 1
    /// The width of strokes, in user-space units; cairo's is set from it
    /// right before each stroke (see `Canvas.syncLineWidth()`).
    package var lineWidth: Double = 1
    /// The font of text: 0 the default, i > 0 the canvas's `fonts[i - 1]`.
    var fontIndex: Int32 = 0

    /// Whether the current transform is the translation by (`offsetX`,
    /// `offsetY`), kept here while cairo's matrix stays the identity (see
    /// Canvas+Offset.swift). When `false` cairo's matrix is the current
    /// transform and the offset is zero.
    package var isOffset = true
    /// The translation of the current transform while `isOffset`.
    package var offsetX: Double = 0
    package var offsetY: Double = 0

    /// Whether cairo's clip has been set in this state (a dirty-region
    /// redraw needs an unclipped canvas for its kept layer).
    var hasClip = false
    /// Whether a clip to the guard rectangle is pending (see
    /// Canvas+Guard.swift): painting that may reach outside it applies it first.
    var isGuarded = false
    /// The guard rectangle in whole device pixels: painting whose device
    /// extents stay within it is not changed by the clip.
    var guardMinX: Int32 = 0
    var guardMinY: Int32 = 0
    var guardMaxX: Int32 = 0
    var guardMaxY: Int32 = 0
    /// Whether this saved state was saved by a plugin's transparency layer
    /// (Canvas+Paint.swift): restoring it ends the layer.
    package var opensLayer = false
    /// The shadow later painting casts, if any (Canvas+Shadow.swift).
    package var shadow: Shadow?
    /// How images are sampled when scaled: a CGInterpolationQuality value
    /// (0 default, 1 none, 2 low, 3 high, 4 medium), set by the image extension.
    package var interpolation: Int32 = 0
    /// How many image masks (`clip_to_image_mask`) are in effect: each is an
    /// open group, composited through its mask when the state that set it is
    /// restored (``Canvas/beginImageMask(_:)``).
    package var maskCount: Int32 = 0
    /// Whether restoring this saved state ends a group opened by
    /// ``Canvas/beginTransparencyGroup(within:)``, whose clip to its box is
    /// undone after the group is painted.
    var endsBoundedGroup = false
}

// MARK: - The state stack

extension Canvas {
    /// How many states are saved above the canvas's base state.
    ///
    /// Each ``saveState()`` and ``beginTransparencyGroup()`` adds one; each
    /// ``restoreState()`` and ``endTransparencyGroup(alpha:)`` removes one. The
    /// host can compare the depth before and after plugin code to notice
    /// unbalanced saves.
    @inlinable
    package var stateDepth: Int {
        savedStates.count
    }

    /// Pushes a copy of the graphics state (CGContextSaveGState).
    ///
    /// The saved state holds the transform, the clip, the fill and stroke
    /// colours, the global alpha, the line settings and the font. The current
    /// path is not part of it.
    public func saveState() {
        perform("save_state") { cr in
            if lazySaves {
                // cairo_save waits until something changes cairo's own state
                // (materializeSaves()); until then there is nothing to restore.
                pendingSaves += 1
            } else {
                cairo_save(cr)
            }
            savedStates.append(state)
        }
    }

    /// Issues the cairo_save of every save still pending, before a change
    /// to cairo's own state (transform, clip, line cap, join or dash, font).
    ///
    /// Nothing changed cairo's state since those saves, so saving now saves
    /// what they would have saved. Runs inside `perform`.
    @inline(__always)
    package func materializeSaves() {
        while pendingSaves > 0 {
            cairo_save(cr)
            pendingSaves -= 1
        }
    }

    /// Sets cairo's line width to the state's before a stroke.
    ///
    /// The line width lives on the Swift side (saved and restored with the
    /// rest of `DrawingState`), so that setting it does not need a saved
    /// cairo state; cairo's own is only a copy for the next stroke, which
    /// `cairoLineWidth` remembers until a cairo_restore or pop_group brings
    /// back another.
    @inline(__always)
    package func syncLineWidth() {
        if cairoLineWidth != state.lineWidth {
            cairo_set_line_width(cr, state.lineWidth)
            cairoLineWidth = state.lineWidth
        }
    }

    /// Pops the graphics state saved by the matching ``saveState()`` (CGContextRestoreGState).
    ///
    /// A restore without a matching save puts the canvas in error (cairo's
    /// `CAIRO_STATUS_INVALID_RESTORE`); drawing is ignored from then on and
    /// ``takeError()`` reports it.
    public func restoreState() {
        perform("restore_state") { cr in
            if pendingSaves > 0 {
                // Its cairo_save never happened: nothing to undo in cairo.
                pendingSaves -= 1
                state = savedStates.removeLast()
                return
            }
            // Image masks set since the save: composite their groups through
            // them (the common case, no mask at all, costs one compare).
            if state.maskCount != 0, let below = savedStates.last?.maskCount, below != state.maskCount {
                compositeMasks(cr, downTo: below)
            }
            if savedStates.last?.opensLayer == true {
                // A transparency layer left open: end it, compositing what it holds.
                compositeLayer(cr)
                return
            }
            cairo_restore(cr)
            cairoLineWidth = .nan
            // cairo is the judge of balance; the Swift stack follows it and
            // never drops its base entry.
            if CairoStatus.check(cairo_status(cr)) == nil, let saved = savedStates.popLast() {
                state = saved
            }
        }
    }

    /// Starts drawing into an offscreen group that is later composited as one
    /// layer (cairo_push_group).
    ///
    /// Saves the graphics state, as ``saveState()`` does. Drawing until the
    /// matching ``endTransparencyGroup(alpha:)`` goes into the group.
    public func beginTransparencyGroup() {
        perform("begin_transparency_group") { cr in pushGroup(cr, clippedTo: nil) }
    }

    /// Pushes a group (after a clip to `pixels`, device pixels from x0, y0 to x1, y1, when given)
    /// and saves the state that ``endTransparencyGroup(alpha:)`` restores.
    private func pushGroup(_ cr: OpaquePointer, clippedTo pixels: (x0: Double, y0: Double, x1: Double, y1: Double)?) {
        applyGuardClip()
        materializeSaves()
        var saved = state
        if let pixels {
            let s = deviceScale
            cairo_save(cr)
            var matrix = cairo_matrix_t()
            cairo_get_matrix(cr, &matrix)
            cairo_identity_matrix(cr)
            cairo_new_path(cr)
            cairo_rectangle(cr, pixels.x0 / s, pixels.y0 / s, (pixels.x1 - pixels.x0) / s, (pixels.y1 - pixels.y0) / s)
            cairo_clip(cr)
            cairo_set_matrix(cr, &matrix)
            pathExtents.reset()
            saved.endsBoundedGroup = true
        }
        cairo_push_group(cr)
        Self.markDrawnOn(cairo_get_group_target(cr))
        savedStates.append(saved)
        if pixels != nil { state.hasClip = true }
    }

    /// Tells cairo that `surface` has been drawn on, so that drawing onto it
    /// composites the same way whether or not anything was drawn before.
    ///
    /// cairo composites onto a surface that nothing has been drawn on yet
    /// (a new canvas or group) with a shortcut, `SOURCE` instead of `OVER`,
    /// which rounds some antialiased pixels one unit differently. Then the
    /// pixels a drawing makes would depend on whether some other drawing,
    /// anywhere on the surface, came first, and a dirty-region render, which
    /// skips the views outside the region, could differ from a full render.
    /// Every surface the canvas draws into is marked at creation, and again
    /// after ``clear(_:)`` (clearing a whole surface makes cairo treat it as new).
    package static func markDrawnOn(_ surface: OpaquePointer?) {
        guard let surface else { return }
        cairo_surface_flush(surface)   // detaches snapshots, which marking must not have
        cairo_surface_mark_dirty_rectangle(surface, 0, 0, 0, 0)
    }

    /// Starts a transparency group that holds only drawing inside `box`, a
    /// rect of the canvas's point space (the space ``currentTransform`` maps
    /// to), rounded out to whole device pixels.
    ///
    /// cairo sizes a group to the clip: an unclipped group is the size of the
    /// canvas, which is what clearing and compositing it cost, however small
    /// the drawing inside. A view renderer that knows where a subtree can
    /// draw bounds its group by that. The box is on whole device pixels, so
    /// its clip changes no pixel inside it; drawing outside it is dropped.
    /// End it with ``endTransparencyGroup(alpha:)``. A recording canvas, or a
    /// box that is empty or not finite, gets an ordinary group.
    package func beginTransparencyGroup(within box: easel_rect) {
        let s = deviceScale
        let x0 = (box.minX * s).rounded(.down) - 1, y0 = (box.minY * s).rounded(.down) - 1
        let x1 = (box.maxX * s).rounded(.up) + 1, y1 = (box.maxY * s).rounded(.up) + 1
        guard backing != .recording, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else {
            beginTransparencyGroup()
            return
        }
        perform("begin_transparency_group") { cr in pushGroup(cr, clippedTo: (x0, y0, x1, y1)) }
    }

    /// Composites the group started by ``beginTransparencyGroup()`` with an opacity.
    ///
    /// Restores the graphics state saved by the matching begin, then paints
    /// the group with `alpha` times the restored global alpha. Ending a group
    /// that was not begun, or one whose inner saves are unbalanced, puts the
    /// canvas in error (cairo's `CAIRO_STATUS_INVALID_POP_GROUP`).
    ///
    /// - Parameters:
    ///   - alpha: The opacity of the whole group, clamped to 0...1.
    public func endTransparencyGroup(alpha: Double) {
        perform("end_transparency_group") { cr throws(CanvasError) in
            try Self.requireFinite("end_transparency_group", alpha)
            // Saves left open inside the group make cairo refuse to pop it.
            materializeSaves()
            cairo_pop_group_to_source(cr)
            cairoLineWidth = .nan
            guard CairoStatus.check(cairo_status(cr)) == nil else { return }
            if let saved = savedStates.popLast() {
                state = saved
            }
            applyGuardClip()
            cairo_paint_with_alpha(cr, Self.clampUnit(alpha) * state.alpha)
            if state.endsBoundedGroup {
                // The clip to the group's box (beginTransparencyGroup(within:)).
                cairo_restore(cr)
                cairoLineWidth = .nan
                state.endsBoundedGroup = false
            }
        }
    }

    /// Whether no clip is in effect, set or pending (a view renderer
    /// composites a leaf's store at its alpha instead of in a group only then).
    package var isUnclipped: Bool {
        !state.hasClip && !state.isGuarded
    }

    package static func clampUnit(_ value: Double) -> Double {
        min(max(value, 0), 1)
    }
}

// MARK: - The current transform

extension Canvas {
    /// Moves the origin of user space (CGContextTranslateCTM).
    ///
    /// - Parameters:
    ///   - x: The distance to move along x, in current user-space units.
    ///   - y: The distance to move along y, in current user-space units.
    public func translate(x: Double, y: Double) {
        perform("translate") { cr throws(CanvasError) in
            try Self.requireFinite("translate", x, y)
            if !addOffset(x, y) {
                materializeOffset()
                materializeSaves()
                cairo_translate(cr, x, y)
            }
        }
    }

    /// Scales user space (CGContextScaleCTM).
    ///
    /// A zero factor makes the transform singular, which cairo treats as an
    /// error (`CAIRO_STATUS_INVALID_MATRIX`): skip drawing that would be
    /// invisible instead.
    ///
    /// - Parameters:
    ///   - x: The factor along x.
    ///   - y: The factor along y.
    public func scale(x: Double, y: Double) {
        perform("scale") { cr throws(CanvasError) in
            try Self.requireFinite("scale", x, y)
            materializeOffset()
            materializeSaves()
            cairo_scale(cr, x, y)
        }
    }

    /// Rotates user space (CGContextRotateCTM).
    ///
    /// Positive angles turn +x towards +y, which is clockwise on the y-down canvas.
    ///
    /// - Parameters:
    ///   - radians: The angle of rotation.
    public func rotate(by radians: Double) {
        perform("rotate") { cr throws(CanvasError) in
            try Self.requireFinite("rotate", radians)
            materializeOffset()
            materializeSaves()
            cairo_rotate(cr, radians)
        }
    }

    /// Appends a transform to the current transform (CGContextConcatCTM).
    ///
    /// The transform is applied to user-space coordinates before the current
    /// transform. A singular transform puts the canvas in error.
    ///
    /// - Parameters:
    ///   - transform: The transform to concatenate.
    public func concatenate(_ transform: easel_affine_transform) {
        perform("concat_ctm") { cr throws(CanvasError) in
            try Self.requireFinite(
                "concat_ctm", transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty)
            // A pure translation stays on the Swift side; cairo_transform
            // would compute x0 = tx * 1 + ty * 0 + x0, the same sum.
            if transform.isTranslation, addOffset(transform.tx, transform.ty) {
                return
            }
            materializeOffset()
            materializeSaves()
            var matrix = cairo_matrix_t(
                xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d,
                x0: transform.tx, y0: transform.ty)
            cairo_transform(cr, &matrix)
        }
    }

    /// The transform from user space to the canvas's point space (CGContextGetCTM).
    ///
    /// The identity for a fresh canvas, and for a canvas in error.
    public var currentTransform: easel_affine_transform {
        perform("get_ctm", else: .identity) { cr in
            if isOffset {
                return easel_affine_transform(translationX: offsetX, y: offsetY)
            }
            var matrix = cairo_matrix_t()
            cairo_get_matrix(cr, &matrix)
            return easel_affine_transform(
                a: matrix.xx, b: matrix.yx, c: matrix.xy, d: matrix.yy, tx: matrix.x0, ty: matrix.y0)
        }
    }
}

// MARK: - Colours and alpha

extension Canvas {
    /// Sets the colour of fills and text (CGContextSetFillColor).
    @inline(__always)
    package func setFillColor(_ color: easel_color) {
        perform("set_fill_color") { _ throws(CanvasError) in
            try Self.validate(color, in: "set_fill_color")
            state.fillColor = color
        }
    }

    /// Sets the colour of strokes (CGContextSetStrokeColor).
    @inline(__always)
    package func setStrokeColor(_ color: easel_color) {
        perform("set_stroke_color") { _ throws(CanvasError) in
            try Self.validate(color, in: "set_stroke_color")
            state.strokeColor = color
        }
    }

    /// Sets the global alpha (CGContextSetAlpha), clamped to 0...1.
    package func setAlpha(_ alpha: Double) {
        perform("set_alpha") { _ throws(CanvasError) in
            try Self.requireFinite("set_alpha", alpha)
            state.alpha = Self.clampUnit(alpha)
        }
    }

    /// Makes `color`, with the global alpha multiplied in, cairo's source.
    package func useSource(_ color: easel_color) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * state.alpha)
    }
}

extension Canvas {
    /// Pops the open layer on top of the saved states and paints it with the
    /// restored alpha and blend mode. Runs inside `perform`.
    ///
    /// - Parameters:
    ///   - contentBounds: Where the layer's content lies, in the restored user
    ///     space, when the caller knows: the shadow's mask then covers only it
    ///     (plus the blur), not the whole clip.
    package func compositeLayer(_ cr: OpaquePointer, contentBounds: easel_rect? = nil) {
        if state.maskCount != 0, let below = savedStates.last?.maskCount, below != state.maskCount {
            compositeMasks(cr, downTo: below)
        }
        cairo_pop_group_to_source(cr)
        cairoLineWidth = .nan
        guard CairoStatus.check(cairo_status(cr)) == nil, var saved = savedStates.popLast() else { return }
        saved.opensLayer = false
        state = saved
        applyGuardClip()
        if state.shadow != nil, let group = cairo_get_source(cr) {
            castShadow(contentBounds.map { .patternWithin(group, $0) } ?? .pattern(group))
        }
        cairo_paint_with_alpha(cr, state.alpha)
    }
}

// MARK: - Image masks

extension Canvas {
    /// Clips later drawing to a mask (CGContextClipToMask), until the current state is restored.
    ///
    /// cairo clips only to paths, so drawing after the call goes into a group
    /// (cairo_push_group) that the restore of this state composites through
    /// `mask` (cairo_mask) within `rect`, inside the clip of the moment. The
    /// pattern and the rect are taken in the user space of the call: the
    /// offset of a raster canvas is moved into cairo's matrix first. Drawing
    /// with the normal blend mode goes over a transparent group composited
    /// over the drawing; once another blend mode, a clear or a copy is used
    /// under the mask, the group holds a copy of what is under it, so that
    /// it blends with or clears the real drawing, and is composited by
    /// interpolating between the drawing and the group by the mask (exact
    /// where the mask is 0 or 1; see `convertMaskGroups`).
    ///
    /// - Parameters:
    ///   - mask: A cairo pattern (`cairo_pattern_t *`) whose alpha is the
    ///     mask, in the current user space; the canvas owns it from now on.
    ///   - rect: Outside it nothing shows.
    package func beginImageMask(_ mask: OpaquePointer, in rect: easel_rect) {
        guard firstError == nil else {
            cairo_pattern_destroy(mask)
            return
        }
        perform("clip_to_image_mask") { cr in
            materializeOffset()
            applyGuardClip()
            materializeSaves()
            // (cairo gives its nil surface, never NULL, for a context in error.)
            guard let parent = cairo_surface_reference(cairo_get_group_target(cr)) else {
                cairo_pattern_destroy(mask)
                return
            }
            cairo_push_group(cr)
            guard let group = cairo_surface_reference(cairo_get_group_target(cr)) else {
                cairo_pop_group_to_source(cr)
                cairo_surface_destroy(parent)
                cairo_pattern_destroy(mask)
                return
            }
            Self.markDrawnOn(group)
            // Nothing shows outside the mask's rect: clip the group to it
            // (so that the clip's bounding box says so, and drawing outside
            // it costs nothing), keeping the current path.
            clipKeepingPath(x: rect.origin.x, y: rect.origin.y, width: rect.size.width, height: rect.size.height)
            maskPatterns.append(MaskGroup(pattern: mask, rect: rect, group: group, parent: parent))
            state.maskCount += 1
            state.hasClip = true
            if cairo_get_operator(cr) != CAIRO_OPERATOR_OVER { convertMaskGroups() }
        }
    }

    /// Gives every open mask group that has none a copy of what is under
    /// it (outermost first, so that an inner group copies the outer's
    /// copy), before drawing that is not a plain OVER happens under a mask:
    /// a blend mode blends with, and a clear or copy replaces, the real
    /// drawing. The group's content so far goes over the copy (DEST_OVER),
    /// which is what compositing it would have made where the mask is 1.
    /// Runs inside `perform`.
    package func convertMaskGroups() {
        for index in maskPatterns.indices where !maskPatterns[index].holdsCopy {
            let mask = maskPatterns[index]
            guard let context = cairo_create(mask.group) else { continue }
            cairo_set_operator(context, CAIRO_OPERATOR_DEST_OVER)
            cairo_set_source_surface(context, mask.parent, 0, 0)
            cairo_paint(context)
            cairo_destroy(context)
            maskPatterns[index].holdsCopy = true
        }
    }

    /// Composites the open mask groups of the current state through their
    /// masks until `target` remain. Runs inside `perform`.
    package func compositeMasks(_ cr: OpaquePointer, downTo target: Int32) {
        while state.maskCount > target, let mask = maskPatterns.popLast() {
            cairo_pop_group_to_source(cr)
            cairoLineWidth = .nan
            cairo_save(cr)
            cairo_new_path(cr)
            cairo_rectangle(cr, mask.rect.origin.x, mask.rect.origin.y, mask.rect.size.width, mask.rect.size.height)
            cairo_clip(cr)
            // A group holding a copy replaces the drawing where the mask is
            // 1 and leaves it where 0 (SOURCE through a mask interpolates);
            // a transparent group goes over it.
            cairo_set_operator(cr, mask.holdsCopy ? CAIRO_OPERATOR_SOURCE : CAIRO_OPERATOR_OVER)
            cairo_mask(cr, mask.pattern)
            cairo_restore(cr)
            cairo_new_path(cr)
            mask.release()
            state.maskCount -= 1
        }
    }
}
