import Foundation
import HostText
import JSONWidgetSpec
import WidgetSDK
import YAML

extension Manifest {
    /// Gives each kind declared with `json:` to the JSON module: its spec
    /// as the kind's settings, its layout's families unless the entry
    /// narrows them. The kinds share the module's process, and so one
    /// sandbox: it may fetch each declared URL's host (the manifest's
    /// author named it, as `sandbox.fetch` would), and the host adds each
    /// kind's headers to its own URL only.
    mutating func resolveJSONKinds() throws(YAMLError) {
        var allowance: [Located<String>] = []
        var credentials = FetchCredentials.none
        for index in widgets.indices {
            guard let json = widgets[index].json else { continue }
            let place = "widgets[\(index)]"
            widgets[index].module = Located(JSONWidgetSpec.module, mark: json.mark)
            let layout = json.spec.layout
            if let families = widgets[index].families {
                if let outside = families.value.first(where: { !layout.families.contains($0) }) {
                    throw YAMLError(file: file, mark: families.mark, path: place + ".families",
                                    message: "a \(layout.rawValue) layout is not drawn at \(outside.rawValue); it is drawn at \(layout.families.map(\.rawValue).joined(separator: ", "))")
                }
            } else {
                widgets[index].families = Located(layout.families, mark: json.mark)
            }
            var spec = json.spec
            spec.title = spec.title ?? widgets[index].kind.value
            do {
                let encoded = try JSONEncoder().encode(spec)
                widgets[index].settings = [JSONWidgetSpec.settingsKey: String(decoding: encoded, as: UTF8.self)]
            } catch {
                throw YAMLError(file: file, mark: json.mark, path: place + ".json", message: "could not be written for the kind: \(error)")
            }
            if let host = json.fetchHost, !allowance.contains(where: { $0.value == host }) {
                allowance.append(Located(host, mark: json.url.mark))
            }
            let granted = json.credentials(relativeTo: directory)
            for grant in granted.grants {
                if let other = credentials.grants.first(where: { $0.sharesPlace(with: grant) }), other != grant {
                    throw YAMLError(file: file, mark: json.headers.first?.mark ?? json.url.mark, path: place + ".json.headers",
                                    message: "another json kind sends other headers to \(TerminalText.escaped(json.url.value)); kinds that read one URL send it the same headers")
                }
            }
            credentials = credentials.union(granted)
            noteUnsetVariables(json.headers, of: index)
        }
        for index in widgets.indices where widgets[index].json != nil {
            widgets[index].sandbox.fetch = allowance
            widgets[index].sandbox.credentials = credentials
        }
    }
}
