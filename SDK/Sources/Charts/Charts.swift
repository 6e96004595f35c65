// `import Charts`, as in an iOS widget extension: Swift Charts' marks,
// axes and scales (they live in WidgetSDK, beside the views they draw in),
// and Foundation's types. With this module present, `#if canImport(Charts)`
// holds, as it does on iOS.
@_exported import Foundation
@_exported import WidgetSDK
