import CCairo
import CPango

/// The versions of the drawing libraries this process runs with (for
/// `easel --version`): what the dynamic loader found, not what Easel was
/// built against.
public enum GraphicsLibraryVersions {
    /// cairo's version, e.g. `1.16.0`.
    public static var cairo: String { String(cString: cairo_version_string()) }
    /// Pango's version, e.g. `1.50.12`.
    public static var pango: String { String(cString: pango_version_string()) }
}
