import Crypto
import Foundation
import WidgetContainer
import WidgetKinds
import WidgetSDK

/// Push updates (`.pushHandler`, iOS 26): each kind that takes them has a
/// token in the container; its handler is told the token and the kind's
/// placed widgets; a push that shows the token reloads the kind at once.
extension Workspace {
    /// The bundle's kinds that take pushes, in the manifest's order.
    package var pushKinds: [LoadedKind] { bundle.kinds.filter(\.descriptor.acceptsPushes) }

    /// Each kind that takes pushes, with its token's state, as of now.
    package func pushStatuses(at now: Date = Date()) async throws -> [PushStatus] {
        let kinds = pushKinds
        let (tokens, instances) = try await container.read { (try $0.pushTokens(), try $0.instances()) }
        return kinds.map { kind in
            let token = tokens.first { $0.kind == kind.name }
            let widgets = Self.widgets(of: kind, in: instances)
            return PushStatus(kind: kind.name, instances: widgets.count, token: token,
                              told: token.map { $0.told == Self.digest($0.secret, widgets) } ?? false, at: now)
        }
    }

    /// Issues a token to each kind of `kinds` (nil: every kind that takes
    /// pushes) that has none, and tells each handler whose token or widgets
    /// changed since it was last told. What is stored as told is only what
    /// the handler took, so one that failed is told again next time.
    /// Returns the kinds whose handler failed, each with why.
    @discardableResult
    package func tellPushTokens(of kinds: [String]? = nil) async -> [(kind: String, error: any Error)] {
        var failures: [(kind: String, error: any Error)] = []
        for kind in pushKinds where kinds?.contains(kind.name) ?? true {
            do {
                let token = try await issue(kind, replacing: false)
                try await tell(kind, token)
            } catch {
                failures.append((kind.name, error))
            }
        }
        return failures
    }

    /// The kind's token, issued if it has none yet, and its handler told
    /// (`notTold`: why not, when it could not be; the token holds anyway).
    package func pushToken(_ kind: String) async throws -> (token: PushToken, notTold: (any Error)?) {
        try await issueAndTell(pushKind(kind), replacing: false)
    }

    /// Replaces the kind's token with a new one and tells its handler: the
    /// old one reloads nothing from now on.
    package func replacePushToken(_ kind: String) async throws -> (token: PushToken, notTold: (any Error)?) {
        try await issueAndTell(pushKind(kind), replacing: true)
    }

    private func issueAndTell(_ kind: LoadedKind, replacing: Bool) async throws -> (token: PushToken, notTold: (any Error)?) {
        let token = try await issue(kind, replacing: replacing)
        do {
            try await tell(kind, token)
            return (token, nil)
        } catch {
            return (token, error)
        }
    }

    /// Checks `proof` against `kind`'s token, and nothing more: a
    /// webhook's first delivery, which reloads nothing.
    package func checkPush(_ kind: String, proof: PushProof) async throws {
        let name = try pushKind(kind).name
        try Self.check(proof, against: try await container.read { try $0.pushToken(kind: name) }, kind: name)
    }

    /// A push of `kind`: when `proof` shows its token and its budget allows,
    /// every instance of it is asked to reload at once, but one quarantined
    /// after crashes, which only `widgethost reload --force` releases: a
    /// token given to a server is not an operator's word. Returns how many.
    package func push(_ kind: String, proof: PushProof, at now: Date = Date()) async throws -> (instances: Int, budget: Int) {
        let name = try pushKind(kind).name
        // A wrong proof, or a spent budget, is turned away by a read: a flood of them writes nothing.
        _ = try Self.checked(proof, against: try await container.read { try $0.pushToken(kind: name) }, kind: name, at: now)
        let quarantined = try await container.offPool { container in
            let ids = try container.read { try $0.instances() }.filter { $0.kind == name }.map(\.id)
            return Set(try container.schedules(of: ids).filter(\.value.isQuarantined).keys)
        }
        // Checked again where it is spent, for a push beside it; refused
        // there as an answer, as a store reports what a transaction throws as its own failure.
        let outcome: Result<(instances: Int, budget: Int), PushError> = try await container.write { db in
            let stored = try db.pushToken(kind: name)
            let budget: Double
            do {
                budget = try Self.checked(proof, against: stored, kind: name, at: now)
            } catch let refusal as PushError {
                return .failure(refusal)
            }
            guard var token = stored else { return .failure(.unauthorized("'\(name)' has no push token yet")) }
            token.budget = budget - 1
            token.budgetAt = now
            try db.save(token)
            let instances = try db.instances().filter { $0.kind == name && !quarantined.contains($0.id) }
            for instance in instances {
                try db.insert(ReloadRequest(kind: name, instanceID: instance.id, force: true, requestedAt: now))
            }
            return .success((instances.count, Int(token.budget.rounded(.down))))
        }
        return try outcome.get()
    }

