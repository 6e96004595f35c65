extension Duration {
    /// In seconds, as the manifest's durations and timestamps count them.
    package var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
