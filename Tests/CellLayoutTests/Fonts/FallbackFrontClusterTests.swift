@testable import CellLayout
@testable import CellLayoutFontLibrary
import Foundation
import Synchronization
import Testing

/// The fallback front's answers for clusters of several characters (`FallbackFront+Clusters`):
/// once the memo has answered for a cluster, the front answers the same font without a lock,
/// for that font, language and cluster only; and two threads asking at once get the answers
/// one thread gets.
@Suite struct FallbackFrontClusterTests {
    /// The clusters of `texts` that ask the fallback as clusters: several scalars, or one past
    /// the BMP (two UTF-16 code units), each once, in order of first appearance.
    static func clusters(of texts: [String]) -> [[Unicode.Scalar]] {
        var seen = Set<String>()
        var clusters: [[Unicode.Scalar]] = []
        for text in texts {
            for character in text {
                let scalars = Array(character.unicodeScalars)
                guard scalars.count > 1 || scalars[0].value >= 0x10000, seen.insert(String(character)).inserted else {
                    continue
                }
                clusters.append(scalars)
            }
        }
        return clusters
    }

    /// The texts of the committed slices, and of both whole corpora when they are beside the clone.
    static var corpusTexts: [String] {
        var texts = TestFonts.sliceTexts
        guard TestFonts.hasCorpus else { return texts }
        for name in ["public-10k.jsonl", "public-intl-10k.jsonl"] {
            texts += (try? TestFonts.jsonLines(TestFonts.corpus(name)).compactMap { $0["text"]?.string }) ?? []
        }
        return texts
    }

    /// Every cluster of the corpora, from two fonts (Inter at 17 and 13 pt, which have
    /// their own answers), in the bundled fonts and with the system's: after the memo's
    /// answer (`font(for:fallingBackFrom:language:)`, the locked path) the front knows the
    /// cluster and names the same font object; and a cluster the front knew before the memo
    /// was asked (from its first character, or an earlier font's answer) names that font too.
    /// It fails if the front keeps another font than the memo's, or confuses two clusters,
    /// fonts or languages.
    @Test func everyClusterOfTheCorporaIsTheMemos() throws {
        let clusters = Self.clusters(of: Self.corpusTexts)
        try #require(clusters.count > 300)
        for useSystemFonts in [false, true] {
            let library = try FontLibrary(useSystemFonts: useSystemFonts)
            let fonts = try [17.0, 13].map { try library.font(family: "Inter", size: $0) }
            let language = library.defaultLanguage
            var differing: [String] = []
            var unknown = 0
            var asked = 0
            for font in fonts {
                for cluster in clusters {
                    let before = library.knownFont(for: cluster, fallingBackFrom: font, language: language)
                    let memo = library.font(for: cluster, fallingBackFrom: font, language: language)
                    let after = library.knownFont(for: cluster, fallingBackFrom: font, language: language)
                    asked += 1
                    if let before, before.takeUnretainedValue() !== memo { differing.append("before \(cluster)") }
                    guard let after else {
                        if cluster.count <= FallbackFront.maxClusterScalars { unknown += 1 }
                        continue
                    }
                    if after.takeUnretainedValue() !== memo { differing.append("after \(cluster)") }
                }
            }
            #expect(differing.count == 0, "system fonts \(useSystemFonts): \(differing.prefix(5))")
            // (A few keys whose hashes meet in a pair three times lose the oldest.)
            #expect(unknown * 50 < asked, "system fonts \(useSystemFonts): \(unknown) of \(asked) unknown")
        }
    }

    /// With its front full, a library keeps clusters' answers in its memo (the locked path)
    /// and the front learns no more of them; the answers are the same fonts (face, index,
    /// size) as a library whose front keeps them gives: every cluster of the committed
    /// slices, in the bundled fonts. It fails if either path chooses another font.
    @Test func aFullFrontLeavesClustersToTheMemoWithTheSameAnswers() throws {
        let clusters = Self.clusters(of: TestFonts.sliceTexts).filter { $0.count > 1 }
        try #require(clusters.count > 100)
        let fronted = try FontLibrary(useSystemFonts: false)
        let memoed = try FontLibrary(useSystemFonts: false)
        let filler = try memoed.font(family: "Inter", size: 99)
        let long = [Unicode.Scalar](repeating: "\u{301}", count: 29)
        var i: UInt32 = 0
        while true {
            let cluster = [Unicode.Scalar(0x4E00 + i)!] + long
            i += 1
            let kept = cluster.withUnsafeBufferPointer {
                memoed.front.remember(filler, forCluster: $0, fontID: 1 << 23, language: 0)
            }
            if !kept { break }
        }
        #expect(!memoed.front.mayKeep(clusterOf: 2, fontID: 1, language: 0))
        func name(_ font: Font) -> String { "\(font.face.path)#\(font.face.index)@\(font.size)" }
        var differing = 0
        var learnt = 0
        for (library, other) in [(fronted, memoed), (memoed, fronted)] {
            let font = try library.font(family: "Inter", size: 17)
            let otherFont = try other.font(family: "Inter", size: 17)
            for cluster in clusters {
                let answer = library.font(for: cluster, fallingBackFrom: font, language: library.defaultLanguage)
                let otherAnswer = other.font(for: cluster, fallingBackFrom: otherFont, language: other.defaultLanguage)
                if name(answer) != name(otherAnswer) { differing += 1 }
                if library === memoed, cluster.withUnsafeBufferPointer({
                    memoed.front.font(forCluster: $0, fontID: font.id, language: 0)
                }) != nil { learnt += 1 }
            }
        }
        #expect(differing == 0)
        #expect(learnt == 0)
    }

