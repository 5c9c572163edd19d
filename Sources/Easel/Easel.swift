// The Easel target holds the user guides (Easel.docc) and no code: a documentation
// catalog needs a module to belong to. Build it with
// `swift package --disable-sandbox generate-documentation --target Easel`.

/// The version of the plugin ABI these guides describe.
public let easelGuidesABIVersion = "2.0"
