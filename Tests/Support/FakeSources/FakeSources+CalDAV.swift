import Foundation
import HTTPTypes
import Hummingbird

/// A CalDAV server's one read (RFC 4791): a REPORT calendar-query on a
/// collection, answered 207 Multi-Status with every resource's calendar
/// data, behind basic authentication. The time range asked is logged as
/// the request's `start` and `end`; resources are not filtered by it (a
/// superset, which a client must take as it takes an .ics file).
extension FakeSources {
    public struct CalDAVCollection: Sendable {
        /// Resource names (`standup.ics`) and their iCalendar texts.
        public var resources: [String: String]
        public var user: String
        public var password: String

        public init(resources: [String: String], user: String, password: String) {
            self.resources = resources
            self.user = user
            self.password = password
        }
    }

    /// Serves `collection` at `path`, which ends in '/'.
    public func setCollection(_ collection: CalDAVCollection, at path: String) {
        state.withLock { $0.collections[path] = collection }
    }

    func report(_ request: Hummingbird.Request) async throws -> Response {
        let path = request.uri.path
        let fault = state.withLock { state in state.faults.first { path.hasPrefix($0.key) }?.value }
        if fault != nil { return try await respond(request) { _ in nil } }
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName.lowercased()] = field.value }
        let body = String(buffer: try await request.body.collect(upTo: 1 << 20))
        var query: [String: String] = [:]
        if let range = body.firstMatch(of: /time-range start="([0-9TZ]+)" end="([0-9TZ]+)"/) {
            (query["start"], query["end"]) = (String(range.1), String(range.2))
        }
        func answer(_ status: HTTPResponse.Status, _ text: String, _ fields: HTTPFields = [:]) -> Response {
            state.withLock { $0.log.append(Request(path: path, query: query, status: status.code, headers: headers, bytes: text.utf8.count)) }
            return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: text)))
        }
        // A plain file server, as Meetup's calendar address is one, allows GET alone.
        guard let collection = state.withLock({ $0.collections[path] }) else { return answer(.methodNotAllowed, "") }
        let expected = "Basic " + Data("\(collection.user):\(collection.password)".utf8).base64EncodedString()
        guard headers["authorization"] == expected else {
            return answer(.unauthorized, "", [.wwwAuthenticate: "Basic realm=\"FakeSources\""])
        }
        guard headers["depth"] == "1", body.contains("calendar-query"), query["start"] != nil else {
            return answer(.badRequest, "a calendar-query REPORT with Depth: 1 and a time-range")
        }
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        let responses = collection.resources.sorted { $0.key < $1.key }.map { name, calendar in
            """
            <d:response><d:href>\(path)\(name)</d:href><d:propstat><d:prop><d:getetag>"\(name.hashValue)"</d:getetag>\
            <cal:calendar-data>\(escaped(calendar))</cal:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
            """
        }
        let document = #"<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">"#
            + responses.joined() + "</d:multistatus>"
        return answer(.init(code: 207), document, [.contentType: "application/xml; charset=utf-8"])
    }
}
