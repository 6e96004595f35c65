/// A piece of a widget's content, written like SwiftUI. A view's `body`
/// is evaluated once, when the host archives an entry, into a `ViewNode` tree.
public protocol View: SendableMetatype {
    /// The type of the view's body.
    associatedtype Body: View
    /// The view's content, built from other views.
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    /// Never has no body; it ends the chain of bodies.
    public var body: Never { return fatalError("Never has no body") }
}

/// A view that archives itself directly instead of through a body.
protocol PrimitiveView: View where Body == Never {
    var node: ViewNode { get }
}

extension View where Body == Never {
    /// Primitive views have no body: the SDK archives them directly.
    public var body: Never { return fatalError("\(Self.self) is a primitive view and has no body") }
}

extension ViewNode {
    /// Archives a view: primitives give their node, others their body's.
    public init(archiving view: some View) {
        if let primitive = view as? any PrimitiveView {
            self = primitive.node
        } else if let shape = view as? any Shape {
            // A shape of one's own: its outline, made in the widget's size.
            self = shape.node
        } else {
            self = ViewNode(archiving: view.body)
        }
    }
}
