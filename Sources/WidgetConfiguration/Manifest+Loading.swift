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
        try manifest.resolveJSONKinds()
        try manifest.resolveCredentials()
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
            if other.sandbox.credentials != entry.sandbox.credentials {
                throw fail(entry.credentials.first?.url.mark ?? entry.kind.mark, "widgets[\(index)].credentials",
                           "kinds of module \(entry.module.value) share its process and so its credentials: '\(other.kind.value)' declares others; give both the same")
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
        var screenNames: [String: ScreenSettings] = [:]
        for (index, screen) in screens.enumerated() {
            if let first = screenNames[screen.name.value] {
                let line = first.name.mark.map { " (first at line \($0.line), column \($0.column))" } ?? ""
                throw fail(screen.name.mark, "screens[\(index)].name", "screen '\(screen.name.value)' is declared twice\(line)")
            }
            screenNames[screen.name.value] = screen
        }
        var macs: [String: DeviceEntry] = [:]
        for (index, device) in devices.enumerated() {
            if let first = macs[device.mac.value] {
                let line = first.mac.mark.map { " (first at line \($0.line), column \($0.column))" } ?? ""
                throw fail(device.mac.mark, "devices[\(index)].mac", "device \(device.mac.value) is declared twice\(line)")
            }
            macs[device.mac.value] = device
            if screenNames[device.screen.value] == nil {
                let names = screens.map(\.name.value)
                let hint = Suggestion.closest(to: device.screen.value, in: names).map { " (did you mean '\($0)'?)" } ?? ""
                throw fail(device.screen.mark, "devices[\(index)].screen",
                           "'\(TerminalText.escaped(device.screen.value))' is not a screen of this manifest\(hint)"
                           + (names.isEmpty ? "; declare it under 'screens'" : "; its screens: \(names.joined(separator: ", "))"))
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
    /// nothing (a typo would otherwise surface only as a refusal at run
    /// time) or that would open what the sandbox keeps from every kind: the
    /// container's folder (its database, every module's folder, the
    /// dashboard's key), the folder where the service keeps the token, and
    /// any folder above either, symbolic links followed. A folder that holds
    /// much else (`/etc`, `/var`, a home folder) is allowed with a warning.
    private mutating func resolveSandboxes() throws(YAMLError) {
        let environment = ProcessInfo.processInfo.environment
        let home = environment["HOME"] ?? NSHomeDirectory()
        let credentialFiles = Set(widgets.flatMap(\.sandbox.credentials.files)).sorted().map { ("a file a credential is read from", Self.realPath($0)) }
        let protected = Self.protectedFolders(container: container.directory(relativeTo: directory, environment: environment), environment: environment)
            + credentialFiles
        for index in widgets.indices {
            var resolved: [String] = []
            for (position, path) in widgets[index].sandbox.read.enumerated() {
                let place = "widgets[\(index)].sandbox.read[\(position)]"
                let absolute = ExtensionSandbox.resolve(path.value, relativeTo: directory, home: home)
                guard !path.value.isEmpty, FileManager.default.fileExists(atPath: absolute) else {
                    throw YAMLError(file: file, mark: path.mark, path: place, message: "no such file or folder: \(TerminalText.escaped(absolute))")
                }
                let real = Self.realPath(absolute)
                if let (name, folder) = protected.first(where: { Self.path(real, isWithinOrAbove: $0.folder) }) {
                    let how = real == folder ? "is" : Self.path(real, isWithinOrAbove: folder, above: false) ? "is inside" : "holds"
                    throw YAMLError(file: file, mark: path.mark, path: place,
                                    message: "'\(TerminalText.escaped(path.value))' \(how) \(name) (\(TerminalText.escaped(folder))), which no kind may read; name the files the kind needs")
                }
                if let broad = Self.broadFolder(real, home: Self.realPath(home)) {
                    warnings.append(Diagnostic(file: file, mark: path.mark, kind: widgets[index].kind.value,
                                               message: "sandbox.read '\(TerminalText.escaped(path.value))' lets the kind read \(broad); name the files it needs if it needs less"))
                }
                resolved.append(absolute)
            }
            widgets[index].sandbox.readPaths = resolved
        }
    }

    /// What no `sandbox.read` may open: the container's folder, and the
    /// folder of widgethost's own settings, where the service keeps the
    /// token (`~/.config/widgethost/environment`).
    static func protectedFolders(container: URL, environment: [String: String]) -> [(name: String, folder: String)] {
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".config").path
        return [
            ("the container's folder", realPath(container.path)),
            ("the folder of widgethost's settings and token", realPath(URL(fileURLWithPath: configHome).appendingPathComponent("widgethost").path)),
        ]
    }

    /// `path` with every symbolic link resolved, as far as it exists.
    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else {
            // Not there yet (a container made on first use): its parent's real path.
            let url = URL(fileURLWithPath: path)
            let parent = url.deletingLastPathComponent().path
            return parent == path ? path : URL(fileURLWithPath: realPath(parent)).appendingPathComponent(url.lastPathComponent).path
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is `folder`, inside it, or (with `above`) one of its ancestors.
    static func path(_ path: String, isWithinOrAbove folder: String, above: Bool = true) -> Bool {
        func components(_ text: String) -> [Substring] { text.split(separator: "/") }
        let (path, folder) = (components(path), components(folder))
        if path.starts(with: folder) { return true }
        return above && folder.starts(with: path)
    }

    /// What a folder that holds much else is, or nil.
    static func broadFolder(_ path: String, home: String) -> String? {
        if path == home { return "your whole home folder" }
        if path == "/" { return "every file the user can" }
        let broad = ["/etc", "/var", "/srv", "/opt", "/home", "/root", "/tmp", "/mnt", "/media", "/run", "/boot", "/proc", "/sys", "/dev"]
        if broad.contains(path) { return "all of \(path)" }
        if path.split(separator: "/").count == 2, path.hasPrefix("/home/") { return "a whole home folder" }
        return nil
    }
}

extension ContainerSettings {
    static func isValidGroup(_ group: String) -> Bool {
        !group.isEmpty && group.count <= 255 && group.first != "." &&
            group.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII || "._-".unicodeScalars.contains($0) }
    }
}
