// Written before every row of rows.txt: the types a row's code needs, as a
// widget extension declares them. Rows never use each other's declarations.
import WidgetKit
import SwiftUI
import AppIntents
import UIKit

struct CoverageEntry: TimelineEntry {
    let date: Date
}

struct CoverageProvider: TimelineProvider {
    func placeholder(in context: Context) -> CoverageEntry { CoverageEntry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (CoverageEntry) -> Void) { completion(CoverageEntry(date: Date())) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<CoverageEntry>) -> Void) {
        completion(Timeline(entries: [CoverageEntry(date: Date())], policy: .atEnd))
    }
}

struct CoverageIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Coverage" }
    @Parameter(title: "Name", default: "x") var name: String
}

struct CoverageIntentProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> CoverageEntry { CoverageEntry(date: Date()) }
    func snapshot(for configuration: CoverageIntent, in context: Context) async -> CoverageEntry { CoverageEntry(date: Date()) }
    func timeline(for configuration: CoverageIntent, in context: Context) async -> Timeline<CoverageEntry> {
        Timeline(entries: [CoverageEntry(date: Date())], policy: .never)
    }
}

struct CoverageAction: AppIntent {
    static var title: LocalizedStringResource { "Act" }
    func perform() async throws -> some IntentResult { .result() }
}
