import BenchTestSupport
import Foundation
import Testing

/// `bench report` as a user meets it: one self-contained page from a sweep folder or a run's JSON, a
/// Markdown verdict, one-line errors, and a real browser that loads the page.
@Suite struct ReportCommandTests {
    /// A small modelled study, three strategies on two devices, one with background renders: swept once
    /// for the suite, then copied into each test's folder.
    static let sweptOnce: Result<URL, any Error> = Result {
        let folder = try scratchFolder()
        _ = try write(smallTraceV2, to: "small.trace", in: folder)
        let sweep = try BenchTool.run(
            [
                "sweep", "--strategies", "naive,dirty-rect,async-pool", "--devices", "iphone-6s,ipad-pro-11",
                "--traces", "small.trace", "--costs", "model", "--output", "study",
            ], in: folder)
        guard sweep.status == 0 else { throw StudyFailure(stderr: sweep.stderr) }
        return folder
    }

    struct StudyFailure: Error { var stderr: String }

    static func study(in folder: URL) throws {
        let swept = try sweptOnce.get()
        for name in ["small.trace", "study"] {
            try FileManager.default.copyItem(
                at: swept.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
    }

    @Test func aSweepBecomesOnePageWithTheVerdictFirst() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.study(in: folder)
        let report = try BenchTool.run(["report", "study", "--output", "study.html"], in: folder)
        try #require(report.status == 0, "\(report.stderr)")
        let html = try String(contentsOf: folder.appendingPathComponent("study.html"), encoding: .utf8)
        // In the order the issue gives: verdict, ranking, charts, each configuration, provenance.
        let order = ["id=\"verdict\"", "id=\"ranking\"", "id=\"charts\"", "id=\"configurations\"", "id=\"provenance\""]
        let positions = order.compactMap { html.range(of: $0)?.lowerBound }
        #expect(positions.count == order.count && positions == positions.sorted())
        #expect(html.contains("Modelled: ") && html.contains("every figure priced by the device cost model"))
        for device in ["iphone-6s 60 Hz", "ipad-pro-11 120 Hz"] { #expect(html.contains(device), "\(device)") }
        #expect(
            html.components(separatedBy: "<figure class=\"chart\"><svg").count - 1 == 7,
            "the grid, and three charts a setting")
        #expect(
            html.contains(
                "bench run --strategy async-pool --device ipad-pro-11 --clock virtual --costs model --trace small.trace"
            ))
        #expect(html.contains("device-costs.json format 5"))
        // Nothing is loaded from anywhere: no script, no stylesheet, no image but inline SVG.
        #expect(
            !html.contains("<script") && !html.contains("<link") && !html.contains("<img") && !html.contains("href="))
        #expect(!html.contains("url("))
    }

    /// A copy of results/ keeps no per-frame CSVs: the page is made without their charts, and says so.
    @Test func aStudyWithoutItsFramesLeavesTheirChartsOut() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.study(in: folder)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("study/frames"))
        let report = try BenchTool.run(["report", "study", "--output", "study.html"], in: folder)
        try #require(report.status == 0, "\(report.stderr)")
        let html = try String(contentsOf: folder.appendingPathComponent("study.html"), encoding: .utf8)
        #expect(html.contains("6 of 6 runs' per-frame CSVs are not in the study's folder"))
        #expect(
            html.components(separatedBy: "<figure class=\"chart\"><svg").count - 1 == 5,
            "the grid, and two percentile charts a setting")
        #expect(!html.contains("Worst frame"))
    }

    @Test func markdownGivesTheMatrixAndTheRanking() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.study(in: folder)
        let markdown = try BenchTool.run(["report", "study", "--format", "markdown"], in: folder)
        try #require(markdown.status == 0, "\(markdown.stderr)")
        let lines = markdown.stdout.split(separator: "\n")
        #expect(lines.first == "### StrokeBench verdict, modelled by the device cost model (docs/device-model.md)")
        #expect(lines.contains("| strategy | iphone-6s 60 Hz | ipad-pro-11 120 Hz |"))
        #expect(
            lines.filter {
                $0.hasPrefix("| naive |") || $0.hasPrefix("| dirty-rect |") || $0.hasPrefix("| async-pool |")
            }.count == 3)
        #expect(lines.contains { $0.hasPrefix("- **ipad-pro-11 120 Hz small.trace**: ") })
    }

    /// A run's JSON is a study of one configuration.
    @Test func aRunsJSONIsAStudyToo() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try write(smallTraceV2, to: "small.trace", in: folder)
        let run = try BenchTool.run(
            [
                "run", "--strategy", "dirty-rect", "--device", "iphone-6s", "--trace", "small.trace",
                "--clock", "virtual", "--costs", "model", "--format", "json",
            ], in: folder)
        try #require(run.status == 0, "\(run.stderr)")
        _ = try write(run.stdout, to: "run.json", in: folder)
        let report = try BenchTool.run(["report", "run.json", "--output", "run.html"], in: folder)
        #expect(report.status == 0, "\(report.stderr)")
        let html = try String(contentsOf: folder.appendingPathComponent("run.html"), encoding: .utf8)
        #expect(html.contains("keeps up") && html.contains("iphone-6s 60 Hz"))
    }

    static let badUsage: [(arguments: [String], status: Int32, message: String)] = [
        (["report", "missing"], 64, "--output is required for an HTML report"),
        (["report", "nowhere", "--output", "x.html"], 74, "nowhere: no such file or folder"),
        (["report", "bad.json", "--output", "x.html"], 65, "bad.json: not a run's JSON of bench run --format json"),
        (["report", "bad.json", "--format", "markdown", "--output", "x.html"], 64, "--output is for the HTML page"),
        (
            ["report", "study", "--output", "study/summary.csv"], 64,
            "--output study/summary.csv: that is the study's file"
        ),
    ]

    @Test func badInputIsOneLineWithItsStatusAndWritesNothing() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.study(in: folder)
        _ = try write("{\"strategy\": 3}", to: "bad.json", in: folder)
        let summary = try Data(contentsOf: folder.appendingPathComponent("study/summary.csv"))
        for (arguments, status, message) in Self.badUsage {
            let outcome = try BenchTool.run(arguments, in: folder)
            #expect(outcome.status == status, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderrLines.count <= 2, "\(arguments): \(outcome.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.html").path))
        #expect(try Data(contentsOf: folder.appendingPathComponent("study/summary.csv")) == summary)
    }

    /// The page in a real browser: headless Chromium loads it with no console error and no network
    /// request, every chart is laid out with a size, and at 1280 x 900 the verdict matrix and the
    /// ranking of every device are on the first screen. Skips, saying so, where Chromium is missing; CI installs it (scripts/setup.sh).
    @Test(
        .enabled(
            if: HeadlessChromium.path != nil,
            "headless Chromium is not installed (apt-get install chromium); CI installs it"))
    func aBrowserLoadsThePageOfflineWithEveryChartVisible() async throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.study(in: folder)
        try #require(try BenchTool.run(["report", "study", "--output", "study.html"], in: folder).status == 0)
        let page = folder.appendingPathComponent("study.html")
        let check = try await HeadlessChromium.inspect(page, in: folder)
        #expect(check.networkRequests.isEmpty, "\(check.networkRequests)")
        #expect(check.consoleErrors.isEmpty, "\(check.consoleErrors)")
        #expect(check.charts == 7)
        #expect(check.invisibleCharts.isEmpty, "\(check.invisibleCharts)")
        #expect(
            check.verdictBottom > 0 && check.verdictBottom <= 900,
            "the verdict matrix ends at \(check.verdictBottom) px")
        #expect(
            check.rankingBottom > check.verdictBottom && check.rankingBottom <= 900,
            "the ranking ends at \(check.rankingBottom) px")
        // On a 390 px phone every chart fits the screen's width: scaled down, not cut off.
        let phone = try await HeadlessChromium.inspect(page, in: folder, width: 390)
        #expect(
            phone.charts == 7 && phone.clippedCharts.isEmpty,
            "charts wider than a 390 px screen: \(phone.clippedCharts)")
        let shot = try await HeadlessChromium.screenshot(page, in: folder)
        #expect(shot.count > 10_000)
        // The instrument itself: a page that loads an image from the network is caught.
        let leaky = try write(
            "<html><body><img src=\"http://198.51.100.7/x.png\"></body></html>", to: "leaky.html", in: folder)
        #expect(!(try await HeadlessChromium.inspect(leaky, in: folder).networkRequests.isEmpty))
    }
}

