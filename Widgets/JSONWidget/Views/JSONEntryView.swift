import SwiftUI
import WidgetKit

/// A declared kind's card: its title over what its layout shows.
struct JSONEntryView: View {
    @Environment(\.locale) var locale
    let entry: JSONEntry

    var body: some View {
        let writer = ValueWriter(now: entry.date, locale: locale)
        switch entry.card {
        case .number(let value, let caption):
            NumberCard(title: entry.title, value: value.text(writer), caption: caption?.text(writer), date: entry.date)
        case .gauge(let fraction, let value, let label, let minimum, let maximum):
            GaugeCard(title: entry.title, fraction: fraction, value: value.text(writer), label: label?.text(writer),
                      minimum: minimum.text(writer), maximum: maximum.text(writer))
        case .list(let rows):
            ListCard(title: entry.title, rows: rows.map { ListCard.Line(text: $0.text?.text(writer) ?? "—", detail: $0.detail?.text(writer), link: $0.link) })
        case .table(let titles, let rows):
            TableCard(title: entry.title, titles: titles, rows: rows.map { $0.map { $0?.text(writer) ?? "—" } })
        }
    }
}

/// The card's heading: its title, small, over the content.
struct CardTitle: View {
    let title: String

    var body: some View {
        Text(title).font(.caption).fontWeight(.semibold).foregroundStyle(.secondary).lineLimit(1)
    }
}
