import CEaselSupport
import EaselRuntime
#if canImport(Glibc)
import Glibc
#endif

/// Which plugin method is running, read from this process's own stack.
///
/// For the rare moment when a process must say what plugin code did to it
/// (plugin code called `exit()`), without any bookkeeping on the way in: a
/// per-call record (the flight recorder's observer) costs every call, and
/// the render's hot path cannot afford it in `easel`'s own process. The
/// stack already holds the answer: each return address inside a loaded
/// plugin belongs to a function of that plugin, whose start the unwind
/// tables give (static functions included), and a method's start is its
/// implementation pointer in the registry.
package enum PluginStack {
    /// A plugin method found on the stack.
    package struct Culprit: Sendable, Equatable {
        /// The class that declares the method; `nil` when no frame of the plugin is one of its methods.
        package var className: String?
        /// The method's selector; `nil` with `className`.
        package var selector: String?
        /// The plugin's name.
        package var pluginName: String
        /// The plugin's file.
        package var pluginPath: String
    }

    /// The innermost plugin method on the calling thread's stack, else the
    /// plugin of the innermost frame of plugin code; `nil` when no plugin code is running.
    ///
    /// - Parameter registry: The registry the plugins were loaded into.
    package static func culprit(in registry: Registry) -> Culprit? {
        var addresses = [UnsafeMutableRawPointer?](repeating: nil, count: 128)
        let count = Int(easel_support_backtrace(&addresses, Int32(addresses.count)))
        // Each plugin by the name the loader knows its code under (which is
        // /proc/self/fd/N or a sealed copy's, not its path: plugins are loaded
        // through the descriptor their checks were made on), read from one
        // of its methods.
        var files: [String: LoadedPlugin] = [:]
        for plugin in registry.plugins {
            files[plugin.path] = plugin
            guard let method = registry.classes.lazy.filter({ $0.plugin?.path == plugin.path })
                .flatMap(\.methods).first,
                  let file = easel_support_object_path(UnsafeMutableRawPointer(mutating: method.implementation))
            else { continue }
            files[String(cString: file)] = plugin
        }
        var found: Culprit?
        var methods: [UnsafeRawPointer: (String, String)]?
        for address in addresses.prefix(count) {
            // A return address is one past the call: look up the call itself.
            guard let address, let file = easel_support_object_path(address - 1),
                  let plugin = files[String(cString: file)] else { continue }
            if found == nil { found = Culprit(className: nil, selector: nil, pluginName: plugin.name, pluginPath: plugin.path) }
            guard found?.pluginPath == plugin.path, let start = easel_support_enclosing_function(address - 1) else { continue }
            if methods == nil { methods = implementations(of: plugin, in: registry) }
            if let (className, selector) = methods?[UnsafeRawPointer(start)] {
                found?.className = className
                found?.selector = selector
                break
            }
        }
        return found
    }

    /// The methods the plugin's classes declare, by implementation.
    private static func implementations(of plugin: LoadedPlugin, in registry: Registry) -> [UnsafeRawPointer: (String, String)] {
        var table: [UnsafeRawPointer: (String, String)] = [:]
        for cls in registry.classes where cls.plugin?.path == plugin.path {
            for method in cls.methods where table[method.implementation] == nil {
                table[method.implementation] = (cls.name, method.selector.name)
            }
        }
        return table
    }
}
