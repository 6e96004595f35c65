import Foundation

/// A strict reader of Prometheus's text exposition format (0.0.4): every
/// line a `# HELP`, a `# TYPE` before its family's samples, or a sample
/// `name{label="value",…} number`. Anything else fails the parse.
package struct PrometheusText {
    package struct Sample { package let name: String; package let labels: [String: String]; package let value: Double }
    package let samples: [Sample]

    package static func parse(_ text: String) throws -> PrometheusText {
        var types: [String: String] = [:]
        var samples: [Sample] = []
        let sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.eE+-]+|NaN|[+-]Inf)$/
        let label = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# HELP ") { continue }
            if line.hasPrefix("# TYPE ") {
                let parts = line.split(separator: " ")
                guard parts.count == 4, ["counter", "gauge", "histogram", "summary", "untyped"].contains(parts[3]) else {
                    throw Malformed(line: String(line))
                }
                types[String(parts[2])] = String(parts[3])
                continue
            }
            guard let match = line.wholeMatch(of: sample), let value = Double(match.3) else { throw Malformed(line: String(line)) }
            let name = String(match.1)
            let family = ["_bucket", "_sum", "_count"].reduce(name) { name, suffix in
                name.hasSuffix(suffix) && types[String(name.dropLast(suffix.count))] == "histogram" ? String(name.dropLast(suffix.count)) : name
            }
            guard types[family] != nil else { throw Malformed(line: "no # TYPE before \(line)") }
            var labels: [String: String] = [:]
            if let list = match.2 {
                for pair in list.matches(of: label) { labels[String(pair.1)] = String(pair.2) }
            }
            samples.append(Sample(name: name, labels: labels, value: value))
        }
        return PrometheusText(samples: samples)
    }

    package func values(_ name: String) -> [Sample] { samples.filter { $0.name == name } }

    package func value(_ name: String, _ labels: [String: String]) -> Double? {
        samples.first { sample in sample.name == name && labels.allSatisfy { key, value in sample.labels[key] == value } }?.value
    }

    struct Malformed: Error, CustomStringConvertible {
        let line: String
        var description: String { "not Prometheus text: \(line)" }
    }
}
