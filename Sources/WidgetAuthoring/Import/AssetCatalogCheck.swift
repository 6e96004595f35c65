import Foundation
import WidgetSDK

/// An asset catalog read before anything is written, as iOS's build reads
/// it: each set's `Contents.json` must be JSON, and each image an imageset
/// names must be there and within what a widget may draw. Each problem is
/// an error naming the file and, for JSON, the line; an SVG that cannot
/// be drawn is only left (returned, with why), as a PDF without its converter is.
package enum AssetCatalogCheck {
    @discardableResult
    package static func check(_ catalog: URL) throws(ImportError) -> [(url: URL, why: String)] {
        var left: [(url: URL, why: String)] = []
        let manager = FileManager.default
        guard let files = manager.enumerator(atPath: catalog.path) else { return [] }
        var contents: [String] = []
        for case let file as String in files where (file as NSString).lastPathComponent == "Contents.json" { contents.append(file) }
        for file in contents.sorted() {
            let url = catalog.appendingPathComponent(file)
            let json: Any
            let data = manager.contents(atPath: url.path) ?? Data()
            do {
                json = try JSONSerialization.jsonObject(with: data)
            } catch {
                let message = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
                throw .badFile(url.path, line: line(in: message, of: data), reason: "not JSON: \(message)")
            }
            guard url.deletingLastPathComponent().pathExtension == "imageset",
                  let images = (json as? [String: Any])?["images"] as? [[String: Any]] else { continue }
            for image in images {
                guard let name = image["filename"] as? String else { continue }
                guard !name.contains("/"), !name.contains("..") else {
                    throw .badFile(url.path, line: nil, reason: "names '\(name)', which is not a file of its imageset")
                }
                let imageURL = url.deletingLastPathComponent().appendingPathComponent(name)
                guard let data = manager.contents(atPath: imageURL.path) else {
                    throw .badFile(url.path, line: nil, reason: "names \(name), which is missing from \(url.deletingLastPathComponent().lastPathComponent)")
                }
                if let why = try checkSize(of: data, at: imageURL) { left.append((imageURL, why)) }
            }
        }
        return left
    }

    /// PNG, JPEG, GIF and SVG must fit what a widget may draw; PDF vectors
    /// are left to the log. Returns why an SVG cannot be drawn at all, which
    /// is left rather than refused.
    private static func checkSize(of data: Data, at url: URL) throws(ImportError) -> String? {
        let type = url.pathExtension.lowercased()
        guard ["png", "jpg", "jpeg", "gif", "svg"].contains(type) else { return nil }
        let size = ImageHeader.size(of: data)
        if type == "svg", size == nil {
            return "an SVG that cannot be drawn: it needs an <svg> root with a width and height (in px, pt, pc, mm, cm or in) or a viewBox, no entity or DOCTYPE of its own, and no size in the root's style"
        }
        let limit = EntryValidator.maximumImageBytes, side = EntryValidator.maximumImageSide
        guard data.count <= limit else {
            throw .badFile(url.path, line: nil, reason: "\(data.count) bytes; a widget's image may have at most \(limit) (1 MiB): make it smaller")
        }
        guard let (width, height) = size else {
            throw .badFile(url.path, line: nil, reason: "not a PNG, JPEG or GIF image that can be read")
        }
        guard width <= side, height <= side else {
            throw .badFile(url.path, line: nil, reason: "\(width)×\(height) pixels; a widget's image may be at most \(side) a side")
        }
        return nil
    }

    /// Foundation says `… around line 3, column 5.` or, on Linux,
    /// `… around character 33.`: the line that character is on.
    private static func line(in message: String, of data: Data) -> Int? {
        func number(after marker: String) -> Int? {
            message.range(of: marker).flatMap { Int(message[$0.upperBound...].prefix { $0.isNumber }) }
        }
        if let line = number(after: "line ") { return line }
        guard let offset = number(after: "character ") else { return nil }
        return data.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }
}
