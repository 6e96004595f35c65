import AsyncHTTPClient
import Foundation
import HostTestSupport
import Synchronization
import Testing
import WidgetTestSupport

/// Issue 42: Live Activities on the dashboard of a real `run --serve`:
/// shown above the widgets, announced as they change, and driven over
/// `POST /activities` with a push token, as an app's server drives them with APNs.
@Suite("Live Activities on the dashboard")
struct LiveActivityDashboardTests {
    static let attributes = #"{"restaurant":"Taqueria","orderNumber":"88","items":2}"#

    static func payload(_ fields: String) -> String {
        #"{"aps":{\#(fields)}}"#
    }

    static func object(_ body: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], "\(body)")
    }

    @Test func aPushTokenStartsUpdatesAndEndsAnActivityThatThePageShows() async throws {
        let fixture = try ContainerFixture.withDeliveryActivities()
        let push = try await fixture.run("tokens", "add", "orders-server", "--push")
        #expect(push.status == 0, "\(push.stderr)")
        let token = push.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let viewer = try await fixture.run("tokens", "add", "kiosk").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try await fixture.run("tokens").stdout.contains("orders-server (pushes Live Activities)"))
        let host = try RunningHost(fixture, arguments: ["--serve", "127.0.0.1:0"])
        let base = try await host.dashboardBase()
        let pusher = ["Authorization": "Bearer \(token)"]
        // Timestamps as a push server sends them: Unix seconds of when it made each change.
        let sent = Int(Date().timeIntervalSince1970)

        // Only a push token pushes.
        let start = Self.payload(#""event":"start","timestamp":\#(sent),"attributes-type":"DeliveryAttributes","attributes":\#(Self.attributes),"content-state":{"stage":"preparing","estimatedArrival":786000000},"relevance-score":5"#)
        #expect(try await LoopbackHTTP.send(base + "/activities", method: .POST, body: start).status == 401)
        let readOnly = try await LoopbackHTTP.send(base + "/activities", method: .POST, headers: ["Authorization": "Bearer \(viewer)"], body: start)
        #expect(readOnly.status == 401 && readOnly.body.contains("tokens add LABEL --push"), "\(readOnly.body)")
        // In the address, where logs keep it, the push token is not taken.
        #expect(try await LoopbackHTTP.send(base + "/activities?token=\(token)", method: .POST, body: start).status == 401)

        // The page listens before the activity starts: it hears of it, and of each change.
        let received = Mutex("")
        let listener = Task {
            var request = HTTPClientRequest(url: base + "/events")
            request.headers.add(name: "Authorization", value: "Bearer \(viewer)")
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(600))
            for try await buffer in response.body {
                received.withLock { $0 += buffer.getString(at: buffer.readerIndex, length: buffer.readableBytes) ?? "" }
            }
        }
        defer { listener.cancel() }
        #expect(await TestSupport.eventually(bound: 600) { received.withLock { $0.contains(": connected") } })
        let started = try await LoopbackHTTP.send(base + "/activities", method: .POST, headers: pusher, body: start)
        #expect(started.status == 201, "\(started.body)")
        let id = try #require((try Self.object(started.body)["activity"] as? [String: Any])?["id"] as? String)
        #expect(await TestSupport.eventually(bound: 600) { received.withLock { $0.contains("event: activities\n") } }, "\(received.withLock { $0 })")

        // What the page reads: the list, most relevant first, and each card.
        let list = try await LoopbackHTTP.send(base + "/activities", headers: ["Authorization": "Bearer \(viewer)"])
        #expect(list.status == 200 && list.body.contains(#""id":"\#(id)""#) && list.body.contains(#""width":364"#), "\(list.body)")
        let card = try await LoopbackHTTP.send(base + "/activities/\(id).svg", headers: ["Authorization": "Bearer \(viewer)"])
        #expect(card.status == 200 && card.body.contains(">Preparing your") && card.body.contains(">Taqueria<"), "\(card.body.prefix(300))")
        // The card's tag and scheme are read as an instance card's are.
        let held = try await LoopbackHTTP.send(base + "/activities/\(id).svg", headers: ["Authorization": "Bearer \(viewer)", "If-None-Match": card.headers["etag"] ?? "none"])
        #expect(held.status == 304)
        #expect(try await LoopbackHTTP.send(base + "/activities/\(id).svg?scheme=sepia", headers: ["Authorization": "Bearer \(viewer)"]).status == 400)
        let page = try await LoopbackHTTP.send(base + "/", headers: ["Authorization": "Bearer \(viewer)"])
        #expect(page.body.contains(#"<section id="activities""#) && page.body.range(of: "id=\"activities\"")!.lowerBound < page.body.range(of: "id=\"grid\"")!.lowerBound,
                "the activities come above the widgets")

        // An update stamped the second of the start is one the sender made no later: not applied.
        let same = Self.payload(#""event":"update","timestamp":\#(sent),"content-state":{"stage":"arriving","estimatedArrival":786000000}"#)
        let sameFlag = try Self.object(try await LoopbackHTTP.send(base + "/activities/\(id)", method: .POST, headers: pusher, body: same).body)["applied"] as? Bool
        #expect(sameFlag == false)
        // Milliseconds sent as seconds would hold off every later change: refused.
        let ahead = Self.payload(#""event":"update","timestamp":\#(sent * 1000),"content-state":{"stage":"arriving","estimatedArrival":786000000}"#)
        let refusedAhead = try await LoopbackHTTP.send(base + "/activities/\(id)", method: .POST, headers: pusher, body: ahead)
        #expect(refusedAhead.status == 400 && refusedAhead.body.contains("Unix seconds"), "\(refusedAhead.body)")
        // An update as APNs sends it; the same one again (a retry) is not applied twice.
        let update = Self.payload(#""event":"update","timestamp":\#(sent + 1),"content-state":{"stage":"onTheWay","courierName":"Ana","estimatedArrival":786000000}"#)
        let applied = try await LoopbackHTTP.send(base + "/activities/\(id)", method: .POST, headers: pusher, body: update)
        let appliedFlag = try Self.object(applied.body)["applied"] as? Bool
        #expect(applied.status == 200 && appliedFlag == true, "\(applied.body)")
        let retried = try await LoopbackHTTP.send(base + "/activities/\(id)", method: .POST, headers: pusher, body: update)
        let retriedFlag = try Self.object(retried.body)["applied"] as? Bool
        #expect(retried.status == 200 && retriedFlag == false, "\(retried.body)")
        let redrawn = try await LoopbackHTTP.send(base + "/activities/\(id).svg", headers: ["Authorization": "Bearer \(viewer)"])
        #expect(redrawn.body.contains(">On the way<") && redrawn.body.contains("Ana is bringing 2 items"), "\(redrawn.body.prefix(300))")

        // ActivityKit's budget: ten at once (one spent above), then one each five seconds. A
        // loaded machine may take long enough between requests for the budget to refill a
        // little: the test asks until it is spent, within far more than it holds.
        var statuses: [Int] = []
        for step in 1...200 {
            let next = Self.payload(#""event":"update","timestamp":\#(Date().timeIntervalSince1970 + 1 + Double(step) / 1000),"content-state":{"stage":"arriving","estimatedArrival":\#(786000000 + step)}"#)
            let reply = try await LoopbackHTTP.send(base + "/activities/\(id)", method: .POST, headers: pusher, body: next)
            statuses.append(reply.status)
            if reply.status == 429 {
                #expect(reply.headers["retry-after"].flatMap(Int.init) ?? 0 >= 1 && reply.body.contains("the next is allowed in"), "\(reply)")
                break
            }
        }
        #expect(statuses.count >= 10 && statuses.last == 429 && statuses.dropLast().allSatisfy { $0 == 200 }, "\(statuses)")

        // Refusals say what is wrong, with a status a client acts on.
        let unknown = try await LoopbackHTTP.send(base + "/activities", method: .POST, headers: pusher,
                                                  body: start.replacingOccurrences(of: "DeliveryAttributes", with: "Pizza"))
        #expect(unknown.status == 404 && unknown.body.contains("no Live Activity of 'Pizza'"), "\(unknown.body)")
        let wrongState = try await LoopbackHTTP.send(base + "/activities", method: .POST, headers: pusher,
                                                     body: start.replacingOccurrences(of: "\"stage\":\"preparing\",", with: ""))
        #expect(wrongState.status == 422 && wrongState.body.contains("no value for 'stage'"), "\(wrongState.body)")
        let notJSON = try await LoopbackHTTP.send(base + "/activities", method: .POST, headers: pusher, body: "event=start")
        #expect(notJSON.status == 400, "\(notJSON.body)")

        // Ended with a dismissal date in the past: gone at once, its card too.
        let end = Self.payload(#""event":"end","dismissal-date":1,"content-state":{"stage":"delivered","estimatedArrival":786000000}"#)
        let ended = try await LoopbackHTTP.send(base + "/activities/\(id)", method: .POST, headers: pusher, body: end)
        #expect(ended.status == 200, "\(ended.body)")
        #expect(try await LoopbackHTTP.send(base + "/activities", headers: ["Authorization": "Bearer \(viewer)"]).body == "[]")
        #expect(try await LoopbackHTTP.send(base + "/activities/\(id).svg", headers: ["Authorization": "Bearer \(viewer)"]).status == 404)
        #expect(await host.stop() == 0)
    }
}
