// EaselSession: the application layer of Easel.
//
// Every front end is a thin layer on this module. A Session holds a
// PluginEnvironment (where plugins come from: the search path, the registry
// cache, folder trust and allow-lists, the out-of-process scanner) and a
// handler for the lines a user should see as they happen (warnings, and the
// errors of an isolated run that is retried). On it:
//
// - render: the scene renderer (SceneRenderer.swift), the ONE pipeline of
//   the product: load the plugins, read the scene, build its view tree,
//   apply its steps, lay out, draw, write. `easel render`, the isolated
//   worker behind `easel render --isolate` (WorkerJobs.swift), the golden-
//   image tests and `easel gallery` (which shares the drawing and writing
//   stages) all go through it, so a change to what rendering means is made
//   once, here;
// - renderIsolated / invokeIsolated: the parent's side of `--isolate`, the
//   retry loop of `--keep-going` around EaselIsolation's worker;
// - gallery: every view class of every plugin on one contact sheet;
// - invoke: one message to a new instance, its arguments read by the
//   method's signature, with a canvas as the current context;
// - listing: the catalog behind `easel list`, with the ListingCache that
//   prints an unchanged search path's listing again without scanning.
//
// Operations return outcomes (timings, diagnostics, notes, whether the run
// failed although its output was written) and throw SessionError, a struct
// that carries the file, class, selector or JSON path involved. Nothing here
// prints to standard output on its own (except the image of `-o -`), parses
// an argument or ends the process: exit statuses are the front end's.
//
// What this module knows nothing of: argument parsing and the wording of
// help (the CLI), the internals of loading, invocation and drawing
// (EaselRuntime, EaselDiscovery, EaselViews, EaselInvocation, EaselCanvas),
// how a scene file is parsed (EaselScene), and how the isolated child is
// started and watched (EaselIsolation).

import EaselDiscovery
import EaselRuntime
import EaselViews

/// The application layer: plugins, and a place for messages, behind every operation of a front end.
public struct Session {
    /// Where the plugins come from.
    public var plugins: PluginEnvironment
    /// Receives each line for the user as it happens (`warning: …`); a command line prints it to standard error.
    public var report: (String) -> Void

    /// Creates a session.
    ///
    /// - Parameters:
    ///   - plugins: The plugin environment.
    ///   - report: Receives warnings and other lines for the user as they happen.
    public init(plugins: PluginEnvironment, report: @escaping (String) -> Void) {
        self.plugins = plugins
        self.report = report
    }

    /// Loads the plugins, then renders a scene file through the scene renderer.
    ///
    /// - Parameters:
    ///   - scene: The scene file (JSON).
    ///   - options: Output, scale and frames.
    /// - Returns: Timings, diagnostics and whether the run failed although the output was written.
    /// - Throws: ``SessionError``: an allow-list that cannot be used, a bad
    ///   scene (file and JSON path), a drawing failure, an unwritable output.
    public func render(scene: String, options: RenderOptions) throws(SessionError) -> RenderOutcome {
        try options.output?.checkFormat()
        // The scene file is read and parsed on the second core while the plugins load
        // here (its errors still come after the plugins' warnings: it is taken after).
        let reading = BackgroundWork { Result { () throws(SessionError) in try SceneRenderer.load(scene) } }
        var load = 0.0
        let registry = try measure(&load) { () throws(SessionError) in try plugins.loadRegistry(warn: report) }
        var outcome = try SceneRenderer(registry: registry).render(
            scene: scene, scale: options.scale, frames: options.frames, time: options.time,
            destination: CanvasDestination(options), phase: PluginExitGuard.setPhase, read: reading.finish)
        outcome.times.load += load
        if options.dumpTree, let tree = outcome.tree { outcome.dumpedTree = ViewTreeNode(tree.root, in: tree) }
        return outcome
    }

    /// The plugins and failures of the search path, for `easel list`.
    ///
    /// - Throws: ``SessionError`` for an allow-list that cannot be used.
    public func listing() throws(SessionError) -> PluginListing {
        try plugins.listing(warn: report)
    }
}
