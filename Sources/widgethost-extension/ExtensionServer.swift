import ExtensionProtocol
import Foundation
import Synchronization
import WidgetSDK

/// Reads the host's calls on a thread of its own, so a kind that never
/// yields (a busy loop on every thread of the cooperative pool) cannot stop
/// this process from noticing that the host has gone. Each call runs as a
/// task, cancelled when the host gives up on it.
final class ExtensionServer: Sendable {
    private let channel: FrameChannel
    private let module: LoadedModule
    private let services: ServiceClient
    private let running = Mutex<[UInt64: Task<Void, Never>]>([:])

    init(channel: FrameChannel, module: LoadedModule, services: ServiceClient) {
        self.channel = channel
        self.module = module
        self.services = services
    }

    /// Returns when the host closes the channel.
    func serve() {
        services.startAnswering()
        while let message = try? channel.receive() {
            switch message {
            case .call(let id, let call):
                let task = Task { [self] in
                    let result = await answer(call)
                    running.withLock { _ = $0.removeValue(forKey: id) }
                    try? channel.send(.reply(id: id, result))
                }
                running.withLock { $0[id] = task }
            case .cancel(let id):
                running.withLock { $0[id] }?.cancel()
            case .serviceReply(let id, let result):
                services.complete(id, with: result)
            case .reply, .service:
                continue
            }
        }
    }

    private func answer(_ call: HostCall) async -> CallResult {
        do {
            switch call {
            case .describe:
                return .described(module.description)
            case .placeholder(let kind, let context):
                return .entry(ArchiveCodec.encode(try await provider(kind).placeholder(in: context)))
            case .snapshot(let kind, let configuration, let context):
                return .entry(ArchiveCodec.encode(try await provider(kind).snapshot(for: configuration, in: context)))
            case .timeline(let kind, let configuration, let context, let scope):
                let timeline = try await TimelineCalls.run(scope) {
                    try await ChannelHTTPService.$callScope.withValue(scope) {
                        try await provider(kind).timeline(for: configuration, in: context)
                    }
                }
                return .timeline(ArchiveCodec.encode(timeline))
            case .optionResults(let kind, let parameter):
                return .values(try await options(kind, parameter).results())
            case .optionDefault(let kind, let parameter):
                return .value(await (try options(kind, parameter)).defaultResult())
            case .validateOption(let kind, let parameter, let value):
                return .value(try await options(kind, parameter).validate(value))
            case .perform(let kind, let intent):
                _ = try descriptor(kind)
                try await ChannelWidgetCenter.$interactive.withValue(true) { try await intent.perform() }
                return .performed
            case .previews(let date):
                var archives: [PreviewArchive] = []
                for preview in module.previews().prefix(PreviewArchive.maximumCount) {
                    do {
                        let (kind, family, timeline) = try await preview.archived(at: date)
                        archives.append(PreviewArchive(name: preview.name, kind: kind, family: family,
                                                       timeline: ArchiveCodec.encode(timeline), error: nil))
                    } catch {
                        archives.append(PreviewArchive(name: preview.name, kind: preview.kind, family: preview.family ?? .systemMedium,
                                                       timeline: nil, error: "\(RemoteError(error))"))
                    }
                }
                return .previews(archives)
            case .activity(let type, let attributes, let state, let context):
                guard let activity = module.activities[type] else { throw RemoteError.other("this module has no Live Activity of '\(type)'") }
                return .entry(ArchiveCodec.encode(try activity.draw(attributes: attributes, state: state, in: context)))
            case .control(let kind, let preview):
                return .control(try await control(kind).read(preview: preview))
            case .performControl(let kind, let intent, let value):
                _ = try control(kind)
                try await ChannelWidgetCenter.$interactive.withValue(true) { try await intent.perform(settingValueTo: value) }
                return .performed
            case .pushTokenDidChange(let kind, let token, let widgets):
                guard let handler = try descriptor(kind).pushHandler else { throw RemoteError.other("kind '\(kind)' has no push handler") }
                handler.init().pushTokenDidChange(WidgetPushInfo(token: token), widgets: widgets)
                return .performed
            }
        } catch {
            return .failure(RemoteError(error))
        }
    }

    private func descriptor(_ kind: String) throws -> WidgetDescriptor {
        guard let descriptor = module.kinds[kind] else { throw RemoteError.other("this module exports no kind '\(kind)'") }
        return descriptor
    }

    private func control(_ kind: String) throws -> ControlDescriptor {
        guard let control = module.controls[kind] else { throw RemoteError.other("this module has no control '\(kind)'") }
        return control
    }

    private func provider(_ kind: String) throws -> AnyTimelineProvider {
        try descriptor(kind).provider
    }

    private func options(_ kind: String, _ name: String) throws -> DynamicOptions {
        let parameter = try descriptor(kind).configuration.parameters.first { $0.name == name }
        guard case .dynamic(let options)? = parameter?.options else {
            throw RemoteError.other("kind '\(kind)' has no parameter '\(name)' with dynamic options")
        }
        return options
    }
}
