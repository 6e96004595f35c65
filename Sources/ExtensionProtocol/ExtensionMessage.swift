import Foundation
import WidgetSDK

/// Everything that crosses between the host and an extension process. Calls
/// carry ids, so many can be in flight each way at once.
package enum ExtensionMessage: Codable, Sendable {
    /// Host → extension: run the kind's code.
    case call(id: UInt64, HostCall)
    /// Host → extension: the host gave up on a call (its timeout); stop it.
    case cancel(id: UInt64)
    /// Extension → host: the answer to a call.
    case reply(id: UInt64, CallResult)
    /// Extension → host: a kind asks for one of the host's services.
    case service(id: UInt64, ServiceCall)
    /// Host → extension: the answer to a service call.
    case serviceReply(id: UInt64, ServiceResult)
}

/// What the host asks of a module's kinds.
package enum HostCall: Codable, Sendable {
    /// The module's kinds, or why it could not be loaded.
    case describe
    case placeholder(kind: String, context: TimelineProviderContext)
    case snapshot(kind: String, configuration: ConfigurationValues, context: TimelineProviderContext)
    /// `scope` travels with every API request the kind makes during the call.
    case timeline(kind: String, configuration: ConfigurationValues, context: TimelineProviderContext, scope: ReloadScope)
    case optionResults(kind: String, parameter: String)
    case optionDefault(kind: String, parameter: String)
    case validateOption(kind: String, parameter: String, value: ConfigurationValue)
    /// A tapped control: rebuild its intent and run `perform()`.
    case perform(kind: String, intent: IntentReference)
    /// The module's `#Preview`s, their entries made and drawn as at `date`.
    case previews(date: Date)
    /// A Live Activity's Lock Screen presentation: `attributes` and `state`
    /// are JSON of the activity's types. Answered with `.entry`.
    case activity(type: String, attributes: Data, state: Data, context: ActivityDrawingContext)
    /// A control as it is now (`preview`: as its provider previews it).
    /// Answered with `.control`.
    case control(kind: String, preview: Bool)
    /// A tapped control: its action run, a toggle's with `value` set first.
    case performControl(kind: String, intent: IntentReference, value: Bool?)
    /// The kind's push token, and its placed widgets: its push handler told.
    /// Answered with `.performed`.
    case pushTokenDidChange(kind: String, token: Data, widgets: [WidgetInfo])
}

package enum CallResult: Codable, Sendable {
    case described(ModuleDescription)
    /// An `ArchivedEntry` in `ArchiveCodec`'s form.
    case entry(Data)
    /// An `ArchivedTimeline` in `ArchiveCodec`'s form.
    case timeline(Data)
    case values([ConfigurationValue])
    case value(ConfigurationValue?)
    case performed
    case previews([PreviewArchive])
    case control(ControlReading)
    case failure(RemoteError)
}

/// One `#Preview` of a module, as its extension made it.
package struct PreviewArchive: Codable, Sendable {
    /// Previews one module may show: the host draws no more than these.
    package static let maximumCount = 64

    /// The name the preview was given, if any.
    package var name: String?
    /// The widget's kind; nil for a view's preview.
    package var kind: String?
    package var family: WidgetFamily
    /// An `ArchivedTimeline` in `ArchiveCodec`'s form, or nil when `error` says why there is none.
    package var timeline: Data?
    package var error: String?

    package init(name: String?, kind: String?, family: WidgetFamily, timeline: Data?, error: String?) {
        self.name = name
        self.kind = kind
        self.family = family
        self.timeline = timeline
        self.error = error
    }
}

/// The services a kind reaches through the host: HTTP and the shared defaults.
package enum ServiceCall: Codable, Sendable {
    /// `scope`: the timeline call it is made during, as the host named it.
    case api(path: String, scope: ReloadScope)
    case asset(url: String)
    /// `suite`: nil for the App Group's (`SharedDefaults.appGroup`), else
    /// a suite of the module's own by that name.
    case readDefault(key: String, suite: String?)
    case writeDefault(key: String, data: Data?, suite: String?)
    /// Any request a kind makes with `URLSession`: the API's are answered
    /// as `api` answers them, the rest fetched as they are.
    case fetch(HTTPRequest, scope: ReloadScope)
    /// `WidgetCenter.reloadTimelines(ofKind:)` (nil: `reloadAllTimelines()`);
    /// `interactive` when asked during a tapped control's `perform()`.
    case reloadTimelines(kind: String?, interactive: Bool)
    /// `WidgetCenter.currentConfigurations()`: `.data` with `[WidgetInfo]` as JSON.
    case currentConfigurations
    /// `ControlCenter.reloadControls(ofKind:)` (nil: `reloadAllControls()`).
    case reloadControls(kind: String?)
}

/// What a timeline call is for, as the host says when it makes the call; the
/// extension sends it back with each API request the kind makes meanwhile.
package struct ReloadScope: Codable, Sendable, Equatable {
    /// An explicit reload: the kind's API requests skip the host's
    /// freshness window and ask GitHub whether anything changed.
    package var revalidate: Bool
    /// A fleet host's lease on the instance, `<member> <instance> <token>`:
    /// a request is counted against the fleet's budget only while the lease
    /// still holds, so a host that lost the instance spends nothing for it.
    package var lease: String?
    /// The instance being reloaded: a request that gets no answer at all
    /// marks it to reload as soon as that origin answers again
    /// (`NetworkWatch`). What a kind sends back here is not trusted for
    /// more than that: a wrong id only reloads another instance once, in
    /// its budget.
    package var instance: String?

    package init(revalidate: Bool = false, lease: String? = nil, instance: String? = nil) {
        self.revalidate = revalidate
        self.lease = lease
        self.instance = instance
    }
}

package enum ServiceResult: Codable, Sendable {
    case response(status: Int, headers: [String: String], body: Data, fromCache: Bool)
    case data(Data?)
    case done
    case failure(RemoteError)
}
