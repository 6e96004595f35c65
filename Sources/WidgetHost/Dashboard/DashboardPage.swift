/// The dashboard's single page. Each instance is an <img> of its SVG; server-
/// sent events swap an image when its entry changes and rebuild the grid
/// when instances come or go.
enum DashboardPage {
    static func html(_ statuses: [InstanceStatus]) -> String {
        let tiles = statuses.map(tile).joined(separator: "\n")
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>widgethost</title>
            <link rel="icon" href="/favicon.svg" type="image/svg+xml">
            <style>
              body { margin: 0; padding: 32px; background: linear-gradient(160deg, #283c63, #6a4c93 60%, #c06c84); min-height: 100vh;
                     font-family: "DejaVu Sans", Verdana, sans-serif; color: #fff; box-sizing: border-box; }
              h1 { font-weight: 600; font-size: 20px; margin: 0 0 24px; opacity: .85 }
              #grid { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
              figure { margin: 0; }
              figure img { display: block; border-radius: 22px; box-shadow: 0 8px 24px rgba(0,0,0,.25); }
              figcaption { font-size: 12px; margin-top: 8px; opacity: .8; text-align: center; overflow-wrap: anywhere; }
              #empty { opacity: .8 }
            </style>
            </head>
            <body>
            <h1>widgethost</h1>
            <div id="grid">
            \(statuses.isEmpty ? #"<p id="empty">No instances yet: place one with <code>widgethost add-instance</code>.</p>"# : tiles)
            </div>
            <script src="/dashboard.js"></script>
            </body>
            </html>

            """
    }

    /// The page's script, served as /dashboard.js so that the page's
    /// Content-Security-Policy can forbid every inline script.
    static let script = """
        const grid = document.getElementById("grid");
        function caption(i) { return `${i.kind} · ${i.id} · ${i.detail}`; }
        function tile(i) {
          const figure = document.createElement("figure");
          figure.id = "w-" + i.id;
          figure.style.width = i.width + "px";
          const img = document.createElement("img");
          img.width = i.width; img.height = i.height; img.alt = i.kind;
          img.src = `/instances/${i.id}.svg?t=${Date.now()}`;
          const text = document.createElement("figcaption");
          text.textContent = caption(i);
          figure.append(img, text);
          return figure;
        }
        async function rebuild() {
          const instances = await (await fetch("/instances")).json();
          grid.replaceChildren(...instances.map(tile));
        }
        async function refresh(id) {
          const figure = document.getElementById("w-" + id);
          if (!figure) return rebuild();
          const i = await (await fetch(`/instances/${id}`)).json();
          figure.querySelector("img").src = `/instances/${id}.svg?t=${Date.now()}`;
          figure.querySelector("figcaption").textContent = caption(i);
        }
        // "connecting", then "connected" once events flow: make e2e reads it to
        // know the Content-Security-Policy let this script run.
        document.body.dataset.live = "connecting";
        const events = new EventSource("/events");
        events.addEventListener("open", () => { document.body.dataset.live = "connected"; });
        events.addEventListener("entry", e => refresh(e.data));
        events.addEventListener("instances", () => rebuild());
        """

    /// A rounded square in the page's colours.
    static let favicon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="2" width="28" height="28" rx="7" fill="#6a4c93"/>\
        <rect x="7" y="7" width="8" height="8" rx="2" fill="#fff"/><rect x="17" y="7" width="8" height="18" rx="2" fill="#fff" opacity=".8"/>\
        <rect x="7" y="17" width="8" height="8" rx="2" fill="#fff" opacity=".6"/></svg>
        """

    private static func tile(_ status: InstanceStatus) -> String {
        let size = status.instance.family.size
        let id = SVGRenderer.escape(status.instance.id)
        let caption = SVGRenderer.escape("\(status.instance.kind) · \(status.instance.id) · \(status.detail)")
        return #"<figure id="w-\#(id)" style="width:\#(Int(size.width))px"><img src="/instances/\#(id).svg" width="\#(Int(size.width))" height="\#(Int(size.height))" alt="\#(SVGRenderer.escape(status.instance.kind))"><figcaption>\#(caption)</figcaption></figure>"#
    }
}