/// Headless Chromium, as the Debian `chromium` package installs it.
enum HeadlessChromium {
    static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// What the browser saw of a page.
    struct Inspection {
        var networkRequests: [String]
        var consoleErrors: [String]
        var charts: Int
        var invisibleCharts: [Int]
        var verdictBottom: Double
        var rankingBottom: Double
        /// Charts whose right edge lies beyond the window's width.
        var clippedCharts: [Int]
    }

    /// Loads a copy of `page` with an instrument added (a recorder of console errors at the top, a
    /// measure of every chart and of the verdict at the bottom), at 1280 x 900, and reads back what the
    /// instrument wrote and every URL the network log saw.
    static func inspect(_ page: URL, in folder: URL, width: Int = 1280) async throws -> Inspection {
        var html = try String(contentsOf: page, encoding: .utf8)
        let recorder =
            "<script>window.__errors=[];window.addEventListener('error',e=>__errors.push(String(e.message||e.target&&e.target.src)),true);"
            + "const __e=console.error;console.error=(...a)=>{__errors.push(a.join(' '));__e(...a)};</script>"
        let measure = """
            <script>window.addEventListener('load',()=>{const charts=[...document.querySelectorAll('figure.chart svg')];
            const hidden=charts.map((c,i)=>{const r=c.getBoundingClientRect();const s=getComputedStyle(c);
            return (r.width>0&&r.height>0&&s.visibility!=='hidden'&&s.display!=='none')?-1:i}).filter(i=>i>=0);
            const clipped=charts.map((c,i)=>c.getBoundingClientRect().right>document.documentElement.clientWidth+1?i:-1).filter(i=>i>=0);
            const v=document.querySelector('#verdict table'),k=document.querySelector('#ranking ol');
            const p=document.createElement('pre');p.id='strokebench-inspection';
            p.textContent=JSON.stringify({errors:__errors,charts:charts.length,hidden:hidden,clipped:clipped,verdict:v?v.getBoundingClientRect().bottom:-1,
            ranking:k?k.getBoundingClientRect().bottom:-1});
            document.body.appendChild(p);});</script>
            """
        if let head = html.range(of: "<head>") {
            html.insert(contentsOf: recorder, at: head.upperBound)
        } else {
            html = recorder + html
        }
        html += measure
        let copy = folder.appendingPathComponent("inspected-\(page.lastPathComponent)")
        try html.write(to: copy, atomically: true, encoding: .utf8)
        let netLog = folder.appendingPathComponent("netlog-\(page.lastPathComponent).json")
        let dom = try await run(
            ["--dump-dom", "--virtual-time-budget=3000", "--log-net-log=\(netLog.path)", copy.absoluteString],
            width: width)
        let urls = pageRequests(inNetLog: netLog)
        guard let start = dom.range(of: "<pre id=\"strokebench-inspection\">"),
            let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
        else {
            return Inspection(
                networkRequests: urls, consoleErrors: ["the instrument wrote nothing"], charts: 0, invisibleCharts: [],
                verdictBottom: -1, rankingBottom: -1, clippedCharts: [])
        }
        let json = String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
        return Inspection(
            networkRequests: urls, consoleErrors: object["errors"] as? [String] ?? ["unreadable"],
            charts: object["charts"] as? Int ?? 0, invisibleCharts: object["hidden"] as? [Int] ?? [],
            verdictBottom: object["verdict"] as? Double ?? -1, rankingBottom: object["ranking"] as? Double ?? -1,
            clippedCharts: object["clipped"] as? [Int] ?? [])
    }

