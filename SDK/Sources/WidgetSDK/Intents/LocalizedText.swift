/// An intent's or a parameter's title, as App Intents names its type:
/// `static var title: LocalizedStringResource { "Select Repo" }` builds here
/// unchanged. A title is shown as written, not looked up in the module's
/// string tables, so it is plain `String`.
public typealias LocalizedStringResource = String

/// An intent's description, as App Intents names its type:
/// `static var description: IntentDescription { "Which repository to show." }`
/// and `IntentDescription("…")` build here unchanged. Plain `String`, as
/// `LocalizedStringResource` is.
public typealias IntentDescription = String
