import Foundation
import Synchronization

/// WidgetKit's `WidgetCenter`, answered by the host: a kind's code (an
/// intent's `perform()`, a provider) asks for its widgets' timelines to be
/// reloaded, or reads which of its widgets are placed and how they are
/// configured.
///
/// ```swift
/// struct MarkDoneIntent: AppIntent {
///     func perform() async throws -> some IntentResult {
///         // …
///         WidgetCenter.shared.reloadTimelines(ofKind: "TodoSummary")
///         return .result()
///     }
/// }
/// ```
///
/// A kind reaches its own module's kinds only, as an app reaches its own
/// widgets. A reload asked for during a tapped control's `perform()` is made
/// at once, as the tapped kind's own is; one asked for at another time waits
/// for `schedule.min_interval` since the instance's last reload, as
/// `widgethost reload` does. Another program asks with `widgethost reload
/// --kind <kind>`.
public final class WidgetCenter: Sendable {
    /// The center of this process.
    public static let shared = WidgetCenter()

    private init() {}

    /// Reloads the timelines of every placed widget of `kind`; returns when
    /// the host has the request. A kind this module does not offer is ignored.
    public func reloadTimelines(ofKind kind: String) {
        request(kind)
    }

    /// Reloads the timelines of every placed widget of this module's kinds.
    public func reloadAllTimelines() {
        request(nil)
    }

    /// Asks the kind's provider for its `relevance()` again. The host keeps
    /// relevance with each instance's timeline, so this reloads the kind's
    /// timelines, as `reloadTimelines(ofKind:)` does.
    public func invalidateRelevance(ofKind kind: String) {
        request(kind)
    }

    /// The placed widgets of this module's kinds, as WidgetKit gives them to a completion handler.
    public func getCurrentConfigurations(_ completion: @escaping @Sendable (Result<[WidgetInfo], any Error>) -> Void) {
        Task {
            do {
                completion(.success(try await currentConfigurations()))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// The placed widgets of this module's kinds.
    public func currentConfigurations() async throws -> [WidgetInfo] {
        var placed: [WidgetInfo] = []
        for info in try await HostServices.widgetCenter.currentConfigurations() {
            placed.append(await ConfigurationIntents.resolvingEntities(of: info))
        }
        return placed
    }

    private func request(_ kind: String?) {
        do {
            try HostServices.widgetCenter.reloadTimelines(ofKind: kind)
        } catch {
            FileHandle.standardError.write(Data("WidgetCenter: reload of \(kind ?? "every kind") not requested: \(error)\n".utf8))
        }
    }
}

/// One placed widget, as `WidgetCenter.currentConfigurations()` gives it.
public struct WidgetInfo: Sendable, Codable, Equatable {
    private enum CodingKeys: String, CodingKey {
        case kind, family, configurationIdentifier, values
    }

    /// The kind, as its configuration names it.
    public let kind: String
    /// The size it is placed at.
    public let family: WidgetFamily
    /// Which intent its configuration is (`WidgetConfigurationIntent.identifier`); nil for a static configuration.
    public let configurationIdentifier: String?
    /// Its configuration's stored values, by parameter name.
    public let values: ConfigurationValues
    /// The intent with its `AppEntity` parameters found, when it has any;
    /// `WidgetCenter` fills it in, as a query is asynchronous.
    var resolvedIntent: (any WidgetConfigurationIntent)?

    /// A placed widget, as the host describes it.
    public init(kind: String, family: WidgetFamily, configurationIdentifier: String?, values: ConfigurationValues) {
        self.kind = kind
        self.family = family
        self.configurationIdentifier = configurationIdentifier
        self.values = values
    }

    /// Its configuration as an intent of `type`, or nil when it is another
    /// intent (another kind's) or its stored values do not make one.
    /// `AppEntity` parameters are set when the widgets came from
    /// `WidgetCenter` (which asks their queries), and unset when an entity is
    /// no longer found.
    public func widgetConfigurationIntent<Intent: WidgetConfigurationIntent>(of type: Intent.Type = Intent.self) -> Intent? {
        guard configurationIdentifier == Intent.identifier else { return nil }
        if let resolved = resolvedIntent as? Intent { return resolved }
        return try? Intent(values: values)
    }

    /// Equal when they describe the same widget the same way; the resolved intent is derived from that.
    public static func == (lhs: WidgetInfo, rhs: WidgetInfo) -> Bool {
        lhs.kind == rhs.kind && lhs.family == rhs.family
            && lhs.configurationIdentifier == rhs.configurationIdentifier && lhs.values == rhs.values
    }
}

/// What `WidgetCenter` asks of the host; the extension process installs the channel's.
public protocol WidgetCenterService: Sendable {
    /// Nil: every kind of the calling module. Returns when the request is stored.
    func reloadTimelines(ofKind kind: String?) throws
    /// The calling module's placed widgets.
    func currentConfigurations() async throws -> [WidgetInfo]
    /// `ControlCenter`'s: nil, every control of the calling module.
    func reloadControls(ofKind kind: String?) throws
}

/// What kinds get outside an extension process: nothing to reload.
public struct UnavailableWidgetCenter: WidgetCenterService {
    /// The center that refuses.
    public init() {}

    public func reloadTimelines(ofKind kind: String?) throws {
        throw WidgetCenterUnavailable()
    }

    public func currentConfigurations() async throws -> [WidgetInfo] {
        throw WidgetCenterUnavailable()
    }

    public func reloadControls(ofKind kind: String?) throws {
        throw WidgetCenterUnavailable()
    }
}

/// Thrown outside an extension process, where no host answers.
public struct WidgetCenterUnavailable: Error, CustomStringConvertible {
    /// The error a host without a container (or code outside an extension) throws.
    public init() {}

    public var description: String { "no host answers WidgetCenter here (the code does not run in an extension process)" }
}

extension HostServices {
    /// The host's `WidgetCenter` service.
    public static var widgetCenter: any WidgetCenterService {
        installedCenter.withLock { $0 }
    }

    /// The extension process calls this before it loads a module.
    public static func install(widgetCenter service: any WidgetCenterService) {
        installedCenter.withLock { $0 = service }
    }

    private static let installedCenter = Mutex<any WidgetCenterService>(UnavailableWidgetCenter())
}
