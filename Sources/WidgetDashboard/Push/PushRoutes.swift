import Foundation
import HTTPTypes
import Hummingbird
import WidgetHost

/// `POST /push/<kind>`: a push that reloads a kind's timelines at once, as
/// APNs delivers a WidgetKit push. It shows the kind's own token (issued
/// by the host, told to the kind's `WidgetPushHandler`), as a bearer or
/// as the secret a GitHub webhook signs its payload with; no dashboard
/// account is asked for, and the token reloads that kind and nothing else.
enum PushRoutes {
    static let signatureHeader = HTTPField.Name("X-Hub-Signature-256")!
    static let eventHeader = HTTPField.Name("X-GitHub-Event")!

    static func add(to router: Router<DashboardContext>, workspace: Workspace) {
        router.post("/push/:kind") { request, context in
            let kind = try context.parameters.require("kind")
            let proof = try await proof(request)
            do {
                // GitHub's first delivery, when a webhook is made: the secret checked, nothing reloaded.
                if request.headers[eventHeader] == "ping" {
                    try await workspace.checkPush(kind, proof: proof)
                    return try Response.json(PushReply(kind: kind, reloading: 0, budget: nil, note: "pong: the signature matches; pushes will reload \(kind)"))
                }
                let (instances, budget) = try await workspace.push(kind, proof: proof)
                return try Response.json(PushReply(kind: kind, reloading: instances, budget: budget, note: nil), status: .accepted)
            } catch let error as PushError {
                switch error {
                // Anyone may ask here, signed in or not: which kinds there are is not said.
                case .unknownKind, .notPushable: throw HTTPError(.notFound, message: "no kind '\(kind)' takes pushes here")
                case .unauthorized: throw HTTPError(.unauthorized, headers: [.wwwAuthenticate: #"Bearer realm="widgethost push""#], message: error.description)
                case .overBudget(_, let retryAfter):
                    throw HTTPError(.tooManyRequests, headers: [.retryAfter: "\(Int(retryAfter.rounded(.up)))"], message: error.description)
                }
            }
        }
    }

    /// The token as a bearer, or the body's signature; never in the
    /// address, where logs keep it. The body is read only for a signature,
    /// which is made of it.
    private static func proof(_ request: Request) async throws -> PushProof {
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
            return .bearer(String(authorization.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces))
        }
        guard let signature = request.headers[signatureHeader] else {
            throw HTTPError(.unauthorized, headers: [.wwwAuthenticate: #"Bearer realm="widgethost push""#],
                            message: "a push shows its kind's token: Authorization: Bearer <token>, or X-Hub-Signature-256 made with it ('widgethost push token <kind>')")
        }
        var request = request
        do {
            return .signature(signature, body: Data(try await request.collectBody(upTo: PushLimits.maximumBody).readableBytesView))
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw HTTPError(.contentTooLarge, message: "the body is over \(PushLimits.maximumBody) bytes")
        }
    }
}

/// What `POST /push/<kind>` answers.
struct PushReply: Encodable {
    let kind: String
    /// Instances asked to reload at once.
    let reloading: Int
    /// Pushes that would still reload at once.
    let budget: Int?
    let note: String?
}
