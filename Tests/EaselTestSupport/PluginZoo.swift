import Foundation

/// A folder of broken plugins (and one good one), built once per test process.
///
/// Holds every fixture from `Tests/EaselTests/Fixtures/*.c` compiled to
/// `<name>.so`, plus `not_elf.so` (a text file) and `truncated.so` (the first
/// 600 bytes of a real shared object).
public enum PluginZoo {
    /// The broken fixtures, by file base name.
    public static let brokenFixtures = [
        "abi_major", "abi_minor", "bad_arity", "bad_encoding", "duplicate_class", "entry_null",
        "layout_mismatch", "missing_superclass", "no_entry", "null_imp",
    ]

    private static let built: Result<URL, FixtureError> = {
        do {
            let folder = try Fixtures.makeTemporaryDirectory("zoo")
            for name in brokenFixtures + ["good_extra"] {
                _ = try Fixtures.buildFixture(name, into: folder)
            }
            try Data("this is not a plugin\n".utf8).write(to: folder.appendingPathComponent("not_elf.so"))
            let real = try Data(contentsOf: folder.appendingPathComponent("good_extra.so"))
            try real.prefix(600).write(to: folder.appendingPathComponent("truncated.so"))
            return .success(folder)
        } catch let error as FixtureError {
            return .failure(error)
        } catch {
            return .failure(FixtureError("cannot build the plugin zoo: \(error)"))
        }
    }()

    /// The zoo folder.
    public static func folder() throws -> URL { try built.get() }
}
