// PhotoCard — a card with a photo, a caption and a badge, as a Swift plugin
// (libPhotoCard.so) written with EaselPluginKit: what a UIKit author would
// build from a UIImageView with rounded corners, a two-line UILabel and a
// small badge view, drawn here in one drawRect:.
//
//   PhotoCard : View   a white rounded card; inside it, the picture
//                      `imageName` from the plugin's resource folder, scaled
//                      to fill its rect (aspect fill) and clipped to a
//                      rounded rect; under it `caption` in at most two
//                      lines, cut with "…" at the end when it is longer; over
//                      the picture's top left corner `badge` (when not empty)
//                      in white bold on a pill of `badgeColor` that casts a
//                      soft shadow. sizeThatFits: keeps the width it is
//                      offered and gives the height that fits the picture
//                      (at 8:5) and two lines of caption.
//
// The picture is Resources/photo.png (and photo@2x.png), which the package
// copies into Easel_PhotoCard.resources beside libPhotoCard.so (see
// Package.swift); scripts/make_photo_png.py draws it. A plugin built
// elsewhere ships the same files in a folder PhotoCard.resources beside its
// .so. `Image(named:for:)` finds them there (UIImage(named:in:) with the
// plugin's bundle), the @2x file at 2x and more. A missing or broken picture
// is logged with the host's message (naming the file) and the card draws a
// grey placeholder instead.

import EaselPluginKit

@_cdecl("easel_plugin_entry_v2")
public func easelPluginEntry(_ host: UnsafeRawPointer?) -> UnsafeRawPointer? {
    Plugin.entry(host, name: "PhotoCard", classes: [PhotoCard.self])
}

/// What `easel list`, `easel inspect` and the gallery show about the plugin (easel.metadata.v1).
@_cdecl("easel_plugin_metadata_v2")
public func easelPluginMetadata() -> UnsafeRawPointer? {
    Plugin.metadata(description: "A card with a photo, a two-line caption and a badge", version: "1.0.0", author: "The Easel authors", license: "MIT",
                    classes: [
                        .init(PhotoCard.self, summary: "A rounded card: photo, caption and badge"),
                    ])
}

/// A card with a photo, a two-line caption and a badge.
struct PhotoCard: ViewClass {
    /// The text under the picture: at most two lines, cut with "…".
    let caption = Property(default: "Evening light over the lake, the hills fading into the haze while the sun goes down behind them")
    /// The badge's text over the picture's corner; empty: no badge.
    let badge = Property(default: "NEW")
    /// The picture's name in the plugin's resource folder, without extension.
    let imageName = Property(default: "photo")
    /// A picture file to show instead (an absolute path, or relative to the
    /// working directory), as UIImage(contentsOfFile:); empty: `imageName`.
    let imagePath = Property(default: "")
    /// The badge's colour.
    let badgeColor = Property(default: Color(hex: 0xE0483E))
    /// The caption's colour.
    let captionColor = Property(default: Color(hex: 0x27303D))
    /// The card's colour.
    let cardColor = Property(default: Color.white)
    /// The hairline around the card.
    let borderColor = Property(default: Color(hex: 0xD5DAE1))
    /// The radius of the card's corners (the picture's are 4 points less).
    let cornerRadius = Property(default: 14.0)

    static var methods: [Method<PhotoCard>] {
        [
            .initialize { card in card.isOpaque = false },  // the corners stay transparent
            .sizeThatFits { card, size in card.fittingSize(size) },
            .drawRect { card, _, g in card.draw(g) },
        ]
    }
}

/// The card's measurements, in points.
private enum Metrics {
    static let padding = 10.0
    static let captionGap = 8.0
    static let captionFont = Font.system(size: 14)
    static let captionLines = 2
    static let badgeFont = Font.system(size: 11, weight: .bold)
    static let badgeInset = 8.0
    static let badgePadding = Size(width: 8, height: 3)
    /// The picture's height over its width where the card chooses it.
    static let pictureAspect = 5.0 / 8.0
}

extension Instance<PhotoCard> {
    /// The height of two lines of caption.
    var captionHeight: Double {
        Metrics.captionFont.metrics.lineHeight * Double(Metrics.captionLines)
    }

    /// The picture's rect: the card less its padding, above the caption.
    var pictureRect: Rect {
        let b = bounds, p = Metrics.padding
        let height = b.height - 2 * p - Metrics.captionGap - captionHeight
        return Rect(x: b.minX + p, y: b.minY + p, width: max(0, b.width - 2 * p), height: max(0, height))
    }

