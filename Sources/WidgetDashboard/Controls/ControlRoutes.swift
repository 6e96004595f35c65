import Foundation
import HTTPTypes
import HostBasics
import Hummingbird
import Synchronization
import WidgetHost
import WidgetRendering
import WidgetSDK

/// Controls on the dashboard: the row above the widgets (`/controls`, read
/// from their providers as the page asks), each one's card, and
/// `POST /controls/<kind>/tap`, which runs its action.
enum ControlRoutes {
    /// - Parameter checkTap: refuses a tap that did not come from the
    ///   dashboard's page (or a signed-in user's), as a widget's taps are refused.
    static func add(to router: Router<DashboardContext>, workspace: Workspace, cards: CardCache,
                    checkTap: @escaping @Sendable (Request, DashboardPrincipal?) throws -> Void) {
        let readings = ControlReadings()
        router.get("/controls") { _, context in
            guard try seesControls(context) else { return try Response.json([DashboardControl]()) }
            let statuses = await workspace.controls()
            readings.keep(statuses)
            return try Response.json(statuses.map(DashboardControl.init))
        }
        // One parameter name per level: Hummingbird's router refuses two.
        router.post("/controls/:file/tap") { request, context in
            try checkTap(request, context.principal)
            guard try seesControls(context) else { throw HTTPError(.notFound, message: "no controls are shown to '\(context.principal?.name ?? "")'") }
            let kind = try context.parameters.require("file")
            // The value the page showed: a toggle is set to the other one, as its user saw it.
            let shown = request.uri.queryParameters.get("isOn").flatMap { Bool($0) }
            do {
                let (_, now) = try await workspace.tapControl(kind, shown: shown)
                readings.keep([now])
                return try Response.json(DashboardControl(now))
            } catch let error as ControlError {
                switch error {
                case .unknownKind: throw HTTPError(.notFound, message: error.description)
                case .unreadable, .actionFailed: throw HTTPError(.unprocessableContent, message: error.description)
                }
            }
        }
        for method in [HTTPRequest.Method.get, .head] {
            router.on("/controls/:file", method: method) { request, context in
                let file = try context.parameters.require("file")
                guard try seesControls(context), let (kind, png) = CardRequest.file(file) else {
                    throw HTTPError(.notFound, message: "no control card '\(file)'; cards are /controls/<kind>.svg or .png")
                }
                let reading: ControlReading
                if let kept = readings.reading(of: kind) {
                    reading = kept
                } else {
                    let status = try await readOne(kind, workspace: workspace)
                    readings.keep([status])
                    guard let read = status.reading else { throw HTTPError(.unprocessableContent, message: status.problem ?? "the control could not be read") }
                    reading = read
                }
                let scheme = try CardRequest.colorScheme(request) ?? workspace.defaultScheme
                let key = "control|\(kind)|\(DashboardControl.version(of: reading))|\(scheme)|\(workspace.generation)\(png ? "|png" : "")"
                let card = try await cards.card(for: key) {
                    try await CardRequest.draw(png: png, rasterizer: workspace.rasterizer) { workspace.renderable(reading).svg(mode: .fullColor, scheme: scheme) }
                }
                return CardRequest.response(card, png: png, for: request)
            }
        }
    }

    private static func readOne(_ kind: String, workspace: Workspace) async throws -> ControlStatus {
        do {
            return try await workspace.control(kind)
        } catch let error as ControlError {
            throw HTTPError(.notFound, message: error.description)
        }
    }

    /// Controls belong to no instance: a user or token limited to some instances sees none.
    private static func seesControls(_ context: DashboardContext) throws -> Bool {
        guard let principal = context.principal else { return false }
        return principal.only == nil
    }

}

/// The readings the page was last given, by kind: its cards are drawn from
/// what the list said, not from a second read that may differ.
final class ControlReadings: Sendable {
    private let kept = Mutex<[String: ControlReading]>([:])

    func keep(_ statuses: [ControlStatus]) {
        kept.withLock { kept in
            for status in statuses { kept[status.kind] = status.reading }
        }
    }

    func reading(of kind: String) -> ControlReading? {
        kept.withLock { $0[kind] }
    }
}

/// A control as the page draws it: its summary, its card's size, and the
/// version of its reading its card's address carries.
struct DashboardControl: Encodable {
    let summary: ControlSummary
    let width: Int
    let height: Int
    let version: String?

    init(_ status: ControlStatus) {
        summary = ControlSummary(status)
        let size = ControlReading.family.size
        width = Int(size.width)
        height = Int(size.height)
        version = status.reading.map(Self.version)
    }

    /// FNV-1a of the reading: a changed value, title or drawing is another card.
    static func version(of reading: ControlReading) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(FNV1a.hash((try? encoder.encode(reading)) ?? Data()), radix: 16)
    }

    private enum Keys: String, CodingKey {
        case width, height, version
    }

    func encode(to encoder: any Encoder) throws {
        try summary.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encodeIfPresent(version, forKey: .version)
    }
}
