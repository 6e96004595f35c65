import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import WidgetSDK

// A kind that tries, in its timeline and snapshot, what the sandbox refuses,
// and draws what happened: "refused: Permission denied" or what it got. The
// module's loading function tries too, before any kind is asked for.

struct ProbeEntry: TimelineEntry {
    let date: Date
    let text: String
}

/// What reading the canary in the home folder gave while the module loaded.
nonisolated(unsafe) private var atLoad = "not loaded"

/// The file in the home folder a test puts there for the probes to look for.
private let canaryName = ".widgethost-sandbox-canary"

private func describe(_ error: Int32) -> String {
    "refused: \(String(cString: strerror(error)))"
}

private func readFile(_ path: String) -> String {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return describe(errno) }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = read(descriptor, &buffer, buffer.count)
    guard count >= 0 else { return describe(errno) }
    return "read: " + String(decoding: buffer[..<count], as: UTF8.self)
}

private func writeFile(_ path: String, _ text: String, flags: Int32 = O_WRONLY | O_CREAT | O_TRUNC) -> String {
    let descriptor = open(path, flags, 0o600)
    guard descriptor >= 0 else { return describe(errno) }
    defer { close(descriptor) }
    let written = text.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
    return written < 0 ? describe(errno) : "wrote"
}

/// A TCP socket connected to `port` on loopback, or why there is none.
private func connectedSocket(port: UInt16) -> Result<Int32, ConnectFailure> {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return .failure(ConnectFailure(reason: describe(errno))) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard result == 0 else {
        let reason = describe(errno)
        close(descriptor)
        return .failure(ConnectFailure(reason: reason))
    }
    return .success(descriptor)
}

private struct ConnectFailure: Error {
    let reason: String
}

private func connectTCP(port: UInt16) -> String {
    switch connectedSocket(port: port) {
    case .success(let descriptor):
        close(descriptor)
        return "connected"
    case .failure(let failure):
        return failure.reason
    }
}

/// One HTTP/1.1 exchange on loopback over a socket of its own (a kind with
/// `sandbox.network: true` has them): the whole answer, or why there is none.
private func exchange(port: UInt16, _ request: String) -> String {
    let descriptor: Int32
    switch connectedSocket(port: port) {
    case .success(let connected): descriptor = connected
    case .failure(let failure): return failure.reason
    }
    defer { close(descriptor) }
    _ = request.utf8CString.withUnsafeBufferPointer { send(descriptor, $0.baseAddress, $0.count - 1, 0) }
    var answer = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while case let count = read(descriptor, &buffer, buffer.count), count > 0 { answer += buffer[..<count] }
    return String(decoding: answer, as: UTF8.self)
}

/// What a page script would do, from a kind: read the dashboard's page for
/// its token, then tap an instance's first action with it.
private func tapThroughTheDashboard(_ target: String) -> String {
    let parts = target.split(separator: "/")
    guard parts.count == 2, let port = UInt16(parts[0]) else { return "target is port/id" }
    let host = "127.0.0.1:\(port)"
    let page = exchange(port: port, "GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
    guard let marker = page.range(of: #"name="widgethost-token" content=""#) else { return "no token on the page: \(page.prefix(40))" }
    let token = page[marker.upperBound...].prefix { $0 != "\"" }
    let tap = exchange(port: port, "POST /instances/\(parts[1])/actions/1 HTTP/1.1\r\nHost: \(host)\r\nOrigin: http://\(host)\r\n"
                       + "X-Widgethost-Token: \(token)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    let status = tap.split(separator: "\r\n").first ?? ""
    return "read the page's token; the tap got \(status)"
}

private func bindTCP() -> String {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return describe(errno) }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    return result == 0 ? "bound" : describe(errno)
}

private func connectUnix(_ path: String) -> String {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return describe(errno) }
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { bytes in
        for (index, byte) in path.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
    }
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    return result == 0 ? "connected" : describe(errno)
}

/// Starts `/bin/sh` in a child, which reports how its execve ended.
private func startShell() -> String {
    let child = fork()
    if child == 0 {
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("sh"), strdup("-c"), strdup("exit 0"), nil]
        execve("/bin/sh", arguments, environ)
        _exit(errno == 0 ? 1 : errno)
    }
    guard child > 0 else { return describe(errno) }
    var status: Int32 = 0
    waitpid(child, &status, 0)
    let code = (status >> 8) & 0xff
    return code == 0 ? "started" : describe(code)
}

