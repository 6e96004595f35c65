import Foundation
import WidgetSDK

/// How a message is written in a frame: the two that every reload sends, a
/// timeline call and its timeline reply, in the compact binary form of
/// `ArchiveWriter`; every other message as JSON. The first byte says which.
///
/// JSON was most of the cost of a trivial reload on both sides of the
/// channel (about 50 µs to encode a call in the host, and the reply's
/// archive went as base64 inside JSON); the binary form is a few µs.
enum MessageCodec {
    private enum Form: UInt8 {
        case json = 0
        case timelineCall = 1
        case timelineReply = 2
    }

    static func encode(_ message: ExtensionMessage) throws -> [UInt8] {
        var writer = ArchiveWriter(capacity: 256)
        switch message {
        case .call(let id, .timeline(let kind, let configuration, let context, let scope)):
            writer.byte(Form.timelineCall.rawValue)
            writer.count(Int(id))
            writer.string(kind)
            writer.configuration(configuration)
            writer.string(context.family.rawValue)
            writer.bool(context.isPreview)
            writer.count(context.settings.count)
            for (key, value) in context.settings.sorted(by: { $0.key < $1.key }) {
                writer.string(key)
                writer.string(value)
            }
            writer.double(context.date.timeIntervalSinceReferenceDate)
            writer.bool(scope.revalidate)
            writer.optional(scope.lease) { $0.string($1) }
            writer.optional(scope.instance) { $0.string($1) }
        case .reply(let id, .timeline(let archive)):
            writer.byte(Form.timelineReply.rawValue)
            writer.count(Int(id))
            writer.data(archive)
        default:
            writer.byte(Form.json.rawValue)
            writer.append(contentsOf: try JSONEncoder().encode(message))
        }
        return writer.bytes
    }

    static func decode(_ bytes: [UInt8]) throws -> ExtensionMessage {
        var reader = ArchiveReader(bytes)
        switch Form(rawValue: try reader.byte()) {
        case .json:
            return try JSONDecoder().decode(ExtensionMessage.self, from: Data(bytes.dropFirst()))
        case .timelineCall:
            let id = UInt64(try reader.count())
            let kind = try reader.string()
            let configuration = try reader.configuration()
            let family = try reader.raw(WidgetFamily.self)
            let isPreview = try reader.bool()
            var settings: [String: String] = [:]
            for _ in try reader.elements() { settings[try reader.string()] = try reader.string() }
            let date = Date(timeIntervalSinceReferenceDate: try reader.double())
            let scope = ReloadScope(revalidate: try reader.bool(), lease: try reader.optional { try $0.string() },
                                    instance: try reader.optional { try $0.string() })
            guard reader.isAtEnd else { throw ArchiveReader.Truncated() }
            let context = TimelineProviderContext(family: family, isPreview: isPreview, settings: settings, date: date)
            return .call(id: id, .timeline(kind: kind, configuration: configuration, context: context, scope: scope))
        case .timelineReply:
            let id = UInt64(try reader.count())
            let archive = try reader.data()
            guard reader.isAtEnd else { throw ArchiveReader.Truncated() }
            return .reply(id: id, .timeline(archive))
        case nil:
            throw ArchiveReader.Truncated()
        }
    }
}