    /// The budget `proof` may spend of `token`: at least one push, or why not.
    private static func checked(_ proof: PushProof, against token: PushToken?, kind: String, at now: Date) throws(PushError) -> Double {
        try check(proof, against: token, kind: kind)
        let budget = pushBudget(of: token!, at: now)
        guard budget >= 1 else { throw .overBudget(kind: kind, retryAfter: PushLimits.budget.retryAfter(budget)) }
        return budget
    }

    /// Pushes `token` may still make at once by `now`.
    package static func pushBudget(of token: PushToken, at now: Date) -> Double {
        PushLimits.budget.available(token.budget, countedAt: token.budgetAt, at: now)
    }

    private static func check(_ proof: PushProof, against token: PushToken?, kind: String) throws(PushError) {
        guard let token else { throw .unauthorized("'\(kind)' has no push token yet: a running host issues it, or 'widgethost push token \(kind)'") }
        guard proof.proves(token.secret) else {
            switch proof {
            case .bearer: throw .unauthorized("that is not '\(kind)''s push token")
            case .signature: throw .unauthorized("the body's signature does not match '\(kind)''s push token (is the webhook's secret the token?)")
            }
        }
    }

    private func pushKind(_ name: String) throws -> LoadedKind {
        guard let kind = bundle.kinds.first(where: { $0.name == name }) else {
            throw PushError.unknownKind(name, pushKinds: pushKinds.map(\.name))
        }
        guard kind.descriptor.acceptsPushes else { throw PushError.notPushable(name) }
        return kind
    }

    /// The kind's token: the stored one, or (none, or `replacing`) a new
    /// one stored. A read when there is one: tellings come with every
    /// change of a kind's widgets, and a fleet's hosts all tell.
    private func issue(_ kind: LoadedKind, replacing: Bool) async throws -> PushToken {
        if !replacing, let token = try await container.read({ try $0.pushToken(kind: kind.name) }) { return token }
        let now = Date()
        return try await container.write { db in
            let stored = try db.pushToken(kind: kind.name)
            if let stored, !replacing { return stored }
            let token = PushToken(kind: kind.name, secret: PushToken.newSecret(), createdAt: now,
                                  budget: stored?.budget ?? PushLimits.budget.burst, budgetAt: stored?.budgetAt ?? now)
            try db.save(token)
            return token
        }
    }

    /// Tells `kind`'s handler its token and widgets, unless it knows them
    /// as they are. A token replaced while the handler was being told is
    /// told after it, so that the handler ends with the one that works.
    private func tell(_ kind: LoadedKind, _ token: PushToken) async throws {
        var token = token
        for _ in 0..<3 {
            let widgets = Self.widgets(of: kind, in: try await container.read { try $0.instances() })
            let digest = Self.digest(token.secret, widgets)
            guard token.told != digest else { return }
            try await kind.tellPushToken(token.bytes, widgets: widgets)
            let told = token.secret
            let (stored, done) = try await container.write { db -> (PushToken?, Bool) in
                guard var stored = try db.pushToken(kind: kind.name) else { return (nil, true) }
                guard stored.secret == told else { return (stored, false) }
                stored.told = digest
                try db.save(stored)
                return (stored, true)
            }
            guard !done, let stored else { return }
            token = stored
        }
    }

    private static func widgets(of kind: LoadedKind, in instances: [WidgetInstance]) -> [WidgetInfo] {
        instances.filter { $0.kind == kind.name }.map {
            WidgetInfo(kind: kind.moduleKind, family: $0.family, configurationIdentifier: $0.configurationIdentifier, values: $0.configuration)
        }
    }

    /// What a handler was told, in 32 hexadecimal digits: the token and the widgets.
    private static func digest(_ secret: String, _ widgets: [WidgetInfo]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var hash = SHA256()
        hash.update(data: Data(secret.utf8))
        hash.update(data: (try? encoder.encode(widgets)) ?? Data())
        return hash.finalize().prefix(16).map { String(format: "%02x", $0) }.joined()
    }
}
