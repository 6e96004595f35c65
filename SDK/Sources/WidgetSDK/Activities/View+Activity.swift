extension View {
    /// The Lock Screen activity's background: drawn as its container background.
    public func activityBackgroundTint(_ color: Color?) -> some View {
        guard let color else { return ArchivedView(ViewNode(archiving: self)) }
        return ArchivedView(ViewNode(archiving: self).modified(.containerBackground(color)))
    }

    /// The colour of the system's buttons beside an activity; accepted (there are none here).
    public func activitySystemActionForegroundColor(_ color: Color?) -> some View { self }
}

extension EnvironmentValues {
    /// The size the activity is drawn at: `.medium` here.
    public var activityFamily: ActivityFamily {
        get { self[ActivityFamilyKey.self] }
        set { self[ActivityFamilyKey.self] = newValue }
    }

    /// False: an activity is drawn on a Lock Screen's card, never full screen in StandBy.
    public var isActivityFullscreen: Bool { false }
}

private struct ActivityFamilyKey: EnvironmentKey {
    static let defaultValue = ActivityFamily.medium
}
