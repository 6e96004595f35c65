import ActivityKit
import Foundation

// Shared with the app target, which starts the activity when an order is placed.
struct DeliveryAttributes: ActivityAttributes {
    public struct ContentState: Codable, Hashable {
        enum Stage: String, Codable, Hashable {
            case preparing, onTheWay, arriving, delivered
        }

        var stage: Stage
        var courierName: String?
        var estimatedArrival: Date
    }

    var restaurant: String
    var orderNumber: String
    var items: Int
}

extension DeliveryAttributes.ContentState.Stage {
    var title: String {
        switch self {
        case .preparing: "Preparing your order"
        case .onTheWay: "On the way"
        case .arriving: "Arriving now"
        case .delivered: "Delivered"
        }
    }

    var symbol: String {
        switch self {
        case .preparing: "frying.pan"
        case .onTheWay: "bicycle"
        case .arriving: "house"
        case .delivered: "checkmark.circle.fill"
        }
    }

    var progress: Double {
        switch self {
        case .preparing: 0.25
        case .onTheWay: 0.6
        case .arriving: 0.9
        case .delivered: 1
        }
    }
}
