/// A line or paragraph of text.
public struct Text: View, PrimitiveView {
    let string: String

    public init(_ string: String) {
        self.string = string
    }

    public init(verbatim string: String) {
        self.string = string
    }

    var node: ViewNode { ViewNode(.text(string)) }
}
