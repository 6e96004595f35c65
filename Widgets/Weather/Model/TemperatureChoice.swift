import AppIntents

/// °C or °F: by default as the reader's locale measures (the manifest's `locale`).
enum TemperatureChoice: String, AppEnum {
    case automatic, celsius, fahrenheit

    static var typeDisplayRepresentation: TypeDisplayRepresentation { "Temperature unit" }
    static var caseDisplayRepresentations: [TemperatureChoice: DisplayRepresentation] {
        [.automatic: "As the locale measures", .celsius: "Celsius", .fahrenheit: "Fahrenheit"]
    }
}
