import Foundation
import HostText
import YAML

extension Manifest {
    /// Reads and checks a manifest. Every error names the file, and where the
    /// problem is in it, line and column.
    package static func load(from path: String) throws(YAMLError) -> Manifest {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            var isDirectory: ObjCBool = false
            let reason = switch FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            case false: "no such file"
            case true where isDirectory.boolValue: "is a directory, not a manifest file"
            case true: "cannot be read as UTF-8 text"
            }
            throw YAMLError(file: path, mark: nil, message: reason)
        }
        return try parse(text, file: path)
    }

    package static func parse(_ text: String, file: String) throws(YAMLError) -> Manifest {
        var manifest = try YAMLDecoder().decode(Manifest.self, from: text, file: file)
        manifest.file = file
        try manifest.check()
        try manifest.resolveSandboxes()
        if let url = manifest.container.url {
            do {
                manifest.container.postgres = try PostgresURL(parsing: url.value)
            } catch {
                // The message never repeats the URL: it may hold a password.
                throw YAMLError(file: file, mark: url.mark, path: "container.url", message: error.description)
            }
        }
        return manifest
    }

    /// Rules that span entries, which decoding alone cannot see.
    private func check() throws(YAMLError) {
        func fail(_ mark: Mark?, _ path: String, _ message: String) -> YAMLError {
            YAMLError(file: file, mark: mark, path: path, message: message)
        }
        if widgets.isEmpty {
            throw fail(nil, "widgets", "the bundle offers no widget kinds; list at least one under 'widgets'")
        }
        let group = container.group.value
        if !ContainerSettings.isValidGroup(group) {
            throw fail(container.group.mark, "container.group",
                       "'\(group)' is not a group identifier: use letters, digits, '.', '-' and '_', like group.com.example.Widgets")
        }
        if let url = container.url {
            if container.path != nil {
                throw fail(url.mark, "container.url", "a container is a folder ('path') or a database ('url'), not both: remove one")
            }
            // Each group is a schema of its own in the database, and PostgreSQL names are at most 63 bytes.
            if group.utf8.count > 63 {
                throw fail(container.group.mark, "container.group", "'\(group)' is \(group.utf8.count) bytes; on PostgreSQL a group is at most 63")
            }
        }
        if let lease = container.lease {
            guard container.url != nil else {
                throw fail(lease.mark, "container.lease", "leases share a PostgreSQL container ('url') among hosts; a folder has one host: remove 'lease'")
            }
            guard ContainerSettings.leaseRange.contains(lease.value.seconds) else {
                throw fail(lease.mark, "container.lease", "must be between 2s and 10m, found \(lease.value)")
            }
        }
        var seen: [String: WidgetEntry] = [:]
        // A module's kinds share its process, and so its defaults suite and its sandbox.
        var firstOfModule: [String: WidgetEntry] = [:]
        for (index, entry) in widgets.enumerated() {
            let kind = entry.kind.value
            let other = firstOfModule[entry.module.value, default: entry]
            firstOfModule[entry.module.value] = other
            if other.sharesAppGroup != entry.sharesAppGroup {
                let line = (other.appGroup?.mark ?? other.kind.mark).map { " (line \($0.line), column \($0.column))" } ?? ""
                throw fail(entry.appGroup?.mark ?? entry.kind.mark, "widgets[\(index)].app_group",
                           "kinds of module \(entry.module.value) share its process and so its defaults: '\(other.kind.value)' says app_group: \(other.sharesAppGroup)\(line); give both the same")
            }
            if other.sandbox != entry.sandbox {
                let line = (other.sandbox.mark ?? other.kind.mark).map { " (line \($0.line), column \($0.column))" } ?? ""
                throw fail(entry.sandbox.mark ?? entry.kind.mark, "widgets[\(index)].sandbox",
                           "kinds of module \(entry.module.value) share its process and so its sandbox: '\(other.kind.value)' declares another\(line); give both the same")
            }
            if let first = seen[kind] {
                let line = first.kind.mark.map { " (first at line \($0.line), column \($0.column))" } ?? ""
                throw fail(entry.kind.mark, "widgets[\(index)].kind", "kind '\(kind)' is listed twice\(line)")
            }
            seen[kind] = entry
            if let families = entry.families, families.value.isEmpty {
                throw fail(families.mark, "widgets[\(index)].families",
                           "an empty family list would hide the kind; remove 'families' to offer all the kind supports")
            }
        }
        var ids: [String: InstanceEntry] = [:]
        for (index, instance) in instances.enumerated() {
            if let first = ids[instance.id.value] {
                let line = first.id.mark.map { " (first at line \($0.line), column \($0.column))" } ?? ""
                throw fail(instance.id.mark, "instances[\(index)].id", "id '\(instance.id.value)' is declared twice\(line)")
            }
            ids[instance.id.value] = instance
            if seen[instance.kind.value] == nil {
                let kinds = widgets.map(\.kind.value)
                let hint = Suggestion.closest(to: instance.kind.value, in: kinds).map { " (did you mean '\($0)'?)" } ?? ""
                throw fail(instance.kind.mark, "instances[\(index)].kind",
                           "'\(TerminalText.escaped(instance.kind.value))' is not a kind of this bundle\(hint); its kinds: \(kinds.joined(separator: ", "))")
            }
        }
    }
}

extension Manifest {
    /// Makes each `sandbox.read` path absolute, and refuses one that names
    /// nothing: a typo would otherwise surface only as a refusal at run time.
    private mutating func resolveSandboxes() throws(YAMLError) {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        for index in widgets.indices {
            var resolved: [String] = []
            for (position, path) in widgets[index].sandbox.read.enumerated() {
                let absolute = ExtensionSandbox.resolve(path.value, relativeTo: directory, home: home)
                guard !path.value.isEmpty, FileManager.default.fileExists(atPath: absolute) else {
                    throw YAMLError(file: file, mark: path.mark, path: "widgets[\(index)].sandbox.read[\(position)]",
                                    message: "no such file or folder: \(TerminalText.escaped(absolute))")
                }
                resolved.append(absolute)
            }
            widgets[index].sandbox.readPaths = resolved
        }
    }
}

extension ContainerSettings {
    static func isValidGroup(_ group: String) -> Bool {
        !group.isEmpty && group.count <= 255 && group.first != "." &&
            group.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII || "._-".unicodeScalars.contains($0) }
    }
}
