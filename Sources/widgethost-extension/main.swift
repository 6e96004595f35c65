import CProcessControl
import ExtensionProtocol
import Foundation
import WidgetSDK

// The extension process: the only place a widget module's code runs. The host
// starts one per module with the channel on descriptor 3, a short allow-list
// of environment variables, and stdout/stderr captured into its log.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == RasterizerWire.argument {
    // Dies with the host, as an extension does.
    _ = wh_set_parent_death_signal(SIGKILL)
    _ = wh_drop_capabilities()
    RasterizerWorker.run()
}
if let hostProtocol = ExtensionLaunch.hostProtocol(in: arguments), hostProtocol != ExtensionLaunch.protocolVersion {
    FileHandle.standardError.write(Data("""
        this widgethost-extension speaks protocol \(ExtensionLaunch.protocolVersion), the host \(hostProtocol): \
        they come from different builds; build or install them together

        """.utf8))
    exit(ExtensionLaunch.protocolMismatchStatus)
}
guard let launch = ExtensionLaunch(arguments: arguments) else {
    FileHandle.standardError.write(Data("widgethost-extension is started by widgethost, not by hand\n".utf8))
    exit(64)
}

// No orphans: die with the host, whichever way it ends. The host may already
// have gone before this line ran, hence the check after it.
_ = wh_set_parent_death_signal(SIGKILL)
if getppid() != launch.hostPID { exit(0) }

// Limits first, so the module's own initialisers already run within them.
var memory = rlimit(rlim_cur: rlim_t(launch.memoryLimit), rlim_max: rlim_t(launch.memoryLimit))
setrlimit(Int32(RLIMIT_DATA.rawValue), &memory)
var files = rlimit(rlim_cur: rlim_t(launch.openFilesLimit), rlim_max: rlim_t(launch.openFilesLimit))
setrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
if let fileSizeLimit = launch.fileSizeLimit {
    // No file past the folder's disk limit; a write that would go past it
    // fails with EFBIG rather than killing the process with SIGXFSZ.
    var size = rlimit(rlim_cur: rlim_t(fileSizeLimit), rlim_max: rlim_t(fileSizeLimit))
    setrlimit(Int32(RLIMIT_FSIZE.rawValue), &size)
    signal(SIGXFSZ, SIG_IGN)
}
// Namespaces of its own, while this process still has one thread and its
// capabilities: from here on, this is the child that runs the module, and
// the process the host started only waits for it.
if launch.isolated, let problem = ProcessIsolation.enter() {
    FileHandle.standardError.write(Data("\(problem)\n".utf8))
}
// Running as root must not let a kind read the host's memory or environment.
_ = wh_drop_capabilities()
signal(SIGPIPE, SIG_IGN)
// stdout is a pipe to the host, which C buffers in blocks: a kind's `print`
// would reach the log only when 4 KiB had piled up, or never if the process
// is replaced first. A line at a time, as on a terminal.
_ = wh_line_buffered_stdout()

// The sandbox before anything starts a thread (the channel's reader does),
// since Landlock leaves threads already running outside it, and before the
// module's code (its initialisers included) can run.
if launch.confined, let problem = Confinement.apply(launch) {
    FileHandle.standardError.write(Data("\(problem)\n".utf8))
    exit(ExtensionLaunch.confinementFailedStatus)
}

let channel = FrameChannel(descriptor: ExtensionLaunch.channelDescriptor)
let services = ServiceClient(channel: channel)
let http = ChannelHTTPService(client: services)
HostServices.install(http: http)
SharedDefaults.install(ChannelDefaultsStore(client: services))
ModuleResources.install(library: URL(fileURLWithPath: launch.modulePath))
AppGroup.install(identifier: launch.appGroup, folder: launch.groupFolder.map { URL(fileURLWithPath: $0, isDirectory: true) })
HostServices.install(widgetCenter: ChannelWidgetCenter(client: services))

let module = LoadedModule.open(path: launch.modulePath)
// URLSession in the module goes through the host as well.
if let problem = URLSessionRouting.installIfLinked(http) {
    FileHandle.standardError.write(Data("\(problem)\n".utf8))
}
ExtensionServer(channel: channel, module: module, services: services).serve()
// The host closed the channel: it has stopped, or no longer wants this process.
exit(0)
