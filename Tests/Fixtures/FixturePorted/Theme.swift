// The app's colours, as a UIKit app keeps them.
import UIKit

enum Theme {
    /// The name's colour: the asset catalog's, light and dark.
    static var name: UIColor { UIColor(named: "Brand") ?? .label }
    /// A line of lesser weight.
    static var detail: UIColor { .secondaryLabel }
}
