import Foundation
import HostBasics
import Synchronization

/// Builds a widget package with `swift build`, as `widgethost dev` does on
/// every save, and reads the compiler's diagnostics out of its output.
package struct PackageBuilder: Sendable {
    package let package: URL
    package let swift: String

    /// - Parameter swift: the `swift` driver; by default `$SWIFT`, else the
    ///   first `swift` on `PATH`.
    package init(package: URL, swift: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) throws(AuthoringError) {
        self.package = package
        guard let driver = swift ?? environment["SWIFT"] ?? Self.onPath("swift", environment: environment) else {
            throw .noSwift
        }
        self.swift = driver
    }

    /// Runs one build to its end. `changed` are the sources saved since the
    /// last build, relative to the package.
    package func build(changed: [String] = []) async throws -> PackageBuild {
        forgetObjects(of: changed)
        let started = ContinuousClock.now
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: swift)
        process.arguments = ["build", "--package-path", package.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        // Ctrl-C stops the build too: the driver and its compilers share its process group.
        let log = await withTaskCancellationHandler {
            let log = await Task.detached {
                String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            }.value
            await Task.detached { process.waitUntilExit() }.value
            return log
        } onCancel: {
            kill(-process.processIdentifier, SIGTERM)
        }
        return PackageBuild(status: process.terminationStatus, log: log, duration: ContinuousClock.now - started, package: package)
    }

    /// Deletes the object files of `changed` sources, so the next build
    /// compiles them whatever the driver's incremental check says.
    ///
    /// Measured with Swift 6.3.1 on ext4: a file saved again less than a
    /// second after the build that compiled its previous version is, in
    /// about half of the tries, skipped as unchanged, and the build reports
    /// success with the old code (the driver seems to compare modification
    /// times to the second). Authors save that fast; a stale preview after
    /// a save would be the worst thing dev could show. An object missing is
    /// always rebuilt, and only the saved files pay for it.
    private func forgetObjects(of changed: [String]) {
        guard !changed.isEmpty else { return }
        let sources = Set(changed.map { package.appendingPathComponent($0).standardizedFileURL.path })
        let buildFolder = package.appendingPathComponent(".build/debug").resolvingSymlinksInPath()
        let targets = (try? FileManager.default.contentsOfDirectory(atPath: buildFolder.path))?.filter { $0.hasSuffix(".build") } ?? []
        for target in targets {
            let mapURL = buildFolder.appendingPathComponent(target).appendingPathComponent("output-file-map.json")
            guard let data = try? Data(contentsOf: mapURL),
                  let map = try? JSONSerialization.jsonObject(with: data) as? [String: [String: String]] else { continue }
            for (source, outputs) in map where sources.contains(URL(fileURLWithPath: source).standardizedFileURL.path) {
                if let object = outputs["object"] { try? FileManager.default.removeItem(atPath: object) }
            }
        }
    }

    static func onPath(_ name: String, environment: [String: String]) -> String? {
        (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// The result of one `swift build`.
package struct PackageBuild: Sendable {
    package let status: Int32
    package let log: String
    package let duration: Duration
    let package: URL

    package var succeeded: Bool { status == 0 }

    /// The compiler's errors (and warnings), in the order it printed them,
    /// each once: the driver repeats a file's diagnostics for every job.
    package var diagnostics: [CompilerDiagnostic] {
        var seen = Set<CompilerDiagnostic>()
        return log.split(separator: "\n").compactMap { CompilerDiagnostic(line: String($0), relativeTo: package) }
            .filter { seen.insert($0).inserted }
    }

    /// What to show for a failed build: its diagnostics, or when it printed
    /// none that parse (a linker or manifest error), the end of its output.
    package var failureSummary: [String] {
        let errors = diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty { return errors.map(\.description) }
        let lines = log.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("[") && !$0.isEmpty }
        return Array(lines.suffix(12))
    }
}

/// `Sources/Weather/Weather.swift:12:9: error: cannot find 'x' in scope`.
package struct CompilerDiagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    package enum Severity: String, Sendable, Codable { case error, warning }

    /// Relative to the package when inside it.
    package let file: String
    package let line: Int
    package let column: Int
    package let severity: Severity
    package let message: String

    package var description: String { "\(file):\(line):\(column): \(severity.rawValue): \(message)" }

    init?(line text: String, relativeTo package: URL) {
        // path:line:column: severity: message — the path may itself hold colons.
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 5 else { return nil }
        for index in 1..<(parts.count - 3) {
            guard let line = Int(parts[index]), let column = Int(parts[index + 1]) else { continue }
            let kind = parts[index + 2].trimmingCharacters(in: .whitespaces)
            guard let severity = Severity(rawValue: kind) else { continue }
            let path = parts[..<index].joined(separator: ":")
            let root = package.standardizedFileURL.path + "/"
            file = path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
            self.line = line
            self.column = column
            self.severity = severity
            message = parts[(index + 3)...].joined(separator: ":").trimmingCharacters(in: .whitespaces)
            return
        }
        return nil
    }
}

/// Why an authoring command could not go on.
package enum AuthoringError: Error, Sendable, CustomStringConvertible {
    case noSwift
    case notAPackage(String)
    case invalidKindName(String, reason: String)
    case folderNotEmpty(String)
    case cannotWatch(String, reason: String)
    case noSDK(searched: [String])
    case noFamilies

    package var description: String {
        switch self {
        case .noSwift:
            "no 'swift' on PATH; dev builds the package with it (set SWIFT to the driver's path)"
        case .notAPackage(let path):
            "\(path) is not a Swift package: it has no Package.swift"
        case .invalidKindName(let name, let reason):
            "'\(name)' cannot name a kind: \(reason)"
        case .folderNotEmpty(let path):
            "\(path) exists and is not empty; give a new folder with --dir"
        case .cannotWatch(let path, let reason):
            "cannot watch \(path): \(reason)"
        case .noFamilies:
            "--families needs at least one family"
        case .noSDK(let searched):
            "no WidgetSDK package found (looked in \(searched.joined(separator: ", "))); install widgethost with 'make install', or give --sdk <folder>"
        }
    }
}