    /// The http(s) URLs the page itself asked for, from Chromium's network log: requests whose network
    /// isolation key is the file's origin, not the browser's own (its clock, its updater), which run
    /// whatever the page is.
    static func pageRequests(inNetLog file: URL) -> [String] {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return ["no network log"] }
        // A log cut short by the browser's exit ends without its closing brackets.
        let cut = text.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: ","))) + "]}"
        guard
            let log = [text, cut].lazy.compactMap({
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }).first,
            let events = log["events"] as? [[String: Any]]
        else { return ["unreadable network log"] }
        return events.compactMap { event -> String? in
            guard let params = event["params"] as? [String: Any], let url = params["url"] as? String,
                url.hasPrefix("http"),
                (params["network_isolation_key"] as? String)?.hasPrefix("file://") == true
            else { return nil }
            return url
        }
    }

    /// A 1280 x 900 screenshot of `page`, as PNG bytes.
    static func screenshot(_ page: URL, in folder: URL) async throws -> Data {
        let shot = folder.appendingPathComponent("shot.png")
        _ = try await run(["--screenshot=\(shot.path)", page.absoluteString])
        return (try? Data(contentsOf: shot)) ?? Data()
    }

    /// Runs Chromium headless, offline-minded (no background fetches of its own), and returns its stdout.
    private static func run(_ arguments: [String], width: Int = 1280) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path!)
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--window-size=\(width),900", "--hide-scrollbars",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-default-apps", "--allow-file-access-from-files",
            ] + arguments
        // A folder that outlives the child: tests that run commands in process move this process's
        // working folder into scratch folders they delete, and a child that inherits a deleted working
        // folder can crash looking it up (the Swift driver did, in CI).
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        // Its output goes to a file read once it has ended, so that the test waits without holding a thread.
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        try Data().write(to: out)
        defer { try? FileManager.default.removeItem(at: out) }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = FileHandle.nullDevice
        try process.run()
        await process.exited()
        let handle = try FileHandle(forReadingFrom: out)
        defer { try? handle.close() }
        return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    }
}