/// A URL through URLSession, which the host fetches: its status and the
/// start of its body, or the error.
private func fetch(_ target: String) async -> String {
    guard let url = URL(string: target) else { return "not a URL" }
    do {
        let (data, response) = try await URLSession.shared.data(from: url)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return "fetched HTTP \(status) " + String(decoding: data.prefix(64), as: UTF8.self)
    } catch {
        return "fetch failed: \(error)"
    }
}

/// Forks children that try to leave the extension's process group, the
/// ways a daemon does: `setsid()` in a child, and a double fork whose
/// grandchild calls it. Their pids go to `pids` in the module's folder, for
/// the test to look for after the host ends.
/// pthread_setname_np, which Glibc's module does not declare: looked up
/// before a fork, since a forked child of a threaded process may call only
/// what is async-signal-safe.
private let setThreadName: @convention(c) (pthread_t, UnsafePointer<CChar>?) -> Int32 = {
    unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_setname_np"), to: (@convention(c) (pthread_t, UnsafePointer<CChar>?) -> Int32).self)
}()

private func detach(_ name: String) -> String {
    guard let folder = AppGroup.folder else { return "no folder" }
    var report = [UInt8](repeating: 0, count: 16)
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else { return describe(errno) }
    // Named for the test to find: their pids mean nothing outside the extension's namespace.
    let childName = strdup(String((name + "c").prefix(15))), grandchildName = strdup(String((name + "g").prefix(15)))
    let setName = setThreadName
    var named: [Int32] = [-1, -1]
    guard pipe(&named) == 0 else { return describe(errno) }
    let child = fork()
    if child == 0 {
        // Only async-signal-safe calls from here: the parent has threads.
        _ = setName(pthread_self(), childName)
        var result: [Int32] = [setsid() < 0 ? errno : 0, 0, 0, 0]
        let grandchild = fork()
        if grandchild == 0 {
            _ = setName(pthread_self(), grandchildName)
            _ = setsid()
            // Named: the test may look for it from now on.
            var byte: UInt8 = 1
            _ = write(named[1], &byte, 1)
            while true { pause() }
        }
        var byte: UInt8 = 0
        _ = read(named[0], &byte, 1)
        result[1] = grandchild
        _ = result.withUnsafeBytes { write(pipeEnds[1], $0.baseAddress, 8) }
        while true { pause() }
    }
    free(childName)
    free(grandchildName)
    close(named[0])
    close(named[1])
    guard child > 0 else { return describe(errno) }
    close(pipeEnds[1])
    let count = report.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, 8) }
    close(pipeEnds[0])
    guard count == 8 else { return "no report from the child" }
    let values = report.withUnsafeBytes { Array($0.bindMemory(to: Int32.self).prefix(2)) }
    try? "\(child) \(values[1])".write(to: folder.appendingPathComponent("pids"), atomically: true, encoding: .utf8)
    return "setsid " + (values[0] == 0 ? "succeeded" : describe(values[0])) + "; children \(child) \(values[1])"
}

