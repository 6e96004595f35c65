import Foundation
import HostText
import WidgetSDK
import YAML

/// The bundle manifest (`config.yaml`): the widget kinds a host offers, where
/// their modules are, and the container their instances live in. The
/// WidgetBundle of widgethost.
package struct Manifest: Decodable, Sendable {
    /// The bundle's name, shown in summaries.
    package var name: String?
    package var container: ContainerSettings
    /// Folders searched for widget modules, relative to the manifest.
    package var modulePaths: [Located<String>]
    package var widgets: [WidgetEntry]
    package var schedule: ScheduleSettings
    package var github: GitHubSettings
    /// `sandbox: required` refuses to start kinds on a kernel that cannot
    /// confine them fully; the default runs them with what it can enforce.
    package var sandbox: Located<SandboxRequirement>?
    /// Widgets placed by the manifest, kept in the container in step with it.
    package var instances: [InstanceEntry]
    /// Light or dark, the accent colour, corner radius, the dashboard's page.
    package var appearance: AppearanceSettings
    /// Web addresses the dashboard opens for links with an app's own scheme.
    package var links: LinkSchemes
    /// Who may stand in front of the dashboard: trusted proxies.
    package var dashboard: DashboardSettings
    /// Pictures of several instances for a panel: `/screens/<name>.png`.
    package var screens: [ScreenSettings]
    /// E-ink devices admitted by the manifest, each showing a screen.
    package var devices: [DeviceEntry]
    /// `locale: de_DE`: the language of the kinds' string tables; without
    /// it, the host's own (`LANG`).
    package var locale: String?

    package var sandboxRequirement: SandboxRequirement { sandbox?.value ?? .bestEffort }

    /// The manifest file this was read from.
    package var file: String = ""
    /// What is allowed but probably not meant (a `sandbox.read` of a broad
    /// folder): `validate` prints them and `run` logs them.
    package internal(set) var warnings: [Diagnostic] = []

    enum CodingKeys: String, CodingKey {
        case name, container, widgets, schedule, github, sandbox, instances, appearance, links, locale, dashboard, screens, devices
        case modulePaths = "module_paths"
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        if let name, name.isEmpty || !TerminalText.showsSomething(name) || name.unicodeScalars.contains(where: TerminalText.isUnsafe) || name.count > 64 {
            throw DecodingError.dataCorruptedError(
                forKey: .name, in: container,
                debugDescription: "the bundle's name is 1 to 64 characters that show, without control characters; found '\(TerminalText.escaped(name))'")
        }
        self.container = try container.decode(ContainerSettings.self, forKey: .container)
        modulePaths = try container.decodeIfPresent([Located<String>].self, forKey: .modulePaths) ?? []
        widgets = try container.decode([WidgetEntry].self, forKey: .widgets)
        schedule = try container.decodeIfPresent(ScheduleSettings.self, forKey: .schedule) ?? ScheduleSettings()
        github = try container.decodeIfPresent(GitHubSettings.self, forKey: .github) ?? GitHubSettings()
        instances = try container.decodeIfPresent([InstanceEntry].self, forKey: .instances) ?? []
        appearance = try container.decodeIfPresent(AppearanceSettings.self, forKey: .appearance) ?? AppearanceSettings()
        links = try container.decodeIfPresent(LinkSchemes.self, forKey: .links) ?? LinkSchemes()
        dashboard = try container.decodeIfPresent(DashboardSettings.self, forKey: .dashboard) ?? DashboardSettings()
        screens = try container.decodeIfPresent([ScreenSettings].self, forKey: .screens) ?? []
        devices = try container.decodeIfPresent([DeviceEntry].self, forKey: .devices) ?? []
        locale = try container.decodeIfPresent(String.self, forKey: .locale)
        if let locale, locale.wholeMatch(of: /[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})?(\.[A-Za-z0-9-]{1,16})?(@[A-Za-z0-9]{1,16})?/) == nil {
            throw DecodingError.dataCorruptedError(
                forKey: .locale, in: container,
                debugDescription: "expected a locale such as 'de_DE', 'fr' or 'pt_BR.UTF-8', found '\(TerminalText.escaped(locale))'")
        }
        if let text = try container.decodeIfPresent(Located<String>.self, forKey: .sandbox) {
            guard let requirement = SandboxRequirement(rawValue: text.value) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .sandbox, in: container,
                    debugDescription: "expected 'required' or 'best-effort', found '\(TerminalText.escaped(text.value))'")
            }
            sandbox = Located(requirement, mark: text.mark)
        }
    }

    /// The environment the kinds' extensions start with: `environment`, with
    /// `locale:` in place of the host's own when the manifest sets it.
    package func extensionEnvironment(_ environment: [String: String]) -> [String: String] {
        guard let locale else { return environment }
        let name = locale.replacingOccurrences(of: "-", with: "_")
        let full = name.contains(".") ? name : name + ".UTF-8"
        var result = environment.filter { $0.key != "LANGUAGE" && !$0.key.hasPrefix("LC_") }
        result["LANG"] = full
        result["LC_ALL"] = full
        return result
    }

    /// The screen named `name`, if the manifest declares it.
    package func screen(named name: String) -> ScreenSettings? {
        screens.first { $0.name.value == name }
    }

    /// The entry declaring the instance `id`, if the manifest declares it.
    package func instanceEntry(id: String) -> InstanceEntry? {
        instances.first { $0.id.value == id }
    }

    /// `config.yaml:12:5`: where a mark is, for messages.
    package func place(_ mark: Mark?) -> String {
        file + (mark.map { ":\($0)" } ?? "")
    }

    /// The folder the manifest is in; relative paths in it start here.
    package var directory: URL {
        URL(fileURLWithPath: file).deletingLastPathComponent()
    }
}

