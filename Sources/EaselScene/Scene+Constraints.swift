import EaselEncoding
import EaselViews
import FoundationEssentials

// A view's "constraints" in a scene: Auto Layout constraints, each one of
//
//   - a string in the compact form, one constraint:
//       "self.width == superview.width * 0.5 + 10 @750"
//       "label.leading == superview.layoutMarginsGuide.leading"
//       "self.height >= 44"
//     `item.attribute relation [multiplier *] item.attribute [* multiplier] [+|- constant] [@priority]`,
//     or `item.attribute relation constant [@priority]` for a width or height;
//   - a string in Apple's visual format language, several constraints:
//       "H:|-[name]-[button(==name)]-|", "V:|-20-[title(>=30@750)]"
//     (`H:` leading to trailing, the default, or `V:` top to bottom; `-` is
//     8 points between views and 20 to the superview's edge);
//   - an object: {"item": "self", "attribute": "leading", "relation": "==",
//     "toItem": "superview", "toAttribute": "leading", "multiplier": 1,
//     "constant": 8, "priority": 750, "identifier": "…"}, or with the second
//     side in one key: {"attribute": "leading", "equalTo": "superview.leading",
//     "constant": 8} (`lessThanOrEqualTo`, `greaterThanOrEqualTo`).
//
// Items: `self` (the view whose "constraints" hold the constraint),
// `superview` (its superview), or a view's id, optionally followed by
// `.layoutMarginsGuide` or `.safeAreaLayoutGuide`. Attributes: UIKit's names
// (left, right, top, bottom, leading, trailing, width, height, centerX,
// centerY, firstBaseline, lastBaseline).
//
// Constraints are made after the whole tree is built (ids may name views
// declared later) and activated in order. A view that is the first item of a
// scene constraint, or named in brackets by a format string, is laid out by
// constraints (translatesAutoresizingMaskIntoConstraints false) unless its own
// "translatesAutoresizingMaskIntoConstraints" key says otherwise. Every error
// names the JSON path of the constraint and what in it is wrong.

/// A constraint read from a scene, before activation.
struct SceneConstraint {
    var item: any LayoutItem
    var attribute: LayoutAttribute
    var relation: LayoutRelation
    var toItem: (any LayoutItem)?
    var toAttribute: LayoutAttribute = .notAnAttribute
    var multiplier = 1.0
    var constant = 0.0
    var priority: Float = 1000
    var identifier: String?
}

/// Reads the constraints of one view; `ids` are the scene's views by id.
struct ConstraintReader {
    let owner: View
    let ids: [String: View]
    /// Views named in brackets by format strings (laid out by constraints).
    var bracketed: [View] = []

    static let attributes: [String: LayoutAttribute] = Dictionary(uniqueKeysWithValues: LayoutAttribute.allCases
        .filter { $0 != .notAnAttribute }.map { ($0.description, $0) })

    static let relations: [String: LayoutRelation] = [
        "==": .equal, "<=": .lessThanOrEqual, ">=": .greaterThanOrEqual,
        "equal": .equal, "lessThanOrEqual": .lessThanOrEqual, "greaterThanOrEqual": .greaterThanOrEqual,
    ]

    mutating func read(_ node: Node) throws(SceneError) -> [SceneConstraint] {
        if case .string(let text) = node.value {
            let trimmed = text.trimmingWhitespace()
            if trimmed.hasPrefix("H:") || trimmed.hasPrefix("V:") || trimmed.hasPrefix("|") || trimmed.hasPrefix("[") {
                return try visualFormat(trimmed, node)
            }
            return [try compact(text, node)]
        }
        guard node.object != nil else { throw node.expect("a constraint: a string (\"self.width == 100\", \"H:|-[a]-|\") or an object") }
        return [try object(node)]
    }

    // MARK: - Items

