/// Whose vertical metrics a font's lines take.
public enum VerticalMetrics: String, Hashable, Sendable, CaseIterable {
    /// The font's own (hhea, or OS/2 typo metrics when USE_TYPO_METRICS is set).
    case font
    /// San Francisco's, scaled to the font's size: ascender 1950 and descender 494 over
    /// 2048 units, no gap — 1.193359375 × size per line. For laying out with a stand-in
    /// font what an iPhone lays out in SF (`TableMetrics.sfVerticalMetrics`).
    case sanFrancisco
}
