import WidgetSDK

/// A symbol and a count: stars, forks, open issues.
struct StatLabel: View {
    let value: Int
    let systemImageName: String

    var body: some View {
        HStack(spacing: 4) {
            Image(systemName: systemImageName)
                .frame(width: 12, height: 12)
                .foregroundStyle(.green)
                .widgetAccentable()
            Text(value.formatted())
                .font(.footnote)
                .fontWeight(.medium)
                .lineLimit(1)
        }
    }
}

extension Int {
    /// As GitHub shows counts: 999, 1k, 65.1k (65,076, rounded to nearest),
    /// 123k, 1M (999,950), 1.3M. One decimal below 100 of a unit, none above,
    /// and no ".0"; a count that rounds to 1,000 of a unit moves up a unit.
    func formatted() -> String {
        guard self >= 1_000 else { return String(self) }
        let units: [(scale: Double, suffix: String)] = [(1e3, "k"), (1e6, "M"), (1e9, "B")]
        for (index, unit) in units.enumerated() {
            let scaled = Double(self) / unit.scale
            let rounded = scaled >= 100 ? scaled.rounded() : (scaled * 10).rounded() / 10
            guard rounded >= 1_000, index < units.count - 1 else {
                return (rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + unit.suffix
            }
        }
        return String(self)
    }
}