/// A kind the bundle offers, and the module that exports it.
package struct WidgetEntry: Decodable, Sendable {
    package var kind: Located<String>
    /// The module's name: `SingleRepo` is `libSingleRepo.so`.
    package var module: Located<String>
    /// Narrows the kind's supported families; never widens them.
    package var families: Located<[WidgetFamily]>?
    /// Handed to the kind's provider as `context.settings`.
    package var settings: [String: String]
    /// What the kind's extension process may use.
    package var limits: ExtensionLimits
    /// What the kind's extension may do beyond the default sandbox.
    package var sandbox: ExtensionSandbox
    /// Whether the kind's module shares the App Group's defaults suite (the
    /// default, as one app's extensions do), or keeps a suite of its own:
    /// for a module from another vendor than the manifest's other kinds.
    package var appGroup: Located<Bool>?
    /// A kind declared here, drawn by widgethost's JSON module.
    package var json: JSONKindDeclaration?
    /// What the host adds to the module's requests to given places.
    package var credentials: [CredentialDeclaration]
    package var mark: Mark?

    /// `app_group`, or the default.
    package var sharesAppGroup: Bool { appGroup?.value ?? true }

    /// What `settings` may hold: they go to the kind with every call.
    static let maximumSettings = 256
    static let maximumSettingsBytes = 64 << 10

    enum CodingKeys: String, CodingKey {
        case kind, module, families, settings, limits, sandbox, json, credentials
        case appGroup = "app_group"
    }

    package init(from decoder: any Decoder) throws {
        mark = decoder.yamlMark
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Located<String>.self, forKey: .kind)
        json = try container.decodeIfPresent(JSONKindDeclaration.self, forKey: .json)
        credentials = try container.decodeIfPresent([CredentialDeclaration].self, forKey: .credentials) ?? []
        if json != nil, let key = [CodingKeys.module, .settings, .sandbox, .credentials].first(where: container.contains) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "a kind declared with 'json' runs in widgethost's JSON module, which fetches its url and nothing else: remove '\(key.stringValue)'")
        }
        module = try container.decodeIfPresent(Located<String>.self, forKey: .module) ?? kind
        // A file name, never a path: `module: x/../../elsewhere` once loaded a library from outside module_paths.
        let name = module.value
        if name.isEmpty || name.contains("/") || name.hasPrefix(".") || name.unicodeScalars.contains(where: TerminalText.isUnsafe) {
            throw DecodingError.dataCorruptedError(
                forKey: container.contains(.module) ? .module : .kind, in: container,
                debugDescription: "a module is named as its library is (SingleRepo for libSingleRepo.so), without '/' or a leading '.'; found '\(TerminalText.escaped(name))'")
        }
        families = try container.decodeIfPresent(Located<[WidgetFamily]>.self, forKey: .families)
        settings = try container.decodeIfPresent([String: String].self, forKey: .settings) ?? [:]
        // Every call into the kind carries them: a million keys killed its extension on each.
        let size = settings.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
        if settings.count > Self.maximumSettings || size > Self.maximumSettingsBytes {
            throw DecodingError.dataCorruptedError(
                forKey: .settings, in: container,
                debugDescription: "at most \(Self.maximumSettings) settings of \(Self.maximumSettingsBytes / 1024) KiB in all; found \(settings.count) of \(size) bytes")
        }
        limits = try container.decodeIfPresent(ExtensionLimits.self, forKey: .limits) ?? ExtensionLimits()
        sandbox = try container.decodeIfPresent(ExtensionSandbox.self, forKey: .sandbox) ?? ExtensionSandbox()
        appGroup = try container.decodeIfPresent(Located<Bool>.self, forKey: .appGroup)
    }
}

/// Where instances and shared defaults are stored: the App Group.
package struct ContainerSettings: Decodable, Sendable {
    /// A group identifier such as `group.co.harold.RepoWatcher`.
    package var group: Located<String>
    /// The folder for the container's files; default
    /// `$XDG_DATA_HOME/widgethost/<group>/`. Relative to the manifest.
    package var path: String?
    /// A PostgreSQL database to keep the container in instead of a SQLite
    /// file, shared by a fleet of hosts: `postgres://user@host:5432/db`.
    package var url: Located<String>?
    /// `url`, read and checked when the manifest is loaded.
    package internal(set) var postgres: PostgresURL?
    /// On PostgreSQL, how long a host's leases on its instances outlive its
    /// last renewal: how soon the others take over from a host that died.
    package var lease: Located<DurationValue>?

    /// Long enough for a busy database's round trips, short enough that
    /// a dead host's instances move well within 30 s.
    package static let defaultLease = Duration.seconds(10)
    static let leaseRange: ClosedRange<TimeInterval> = 2 ... 600

    /// `lease`, or the default.
    package var leaseDuration: Duration { lease.map { .milliseconds(Int64($0.value.seconds * 1000)) } ?? Self.defaultLease }

    /// The container's folder: `path` relative to the manifest's folder,
    /// else `$XDG_DATA_HOME/widgethost/<group>/`, else
    /// `~/.local/share/widgethost/<group>/`. A PostgreSQL container keeps its
    /// kinds' folders and its dashboard key there.
    package func directory(relativeTo manifestDirectory: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let path { return URL(fileURLWithPath: path, relativeTo: manifestDirectory).standardizedFileURL }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/share")
        return dataHome.appendingPathComponent("widgethost").appendingPathComponent(group.value)
    }

    enum CodingKeys: String, CodingKey {
        case group, path, url, lease
    }
}
