import ExtensionProtocol
import Foundation
import WidgetRendering
import WidgetSDK

/// One tree through everything the host does with what a kind sends: the
/// channel's encoding and decoding, the entry checks, then, whatever they
/// said, layout in every family and every renderer (a refused tree is drawn
/// too, as a renderer may meet one from an older container). A trap ends
/// the process; anything else is counted.
public enum FuzzRound {
    public struct Outcome: Sendable {
        /// The checks refused the entry (a reason was given).
        public var refused = false
        /// A tree the checks accepted that the container's JSON could not store.
        public var unstorable: String?
        /// Bytes of output drawn, to keep the work from being optimised away.
        public var drawn = 0
    }

    /// - Parameter intervals: the relevance the timeline carries beside the entry.
    public static func run(_ entry: ArchivedEntry, intervals: [RelevantInterval] = []) -> Outcome {
        var outcome = Outcome()
        let bytes = ArchiveCodec.encode(ArchivedTimeline(entries: [entry], policy: .never, relevantIntervals: intervals))
        let timeline = (try? ArchiveCodec.decodeTimeline(bytes)) ?? ArchivedTimeline(entries: [entry], policy: .never, relevantIntervals: intervals)
        let decoded = timeline.entries.first ?? entry
        var view = decoded.view
        do {
            let checked = try EntryValidator().validate(timeline).entries.first ?? EntryValidator().validate(decoded)
            view = checked.view
            do {
                _ = try JSONEncoder().encode(checked)
            } catch {
                outcome.unstorable = "\(error)"
            }
        } catch {
            outcome.refused = true
            outcome.drawn += "\(error)".utf8.count
        }
        for family in WidgetFamily.allCases {
            let layout = LayoutEngine(now: Date(timeIntervalSinceReferenceDate: 8e8)).layout(view, family: family)
            outcome.drawn += SVGRenderer().render(layout).utf8.count
            outcome.drawn += SVGRenderer(mode: .accented, redacted: true).render(layout).utf8.count
            for colors in [ANSIRenderer.ColorSupport.none, .truecolor] {
                outcome.drawn += ANSIRenderer(colors: colors).render(layout).utf8.count
            }
            outcome.drawn += layout.outline.utf8.count
        }
        return outcome
    }
}
