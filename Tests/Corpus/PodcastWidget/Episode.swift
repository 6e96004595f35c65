import Foundation

struct Episode: Codable {
    var title: String
    var show: String
    var duration: TimeInterval
    var position: TimeInterval
    var isPlaying: Bool

    var progress: Double { duration > 0 ? position / duration : 0 }
    var remainingMinutes: Int { Int((duration - position) / 60) }

    static let sample = Episode(title: "Widgets all the way down", show: "Swift Talk Radio",
                                duration: 54 * 60, position: 21 * 60, isPlaying: true)
}