/// Writes `megabytes` into one file of its folder, then reports how far it got.
private func fill(_ megabytes: Int) -> String {
    guard let folder = AppGroup.folder else { return "no folder" }
    let descriptor = open(folder.appendingPathComponent("fill").path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { return describe(errno) }
    defer { close(descriptor) }
    let chunk = [UInt8](repeating: 0x55, count: 1 << 20)
    for written in 0 ..< megabytes {
        if write(descriptor, chunk, chunk.count) < 0 {
            // And a megabyte more in another file: the folder is then over a limit equal to the file's.
            let more = open(folder.appendingPathComponent("fill-more").path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            if more >= 0 { _ = write(more, chunk, chunk.count); close(more) }
            return "wrote \(written) MB, then " + describe(errno)
        }
    }
    return "wrote \(megabytes) MB"
}

/// Makes `count` small files in its folder.
private func makeFiles(_ count: Int) -> String {
    guard let folder = AppGroup.folder else { return "no folder" }
    let files = folder.appendingPathComponent("many")
    try? FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    for index in 0 ..< count {
        let descriptor = open(files.appendingPathComponent("\(index)").path, O_WRONLY | O_CREAT, 0o600)
        if descriptor < 0 { return "made \(index) files, then " + describe(errno) }
        close(descriptor)
    }
    return "made \(count) files"
}

private func attempt(_ what: String, _ target: String) async -> String {
    let host = getppid()
    switch what {
    case "load": return atLoad
    case "read": return readFile(target)
    case "home": return readFile(ProcessInfo.processInfo.environment["HOME", default: "/"] + "/" + canaryName)
    case "write": return writeFile(target, "written by a kind")
    case "database": return writeFile(target, "garbage", flags: O_WRONLY)
    // Another process's (the host's by default; the host is also non-dumpable, so a test names a dumpable one).
    case "environ": return readFile("/proc/\(Int32(target) ?? host)/environ")
    case "memory": return readFile("/proc/\(Int32(target) ?? host)/mem")
    case "chmod": return chmod(target, 0o666) == 0 ? "changed its mode" : describe(errno)
    case "tcp": return connectTCP(port: UInt16(target) ?? 9)
    case "bind": return bindTCP()
    case "unix": return connectUnix(target)
    case "exec": return startShell()
    case "signal": return kill(Int32(target) ?? host, 0) == 0 ? "signalled" : describe(errno)
    case "fetch": return await fetch(target)
    case "tap": return tapThroughTheDashboard(target)
    // The host's command line names the dashboard's port.
    case "cmdline": return readFile("/proc/\(Int32(target) ?? host)/cmdline")
    case "detach": return detach(target)
    case "unshare":
        // Glibc's module does not declare unshare (a _GNU_SOURCE call).
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "unshare") else { return "no unshare" }
        let unshare = unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
        return unshare(0x1000_0000 /* CLONE_NEWUSER */) == 0 ? "unshared" : describe(errno)
    case "renice": return setpriority(__priority_which_t(0) /* PRIO_PROCESS */, id_t(Int32(target) ?? host), 19) == 0 ? "reniced it" : describe(errno)
    case "hostlimit":
        // prlimit(host, RLIMIT_NOFILE, {0, 0}): the host could open nothing more.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prlimit") else { return "no prlimit" }
        let prlimit = unsafeBitCast(symbol, to: (@convention(c) (pid_t, Int32, UnsafePointer<rlimit>?, UnsafeMutablePointer<rlimit>?) -> Int32).self)
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        return prlimit(Int32(target) ?? host, Int32(RLIMIT_NOFILE.rawValue), &none, nil) == 0 ? "limited it" : describe(errno)
    case "rlimit":
        // A soft limit raised to its hard one: nothing to gain if they are equal.
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_DATA.rawValue), &limit)
        var raised = rlimit(rlim_cur: limit.rlim_max &+ 1, rlim_max: limit.rlim_max &+ 1)
        return setrlimit(Int32(RLIMIT_DATA.rawValue), &raised) == 0 ? "raised" : describe(errno)
    case "fill": return fill(Int(target) ?? 1)
    case "files": return makeFiles(Int(target) ?? 1)
    case "flood":
        for line in 0 ..< (Int(target) ?? 1) { print("flood line \(line)") }
        return "printed \(target) lines"
    case "keep":
        // Writes a count in its own folder, and reads the last one back.
        guard let folder = AppGroup.folder else { return "no folder" }
        let file = folder.appendingPathComponent("count").path
        let previous = readFile(file)
        let count = (Int(previous.dropFirst("read: ".count)) ?? 0) + 1
        return "count \(count) after \(previous); \(writeFile(file, String(count)))"
    default: return "nothing tried"
    }
}

struct ProbeIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Probe"
    @Parameter(title: "Attempt", default: "nothing") var attempt: String
    @Parameter(title: "Target", default: "") var target: String
    init() {}
}

struct ProbeProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) async -> ProbeEntry { ProbeEntry(date: context.date, text: "placeholder") }

    func snapshot(for configuration: ProbeIntent, in context: Context) async -> ProbeEntry {
        // `preview` asks with the defaults, so the snapshot always looks in the home folder.
        ProbeEntry(date: context.date, text: "snapshot home " + (await attempt("home", "")))
    }

    func timeline(for configuration: ProbeIntent, in context: Context) async -> Timeline<ProbeEntry> {
        let result = await attempt(configuration.attempt, configuration.target)
        let entry = ProbeEntry(date: context.date, text: "timeline \(configuration.attempt) " + result)
        // After its first call, `keep` is asked once more, to read back what it wrote.
        return Timeline(entries: [entry], policy: result.hasPrefix("count 1 ") ? .after(context.date + 1) : .never)
    }
}

struct ProbeWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Probe", intent: ProbeIntent.self, provider: ProbeProvider()) { Text($0.text) }
            .configurationDisplayName("Probe")
            .supportedFamilies([.systemSmall])
    }
}

@_cdecl("widgethost_sdk_version")
public func sdkVersion() -> Int32 { WidgetSDK.version }

@_cdecl("widgethost_module")
public func widgetModule() -> UnsafeMutableRawPointer {
    atLoad = readFile(ProcessInfo.processInfo.environment["HOME", default: "/"] + "/" + canaryName)
    return WidgetModule(ProbeWidget()).retainedPointer()
}
