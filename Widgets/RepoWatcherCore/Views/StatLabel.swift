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
    /// 1234 → "1.2k", as the original widget abbreviates.
    func formatted() -> String {
        guard self >= 1_000 else { return String(self) }
        let thousands = Double(self) / 1_000
        return thousands >= 100 ? "\(Int(thousands))k" : "\((thousands * 10).rounded(.down) / 10)k"
    }
}
