// easel-plugin-scanner: probes plugin files for easel in a process of its own,
// so that a plugin that crashes, exits or hangs while it loads cannot take
// easel down. It reads one JSON request per line on standard input and
// answers each on standard output (see Sources/EaselDiscovery/Scanning/PluginScanner.swift).
// It is started by easel, not by users.

import EaselProbe
#if canImport(Glibc)
import Glibc
#endif

exit(ScannerHelper.main())
