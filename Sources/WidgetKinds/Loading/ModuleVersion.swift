import Foundation

/// Which build of a module made an entry: a digest of the library's bytes,
/// so the same build has the same version on every host of a fleet and
/// after a restart, and a rebuild (or a copy of another) has another.
/// Stored with an instance's entries: a host that starts on a module
/// changed since they were made reloads them at once, as iOS reloads an
/// updated app's widgets, instead of drawing the old build's entries until
/// their next reload (never, for a `.never` policy).
package enum ModuleVersion {
    /// FNV-1a, 64 bits, of the file at `path`, as 16 hex digits; nil when it cannot be read.
    /// A library is a few megabytes at most: read whole, once a load, and
    /// not mapped, since a deploy that truncates it in place (`cp`) would
    /// take the host down with SIGBUS.
    package static func of(path: String) -> String? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { bytes in
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
