import Foundation
import Testing

/// The oracle tier: the suites that check the engine against an oracle over a data set —
/// Pango's line counts and breaks on the committed corpus slices and fixtures, and the
/// equivalence of two ways of getting the same answer (plain shaping, ideograph runs and
/// the shape memo against shaping every segment, one thread against eight, the quick
/// re-fit against the full fit, several widths against one) on thousands of corpus rows.
///
/// They take most of the suite's time, so `swift test` alone runs the rules and derived
/// goldens and skips this tier; `scripts/test` runs it as a stage of its own, from the same
/// build:
///
/// ```sh
/// CELL_LAYOUT_ORACLE_TIER=1 swift test --skip-build --filter OracleTier
/// ```
///
/// Every fixture it reads is committed (`Fixtures/`, `Tests/Oracles/DISAGREEMENTS.md`), so a
/// clone runs it alone; the one test that needs `../shared/corpus` says so and is skipped
/// without it.
@Suite(.enabled(if: oracleTierIsRequested,
                "the oracle tier: CELL_LAYOUT_ORACLE_TIER=1 swift test --filter OracleTier (scripts/test runs it)"))
enum OracleTier {}

/// Whether the environment asks for the oracle tier (`CELL_LAYOUT_ORACLE_TIER=1`). (Outside
/// `OracleTier`: its own `@Suite` attribute cannot read its members.)
var oracleTierIsRequested: Bool { ProcessInfo.processInfo.environment["CELL_LAYOUT_ORACLE_TIER"] == "1" }
