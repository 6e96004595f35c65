import Foundation

/// How the card writes its figures.
enum Figures {
    static func percent(_ fraction: Double) -> String {
        "\(Int((min(max(fraction, 0), 1) * 100).rounded()))%"
    }

    static func decimal(_ value: Double) -> String {
        String(format: "%.2f", value)
    }

    /// "6.5 GB", "216 GB": three figures at most, counted in powers of
    /// 1,024 as memory and `df -h` count them.
    static func bytes(_ count: Double) -> String {
        var value = max(count, 0)
        var unit = 0
        let units = ["B", "KB", "MB", "GB", "TB", "PB"]
        while value >= 1_000, unit < units.count - 1 {
            value /= 1_024
            unit += 1
        }
        return value < 10 && unit > 0 ? String(format: "%.1f %@", value, units[unit]) : "\(Int(value.rounded())) \(units[unit])"
    }
}