    /// Two threads preparing the same clusters at once, in opposite orders, each asking the
    /// front and, when it does not know, the memo (as `fontRuns` does): every answer is the
    /// font one thread alone gets afterwards from the memo.
    @Test func twoThreadsGetOneThreadsAnswers() throws {
        let clusters = Self.clusters(of: TestFonts.sliceTexts)
        let library = try FontLibrary(useSystemFonts: false)
        let font = try library.font(family: "Inter", size: 17)
        let language = library.defaultLanguage
        let answers = Mutex<[[ObjectIdentifier]]>([[], []])
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            var mine: [ObjectIdentifier] = []
            for round in 0..<3 {
                let order = thread == 0 ? Array(clusters.indices) : clusters.indices.reversed()
                for i in order {
                    let known = library.knownFont(for: clusters[i], fallingBackFrom: font, language: language)
                    let answer = known?.takeUnretainedValue()
                        ?? library.font(for: clusters[i], fallingBackFrom: font, language: language)
                    if round == 2 { mine.append(ObjectIdentifier(answer)) }
                }
            }
            if thread == 1 { mine.reverse() }
            answers.withLock { $0[thread] = mine }
        }
        let alone = clusters.map { ObjectIdentifier(library.font(for: $0, fallingBackFrom: font, language: language)) }
        let both = answers.withLock { $0 }
        #expect(both[0].count == alone.count && both[1].count == alone.count)
        #expect(zip(both[0], alone).filter { $0.0 != $0.1 }.count == 0)
        #expect(zip(both[1], alone).filter { $0.0 != $0.1 }.count == 0)
    }

    /// The front's own bounds and keys, on made-up answers: a cluster is known for its font
    /// id, language and exact scalars only (not a prefix or an extension of it); a single
    /// scalar or a cluster longer than `maxClusterScalars` is not kept here; and once
    /// `clusterWordCapacity` words are written nothing new is kept, while what was kept is
    /// still answered.
    @Test func theClusterFrontIsExactAndBounded() throws {
        let library = try FontLibrary(useSystemFonts: false)
        let front = FallbackFront()
        let fonts = try [8.0, 9, 10].map { try library.font(family: "Inter", size: $0) }
        func known(_ cluster: [Unicode.Scalar], font: Int = 7, language: UInt16 = 0) -> Font? {
            cluster.withUnsafeBufferPointer { front.font(forCluster: $0, fontID: font, language: language) }?
                .takeUnretainedValue()
        }
        /// Whether the front kept it (FallbackFront.remember's answer).
        @discardableResult
        func remember(_ answer: Font, _ cluster: [Unicode.Scalar], font: Int = 7, language: UInt16 = 0) -> Bool {
            cluster.withUnsafeBufferPointer { front.remember(answer, forCluster: $0, fontID: font, language: language) }
        }
        let ab: [Unicode.Scalar] = ["a", "\u{301}"]
        #expect(remember(fonts[0], ab))
        #expect(remember(fonts[1], ab + ["\u{302}"]))
        #expect(known(ab) === fonts[0])
        #expect(known(ab + ["\u{302}"]) === fonts[1])
        #expect(known(["a", "\u{302}"]) == nil)
        #expect(known(ab, font: 8) == nil)
        #expect(known(ab, language: 1) == nil)
        #expect(known(ab, font: 1 << 24) == nil)
        #expect(!remember(fonts[2], ["a"]))
        #expect(known(["a"]) == nil)
        let long = [Unicode.Scalar](repeating: "\u{301}", count: FallbackFront.maxClusterScalars + 1)
        #expect(!remember(fonts[2], long))
        #expect(known(long) == nil)
        // Fill the words: clusters of 30 scalars (32 words each) until no more are kept.
        var kept: [[Unicode.Scalar]] = []
        var i: UInt32 = 0
        while true {
            let cluster = [Unicode.Scalar(0x4E00 + i)!] + [Unicode.Scalar](repeating: "\u{301}", count: 29)
            i += 1
            remember(fonts[Int(i % 3)], cluster)
            guard known(cluster) === fonts[Int(i % 3)] else { break }
            kept.append(cluster)
        }
        #expect(kept.count * 32 + 4 + 5 == FallbackFront.clusterWordCapacity - 23)
        // 23 words are left: a cluster of 21 scalars fits, then one of 2 does not.
        let fits = ["b"] + [Unicode.Scalar](repeating: "\u{301}", count: 20)
        #expect(remember(fonts[1], fits))
        #expect(known(fits) === fonts[1])
        #expect(!remember(fonts[0], ["b", "\u{301}"]))
        #expect(known(["b", "\u{301}"]) == nil)
        // The last ones kept are still there (earlier ones may have lost their slot to later keys).
        #expect(known(kept.last!) === fonts[kept.count % 3])
    }
}
