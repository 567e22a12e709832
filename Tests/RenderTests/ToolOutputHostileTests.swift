import Foundation
import XCTest
import Images
import _TestSupport

/// parallax-render's outputs, scratch files, child process and stop signals in a hostile
/// world: every output untouched until the run succeeded, nothing left behind, one line.
extension ToolHostileTests {
    func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// The class "outputs untouched until success": a run refused at its last step (the
    /// --png folder is missing) left a new --quads dump and an emptied --events log.
    func testOutputsAreUntouchedUntilTheRunSucceeds() throws {
        let dir = try TemporaryDirectory()
        let events = try dir.write("events.jsonl", text: "the old log\n")
        let quads = try dir.write("quads.json", text: "the old dump\n")
        let r = try shell("cd '\(dir.path)' && \"$RENDER\" home --time 1 --events events.jsonl --quads quads.json --png gone/x.png")
        assertOneLineRefusal(r, "parallax-render: gone/x.png: cannot write PNG: no folder gone")
        XCTAssertEqual(contents(events), "the old log\n")
        XCTAssertEqual(contents(quads), "the old dump\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["events.jsonl", "quads.json"])
    }

    /// The class "an output that is an input": --events naming the --replay file (through
    /// another spelling of its path) emptied the recording before it was read.
    func testAnOutputThatIsAnInputIsRefused() throws {
        let dir = try TemporaryDirectory()
        let line = #"{"t":0.1,"type":"key","key":"Right","down":true}"# + "\n"
        let replay = try dir.write("replay.jsonl", text: line)
        XCTAssertEqual(symlink(replay, dir.file("alias.jsonl")), 0)
        let r = try shell("cd '\(dir.path)' && \"$RENDER\" home --time 1 --replay replay.jsonl --events alias.jsonl")
        assertOneLineRefusal(r, "parallax-render: --events alias.jsonl: is the same file as --replay replay.jsonl; it would be overwritten before it is read")
        XCTAssertEqual(contents(replay), line)
        let twice = try shell("cd '\(dir.path)' && \"$RENDER\" button --quads replay.jsonl --png replay.jsonl")
        XCTAssertEqual(twice.status, 1, twice.stderr)
        XCTAssertEqual(contents(replay), line)
    }

    /// The class "closed standard descriptors": with descriptors 1 and 2 closed, the first
    /// file opened took number 1 and the quads dump for /dev/stdout landed in the event log.
    func testClosedStandardDescriptorsAreNotTakenByOutputs() throws {
        let dir = try TemporaryDirectory()
        let events = dir.file("events.jsonl")
        let r = try shell("cd '\(dir.path)' && \"$RENDER\" home --time 1 --events events.jsonl --quads /dev/stdout >&- 2>&-")
        XCTAssertEqual(r.status, 1)
        XCTAssertFalse(contents(events)?.contains("canvas") ?? false, contents(events) ?? "")
    }

    /// `--events -` wrote the events and then the quads dump to the same standard output.
    func testEventsOnStandardOutputAreNotFollowedByTheQuadsDump() throws {
        let r = try shell("\"$RENDER\" showcase --time 0.1 --events -")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, #"{"t":0,"type":"focus","component":"picks","item":0}"# + "\n")
        let both = try shell("\"$RENDER\" showcase --time 0.1 --events - --quads -")
        XCTAssertTrue(both.stdout.contains("\"quads\""), both.stdout)
    }

    /// The class "leftovers of an earlier run": frames 3...9 left under the --png pattern
    /// were encoded into a 3-frame clip. An animated PNG has one fcTL chunk per frame.
    func testFrameExportTakesNoLeftoverFrames() throws {
        let dir = try TemporaryDirectory()
        for i in 0..<10 { _ = try dir.write(String(format: "f-%02d.png", i), bytes: try Image.solid(width: 8, height: 8, 9, 9, 9).encodePNG()) }
        let r = try shell("cd '\(dir.path)' && \"$RENDER\" button --frames 3 --png f-%02d.png --out clip.apng", timeout: 60)
        if r.stderr.contains("needs ffmpeg") { throw XCTSkip("ffmpeg is not installed") }
        XCTAssertEqual(r.status, 0, r.stderr)
        let clip = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir.file("clip.apng"))))
        let fcTL = Array("fcTL".utf8)
        let chunks = (0...(clip.count - 4)).filter { Array(clip[$0..<($0 + 4)]) == fcTL }.count
        XCTAssertEqual(chunks, 3)
    }

    /// The class "private temporary files": a missing TMPDIR was created with its parents;
    /// a TMPDIR with a % in its name broke the export with a message blaming --out; a
    /// run leaves nothing in TMPDIR.
    func testTemporaryFoldersArePrivateAndRemoved() throws {
        let dir = try TemporaryDirectory()
        let missing = try shell("cd '\(dir.path)' && TMPDIR='\(dir.file("no/such"))' \"$RENDER\" button --frames 2 --out clip.gif")
        assertOneLineRefusal(missing, "parallax-render: TMPDIR \(dir.file("no/such")): no such folder (it is not created)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("no")))
        let percent = try dir.makeDirectory("tmp%d%s")
        let r = try shell("cd '\(dir.path)' && TMPDIR='\(percent)' \"$RENDER\" button --frames 2 --out clip.gif", timeout: 60)
        if r.stderr.contains("needs ffmpeg") { throw XCTSkip("ffmpeg is not installed") }
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: percent), [])
    }

    /// The class "children are ours": ffmpeg read the caller's standard input (it ate the
    /// lines of a shell `while read` loop, and a `q` there ended the export early).
    func testFFmpegDoesNotReadOurStandardInput() throws {
        let dir = try TemporaryDirectory()
        let r = try shell("""
            cd '\(dir.path)' && printf 'a\\nb\\nq\\n' | while read x; do \
            "$RENDER" button --frames 2 --out clip.gif || exit 1; echo "$x"; done
            """, timeout: 90)
        if r.stderr.contains("needs ffmpeg") { throw XCTSkip("ffmpeg is not installed") }
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "a\nb\nq\n")
    }

    /// The class "stop signals": SDL swallowed SIGINT and SIGTERM, so Ctrl-C and `timeout`
    /// did not stop a long export. Now each stops it within a frame, with exit 128 + signal,
    /// the old clip kept and no scratch folder left.
    func testStopSignalsEndAnExportCleanly() throws {
        let dir = try TemporaryDirectory()
        let scratch = try dir.makeDirectory("tmp")
        let clip = try dir.write("clip.gif", text: "the old clip")
        for (signal, status) in [("INT", 130), ("TERM", 143)] {
            let r = try shell("""
                cd '\(dir.path)' || exit 9; TMPDIR='\(scratch)' "$RENDER" button --frames 100000 --out clip.gif & pid=$!; \
                trap 'kill -KILL $pid 2>/dev/null' EXIT; sleep 3; kill -\(signal) $pid; wait $pid
                """, timeout: 20)
            XCTAssertEqual(r.status, Int32(status), r.stderr)
            XCTAssertEqual(r.stderr, "parallax-render: stopped by SIG\(signal)\n")
            XCTAssertLessThan(r.seconds, 8)
            XCTAssertEqual(contents(clip), "the old clip")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch), [])
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["clip.gif", "tmp"])
        }
    }

    /// The class "names are bytes": --png with a name that is not UTF-8 wrote a file the
    /// user did not name (U+FFFD for the byte); a poster folder of such names showed
    /// placeholders ("no such file"). Errors show the bytes as \xNN.
    func testNamesThatAreNotUTF8ReachTheSystemUnchanged() throws {
        let dir = try TemporaryDirectory()
        let r = try shell("""
            cd '\(dir.path)' && mkdir p && "$RENDER" button --size 32x18 --png p/$'a\\xff.png' && \
            cp p/$'a\\xff.png' p/$'b\\xe9.png' && \
            echo '{"canvas": {"width": 200, "height": 100}, "components": [{"kind": "carousel", "name": "c", "frame": [0, 0, 200, 100], "type": "linear", "images": "p"}]}' > s.json && \
            "$RENDER" s.json --time 2 --png out.png && ls p | od -An -tx1 | tr -d ' \\n'
            """)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.stdout, "61ff2e706e670a62e92e706e670a")   // "a\xff.png\nb\xe9.png\n"
        let missing = try shell("cd '\(dir.path)' && \"$RENDER\" button --png $'gone\\xff/x.png'")
        assertOneLineRefusal(missing, "parallax-render: gone\\xff/x.png: cannot write PNG: no folder gone\\xff")
    }

    /// The class "memory budgets": --size 8192x8192 took 1.4 GB, 16384x16384 2.1 GB and
    /// then "framebuffer incomplete", naming no option. A frame over 36 million pixels is
    /// refused before anything is allocated, naming --size or the scene's canvas.
    func testFrameSizeOverTheMemoryBudgetIsRefusedNamingItsOption() throws {
        let dir = try TemporaryDirectory()
        let r = try shell("\"$RENDER\" button --size 8192x8192 --png '\(dir.file("x.png"))'")
        assertOneLineRefusal(r, "parallax-render: --size 8192x8192: 67108864 pixels is more than the 36000000 a frame may have (its memory budget is 1 GiB)")
        XCTAssertLessThan(r.seconds, 5)
        _ = try dir.write("s.json", text: #"{"canvas": {"width": 10000, "height": 8000}, "components": []}"#)
        let canvas = try shell("cd '\(dir.path)' && \"$RENDER\" s.json --png x.png")
        assertOneLineRefusal(canvas, "parallax-render: the scene's canvas 10000x8000: 80000000 pixels is more than the 36000000 a frame may have (its memory budget is 1 GiB)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["s.json"])
    }

    /// The class "one clear line": generate-assets printed Foundation's raw error
    /// ("Error Domain=NSCocoaErrorDomain Code=512") for a folder it could not make.
    func testGenerateAssetsNamesWhatIsInTheWay() throws {
        let r = try shell("\"$(dirname \"$RENDER\")/generate-assets\" /dev/null/assets")
        assertOneLineRefusal(r, "generate-assets: /dev/null/assets/icon/400x240: cannot create the folder (/dev/null is not a folder)")
    }

    /// The class "one clear line": with no loadable GL driver, Mesa's loader printed its
    /// own lines ("libEGL warning: MESA-LOADER: failed to open swrast ...") around ours.
    func testDriverLoaderNoiseIsCollapsedIntoTheOneLine() throws {
        let dir = try TemporaryDirectory()
        let r = try shell("LIBGL_DRIVERS_PATH=/nonexistent \"$RENDER\" button --png '\(dir.file("x.png"))'")
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr.filter { $0 == "\n" }.count, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("parallax-render: no OpenGL"), r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }

    /// The class "children are ours": ffmpeg outlived its killed parent. Killed with
    /// SIGKILL (no handler runs), the render takes ffmpeg with it (parent-death signal).
    func testFFmpegDiesWithItsParent() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { throw XCTSkip("util-linux setpriv is not installed") }
        let dir = try TemporaryDirectory()
        let r = try shell("""
            cd '\(dir.path)' || exit 9; TMPDIR='\(dir.path)' "$RENDER" button --frames 40 --out clip.webm & p=$!; c=""
            for i in $(seq 1 900); do c=$(pgrep -P $p | head -1); [ -n "$c" ] && break; sleep 0.1; done
            [ -n "$c" ] || { wait $p; echo "no ffmpeg seen"; exit 0; }
            kill -9 $p; sleep 1; echo "[$(ps -o stat= -p $c | cut -c1)]"
            """, timeout: 120)
        if r.stdout.contains("no ffmpeg seen") { throw XCTSkip("the encode ended before it could be watched") }
        XCTAssertTrue(r.stdout == "[]\n" || r.stdout == "[Z]\n", "ffmpeg still running: \(r.stdout)")
    }

    /// The class "children are ours": ffmpeg blocked forever on an --out FIFO nobody
    /// reads. It is refused before a frame is rendered.
    func testAnOutputFIFOWithoutAReaderIsRefusedAtOnce() throws {
        let dir = try TemporaryDirectory()
        XCTAssertEqual(mkfifo(dir.file("clip.gif"), 0o644), 0)
        let r = try shell("cd '\(dir.path)' && \"$RENDER\" button --frames 2 --out clip.gif", timeout: 20)
        assertOneLineRefusal(r, "parallax-render: --out clip.gif: cannot write: no process is reading the FIFO or device")
        XCTAssertLessThan(r.seconds, 5)
    }
}

