import Foundation
import HostText

/// The manifest's `schedule:` section: how often and how long the host may
/// ask providers for timelines.
package struct ScheduleSettings: Decodable, Sendable, Equatable {
    /// Reloads each instance may make in any 24 hours.
    package var dailyBudget: Int = 72
    /// The shortest time between two reloads of one instance.
    package var minInterval: DurationValue = .init(seconds: 5 * 60)
    /// A provider call still running after this is cut off and counted as failed.
    package var timeout: DurationValue = .init(seconds: 30)
    /// Provider calls running at once, across all instances.
    package var maxConcurrent: Int = 8
    /// How long the manifest must leave out an instance it declared before
    /// a running host removes it: an editor writing in two steps, or a
    /// checkout half done, leaves it out for a moment only.
    package var removalDelay: DurationValue = .init(seconds: 5)

    enum CodingKeys: String, CodingKey {
        case dailyBudget = "daily_budget"
        case minInterval = "min_interval"
        case timeout
        case maxConcurrent = "max_concurrent"
        case removalDelay = "removal_delay"
    }

    package init() {}

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = ScheduleSettings()
        dailyBudget = try container.decodeIfPresent(Int.self, forKey: .dailyBudget) ?? defaults.dailyBudget
        minInterval = try container.decodeIfPresent(DurationValue.self, forKey: .minInterval) ?? defaults.minInterval
        timeout = try container.decodeIfPresent(DurationValue.self, forKey: .timeout) ?? defaults.timeout
        maxConcurrent = try container.decodeIfPresent(Int.self, forKey: .maxConcurrent) ?? defaults.maxConcurrent
        removalDelay = try container.decodeIfPresent(DurationValue.self, forKey: .removalDelay) ?? defaults.removalDelay
        for (key, value) in [(CodingKeys.dailyBudget, dailyBudget), (.maxConcurrent, maxConcurrent)] where value < 1 {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "must be at least 1, found \(value)")
        }
        if timeout.seconds <= 0 {
            throw DecodingError.dataCorruptedError(forKey: .timeout, in: container, debugDescription: "must be longer than 0s")
        }
    }
}

/// A duration written `90`, `30s`, `5m`, `12h` or `1d` (a number, then a unit),
/// from 0 to 365 days: `.nan`, `.inf` or `1e19` once passed and crashed the host.
package struct DurationValue: Decodable, Sendable, Equatable, CustomStringConvertible {
    /// The longest duration a manifest may give, a year.
    package static let maximum: TimeInterval = 365 * 86_400

    package let seconds: TimeInterval

    package init(seconds: TimeInterval) {
        self.seconds = seconds
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let outOfRange = { (found: String) in
            DecodingError.dataCorruptedError(in: container, debugDescription: "expected a duration from 0s to 365d, found '\(found)'")
        }
        if let number = try? container.decode(Double.self) {
            guard number.isFinite, (0...Self.maximum).contains(number) else { throw outOfRange(TerminalText.escaped("\(number)")) }
            seconds = number
            return
        }
        let text = try container.decode(String.self)
        let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
        guard let unit = text.last, let scale = units[unit], let number = Double(text.dropLast()) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a duration such as 30s, 5m, 12h or 1d, found '\(TerminalText.escaped(text))'")
        }
        let seconds = number * scale
        guard seconds.isFinite, (0...Self.maximum).contains(seconds) else { throw outOfRange(TerminalText.escaped(text)) }
        self.seconds = seconds
    }

    package var description: String {
        let whole = Int(seconds)
        for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60)] where whole >= size && whole % size == 0 {
            return "\(whole / size)\(unit)"
        }
        return seconds == seconds.rounded() ? "\(whole)s" : "\(seconds)s"
    }
}
