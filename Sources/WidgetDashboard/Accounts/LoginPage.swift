import WidgetConfiguration
import WidgetRendering

/// The sign-in page: a form that works without script, in the dashboard's colours.
enum LoginPage {
    /// Forms may post to this dashboard only; no script at all.
    static let contentSecurityPolicy = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; "
        + "base-uri 'none'; form-action 'self'"

    /// - Parameters:
    ///   - message: why the last attempt failed, shown above the form.
    ///   - name: what the person typed as their name, kept for the next try.
    static func html(message: String? = nil, name: String = "", appearance: AppearanceSettings = AppearanceSettings()) -> String {
        let background = appearance.background ?? "linear-gradient(160deg, #283c63, #6a4c93 60%, #c06c84)"
        let notice = message.map { #"<p class="message" role="alert">\#(SVGRenderer.escape($0))</p>"# } ?? ""
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Sign in · widgethost</title>
            <link rel="icon" href="/favicon.svg" type="image/svg+xml">
            <style>
              :root { color-scheme: light dark; }
              body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; padding: 16px; box-sizing: border-box;
                     background: \(background); font-family: "DejaVu Sans", Verdana, sans-serif; }
              form { background: Canvas; color: CanvasText; border-radius: 16px; padding: 28px; width: 100%; max-width: 340px; box-sizing: border-box;
                     box-shadow: 0 8px 24px rgba(0,0,0,.25); display: flex; flex-direction: column; gap: 12px; }
              h1 { font-size: 20px; margin: 0 0 8px; }
              label { display: flex; flex-direction: column; gap: 4px; font-size: 14px; }
              input { font: inherit; font-size: 16px; padding: 8px 10px; border-radius: 8px; border: 1px solid GrayText; }
              button { font: inherit; font-size: 16px; padding: 10px; border-radius: 8px; border: 0; background: #6a4c93; color: #fff; cursor: pointer; }
              .message { margin: 0; padding: 8px 10px; border-radius: 8px; background: #fde8e8; color: #8a1c1c; font-size: 14px; }
            </style>
            </head>
            <body>
            <form method="post" action="/login">
            <h1>widgethost</h1>
            \(notice)
            <label>Name <input name="name" autocomplete="username" autocapitalize="none" spellcheck="false" required value="\(SVGRenderer.escape(name))"\(name.isEmpty ? " autofocus" : "")></label>
            <label>Password <input name="password" type="password" autocomplete="current-password" required\(name.isEmpty ? "" : " autofocus")></label>
            <button type="submit">Sign in</button>
            </form>
            </body>
            </html>

            """
    }
}
