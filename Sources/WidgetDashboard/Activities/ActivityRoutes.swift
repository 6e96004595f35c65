import Foundation
import HTTPTypes
import Hummingbird
import WidgetContainer
import WidgetHost
import WidgetRendering
import WidgetSDK

/// Live Activities on the dashboard: the list and each one's card, shown
/// above the widgets, and `POST /activities`, where an app's server starts,
/// updates and ends them with a push token (`widgethost tokens add --push`).
enum ActivityRoutes {
    static func add(to router: Router<DashboardContext>, workspace: Workspace, cards: CardCache, accounts: DashboardAccounts) {
        router.get("/activities") { _, context in
            let now = Date()
            let shown = try seesActivities(context) ? try await workspace.activities().shown(at: now) : []
            return try Response.json(shown.map { DashboardActivity($0, at: now) })
        }
        router.post("/activities") { request, context in
            try await checkPush(request, accounts: accounts)
            let push = try await body(request)
            guard push.event == .start, let type = push.attributesType, let attributes = push.attributes, let content = push.content else {
                throw HTTPError(.badRequest, message: "POST /activities starts one ('event': 'start'); update or end it at /activities/<id>")
            }
            let activity = try await answering {
                try await workspace.startActivity(type: type, attributes: attributes, content: content, timestamp: push.timestamp)
            }
            return try Response.json(ActivityReply(applied: true, activity: ActivitySummary(activity, at: Date())), status: .created)
        }
        router.post("/activities/:id") { request, context in
            try await checkPush(request, accounts: accounts)
            let id = try context.parameters.require("id")
            let push = try await body(request)
            let change: ActivityChange = try await answering {
                switch push.event {
                case .start:
                    throw HTTPError(.badRequest, message: "a start goes to POST /activities")
                case .update:
                    return try await workspace.updateActivity(id: id, content: push.content!, timestamp: push.timestamp)
                case .end:
                    return try await workspace.endActivity(id: id, content: push.content, dismissal: push.dismissal(at: Date()), timestamp: push.timestamp)
                }
            }
            let applied = if case .applied = change { true } else { false }
            return try Response.json(ActivityReply(applied: applied, activity: ActivitySummary(change.activity, at: Date())))
        }
        for method in [HTTPRequest.Method.get, .head] {
            router.on("/activities/:id", method: method) { request, context in
                let file = try context.parameters.require("id")
                guard try seesActivities(context), let (id, png) = CardRequest.file(file) else {
                    throw HTTPError(.notFound, message: "no Live Activity card '\(file)'; cards are /activities/<id>.svg or .png")
                }
                let now = Date()
                guard let activity = try await workspace.container.read({ try $0.activity(id: id) }), activity.phase(at: now) != .dismissed else {
                    throw HTTPError(.notFound, message: "no Live Activity '\(id)' is shown")
                }
                let scheme = try CardRequest.colorScheme(request) ?? workspace.defaultScheme
                let stale = activity.staleDate.map { now >= $0 } ?? false
                // A card with text that keeps time is drawn again each second it is asked for.
                let ticks = (try? activity.drawing(at: now))?.view.ticks == true ? "|\(Int(now.timeIntervalSince1970))" : ""
                let key = "activity|\(id)|\(activity.updatedAt.timeIntervalSince1970)|\(stale)|\(scheme)|\(workspace.generation)\(png ? "|png" : "")\(ticks)"
                let card = try await cards.card(for: key) {
                    try await CardRequest.draw(png: png, rasterizer: workspace.rasterizer) {
                        try workspace.renderable(activity, at: now).svg(mode: .fullColor, scheme: scheme)
                    }
                }
                return CardRequest.response(card, png: png, for: request)
            }
        }
    }

    /// Activities belong to no instance: a user or token limited to some instances sees none.
    private static func seesActivities(_ context: DashboardContext) throws -> Bool {
        guard let principal = context.principal else { return false }
        return principal.only == nil
    }

    /// A push token, from the Authorization header only: never from the
    /// address (where logs and a browser's history keep it), and whatever
    /// session cookie or proxy header came with it.
    private static func checkPush(_ request: Request, accounts: DashboardAccounts) async throws {
        let bearer = request.headers[.authorization].flatMap { header in
            header.lowercased().hasPrefix("bearer ") ? String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces) : nil
        }
        guard let bearer, try await accounts.token(bearer)?.mayPush == true else {
            throw HTTPError(.unauthorized, headers: [.wwwAuthenticate: #"Bearer realm="widgethost""#],
                            message: "Live Activities are pushed with a push token: 'widgethost tokens add LABEL --push', sent as Authorization: Bearer")
        }
    }

    private static func body(_ request: Request) async throws -> ActivityPush {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: ActivityPush.maximumBody)
        } catch {
            throw HTTPError(.contentTooLarge, message: "the body is over \(ActivityPush.maximumBody) bytes")
        }
        do {
            return try ActivityPush(json: Data(buffer.readableBytesView))
        } catch let refused as ActivityPush.Refused {
            throw HTTPError(.badRequest, message: refused.description)
        }
    }

    /// What the host refused, as the status a client acts on.
    private static func answering<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as ActivityError {
            switch error {
            case .unknownType, .notFound: throw HTTPError(.notFound, message: error.description)
            case .tooLarge: throw HTTPError(.contentTooLarge, message: error.description)
            case .notJSON, .invalid: throw HTTPError(.badRequest, message: error.description)
            case .tooManyRunning, .ended: throw HTTPError(.conflict, message: error.description)
            case .overBudget(_, let retryAfter):
                throw HTTPError(.tooManyRequests, headers: [.retryAfter: "\(Int(retryAfter.rounded(.up)))"], message: error.description)
            case .refused: throw HTTPError(.unprocessableContent, message: error.description)
            }
        }
    }

}

/// What `POST /activities` answers.
struct ActivityReply: Encodable {
    /// False for an update no newer than the latest, or an end of one ended.
    let applied: Bool
    let activity: ActivitySummary
}

/// An activity as the page draws it: its summary, its card's size, and
/// when it next changes by itself (goes stale, ends, is dismissed).
struct DashboardActivity: Encodable {
    let summary: ActivitySummary
    let width: Int
    let height: Int
    let nextChange: Date?
    /// Its card has text that keeps time: the page asks for it each second.
    let ticks: Bool

    init(_ activity: LiveActivity, at date: Date) {
        summary = ActivitySummary(activity, at: date)
        let size = WidgetFamily.systemMedium.size
        width = Int(size.width)
        height = Int(size.height)
        nextChange = activity.nextChange(after: date)
        ticks = (try? activity.drawing(at: date))?.view.ticks ?? false
    }

    private enum Keys: String, CodingKey {
        case width, height, nextChange, ticks
    }

    func encode(to encoder: any Encoder) throws {
        try summary.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encodeIfPresent(nextChange, forKey: .nextChange)
        try container.encode(ticks, forKey: .ticks)
    }
}
