import Foundation
import HostText
import YAML

extension Manifest {
    /// What no extension's environment holds, whatever its name: the
    /// GitHub token, and every variable a credential is read from (an
    /// `LC_` name would otherwise pass).
    package var withheldVariables: Set<String> {
        widgets.reduce([github.tokenEnv]) { $0.union($1.sandbox.credentials.variables) }
    }

    /// Gives each module the `credentials` its entries declare; kinds of one
    /// module share its process, so all its entries must declare the same.
    mutating func resolveCredentials() throws(YAMLError) {
        for index in widgets.indices where !widgets[index].credentials.isEmpty {
            var credentials = FetchCredentials.none
            for declared in widgets[index].credentials {
                guard let grant = declared.grant(relativeTo: directory) else { continue }
                if let other = credentials.grants.first(where: { $0.sharesPlace(with: grant) }), other != grant {
                    throw YAMLError(file: file, mark: declared.url.mark, path: "widgets[\(index)].credentials",
                                    message: "\(TerminalText.escaped(declared.url.value)) is given credentials twice; give it one set")
                }
                credentials = credentials.union(FetchCredentials([grant]))
                noteUnsetVariables(declared.headers, of: index)
            }
            widgets[index].sandbox.credentials = credentials
        }
    }

    /// A note for each header whose variable is not set where the manifest is read.
    mutating func noteUnsetVariables(_ headers: [DeclaredHeader], of index: Int) {
        for header in headers {
            if let name = header.value.source.variable, ProcessInfo.processInfo.environment[name]?.isEmpty ?? true {
                warnings.append(Diagnostic(file: file, mark: header.mark, kind: widgets[index].kind.value,
                                           message: "the header \(header.value.name) reads the environment variable \(name), which is not set here; the host that runs the kind needs it"))
            }
        }
    }
}
