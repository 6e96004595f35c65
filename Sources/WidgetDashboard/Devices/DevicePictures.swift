import WidgetRendering

/// The pictures a device is shown when it has no screen to show: set up,
/// not let in, or admitted to a screen the manifest no longer has. The
/// firmware fetches the first without its key, so none says anything of
/// the host but how to go on.
enum DevicePictures {
    static func svg(_ name: String) -> String {
        let (title, lines): (String, [String]) = switch name {
        case "welcome": ("Connected to widgethost", ["Its screen shows at the next wake."])
        case "not-drawn": ("The screen could not be drawn", ["The host's log says why.", "It tries again at the next wake."])
        case "no-screen": ("No screen to show", ["This device's screen is gone from the manifest.", "widgethost devices add <MAC> --screen <name>"])
        default: ("Not set up with this host", ["Admit it, or let it set up again:", "widgethost devices add <MAC> --screen <name>",
                                                       "widgethost devices rekey <MAC>", "then reset the device's credentials."])
        }
        let text = lines.enumerated().map { index, line in
            #"<text x="60" y="\#(250 + index * 40)" font-size="26">\#(SVGRenderer.escape(line))</text>"#
        }.joined()
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="800" height="480" viewBox="0 0 800 480" font-family="\(SVGRenderer.fontFamily)">
            <rect width="800" height="480" fill="#ffffff"/><rect x="20" y="20" width="760" height="440" rx="24" fill="none" stroke="#000000" stroke-width="4"/>
            <text x="60" y="110" font-size="26" font-weight="bold">widgethost</text>
            <text x="60" y="180" font-size="40" font-weight="bold">\(SVGRenderer.escape(title))</text>\(text)
            </svg>
            """
    }
}
