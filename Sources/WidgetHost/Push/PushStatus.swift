import Foundation
import WidgetContainer

/// A kind that takes pushes, as `widgethost push` lists it.
package struct PushStatus: Sendable, Encodable {
    package let kind: String
    /// Its placed widgets.
    package let instances: Int
    /// When its token was issued; nil before the host first tells its handler.
    package let issuedAt: Date?
    /// Whether its handler knows its token and widgets as they are now.
    package let told: Bool
    /// Pushes that would reload it at once now.
    package let budget: Int

    init(kind: String, instances: Int, token: PushToken?, told: Bool, at now: Date) {
        self.kind = kind
        self.instances = instances
        issuedAt = token?.createdAt
        self.told = told
        budget = token.map { Int(Workspace.pushBudget(of: $0, at: now).rounded(.down)) } ?? Int(PushLimits.budget.burst)
    }
}
