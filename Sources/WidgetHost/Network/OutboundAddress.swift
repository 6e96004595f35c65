import Foundation

/// An address a kind's request would connect to, and whether it is out on
/// the internet. A kind has no sockets of its own; the host fetches for it,
/// and must not become its way into the host's own machine or network:
/// loopback (the dashboard, other local services), private and link-local
/// networks (the router, cloud metadata at 169.254.169.254), multicast, and
/// every other range IANA keeps out of global routing.
struct OutboundAddress: Sendable, Hashable, CustomStringConvertible {
    enum Scope: String, Sendable {
        case global
        case loopback = "a loopback address"
        case privateNetwork = "an address of a private network"
        case linkLocal = "a link-local address"
        case sharedNAT = "a carrier-grade NAT address"
        case multicast = "a multicast address"
        case unspecified = "the unspecified address"
        case reserved = "a reserved address"
        case documentation = "an address kept for documentation"
        case thisMachine = "an address of this machine"
    }

    /// 4 or 16 bytes, network order.
    let bytes: [UInt8]

    init?(_ text: String) {
        var text = text
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        // A zone (fe80::1%eth0) names an interface; the address is link-local either way.
        if let percent = text.firstIndex(of: "%") { text = String(text[..<percent]) }
        var v4 = in_addr()
        var v6 = in6_addr()
        // inet_pton, not inet_aton: "0x7f000001" and "127.1" are not addresses here.
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
        } else {
            return nil
        }
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isIPv4: Bool { bytes.count == 4 }

    var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        var copy = bytes
        let family = isIPv4 ? AF_INET : AF_INET6
        guard inet_ntop(family, &copy, &buffer, socklen_t(buffer.count)) != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Where the address leads. `.thisMachine` is the caller's to decide: an
    /// interface's own address is global in form.
    var scope: Scope {
        isIPv4 ? Self.scope(v4: bytes) : scopeV6
    }

    private static func scope(v4 b: [UInt8]) -> Scope {
        switch (b[0], b[1], b[2]) {
        case (0, _, _): return .unspecified
        case (10, _, _): return .privateNetwork
        case (100, 64...127, _): return .sharedNAT
        case (127, _, _): return .loopback
        case (169, 254, _): return .linkLocal
        case (172, 16...31, _): return .privateNetwork
        case (192, 0, 0): return .reserved
        case (192, 0, 2), (198, 51, 100), (203, 0, 113): return .documentation
        case (192, 88, 99): return .reserved
        case (192, 168, _): return .privateNetwork
        case (198, 18...19, _): return .reserved
        case (224...239, _, _): return .multicast
        case (240...255, _, _): return .reserved
        default: return .global
        }
    }

    private var scopeV6: Scope {
        let b = bytes
        let embeddedV4 = { (offset: Int) in Self.scope(v4: Array(b[offset ..< offset + 4])) }
        if b.allSatisfy({ $0 == 0 }) { return .unspecified }
        if b[0 ..< 15].allSatisfy({ $0 == 0 }) && b[15] == 1 { return .loopback }
        // ::ffff:a.b.c.d is the IPv4 address itself; ::a.b.c.d (deprecated) too.
        if b[0 ..< 10].allSatisfy({ $0 == 0 }) && b[10] == 0xff && b[11] == 0xff { return embeddedV4(12) }
        if b[0 ..< 12].allSatisfy({ $0 == 0 }) { return .reserved }
        // 64:ff9b::/96, NAT64: the IPv4 address it translates to decides.
        if b[0 ..< 12] == [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0] { return embeddedV4(12) }
        // 2002::/16, 6to4: likewise, in bytes 2 to 5.
        if b[0] == 0x20 && b[1] == 0x02 { return embeddedV4(2) }
        if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0d && b[3] == 0xb8 { return .documentation }
        if b[0] == 0xff { return .multicast }
        if b[0] == 0xfe && b[1] & 0xc0 == 0x80 { return .linkLocal }
        // fec0::/10, once site-local: private in effect.
        if b[0] == 0xfe && b[1] & 0xc0 == 0xc0 { return .privateNetwork }
        if b[0] & 0xfe == 0xfc { return .privateNetwork }
        // 2001::/23 (Teredo, ORCHID and other IETF assignments) and 100::/64 (discard).
        if b[0] == 0x20 && b[1] == 0x01 && b[2] < 0x02 { return .reserved }
        if b[0] == 0x01 && b[1] == 0x00 && b[2 ..< 8].allSatisfy({ $0 == 0 }) { return .reserved }
        // Global unicast is 2000::/3; everything else is unassigned.
        return b[0] & 0xe0 == 0x20 ? .global : .reserved
    }

    /// The addresses of this machine's interfaces, which are global in form
    /// but lead back to the host.
    static func ofThisMachine() -> Set<OutboundAddress> {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var addresses: Set<OutboundAddress> = []
        var next = first
        while let current = next {
            next = current.pointee.ifa_next
            if let socketAddress = current.pointee.ifa_addr, let address = Self(socketAddress: socketAddress) { addresses.insert(address) }
        }
        return addresses
    }

    init?(socketAddress: UnsafePointer<sockaddr>) {
        switch Int32(socketAddress.pointee.sa_family) {
        case AF_INET:
            var address = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            bytes = withUnsafeBytes(of: &address) { Array($0) }
        case AF_INET6:
            var address = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            bytes = withUnsafeBytes(of: &address) { Array($0) }
        default:
            return nil
        }
    }
}
