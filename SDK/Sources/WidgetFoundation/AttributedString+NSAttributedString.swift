import Foundation

extension AttributedString {
    /// Foundation's bridge from `NSAttributedString`, which
    /// swift-corelibs-foundation lacks: the characters, and each run's link
    /// (`.link`, a `URL` or its string). Fonts and colours set with UIKit's
    /// keys are not carried: style the `Text` or the runs of the
    /// `AttributedString` instead, which are drawn.
    public init(_ nsStr: NSAttributedString) {
        self.init(nsStr.string)
        let whole = NSRange(location: 0, length: nsStr.length)
        // Apple's `.link` key, which swift-corelibs-foundation does not name.
        nsStr.enumerateAttribute(NSAttributedString.Key("NSLink"), in: whole) { value, range, _ in
            guard let value, let bounds = Range(range, in: nsStr.string),
                  let lower = AttributedString.Index(bounds.lowerBound, within: self),
                  let upper = AttributedString.Index(bounds.upperBound, within: self) else { return }
            let url = value as? URL ?? (value as? String).flatMap(URL.init(string:))
            self[lower..<upper].link = url
        }
    }
}
