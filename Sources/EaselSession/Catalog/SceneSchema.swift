import EaselDiscovery
import EaselEncoding
import EaselProbe
import EaselRuntime
import EaselScene
import EaselViews
import FoundationEssentials

/// A JSON Schema (draft 2020-12) for scene files (`easel schema`), with the
/// view classes of the loaded plugins and their properties: what an editor
/// needs to complete and check a scene. It checks shape (keys, types, the
/// classes and their properties); the renderer checks the rest (a colour's
/// CSS form, contradictions between geometry keys) with messages that name
/// the JSON path.
public enum SceneSchema {
    /// The schema as a JSON object, for the classes of `listing` and the host's built-ins.
    static func schema(_ listing: PluginListing) -> [String: Any] {
        let views = listing.viewClassNames
        var byName: [String: ClassDescription] = [:]
        var metadata: [String: ClassMetadata] = [:]
        for plugin in listing.catalog.plugins {
            for cls in plugin.classes where byName[cls.name] == nil {
                byName[cls.name] = cls
                metadata[cls.name] = plugin.metadata?.forClass(cls.name)
            }
        }
        var classes: [(name: String, properties: [(PropertyDescription, PropertyMetadata?)])] = []
        for plugin in listing.catalog.plugins {
            for cls in plugin.classes where views.contains(cls.name) {
                // A class's properties and its plugin superclasses' (the scene sets them all by name).
                classes.append((cls.name, inheritedProperties(of: cls.name, in: byName, metadata: metadata)))
            }
        }
        let classNames = (Array(ViewCallbackCheck.builtInViewClasses) + classes.map(\.name)).sorted()
        let objectClasses = (listing.catalog.plugins.flatMap { $0.classes.map(\.name) } + ["Object"]).sorted()
        var perClass: [[String: Any]] = []
        for cls in classes.sorted(by: { $0.name < $1.name }) {
            var properties: [String: Any] = [:]
            for (property, info) in cls.properties { properties[property.name] = propertySchema(property, metadata: info) }
            perClass.append([
                "if": ["properties": ["class": ["const": cls.name]], "required": ["class"]],
                "then": ["properties": ["properties": [
                    "type": "object", "properties": properties, "additionalProperties": false,
                ]]],
            ])
        }
        let layoutPriority: [String: Any] = ["type": "number", "minimum": 1, "maximum": 1000]
        let layoutPriorities: [String: Any] = ["description": "1 to 1000 for both axes, or per axis.", "oneOf": [
            layoutPriority,
            ["type": "object", "additionalProperties": false, "properties": ["horizontal": layoutPriority, "vertical": layoutPriority]],
        ]]
        var nodeProperties: [String: Any] = [
            "class": ["description": "The view's class: a built-in view class or one of a loaded plugin.",
                      "enum": classNames],
            "id": ["type": "string", "description": "A name for steps to refer to the view."],
            "frame": ["$ref": "#/$defs/rect"], "bounds": ["$ref": "#/$defs/rect"],
            "center": ["$ref": "#/$defs/point"], "anchorPoint": ["$ref": "#/$defs/point"],
            "transform": ["$ref": "#/$defs/transform"],
            "tag": ["type": "integer"], "hidden": ["type": "boolean"],
            "alpha": ["type": "number", "minimum": 0, "maximum": 1],
            "clipsToBounds": ["type": "boolean"], "opaque": ["type": "boolean"],
            "clearsContextBeforeDrawing": ["type": "boolean"], "autoresizesSubviews": ["type": "boolean"],
            "userInteractionEnabled": ["type": "boolean"],
            "backgroundColor": ["$ref": "#/$defs/colour"],
            "autoresizingMask": ["type": "array", "items": ["enum": [
                "flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin", "flexibleTopMargin", "flexibleHeight",
                "flexibleBottomMargin"]]],
            "properties": ["type": "object", "description": "The class's declared properties, by name."],
            "overlays": ["type": "array", "items": ["type": "string"],
                         "description": "Selectors of the view's class, each drawn over its subviews (v@:{CGRect=…})."],
            "delegate": ["$ref": "#/$defs/object"],
            "subviews": ["type": "array", "items": ["$ref": "#/$defs/view"]],
            "layer": ["$ref": "#/$defs/layer"],
            "image": ["type": "string", "description": "An ImageView's image file, relative to the scene file."],
            "highlightedImage": ["type": "string", "description": "An ImageView's highlighted image file."],
            "highlighted": ["type": "boolean"],
            "contentMode": ["enum": ContentMode.allCases.map(\.name),
                            "description": "How kept content (an ImageView's image) is placed in the bounds (UIKit's contentMode)."],
            "contentStretch": ["$ref": "#/$defs/rect",
                               "description": "The stretchable part of the content, in the unit square (UIKit's contentStretch)."],
            "renderingMode": ["enum": ImageRenderingMode.allCases.map(\.name)],
            "tintColor": ["$ref": "#/$defs/colour"],
            "multipleTouchEnabled": ["type": "boolean", "description": "Whether the view gets every finger (default false: the first only)."],
            "exclusiveTouch": ["type": "boolean"],
            "gestureRecognizers": ["type": "array", "items": ["$ref": "#/$defs/gestureRecognizer"]],
            "contentSize": ["$ref": "#/$defs/size", "description": "ScrollView: the size of the content."],
            "contentOffset": ["$ref": "#/$defs/point", "description": "ScrollView: the bounds origin."],
            "contentInset": ["type": "array", "items": ["type": "number"], "minItems": 4, "maxItems": 4,
                             "description": "ScrollView: [top, left, bottom, right]."],
            "bounces": ["type": "boolean"], "alwaysBounceVertical": ["type": "boolean"], "alwaysBounceHorizontal": ["type": "boolean"],
            "pagingEnabled": ["type": "boolean"], "scrollEnabled": ["type": "boolean"],
            "decelerationRate": ["type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1,
                                 "description": "ScrollView: velocity kept per millisecond (0.998 normal, 0.99 fast)."],
            "translatesAutoresizingMaskIntoConstraints": ["type": "boolean"],
            "stack": ["type": "object", "additionalProperties": false, "description": "A StackView's axis, distribution, alignment and spacing.",
                      "properties": [
                        "axis": ["enum": ["horizontal", "vertical"]],
                        "distribution": ["enum": ["fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering"]],
                        "alignment": ["enum": ["fill", "leading", "top", "firstBaseline", "center", "trailing", "bottom", "lastBaseline"]],
                        "spacing": ["type": "number", "minimum": 0],
                      ]],
            "constraints": ["type": "array", "items": ["$ref": "#/$defs/constraint"],
                            "description": "Auto Layout constraints: \"self.width == superview.width * 0.5 + 10 @750\", "
                                + "a visual format string (\"H:|-[a]-[b(==a)]-|\"), or an object."],
            "contentHuggingPriority": layoutPriorities,
            "contentCompressionResistancePriority": layoutPriorities,
            "layoutMargins": ["type": "array", "items": ["type": "number"], "minItems": 4, "maxItems": 4,
                              "description": "[top, left, bottom, right] (UIKit's layoutMargins; 8 each by default)."],
            "directionalLayoutMargins": ["type": "array", "items": ["type": "number"], "minItems": 4, "maxItems": 4,
                                         "description": "[top, leading, bottom, trailing]."],
            "semanticContentAttribute": ["enum": ["unspecified", "playback", "spatial", "forceLeftToRight", "forceRightToLeft"]],
            "rootViewController": ["type": "object", "required": ["class"], "additionalProperties": false,
                                   "properties": ["class": ["type": "string"], "properties": ["type": "object"],
                                                  "view": ["$ref": "#/$defs/view"]]],
        ]
        // Every key the scene reader accepts has a schema.
        for key in Scene.viewKeys where nodeProperties[key] == nil { nodeProperties[key] = [:] }
        var layerProperties: [String: Any] = [
            "cornerRadius": ["type": "number", "minimum": 0], "borderWidth": ["type": "number", "minimum": 0],
            "borderColor": ["$ref": "#/$defs/colour"], "shadowColor": ["$ref": "#/$defs/colour"],
            "shadowOpacity": ["type": "number", "minimum": 0, "maximum": 1], "shadowOffset": ["$ref": "#/$defs/size"],
            "shadowRadius": ["type": "number", "minimum": 0], "shadowPath": ["type": "object"],
            "opacity": ["type": "number", "minimum": 0, "maximum": 1], "anchorPoint": ["$ref": "#/$defs/point"],
            "position": ["$ref": "#/$defs/point"], "zPosition": ["type": "number"], "hidden": ["type": "boolean"],
            "backgroundColor": ["$ref": "#/$defs/colour"], "allowsGroupOpacity": ["type": "boolean"],
            "masksToBounds": ["type": "boolean"],
            "maskedCorners": ["type": "array", "items": ["enum": ["minXMinY", "maxXMinY", "minXMaxY", "maxXMaxY"]]],
        ]
        layerProperties["sublayers"] = ["type": "array", "items": ["$ref": "#/$defs/sublayer"]]
        for key in SceneLayer.keys where layerProperties[key] == nil { layerProperties[key] = [:] }
        var sublayerProperties: [String: Any] = [
            "frame": ["$ref": "#/$defs/rect"], "bounds": ["$ref": "#/$defs/rect"], "position": ["$ref": "#/$defs/point"],
            "anchorPoint": ["$ref": "#/$defs/point"], "transform": ["$ref": "#/$defs/transform"],
            "backgroundColor": ["$ref": "#/$defs/colour"],
            "contents": ["type": "string", "description": "An image file, relative to the scene file."],
            "contentsGravity": ["enum": ContentsGravity.allCases.map(\.name)],
            "contentsScale": ["type": "number", "exclusiveMinimum": 0, "maximum": 16],
            "contentsRect": ["$ref": "#/$defs/rect"], "contentsCenter": ["$ref": "#/$defs/rect"],
            "cornerRadius": ["type": "number", "minimum": 0], "borderWidth": ["type": "number", "minimum": 0],
            "borderColor": ["$ref": "#/$defs/colour"], "shadowColor": ["$ref": "#/$defs/colour"],
            "shadowOpacity": ["type": "number", "minimum": 0, "maximum": 1], "shadowOffset": ["$ref": "#/$defs/size"],
            "shadowRadius": ["type": "number", "minimum": 0, "maximum": 1000],
            "opacity": ["type": "number", "minimum": 0, "maximum": 1], "masksToBounds": ["type": "boolean"],
            "hidden": ["type": "boolean"], "zPosition": ["type": "number"], "delegate": ["$ref": "#/$defs/object"],
            "sublayers": ["type": "array", "items": ["$ref": "#/$defs/sublayer"]],
        ]
        for key in Scene.sublayerKeys where sublayerProperties[key] == nil { sublayerProperties[key] = [:] }
        let stepTime: [String: Any] = [
            "type": "number", "minimum": 0, "maximum": Scene.maximumStepTime,
            "description": "When the step happens, in seconds from the start (default: the time of the step before).",
        ]
        let gestureDuration: [String: Any] = ["type": "number", "minimum": 0.01, "maximum": 60,
                                              "description": "How long the gesture takes, in seconds."]
        let recognizerClasses = (["GestureRecognizer", "TapGestureRecognizer", "LongPressGestureRecognizer", "PanGestureRecognizer",
                                  "PinchGestureRecognizer", "RotationGestureRecognizer", "SwipeGestureRecognizer"]
                                 + listing.catalog.plugins.flatMap { $0.classes.filter { $0.superclass.hasSuffix("GestureRecognizer") }.map(\.name) }).sorted()
        let numbers = { (count: Int) -> [String: Any] in
            ["type": "array", "items": ["type": "number"], "minItems": count, "maxItems": count]
        }
        let animationSet: [String: Any] = ["type": "object", "additionalProperties": false, "properties": [
            "frame": numbers(4), "bounds": numbers(4), "center": numbers(2),
            "transform": ["$ref": "#/$defs/transform"], "alpha": ["type": "number", "minimum": 0, "maximum": 1],
            "backgroundColor": ["$ref": "#/$defs/colour"], "layer": ["$ref": "#/$defs/layer"],
        ] as [String: Any]]
        let transitionOptions = ["flipFromLeft", "flipFromRight", "flipFromTop", "flipFromBottom", "curlUp", "curlDown",
                                 "crossDissolve", "showHideTransitionViews"]
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "Easel scene",
            "description": "A scene file for `easel render`: a canvas, a tree of views and optional steps.",
            "type": "object",
            "required": ["canvas", "root"],
            "additionalProperties": false,
            "properties": [
                "$schema": ["type": "string"],
                "canvas": [
                    "type": "object", "required": ["size"], "additionalProperties": false,
                    "properties": [
                        "size": ["type": "array", "items": ["type": "number", "exclusiveMinimum": 0], "minItems": 2, "maxItems": 2],
                        "scale": ["type": "number", "exclusiveMinimum": 0, "maximum": 16],
                        "background": ["$ref": "#/$defs/colour"],
                    ],
                ],
                "root": ["$ref": "#/$defs/view"],
                "steps": ["type": "array", "items": ["$ref": "#/$defs/step"]],
                "imageFolders": ["type": "array", "items": ["type": "string"], "maxItems": 64],
            ],
            "$defs": [
                "point": numbers(2), "size": numbers(2), "rect": numbers(4),
                "transform": ["oneOf": [numbers(6), [
                    "type": "object", "additionalProperties": false,
                    "properties": ["scale": ["oneOf": [["type": "number"], numbers(2)]], "rotate": ["type": "number"],
                                   "translate": numbers(2)],
                ]]],
                "colour": ["oneOf": [
                    ["type": "string", "description": "#rrggbb, #rgb, #rrggbbaa, a CSS name, rgb(), rgba(), hsl() or hsla()"],
                    ["type": "array", "items": ["type": "number", "minimum": 0, "maximum": 1], "minItems": 3, "maxItems": 4],
                ]],
                "object": [
                    "type": "object", "required": ["class"], "additionalProperties": false,
                    "properties": ["class": ["enum": objectClasses], "properties": ["type": "object"]],
                ],
                "layer": ["type": "object", "additionalProperties": false, "properties": layerProperties],
                "sublayer": ["type": "object", "additionalProperties": false, "properties": sublayerProperties],
                "constraint": ["oneOf": [
                    ["type": "string"],
                    ["type": "object", "required": ["attribute"], "additionalProperties": false, "properties": [
                        "item": ["type": "string"], "attribute": ["type": "string"],
                        "relation": ["enum": ["equal", "lessThanOrEqual", "greaterThanOrEqual", "==", "<=", ">="]],
                        "toItem": ["type": "string"], "toAttribute": ["type": "string"],
                        "equalTo": ["type": "string"], "lessThanOrEqualTo": ["type": "string"],
                        "greaterThanOrEqualTo": ["type": "string"],
                        "multiplier": ["type": "number"], "constant": ["type": "number"],
                        "priority": ["type": "number", "minimum": 1, "maximum": 1000], "identifier": ["type": "string"],
                    ]],
                ]],
                "view": [
                    "type": "object", "additionalProperties": false, "properties": nodeProperties, "allOf": perClass,
                ],
                "gestureRecognizer": [
                    "type": "object", "required": ["class"],
                    "description": "A gesture recognizer; keys besides these are its properties by name (numberOfTapsRequired, minimumPressDuration, …).",
                    "properties": [
                        "class": ["enum": recognizerClasses],
                        "id": ["type": "string", "description": "A name for requireToFail."],
                        "target": ["oneOf": [["type": "string", "description": "\"self\" (the view) or a view id"], ["$ref": "#/$defs/object"]]],
                        "action": ["type": "string", "description": "A selector of the target taking the recognizer (handleTap:) or nothing."],
                        "requireToFail": ["type": "string", "description": "The id of a recognizer that must fail first."],
                        "delegate": ["$ref": "#/$defs/object"],
                        "numberOfTapsRequired": ["type": "integer", "minimum": 1], "numberOfTouchesRequired": ["type": "integer", "minimum": 1],
                        "minimumPressDuration": ["type": "number", "minimum": 0], "allowableMovement": ["type": "number", "minimum": 0],
                        "minimumNumberOfTouches": ["type": "integer", "minimum": 1], "maximumNumberOfTouches": ["type": "integer", "minimum": 1],
                        "direction": ["type": "integer", "minimum": 0, "maximum": 15],
                        "enabled": ["type": "boolean"], "cancelsTouchesInView": ["type": "boolean"],
                        "delaysTouchesBegan": ["type": "boolean"], "delaysTouchesEnded": ["type": "boolean"],
                    ],
                ],
                "step": ["oneOf": [
                    ["type": "object", "required": ["resize"], "additionalProperties": false,
                     "properties": ["resize": ["type": "string"], "size": numbers(2), "frame": numbers(4), "at": stepTime]],
                    ["type": "object", "required": ["touch"], "additionalProperties": false,
                     "properties": ["touch": ["type": "array", "items": [
                        "type": "object", "required": ["phase", "at"], "additionalProperties": false,
                        "properties": ["phase": ["enum": ["began", "moved", "stationary", "ended", "cancelled"]],
                                       "at": numbers(2)],
                     ]], "at": stepTime]],
                    ["type": "object", "required": ["touches"], "additionalProperties": false,
                     "properties": ["touches": ["type": "array", "items": [
                        "type": "object", "required": ["finger", "phase", "at"], "additionalProperties": false,
                        "properties": ["finger": ["type": "integer"],
                                       "phase": ["enum": ["began", "moved", "stationary", "ended", "cancelled"]],
                                       "at": numbers(2)],
                     ]], "at": stepTime]],
                    ["type": "object", "required": ["tap"], "additionalProperties": false,
                     "properties": ["tap": numbers(2), "count": ["type": "integer", "minimum": 1, "maximum": 10], "at": stepTime]],
                    ["type": "object", "required": ["longPress"], "additionalProperties": false,
                     "properties": ["longPress": numbers(2), "duration": gestureDuration, "at": stepTime]],
                    ["type": "object", "required": ["pan"], "additionalProperties": false,
                     "properties": ["pan": ["type": "object", "required": ["from", "to"], "additionalProperties": false,
                                            "properties": ["from": numbers(2), "to": numbers(2), "duration": gestureDuration]],
                                    "at": stepTime]],
                    ["type": "object", "required": ["pinch"], "additionalProperties": false,
                     "properties": ["pinch": ["type": "object", "required": ["center"], "additionalProperties": false,
                                              "properties": ["center": numbers(2), "scale": ["type": "number", "minimum": 0.01, "maximum": 100],
                                                             "distance": ["type": "number", "minimum": 1, "maximum": 10000],
                                                             "rotation": ["type": "number"], "duration": gestureDuration]],
                                    "at": stepTime]],
                    ["type": "object", "required": ["animate"], "additionalProperties": false,
                     "properties": ["at": stepTime, "animate": [
                        "type": "object", "required": ["view", "set"], "additionalProperties": false,
                        "properties": [
                            "view": ["type": "string"],
                            "duration": ["type": "number", "minimum": 0, "maximum": 3600],
                            "delay": ["type": "number", "minimum": 0, "maximum": 3600],
                            "curve": ["oneOf": [["enum": ["linear", "easeIn", "easeOut", "easeInOut", "spring"]], numbers(4)]],
                            "damping": ["type": "number", "exclusiveMinimum": 0, "maximum": 100],
                            "velocity": ["type": "number", "minimum": -1000, "maximum": 1000],
                            "options": ["type": "array", "items": [
                                "enum": ["repeat", "autoreverse", "beginFromCurrentState", "allowUserInteraction", "layoutSubviews"]]],
                            "set": animationSet,
                        ],
                     ]]],
                    ["type": "object", "required": ["transition"], "additionalProperties": false,
                     "properties": ["at": stepTime, "transition": [
                        "type": "object", "additionalProperties": false,
                        "description": "A view transition: 'from' and 'to' (view ids), or 'view' with 'set' and/or 'hidden'.",
                        "properties": [
                            "from": ["type": "string"], "to": ["type": "string"], "view": ["type": "string"],
                            "duration": ["type": "number", "minimum": 0, "maximum": 3600],
                            "curve": ["enum": ["linear", "easeIn", "easeOut", "easeInOut"]],
                            "options": ["oneOf": [["enum": transitionOptions], ["type": "array", "items": ["enum": transitionOptions]]]],
                            "set": animationSet,
                            "hidden": ["type": "object", "additionalProperties": ["type": "boolean"]],
                        ],
                     ]]],
                    ["type": "object", "required": ["display"], "additionalProperties": false,
                     "description": "The tree is shown here: views keep what they draw, so later resizes show their contentMode.",
                     "properties": ["display": ["const": true], "at": stepTime]],
                ]],
            ],
        ]
    }

    /// The properties of a plugin class and of its plugin superclasses, nearest last, each with
    /// what its class's metadata says about it.
    static func inheritedProperties(of name: String, in byName: [String: ClassDescription],
                                    metadata: [String: ClassMetadata]) -> [(PropertyDescription, PropertyMetadata?)] {
        var chain: [ClassDescription] = []
        var current = name
        while let cls = byName[current], chain.count < 4096 {
            chain.append(cls)
            current = cls.superclass
        }
        return chain.reversed().flatMap { cls in cls.properties.map { ($0, metadata[cls.name]?.forProperty($0.name)) } }
    }

    /// A property's schema from its type encoding and metadata: its description, type and
    /// default as the description; for an enumeration, its names (`anyOf` the names' `enum`
    /// and the integer type).
    static func propertySchema(_ property: PropertyDescription, metadata: PropertyMetadata? = nil) -> [String: Any] {
        var schema = typeSchema(property)
        let readable = property.readableType
        var details = readable
        if let text = ClassInspection.defaultText(property) {
            let named = Int64(text).flatMap { metadata?.name(of: $0) }
            details += ", default \(named ?? text)"
            if case .bool? = try? TypeEncoding(parsing: property.encoding) { schema["default"] = text == "true" }
            else if let named { schema["default"] = named }
            else if let number = Double(text), schema["type"] as? String == "number" || schema["type"] as? String == "integer" {
                schema["default"] = number
            }
        }
        if let metadata, !metadata.enumCases.isEmpty {
            let names = metadata.enumCases.map(\.name)
            details += "; one of \(names.joined(separator: ", "))"
            let fallback = schema.removeValue(forKey: "default")
            schema = ["anyOf": [["enum": names], schema]]
            if let fallback { schema["default"] = fallback }
        }
        schema["description"] = metadata?.description.map { "\($0) (\(details))" } ?? details
        return schema
    }

    /// The schema of a property's type.
    static func typeSchema(_ property: PropertyDescription) -> [String: Any] {
        var schema: [String: Any]
        let type = try? TypeEncoding(parsing: property.encoding)
        switch type {
        case .bool?: schema = ["type": "boolean"]
        case .float?, .double?: schema = ["type": "number"]
        case .char?: schema = integer(-128, 127)
        case .unsignedChar?: schema = integer(0, 255)
        case .short?: schema = integer(-32768, 32767)
        case .unsignedShort?: schema = integer(0, 65535)
        case .int?, .long?: schema = integer(Int64(Int32.min), Int64(Int32.max))
        case .unsignedInt?, .unsignedLong?: schema = integer(0, Int64(UInt32.max))
        case .longLong?: schema = ["type": "integer"]
        case .unsignedLongLong?: schema = ["type": "integer", "minimum": 0]
        case .cString?: schema = ["type": ["string", "null"]]
        case .class?: schema = ["type": ["string", "null"], "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"]
        case .selector?: schema = ["type": ["string", "null"], "pattern": "^[A-Za-z_][A-Za-z0-9_:]*$"]
        case .object?: schema = ["$ref": "#/$defs/object"]
        case .structure(let name, _)?:
            switch name {
            case "CGPoint": schema = ["$ref": "#/$defs/point"]
            case "CGSize": schema = ["$ref": "#/$defs/size"]
            case "CGRect": schema = ["$ref": "#/$defs/rect"]
            case "EaselColor": schema = ["$ref": "#/$defs/colour"]
            case "CGAffineTransform": schema = ["$ref": "#/$defs/transform"]
            case "EaselPointArray": schema = ["type": "array", "items": ["$ref": "#/$defs/point"]]
            case "EaselStringArray": schema = ["type": "array", "items": ["type": "string"]]
            default: schema = ["type": ["array", "object"]]
            }
        default: schema = [:]
        }
        return schema
    }

    static func integer(_ low: Int64, _ high: Int64) -> [String: Any] {
        ["type": "integer", "minimum": low, "maximum": high]
    }
}

