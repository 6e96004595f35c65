import Foundation

/// A Live Activity's presentations in the Dynamic Island. Accepted so that an
/// extension builds unchanged; no screen here has an island, so they are
/// not drawn (docs/activities.md): the Lock Screen presentation is.
public struct DynamicIsland: Sendable {
    /// The regions of the expanded presentation, by position.
    public let expandedPositions: [DynamicIslandExpandedRegionPosition]

    /// The island's expanded regions and its compact and minimal views.
    public init<CompactLeading: View, CompactTrailing: View, Minimal: View>(
        @DynamicIslandExpandedContentBuilder expanded: () -> DynamicIslandExpandedContent,
        @ViewBuilder compactLeading: () -> CompactLeading,
        @ViewBuilder compactTrailing: () -> CompactTrailing,
        @ViewBuilder minimal: () -> Minimal
    ) {
        expandedPositions = expanded().positions
    }

    /// The tint of the island's outline; accepted.
    public func keylineTint(_ color: Color?) -> DynamicIsland { self }
    /// Where a tap on the island leads; accepted.
    public func widgetURL(_ url: URL?) -> DynamicIsland { self }
    /// The island's margins in one of its modes; accepted.
    public func contentMargins(_ edges: Edge.Set = .all, _ length: Double?, for mode: DynamicIslandMode) -> DynamicIsland { self }
}

/// Where an expanded region sits in the island.
public struct DynamicIslandExpandedRegionPosition: Hashable, Sendable, CustomStringConvertible {
    /// The position's name: `leading`, `trailing`, `center` or `bottom`.
    public let description: String

    /// Beside the camera, on the left.
    public static let leading = DynamicIslandExpandedRegionPosition(description: "leading")
    /// Beside the camera, on the right.
    public static let trailing = DynamicIslandExpandedRegionPosition(description: "trailing")
    /// Below the camera.
    public static let center = DynamicIslandExpandedRegionPosition(description: "center")
    /// Below the others, the island's width.
    public static let bottom = DynamicIslandExpandedRegionPosition(description: "bottom")
}

/// The island's presentations, for `contentMargins(_:_:for:)`.
public enum DynamicIslandMode: Hashable, Sendable {
    /// Two views either side of the camera.
    case compact
    /// One view, beside another activity's.
    case minimal
    /// The regions, when the island is held.
    case expanded
}

/// One region of the expanded island.
public struct DynamicIslandExpandedRegion<Content: View> {
    /// Where the region sits.
    public let position: DynamicIslandExpandedRegionPosition

    /// A region at `position`; `priority` and `content` are accepted, not drawn.
    public init(_ position: DynamicIslandExpandedRegionPosition, priority: Double = 0, @ViewBuilder content: () -> Content) {
        self.position = position
    }

    /// Where the region sits when its content is wider than its place; accepted.
    public func contentMargins(_ edges: Edge.Set = .all, _ length: Double?) -> Self { self }
}

/// The expanded island's regions, as its builder collects them.
public struct DynamicIslandExpandedContent: Sendable {
    let positions: [DynamicIslandExpandedRegionPosition]
}

/// Collects an expanded island's regions: one after another, `if`, `if`/`else`.
@resultBuilder
public enum DynamicIslandExpandedContentBuilder {
    /// One region.
    public static func buildExpression<Content: View>(_ region: DynamicIslandExpandedRegion<Content>) -> DynamicIslandExpandedContent {
        DynamicIslandExpandedContent(positions: [region.position])
    }

    /// The regions, one after another.
    public static func buildBlock(_ parts: DynamicIslandExpandedContent...) -> DynamicIslandExpandedContent {
        DynamicIslandExpandedContent(positions: parts.flatMap(\.positions))
    }

    /// An `if` without `else`.
    public static func buildOptional(_ part: DynamicIslandExpandedContent?) -> DynamicIslandExpandedContent {
        part ?? DynamicIslandExpandedContent(positions: [])
    }

    /// The first branch of an `if`/`else`.
    public static func buildEither(first part: DynamicIslandExpandedContent) -> DynamicIslandExpandedContent { part }
    /// The second branch of an `if`/`else`.
    public static func buildEither(second part: DynamicIslandExpandedContent) -> DynamicIslandExpandedContent { part }
    /// The regions of an `if #available`.
    public static func buildLimitedAvailability(_ part: DynamicIslandExpandedContent) -> DynamicIslandExpandedContent { part }
}
