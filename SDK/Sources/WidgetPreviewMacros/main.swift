// The compiler plugin behind `#Preview`, without swift-syntax: the compiler
// sends each expansion as JSON (its source text and a discriminator unique
// in the module) framed by an 8-byte little-endian length, and takes the
// expanded source back the same way. The protocol is swift-syntax's
// `PluginMessages.swift` (version 7); only the two messages a freestanding
// macro needs are read.
//
// `#Preview(<arguments>) { … } timeline: { … }` becomes a C-named function
// that builds `WidgetSDK.Preview(<arguments>) { … } timeline: { … }`: the
// arguments are type-checked by the compiler against `Preview`'s
// initialisers, and the extension process finds the functions by name in
// the module's symbol table (`Preview.symbolPrefix`).
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The prefix of every preview's C symbol; `WidgetPreview.symbolPrefix` is the same.
let symbolPrefix = "widgethost_preview_"

struct Request: Decodable {
    struct Expansion: Decodable {
        struct Syntax: Decodable { var source: String }
        var discriminator: String
        var syntax: Syntax
    }

    var getCapability: [String: [String: Int]?]?
    var expandFreestandingMacro: Expansion?
}

/// The expansion of one `#Preview`.
func expand(_ source: String, discriminator: String) -> String {
    // Attributes before the macro (`@available(iOS 17, *)`) have nothing to say on Linux.
    guard let macro = source.firstRange(of: "#Preview") else { return ##"#error("the source of #Preview was not found in its expansion")"## }
    let arguments = source[macro.upperBound...]
    let symbol = symbolPrefix + String(discriminator.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    // A name the compiler treats as the macro's own unique name ("fMu_").
    let name = "\(discriminator)7previewfMu_"
    // The arguments end on a line of their own: a comment after them would otherwise swallow the brace.
    return """
        @_cdecl("\(symbol)") public func \(name)() -> UnsafeMutableRawPointer {
            WidgetSDK.Preview.retained(WidgetSDK.Preview\(arguments)
            )
        }
        """
}

func readExactly(_ count: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
        let got = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress! + filled, count - filled) }
        if got < 0 && errno == EINTR { continue }
        guard got > 0 else { return nil }
        filled += got
    }
    return buffer
}

func send(_ json: String) {
    let payload = Array(json.utf8)
    let bytes = withUnsafeBytes(of: UInt64(payload.count).littleEndian) { Array($0) } + payload
    var written = 0
    while written < bytes.count {
        let sent = bytes.withUnsafeBytes { write(1, $0.baseAddress! + written, bytes.count - written) }
        if sent < 0 && errno == EINTR { continue }
        guard sent > 0 else { exit(1) }
        written += sent
    }
}

func json(_ string: String) -> String {
    (try? String(decoding: JSONEncoder().encode(string), as: UTF8.self)) ?? #""""#
}

// A zero length or the end of input is the compiler saying it is done.
while let header = readExactly(8) {
    let count = header.withUnsafeBytes { Int(UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self))) }
    guard count > 0, let body = readExactly(count) else { break }
    guard let request = try? JSONDecoder().decode(Request.self, from: Data(body)) else {
        send(#"{"expandMacroResult":{"diagnostics":[]}}"#)
        continue
    }
    if request.getCapability != nil {
        send(#"{"getCapabilityResult":{"capability":{"protocolVersion":7}}}"#)
    } else if let expansion = request.expandFreestandingMacro {
        let expanded = expand(expansion.syntax.source, discriminator: expansion.discriminator)
        send(#"{"expandMacroResult":{"expandedSource":\#(json(expanded)),"diagnostics":[]}}"#)
    } else {
        // Anything else (an attached macro, a library to load) is not this plugin's.
        send(#"{"expandMacroResult":{"diagnostics":[]}}"#)
    }
}
