import Foundation
import HostText
import WidgetConfiguration
import WidgetContainer
import WidgetHost
import WidgetRendering
import WidgetSDK

/// The dashboard's single page. Each instance is an <img> of its SVG; server-
/// sent events swap an image when its entry changes, and add or remove
/// tiles when instances come or go, leaving the others alone. Captions age
/// on a timer in the page, from the last success's date.
enum DashboardPage {
    /// - Parameter token: the per-run token taps must carry (see `RequestGuard`).
    /// - Parameter appearance: the manifest's `appearance:`: whether the
    ///   page follows the browser's `prefers-color-scheme` or keeps one
    ///   scheme, its background, and the cards' corner radius.
    /// - Parameter principal: who asked: the page names them, and carries their session's CSRF token for taps.
    /// - Parameter screens: the names of the manifest's screens they may see, linked in the header.
    static func html(_ statuses: [InstanceStatus], token: String = "", principal: DashboardPrincipal = .open, screens: [String] = [],
                     appearance: AppearanceSettings = AppearanceSettings(),
                     locale: Locale = FormattingLocale.dates, at now: Date = Date()) -> String {
        let summaries = statuses.map { InstanceSummary($0, locale: locale) }
        let tiles = zip(statuses, summaries).map { tile($0, $1, scheme: appearance.cardScheme.rawValue) }.joined(separator: "\n")
        let rankChanges = summaries.compactMap(\.rankChanges).min().map { #" data-rank-changes="\#(ISO8601Text.string($0))""# } ?? ""
        let radius = appearance.cornerRadius ?? CardTheme.standard.cornerRadius
        let light = appearance.background ?? "linear-gradient(160deg, #283c63, #6a4c93 60%, #c06c84)"
        let dark = appearance.background ?? "linear-gradient(160deg, #0b0f1a, #16162a 60%, #2a1f3d)"
        let background = switch appearance.scheme {
        case .light: "body { background: \(light); }"
        case .dark: "body { background: \(dark); }"
        case .auto: "body { background: \(light); } @media (prefers-color-scheme: dark) { body { background: \(dark); } }"
        }
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>widgethost</title>
            <link rel="icon" href="/favicon.svg" type="image/svg+xml">
            <meta name="widgethost-token" content="\(token)">
            <meta name="widgethost-csrf" content="\(SVGRenderer.escape(principal.csrf ?? ""))">
            <style>
              :root { color-scheme: \(appearance.scheme == .auto ? "light dark" : appearance.scheme.rawValue); }
              \(background)
              body { margin: 0; padding: 32px; min-height: 100vh;
                     font-family: "DejaVu Sans", Verdana, sans-serif; color: #fff; box-sizing: border-box; }
              header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 8px 16px; margin: 0 0 24px; }
              h1 { font-weight: 600; font-size: 20px; margin: 0; opacity: .85; flex: 1; }
              .who { display: flex; align-items: baseline; gap: 10px; margin: 0; font-size: 13px; opacity: .85; }
              .screens { display: flex; flex-wrap: wrap; gap: 4px 12px; margin: 0; font-size: 13px; opacity: .85; }
              .screens a { color: inherit; }
              .who button { font: inherit; color: inherit; background: rgba(255,255,255,.15); border: 1px solid rgba(255,255,255,.35);
                            border-radius: 6px; padding: 3px 10px; cursor: pointer; }
              #grid, #activities { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
              /* Live Activities, above the widgets as on a Lock Screen, most relevant first. */
              #activities { margin: 0 0 24px; }
              #activities[hidden], #controls[hidden] { display: none; }
              /* Controls, a row above everything as in Control Center: each a button over its card. */
              #controls { display: flex; flex-wrap: wrap; gap: 12px; margin: 0 0 24px; }
              #controls button { margin: 0; padding: 0; border: 0; background: transparent; cursor: pointer; color: inherit; font: inherit;
                                 border-radius: \(Int(radius))px; }
              #controls button:focus-visible, #controls button:hover { outline: 2px solid rgba(10,132,255,.6); }
              #controls button[disabled] { cursor: default; opacity: .6; }
              #controls img { display: block; border-radius: \(Int(radius))px; box-shadow: 0 4px 12px rgba(0,0,0,.2); }
              #controls .unavailable { padding: 8px 12px; background: rgba(0,0,0,.35); font-size: 13px; }
              figure { margin: 0; position: relative; max-width: 100%; }
              .taps { position: absolute; left: 0; top: 0; width: 100%; }
              .taps a, .taps button, .taps span { position: absolute; display: block; margin: 0; padding: 0; border: 0; background: transparent;
                                      cursor: pointer; border-radius: 8px; }
              .taps a:hover, .taps button:hover, .taps a:focus, .taps button:focus { outline: 2px solid rgba(10,132,255,.6); }
              .taps .widget:hover, .taps .widget:focus { outline: none; }
              .taps .app-link { cursor: help; }
              figure img { display: block; max-width: 100%; height: auto; border-radius: \(Int(radius))px; box-shadow: 0 8px 24px rgba(0,0,0,.25); }
              /* A phone (320 to 430 px): one column, each card scaled to the width, never wider. */
              @media (max-width: 480px) {
                body { padding: 16px 12px; }
                header { margin-bottom: 16px; }
                #grid, #activities { flex-direction: column; flex-wrap: nowrap; align-items: center; gap: 20px; }
              }
              figcaption { font-size: 12px; margin-top: 8px; opacity: .8; text-align: center; overflow-wrap: anywhere; }
              #empty { opacity: .8 }
            </style>
            </head>
            <body data-server-time="\(ISO8601Text.string(now))" data-scheme="\(appearance.scheme.rawValue)"\(rankChanges)>
            <header><h1>widgethost</h1>\(links(screens))\(who(principal))</header>
            <section id="controls" aria-label="Controls" hidden></section>
            <section id="activities" aria-label="Live Activities" hidden></section>
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
        // The server's clock, as ages are measured from its dates.
        const skew = Date.parse(document.body.dataset.serverTime) - Date.now() || 0;
        function age(seconds) {
          seconds = Math.max(0, Math.floor(seconds));
          if (seconds < 60) return seconds + "s";
          if (seconds < 3600) return Math.floor(seconds / 60) + "m";
          if (seconds < 86400) return Math.floor(seconds / 3600) + "h";
          return Math.floor(seconds / 86400) + "d";
        }
        function prefix(i) { return `${i.name ? i.name + " · " : ""}${i.kind} · ${i.id} · `; }
        function tick(caption) {
          const since = Date.parse(caption.dataset.since);
          if (!isNaN(since)) caption.textContent = caption.dataset.template.replace("{age}", age((Date.now() + skew - since) / 1000));
        }
        function version(i) { return `${i.currentEntryDate || "none"}|${i.state}`; }
        const token = document.querySelector('meta[name="widgethost-token"]').content;
        // A signed-in user's session token against cross-site request forgery, sent back with each tap.
        const csrf = document.querySelector('meta[name="widgethost-csrf"]').content;
        // The dashboard's key, from the link the host logged: kept by this
        // origin alone (port included), and out of the address bar and history.
        {
          const here = new URL(location.href);
          const given = here.searchParams.get("key");
          if (given) {
            localStorage.setItem("widgethost-key", given);
            here.searchParams.delete("key");
            history.replaceState(null, "", here.pathname + here.search + here.hash);
          }
        }
        // Cards are drawn light or dark as the manifest says, or (auto) as
        // the browser prefers, and drawn again when that preference changes.
        const darkQuery = window.matchMedia("(prefers-color-scheme: dark)");
        let drawnScheme = null;
        function preferred() {
          const fixed = document.body.dataset.scheme;
          return fixed === "light" || fixed === "dark" ? fixed : (darkQuery.matches ? "dark" : "light");
        }
        // The browser fires "change" only if the preference differs from what
        // the page last read, so a card drawn between the change and the next
        // frame swallows the event: whoever reads a new preference first
        // redraws the rest.
        function scheme() {
          const now = preferred();
          if (drawnScheme !== null && now !== drawnScheme) queueMicrotask(rescheme);
          return now;
        }
        function card(img, i) { img.src = `/instances/${i.id}.svg?scheme=${scheme()}&v=${encodeURIComponent(version(i))}`; }
        function rescheme() {
          drawnScheme = preferred();
          for (const img of document.querySelectorAll("figure img, #controls img")) {
            const src = img.src.replace(/scheme=(light|dark)/, "scheme=" + drawnScheme);
            if (src !== img.src) img.src = src;
          }
        }
        darkQuery.addEventListener("change", rescheme);
        // Tap targets over the card, from the layout's frames: buttons and
        // toggles POST to the host, links and the widget's URL open a tab;
        // an app's own link (`myapp://…`) with no web address is shown, not followed.
        async function taps(figure, id) {
          figure.querySelector(".taps")?.remove();
          const actions = await (await fetch(`/instances/${id}/actions`)).json();
          if (!actions.length) return;
          const layer = document.createElement("div");
          layer.className = "taps";
          // Targets in fractions of the card, which a narrow window draws smaller than its points:
          // the attributes say its size in points (the properties, how large it is drawn).
          const img = figure.querySelector("img"), across = Number(img.getAttribute("width")), down = Number(img.getAttribute("height"));
          layer.style.aspectRatio = `${across} / ${down}`;
          const percent = (value, whole) => (100 * value / whole) + "%";
          for (const a of actions) {
            const target = document.createElement(a.opens ? "a" : a.url ? "span" : "button");
            if (a.opens) { target.href = a.opens; target.target = "_blank"; target.rel = "noopener noreferrer"; }
            else if (!a.url) target.addEventListener("click", () => tap(figure, id, a));
            target.className = a.type + (a.url && !a.opens ? " app-link" : "");
            target.title = a.url && !a.opens ? `opens in the app: ${a.url}` : a.label || a.url;
            target.setAttribute("aria-label", `${a.type} ${a.label || a.url}`);
            target.dataset.number = a.number;
            Object.assign(target.style, { left: percent(a.frame.x, across), top: percent(a.frame.y, down),
                                          width: percent(a.frame.width, across), height: percent(a.frame.height, down) });
            layer.append(target);
          }
          figure.append(layer);
        }
        // What the host said when it refused: its refusals are JSON, {"error": {"message": …}}.
        async function refusal(response) {
          const text = await response.text();
          try { return JSON.parse(text).error.message || text; } catch (e) { return text; }
        }
        // A tap names the entry its target was drawn from: if a newer one
        // is showing, the host refuses (409) and the targets are drawn again.
        async function tap(figure, id, a) {
          const response = await fetch(`/instances/${id}/actions/${a.number}?entry=${encodeURIComponent(a.entry)}`,
                                       { method: "POST", headers: { "X-Widgethost-Token": token, "X-Widgethost-CSRF": csrf,
                                                                    "X-Widgethost-Key": localStorage.getItem("widgethost-key") || "" } });
          if (!response.ok) figure.querySelector("figcaption").textContent = "⚠ " + await refusal(response);
          if (response.status === 409) taps(figure, id);
        }
        function show(figure, i) {
          const caption = figure.querySelector("figcaption");
          caption.dataset.template = prefix(i) + i.detailTemplate;
          if (i.lastSuccess) caption.dataset.since = i.lastSuccess; else delete caption.dataset.since;
          caption.textContent = prefix(i) + i.detail;
          tick(caption);
          const img = figure.querySelector("img");
          img.alt = (i.name || i.kind) + (i.spoken ? ": " + i.spoken : "");
          figure.dataset.ticks = i.ticks;
          figure.dataset.rank = i.rank;
          // Only a changed entry or state loads the card again.
          if (figure.dataset.version !== version(i)) {
            figure.dataset.version = version(i);
            card(img, i);
            if (i.actions > 0 || figure.querySelector(".taps")) taps(figure, i.id);
          }
        }
        function tile(i) {
          const figure = document.createElement("figure");
          figure.id = "w-" + i.id;
          figure.style.width = i.width + "px";
          const img = document.createElement("img");
          img.width = i.width; img.height = i.height;
          figure.append(img, document.createElement("figcaption"));
          show(figure, i);
          return figure;
        }
        // The tiles in the host's order, most relevant first (the Smart
        // Stack's rule), read again when a tile's rank may have changed.
        let rankTimer = null;
        function rankChangesAt(time) {
          const at = Date.parse(time);
          if (isNaN(at)) return;
          if (rankTimer && rankTimer.at <= at) return;
          clearTimeout(rankTimer?.id);
          // At most an hour: a timer's delay wraps past 24.8 days, and an hour's read costs little.
          const wait = Math.min(3600000, Math.max(1000, at - (Date.now() + skew) + 500));
          rankTimer = { at, id: setTimeout(() => { rankTimer = null; sync(); }, wait) };
        }
        // Instances came or went, or their order changed: add and remove
        // those tiles, and move the others into the host's order. Reads may
        // end out of order: only the latest asked for is applied.
        let syncsAsked = 0;
        async function sync() {
          const asked = ++syncsAsked;
          const instances = await (await fetch("/instances")).json();
          if (asked !== syncsAsked) return;
          const wanted = new Set(instances.map(i => "w-" + i.id));
          for (const figure of [...grid.querySelectorAll("figure")]) if (!wanted.has(figure.id)) figure.remove();
          document.getElementById("empty")?.remove();
          let previous = null;
          for (const i of instances) {
            let figure = document.getElementById("w-" + i.id);
            if (figure) show(figure, i); else figure = tile(i);
            // Moved only when out of place: a moved <img> is not drawn again, but a move is a layout.
            if (previous ? previous.nextElementSibling !== figure : grid.firstElementChild !== figure) {
              if (previous) previous.after(figure); else grid.prepend(figure);
            }
            previous = figure;
            rankChangesAt(i.rankChanges);
          }
        }
        async function refresh(id) {
          const figure = document.getElementById("w-" + id);
          if (!figure) return sync();
          const i = await (await fetch(`/instances/${id}`)).json();
          const moved = figure.dataset.rank !== i.rank;
          show(figure, i);
          rankChangesAt(i.rankChanges);
          if (moved) sync();
        }
        for (const figure of grid.querySelectorAll("figure")) {
          figure.dataset.version = figure.dataset.initialVersion;
          if (figure.dataset.actions > 0) taps(figure, figure.id.slice(2));
        }
        rankChangesAt(document.body.dataset.rankChanges);
        rescheme();
        setInterval(() => grid.querySelectorAll("figcaption[data-since]").forEach(tick), 5000);
        // Text that keeps time (.timer, .relative) is drawn by the host each second.
        setInterval(() => {
          for (const figure of document.querySelectorAll('figure[data-ticks="true"]')) {
            const img = figure.querySelector("img");
            const base = img.src.replace(/[?&]t=\\d+$/, "");
            img.src = base + (base.includes("?") ? "&" : "?") + "t=" + Math.floor(Date.now() / 1000);
          }
        }, 1000);
        // "connecting", then "connected" once events flow: make e2e reads it to
        // know the Content-Security-Policy let this script run.
        document.body.dataset.live = "connecting";
        const events = new EventSource("/events");
        events.addEventListener("open", () => { document.body.dataset.live = "connected"; });
        events.addEventListener("entry", e => refresh(e.data));
        events.addEventListener("instances", () => sync());
        // Live Activities: read again when one starts, changes or ends, and
        // when the next goes stale or is dismissed by itself.
        const shelf = document.getElementById("activities");
        let activityTimer = null;
        async function activities() {
          const list = await (await fetch("/activities")).json();
          const wanted = new Set(list.map(a => "a-" + a.id));
          for (const figure of [...shelf.querySelectorAll("figure")]) if (!wanted.has(figure.id)) figure.remove();
          let previous = null;
          for (const a of list) {
            let figure = document.getElementById("a-" + a.id);
            if (!figure) {
              figure = document.createElement("figure");
              figure.id = "a-" + a.id;
              figure.style.width = a.width + "px";
              const img = document.createElement("img");
              img.width = a.width; img.height = a.height;
              figure.append(img, document.createElement("figcaption"));
            }
            // In relevance order, as the host lists them.
            if (previous) previous.after(figure); else shelf.prepend(figure);
            previous = figure;
            const img = figure.querySelector("img");
            img.alt = "Live Activity: " + a.type;
            figure.dataset.ticks = a.ticks;
            const version = `${a.updatedAt}|${a.phase}`;
            if (figure.dataset.version !== version) {
              figure.dataset.version = version;
              img.src = `/activities/${a.id}.svg?scheme=${scheme()}&v=${encodeURIComponent(version)}`;
            }
            figure.querySelector("figcaption").textContent = `Live Activity · ${a.type} · ${a.phase}`;
          }
          shelf.hidden = list.length === 0;
          clearTimeout(activityTimer);
          const next = list.map(a => Date.parse(a.nextChange)).filter(t => !isNaN(t)).sort((x, y) => x - y)[0];
          if (next) activityTimer = setTimeout(activities, Math.max(1000, next - (Date.now() + skew) + 500));
        }
        activities();
        events.addEventListener("activities", () => activities());
        // Controls: read by the host each time the row is asked for, after
        // each tap, and when a kind asks ControlCenter to reload them.
        const row = document.getElementById("controls");
        // Reads may end out of order: only the latest asked for is drawn.
        let controlsAsked = 0;
        async function controls() {
          const asked = ++controlsAsked;
          const response = await fetch("/controls");
          if (!response.ok) return;
          const list = await response.json();
          if (asked !== controlsAsked) return;
          row.replaceChildren(...list.map(controlButton));
          row.hidden = list.length === 0;
        }
        function controlButton(c) {
          const button = document.createElement("button");
          button.type = "button";
          button.dataset.kind = c.kind;
          const said = c.value ? `${c.title}: ${c.value}` : c.title;
          if (!c.style) {
            button.disabled = true;
            button.className = "unavailable";
            button.textContent = `⚠ ${c.displayName}`;
            button.title = c.problem || "";
            return button;
          }
          if (c.isOn !== undefined) button.setAttribute("aria-pressed", String(c.isOn));
          button.title = `${said} · ${c.action}`;
          const img = document.createElement("img");
          img.width = c.width; img.height = c.height;
          img.alt = said;
          img.src = `/controls/${encodeURIComponent(c.kind)}.svg?scheme=${scheme()}&v=${encodeURIComponent(c.version)}`;
          button.append(img);
          button.addEventListener("click", () => tapControl(button, c));
          return button;
        }
        // A toggle says which value its user saw: the host sets the other.
        // Then the whole row is read again: an action may change other controls too.
        async function tapControl(button, c) {
          button.disabled = true;
          const shown = c.isOn === undefined ? "" : `?isOn=${c.isOn}`;
          let message = null;
          try {
            const response = await fetch(`/controls/${encodeURIComponent(c.kind)}/tap${shown}`,
                                         { method: "POST", headers: { "X-Widgethost-Token": token, "X-Widgethost-CSRF": csrf,
                                                                      "X-Widgethost-Key": localStorage.getItem("widgethost-key") || "" } });
            if (!response.ok) message = await refusal(response);
          } catch (e) {
            message = "the host did not answer: " + e.message;
          }
          if (message === null) return controls();
          button.disabled = false;
          button.title = "⚠ " + message;
          button.dataset.error = message;
        }
        controls();
        events.addEventListener("controls", () => controls());
        """

    /// The screens, each a link to its picture.
    private static func links(_ screens: [String]) -> String {
        guard !screens.isEmpty else { return "" }
        let names = screens.map { SVGRenderer.escape($0) }
        return #"<nav class="screens" aria-label="Screens"><span>Screens:</span>"#
            + names.map { #"<a href="/screens/\#($0).png">\#($0)</a>"# }.joined() + "</nav>"
    }

    /// Who is signed in, and the button that signs them out (a form: it
    /// works without the script). A proxy's users sign out at the proxy.
    private static func who(_ principal: DashboardPrincipal) -> String {
        let name = SVGRenderer.escape(principal.name)
        switch principal.proof {
        case .open: return ""
        case .proxy: return #"<p class="who"><span>\#(name)</span></p>"#
        case .token, .session:
            let role = principal.readOnly ? #" <span>(read-only)</span>"# : ""
            return #"<form class="who" method="post" action="/logout"><span>\#(name)\#(role)</span>"#
                + #"<input type="hidden" name="csrf" value="\#(SVGRenderer.escape(principal.csrf ?? ""))"><button type="submit">Sign out</button></form>"#
        }
    }

    /// A rounded square in the page's colours.
    static let favicon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="2" width="28" height="28" rx="7" fill="#6a4c93"/>\
        <rect x="7" y="7" width="8" height="8" rx="2" fill="#fff"/><rect x="17" y="7" width="8" height="18" rx="2" fill="#fff" opacity=".8"/>\
        <rect x="7" y="17" width="8" height="8" rx="2" fill="#fff" opacity=".6"/></svg>
        """

    /// What the card's `<img>` says to a screen reader, as the page's script writes it.
    private static func alternative(_ summary: InstanceSummary) -> String {
        (summary.name ?? summary.kind) + (summary.spoken.map { ": " + $0 } ?? "")
    }

    /// `scheme`: the cards' until the page's script knows the browser's preference.
    private static func tile(_ status: InstanceStatus, _ summary: InstanceSummary, scheme: String) -> String {
        let size = status.instance.family.size
        let id = SVGRenderer.escape(summary.id)
        let prefix = (summary.name.map { "\($0) · " } ?? "") + "\(summary.kind) · \(summary.id) · "
        let version = SVGRenderer.escape("\(summary.currentEntryDate.map { ISO8601Text.string($0) } ?? "none")|\(summary.state)")
        let since = summary.lastSuccess.map { #" data-since="\#(ISO8601Text.string($0))""# } ?? ""
        return #"<figure id="w-\#(id)" data-initial-version="\#(version)" data-actions="\#(summary.actions)" data-ticks="\#(summary.ticks)" data-rank="\#(summary.rank)" style="width:\#(Int(size.width))px">"#
            + #"<img src="/instances/\#(id).svg?scheme=\#(scheme)" width="\#(Int(size.width))" height="\#(Int(size.height))" alt="\#(SVGRenderer.escape(alternative(summary)))">"#
            + #"<figcaption data-template="\#(SVGRenderer.escape(prefix + summary.detailTemplate))"\#(since)>\#(SVGRenderer.escape(prefix + summary.detail))</figcaption></figure>"#
    }
}
