import Foundation
import HostText
import WidgetSDK
import YAML

/// A screen of `screens:` in the manifest: one picture of several
/// instances, laid out for a panel of a size and a palette (an e-ink
/// device, a tablet on the wall), optionally several pages that take
/// turns (`playlist`).
///
/// ```yaml
/// screens:
///   - name: kitchen
///     size: 800x480
///     palette: bw
///     layout: quadrant
///     instances: [swift, todo, news, pair]
/// ```
package struct ScreenSettings: Decodable, Sendable, Equatable {
    package var name: Located<String>
    package var width: Int
    package var height: Int
    package var palette: ScreenPalette
    /// Light unless said: e-ink is read in daylight, black on white.
    package var scheme: ColorScheme
    package var pages: [ScreenPage]
    /// How often a device showing it may wake, at least and at most; within
    /// these it wakes when the screen's next entry is due.
    package var refreshMinimum: DurationValue
    package var refreshMaximum: DurationValue
    package var mark: Mark?

    package static let sizes = 64 ... 4096
    package static let defaultSize = (width: 800, height: 480)

    enum CodingKeys: String, CodingKey {
        case name, size, palette, scheme, layout, columns, instances, playlist, refresh
    }

    enum RefreshKeys: String, CodingKey {
        case min, max
    }

    package init(name: String, width: Int = 800, height: Int = 480, palette: ScreenPalette = .bw, scheme: ColorScheme = .light,
                 pages: [ScreenPage], refreshMinimum: TimeInterval = 300, refreshMaximum: TimeInterval = 3_600) {
        self.name = Located(name)
        self.width = width
        self.height = height
        self.palette = palette
        self.scheme = scheme
        self.pages = pages
        self.refreshMinimum = DurationValue(seconds: refreshMinimum)
        self.refreshMaximum = DurationValue(seconds: refreshMaximum)
    }

    package init(from decoder: any Decoder) throws {
        mark = decoder.yamlMark
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(Located<String>.self, forKey: .name)
        guard InstanceEntry.isValidID(name.value) else {
            throw DecodingError.dataCorruptedError(
                forKey: .name, in: container,
                debugDescription: "a screen's name is 1 to 64 lowercase letters, digits, '-' and '_' (it names /screens/<name>.png); found '\(TerminalText.escaped(name.value))'")
        }
        (width, height) = Self.defaultSize
        if let size = try container.decodeIfPresent(String.self, forKey: .size) {
            let parts = size.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), Self.sizes.contains(width), Self.sizes.contains(height) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .size, in: container,
                    debugDescription: "a size is width x height in pixels, each from 64 to 4096, such as 800x480; found '\(TerminalText.escaped(size))'")
            }
            (self.width, self.height) = (width, height)
        }
        palette = try container.decodeIfPresent(ScreenPalette.self, forKey: .palette) ?? .bw
        if let text = try container.decodeIfPresent(String.self, forKey: .scheme) {
            guard let scheme = ColorScheme(rawValue: text) else {
                throw DecodingError.dataCorruptedError(forKey: .scheme, in: container,
                                                       debugDescription: "a screen's scheme is light or dark; found '\(TerminalText.escaped(text))'")
            }
            self.scheme = scheme
        } else {
            scheme = .light
        }
        if container.contains(.playlist) {
            for key in [CodingKeys.layout, .instances, .columns] where container.contains(key) {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container,
                    debugDescription: "a screen has either one page ('layout' and 'instances') or a 'playlist' of pages; move '\(key.rawValue)' into the playlist's pages")
            }
            pages = try container.decode([ScreenPage].self, forKey: .playlist)
            guard !pages.isEmpty else {
                throw DecodingError.dataCorruptedError(forKey: .playlist, in: container, debugDescription: "a playlist has at least one page")
            }
        } else {
            pages = [try ScreenPage(from: decoder)]
        }
        refreshMinimum = DurationValue(seconds: 300)
        refreshMaximum = DurationValue(seconds: 3_600)
        if container.contains(.refresh) {
            let refresh = try container.nestedContainer(keyedBy: RefreshKeys.self, forKey: .refresh)
            refreshMinimum = try refresh.decodeIfPresent(DurationValue.self, forKey: .min) ?? refreshMinimum
            refreshMaximum = try refresh.decodeIfPresent(DurationValue.self, forKey: .max) ?? refreshMaximum
            guard refreshMinimum.seconds >= 5, refreshMinimum.seconds <= refreshMaximum.seconds, refreshMaximum.seconds <= 86_400 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .refresh, in: container,
                    debugDescription: "refresh is min and max from 5s to 1d, min no more than max; found min \(refreshMinimum), max \(refreshMaximum)")
            }
        }
    }

    /// The instances it shows, on any page, each once.
    package var instanceIDs: [String] {
        var seen = Set<String>()
        return pages.flatMap { $0.instances.map(\.value) }.filter { seen.insert($0).inserted }
    }

    /// The page shown at `date`, and when the next one takes its place (nil
    /// with one page). Pages take turns from the Unix epoch on, so every
    /// host of a fleet shows the same page at the same moment.
    package func page(at date: Date) -> (index: Int, until: Date?) {
        guard pages.count > 1 else { return (0, nil) }
        let cycle = pages.reduce(0) { $0 + $1.dwell.seconds }
        var position = date.timeIntervalSince1970.truncatingRemainder(dividingBy: cycle)
        for (index, page) in pages.enumerated() {
            if position < page.dwell.seconds { return (index, date.addingTimeInterval(page.dwell.seconds - position)) }
            position -= page.dwell.seconds
        }
        return (pages.count - 1, date.addingTimeInterval(pages[pages.count - 1].dwell.seconds))
    }
}

