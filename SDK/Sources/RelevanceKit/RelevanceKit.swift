// `import RelevanceKit`, as a watchOS widget extension writes it beside
// WidgetKit: `RelevantContext` (which lives in WidgetSDK, where a
// provider's `relevance()` reads it) and Foundation's types.
@_exported import Foundation
@_exported import WidgetSDK