    /// An item path: `self`, `superview` or an id, optionally `.layoutMarginsGuide` / `.safeAreaLayoutGuide`.
    func item(_ parts: [Substring], in text: String, _ node: Node) throws(SceneError) -> any LayoutItem {
        guard let name = parts.first else { throw node.error("in '\(text)': an item is missing") }
        var view: View
        switch name {
        case "self": view = owner
        case "superview":
            guard let superview = owner.superview else {
                throw node.error("in '\(text)': 'superview' of the root view: the root has none")
            }
            view = superview
        default:
            guard let named = ids[String(name)] else {
                let known = ids.keys.sorted()
                throw node.error("in '\(text)': no view has the id '\(name)'"
                                 + (NameSuggestion.closest(to: String(name), among: known).map { "; did you mean '\($0)'?" }
                                    ?? (known.isEmpty ? "" : "; ids: \(known.joined(separator: ", "))")))
            }
            view = named
        }
        guard parts.count > 1 else { return view }
        guard parts.count == 2 else { throw node.error("in '\(text)': '\(parts.joined(separator: "."))' is not an item") }
        switch parts[1] {
        case "layoutMarginsGuide": return view.layoutMarginsGuide
        case "safeAreaLayoutGuide": return view.safeAreaLayoutGuide
        default:
            throw node.error("in '\(text)': '\(parts[1])' is not a guide of a view; expected layoutMarginsGuide or safeAreaLayoutGuide")
        }
    }

    /// `item.attribute` → the item and the attribute.
    func itemAndAttribute(_ path: Substring, in text: String, _ node: Node) throws(SceneError) -> (any LayoutItem, LayoutAttribute) {
        let parts = path.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, let last = parts.last else {
            throw node.error("in '\(text)': '\(path)' needs an item and an attribute, like 'self.\(path)' or 'superview.\(path)'")
        }
        let attribute = try Self.attribute(String(last), in: text, node)
        return (try item(Array(parts.dropLast()), in: text, node), attribute)
    }

    static func attribute(_ name: String, in text: String?, _ node: Node) throws(SceneError) -> LayoutAttribute {
        guard let attribute = attributes[name] else {
            let known = attributes.keys.sorted()
            throw node.error((text.map { "in '\($0)': " } ?? "") + "'\(name)' is not a layout attribute"
                             + (NameSuggestion.closest(to: name, among: known).map { "; did you mean '\($0)'?" }
                                ?? "; expected one of: \(known.joined(separator: ", "))"))
        }
        return attribute
    }

    // MARK: - The compact form

    enum Token: Equatable {
        case name(Substring), number(Double), relation(LayoutRelation), times, plus, minus, at
    }

