import CProcessControl
import ExtensionProtocol
import Foundation
import Synchronization

/// The host's rasteriser: `widgethost-extension --rasterize`, started on
/// first use and kept, in a sandbox of its own, where kinds' images are
/// decoded. One request at a time, from any thread; a process that crashed,
/// closed its socket or took longer than `timeout` is ended, the request
/// fails with the reason, and the next starts a new process.
package final class RasterizerProcess: Sendable {
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package let reason: String
        package var description: String { reason }
    }

    /// A bound for one card: a bomb that decodes for minutes is stopped
    /// here. A card is drawn in milliseconds; the dashboard keeps a failure
    /// for its entry, so a card that needs this long is tried once.
    static let timeout: Duration = .seconds(20)

    private struct Running {
        let pid: pid_t
        let socket: Int32
    }

    private let runner: String?
    private let searched: [String]
    private let output: @Sendable (String) -> Void
    private let running = Mutex<Running?>(nil)

    init(runner: String?, searched: [String], output: @escaping @Sendable (String) -> Void) {
        self.runner = runner
        self.searched = searched
        self.output = output
    }

    deinit {
        running.withLock { running in
            if let running { Self.end(running, killing: true) }
        }
    }

    /// The process drawing now, if one is started: for a test that must
    /// end this rasteriser's process and no other.
    package var pid: pid_t? { running.withLock { $0?.pid } }

    /// Processes that ended with a request in hand (a decoder crashed, or
    /// the data limit stopped it) or took too long: for `make fuzz`.
    package var failures: Int { counted.withLock { $0 } }
    private let counted = Mutex(0)

    /// The PNG of `svg`, or why there is none. A process found gone before
    /// it took the request (it died between two) is replaced and asked again.
    package func png(svg: [UInt8], scale: Double, palette: String, bitmap: Bool = false) throws(Failure) -> Data {
        let request = RasterizerWire.Request(svg: svg, scale: scale, palette: palette, bitmap: bitmap)
        let result: Result<Data, Failure> = running.withLock { running in
            for attempt in 1 ... 2 {
                let process: Running
                do {
                    process = try running ?? start()
                } catch let failure as Failure {
                    return .failure(failure)
                } catch {
                    return .failure(Failure(reason: "the rasteriser could not be started: \(error)"))
                }
                running = process
                do {
                    try RasterizerWire.write(request, to: process.socket)
                } catch {
                    Self.end(process, killing: (error as? RasterizerWire.WireError) != .closed)
                    running = nil
                    if attempt == 1 { continue }
                    return .failure(Failure(reason: "the rasteriser could not be reached: \(error)"))
                }
                guard Self.waitForReply(on: process.socket) else {
                    Self.end(process, killing: true)
                    running = nil
                    counted.withLock { $0 += 1 }
                    return .failure(Failure(reason: "drawing the PNG took longer than \(Self.timeout); its images may be too large to decode"))
                }
                do {
                    switch try RasterizerWire.readReply(from: process.socket) {
                    case .png(let data): return .success(data)
                    case .failed(let reason): return .failure(Failure(reason: reason))
                    }
                } catch {
                    // It died with the request (a decoder crashed or ran out of memory),
                    // or said something that is no reply: then it is ended here.
                    let ending = Self.end(process, killing: (error as? RasterizerWire.WireError) != .closed)
                    running = nil
                    counted.withLock { $0 += 1 }
                    return .failure(Failure(reason: "the rasteriser \(ending) while drawing the PNG; its images could not be decoded"))
                }
            }
            return .failure(Failure(reason: "the rasteriser could not be reached"))
        }
        return try result.get()
    }

    private func start() throws -> Running {
        guard let runner else { throw Failure(reason: "PNG needs " + ExtensionRunner.notFoundMessage(searched: searched)) }
        // No crash reporter: a decoder's backtrace helps no user, and it would hold the process for seconds.
        let environment = ProcessInfo.processInfo.environment.filter { ["PATH", "HOME", "LANG", "TZ"].contains($0.key) || $0.key.hasPrefix("LC_") }
            .map { "\($0.key)=\($0.value)" } + ["SWIFT_BACKTRACE=enable=no"]
        let spawned = try ProcessSpawner.shared.runSynchronously {
            try ProcessLaunch.spawn(executable: runner, arguments: [runner, RasterizerWire.argument], environment: environment)
        }
        ProcessReaper.shared.watch(spawned.pid)
        close(spawned.stdout)
        OutputReader.start(descriptors: [spawned.stderr], module: "rasterizer", output: output)
        return Running(pid: spawned.pid, socket: spawned.channel)
    }

    /// Whether a reply came within `timeout`: poll, not a timer, so that
    /// nothing waits longer than the answer takes.
    private static func waitForReply(on socket: Int32) -> Bool {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let deadline = ContinuousClock.now + timeout
        while true {
            let left = deadline - .now
            guard left > .zero else { return false }
            let milliseconds = Int32(min(Double(Int32.max), left.components.seconds.double * 1_000 + 1))
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return true }
        }
    }

    /// Reaps the process, which closed its socket as it ended, or (with
    /// `killing`, or at the end of the host) kills it first; says how it ended.
    @discardableResult
    private static func end(_ process: Running, killing: Bool = false) -> String {
        close(process.socket)
        var status: Int32 = 0
        if killing { kill(process.pid, SIGKILL) }
        while waitpid(process.pid, &status, 0) < 0 && errno == EINTR {}
        ProcessReaper.shared.forget(process.pid)
        return status & 0x7f == 0 ? "exited (status \((status >> 8) & 0xff))" : "crashed (\(ExtensionTermination.signalName(status & 0x7f)))"
    }
}

private extension Int64 {
    var double: Double { Double(self) }
}
