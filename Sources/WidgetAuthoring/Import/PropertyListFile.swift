import Foundation

/// A property list read from a file of an Xcode project (`Info.plist`, an
/// entitlements file, `project.pbxproj`, an intent definition): XML, binary
/// or the old-style text Xcode writes its projects in. Never trusted: a file
/// that is not a dictionary, or that cannot be read, is an error naming the
/// file and, where the parser says, the line.
package struct PropertyListFile: @unchecked Sendable {
    /// Unchecked: a property list's values are immutable Foundation values.
    package let url: URL
    package let root: [String: Any]

    /// The largest file read: a project of thousands of files is a few MB.
    static let sizeLimit = 64 << 20

    package init(_ url: URL) throws(ImportError) {
        self.url = url
        let data: Data
        do {
            let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            guard size <= Self.sizeLimit else {
                throw ImportError.badFile(url.path, line: nil, reason: "\(size) bytes, more than a property list of a project holds (\(Self.sizeLimit >> 20) MB at most)")
            }
            data = try Data(contentsOf: url)
        } catch let error as ImportError {
            throw error
        } catch {
            throw .badFile(url.path, line: nil, reason: "cannot be read: \((error as NSError).localizedFailureReason ?? error.localizedDescription)")
        }
        let value: Any
        do {
            value = try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            let (line, reason) = Self.describe(error as NSError)
            throw .badFile(url.path, line: line, reason: "not a property list: \(reason)")
        }
        guard let dictionary = value as? [String: Any] else {
            throw .badFile(url.path, line: nil, reason: "a property list whose top is not a dictionary")
        }
        root = dictionary
    }

    /// The parser's own words and line. CoreFoundation tries the XML reader,
    /// then the old-style one, and says both: the one that matches the
    /// file's first character is the one that read it.
    static func describe(_ error: NSError) -> (line: Int?, reason: String) {
        var messages = [error.userInfo[NSDebugDescriptionErrorKey] as? String]
        if let inner = error.userInfo["kCFPropertyListOldStyleParsingError"] as? NSError {
            messages.append(inner.userInfo[NSDebugDescriptionErrorKey] as? String)
        }
        let known = messages.compactMap { $0 }
        guard let message = known.first else { return (nil, "the parser gave no reason") }
        return (lineNumber(in: message), message)
    }

    /// `… on line 4` or `… at line 12`, as CoreFoundation words it.
    static func lineNumber(in message: String) -> Int? {
        for marker in [" on line ", " at line "] {
            if let range = message.range(of: marker) {
                let digits = message[range.upperBound...].prefix { $0.isNumber }
                if let line = Int(digits) { return line }
            }
        }
        return nil
    }

    package subscript(key: String) -> Any? { root[key] }

    package func string(_ key: String) -> String? { root[key] as? String }
}