    func tokens(_ text: String, _ node: Node) throws(SceneError) -> [Token] {
        var tokens: [Token] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == " " || character == "\t" {
                index = text.index(after: index)
            } else if character.isLetter || character == "_" {
                var end = index
                while end < text.endIndex, text[end].isLetter || text[end].isNumber || text[end] == "_" || text[end] == "." {
                    end = text.index(after: end)
                }
                tokens.append(.name(text[index..<end]))
                index = end
            } else if character.isNumber || character == "." {
                var end = index
                while end < text.endIndex, text[end].isNumber || text[end] == "." { end = text.index(after: end) }
                guard let value = Double(text[index..<end]), value.isFinite else {
                    throw node.error("in '\(text)': '\(text[index..<end])' is not a number")
                }
                tokens.append(.number(value))
                index = end
            } else if "=<>".contains(character) {
                let end = text.index(index, offsetBy: 2, limitedBy: text.endIndex) ?? text.endIndex
                guard let relation = Self.relations[String(text[index..<end])], end > text.index(after: index) else {
                    throw node.error("in '\(text)': expected ==, <= or >= at '\(text[index...])'")
                }
                tokens.append(.relation(relation))
                index = end
            } else {
                let simple: [Character: Token] = ["*": .times, "+": .plus, "-": .minus, "@": .at]
                guard let token = simple[character] else {
                    throw node.error("in '\(text)': unexpected '\(character)'; the form is "
                                     + "'item.attribute == [multiplier *] item.attribute [+ constant] [@priority]'")
                }
                tokens.append(token)
                index = text.index(after: index)
            }
        }
        return tokens
    }

    func compact(_ text: String, _ node: Node) throws(SceneError) -> SceneConstraint {
        let tokens = try tokens(text, node)
        var position = 0
        func next() -> Token? {
            guard position < tokens.count else { return nil }
            defer { position += 1 }
            return tokens[position]
        }
        func peek() -> Token? { position < tokens.count ? tokens[position] : nil }
        let form = "the form is 'item.attribute == [multiplier *] item.attribute [+ constant] [@priority]'"
        guard case .name(let left)? = next() else { throw node.error("in '\(text)': expected 'item.attribute' first; \(form)") }
        let (item, attribute) = try itemAndAttribute(left, in: text, node)
        guard case .relation(let relation)? = next() else { throw node.error("in '\(text)': expected ==, <= or >= after '\(left)'") }
        var constraint = SceneConstraint(item: item, attribute: attribute, relation: relation)
        var sign = 1.0
        if peek() == .minus {
            sign = -1
            position += 1
        }
        switch next() {
        case .number(let value)?:
            if peek() == .times {
                position += 1
                guard case .name(let right)? = next() else { throw node.error("in '\(text)': expected 'item.attribute' after '*'") }
                (constraint.toItem, constraint.toAttribute) = try itemAndAttribute(right, in: text, node)
                constraint.multiplier = sign * value
            } else {
                constraint.constant = sign * value
            }
        case .name(let right)?:
            guard sign == 1 else { throw node.error("in '\(text)': write a negative multiplier as '-1 * \(right)'") }
            (constraint.toItem, constraint.toAttribute) = try itemAndAttribute(right, in: text, node)
            if peek() == .times {
                position += 1
                guard case .number(let value)? = next() else { throw node.error("in '\(text)': expected a multiplier after '*'") }
                constraint.multiplier = value
            }
        default:
            throw node.error("in '\(text)': expected 'item.attribute' or a number after the relation; \(form)")
        }
        if constraint.toItem != nil, peek() == .plus || peek() == .minus {
            let negative = next() == .minus
            guard case .number(let value)? = next() else { throw node.error("in '\(text)': expected a constant after '\(negative ? "-" : "+")'") }
            constraint.constant = negative ? -value : value
        }
        if peek() == .at {
            position += 1
            guard case .number(let value)? = next() else { throw node.error("in '\(text)': expected a priority (1...1000) after '@'") }
            constraint.priority = try Self.priority(value, in: text, node)
        }
        guard position == tokens.count else { throw node.error("in '\(text)': unexpected text after the constraint; \(form)") }
        return constraint
    }

    static func priority(_ value: Double, in text: String?, _ node: Node) throws(SceneError) -> Float {
        guard value >= 1, value <= 1000 else {
            throw node.error((text.map { "in '\($0)': " } ?? "") + "the priority must be between 1 and 1000, not \(ValueCodec.formatReal(value))")
        }
        return Float(value)
    }

    // MARK: - The object form

    func object(_ node: Node) throws(SceneError) -> SceneConstraint {
        let sides = ["equalTo": LayoutRelation.equal, "lessThanOrEqualTo": .lessThanOrEqual, "greaterThanOrEqualTo": .greaterThanOrEqual]
        try node.checkKeys(Set(["item", "attribute", "relation", "toItem", "toAttribute", "multiplier", "constant", "priority", "identifier"])
                           .union(sides.keys))
        let given = sides.keys.filter { node.child($0) != nil }
        guard given.count <= 1 else { throw node.error("give one of equalTo, lessThanOrEqualTo and greaterThanOrEqualTo, not \(given.sorted().joined(separator: " and "))") }
        let itemName = try node.child("item")?.string() ?? "self"
        let item = try self.item(itemName.split(separator: ".", omittingEmptySubsequences: false), in: itemName, node.child("item") ?? node)
        guard let attributeNode = node.child("attribute") else { throw node.error("missing 'attribute' (leading, width, centerX, …)") }
        let attribute = try Self.attribute(try attributeNode.string(), in: nil, attributeNode)
        var constraint = SceneConstraint(item: item, attribute: attribute, relation: .equal)
        if let key = given.first, let sideNode = node.child(key) {
            for conflicting in ["relation", "toItem", "toAttribute"] where node.child(conflicting) != nil {
                throw node.child(conflicting)!.error("'\(conflicting)' and '\(key)' say the same thing; give one")
            }
            constraint.relation = sides[key]!
            let side = try sideNode.string()
            (constraint.toItem, constraint.toAttribute) = try itemAndAttribute(Substring(side), in: side, sideNode)
        } else {
            if let relationNode = node.child("relation") {
                let name = try relationNode.string()
                guard let relation = Self.relations[name] else {
                    throw relationNode.error("unknown relation '\(name)'; expected equal, lessThanOrEqual, greaterThanOrEqual, ==, <= or >=")
                }
                constraint.relation = relation
            }
            if let toItemNode = node.child("toItem") {
                let name = try toItemNode.string()
                constraint.toItem = try self.item(name.split(separator: ".", omittingEmptySubsequences: false), in: name, toItemNode)
                guard let toAttributeNode = node.child("toAttribute") else {
                    throw toItemNode.error("a 'toItem' needs a 'toAttribute'")
                }
                constraint.toAttribute = try Self.attribute(try toAttributeNode.string(), in: nil, toAttributeNode)
            } else if let toAttributeNode = node.child("toAttribute") {
                throw toAttributeNode.error("a 'toAttribute' needs a 'toItem'")
            }
        }
        if let value = node.child("multiplier") { constraint.multiplier = try value.number() }
        if let value = node.child("constant") { constraint.constant = try value.number() }
        if let value = node.child("priority") { constraint.priority = try Self.priority(try value.number(), in: nil, value) }
        if let value = node.child("identifier") { constraint.identifier = try value.string() }
        return constraint
    }

    // MARK: - The visual format language

    /// Standard spacing: between two views, and between a view and its superview's edge.
    static let siblingSpacing = 8.0
    static let edgeSpacing = 20.0

    struct Predicate {
        var relation = LayoutRelation.equal
        var constant: Double?
        var view: View?
        var priority: Float = 1000
    }

    enum Element {
        case superview
        case view(View, [Predicate])
    }

    /// A connection between two elements: nil predicates = standard spacing, [] = flush.
    mutating func visualFormat(_ text: String, _ node: Node) throws(SceneError) -> [SceneConstraint] {
        let characters = Array(text)
        var index = 0
        var vertical = false
        func fail(_ message: String) -> SceneError {
            node.error("in '\(text)' at character \(index + 1): \(message)")
        }
        if characters.count >= 2, characters[1] == ":" {
            vertical = characters[0] == "V"
            index = 2
        }
        func skipSpaces() { while index < characters.count, characters[index] == " " { index += 1 } }
        func number() -> Double? {
            var end = index
            while end < characters.count, characters[end].isNumber || characters[end] == "." { end += 1 }
            guard end > index, let value = Double(String(characters[index..<end])), value.isFinite else { return nil }
            index = end
            return value
        }
        func name() -> String? {
            var end = index
            while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" { end += 1 }
            guard end > index else { return nil }
            defer { index = end }
            return String(characters[index..<end])
        }
        func predicate(allowViews: Bool) throws(SceneError) -> Predicate {
            var result = Predicate()
            skipSpaces()
            if index + 1 < characters.count, let relation = Self.relations[String(characters[index...index + 1])] {
                result.relation = relation
                index += 2
            }
            skipSpaces()
            if let value = number() {
                result.constant = value
            } else if let viewName = name() {
                guard allowViews else { throw fail("a spacing is a number, not '\(viewName)'") }
                guard let view = ids[viewName] else { throw fail("no view has the id '\(viewName)'") }
                result.view = view
            } else {
                throw fail("expected a number\(allowViews ? " or a view's id" : "")")
            }
            skipSpaces()
            if index < characters.count, characters[index] == "@" {
                index += 1
                guard let value = number() else { throw fail("expected a priority after '@'") }
                result.priority = try Self.priority(value, in: text, node)
            }
            return result
        }
        func predicateList(allowViews: Bool) throws(SceneError) -> [Predicate] {
            guard index < characters.count, characters[index] == "(" else {
                guard let value = number() else { throw fail("expected a number or a '(' predicate list") }
                return [Predicate(constant: value)]
            }
            index += 1
            var list: [Predicate] = []
            while list.count < 64 {
                list.append(try predicate(allowViews: allowViews))
                skipSpaces()
                guard index < characters.count else { throw fail("the predicate list is not closed with ')'") }
                if characters[index] == ")" {
                    index += 1
                    return list
                }
                guard characters[index] == "," else { throw fail("expected ',' or ')'") }
                index += 1
            }
            throw fail("more than 64 predicates")
        }
        var elements: [Element] = []
        var connections: [[Predicate]?] = []
        var pendingConnection: [Predicate]? = []
        var expectsElement = true
        while index < characters.count, elements.count < 1000 {
            skipSpaces()
            guard index < characters.count else { break }
            let character = characters[index]
            if character == "|" || character == "[" {
                if !elements.isEmpty { connections.append(pendingConnection) }
                if character == "|" {
                    guard elements.isEmpty || index == characters.count - 1 else { throw fail("'|' stands only at the start or the end") }
                    index += 1
                    elements.append(.superview)
                } else {
                    index += 1
                    let start = index
                    guard let viewName = name() else { throw fail("expected a view's id after '['") }
                    guard let view = ids[viewName] else {
                        index = start
                        let known = ids.keys.sorted()
                        throw fail("no view has the id '\(viewName)'" + (known.isEmpty ? "" : "; ids: \(known.joined(separator: ", "))"))
                    }
                    var predicates: [Predicate] = []
                    if index < characters.count, characters[index] == "(" { predicates = try predicateList(allowViews: true) }
                    guard index < characters.count, characters[index] == "]" else { throw fail("expected ']'") }
                    index += 1
                    elements.append(.view(view, predicates))
                    bracketed.append(view)
                }
                pendingConnection = []
                expectsElement = false
            } else if character == "-" {
                guard !elements.isEmpty else { throw fail("a format string starts with '|' or a view '[name]'") }
                index += 1
                skipSpaces()
                if index < characters.count, characters[index] == "[" || characters[index] == "|" {
                    pendingConnection = nil  // standard spacing
                } else {
                    pendingConnection = try predicateList(allowViews: false)
                    skipSpaces()
                    guard index < characters.count, characters[index] == "-" else { throw fail("expected '-' after the spacing") }
                    index += 1
                }
                expectsElement = true
            } else {
                throw fail("unexpected '\(character)'")
            }
        }
        guard !expectsElement || elements.isEmpty == false, !elements.isEmpty else { throw fail("a format string names at least one view") }
        if expectsElement { throw fail("the string ends with a connection and no view or '|'") }
        let views = elements.compactMap { element -> View? in if case .view(let view, _) = element { return view } else { return nil } }
        guard let firstView = views.first else { throw node.error("in '\(text)': a format string names at least one view in brackets") }
        let superview = firstView.superview
        for view in views where view.superview !== superview {
            throw node.error("in '\(text)': the views of a format string share one superview, and '\(label(of: view))' has another than '\(label(of: firstView))'")
        }
        let (leading, trailing, size): (LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            vertical ? (.top, .bottom, .height) : (.leading, .trailing, .width)
        var result: [SceneConstraint] = []
        for (offset, element) in elements.enumerated() {
            guard case .view(let view, let predicates) = element else { continue }
            for predicate in predicates {
                var constraint = SceneConstraint(item: view, attribute: size, relation: predicate.relation, priority: predicate.priority)
                if let other = predicate.view {
                    constraint.toItem = other
                    constraint.toAttribute = size
                } else {
                    constraint.constant = predicate.constant ?? 0
                }
                result.append(constraint)
            }
            _ = offset
        }
        for (offset, connection) in connections.enumerated() {
            let before = elements[offset], after = elements[offset + 1]
            let predicates = connection ?? [Predicate(constant: nil)]
            for var predicate in predicates.isEmpty ? [Predicate(constant: 0)] : predicates {
                switch (before, after) {
                case (.superview, .view(let view, _)):
                    guard let superview else { throw node.error("in '\(text)': '|' is the superview, and '\(label(of: view))' has none") }
                    if predicate.constant == nil { predicate.constant = Self.edgeSpacing }
                    result.append(SceneConstraint(item: view, attribute: leading, relation: predicate.relation, toItem: superview,
                                                  toAttribute: leading, constant: predicate.constant ?? 0, priority: predicate.priority))
                case (.view(let first, _), .view(let second, _)):
                    if predicate.constant == nil { predicate.constant = Self.siblingSpacing }
                    result.append(SceneConstraint(item: second, attribute: leading, relation: predicate.relation, toItem: first,
                                                  toAttribute: trailing, constant: predicate.constant ?? 0, priority: predicate.priority))
                case (.view(let view, _), .superview):
                    guard let superview else { throw node.error("in '\(text)': '|' is the superview, and '\(label(of: view))' has none") }
                    if predicate.constant == nil { predicate.constant = Self.edgeSpacing }
                    // superview.trailing - view.trailing REL c  ⇔  view.trailing REL' superview.trailing - c
                    let flipped: LayoutRelation = switch predicate.relation {
                    case .equal: .equal
                    case .lessThanOrEqual: .greaterThanOrEqual
                    case .greaterThanOrEqual: .lessThanOrEqual
                    }
                    result.append(SceneConstraint(item: view, attribute: trailing, relation: flipped, toItem: superview,
                                                  toAttribute: trailing, constant: -(predicate.constant ?? 0), priority: predicate.priority))
                case (.superview, .superview):
                    throw node.error("in '\(text)': '|' next to '|' relates nothing")
                }
            }
        }
        return result
    }

    func label(of view: View) -> String {
        ids.first { $0.value === view }?.key ?? view.objectClass.name
    }
}

extension Builder {
    /// Makes and activates the scene's constraints, in the order the views and their
    /// constraints are declared; see the top of this file.
    mutating func activateConstraints() throws(SceneError) {
        var made: [(LayoutConstraint, Node)] = []
        var placed: [View] = []
        for (node, view) in pendingConstraints {
            var reader = ConstraintReader(owner: view, ids: ids)
            for element in try node.elements() {
                for spec in try reader.read(element) {
                    let constraint: LayoutConstraint
                    do {
                        constraint = try LayoutConstraint(item: spec.item, attribute: spec.attribute, relatedBy: spec.relation,
                                                          toItem: spec.toItem, attribute: spec.toAttribute,
                                                          multiplier: spec.multiplier, constant: spec.constant)
                    } catch {
                        throw element.error(error.message)
                    }
                    constraint.priority = LayoutPriority(spec.priority)
                    constraint.identifier = spec.identifier
                    if let first = spec.item as? View { placed.append(first) }
                    made.append((constraint, element))
                }
            }
            placed.append(contentsOf: reader.bracketed)
        }
        for view in placed where !explicitTranslation.contains(ObjectIdentifier(view)) && view.superview != nil {
            view.translatesAutoresizingMaskIntoConstraints = false
        }
        for (constraint, node) in made {
            do { try constraint.activate() } catch { throw node.error(error.message) }
        }
    }
}