/// The colours a screen is drawn in: full colour, four greys, or black and white.
package enum ScreenPalette: String, Decodable, Sendable, CaseIterable {
    case color
    case gray4 = "gray-4"
    case bw
}

/// One page of a screen: its layout, the instances in its slots in order,
/// and how long it stays in a playlist.
package struct ScreenPage: Decodable, Sendable, Equatable {
    package var layout: ScreenLayout
    package var instances: [Located<String>]
    package var dwell: DurationValue

    enum CodingKeys: String, CodingKey {
        case layout, columns, instances, dwell
    }

    package init(layout: ScreenLayout, instances: [String], dwell: TimeInterval = 900) {
        self.layout = layout
        self.instances = instances.map { Located($0) }
        self.dwell = DurationValue(seconds: dwell)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        instances = try container.decode([Located<String>].self, forKey: .instances)
        let text = try container.decodeIfPresent(String.self, forKey: .layout) ?? (instances.count <= 1 ? "full" : "grid")
        let columns = try container.decodeIfPresent(Located<Int>.self, forKey: .columns)
        switch text {
        case "full": layout = .full
        case "half_horizontal": layout = .halfHorizontal
        case "half_vertical": layout = .halfVertical
        case "quadrant": layout = .quadrant
        case "stack": layout = .stack
        case "grid":
            let count = max(instances.count, 1)
            let across = columns?.value ?? Int(Double(count).squareRoot().rounded(.up))
            guard (1...8).contains(across) else {
                throw DecodingError.dataCorruptedError(forKey: .columns, in: container, debugDescription: "a grid has 1 to 8 columns; found \(across)")
            }
            layout = .grid(columns: across, rows: (count + across - 1) / across)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .layout, in: container,
                debugDescription: "a layout is full, half_horizontal, half_vertical, quadrant, grid or stack; found '\(TerminalText.escaped(text))'")
        }
        if columns != nil, case .grid = layout {} else if columns != nil {
            throw DecodingError.dataCorruptedError(forKey: .columns, in: container, debugDescription: "'columns' goes with layout: grid")
        }
        guard !instances.isEmpty, instances.count <= layout.capacity else {
            let holds = layout == .stack ? "a stack holds \(layout.capacity)" : "layout \(text) has \(layout.slots) slot\(layout.slots == 1 ? "" : "s")"
            throw DecodingError.dataCorruptedError(forKey: .instances, in: container, debugDescription: "\(holds); found \(instances.count) instances")
        }
        for instance in instances where !InstanceEntry.isValidID(instance.value) {
            throw DecodingError.dataCorruptedError(forKey: .instances, in: container,
                                                   debugDescription: "'\(TerminalText.escaped(instance.value))' is not an instance id")
        }
        dwell = try container.decodeIfPresent(DurationValue.self, forKey: .dwell) ?? DurationValue(seconds: 900)
        guard dwell.seconds >= 10 else {
            throw DecodingError.dataCorruptedError(forKey: .dwell, in: container, debugDescription: "a page stays at least 10s; found \(dwell)")
        }
    }
}

/// How a page is cut into slots: TRMNL's four layouts, a grid, or a
/// stack that shows the most relevant of its instances, as a Smart Stack does.
package enum ScreenLayout: Sendable, Equatable {
    case full
    /// Two slots, one above the other.
    case halfHorizontal
    /// Two slots side by side.
    case halfVertical
    /// Four slots, two by two.
    case quadrant
    case grid(columns: Int, rows: Int)
    /// One slot, showing whichever of the page's instances is most relevant now.
    case stack

    package var columns: Int {
        switch self {
        case .full, .halfHorizontal, .stack: 1
        case .halfVertical, .quadrant: 2
        case .grid(let columns, _): columns
        }
    }

    package var rows: Int {
        switch self {
        case .full, .halfVertical, .stack: 1
        case .halfHorizontal, .quadrant: 2
        case .grid(_, let rows): rows
        }
    }

    package var slots: Int { columns * rows }

    /// How many instances a page may name: one a slot, or ten in a stack (a Smart Stack's most).
    package var capacity: Int { self == .stack ? 10 : slots }

    package var name: String {
        switch self {
        case .full: "full"
        case .halfHorizontal: "half_horizontal"
        case .halfVertical: "half_vertical"
        case .quadrant: "quadrant"
        case .grid(let columns, let rows): "grid \(columns)x\(rows)"
        case .stack: "stack"
        }
    }
}
