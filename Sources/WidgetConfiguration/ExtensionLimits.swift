import Foundation
import HostText
import YAML

/// What one extension process may use: `widgets[].limits` in the manifest.
/// Going over the memory limit makes allocation fail, and the extension
/// crashes like any other crash; the host is untouched. Going over the disk
/// or file limit of its folder stops the extension until the folder is back
/// under it.
package struct ExtensionLimits: Decodable, Sendable, Equatable {
    package static let defaultMemory = 256 << 20
    package static let defaultOpenFiles = 256
    package static let defaultDisk = 256 << 20
    package static let defaultFiles = 10_000
    /// The most `memory` or `disk` may say: `9000000000GB` once overflowed and crashed `validate`.
    package static let maximumMemory = 1 << 40

    /// Bytes of data segment (`RLIMIT_DATA`: heap, anonymous mappings, thread stacks).
    package var memory = Self.defaultMemory
    /// Open descriptors (`RLIMIT_NOFILE`).
    package var openFiles = Self.defaultOpenFiles
    /// Bytes the module's folder of the container may hold, its `tmp`
    /// included; no one file may grow past it (`RLIMIT_FSIZE`).
    package var disk = Self.defaultDisk
    /// Files and folders the module's folder may hold: a kind that makes
    /// millions of empty files uses up the disk's inodes, not its bytes.
    package var files = Self.defaultFiles

    enum CodingKeys: String, CodingKey {
        case memory
        case openFiles = "open_files"
        case disk, files
    }

    package init() {}

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try container.decodeIfPresent(String.self, forKey: .memory) {
            guard let bytes = Self.bytes(text), (32 << 20 ... Self.maximumMemory).contains(bytes) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .memory, in: container,
                    debugDescription: "expected a size from 32MB to 1TB, such as 128MB, 512MB or 1GB; found '\(TerminalText.escaped(text))'")
            }
            memory = bytes
        }
        if let files = try container.decodeIfPresent(Int.self, forKey: .openFiles) {
            guard files >= 16 else {
                throw DecodingError.dataCorruptedError(forKey: .openFiles, in: container, debugDescription: "must be at least 16, found \(files)")
            }
            openFiles = files
        }
        if let text = try container.decodeIfPresent(String.self, forKey: .disk) {
            guard let bytes = Self.bytes(text), (1 << 20 ... Self.maximumMemory).contains(bytes) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .disk, in: container,
                    debugDescription: "expected a size from 1MB to 1TB, such as 64MB, 256MB or 2GB; found '\(TerminalText.escaped(text))'")
            }
            disk = bytes
        }
        if let count = try container.decodeIfPresent(Int.self, forKey: .files) {
            guard (16 ... 10_000_000).contains(count) else {
                throw DecodingError.dataCorruptedError(forKey: .files, in: container, debugDescription: "must be from 16 to 10000000, found \(count)")
            }
            files = count
        }
    }

    /// `512MB`, `1GB`, `200MiB`, `65536` (bytes). MB and MiB both mean 2^20 here.
    static func bytes(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let units: [(String, Int)] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10), ("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10), ("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)]
        for (suffix, scale) in units where trimmed.hasSuffix(suffix) {
            guard let number = Double(trimmed.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)), number > 0 else { return nil }
            let bytes = number * Double(scale)
            // Past the limit is refused by the caller; here it must not trap converting.
            return bytes.isFinite && bytes <= Double(maximumMemory) ? Int(bytes) : maximumMemory + 1
        }
        return Int(trimmed)
    }

    /// "256MB"; a size that is not a whole number of megabytes, as "1.4MB" or "300KB".
    package static func format(_ bytes: Int) -> String {
        if bytes >= 1 << 30, bytes % (1 << 30) == 0 { return "\(bytes >> 30)GB" }
        if bytes % (1 << 20) == 0 { return "\(bytes >> 20)MB" }
        // One decimal, unless it would look whole ("8.0MB" for 8MB and 4KB): then in KB.
        if bytes >= 1 << 30, case let text = String(format: "%.1f", Double(bytes) / Double(1 << 30)), !text.hasSuffix(".0") { return text + "GB" }
        if bytes >= 1 << 20, case let text = String(format: "%.1f", Double(bytes) / Double(1 << 20)), !text.hasSuffix(".0") { return text + "MB" }
        return "\((bytes + 1023) >> 10)KB"
    }
}
