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
        /// Folders nest deeper than `maximumDepth`: what is below was not counted.
        package var tooDeep = false

        package init(bytes: Int = 0, entries: Int = 0) {
            self.bytes = bytes
            self.entries = entries
        }

        package var description: String {
            "\(ExtensionLimits.format(bytes)) in \(entries) file\(entries == 1 ? "" : "s")"
        }
    }

    package static let folderName = "extensions"

    /// How deep a module's folder may nest folders: the walk keeps one
    /// descriptor open for each level it is in.
    package static let maximumDepth = 64

    /// What `folder` holds: the bytes its files take on disk and how many
    /// files and folders it has, its subfolders included.
    package static func measure(_ folder: String) -> Usage {
        walk(folder) { _ in }
    }

    /// Walks `folder` and every folder below it, handing each open folder's
    /// descriptor to `visit` (valid during the call), and returns what they
    /// hold. Each folder is opened from its parent's descriptor without
    /// following a symbolic link, so a kind that swaps a folder for a link
    /// to `/` mid-walk leads the walk nowhere; links are counted, never
    /// followed. A folder below `maximumDepth` is counted, not entered, and
    /// makes `tooDeep` true.
    @discardableResult
    package static func walk(_ folder: String, visit: (Int32) -> Void) -> Usage {
        var usage = Usage()
        let root = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard root >= 0, let stream = fdopendir(root) else {
            if root >= 0 { close(root) }
            return usage
        }
        visit(root)
        var stack: [OpaquePointer] = [stream]
        while let current = stack.last {
            guard let entry = readdir(current) else {
                closedir(current)
                stack.removeLast()
                continue
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let parent = dirfd(current)
            var info = stat()
            guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            usage.entries += 1
            usage.bytes += Int(info.st_blocks) * 512
            guard info.st_mode & S_IFMT == S_IFDIR else { continue }
            guard stack.count < maximumDepth else {
                usage.tooDeep = true
                continue
            }
            let child = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard child >= 0, let childStream = fdopendir(child) else {
                if child >= 0 { close(child) }
                continue
            }
            visit(child)
            stack.append(childStream)
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
