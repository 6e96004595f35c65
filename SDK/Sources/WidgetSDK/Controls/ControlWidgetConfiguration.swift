/// What a control's `body` returns: `StaticControlConfiguration` or
/// `AppIntentControlConfiguration`, with their modifiers; the host reads `descriptor`.
public protocol ControlWidgetConfiguration: Sendable {
    /// What the host reads of the control; the modifiers change it.
    var descriptor: ControlDescriptor { get set }
}

extension ControlWidgetConfiguration {
    func updatingDescriptor(_ change: (inout ControlDescriptor) -> Void) -> Self {
        var copy = self
        change(&copy.descriptor)
        return copy
    }

    /// The control's name, as the controls gallery shows it: `.displayName("Work Timer")`.
    public func displayName(_ name: LocalizedStringResource) -> Self {
        updatingDescriptor { $0.displayName = String(localized: name) }
    }

    /// What the control does, as the controls gallery shows it.
    public func description(_ description: LocalizedStringResource) -> Self {
        updatingDescriptor { $0.description = String(localized: description) }
    }

    /// Asks the user to configure the control when it is added. Recorded:
    /// here a configurable control is shown with its intent's default values.
    public func promptsForUserConfiguration() -> Self {
        updatingDescriptor { $0.promptsForUserConfiguration = true }
    }
}

/// Builds a control's `body`: one configuration, one of two (`if`/`else`),
/// or the branch of an `if #available`.
@resultBuilder
public enum ControlWidgetConfigurationBuilder {
    /// The one configuration.
    public static func buildBlock<Configuration: ControlWidgetConfiguration>(_ configuration: Configuration) -> Configuration {
        configuration
    }

    /// The first branch of an `if`/`else`.
    public static func buildEither(first: some ControlWidgetConfiguration) -> AnyControlWidgetConfiguration {
        AnyControlWidgetConfiguration(descriptor: first.descriptor)
    }

    /// The second branch of an `if`/`else`.
    public static func buildEither(second: some ControlWidgetConfiguration) -> AnyControlWidgetConfiguration {
        AnyControlWidgetConfiguration(descriptor: second.descriptor)
    }

    /// The branch of an `if #available`.
    public static func buildLimitedAvailability(_ configuration: some ControlWidgetConfiguration) -> AnyControlWidgetConfiguration {
        AnyControlWidgetConfiguration(descriptor: configuration.descriptor)
    }
}

/// A control's configuration with its type erased, as a body with
/// `if`/`else` or `if #available` gives.
public struct AnyControlWidgetConfiguration: ControlWidgetConfiguration {
    /// The branch taken's.
    public var descriptor: ControlDescriptor
}
