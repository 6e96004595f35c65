import Foundation
import Synchronization
import SwiftUI
import Testing
import WidgetKit

/// Controls (iOS 18) declared as an extension declares them, in a bundle
/// beside a widget: read from their providers, titled, valued and drawn,
/// and run with a toggle's value set as a tap sets it.
@Suite("Controls", .serialized)
struct ControlTests {
    static let alarm = Mutex(false)
    static let rings = Mutex(0)

    struct AlarmProvider: ControlValueProvider {
        var previewValue: Bool { true }
        func currentValue() async throws -> Bool { ControlTests.alarm.withLock { $0 } }
    }

    struct SetAlarmIntent: SetValueIntent {
        static let title: LocalizedStringResource = "Set Alarm"
        @Parameter(title: "On") var value: Bool
        func perform() async throws -> some IntentResult {
            ControlTests.alarm.withLock { $0 = value }
            return .result()
        }
    }

    struct RingIntent: AppIntent {
        static let title: LocalizedStringResource = "Ring"
        func perform() async throws -> some IntentResult {
            ControlTests.rings.withLock { $0 += 1 }
            return .result()
        }
    }

    struct AlarmControl: ControlWidget {
        var body: some ControlWidgetConfiguration {
            StaticControlConfiguration(kind: "com.example.alarm", provider: AlarmProvider()) { isOn in
                ControlWidgetToggle("Alarm", isOn: isOn, action: SetAlarmIntent()) { isOn in
                    Label(isOn ? "Set" : "Off", systemImage: isOn ? "alarm.fill" : "alarm")
                }
                .tint(.orange)
            }
            .displayName("Morning Alarm")
            .description("Wakes you at seven.")
        }
    }

    struct RingControl: ControlWidget {
        var body: some ControlWidgetConfiguration {
            StaticControlConfiguration(kind: "com.example.ring") {
                ControlWidgetButton(action: RingIntent()) { Label("Ring", systemImage: "bell") }
            }
        }
    }

    struct RoomIntent: ControlConfigurationIntent {
        static let title: LocalizedStringResource = "Room"
        @Parameter(title: "Room", default: "Kitchen") var room: String
    }

    struct RoomProvider: AppIntentControlValueProvider {
        func previewValue(configuration: RoomIntent) -> String { configuration.room }
        func currentValue(configuration: RoomIntent) async throws -> String { configuration.room }
    }

    struct RoomControl: ControlWidget {
        var body: some ControlWidgetConfiguration {
            AppIntentControlConfiguration(kind: "com.example.room", provider: RoomProvider()) { room in
                if room.isEmpty {
                    ControlWidgetButton("Lights", systemImage: "lightbulb", action: RingIntent())
                } else {
                    ControlWidgetButton(action: RingIntent()) { Label(room, systemImage: "lightbulb") }
                }
            }
            .promptsForUserConfiguration()
        }
    }

    struct BellControl: ControlWidget {
        var body: some ControlWidgetConfiguration {
            StaticControlConfiguration(kind: "com.example.bell", provider: AlarmProvider()) { isOn in
                ControlWidgetToggle(String("Bell"), isOn: isOn, action: SetAlarmIntent()) { on in
                    Image(systemName: on ? "bell.fill" : "bell")
                }
            }
        }
    }

    struct ZoneIntent: ControlConfigurationIntent {
        static let title: LocalizedStringResource = "Zone"
        @Parameter(title: "Zone") var zone: String
    }

    struct ZoneControl: ControlWidget {
        var body: some ControlWidgetConfiguration {
            AppIntentControlConfiguration(kind: "com.example.zone", intent: ZoneIntent.self) { configuration in
                ControlWidgetButton(configuration.zone, systemImage: "map", action: RingIntent())
            }
        }
    }

    struct Entry: TimelineEntry {
        let date: Date
    }

    struct Provider: TimelineProvider {
        func placeholder(in context: Context) async -> Entry { Entry(date: context.date) }
        func snapshot(in context: Context) async -> Entry { Entry(date: context.date) }
        func timeline(in context: Context) async throws -> Timeline<Entry> { Timeline(entries: [Entry(date: context.date)], policy: .never) }
    }

