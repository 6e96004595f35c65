import Foundation
import Synchronization
import WidgetRendering
import WidgetSDK

/// What `dev --serve` shows: the last build's previews (or its errors, in
/// their place) and whether a newer build is running.
package final class GalleryPage: Sendable {
    private let state = Mutex<(result: DevSession.Update?, building: (number: Int, changed: [String])?)>((nil, nil))
    private let title: String

    package init(title: String) {
        self.title = title
    }

    package func record(_ update: DevSession.Update) {
        state.withLock { state in
            if case .building(let number, let changed) = update {
                state.building = (number, changed)
            } else {
                state = (update, nil)
            }
        }
    }

    /// The whole page; its script swaps in `fragment()` on each update.
    package func html() -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>\(SVGRenderer.escape(title)) · widgethost dev</title>
        <style>\(Self.style)</style>
        <script src="/gallery.js" defer></script>
        </head>
        <body>
        <div id="gallery">\(fragment())</div>
        </body>
        </html>

        """
    }

    /// The status line and the previews, or the errors in their place.
    package func fragment() -> String {
        let (result, building) = state.withLock { ($0.result, $0.building) }
        var html = "<header id=\"status\" data-build=\"\(building?.number ?? result?.number ?? 0)\">"
        if let building {
            html += "<span class=\"building\">\(SVGRenderer.escape(DevSession.Update.building(number: building.number, changed: building.changed).summary))</span> "
        }
        let shown = result.map { "<span class=\"\(Self.tone($0))\">\(SVGRenderer.escape($0.summary))</span>" } ?? ""
        html += shown + "</header>"
        switch result {
        case nil, .building:
            break
        case .failed(_, let build):
            html += "<pre class=\"errors\">\(build.failureSummary.map(SVGRenderer.escape).joined(separator: "\n"))</pre>"
        case .unusable(_, let problem):
            html += "<pre class=\"errors\">\(SVGRenderer.escape(problem))</pre>"
        case .built(let previews):
            if !previews.problems.isEmpty {
                html += "<pre class=\"errors\">\(previews.problems.map(SVGRenderer.escape).joined(separator: "\n"))</pre>"
            }
            if previews.galleries.isEmpty && previews.problems.isEmpty {
                html += "<p>The manifest names no kinds.</p>"
            }
            html += previews.galleries.map(Self.section).joined()
        }
        return html
    }

    private static func section(_ gallery: KindGallery) -> String {
        var html = "<section class=\"kind\"><h2>\(SVGRenderer.escape(gallery.displayName)) <small>\(SVGRenderer.escape(gallery.kind))</small></h2>"
        html += "<p class=\"description\">\(SVGRenderer.escape(gallery.description))</p>"
        for sheet in gallery.sheets {
            html += "<h3>\(sheet.family.rawValue)</h3><div class=\"row\">"
            for mode in RenderingMode.allCases {
                html += card(mode.rawValue, sheet.snapshot.map { $0.svg(mode: mode) })
            }
            html += card("placeholder", sheet.placeholder.map { $0.svg() })
            html += "</div>"
            switch sheet.timeline {
            case .success(let entries):
                html += "<h4>timeline: \(entries.count) entr\(entries.count == 1 ? "y" : "ies"), then \(SVGRenderer.escape(sheet.policy ?? "?"))</h4><div class=\"row\">"
                html += entries.map { card(PreviewFailure.timestamp($0.date ?? Date()), .success($0.svg())) }.joined()
                html += "</div>"
            case .failure(let failure):
                html += "<div class=\"failure\">timeline failed: \(SVGRenderer.escape(failure.description))</div>"
            case nil:
                break
            }
        }
        switch gallery.previews {
        case .success(let previews):
            for preview in previews {
                html += "<h3>\(SVGRenderer.escape(preview.title))</h3><div class=\"row\">"
                switch preview.entries {
                case .success(let entries):
                    html += entries.map { card(PreviewFailure.timestamp($0.date ?? Date()), .success($0.svg())) }.joined()
                case .failure(let failure):
                    html += card("failed", .failure(failure))
                }
                html += "</div>"
            }
        case .failure(let failure):
            html += "<div class=\"failure\">#Preview failed: \(SVGRenderer.escape(failure.description))</div>"
        }
        return html + "</section>"
    }

    private static func card(_ caption: String, _ drawing: Result<String, PreviewFailure>) -> String {
        switch drawing {
        case .success(let svg):
            "<figure>\(svg)<figcaption>\(SVGRenderer.escape(caption))</figcaption></figure>"
        case .failure(let failure):
            "<figure><div class=\"failure\">✗ \(SVGRenderer.escape(failure.description))</div><figcaption>\(SVGRenderer.escape(caption))</figcaption></figure>"
        }
    }

    /// The status's colour class.
    private static func tone(_ update: DevSession.Update) -> String {
        switch update {
        case .built: "good"
        case .building: "building"
        case .failed, .unusable: "bad"
        }
    }

    static let style = """
        body{margin:0;padding:24px 32px;background:#e9e9ee;font:14px -apple-system,'DejaVu Sans',sans-serif;color:#1c1c1e}
        header{margin-bottom:16px}.good{color:#1a7f37;font-weight:600}.bad{color:#cf222e;font-weight:600}.building{color:#9a6700}
        h2{margin:24px 0 4px}h2 small{color:#8e8e93;font-weight:400}.description{margin:0 0 8px;color:#3a3a3c}
        h3{margin:16px 0 8px}h4{margin:12px 0 8px;font-weight:500;color:#3a3a3c}
        .row{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
        figure{margin:0}figcaption{text-align:center;color:#6e6e73;font-size:12px;margin-top:4px}
        .failure{background:#fff0f0;border:1px solid #cf222e;border-radius:12px;padding:12px;max-width:340px;color:#82071e;white-space:pre-wrap}
        pre.errors{background:#fff0f0;border:1px solid #cf222e;border-radius:8px;padding:12px;color:#82071e;white-space:pre-wrap}
        """

    /// Swaps in the new gallery when the server says a build finished or began.
    package static let script = """
        const events = new EventSource('/events');
        events.addEventListener('update', async () => {
          const response = await fetch('/gallery', {cache: 'no-store'});
          if (response.ok) document.getElementById('gallery').innerHTML = await response.text();
        });

        """
}
