import Foundation
import HostText
import WidgetContainer
import WidgetKinds
import WidgetSDK

/// One thing a user can tap on an instance's current entry, numbered from 1
/// in reading order, as `widgethost actions` lists them.
package struct InstanceAction: Sendable, Encodable {
    package let number: Int
    /// "button", "toggle", "link", or "widget" (the whole widget's `widgetURL`).
    package let type: String
    package let label: String
    package let isOn: Bool?
    package let intent: IntentReference?
    package let url: URL?
    package let action: WidgetAction
    /// The entry it was listed from (`ArchivedEntry.digest`): a tap that
    /// names it acts only while that entry is current.
    package let entry: String

    init(number: Int, action: WidgetAction, label: String, entry: String) {
        self.number = number
        self.entry = entry
        self.action = action
        self.label = label
        switch action {
        case .control(let control):
            (type, isOn, intent, url) = (control.kind.rawValue, control.isOn, control.intent, nil)
        case .link(let url):
            (type, isOn, intent, self.url) = ("link", nil, nil, url)
        case .widgetURL(let url):
            (type, isOn, intent, self.url) = ("widget", nil, nil, url)
        }
    }

    /// What it does, in a word or a URL: `FlipSwitchIntent name=lamp`.
    package var target: String {
        if let url { return url.absoluteString }
        guard let intent else { return "" }
        let type = intent.type.split(separator: ".").last.map(String.init) ?? intent.type
        let parameters = intent.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return ([type] + parameters).joined(separator: " ")
    }

    private enum CodingKeys: String, CodingKey {
        case number, type, label, isOn, intent, url, entry
    }
}

/// What a tap did.
package enum TapResult: Sendable {
    /// The intent ran; every instance of `kind` was asked to reload at once.
    case performed(InstanceAction, kind: String, reloading: [String])
    /// A link: the host has no browser to open it in, so it is given back.
    case link(URL)
}

/// Why a tap did nothing. Nothing changed when one is thrown.
package enum TapError: Error, Sendable, CustomStringConvertible {
    case noEntry(id: String)
    case noActions(id: String)
    case unknownNumber(Int, id: String, count: Int)
    case kindNotLoaded(id: String, kind: String)
    case unavailable(id: String, reason: String)
    case intentFailed(title: String, reason: String)
    /// The entry the actions were listed from is no longer current.
    case entryChanged(id: String, listed: String, current: String)

    package var description: String {
        switch self {
        case .noEntry(let id):
            "instance \(id) has no entry yet, so nothing to tap; 'widgethost run' makes its first"
        case .noActions(let id):
            "instance \(id)'s current entry has no controls or links"
        case .unknownNumber(let number, let id, let count):
            "instance \(id) has no action \(number); its entry has \(count) (1–\(count)); 'widgethost actions \(id)' lists them"
        case .kindNotLoaded(let id, let kind):
            "instance \(id) is a \(kind), which is not loaded in this bundle, so its intents cannot run"
        case .unavailable(let id, let reason):
            "instance \(id) is unavailable (\(reason)), so its intents do not run"
        case .intentFailed(let title, let reason):
            "the intent '\(title)' failed: \(reason); the widget is left as it was"
        case .entryChanged(let id, let listed, let current):
            "instance \(id) shows another entry now (\(current), not \(listed)), so nothing was tapped; 'widgethost actions \(id)' lists what it shows"
        }
    }
}

extension Workspace {
    /// The controls and links of the instance's current entry.
    package func actions(of id: String, at now: Date = Date()) throws -> [InstanceAction] {
        try Self.actions(of: try status(of: id, at: now))
    }

    private static func actions(of status: InstanceStatus) throws -> [InstanceAction] {
        guard let entry = status.currentEntry else { throw TapError.noEntry(id: status.instance.id) }
        // Checked again as it is read: an entry stored by an older host, or
        // written into the container by hand, offers no link that is not the web.
        let view = try EntryValidator().validate(entry.view)
        let digest = entry.digest
        return view.actions.enumerated().map { InstanceAction(number: $0.offset + 1, action: $0.element.action, label: $0.element.label, entry: digest) }
    }

    /// Performs action `number`: runs a control's intent in the kind's
    /// extension process, then asks for every instance of the kind to reload
    /// at once (forced: not charged, not deferred), as WidgetKit guarantees.
    /// A link is only given back.
    ///
    /// - Parameter reload: how the reload is asked for. By default a request
    ///   in the container, which the running host takes within a second; the
    ///   dashboard, inside the host, asks the scheduler directly.
    /// - Parameter entry: the entry the action was listed from; when another
    ///   is current, nothing is done and `TapError.entryChanged` is thrown.
    package func tap(_ id: String, number: Int, entry: String? = nil, at now: Date = Date(),
                    reload: (@Sendable (String) async throws -> Void)? = nil) async throws -> TapResult {
        let status = try await container.offPool { _ in try self.status(of: id, at: now) }
        if let entry, let current = status.currentEntry?.digest, current != entry {
            throw TapError.entryChanged(id: id, listed: entry, current: current)
        }
        let actions = try Self.actions(of: status)
        guard !actions.isEmpty else { throw TapError.noActions(id: id) }
        guard actions.indices.contains(number - 1) else { throw TapError.unknownNumber(number, id: id, count: actions.count) }
        let action = actions[number - 1]
        switch action.action {
        case .link(let url), .widgetURL(let url):
            return .link(url)
        case .control(let control):
            guard let kind = bundle.kind(named: status.instance.kind) else { throw TapError.kindNotLoaded(id: id, kind: status.instance.kind) }
            // Its card is drawn as unavailable; a tap on it must not run the kind's code either.
            if case .unsupportedFamily = status.placement {
                throw TapError.unavailable(id: id, reason: status.placement.description)
            }
            do {
                try await withServices { try await kind.perform(control.intent) }
            } catch {
                throw TapError.intentFailed(title: control.intent.title, reason: "\(ErrorText.describe(error))")
            }
            if let reload {
                try await reload(kind.name)
            } else {
                _ = try await container.offPool { try $0.addReloadRequest(ReloadRequest(kind: kind.name, instanceID: nil, force: true)) }
            }
            let reloading = try await container.offPool { try $0.instances() }.filter { $0.kind == kind.name }.map(\.id)
            return .performed(action, kind: kind.name, reloading: reloading)
        }
    }
}
