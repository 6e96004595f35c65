import Foundation
import WidgetConfiguration

/// The modules' own folders in a container's folder (`extensions/<module>`,
/// a kind's `FileManager.containerURL`): what each holds, so that a full
/// disk can name the kind that filled it.
package enum KindFolders {
    /// How much a folder holds.
    package struct Usage: Sendable, Equatable, CustomStringConvertible {
        package var bytes = 0
        /// Files and folders, the folder itself not counted.
        package var entries = 0

        package init(bytes: Int = 0, entries: Int = 0) {
            self.bytes = bytes
            self.entries = entries
        }

        package var description: String {
            "\(ExtensionLimits.format(bytes)) in \(entries) file\(entries == 1 ? "" : "s")"
        }
    }

    package static let folderName = "extensions"

    /// What `folder` holds: the bytes its files take on disk and how many
    /// files and folders it has, its subfolders included. Symbolic links
    /// are counted, not followed.
    package static func measure(_ folder: String) -> Usage {
        var usage = Usage()
        var pending = [folder]
        while let current = pending.popLast() {
            guard let directory = opendir(current) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name == "." || name == ".." { continue }
                let path = current + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                usage.entries += 1
                usage.bytes += Int(info.st_blocks) * 512
                if info.st_mode & S_IFMT == S_IFDIR { pending.append(path) }
            }
        }
        return usage
    }

    /// The modules' folders in `containerFolder`, largest first.
    package static func largest(in containerFolder: URL, count: Int = 3) -> [(module: String, usage: Usage)] {
        let root = containerFolder.appendingPathComponent(folderName)
        let modules = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return modules.map { ($0, measure(root.appendingPathComponent($0).path)) }
            .filter { $0.1.bytes > 0 }.sorted { $0.1.bytes > $1.1.bytes }.prefix(count).map { ($0.0, $0.1) }
    }

    /// "the kinds' folders hold FixtureSandbox 1.2GB, TodoList 12KB", or nil
    /// when none holds anything.
    package static func summary(in containerFolder: URL) -> String? {
        let largest = largest(in: containerFolder)
        guard !largest.isEmpty else { return nil }
        return "the kinds' folders hold " + largest.map { "\($0.module) \(ExtensionLimits.format($0.usage.bytes))" }.joined(separator: ", ")
    }
}
