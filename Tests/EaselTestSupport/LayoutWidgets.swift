import EaselRuntime
import EaselViews
import Foundation
import Testing

/// The layout_widgets fixture (Tests/Fixtures/layout_widgets.c), built once per test process:
/// views with baselines, the layout extension from C, a view controller class.
public enum LayoutWidgets {
    private static let built: Result<URL, FixtureError> = {
        do {
            let folder = try Fixtures.makeTemporaryDirectory("layout-widgets")
            _ = try Fixtures.buildFixture("layout_widgets", into: folder)
            return .success(folder)
        } catch let error as FixtureError {
            return .failure(error)
        } catch {
            return .failure(FixtureError("cannot build layout_widgets: \(error)"))
        }
    }()

    /// The folder holding `layout_widgets.so`.
    public static func folder() throws -> URL { try built.get() }

    /// A registry with layout_widgets loaded.
    public static func registry() throws -> Registry {
        let registry = Registry()
        registry.loadPlugins(from: [try folder().path])
        #expect(registry.failures.map(\.description) == [])
        return registry
    }

    /// The plugin's log lines since the last call, without the "[LayoutWidgets] " prefix.
    public static func log(_ registry: Registry) -> [String] {
        registry.takeDiagnostics().map { diagnostic in
            let prefix = "[LayoutWidgets] "
            return diagnostic.message.hasPrefix(prefix) ? String(diagnostic.message.dropFirst(prefix.count)) : diagnostic.description
        }
    }
}
