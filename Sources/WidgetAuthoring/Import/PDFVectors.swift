import Foundation
import WidgetSDK

/// An asset catalog's PDF vectors, drawn as SVG: UIKit draws an imageset's
/// PDF at any size, and a card is SVG, which cannot hold a PDF. Poppler's
/// `pdftocairo -svg` converts each (the project's own files, on the
/// author's machine, at import) into a folder of the package's, mirrored
/// by its path in the project, where `ModuleResources` finds it beside
/// the imageset that names the PDF. The project's files are not touched.
package struct PDFVectors: Sendable {
    /// The PDFs converted, as paths in the project.
    package private(set) var converted: [URL] = []
    /// Those that could not be, with why.
    package private(set) var left: [ExtensionInventory.Left] = []

    /// The converter: Debian's `poppler-utils`.
    static let tool = "pdftocairo"
    /// How long one PDF may take: an icon takes about 30 ms.
    static let conversionTimeout = 30.0

    /// The PDF images the imagesets of `catalogs` name.
    package static func pdfs(in catalogs: [URL]) -> [URL] {
        var found: [URL] = []
        for catalog in catalogs {
            guard let files = FileManager.default.enumerator(at: catalog, includingPropertiesForKeys: nil) else { continue }
            for case let contents as URL in files where contents.lastPathComponent == "Contents.json"
                && contents.deletingLastPathComponent().pathExtension == "imageset" {
                guard let data = FileManager.default.contents(atPath: contents.path),
                      let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                      let images = json["images"] as? [[String: Any]] else { continue }
                for image in images {
                    guard let name = image["filename"] as? String, name.lowercased().hasSuffix(".pdf"),
                          !name.contains("/"), !name.contains("..") else { continue }
                    found.append(contents.deletingLastPathComponent().appendingPathComponent(name).standardizedFileURL)
                }
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// Converts each of `pdfs` (under `root`) into `folder`, as
    /// `<its path under root>.svg`. Nothing is written for one that fails.
    package static func convert(_ pdfs: [URL], root: URL, into folder: URL) -> PDFVectors {
        var result = PDFVectors()
        guard !pdfs.isEmpty else { return result }
        let relative = { (url: URL) in ExtensionImport.shorten(url, root: root) }
        guard let tool = locate(tool) else {
            for pdf in pdfs {
                result.left.append(.init(path: relative(pdf), why: "a PDF vector, not drawn: converting it needs \(tool) (apt-get install poppler-utils); import again after installing it"))
            }
            return result
        }
        for pdf in pdfs {
            do {
                let svg = try convert(pdf, with: tool)
                let target = folder.appendingPathComponent(relative(pdf) + ".svg")
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try svg.write(to: target, options: .atomic)
                result.converted.append(pdf)
            } catch {
                result.left.append(.init(path: relative(pdf), why: "a PDF vector, not drawn: \(error)"))
            }
        }
        return result
    }

    struct ConversionFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// The SVG of the PDF's first page, sized in points: `pdftocairo`
    /// writes `pt`, which a card would take as 4/3 of a point.
    private static func convert(_ pdf: URL, with tool: URL) throws -> Data {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("widgethost-pdf-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = tool
        process.arguments = ["-svg", "-f", "1", "-l", "1", pdf.path, output.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        // A PDF that hangs Poppler does not hang the import.
        guard ended.wait(timeout: .now() + conversionTimeout) == .success else {
            process.terminate()
            ended.wait()
            throw ConversionFailed(description: "\(tool.lastPathComponent) took more than \(Int(conversionTimeout)) s")
        }
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        guard process.terminationStatus == 0, var text = try? String(contentsOf: output, encoding: .utf8) else {
            let said = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw ConversionFailed(description: "\(tool.lastPathComponent) could not read it" + (said.isEmpty ? "" : " (\(said.split(separator: "\n").first ?? ""))"))
        }
        if let open = text.range(of: "<svg"), let close = text[open.upperBound...].firstIndex(of: ">") {
            let tag = String(text[open.lowerBound..<close])
            let points = tag.replacingOccurrences(of: #"(width|height)="([0-9.]+)pt""#, with: #"$1="$2""#, options: .regularExpression)
            text.replaceSubrange(open.lowerBound..<close, with: points)
        }
        let data = Data(text.utf8)
        guard let (width, height) = ImageHeader.size(of: data) else {
            throw ConversionFailed(description: "its SVG has no size that can be read")
        }
        guard data.count <= EntryValidator.maximumImageBytes else {
            throw ConversionFailed(description: "as SVG it is \(data.count) bytes; a widget's image may have at most \(EntryValidator.maximumImageBytes) (1 MiB)")
        }
        guard width <= EntryValidator.maximumImageSide, height <= EntryValidator.maximumImageSide else {
            throw ConversionFailed(description: "\(width)×\(height) points; a widget's image may be at most \(EntryValidator.maximumImageSide) a side")
        }
        return data
    }

    /// The tool on PATH, as a shell would find it.
    private static func locate(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
