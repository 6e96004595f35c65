/// Resolves scalars by the YAML 1.2 core schema.
enum ScalarResolver {
    static let coreTagPrefix = "tag:yaml.org,2002:"

    /// `tag:yaml.org,2002:int` as it is written, `!!int`.
    static func shortTag(_ tag: String) -> String {
        tag.hasPrefix(coreTagPrefix) ? "!!" + tag.dropFirst(coreTagPrefix.count) : tag
    }

    /// Plain scalars are resolved by their text; quoted and block scalars, and
    /// those with the non-specific tag `!`, are strings. An explicit core tag
    /// (`!!int`) must fit, else nil.
    static func resolve(_ text: String, plain: Bool, tag: String?) -> Scalar.Resolved? {
        switch tag {
        case nil:
            return plain ? resolvePlain(text) : .string
        case "!":
            return .string
        case coreTagPrefix + "str":
            return .string
        case coreTagPrefix + "null":
            return resolvePlain(text) == .null ? .null : nil
        case coreTagPrefix + "bool":
            if case .bool(let value) = resolvePlain(text) { return .bool(value) }
            return nil
        case coreTagPrefix + "int":
            if case .int(let value) = resolvePlain(text) { return .int(value) }
            return nil
        case coreTagPrefix + "float":
            switch resolvePlain(text) {
            case .float(let value): return .float(value)
            case .int(let value): return .float(Double(value))
            default: return nil
            }
        default:
            // Application tags are left to the type being decoded.
            return plain ? resolvePlain(text) : .string
        }
    }

    static func resolvePlain(_ text: String) -> Scalar.Resolved {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .float(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .float(-.infinity)
        case ".nan", ".NaN", ".NAN": return .float(.nan)
        default: break
        }
        if let value = integer(text) { return .int(value) }
        // An integer too large for Int stays its text, never a float that loses digits.
        if isDecimalInteger(text) { return .string }
        if isFloat(text), let value = Double(text) { return .float(value) }
        return .string
    }

    /// `[-+]?[0-9]+`, whether or not it fits in an `Int`.
    static func isDecimalInteger(_ text: String) -> Bool {
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit)
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`
    private static func integer(_ text: String) -> Int? {
        if text.hasPrefix("0x") { return hexOrOctal(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("0o") { return hexOrOctal(text.dropFirst(2), radix: 8) }
        guard isDecimalInteger(text) else { return nil }
        return Int(text.hasPrefix("+") ? String(text.dropFirst()) : text)
    }

    /// Digits of the radix only: the core schema has no sign after `0x` or `0o`.
    private static func hexOrOctal(_ digits: Substring, radix: Int) -> Int? {
        guard !digits.isEmpty, digits.allSatisfy({ $0.isHexDigit && Int(String($0), radix: radix) != nil }) else { return nil }
        return Int(digits, radix: radix)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isFloat(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let integerDigits = rest.prefix(while: \.isASCIIDigit)
        rest = rest.dropFirst(integerDigits.count)
        var fractionDigits = Substring()
        if rest.first == "." {
            rest = rest.dropFirst()
            fractionDigits = rest.prefix(while: \.isASCIIDigit)
            rest = rest.dropFirst(fractionDigits.count)
        }
        guard !integerDigits.isEmpty || !fractionDigits.isEmpty else { return false }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
            let exponent = rest.prefix(while: \.isASCIIDigit)
            guard !exponent.isEmpty else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
