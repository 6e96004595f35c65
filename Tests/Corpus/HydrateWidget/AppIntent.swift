//
//  AppIntent.swift
//  HydrateWidget
//

import WidgetKit
import AppIntents

struct ConfigurationAppIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Configuration" }
    static var description: IntentDescription { "Your daily water goal." }

    // An example configurable parameter.
    @Parameter(title: "Glasses a day", default: 8)
    var goal: Int
}

struct LogGlassIntent: AppIntent {
    static var title: LocalizedStringResource { "Log a Glass" }

    func perform() async throws -> some IntentResult {
        HydrationLog.logGlass()
        return .result()
    }
}
