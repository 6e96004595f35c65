import Foundation
import HTTPTypes
import Hummingbird

extension Response {
    /// A JSON answer: keys sorted, dates ISO 8601, and never kept by a
    /// cache, as what it says is the host's state at this moment.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return json(bytes: try encoder.encode(value), status: status)
    }

    /// JSON already written as `json(_:)` would write it.
    static func json(bytes: some Sequence<UInt8>, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