extension Session {
    /// The JSON Schema of scene files for the plugins of this session (`easel schema`), pretty-printed.
    public func sceneSchema() throws(SessionError) -> String {
        let listing = try listing()
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try encoder.encode(SchemaJSON(SceneSchema.schema(listing))), as: UTF8.self)
        } catch {
            throw SessionError("cannot write the schema: \(error)")
        }
    }
}

/// The schema's plain Swift values (dictionaries, arrays, strings, booleans,
/// integers and doubles) for `JSONEncoder`.
private struct SchemaJSON: Encodable {
    let value: Any

    init(_ value: Any) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        func scalar(_ value: some Encodable) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
        switch value {
        case let dictionary as [String: Any]:
            var container = encoder.container(keyedBy: Key.self)
            for (key, element) in dictionary { try container.encode(SchemaJSON(element), forKey: Key(key)) }
        case let array as [Any]:
            var container = encoder.unkeyedContainer()
            for element in array { try container.encode(SchemaJSON(element)) }
        case let text as String: try scalar(text)
        case let flag as Bool: try scalar(flag)
        case let number as Int: try scalar(number)
        case let number as Int64: try scalar(number)
        case let number as Double: try scalar(number)
        default:
            throw Swift.EncodingError.invalidValue(value, .init(codingPath: encoder.codingPath, debugDescription: "not a JSON value"))
        }
    }

    struct Key: CodingKey {
        let stringValue: String
        init(_ text: String) { stringValue = text }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
