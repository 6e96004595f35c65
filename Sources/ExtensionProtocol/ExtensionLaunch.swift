/// How the host starts an extension process: the runner's arguments, and
/// the descriptor the channel is on. Both sides read them from here.
package struct ExtensionLaunch: Sendable, Equatable {
    /// The channel is always this descriptor in the extension: not stdin or
    /// stdout, so nothing a kind prints can corrupt the protocol.
    package static let channelDescriptor: Int32 = 3
    /// Bumped whenever a message changes shape. A runner from another build
    /// refuses to start rather than misread the host.
    package static let protocolVersion = 7
    /// The runner's exit status when the host speaks another protocol version.
    package static let protocolMismatchStatus: Int32 = 65
    /// The runner's exit status when it could not enter its sandbox.
    package static let confinementFailedStatus: Int32 = 66

    package var modulePath: String
    /// The limit on the extension's data segment (`RLIMIT_DATA`), in bytes.
    package var memoryLimit: Int
    /// The limit on open descriptors (`RLIMIT_NOFILE`).
    package var openFilesLimit: Int
    /// The largest file it may write (`RLIMIT_FSIZE`): its folder's disk limit.
    package var fileSizeLimit: Int?
    /// The host's pid: the extension exits when its parent is no longer this.
    package var hostPID: Int32
    /// The manifest's `container.group`: `UserDefaults(suiteName:)` with
    /// this name reaches the App Group's defaults. Nil without a container.
    package var appGroup: String?
    /// The module's own folder in the container, made by the host:
    /// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`.
    package var groupFolder: String?
    /// Files and folders the manifest lets the module read beyond what
    /// every extension may (`widgets[].sandbox.read`), absolute.
    package var extraReadPaths: [String]
    /// Whether the module may open sockets of its own (`widgets[].sandbox.network`).
    package var network: Bool
    /// False only for the benchmark's comparison: the runner then loads the module unconfined.
    package var confined: Bool
    /// Whether the runner puts the extension in namespaces of its own
    /// (`wh_isolate_processes`): where the system allows them.
    package var isolated: Bool

    package init(modulePath: String, memoryLimit: Int, openFilesLimit: Int, fileSizeLimit: Int? = nil, hostPID: Int32,
                 appGroup: String? = nil, groupFolder: String? = nil,
                 extraReadPaths: [String] = [], network: Bool = false, confined: Bool = true, isolated: Bool = false) {
        self.modulePath = modulePath
        self.memoryLimit = memoryLimit
        self.openFilesLimit = openFilesLimit
        self.fileSizeLimit = fileSizeLimit
        self.hostPID = hostPID
        self.appGroup = appGroup
        self.groupFolder = groupFolder
        self.extraReadPaths = extraReadPaths
        self.network = network
        self.confined = confined
        self.isolated = isolated
    }

    package var arguments: [String] {
        var arguments = ["--module", modulePath, "--memory", String(memoryLimit), "--open-files", String(openFilesLimit),
                         "--host-pid", String(hostPID), "--protocol", String(Self.protocolVersion)]
        if let fileSizeLimit { arguments += ["--file-size", String(fileSizeLimit)] }
        if let appGroup { arguments += ["--app-group", appGroup] }
        if let groupFolder { arguments += ["--group-folder", groupFolder] }
        for path in extraReadPaths { arguments += ["--read", path] }
        if network { arguments += ["--network", "allowed"] }
        if !confined { arguments += ["--sandbox", "off"] }
        if isolated { arguments += ["--processes", "isolated"] }
        return arguments
    }

    /// The protocol version the host that wrote `arguments` speaks.
    package static func hostProtocol(in arguments: [String]) -> Int? {
        arguments.firstIndex(of: "--protocol").flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil }
    }

    /// Reads `arguments` back; nil when they are not the host's.
    package init?(arguments: [String]) {
        var values: [String: String] = [:]
        var reads: [String] = []
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            guard flag.hasPrefix("--"), let value = remaining.popFirst() else { return nil }
            if flag == "--read" { reads.append(value) } else { values[flag] = value }
        }
        guard let module = values["--module"], let memory = values["--memory"].flatMap(Int.init),
              let files = values["--open-files"].flatMap(Int.init), let host = values["--host-pid"].flatMap(Int32.init)
        else { return nil }
        self.init(modulePath: module, memoryLimit: memory, openFilesLimit: files, fileSizeLimit: values["--file-size"].flatMap(Int.init),
                  hostPID: host, appGroup: values["--app-group"],
                  groupFolder: values["--group-folder"], extraReadPaths: reads, network: values["--network"] == "allowed",
                  confined: values["--sandbox"] != "off", isolated: values["--processes"] == "isolated")
    }
}
