/// How a value shows to people, as App Intents declares it:
/// `DisplayRepresentation(title: "apple/swift", subtitle: "67k stars")`, or
/// a string literal (`[.week: "Week"]`). The title is looked up in the
/// module's string tables, as a `LocalizedStringResource` is.
public struct DisplayRepresentation: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// The name shown for the value.
    public var title: String
    /// A second line, if any.
    public var subtitle: String?
    /// A symbol or image beside it, if any.
    public var image: Image?

    /// A title, and optionally a subtitle and an image.
    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Image? = nil) {
        self.title = String(localized: title)
        self.subtitle = subtitle.map { String(localized: $0) }
        self.image = image
    }

    /// `"Day"` as a representation.
    public init(stringLiteral title: String) {
        self.init(title: LocalizedStringResource(stringLiteral: title))
    }

    /// An SF Symbol or a named image, as App Intents' `DisplayRepresentation.Image`.
    public struct Image: Sendable, Hashable {
        /// The symbol's or image's name.
        public let name: String
        /// True for an SF Symbol.
        public let isSymbol: Bool

        /// An SF Symbol: `.init(systemName: "star.fill")`.
        public init(systemName: String) {
            name = systemName
            isSymbol = true
        }

        /// An image among the module's resources.
        public init(named name: String) {
            self.name = name
            isSymbol = false
        }
    }
}

/// How a type shows to people: `static var typeDisplayRepresentation: TypeDisplayRepresentation = "Repository"`.
public struct TypeDisplayRepresentation: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// The type's name.
    public var name: String
    /// How a count of it reads ("%lld repositories"), if given; not used by the host.
    public var numericFormat: String?

    /// A name, and optionally how a count reads.
    public init(name: LocalizedStringResource, numericFormat: LocalizedStringResource? = nil) {
        self.name = String(localized: name)
        self.numericFormat = numericFormat.map { String(localized: $0) }
    }

    /// `"Repository"` as a representation.
    public init(stringLiteral name: String) {
        self.init(name: LocalizedStringResource(stringLiteral: name))
    }
}
