/// What an activity's views are drawn from: its attributes, its current
/// state, and whether that state is stale.
@dynamicMemberLookup
public struct ActivityViewContext<Attributes: ActivityAttributes> {
    /// The attributes the activity started with.
    public let attributes: Attributes
    /// The state of its latest update.
    public let state: Attributes.ContentState
    /// The activity's identifier, as `widgethost activity start` printed it.
    public let activityID: String
    /// Whether the update's `staleDate` has passed.
    public let isStale: Bool

    /// A context; the host makes one for each drawing.
    public init(attributes: Attributes, state: Attributes.ContentState, activityID: String, isStale: Bool) {
        self.attributes = attributes
        self.state = state
        self.activityID = activityID
        self.isStale = isStale
    }

    /// `context.orderNumber` for `context.attributes.orderNumber`.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Attributes, Value>) -> Value {
        attributes[keyPath: keyPath]
    }
}
