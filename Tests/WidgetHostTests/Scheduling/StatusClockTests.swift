import Foundation
import Testing
@testable import WidgetHost

/// Issue 24: "rate-limited until 07:37" when the limit lifted at 19:37 (a
/// 12-hour clock without AM/PM), and 02:37 for 14:37 in New York.
@Suite("Times in status messages")
struct StatusClockTests {
    /// 2026-11-25T19:37:00Z
    static let evening = Date(timeIntervalSince1970: 1_795_635_420)

    @Test(arguments: [("UTC", "19:37"), ("America/New_York", "14:37"), ("Asia/Tokyo", "04:37"), ("Asia/Kolkata", "01:07")])
    func aTimeIsOnA24HourClockInTheZoneAsked(zone: String, expected: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        #expect(InstanceStatus.clock(Self.evening, in: timeZone) == expected)
    }
}
