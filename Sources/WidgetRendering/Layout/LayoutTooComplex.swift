import Foundation

/// A view tree whose layout outran the work budget: drawn as a card that
/// says so, in place of the widget.
package struct LayoutTooComplex: Error, CustomStringConvertible, Equatable {
    package let budget: Int

    package var description: String {
        "this entry is too complex to draw: laying it out took more than \(budget.formatted()) steps (its stacks are nested too deeply)"
    }
}
