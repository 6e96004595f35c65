// The compiler plugin behind `#Preview`, without swift-syntax: the compiler
// sends each expansion as JSON (its source text and a discriminator unique
// in the module) framed by an 8-byte little-endian length, and takes the
// expanded source back the same way. The protocol is swift-syntax's
// `PluginMessages.swift` (version 7); only the two messages a freestanding
// macro needs are read.
//
// `@Entry var accent: Color = .blue` in an `extension EnvironmentValues`
// (SwiftUI's, iOS 18) becomes a key type beside the property and the
// property's `get`/`set` through it: the attached macro's two roles.
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

    struct AttachedExpansion: Decodable {
        var macroRole: String
        var declSyntax: Expansion.Syntax
    }

    var getCapability: [String: [String: Int]?]?
    var expandFreestandingMacro: Expansion?
    var expandAttachedMacro: AttachedExpansion?
}

/// What `@Entry` adds in `role` (`peer` or `accessor`) to `declaration`, the
/// property's source: `@Entry var name: Type = value`, the type or the
/// value (for an optional) left out as Swift allows.
func expandEntry(_ source: String, role: String) -> String {
    // The source comes with the comments and blank lines before it, which
    // go (a doc comment may quote a `var`); a trailing comment stays on a
    // line of its own in the expansion.
    let declaration = source.split(separator: "\n", omittingEmptySubsequences: false)
        .drop { line in
            let text = line.drop { $0 == " " || $0 == "\t" }
            return text.isEmpty || text.hasPrefix("//")
        }
        .joined(separator: "\n")
    let pattern = /\bvar\s+(?<name>[A-Za-z_][A-Za-z0-9_]*)\s*(?::\s*(?<type>[^=]+?))?\s*(?:=\s*(?<value>[\s\S]+?))?\s*$/
    guard let match = declaration.firstMatch(of: pattern) else {
        // No accessors for what is not a property: the peer's #error says why.
        return role == "accessor" ? "" : ##"#error("@Entry goes on a 'var' of EnvironmentValues: '@Entry var accent: Color = .blue'")"##
    }
    let name = String(match.output.name)
    let key = "__Key_\(name)"
    if role == "accessor" {
        return "get { self[\(key).self] }\nset { self[\(key).self] = newValue }"
    }
    // The pattern's lazy captures end before the spaces that follow them.
    // A type has no "//": what follows it is a comment.
    let type = match.output.type.map { String($0.split(separator: "//", maxSplits: 1).first ?? $0).trimmingSpaces }
    let value = match.output.value.map(String.init)
    let defaultValue: String
    switch (type, value) {
    case (let type?, let value?): defaultValue = "static var defaultValue: \(type) {\n        \(value)\n    }"
    case (let type?, nil) where type.hasSuffix("?"): defaultValue = "static var defaultValue: \(type) { nil }"
    case (nil, let value?): defaultValue = "static let defaultValue =\n        \(value)\n"
    default: return ##"#error("@Entry needs a default value, or an optional type whose default is nil")"##
    }
    return "private struct \(key): EnvironmentKey {\n    \(defaultValue)\n}"
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
    } else if let expansion = request.expandAttachedMacro {
        let expanded = expandEntry(expansion.declSyntax.source, role: expansion.macroRole)
        send(#"{"expandMacroResult":{"expandedSource":\#(json(expanded)),"diagnostics":[]}}"#)
    } else if let expansion = request.expandFreestandingMacro {
        let expanded = expand(expansion.syntax.source, discriminator: expansion.discriminator)
        send(#"{"expandMacroResult":{"expandedSource":\#(json(expanded)),"diagnostics":[]}}"#)
    } else {
        // Anything else (a library to load) is not this plugin's.
        send(#"{"expandMacroResult":{"diagnostics":[]}}"#)
    }
}

extension String {
    /// Without the spaces and tabs at either end (FoundationEssentials has no `trimmingCharacters`).
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
