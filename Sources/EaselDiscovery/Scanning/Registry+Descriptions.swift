import EaselRuntime
import EaselProbe

extension Registry {
    /// The registered plugins as descriptions, in load order (what
    /// `easel list` prints when it loads plugins in-process).
    public var pluginDescriptions: [PluginDescription] {
        plugins.map { plugin in
            PluginDescription(path: plugin.path, name: plugin.name, abiMajor: plugin.abiMajor, abiMinor: plugin.abiMinor,
                              classes: plugin.classNames.compactMap(objectClass(named:)).map { cls in
                ClassDescription(
                    name: cls.name, superclass: cls.superclass?.name ?? "", instanceSize: cls.instanceSize,
                    properties: cls.properties.map {
                        PropertyDescription(name: $0.name, encoding: $0.type.encoding, offset: $0.offset, defaultValue: $0.defaultValue)
                    },
                    methods: cls.methods.map { MethodDescription(selector: $0.selector.name, encoding: $0.signature.encoding) })
            }, metadata: plugin.metadata)
        }
    }
}
