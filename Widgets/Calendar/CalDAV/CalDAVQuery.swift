import Foundation

/// A CalDAV collection's events in a window (RFC 4791): one REPORT with a
/// calendar-query for the VEVENTs overlapping it, and the calendar data of
/// each resource read from the 207 Multi-Status answer. The server expands
/// nothing: recurrences come whole, as in an .ics file, and are expanded
/// here as those are.
struct CalDAVQuery {
    let collection: URL
    let window: DateInterval

    /// The REPORT, asking for one level below the collection (`Depth: 1`).
    var request: URLRequest {
        var request = URLRequest(url: collection)
        request.httpMethod = "REPORT"
        request.setValue("1", forHTTPHeaderField: "Depth")
        request.setValue("application/xml; charset=utf-8", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        return request
    }

    var body: String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
          <d:prop><d:getetag/><c:calendar-data/></d:prop>
          <c:filter>
            <c:comp-filter name="VCALENDAR">
              <c:comp-filter name="VEVENT">
                <c:time-range start="\(Self.stamp(window.start))" end="\(Self.stamp(window.end))"/>
              </c:comp-filter>
            </c:comp-filter>
          </c:filter>
        </c:calendar-query>
        """
    }

    /// A UTC date-time as CalDAV's time-range writes it: 20270115T000000Z.
    static func stamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1,
                      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    /// The calendar data of each resource of a Multi-Status answer, joined
    /// into one iCalendar text; an answer that is no Multi-Status is refused.
    static func calendarData(_ answer: Data) throws -> String {
        let reader = MultiStatusReader()
        let parser = XMLParser(data: answer)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        // corelibs' XMLParser can answer true after an error: the reader's own verdict counts too.
        guard parser.parse(), reader.problem == nil, reader.sawMultiStatus else {
            throw ICSCalendar.Unreadable(reason: reader.problem ?? "the server's answer is not a CalDAV Multi-Status")
        }
        return reader.calendars.joined(separator: "\r\n")
    }
}

/// Collects `calendar-data` texts from a Multi-Status document, refusing
/// one nested deeper than any server writes or holding more than a calendar.
private final class MultiStatusReader: NSObject, XMLParserDelegate {
    static let deepest = 16
    static let mostBytes = 8 << 20

    var calendars: [String] = []
    var sawMultiStatus = false
    var problem: String?
    private var depth = 0
    private var text: String?
    private var bytes = 0

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        depth += 1
        if depth > Self.deepest {
            problem = "elements nested deeper than \(Self.deepest)"
            parser.abortParsing()
            return
        }
        if name == "multistatus", namespaceURI == "DAV:" { sawMultiStatus = true }
        if name == "calendar-data", namespaceURI == "urn:ietf:params:xml:ns:caldav" { text = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard text != nil else { return }
        bytes += string.utf8.count
        if bytes > Self.mostBytes {
            problem = "more calendar data than \(Self.mostBytes >> 20) MiB"
            parser.abortParsing()
            return
        }
        text? += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        self.parser(parser, foundCharacters: String(decoding: block, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
        if name == "calendar-data", let text {
            calendars.append(text)
            self.text = nil
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) {
        if problem == nil { problem = "the answer is not well-formed XML" }
    }
}
