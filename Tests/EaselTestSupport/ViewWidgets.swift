import Foundation

/// The `view_widgets` fixture (Tests/Fixtures/view_widgets.c), a
/// good plugin that drives the view system from C: Panel, Dot, Plot,
/// PlotDelegate and Marked. Built once per test process.
public enum ViewWidgets {
    private static let built: Result<URL, FixtureError> = {
        do {
            let folder = try Fixtures.makeTemporaryDirectory("view-widgets")
            _ = try Fixtures.buildFixture("view_widgets", into: folder)
            return .success(folder)
        } catch let error as FixtureError {
            return .failure(error)
        } catch {
            return .failure(FixtureError("cannot build view_widgets: \(error)"))
        }
    }()

    /// The folder holding `view_widgets.so`.
    public static func folder() throws -> URL { try built.get() }
}
