import Foundation

struct Quote: Identifiable {
    var id: String { symbol }
    let symbol: String
    let name: String
    let price: Double
    let history: [Double]

    var change: Double {
        guard let first = history.first, first != 0 else { return 0 }
        return (price - first) / first
    }

    static let samples: [Quote] = [
        Quote(symbol: "AAPL", name: "Apple Inc.", price: 231.42,
              history: [224.1, 225.8, 223.9, 226.4, 228.0, 227.1, 229.6, 230.2, 229.1, 231.42]),
        Quote(symbol: "TSLA", name: "Tesla, Inc.", price: 208.15,
              history: [221.3, 219.0, 215.6, 217.2, 212.4, 210.9, 213.0, 209.8, 207.5, 208.15]),
        Quote(symbol: "NVDA", name: "NVIDIA Corp.", price: 118.77,
              history: [112.0, 113.5, 115.1, 114.2, 116.9, 117.3, 116.0, 118.2, 119.1, 118.77]),
    ]
}
