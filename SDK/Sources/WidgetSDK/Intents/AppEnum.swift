/// A parameter whose choices are an enumeration's cases, as in App Intents:
///
/// ```swift
/// enum Period: String, AppEnum {
///     case day, week, month
///     static var typeDisplayRepresentation: TypeDisplayRepresentation { "Period" }
///     static var caseDisplayRepresentations: [Period: DisplayRepresentation] {
///         [.day: "Day", .week: "Week", .month: "Month"]
///     }
/// }
///
/// @Parameter(title: "Period", default: .week) var period: Period
/// ```
///
/// The host stores a case by its raw value and offers every case as a
/// choice (`add-instance --period week`), shown with its display name
/// (`widgethost kinds`, `options`); a value that is no case is refused.
public protocol AppEnum: ParameterValue, CaseIterable, RawRepresentable, Hashable where RawValue: LosslessStringConvertible & Sendable {
    /// The enumeration's name for people.
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    /// Each case's name for people.
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

extension AppEnum {
    /// `.string`: a case is stored by its raw value's text.
    public static var parameterType: ParameterType { .string }

    /// The case whose raw value reads as the stored text.
    public init?(configurationValue: ConfigurationValue) {
        guard case .string(let text) = configurationValue, let raw = RawValue(text) else { return nil }
        self.init(rawValue: raw)
    }

    /// The raw value's text.
    public var configurationValue: ConfigurationValue? { .string(String(describing: rawValue)) }

    /// Every case.
    public static var impliedOptions: [ConfigurationValue]? { allCases.compactMap(\.configurationValue) }

    /// Each case's `caseDisplayRepresentations` title, by its stored value.
    public static var impliedOptionTitles: [ConfigurationValue: String] {
        var titles: [ConfigurationValue: String] = [:]
        for (member, representation) in caseDisplayRepresentations {
            if let value = member.configurationValue { titles[value] = representation.title }
        }
        return titles
    }
}