    /// The caption's rect: under the picture, two lines tall.
    var captionRect: Rect {
        let picture = pictureRect
        return Rect(x: picture.minX, y: picture.maxY + Metrics.captionGap, width: picture.width, height: captionHeight)
    }

    /// The offered width (240 when none), the picture at 8:5 and two lines of caption.
    func fittingSize(_ size: Size) -> Size {
        let width = size.width > 0 && size.width.isFinite ? size.width : 240
        let picture = (width - 2 * Metrics.padding) * Metrics.pictureAspect
        return Size(width: width, height: (2 * Metrics.padding + picture + Metrics.captionGap + captionHeight).rounded(.up))
    }

    func draw(_ g: Graphics) {
        let radius = max(0, self.cornerRadius)
        g.withSavedState {
            // The card.
            let card = bounds.insetBy(dx: 0.5, dy: 0.5)
            g.setFillColor(self.cardColor)
            g.setStrokeColor(self.borderColor)
            g.setLineWidth(1)
            g.beginPath()
            g.addRoundedRect(card, cornerRadius: radius)
            g.drawPath(using: .fillStroke)
            drawPicture(g, cornerRadius: max(0, radius - 4))
            // The caption: two lines at most, the second cut with "…" when the text goes on.
            g.setFillColor(self.captionColor)
            g.draw(self.caption, in: captionRect, font: Metrics.captionFont,
                   style: ParagraphStyle(truncation: .tail, maximumLines: Metrics.captionLines))
            drawBadge(g)
        }
    }

    /// The picture scaled to fill its rect (the middle of it shows), clipped to a rounded rect.
    func drawPicture(_ g: Graphics, cornerRadius: Double) {
        let frame = pictureRect
        // Less than a point, or millions of points: nothing a picture could be scaled to.
        guard frame.width >= 1, frame.height >= 1, frame.width < 1e6, frame.height < 1e6 else { return }
        g.withSavedState {
            g.beginPath()
            g.addRoundedRect(frame, cornerRadius: cornerRadius)
            g.clip()
            guard let image = loadPicture(), image.size.width > 0, image.size.height > 0 else {
                g.setFillColor(Color(white: 0.85))  // no picture: a placeholder
                g.fill(frame)
                return
            }
            let scale = max(frame.width / image.size.width, frame.height / image.size.height)
            let size = Size(width: image.size.width * scale, height: image.size.height * scale)
            g.draw(image, in: Rect(x: frame.midX - size.width / 2, y: frame.midY - size.height / 2,
                                   width: size.width, height: size.height))
        }
    }

    /// The badge: white bold text on a pill that casts a soft shadow on the picture.
    func drawBadge(_ g: Graphics) {
        let text = self.badge
        guard !text.isEmpty else { return }
        let textSize = AttributedText(text).size(font: Metrics.badgeFont)
        let picture = pictureRect
        let pill = Rect(x: picture.minX + Metrics.badgeInset, y: picture.minY + Metrics.badgeInset,
                        width: (textSize.width + 2 * Metrics.badgePadding.width).rounded(.up),
                        height: (textSize.height + 2 * Metrics.badgePadding.height).rounded(.up))
        g.withSavedState {
            g.withSavedState {
                g.setShadow(offset: Size(width: 0, height: 1.5), blur: 4, color: Color(white: 0, alpha: 0.4))
                g.setFillColor(self.badgeColor)
                g.beginPath()
                g.addRoundedRect(pill, cornerRadius: pill.height / 2)
                g.fillPath()
            }
            g.setFillColor(Color.white)
            g.draw(text, in: pill.insetBy(dx: 0, dy: Metrics.badgePadding.height), font: Metrics.badgeFont,
                   style: ParagraphStyle(alignment: .center, maximumLines: 1))
        }
    }

    /// The picture: the file `imagePath` when it is set, else `imageName` from
    /// the plugin's resource folder; nil (logged, with the host's message
    /// naming the file) when it cannot be read.
    func loadPicture() -> Image? {
        do {
            let path = self.imagePath
            return try path.isEmpty ? Image(named: self.imageName, for: self) : Image(contentsOfFile: path)
        } catch {
            log("\(error)")
            return nil
        }
    }
}
