extension WidgetBundleBuilder {
    /// A control, as one line of the bundle: `WidgetBundle`s list controls
    /// beside their widgets, as on iOS 18.
    public static func buildExpression(_ control: some ControlWidget) -> BundledWidgets {
        BundledWidgets([BundledControl(control.body.descriptor)])
    }
}

/// A control as a bundle holds it: a widget that offers no kind, only its control.
struct BundledControl: Widget {
    let control: ControlDescriptor?

    init() {
        control = nil
    }

    init(_ control: ControlDescriptor) {
        self.control = control
    }

    var body: EmptyWidgetConfiguration {
        var configuration = EmptyWidgetConfiguration()
        configuration.descriptor.control = control
        return configuration
    }
}
