//! RustBadge: a View subclass that fills a circle inscribed in its bounds with `color` and strokes a
//! ring of `ringWidth` points in `ringColor` inside its edge.
use easel_abi::*;

/// The instance storage: plain data (the host frees it without running `Drop`).
#[repr(C)]
#[derive(Clone, Copy)]
struct Badge {
    color: easel_color,
    ring_color: easel_color,
    ring_width: f64,
}

static BADGE: ClassRef = ClassRef::new(b"RustBadge\0");

/// - (void)drawRect:(CGRect)rect
extern "C" fn draw_rect(this: *mut easel_object, _cmd: easel_sel, _rect: easel_rect) {
    guard((), || {
        // SAFETY: Badge is the storage type declared for RustBadge below.
        let badge = match unsafe { BADGE.storage::<Badge>(this) } {
            Some(badge) => *badge,
            None => return,
        };
        let g = match Graphics::current() {
            Some(g) => g,
            None => return,
        };
        let bounds = views().bounds(this);
        g.set_fill_color(badge.color);
        g.begin_path();
        g.add_ellipse_in_rect(bounds);
        g.fill_path(EASEL_FILL_NONZERO);
        if badge.ring_width > 0.0 {
            let inset = badge.ring_width / 2.0;
            let ring = easel_rect {
                origin: easel_point { x: bounds.origin.x + inset, y: bounds.origin.y + inset },
                size: easel_size { width: bounds.size.width - badge.ring_width, height: bounds.size.height - badge.ring_width },
            };
            g.set_stroke_color(badge.ring_color);
            g.set_line_width(badge.ring_width);
            g.begin_path();
            g.add_ellipse_in_rect(ring);
            g.stroke_path();
        }
    })
}

easel_plugin!(Plugin::new("RustBadge").class(
    Class::new("RustBadge", "View")
        .storage::<Badge>()
        .property(Property::new("color", field_offset!(Badge, color),
                                easel_color { red: 0.9, green: 0.3, blue: 0.1, alpha: 1.0 }))
        .property(Property::new("ringColor", field_offset!(Badge, ring_color),
                                easel_color { red: 1.0, green: 1.0, blue: 1.0, alpha: 1.0 }))
        .property(Property::new("ringWidth", field_offset!(Badge, ring_width), 4.0))
        .method(Method::draw_rect(draw_rect))
));

easel_plugin_metadata!(Metadata::new()
    .description("A badge: a filled circle with a ring, written in Rust")
    .version("0.1.0")
    .license("MIT")
    .class("RustBadge", Some("A filled circle with a ring inside its edge"),
           Some(r##"{"color": "#3366cc", "ringColor": "#ffcc00", "ringWidth": 6}"##)));
