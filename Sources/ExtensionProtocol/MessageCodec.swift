import Foundation
import WidgetSDK

/// How a message is written in a frame: those every reload sends, a
/// timeline call and its timeline reply, a kind's HTTP requests and their
/// answers, in the compact binary form of `ArchiveWriter`; every other
/// message as JSON. The first byte says which.
///
/// JSON was most of the cost of a trivial reload on both sides of the
/// channel (about 50 µs to encode a call in the host, and the reply's
/// archive went as base64 inside JSON); the binary form is a few µs. A
/// kind's requests went as JSON too, their bodies (a repository's JSON,
/// avatars) as base64, until they were a good part of what a SingleRepo
/// reload added over a direct call.
enum MessageCodec {
    private enum Form: UInt8 {
        case json = 0
        case timelineCall = 1
        case timelineReply = 2
        case apiRequest = 3
        case assetRequest = 4
        case fetchRequest = 5
        case httpResponse = 6
        case data = 7
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
            writer.scope(scope)
        case .reply(let id, .timeline(let archive)):
            writer.byte(Form.timelineReply.rawValue)
            writer.count(Int(id))
            writer.data(archive)
        case .service(let id, .api(let path, let scope)):
            writer.byte(Form.apiRequest.rawValue)
            writer.count(Int(id))
            writer.string(path)
            writer.scope(scope)
        case .service(let id, .asset(let url)):
            writer.byte(Form.assetRequest.rawValue)
            writer.count(Int(id))
            writer.string(url)
        case .service(let id, .fetch(let request, let scope)):
            writer.byte(Form.fetchRequest.rawValue)
            writer.count(Int(id))
            writer.string(request.url)
            writer.string(request.method)
            writer.headers(request.headers)
            writer.optional(request.body) { $0.data($1) }
            writer.scope(scope)
        case .serviceReply(let id, .response(let status, let headers, let body, let fromCache)):
            writer.byte(Form.httpResponse.rawValue)
            writer.count(Int(id))
            writer.int(status)
            writer.headers(headers)
            writer.data(body)
            writer.bool(fromCache)
        case .serviceReply(let id, .data(let data)):
            writer.byte(Form.data.rawValue)
            writer.count(Int(id))
            writer.optional(data) { $0.data($1) }
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
            let scope = try reader.scope()
            guard reader.isAtEnd else { throw ArchiveReader.Truncated() }
            let context = TimelineProviderContext(family: family, isPreview: isPreview, settings: settings, date: date)
            return .call(id: id, .timeline(kind: kind, configuration: configuration, context: context, scope: scope))
        case .timelineReply:
            let id = UInt64(try reader.count())
            let archive = try reader.data()
            guard reader.isAtEnd else { throw ArchiveReader.Truncated() }
            return .reply(id: id, .timeline(archive))
        case .apiRequest:
            let id = UInt64(try reader.count())
            let path = try reader.string()
            let call = ServiceCall.api(path: path, scope: try reader.scope())
            return try reader.ending(with: .service(id: id, call))
        case .assetRequest:
            let id = UInt64(try reader.count())
            let call = ServiceCall.asset(url: try reader.string())
            return try reader.ending(with: .service(id: id, call))
        case .fetchRequest:
            let id = UInt64(try reader.count())
            let request = HTTPRequest(url: try reader.string(), method: try reader.string(), headers: try reader.headers(),
                                      body: try reader.optional { try $0.data() })
            let call = ServiceCall.fetch(request, scope: try reader.scope())
            return try reader.ending(with: .service(id: id, call))
        case .httpResponse:
            let id = UInt64(try reader.count())
            let (status, headers, body) = (try reader.int(), try reader.headers(), try reader.data())
            let result = ServiceResult.response(status: status, headers: headers, body: body, fromCache: try reader.bool())
            return try reader.ending(with: .serviceReply(id: id, result))
        case .data:
            let id = UInt64(try reader.count())
            let result = ServiceResult.data(try reader.optional { try $0.data() })
            return try reader.ending(with: .serviceReply(id: id, result))
        case nil:
            throw ArchiveReader.Truncated()
        }
    }
}

private extension ArchiveWriter {
    mutating func scope(_ scope: ReloadScope) {
        bool(scope.revalidate)
        optional(scope.lease) { $0.string($1) }
        optional(scope.instance) { $0.string($1) }
    }

    mutating func headers(_ headers: [String: String]) {
        count(headers.count)
        for (name, value) in headers {
            string(name)
            string(value)
        }
    }
}

private extension ArchiveReader {
    mutating func scope() throws -> ReloadScope {
        ReloadScope(revalidate: try bool(), lease: try optional { try $0.string() }, instance: try optional { try $0.string() })
    }

    mutating func headers() throws -> [String: String] {
        var headers: [String: String] = [:]
        for _ in try elements() { headers[try string()] = try string() }
        return headers
    }

    /// `message`, read whole: anything after it in the frame is garbage.
    func ending(with message: ExtensionMessage) throws -> ExtensionMessage {
        guard isAtEnd else { throw ArchiveReader.Truncated() }
        return message
    }
}
