import WidgetSDK

/// The SF Symbol names widgets commonly use, each with the Material Icons
/// glyph that stands for it (its name and code point in Debian's
/// fonts-material-design-icons-iconfont, as the package's `_variables.scss`
/// lists them) and one terminal cell for the board. The table of
/// docs/symbols.md is printed from this one (`widgethost symbols --markdown`); a test checks
/// that every code point has a glyph.
package enum SymbolCatalog {
    package struct Symbol: Sendable {
        package let name: String
        package let material: String
        package let codepoint: UInt32
        /// One cell on the board: a glyph, or the name's first letter.
        package let cell: Character
    }

    package static let all: [Symbol] = [
        Symbol(name: "airplane", material: "flight", codepoint: 0xe539, cell: "A"),
        Symbol(name: "alarm", material: "alarm", codepoint: 0xe855, cell: "A"),
        Symbol(name: "alarm.fill", material: "alarm", codepoint: 0xe855, cell: "A"),
        Symbol(name: "ant", material: "bug_report", codepoint: 0xe868, cell: "A"),
        Symbol(name: "antenna.radiowaves.left.and.right", material: "settings_input_antenna", codepoint: 0xe8bf, cell: "A"),
        Symbol(name: "applewatch", material: "watch", codepoint: 0xe334, cell: "A"),
        Symbol(name: "arrow.clockwise", material: "refresh", codepoint: 0xe5d5, cell: "↻"),
        Symbol(name: "arrow.counterclockwise", material: "undo", codepoint: 0xe166, cell: "↺"),
        Symbol(name: "arrow.down", material: "arrow_downward", codepoint: 0xe5db, cell: "↓"),
        Symbol(name: "arrow.down.circle", material: "download", codepoint: 0xf090, cell: "A"),
        Symbol(name: "arrow.down.right", material: "south_east", codepoint: 0xf1e4, cell: "↘"),
        Symbol(name: "arrow.left", material: "arrow_back", codepoint: 0xe5c4, cell: "←"),
        Symbol(name: "arrow.right", material: "arrow_forward", codepoint: 0xe5c8, cell: "→"),
        Symbol(name: "arrow.triangle.2.circlepath", material: "sync", codepoint: 0xe627, cell: "⟳"),
        Symbol(name: "arrow.triangle.branch", material: "alt_route", codepoint: 0xf184, cell: "A"),
        Symbol(name: "arrow.triangle.merge", material: "merge_type", codepoint: 0xe252, cell: "A"),
        Symbol(name: "arrow.up", material: "arrow_upward", codepoint: 0xe5d8, cell: "↑"),
        Symbol(name: "arrow.up.arrow.down", material: "swap_vert", codepoint: 0xe8d5, cell: "⇅"),
        Symbol(name: "arrow.up.circle", material: "upload", codepoint: 0xf09b, cell: "A"),
        Symbol(name: "arrow.up.right", material: "north_east", codepoint: 0xf1e1, cell: "↗"),
        Symbol(name: "at", material: "alternate_email", codepoint: 0xe0e6, cell: "@"),
        Symbol(name: "backward.end.fill", material: "skip_previous", codepoint: 0xe045, cell: "B"),
        Symbol(name: "backward.fill", material: "fast_rewind", codepoint: 0xe020, cell: "B"),
        Symbol(name: "bag", material: "shopping_bag", codepoint: 0xf1cc, cell: "B"),
        Symbol(name: "bag.fill", material: "shopping_bag", codepoint: 0xf1cc, cell: "B"),
        Symbol(name: "battery.100", material: "battery_full", codepoint: 0xe1a4, cell: "B"),
        Symbol(name: "battery.100.bolt", material: "battery_charging_full", codepoint: 0xe1a3, cell: "B"),
        Symbol(name: "battery.25", material: "battery_alert", codepoint: 0xe19c, cell: "B"),
        Symbol(name: "bed.double", material: "hotel", codepoint: 0xe53a, cell: "B"),
        Symbol(name: "bell", material: "notifications_none", codepoint: 0xe7f5, cell: "B"),
        Symbol(name: "bell.fill", material: "notifications", codepoint: 0xe7f4, cell: "B"),
        Symbol(name: "bell.slash", material: "notifications_off", codepoint: 0xe7f6, cell: "B"),
        Symbol(name: "bicycle", material: "directions_bike", codepoint: 0xe52f, cell: "B"),
        Symbol(name: "bolt", material: "bolt", codepoint: 0xea0b, cell: "ϟ"),
        Symbol(name: "bolt.circle.fill", material: "offline_bolt", codepoint: 0xe932, cell: "B"),
        Symbol(name: "bolt.fill", material: "bolt", codepoint: 0xea0b, cell: "ϟ"),
        Symbol(name: "book", material: "menu_book", codepoint: 0xea19, cell: "B"),
        Symbol(name: "book.fill", material: "menu_book", codepoint: 0xea19, cell: "B"),
        Symbol(name: "bookmark", material: "bookmark_border", codepoint: 0xe867, cell: "B"),
        Symbol(name: "bookmark.fill", material: "bookmark", codepoint: 0xe866, cell: "B"),
        Symbol(name: "bubble.left", material: "chat_bubble_outline", codepoint: 0xe0cb, cell: "B"),
        Symbol(name: "bubble.left.fill", material: "chat_bubble", codepoint: 0xe0ca, cell: "B"),
        Symbol(name: "building.2", material: "business", codepoint: 0xe0af, cell: "B"),
        Symbol(name: "bus", material: "directions_bus", codepoint: 0xe530, cell: "B"),
        Symbol(name: "bus.fill", material: "directions_bus", codepoint: 0xe530, cell: "B"),
        Symbol(name: "calendar", material: "calendar_today", codepoint: 0xe935, cell: "C"),
        Symbol(name: "calendar.badge.plus", material: "event", codepoint: 0xe878, cell: "C"),
        Symbol(name: "camera", material: "photo_camera", codepoint: 0xe412, cell: "C"),
        Symbol(name: "camera.fill", material: "photo_camera", codepoint: 0xe412, cell: "C"),
        Symbol(name: "car", material: "directions_car", codepoint: 0xe531, cell: "C"),
        Symbol(name: "car.fill", material: "directions_car", codepoint: 0xe531, cell: "C"),
        Symbol(name: "cart", material: "shopping_cart", codepoint: 0xe8cc, cell: "C"),
        Symbol(name: "cart.fill", material: "shopping_cart", codepoint: 0xe8cc, cell: "C"),
        Symbol(name: "chart.bar", material: "bar_chart", codepoint: 0xe26b, cell: "C"),
        Symbol(name: "chart.bar.fill", material: "bar_chart", codepoint: 0xe26b, cell: "C"),
        Symbol(name: "chart.line.uptrend.xyaxis", material: "show_chart", codepoint: 0xe6e1, cell: "C"),
        Symbol(name: "chart.pie", material: "pie_chart", codepoint: 0xe6c4, cell: "C"),
        Symbol(name: "chart.pie.fill", material: "pie_chart", codepoint: 0xe6c4, cell: "C"),
        Symbol(name: "checklist", material: "checklist", codepoint: 0xe6b1, cell: "C"),
        Symbol(name: "checkmark", material: "check", codepoint: 0xe5ca, cell: "✓"),
        Symbol(name: "checkmark.circle", material: "check_circle_outline", codepoint: 0xe92d, cell: "✔"),
        Symbol(name: "checkmark.circle.fill", material: "check_circle", codepoint: 0xe86c, cell: "✔"),
        Symbol(name: "checkmark.square.fill", material: "check_box", codepoint: 0xe834, cell: "☑"),
        Symbol(name: "chevron.down", material: "expand_more", codepoint: 0xe5cf, cell: "C"),
        Symbol(name: "chevron.left", material: "chevron_left", codepoint: 0xe5cb, cell: "‹"),
        Symbol(name: "chevron.left.forwardslash.chevron.right", material: "code", codepoint: 0xe86f, cell: "C"),
        Symbol(name: "chevron.right", material: "chevron_right", codepoint: 0xe5cc, cell: "›"),
        Symbol(name: "chevron.up", material: "expand_less", codepoint: 0xe5ce, cell: "C"),
        Symbol(name: "circle", material: "radio_button_unchecked", codepoint: 0xe836, cell: "○"),
        Symbol(name: "circle.fill", material: "circle", codepoint: 0xef4a, cell: "●"),
        Symbol(name: "clock", material: "schedule", codepoint: 0xe8b5, cell: "◷"),
        Symbol(name: "clock.fill", material: "schedule", codepoint: 0xe8b5, cell: "◷"),
        Symbol(name: "cloud", material: "cloud_queue", codepoint: 0xe2c2, cell: "☁"),
        Symbol(name: "cloud.bolt.fill", material: "thunderstorm", codepoint: 0xebdb, cell: "C"),
        Symbol(name: "cloud.fill", material: "cloud", codepoint: 0xe2bd, cell: "☁"),
        Symbol(name: "cloud.rain.fill", material: "umbrella", codepoint: 0xf1ad, cell: "C"),
        Symbol(name: "cloud.snow.fill", material: "ac_unit", codepoint: 0xeb3b, cell: "❄"),
        Symbol(name: "cloud.sun.fill", material: "wb_cloudy", codepoint: 0xe42d, cell: "C"),
        Symbol(name: "cpu", material: "memory", codepoint: 0xe322, cell: "C"),
        Symbol(name: "creditcard", material: "credit_card", codepoint: 0xe870, cell: "C"),
        Symbol(name: "cross.fill", material: "local_hospital", codepoint: 0xe548, cell: "C"),
        Symbol(name: "cup.and.saucer", material: "local_cafe", codepoint: 0xe541, cell: "C"),
        Symbol(name: "curlybraces", material: "data_object", codepoint: 0xead3, cell: "C"),
        Symbol(name: "desktopcomputer", material: "desktop_windows", codepoint: 0xe30c, cell: "D"),
        Symbol(name: "display", material: "monitor", codepoint: 0xef5b, cell: "D"),
        Symbol(name: "doc", material: "description", codepoint: 0xe873, cell: "D"),
        Symbol(name: "doc.fill", material: "description", codepoint: 0xe873, cell: "D"),
        Symbol(name: "doc.text", material: "article", codepoint: 0xef42, cell: "D"),
        Symbol(name: "dollarsign.circle", material: "monetization_on", codepoint: 0xe263, cell: "D"),
        Symbol(name: "drop", material: "water_drop", codepoint: 0xe798, cell: "D"),
        Symbol(name: "drop.fill", material: "water_drop", codepoint: 0xe798, cell: "D"),
        Symbol(name: "ellipsis", material: "more_horiz", codepoint: 0xe5d3, cell: "…"),
        Symbol(name: "ellipsis.circle", material: "more_horiz", codepoint: 0xe5d3, cell: "E"),
        Symbol(name: "envelope", material: "mail_outline", codepoint: 0xe0e1, cell: "✉"),
        Symbol(name: "envelope.fill", material: "mail", codepoint: 0xe158, cell: "✉"),
        Symbol(name: "eurosign.circle", material: "euro", codepoint: 0xea15, cell: "E"),
        Symbol(name: "exclamationmark.circle", material: "error_outline", codepoint: 0xe001, cell: "E"),
        Symbol(name: "exclamationmark.circle.fill", material: "error", codepoint: 0xe000, cell: "E"),
        Symbol(name: "exclamationmark.triangle", material: "warning", codepoint: 0xe002, cell: "⚠"),
        Symbol(name: "exclamationmark.triangle.fill", material: "warning", codepoint: 0xe002, cell: "⚠"),
        Symbol(name: "externaldrive", material: "storage", codepoint: 0xe1db, cell: "E"),
        Symbol(name: "eye", material: "visibility", codepoint: 0xe8f4, cell: "E"),
        Symbol(name: "eye.slash", material: "visibility_off", codepoint: 0xe8f5, cell: "E"),
        Symbol(name: "face.smiling", material: "sentiment_satisfied", codepoint: 0xe813, cell: "F"),
        Symbol(name: "figure.outdoor.cycle", material: "pedal_bike", codepoint: 0xeb29, cell: "F"),
        Symbol(name: "figure.run", material: "directions_run", codepoint: 0xe566, cell: "F"),
        Symbol(name: "figure.stand", material: "accessibility", codepoint: 0xe84e, cell: "F"),
        Symbol(name: "figure.walk", material: "directions_walk", codepoint: 0xe536, cell: "F"),
        Symbol(name: "flag", material: "outlined_flag", codepoint: 0xe16e, cell: "⚐"),
        Symbol(name: "flag.fill", material: "flag", codepoint: 0xe153, cell: "⚑"),
        Symbol(name: "flame", material: "whatshot", codepoint: 0xe80e, cell: "F"),
        Symbol(name: "flame.fill", material: "local_fire_department", codepoint: 0xef55, cell: "F"),
        Symbol(name: "folder", material: "folder_open", codepoint: 0xe2c8, cell: "F"),
        Symbol(name: "folder.fill", material: "folder", codepoint: 0xe2c7, cell: "F"),
        Symbol(name: "fork.knife", material: "restaurant", codepoint: 0xe56c, cell: "F"),
        Symbol(name: "forward.end.fill", material: "skip_next", codepoint: 0xe044, cell: "F"),
        Symbol(name: "forward.fill", material: "fast_forward", codepoint: 0xe01f, cell: "F"),
        Symbol(name: "frying.pan", material: "soup_kitchen", codepoint: 0xe7d3, cell: "F"),
        Symbol(name: "gauge", material: "speed", codepoint: 0xe9e4, cell: "G"),
        Symbol(name: "gear", material: "settings", codepoint: 0xe8b8, cell: "⚙"),
        Symbol(name: "gearshape", material: "settings", codepoint: 0xe8b8, cell: "⚙"),
        Symbol(name: "gearshape.fill", material: "settings", codepoint: 0xe8b8, cell: "⚙"),
        Symbol(name: "gift", material: "card_giftcard", codepoint: 0xe8f6, cell: "G"),
        Symbol(name: "globe", material: "public", codepoint: 0xe80b, cell: "G"),
        Symbol(name: "graduationcap", material: "school", codepoint: 0xe80c, cell: "G"),
        Symbol(name: "hammer", material: "construction", codepoint: 0xea3c, cell: "H"),
        Symbol(name: "hand.thumbsdown.fill", material: "thumb_down", codepoint: 0xe8db, cell: "H"),
        Symbol(name: "hand.thumbsup", material: "thumb_up_off_alt", codepoint: 0xe9f3, cell: "H"),
        Symbol(name: "hand.thumbsup.fill", material: "thumb_up", codepoint: 0xe8dc, cell: "H"),
        Symbol(name: "headphones", material: "headphones", codepoint: 0xf01f, cell: "H"),
        Symbol(name: "heart", material: "favorite_border", codepoint: 0xe87e, cell: "♡"),
        Symbol(name: "heart.fill", material: "favorite", codepoint: 0xe87d, cell: "♥"),
        Symbol(name: "heart.text.square", material: "monitor_heart", codepoint: 0xeaa2, cell: "H"),
        Symbol(name: "hourglass", material: "hourglass_empty", codepoint: 0xe88b, cell: "⧗"),
        Symbol(name: "house", material: "home", codepoint: 0xe88a, cell: "⌂"),
        Symbol(name: "house.fill", material: "home", codepoint: 0xe88a, cell: "⌂"),
        Symbol(name: "icloud", material: "cloud", codepoint: 0xe2bd, cell: "I"),
        Symbol(name: "info.circle", material: "info", codepoint: 0xe88e, cell: "ⓘ"),
        Symbol(name: "info.circle.fill", material: "info", codepoint: 0xe88e, cell: "ⓘ"),
        Symbol(name: "internaldrive", material: "storage", codepoint: 0xe1db, cell: "I"),
        Symbol(name: "ipad", material: "tablet", codepoint: 0xe32f, cell: "I"),
        Symbol(name: "iphone", material: "smartphone", codepoint: 0xe32c, cell: "I"),
        Symbol(name: "key", material: "vpn_key", codepoint: 0xe0da, cell: "⚷"),
        Symbol(name: "keyboard", material: "keyboard", codepoint: 0xe312, cell: "K"),
        Symbol(name: "ladybug", material: "bug_report", codepoint: 0xe868, cell: "L"),
        Symbol(name: "laptopcomputer", material: "laptop", codepoint: 0xe31e, cell: "L"),
        Symbol(name: "largecircle.fill.circle", material: "radio_button_checked", codepoint: 0xe837, cell: "◉"),
        Symbol(name: "leaf", material: "eco", codepoint: 0xea35, cell: "L"),
        Symbol(name: "leaf.fill", material: "eco", codepoint: 0xea35, cell: "L"),
        Symbol(name: "lightbulb", material: "lightbulb_outline", codepoint: 0xe90f, cell: "L"),
        Symbol(name: "lightbulb.fill", material: "lightbulb", codepoint: 0xe0f0, cell: "L"),
        Symbol(name: "lightbulb.max", material: "lightbulb", codepoint: 0xe0f0, cell: "L"),
        Symbol(name: "line.3.horizontal", material: "menu", codepoint: 0xe5d2, cell: "☰"),
        Symbol(name: "link", material: "link", codepoint: 0xe157, cell: "↗"),
        Symbol(name: "list.bullet", material: "format_list_bulleted", codepoint: 0xe241, cell: "≡"),
        Symbol(name: "list.number", material: "format_list_numbered", codepoint: 0xe242, cell: "L"),
        Symbol(name: "location", material: "near_me", codepoint: 0xe569, cell: "L"),
        Symbol(name: "location.fill", material: "near_me", codepoint: 0xe569, cell: "➤"),
        Symbol(name: "lock", material: "lock", codepoint: 0xe897, cell: "L"),
        Symbol(name: "lock.fill", material: "lock", codepoint: 0xe897, cell: "L"),
        Symbol(name: "lock.open", material: "lock_open", codepoint: 0xe898, cell: "L"),
        Symbol(name: "magnifyingglass", material: "search", codepoint: 0xe8b6, cell: "⌕"),
        Symbol(name: "map", material: "map", codepoint: 0xe55b, cell: "M"),
        Symbol(name: "map.fill", material: "map", codepoint: 0xe55b, cell: "M"),
        Symbol(name: "mappin", material: "place", codepoint: 0xe55f, cell: "⌖"),
        Symbol(name: "mappin.and.ellipse", material: "place", codepoint: 0xe55f, cell: "M"),
        Symbol(name: "memorychip", material: "memory", codepoint: 0xe322, cell: "M"),
        Symbol(name: "message", material: "chat_bubble_outline", codepoint: 0xe0cb, cell: "M"),
        Symbol(name: "message.fill", material: "chat_bubble", codepoint: 0xe0ca, cell: "M"),
        Symbol(name: "mic", material: "mic_none", codepoint: 0xe02a, cell: "M"),
        Symbol(name: "mic.fill", material: "mic", codepoint: 0xe029, cell: "M"),
        Symbol(name: "minus", material: "remove", codepoint: 0xe15b, cell: "−"),
        Symbol(name: "minus.circle.fill", material: "remove_circle", codepoint: 0xe15c, cell: "M"),
        Symbol(name: "moon", material: "dark_mode", codepoint: 0xe51c, cell: "☽"),
        Symbol(name: "moon.fill", material: "dark_mode", codepoint: 0xe51c, cell: "☾"),
        Symbol(name: "moon.stars.fill", material: "nights_stay", codepoint: 0xea46, cell: "M"),
        Symbol(name: "music.note", material: "music_note", codepoint: 0xe405, cell: "♪"),
        Symbol(name: "music.note.list", material: "queue_music", codepoint: 0xe03d, cell: "M"),
        Symbol(name: "network", material: "lan", codepoint: 0xeb2f, cell: "N"),
        Symbol(name: "newspaper", material: "newspaper", codepoint: 0xeb81, cell: "N"),
        Symbol(name: "number", material: "tag", codepoint: 0xe9ef, cell: "#"),
        Symbol(name: "paperclip", material: "attach_file", codepoint: 0xe226, cell: "P"),
        Symbol(name: "paperplane", material: "send", codepoint: 0xe163, cell: "➤"),
        Symbol(name: "paperplane.fill", material: "send", codepoint: 0xe163, cell: "➤"),
        Symbol(name: "pause.fill", material: "pause", codepoint: 0xe034, cell: "P"),
        Symbol(name: "pawprint", material: "pets", codepoint: 0xe91d, cell: "P"),
        Symbol(name: "pencil", material: "edit", codepoint: 0xe3c9, cell: "✎"),
        Symbol(name: "person", material: "person_outline", codepoint: 0xe7ff, cell: "P"),
        Symbol(name: "person.2", material: "people_outline", codepoint: 0xe7fc, cell: "P"),
        Symbol(name: "person.2.fill", material: "people", codepoint: 0xe7fb, cell: "P"),
        Symbol(name: "person.3.fill", material: "groups", codepoint: 0xf233, cell: "P"),
        Symbol(name: "person.crop.circle", material: "account_circle", codepoint: 0xe853, cell: "○"),
        Symbol(name: "person.crop.circle.badge.checkmark", material: "how_to_reg", codepoint: 0xe174, cell: "P"),
        Symbol(name: "person.crop.circle.fill", material: "account_circle", codepoint: 0xe853, cell: "●"),
        Symbol(name: "person.fill", material: "person", codepoint: 0xe7fd, cell: "P"),
        Symbol(name: "phone", material: "phone", codepoint: 0xe0cd, cell: "☎"),
        Symbol(name: "phone.fill", material: "phone", codepoint: 0xe0cd, cell: "☎"),
        Symbol(name: "photo", material: "image", codepoint: 0xe3f4, cell: "P"),
        Symbol(name: "photo.fill", material: "image", codepoint: 0xe3f4, cell: "P"),
        Symbol(name: "pills", material: "medication", codepoint: 0xf033, cell: "P"),
        Symbol(name: "pin", material: "push_pin", codepoint: 0xf10d, cell: "P"),
        Symbol(name: "pin.fill", material: "push_pin", codepoint: 0xf10d, cell: "P"),
        Symbol(name: "play", material: "play_arrow", codepoint: 0xe037, cell: "▷"),
        Symbol(name: "play.fill", material: "play_arrow", codepoint: 0xe037, cell: "▶"),
        Symbol(name: "plus", material: "add", codepoint: 0xe145, cell: "+"),
        Symbol(name: "plus.circle", material: "add_circle_outline", codepoint: 0xe148, cell: "P"),
        Symbol(name: "plus.circle.fill", material: "add_circle", codepoint: 0xe147, cell: "P"),
        Symbol(name: "power", material: "power_settings_new", codepoint: 0xe8ac, cell: "⏻"),
        Symbol(name: "printer", material: "print", codepoint: 0xe8ad, cell: "P"),
        Symbol(name: "qrcode", material: "qr_code", codepoint: 0xef6b, cell: "Q"),
        Symbol(name: "questionmark.circle", material: "help_outline", codepoint: 0xe8fd, cell: "Q"),
        Symbol(name: "questionmark.circle.fill", material: "help", codepoint: 0xe887, cell: "Q"),
        Symbol(name: "repeat", material: "repeat", codepoint: 0xe040, cell: "R"),
        Symbol(name: "server.rack", material: "dns", codepoint: 0xe875, cell: "S"),
        Symbol(name: "shield", material: "shield", codepoint: 0xe9e0, cell: "S"),
        Symbol(name: "shield.fill", material: "shield", codepoint: 0xe9e0, cell: "S"),
        Symbol(name: "shuffle", material: "shuffle", codepoint: 0xe043, cell: "S"),
        Symbol(name: "snowflake", material: "ac_unit", codepoint: 0xeb3b, cell: "❄"),
        Symbol(name: "sparkles", material: "auto_awesome", codepoint: 0xe65f, cell: "S"),
        Symbol(name: "speaker.slash.fill", material: "volume_off", codepoint: 0xe04f, cell: "S"),
        Symbol(name: "speaker.wave.2.fill", material: "volume_up", codepoint: 0xe050, cell: "S"),
        Symbol(name: "speedometer", material: "speed", codepoint: 0xe9e4, cell: "S"),
        Symbol(name: "square", material: "check_box_outline_blank", codepoint: 0xe835, cell: "☐"),
        Symbol(name: "square.and.arrow.down", material: "download", codepoint: 0xf090, cell: "S"),
        Symbol(name: "square.and.arrow.up", material: "ios_share", codepoint: 0xe6b8, cell: "S"),
        Symbol(name: "square.and.pencil", material: "edit_note", codepoint: 0xe745, cell: "S"),
        Symbol(name: "star", material: "star_border", codepoint: 0xe83a, cell: "☆"),
        Symbol(name: "star.circle.fill", material: "stars", codepoint: 0xe8d0, cell: "★"),
        Symbol(name: "star.fill", material: "star", codepoint: 0xe838, cell: "★"),
        Symbol(name: "star.leadinghalf.filled", material: "star_half", codepoint: 0xe839, cell: "★"),
        Symbol(name: "stop.fill", material: "stop", codepoint: 0xe047, cell: "S"),
        Symbol(name: "stopwatch", material: "timer", codepoint: 0xe425, cell: "S"),
        Symbol(name: "sun.max", material: "wb_sunny", codepoint: 0xe430, cell: "☼"),
        Symbol(name: "sun.max.fill", material: "wb_sunny", codepoint: 0xe430, cell: "☀"),
        Symbol(name: "sun.min", material: "light_mode", codepoint: 0xe518, cell: "S"),
        Symbol(name: "sunrise", material: "wb_twilight", codepoint: 0xe1c6, cell: "S"),
        Symbol(name: "sunset", material: "wb_twilight", codepoint: 0xe1c6, cell: "S"),
        Symbol(name: "tag", material: "local_offer", codepoint: 0xe54e, cell: "T"),
        Symbol(name: "tag.fill", material: "local_offer", codepoint: 0xe54e, cell: "T"),
        Symbol(name: "takeoutbag.and.cup.and.straw.fill", material: "takeout_dining", codepoint: 0xea74, cell: "T"),
        Symbol(name: "terminal", material: "terminal", codepoint: 0xeb8e, cell: "T"),
        Symbol(name: "thermometer", material: "thermostat", codepoint: 0xf076, cell: "°"),
        Symbol(name: "thermometer.medium", material: "thermostat", codepoint: 0xf076, cell: "T"),
        Symbol(name: "timer", material: "timer", codepoint: 0xe425, cell: "T"),
        Symbol(name: "train.side.front.car", material: "train", codepoint: 0xe570, cell: "T"),
        Symbol(name: "tram", material: "tram", codepoint: 0xe571, cell: "T"),
        Symbol(name: "tram.fill", material: "tram", codepoint: 0xe571, cell: "T"),
        Symbol(name: "tram.fill.tunnel", material: "subway", codepoint: 0xe56f, cell: "T"),
        Symbol(name: "trash", material: "delete_outline", codepoint: 0xe92e, cell: "⌫"),
        Symbol(name: "trash.fill", material: "delete", codepoint: 0xe872, cell: "⌫"),
        Symbol(name: "trophy", material: "emoji_events", codepoint: 0xea23, cell: "T"),
        Symbol(name: "tuningfork", material: "call_split", codepoint: 0xe0b6, cell: "⋔"),
        Symbol(name: "tv", material: "tv", codepoint: 0xe333, cell: "T"),
        Symbol(name: "umbrella.fill", material: "umbrella", codepoint: 0xf1ad, cell: "☂"),
        Symbol(name: "video", material: "videocam", codepoint: 0xe04b, cell: "V"),
        Symbol(name: "video.fill", material: "videocam", codepoint: 0xe04b, cell: "V"),
        Symbol(name: "wand.and.stars", material: "auto_fix_high", codepoint: 0xe663, cell: "W"),
        Symbol(name: "waveform", material: "graphic_eq", codepoint: 0xe1b8, cell: "∿"),
        Symbol(name: "wifi", material: "wifi", codepoint: 0xe63e, cell: "W"),
        Symbol(name: "wifi.slash", material: "wifi_off", codepoint: 0xe648, cell: "W"),
        Symbol(name: "wind", material: "air", codepoint: 0xefd8, cell: "W"),
        Symbol(name: "wrench", material: "build", codepoint: 0xe869, cell: "W"),
        Symbol(name: "wrench.and.screwdriver", material: "handyman", codepoint: 0xf10b, cell: "W"),
        Symbol(name: "xmark", material: "close", codepoint: 0xe5cd, cell: "✗"),
        Symbol(name: "xmark.circle.fill", material: "cancel", codepoint: 0xe5c9, cell: "✗"),
    ]

    private static let byName: [String: Symbol] = Dictionary(all.map { ($0.name, $0) }) { first, _ in first }

    package static func symbol(named name: String) -> Symbol? {
        byName[name]
    }

    /// Up to `count` known names closest to `name`, nearest first: those of
    /// the same base (`clock` for `clock.badge.checkmark.fill`) first, then
    /// any within an edit distance of half its length; ties go to the one
    /// that starts the same way.
    package static func nearest(to name: String, count: Int = 3) -> [String] {
        let target = Array(name.lowercased().unicodeScalars)
        let base = name.split(separator: ".").first.map(String.init) ?? name
        func distance(_ other: [Unicode.Scalar]) -> Int {
            var previous = Array(0...other.count)
            for (i, a) in target.enumerated() {
                var current = [i + 1] + Array(repeating: 0, count: other.count)
                for (j, b) in other.enumerated() {
                    current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a == b ? 0 : 1))
                }
                previous = current
            }
            return previous[other.count]
        }
        func sharedPrefix(_ other: [Unicode.Scalar]) -> Int {
            zip(target, other).prefix { $0 == $1 }.count
        }
        let limit = max(2, target.count / 2)
        return all.map { symbol -> (name: String, sameBase: Bool, distance: Int, prefix: Int) in
            let scalars = Array(symbol.name.unicodeScalars)
            return (symbol.name, symbol.name.split(separator: ".").first.map(String.init) == base, distance(scalars), sharedPrefix(scalars))
        }
        .filter { $0.sameBase || $0.distance <= limit }
        .sorted { ($0.sameBase ? 0 : 1, $0.distance, -$0.prefix, $0.name) < ($1.sameBase ? 0 : 1, $1.distance, -$1.prefix, $1.name) }
        .prefix(count).map(\.name)
    }

    /// The table of docs/symbols.md: name, glyph name, board cell.
    package static var markdownTable: String {
        var lines = ["| SF Symbol | drawn as (Material Icons) | on the board |", "|---|---|---|"]
        for symbol in all { lines.append("| `\(symbol.name)` | `\(symbol.material)` | \(symbol.cell) |") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The symbol names in `view` (every variant included) that the
    /// catalog does not know, sorted: each is drawn as a placeholder.
    package static func unknownNames(in view: ViewNode) -> [String] {
        var unknown = Set<String>()
        func visit(_ node: ViewNode) {
            if case .image(.symbol(let name)) = node.content, symbol(named: name) == nil { unknown.insert(name) }
            node.children.forEach(visit)
        }
        visit(view)
        return unknown.sorted()
    }

    /// A warning for each unknown name in `views` (a kind's drawings), once each.
    package static func warnings(kind: String, in views: [ViewNode]) -> [String] {
        Set(views.flatMap(unknownNames)).sorted().map { warning(kind: kind, name: $0) }
    }

    /// "Timer draws SF Symbol 'timer.square', which widgethost does not know: …"
    package static func warning(kind: String, name: String) -> String {
        let nearest = nearest(to: name)
        return "\(kind) draws SF Symbol '\(name)', which widgethost does not know: it shows as a dashed square with '?'"
            + (nearest.isEmpty ? "" : "; nearest known: \(nearest.joined(separator: ", "))")
            + " ('widgethost symbols' lists them all)"
    }
}
