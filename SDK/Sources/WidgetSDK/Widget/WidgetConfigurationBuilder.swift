/// Builds a widget's `body` as WidgetKit does: one configuration, or one of
/// two (`if`/`else`, `switch`), `if #available` among them.
@resultBuilder
public enum WidgetConfigurationBuilder {
    /// The one configuration.
    public static func buildBlock<Configuration: WidgetConfiguration>(_ configuration: Configuration) -> Configuration {
        configuration
    }

    /// The first branch of an `if`/`else` or a `switch`.
    public static func buildEither<First: WidgetConfiguration, Second: WidgetConfiguration>(first: First) -> EitherWidgetConfiguration<First, Second> {
        EitherWidgetConfiguration(descriptor: first.descriptor)
    }

    /// The second branch of an `if`/`else` or a `switch`.
    public static func buildEither<First: WidgetConfiguration, Second: WidgetConfiguration>(second: Second) -> EitherWidgetConfiguration<First, Second> {
        EitherWidgetConfiguration(descriptor: second.descriptor)
    }

    /// The branch of an `if #available`.
    public static func buildLimitedAvailability(_ configuration: some WidgetConfiguration) -> LimitedAvailabilityConfiguration {
        LimitedAvailabilityConfiguration(descriptor: configuration.descriptor)
    }
}

/// One of two configurations, as a body with `if`/`else` gives.
public struct EitherWidgetConfiguration<First: WidgetConfiguration, Second: WidgetConfiguration>: WidgetConfiguration {
    /// The branch taken's.
    public var descriptor: WidgetDescriptor

    init(descriptor: WidgetDescriptor) {
        self.descriptor = descriptor
    }
}

/// The configuration of an `if #available` branch, its type erased as
/// WidgetKit erases it.
public struct LimitedAvailabilityConfiguration: WidgetConfiguration {
    /// The branch's.
    public var descriptor: WidgetDescriptor

    init(descriptor: WidgetDescriptor) {
        self.descriptor = descriptor
    }
}
