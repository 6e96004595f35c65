import Foundation
import Synchronization

/// A module's string tables, as an extension's on iOS: `Localizable.strings`
/// in a `<language>.lproj` folder and String Catalogs (`Localizable.xcstrings`)
/// among its resources, read in the language of the host's locale.
///
/// The language is the first of `LANGUAGE` (a colon-separated list),
/// `LC_ALL`, `LC_MESSAGES` and `LANG` that is set (`de_CH.UTF-8` is `de-CH`,
/// then `de`); the manifest's `locale:` sets them for the extensions. A key
/// a table lacks is shown as written, as on iOS.
enum StringTables {
    /// One translation: a plain value, or values by plural category.
    struct Translation: Sendable, Equatable {
        var value: String
        var plural: [String: String] = [:]

        /// The value for a count: `zero`, `one` or `other` (English's rules, and most of Europe's).
        func value(count: Int64?) -> String {
            guard let count, !plural.isEmpty else { return value }
            if count == 0, let zero = plural["zero"] { return zero }
            if count == 1, let one = plural["one"] { return one }
            return plural["other"] ?? value
        }
    }

    /// The languages asked for, most wanted first, from the process's environment.
    static let preferredLanguages: [String] = languages(from: ProcessInfo.processInfo.environment)

    static func languages(from environment: [String: String]) -> [String] {
        var wanted: [String] = []
        // Spelled out with types: as one chained expression this took the compiler 6 s.
        var names: [String] = (environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init)
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let name = environment[variable] { names.append(name) }
        }
        for name in names {
            // "de_CH.UTF-8@euro" → "de-CH", then "de"; "C" and "POSIX" name no language.
            let bare = FormattingLocale.bareName(name)
            guard !bare.isEmpty, bare != "C", bare != "POSIX" else { continue }
            let tag = bare.replacingOccurrences(of: "_", with: "-")
            for candidate in [tag, String(tag.split(separator: "-").first ?? "")] where !candidate.isEmpty && !wanted.contains(candidate) {
                wanted.append(candidate)
            }
        }
        return wanted
    }

    private static let tables = Mutex<[String: [String: Translation]]>([:])

    /// The translation of `key` in `table` (`Localizable` when nil), or nil.
    static func translation(of key: String, table: String?) -> Translation? {
        let name = table ?? "Localizable"
        if let known = tables.withLock({ $0[name] }) { return known[key] }
        // Then the development language, as iOS falls back to it.
        let languages = preferredLanguages + ["en", "Base"].filter { !preferredLanguages.contains($0) }
        let loaded = load(name, languages: languages)
        tables.withLock { $0[name] = loaded }
        return loaded[key]
    }

    /// The table for the first language that has one, from `.strings` files
    /// first, then from a String Catalog.
    static func load(_ table: String, languages: [String]) -> [String: Translation] {
        guard !table.contains("/"), !table.contains("..") else { return [:] }
        for language in languages {
            let wanted = "\(language).lproj/\(table).strings".lowercased()
            if let data = ModuleResources.firstResource(where: { $0.lowercased().hasSuffix(wanted) }),
               let strings = parseStrings(data) {
                return strings.mapValues { Translation(value: $0) }
            }
        }
        if let data = ModuleResources.firstResource(where: { ($0 as NSString).lastPathComponent == "\(table).xcstrings" }) {
            for language in languages {
                let catalog = parseCatalog(data, language: language)
                if !catalog.isEmpty { return catalog }
            }
        }
        return [:]
    }

    // MARK: .strings

    /// The pairs of a `.strings` file as Xcode writes it: `"key" = "value";`
    /// with `/* */` and `//` comments and backslash escapes, in UTF-8 or
    /// UTF-16 with a byte-order mark; nil when it is not one.
    static func parseStrings(_ data: Data) -> [String: String]? {
        let text: String
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            guard let decoded = String(data: data, encoding: .utf16) else { return nil }
            text = decoded
        } else {
            text = String(decoding: data, as: UTF8.self)
        }
        var scanner = StringsScanner(Array(text.unicodeScalars))
        var pairs: [String: String] = [:]
        while true {
            scanner.skipSpaceAndComments()
            guard !scanner.isAtEnd else { return pairs }
            guard let key = scanner.token() else { return nil }
            scanner.skipSpaceAndComments()
            guard scanner.take("=") else { return nil }
            scanner.skipSpaceAndComments()
            guard let value = scanner.token() else { return nil }
            scanner.skipSpaceAndComments()
            guard scanner.take(";") else { return nil }
            pairs[key] = value
        }
    }

    private struct StringsScanner {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
            if scalars.first == "\u{FEFF}" { index = 1 }
        }

        var isAtEnd: Bool { index >= scalars.count }

        mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            guard !isAtEnd, scalars[index] == scalar else { return false }
            index += 1
            return true
        }

        mutating func skipSpaceAndComments() {
            while !isAtEnd {
                if scalars[index].properties.isWhitespace {
                    index += 1
                } else if scalars[index] == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                    index += 2
                    while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") { index += 1 }
                    index = min(scalars.count, index + 2)
                } else if scalars[index] == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                    while !isAtEnd, scalars[index] != "\n" { index += 1 }
                } else {
                    return
                }
            }
        }

        /// A quoted string with its escapes, or a bare word (letters, digits, `_.-`).
        mutating func token() -> String? {
            guard !isAtEnd else { return nil }
            guard scalars[index] == "\"" else {
                var word = String.UnicodeScalarView()
                while !isAtEnd, scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]) || "_.-$:/".unicodeScalars.contains(scalars[index]) {
                    word.append(scalars[index])
                    index += 1
                }
                return word.isEmpty ? nil : String(word)
            }
            index += 1
            var result = String.UnicodeScalarView()
            while !isAtEnd {
                let scalar = scalars[index]
                index += 1
                switch scalar {
                case "\"":
                    return String(result)
                case "\\":
                    guard !isAtEnd else { return nil }
                    let escaped = scalars[index]
                    index += 1
                    switch escaped {
                    case "n": result.append("\n")
                    case "t": result.append("\t")
                    case "r": result.append("\r")
                    case "0": result.append("\0")
                    case "U", "u":
                        let digits = scalars[index..<min(scalars.count, index + 4)].map(Character.init)
                        guard digits.count == 4, let value = UInt32(String(digits), radix: 16), let decoded = Unicode.Scalar(value) else { return nil }
                        index += 4
                        result.append(decoded)
                    default: result.append(escaped)
                    }
                default:
                    result.append(scalar)
                }
            }
            return nil
        }
    }

    // MARK: String Catalogs

    /// A String Catalog's translations into `language`, as Xcode writes one:
    /// `strings.<key>.localizations.<language>.stringUnit.value`, or its
    /// `variations.plural`. The source language's keys stand for themselves.
    static func parseCatalog(_ data: Data, language: String) -> [String: Translation] {
        guard let catalog = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let strings = catalog["strings"] as? [String: Any] else { return [:] }
        let source = catalog["sourceLanguage"] as? String
        var table: [String: Translation] = [:]
        for (key, entry) in strings {
            guard let localizations = (entry as? [String: Any])?["localizations"] as? [String: Any],
                  let localization = localizations[language] as? [String: Any] else {
                if language == source { table[key] = Translation(value: key) }
                continue
            }
            if let value = stringUnit(localization) {
                table[key] = Translation(value: value)
            } else if let plural = (localization["variations"] as? [String: Any])?["plural"] as? [String: Any] {
                let forms = plural.compactMapValues { ($0 as? [String: Any]).flatMap(stringUnit) }
                if let other = forms["other"] ?? forms.values.first { table[key] = Translation(value: other, plural: forms) }
            }
        }
        return table
    }

    private static func stringUnit(_ localization: [String: Any]) -> String? {
        guard let unit = localization["stringUnit"] as? [String: Any] else { return nil }
        return unit["value"] as? String
    }
}
