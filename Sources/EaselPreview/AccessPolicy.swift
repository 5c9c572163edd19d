import Foundation
import Synchronization

/// Who may talk to the preview server: every request and the WebSocket carry
/// the random token of the printed URL, name an allowed host in `Host` (no
/// DNS rebinding: a page of another site that resolves its name to 127.0.0.1
/// still sends its own name), and, when they have an `Origin`, this server's
/// own origin (no cross-site WebSocket: browsers send `Origin` on every
/// WebSocket handshake, and pages cannot forge it).
public final class AccessPolicy: Sendable {
    /// Why a request is refused (the body of the 403).
    public enum Denial: Error, Equatable, CustomStringConvertible {
        case missingToken, wrongToken, host(String), origin(String)

        public var description: String {
            switch self {
            case .missingToken: "forbidden: the URL has no token (open the URL easel preview printed)"
            case .wrongToken: "forbidden: wrong token (open the URL easel preview printed)"
            case .host(let host): "forbidden: Host '\(host)' is not this preview's"
            case .origin(let origin): "forbidden: Origin '\(origin)' is not this preview's"
            }
        }
    }

    /// The secret of the printed URL: 128 random bits as 32 hexadecimal digits.
    public let token: String
    /// Host names (lowercased, IPv6 in brackets) the `Host` header may name.
    public let hostNames: Set<String>
    /// Whether any IP literal is a good `Host` (the server listens on every address: `--host 0.0.0.0`).
    public let acceptsAnyAddress: Bool
    /// The port the server listens on, once known (0 before).
    private let port = Atomic<Int>(0)

    /// A policy for a server bound to `bindHost`.
    ///
    /// - Parameters:
    ///   - bindHost: The address or name the server listens on.
    ///   - token: The token; by default a new random one.
    public init(bindHost: String, token: String = AccessPolicy.randomToken()) {
        self.token = token
        var names: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
        let host = bindHost.lowercased()
        names.insert(host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host)
        hostNames = names
        acceptsAnyAddress = host == "0.0.0.0" || host == "::" || host == "[::]"
    }

    /// 128 bits from the system's random source, as hexadecimal.
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let value = generator.next() as UInt64
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    /// Records the port the server listens on (it may have been chosen by the system).
    public func setPort(_ value: Int) { port.store(value, ordering: .releasing) }

    /// The port, 0 before the server runs.
    public var currentPort: Int { port.load(ordering: .acquiring) }

    /// Checks a request's token, `Host` (authority) and `Origin`.
    ///
    /// - Parameters:
    ///   - token: The `token` query parameter, if any.
    ///   - host: The `Host` header (`127.0.0.1:8080`).
    ///   - origin: The `Origin` header, if any.
    ///   - requireOrigin: Whether a missing `Origin` is refused (WebSocket handshakes).
    /// - Returns: Why the request is refused, or `nil` to serve it.
    public func check(token: String?, host: String?, origin: String?, requireOrigin: Bool = false) -> Denial? {
        guard let token, !token.isEmpty else { return .missingToken }
        guard Self.constantTimeEqual(token, self.token) else { return .wrongToken }
        guard let host, isAllowed(authority: host) else { return .host(host ?? "") }
        if let origin {
            guard let authority = Self.authority(ofOrigin: origin), isAllowed(authority: authority) else { return .origin(origin) }
        } else if requireOrigin {
            return .origin("")
        }
        return nil
    }

    /// Whether `name[:port]` names this server.
    func isAllowed(authority: String) -> Bool {
        let (name, portText) = Self.split(authority: authority.lowercased())
        let port = currentPort
        if let portText {
            guard let value = Int(portText), port == 0 || value == port else { return false }
        }
        if hostNames.contains(name) { return true }
        return acceptsAnyAddress && Self.isIPLiteral(name)
    }

    /// `http://127.0.0.1:8080` → `127.0.0.1:8080`; `nil` for another scheme or a path.
    static func authority(ofOrigin origin: String) -> String? {
        guard origin.hasPrefix("http://") else { return nil }
        let rest = origin.dropFirst("http://".count)
        guard !rest.isEmpty, !rest.contains("/") else { return nil }
        return String(rest)
    }

    /// `[::1]:80` → (`[::1]`, `80`); `localhost` → (`localhost`, nil).
    static func split(authority: String) -> (String, String?) {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return (authority, nil) }
            let name = String(authority[...close])
            let rest = authority[authority.index(after: close)...]
            return (name, rest.hasPrefix(":") ? String(rest.dropFirst()) : nil)
        }
        guard let colon = authority.lastIndex(of: ":") else { return (authority, nil) }
        return (String(authority[..<colon]), String(authority[authority.index(after: colon)...]))
    }

    /// Whether a host name is an IPv4 or bracketed IPv6 literal (which DNS rebinding cannot use).
    static func isIPLiteral(_ name: String) -> Bool {
        if name.hasPrefix("[") { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }
    }

    /// Compares two strings in time independent of where they differ.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in 0..<x.count { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
