import Foundation
import Testing
@testable import WidgetSDK

/// Issue 37: `Text("key")`, `Text(_:tableName:bundle:)` and interpolated
/// keys read a module's `Localizable.strings` and String Catalogs in the
/// host's language; they were shown as written.
@Suite("String tables")
struct StringTablesTests {
    @Test func theKeyIsTheOneXcodeWritesForEachInterpolation() {
        let name = "Bo", count = 3, litres = 1.5
        let key: LocalizedStringKey = "\(name) drank \(count) glasses (\(litres) l, 100%) at \(Date(timeIntervalSince1970: 0), style: .time)"
        #expect(key.key == "%@ drank %lld glasses (%lf l, 100%%) at %@")
        #expect(LocalizedStringKey("100%").key == "100%", "a key without interpolations is the literal as it is")
    }

    @Test func aTranslationTakesTheValuesInItsOwnOrder() {
        let arguments: [LocalizedStringKey.Argument] = [.text("Bo"), .integer(3), .double(1.5)]
        let joined = { (parts: [LocalizedStringKey.Part]) in
            parts.map { part in if case .text(let text) = part { text } else { "<node>" } }.joined()
        }
        #expect(joined(LocalizedStringKey.format("%2$lld Gläser für %1$@ (%3$.1lf l, 100 %%)", arguments)) == "3 Gläser für Bo (1.5 l, 100 %)")
        #expect(joined(LocalizedStringKey.format("%@ %d %f %@", arguments)) == "Bo 3 1.500000 %@", "a value the text lacks is shown as written")
        let node = ViewNode(.date(Date(timeIntervalSince1970: 0), style: .time))
        #expect(LocalizedStringKey.format("um %@", [.node(node)]) == [.text("um "), .node(node)], "a date keeps time in the translation too")
    }

    /// App Intents' titles are resources, not strings: their key, table
    /// and default text are kept, and read when shown.
    @Test func aResourceKeepsItsKeyTableAndDefaultText() {
        let count = 3
        let resource = LocalizedStringResource("Glasses", defaultValue: "\(count) glasses", table: "Widgets")
        #expect(resource.key == "Glasses" && resource.table == "Widgets")
        #expect(String(localized: resource) == "3 glasses", "no table has the key: the default text, values in place")
        let literal: LocalizedStringResource = "Select \(count) repos"
        #expect(literal.key == "Select %lld repos" && literal.description == "Select 3 repos")
        let description: IntentDescription = "Which repository to show."
        #expect(description.description == "Which repository to show.")
        #expect(IntentDescription("Shows stars", categoryName: "GitHub").categoryName == "GitHub")
    }

    @Test func stringsFilesAreReadAsXcodeWritesThem() throws {
        let text = #"""
        /* A comment, "with quotes" = "no"; */
        "plain" = "Schlicht";
        // a line comment
        "escaped \"key\"" = "Zeile\nzwei \U00e9\t";
        bare_key = "bare";
        """#
        let table = try #require(StringTables.parseStrings(Data(text.utf8)))
        #expect(table == ["plain": "Schlicht", "escaped \"key\"": "Zeile\nzwei é\t", "bare_key": "bare"])
        var utf16 = Data([0xFF, 0xFE])
        utf16.append(#""k" = "ü";"#.data(using: .utf16LittleEndian)!)
        #expect(StringTables.parseStrings(utf16) == ["k": "ü"])
        #expect(StringTables.parseStrings(Data(#""unterminated" = "value"#.utf8)) == nil)
    }

    @Test func aCatalogGivesTheLanguagesTranslationsAndPluralForms() {
        let catalog = Data(#"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "Glasses": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Gläser"}}}},
          "%lld glasses": {"localizations": {"de": {"variations": {"plural": {
            "one": {"stringUnit": {"state": "translated", "value": "%lld Glas"}},
            "other": {"stringUnit": {"state": "translated", "value": "%lld Gläser"}}}}}}},
          "Untranslated": {}
        }}
        """#.utf8)
        let german = StringTables.parseCatalog(catalog, language: "de")
        #expect(german["Glasses"]?.value == "Gläser")
        #expect(german["%lld glasses"]?.value(count: 1) == "%lld Glas")
        #expect(german["%lld glasses"]?.value(count: 4) == "%lld Gläser")
        #expect(german["Untranslated"] == nil)
        #expect(StringTables.parseCatalog(catalog, language: "en")["Untranslated"]?.value == "Untranslated", "the source language's keys stand for themselves")
        #expect(StringTables.parseCatalog(catalog, language: "fr").isEmpty)
    }

    @Test func theLanguageComesFromTheLocaleAsGettextReadsIt() {
        #expect(StringTables.languages(from: ["LANG": "de_CH.UTF-8"]) == ["de-CH", "de"])
        #expect(StringTables.languages(from: ["LANGUAGE": "fr_FR:de", "LANG": "en_US.UTF-8"]) == ["fr-FR", "fr", "de", "en-US", "en"])
        #expect(StringTables.languages(from: ["LANG": "C.UTF-8"]) == [])
        #expect(StringTables.languages(from: ["LC_ALL": "pt_BR@latin", "LANG": "C"]) == ["pt-BR", "pt"])
    }
}
