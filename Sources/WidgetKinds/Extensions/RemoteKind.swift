import ExtensionProtocol
import Foundation
import WidgetConfiguration
import WidgetSDK

/// A kind's descriptor on the host side: what its extension described, with
/// a provider and option sources that are calls into that extension. The
/// host's code calls them as it would call the kind itself.
///
/// Every entry is checked here, as it arrives from the extension and before
/// anything stores, draws or offers it (`EntryValidator`): an entry out of
/// bounds fails the call with `EntryRefused`, which is a failed reload of
/// that instance like any thrown error.
extension WidgetDescriptor {
    init(_ description: KindDescription, in module: ModuleExtension, callTimeout: Duration) {
        let kind = description.kind
        let remote = RemoteCaller(module: module, timeout: callTimeout)
        let provider = AnyTimelineProvider(
            placeholder: { context in try await remote.entry(.placeholder(kind: kind, context: context)) },
            snapshot: { configuration, context in
                try await remote.entry(.snapshot(kind: kind, configuration: configuration, context: context))
            },
            timeline: { configuration, context in
                let call = HostCall.timeline(kind: kind, configuration: configuration, context: context, scope: RemoteCaller.scope)
                guard case .timeline(let archive) = try await remote.call(call) else {
                    throw RemoteCaller.unexpectedAnswer
                }
                return try EntryValidator().validate(ArchiveCodec.decodeTimeline(archive))
            })
        let parameters = description.parameters.map { parameter in
            let options: OptionSource = switch parameter.options {
            case .any: .any
            case .list(let values): .list(values)
            case .dynamic(let providerName, let savedListKey):
                .dynamic(DynamicOptions(
                    providerName: providerName, savedListKey: savedListKey,
                    results: {
                        guard case .values(let values) = try await remote.call(.optionResults(kind: kind, parameter: parameter.name)) else {
                            throw RemoteCaller.unexpectedAnswer
                        }
                        return values
                    },
                    defaultResult: {
                        guard case .value(let value)? = try? await remote.call(.optionDefault(kind: kind, parameter: parameter.name)) else {
                            return nil
                        }
                        return value
                    },
                    validate: { value in
                        guard case .value(let checked?) = try await remote.call(.validateOption(kind: kind, parameter: parameter.name, value: value)) else {
                            throw RemoteCaller.unexpectedAnswer
                        }
                        return checked
                    }))
            }
            return ConfigurationParameter(
                name: parameter.name, title: parameter.title, description: parameter.description, type: parameter.type,
                isList: parameter.isList ?? false, listSizes: parameter.listSizes ?? [:], isOptional: parameter.isOptional, defaultValue: parameter.defaultValue, options: options,
                optionTitles: parameter.optionTitles ?? [:])
        }
        let configuration = ConfigurationDescriptor(
            style: description.style, identifier: description.identifier, title: description.title,
            replacedIdentifier: description.replacedIdentifier, parameters: parameters)
        self.init(kind: kind, configuration: configuration, provider: provider)
        displayName = description.displayName
        self.description = description.description
        supportedFamilies = description.supportedFamilies
        contentMarginsDisabled = description.contentMarginsDisabled
        disfavoredLocations = description.disfavoredLocations
        acceptsPushes = description.acceptsPushes
    }
}

/// One call into an extension, bounded in time: a kind that hangs in
/// `kinds`, `preview` or `add-instance` is cut off, and its process killed
/// after the grace period, as in `run`.
package struct RemoteCaller: Sendable {
    /// Set by the scheduler around a timeline call: whether it is an
    /// explicit reload, and a fleet host's lease on the instance.
    @TaskLocal package static var scope = ReloadScope()

    static let unexpectedAnswer = ExtensionStartError(reason: "the extension answered with something other than what was asked")

    let module: ModuleExtension
    let timeout: Duration

    func call(_ call: HostCall) async throws -> CallResult {
        let result = try await module.call(call, timeout: timeout)
        if case .failure(let error) = result { throw error.rethrowable }
        return result
    }

    func entry(_ call: HostCall) async throws -> ArchivedEntry {
        guard case .entry(let archive) = try await self.call(call) else { throw Self.unexpectedAnswer }
        return try EntryValidator().validate(ArchiveCodec.decodeEntry(archive))
    }
}

/// A call into a kind that did not answer in time.
package struct CallTimedOut: Error, Sendable, CustomStringConvertible {
    package let limit: Duration
    package var description: String { "no answer within \(DurationValue(seconds: limit.seconds))" }
}
