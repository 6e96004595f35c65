import Foundation

/// Temperatures as the reader reads them: °F where the locale measures in
/// US units (or the instance says so), °C elsewhere, whole degrees.
struct Degrees {
    let unit: UnitTemperature

    init(_ choice: TemperatureChoice, locale: Locale) {
        switch choice {
        case .celsius: unit = .celsius
        case .fahrenheit: unit = .fahrenheit
        case .automatic: unit = locale.measurementSystem == .us ? .fahrenheit : .celsius
        }
    }

    /// "18°" from a temperature in °C.
    func callAsFunction(_ celsius: Double) -> String {
        "\(value(celsius))°"
    }

    /// The whole number shown, in the reader's unit.
    func value(_ celsius: Double) -> Int {
        Int(Measurement(value: celsius, unit: UnitTemperature.celsius).converted(to: unit).value.rounded())
    }

    /// km/h or mph, with its unit.
    func wind(_ kilometresPerHour: Double) -> String {
        unit == .fahrenheit ? "\(Int((kilometresPerHour / 1.609_344).rounded())) mph" : "\(Int(kilometresPerHour.rounded())) km/h"
    }
}
