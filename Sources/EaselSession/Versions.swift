import EaselGraphicsCore
import EaselInvocation
import EaselProbe

/// What `easel --version` prints.
public enum EaselVersions {
    /// Easel's own version.
    public static let easel = "0.4.0"

    /// The lines of `easel --version`: Easel's version and the plugin ABI
    /// it implements, then the libraries it runs with (as loaded, not as built).
    public static func lines() -> [String] {
        [
            "easel \(easel)",
            "plugin ABI \(HostABI.versionString) (plugins export easel_plugin_entry_v\(HostABI.major))",
            "cairo \(GraphicsLibraryVersions.cairo)",
            "pango \(GraphicsLibraryVersions.pango)",
            "libffi \(LibFFIVersion.loadedLibrary ?? "(linked statically)")",
        ]
    }
}
