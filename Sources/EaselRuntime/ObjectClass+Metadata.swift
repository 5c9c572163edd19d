import EaselEncoding

extension ObjectClass {
    /// What the plugin that declares the property `name` (this class or a superclass) says
    /// about it: its description and value names (easel.metadata.v1), `nil` when nothing.
    public func propertyMetadata(_ name: String) -> PropertyMetadata? {
        guard let owner = property(named: name)?.owner else { return nil }
        return owner.plugin?.metadata?.forClass(owner.name)?.forProperty(name)
    }
}

extension PropertyMetadata {
    /// The value of an enumeration written by name, as text the value codec reads exactly
    /// (`"rounded"` → `"1"`), or an error naming the allowed names, with a "did you mean"
    /// when one is close: `unknown value 'rounde' for property 'style' (int); expected one
    /// of: plain, rounded, pill; did you mean 'rounded'?`.
    ///
    /// - Parameters:
    ///   - name: The name given.
    ///   - what: How the property reads in messages ("property 'style' (int)").
    public func enumValueText(_ name: String, what: String) throws(ValueError) -> String {
        if let value = value(named: name) { return String(value) }
        let names = enumCases.map(\.name)
        throw ValueError(.invalid("unknown value '\(name)' for \(what); expected one of: \(names.joined(separator: ", ")) "
            + "or a number\(NameSuggestion.clause(for: name, among: names))"))
    }
}