    struct Clock: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "Clock", provider: Provider()) { _ in Text("7:00") }
        }
    }

    struct Alarms: WidgetBundle {
        var body: some Widget {
            Clock()
            AlarmControl()
            RingControl()
            RoomControl()
        }
    }

    static var module: WidgetModule { WidgetModule(widgets: Alarms().body.bundledWidgets) }

    @Test("A bundle's controls are offered beside its widget, and offer no kind")
    func controlsInABundle() {
        #expect(Self.module.descriptors.map(\.kind) == ["Clock"])
        #expect(Self.module.controls.map(\.kind) == ["com.example.alarm", "com.example.ring", "com.example.room"])
        let alarm = Self.module.controls[0]
        #expect(alarm.displayName == "Morning Alarm" && alarm.description == "Wakes you at seven." && !alarm.isConfigurable)
        #expect(Self.module.controls[2].isConfigurable && Self.module.controls[2].promptsForUserConfiguration)
    }

    @Test("A toggle reads its provider's value now, or its preview value, and says it in words")
    func aToggleReadsItsProvider() async throws {
        Self.alarm.withLock { $0 = false }
        let alarm = Self.module.controls[0]
        let off = try await alarm.read()
        #expect(off.style == .toggle && off.isOn == false && off.title == "Alarm" && off.value == "Off" && off.symbol == "alarm")
        #expect(off.tint == .orange && off.action.title == "Set Alarm")
        let preview = try await alarm.read(preview: true)
        #expect(preview.isOn == true && preview.value == "Set" && preview.symbol == "alarm.fill")
        // Its drawing holds its icon, title and value, the icon's circle lit in its tint when on.
        let drawn = String(decoding: try JSONEncoder().encode(preview.view), as: UTF8.self)
        #expect(drawn.contains("alarm.fill") && drawn.contains("\"Alarm\"") && drawn.contains("\"Set\""), "\(drawn.prefix(400))")
        #expect(preview.view != off.view)
    }

    @Test("A tap runs a toggle's SetValueIntent with the value it is given, and a button's intent as it is")
    func aTapRunsTheAction() async throws {
        Self.alarm.withLock { $0 = false }
        let alarm = Self.module.controls[0]
        let off = try await alarm.read()
        try await off.action.perform(settingValueTo: true)
        #expect(try await alarm.read().isOn == true)
        try await off.action.perform(settingValueTo: false)
        #expect(try await alarm.read().isOn == false)

        let ring = try await Self.module.controls[1].read()
        #expect(ring.style == .button && ring.isOn == nil && ring.title == "Ring" && ring.value == nil && ring.symbol == "bell")
        let before = Self.rings.withLock { $0 }
        try await ring.action.perform(settingValueTo: nil)
        #expect(Self.rings.withLock { $0 } == before + 1)
        // A value for an intent that sets none is not forced on it: the intent runs as it is.
        try await ring.action.perform(settingValueTo: true)
        #expect(Self.rings.withLock { $0 } == before + 2)
    }

    @Test("A configurable control is made from its intent's defaults, through an if/else in its content")
    func aConfigurableControlUsesItsDefaults() async throws {
        let room = try await Self.module.controls[2].read()
        #expect(room.title == "Kitchen" && room.symbol == "lightbulb" && room.style == .button)
    }

    @Test("A titled toggle whose value label is only an image says On or Off, not its title again")
    func aTitledToggleWithAnImageSaysItsValue() async throws {
        Self.alarm.withLock { $0 = false }
        let bell = try await BellControl().body.descriptor.read()
        #expect(bell.title == "Bell" && bell.value == "Off" && bell.symbol == "bell", "\(bell)")
    }

    @Test("A configurable control with a parameter that has no default is refused with why, not trapped on")
    func aParameterWithoutADefaultIsSaid() async throws {
        let zone = ZoneControl().body.descriptor
        await #expect(throws: IntentError.self) { try await zone.read() }
    }
}
